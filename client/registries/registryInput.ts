/**
 * What the views' commands check before anything is sent: a code and a name against the code
 * list as fetched, a BSM id against the id rule (core's, the same the sandbox enforces) and the
 * registry, a field's allowed values against its type. Each answer is a sentence naming the
 * problem and the place, or undefined when the text will do.
 */
import { bsmFieldTypes, bsmIdMessage, bsmTextValueProblem } from '../../core/transaction';
import type { BsmGroupNode } from './bsmRegistryTree';
import type { CodeListNode } from './codeListTree';

export function codeProblem(code: string, list: CodeListNode | undefined, adding: boolean): string | undefined {
  if (code === '') return 'A code cannot be empty.';
  if (code.trim() !== code) return `The code ${JSON.stringify(code)} has spaces at its start or end.`;
  if (adding && list?.values.some((v) => v.code === code)) return `The code list of ${list.field} already has the code ${JSON.stringify(code)}; edit that value instead.`;
  return undefined;
}

/** Names are unique in a code list (the spec): another value with this name is refused here. */
export function codeNameProblem(name: string, list: CodeListNode | undefined, code: string): string | undefined {
  if (name.trim() === '') return 'A name cannot be empty.';
  const other = list?.values.find((v) => v.name === name && v.code !== code);
  if (other) return `${JSON.stringify(name)} is already the name of the code ${JSON.stringify(other.code)} in the code list of ${list?.field}; names are unique in a code list.`;
  return undefined;
}

export function groupIdProblem(groupId: string, registry: readonly BsmGroupNode[], adding: boolean): string | undefined {
  const rule = bsmIdMessage('groupId', groupId);
  if (rule) return rule;
  if (adding && registry.some((g) => g.groupId === groupId)) return `The BSM registry already has a group ${JSON.stringify(groupId)}; edit it instead.`;
  return undefined;
}

/** Field ids follow the group id rule and are unique in the installation, not only in their group. */
export function fieldIdProblem(fieldId: string, registry: readonly BsmGroupNode[], adding: boolean): string | undefined {
  const rule = bsmIdMessage('fieldId', fieldId);
  if (rule) return rule;
  if (!adding) return undefined;
  const owner = registry.find((g) => g.fields.some((f) => f.fieldId === fieldId));
  if (owner) return `BSM group ${JSON.stringify(owner.groupId)} already has a field ${JSON.stringify(fieldId)}; field ids are unique in the installation.`;
  return undefined;
}

export function requiredTextProblem(what: string, text: string): string | undefined {
  return text.trim() === '' ? `A ${what} cannot be empty.` : undefined;
}

export function fieldTypeProblem(fieldType: string): string | undefined {
  return (bsmFieldTypes as readonly string[]).includes(fieldType) ? undefined : `${JSON.stringify(fieldType)} is not a BSM field type; the types are ${bsmFieldTypes.join(', ')}.`;
}

export type AllowedValues = { ok: true; values: string[] } | { ok: false; error: string };

/**
 * A field's allowed values as typed: comma-separated (`a, b, c`), or a JSON array when a value
 * holds a comma (`["a, b", "c"]`); empty for any value of the type. Each must fit `fieldType`.
 */
export function parseAllowedValues(text: string, fieldType: string): AllowedValues {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, values: [] };
  let raw: string[];
  if (trimmed.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch (error) {
      return { ok: false, error: `The allowed values start with "[" but are not a JSON array: ${error instanceof Error ? error.message : String(error)}.` };
    }
    if (!Array.isArray(parsed) || !parsed.every((v) => typeof v === 'string' || typeof v === 'number')) return { ok: false, error: 'The allowed values as JSON are an array of strings or numbers, e.g. ["a, b", "c"].' };
    raw = parsed.map(String);
  } else {
    raw = trimmed.split(',').map((v) => v.trim());
    const empty = raw.indexOf('');
    if (empty >= 0) return { ok: false, error: `Allowed value ${empty + 1} is empty (two commas in a row, or one at the end).` };
  }
  const values: string[] = [];
  for (const [index, value] of raw.entries()) {
    const problem = bsmTextValueProblem(fieldType, value);
    if (problem) return { ok: false, error: `Allowed value ${index + 1}, ${JSON.stringify(value)}, does not fit the type ${fieldType}, which takes ${problem}.` };
    if (values.includes(value)) return { ok: false, error: `The allowed values list ${JSON.stringify(value)} twice; list each once.` };
    values.push(value);
  }
  return { ok: true, values };
}

/** The allowed values as they are typed back into the input box when editing. */
export function allowedValuesText(values: readonly string[] | undefined): string {
  if (!values || values.length === 0) return '';
  return values.some((v) => v.includes(',') || v.trim() !== v) ? JSON.stringify(values) : values.join(', ');
}
