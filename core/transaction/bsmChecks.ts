/**
 * Business specific metadata in a save: `{ "<group id>": { "<field id>": { "values": [...] } } }`.
 * The shape is always checked; ids, value types and predefined values only against a live BSM
 * registry, since groups and fields are defined per installation.
 */
import type { Node as JsonNode } from 'jsonc-parser';
import type { NoarkqDiagnostic } from '../diagnostics';
import { didYouMean } from '../text/didYouMean';
import { jsonTypeName, propertiesOf, removePropertyEdit, replaceNodeEdit, spanOf } from './jsonNodes';
import { TxCodes } from './transactionCodes';
import type { BsmField, BsmGroup, TransactionCheckContext } from './transactionContext';
import { wholeReferenceOf } from './transactionIds';
import { isValidTimestamp } from './valueFormats';

interface RegistryIndex {
  groups: Map<string, { group: BsmGroup; fields: Map<string, BsmField> }>;
}

const registryCache = new WeakMap<readonly BsmGroup[], RegistryIndex>();

function indexRegistry(registry: readonly BsmGroup[]): RegistryIndex {
  let index = registryCache.get(registry);
  if (!index) {
    index = { groups: new Map() };
    for (const group of registry) {
      const fields = new Map<string, BsmField>();
      for (const f of group.fields ?? []) fields.set(f.fieldId, f);
      index.groups.set(group.groupId, { group, fields });
    }
    registryCache.set(registry, index);
  }
  return index;
}

const entryShape = '`{ "values": [...] }`';

export function checkBsm(value: JsonNode, context: TransactionCheckContext, out: NoarkqDiagnostic[]): void {
  // null clears the entity's BSM (a save replaces the whole object).
  if (value.type === 'null') return;
  if (value.type !== 'object') {
    out.push(shape(value, `\`virksomhetsspesifikkeMetadata\` is an object keyed by BSM group id, not ${a(jsonTypeName(value))}.`));
    return;
  }
  const registry = context.bsmRegistry ? indexRegistry(context.bsmRegistry) : undefined;
  for (const groupProp of propertiesOf(value)) {
    const groupValue = groupProp.value;
    const known = registry?.groups.get(groupProp.key);
    if (registry && !known) {
      const suggestion = didYouMean(groupProp.key, registry.groups.keys());
      out.push({
        code: TxCodes.bsmUnknownGroup,
        severity: 'error',
        ...spanOf(groupProp.keyNode),
        message: `The BSM registry has no group "${groupProp.key}".${suggestion ? ` Did you mean "${suggestion}"?` : ' Define it first (PUT bsm-registry/group/{groupId}).'}`,
        fixes: suggestion ? [{ title: `Change to "${suggestion}"`, preferred: true, edits: [replaceNodeEdit(groupProp.keyNode, JSON.stringify(suggestion))] }] : undefined,
      });
    }
    if (!groupValue || groupValue.type !== 'object') {
      out.push(shape(groupValue ?? groupProp.keyNode, `BSM group "${groupProp.key}" holds an object keyed by BSM field id${groupValue ? `, not ${a(jsonTypeName(groupValue))}` : ''}.`));
      continue;
    }
    for (const fieldProp of propertiesOf(groupValue)) {
      const field = known?.fields.get(fieldProp.key);
      if (known && !field) {
        const suggestion = didYouMean(fieldProp.key, known.fields.keys());
        out.push({
          code: TxCodes.bsmUnknownField,
          severity: 'error',
          ...spanOf(fieldProp.keyNode),
          message: `BSM group "${groupProp.key}" has no field "${fieldProp.key}".${suggestion ? ` Did you mean "${suggestion}"?` : ` Its fields: ${[...known.fields.keys()].join(', ') || 'none'}.`}`,
          fixes: suggestion ? [{ title: `Change to "${suggestion}"`, preferred: true, edits: [replaceNodeEdit(fieldProp.keyNode, JSON.stringify(suggestion))] }] : undefined,
        });
      }
      const entry = fieldProp.value;
      if (!entry || entry.type !== 'object') {
        out.push(shape(entry ?? fieldProp.keyNode, `BSM field "${fieldProp.key}" holds ${entryShape}${entry ? `, not ${a(jsonTypeName(entry))}` : ''}.`));
        continue;
      }
      let values: JsonNode | undefined;
      let strayKeys = 0;
      const entryProps = propertiesOf(entry);
      const hasValues = entryProps.some((p) => p.key === 'values');
      for (const p of entryProps) {
        if (p.key === 'values') values = p.value;
        // `type` is what results carry next to the values: harmless when copied from a result.
        else if (p.key !== 'type') {
          strayKeys++;
          const rename = !hasValues && didYouMean(p.key, ['values']) !== undefined;
          out.push({
            ...shape(p.keyNode, `A BSM field entry on save holds only \`values\`; ${rename ? `did you mean \`values\`?` : `remove \`${p.key}\`.`}`),
            fixes: rename
              ? [{ title: 'Rename to `values`', preferred: true, edits: [replaceNodeEdit(p.keyNode, '"values"')] }]
              : [{ title: `Remove \`${p.key}\``, edits: [removePropertyEdit(p.node)] }],
          });
        }
      }
      if (!values) {
        if (strayKeys > 0) continue;
        out.push(shape(entry, `BSM field "${fieldProp.key}" needs its values: ${entryShape}.`));
        continue;
      }
      if (values.type !== 'array') {
        out.push({
          ...shape(values, `\`values\` is an array, not ${a(jsonTypeName(values))}.`),
          fixes: [{ title: 'Wrap the value in an array', preferred: true, edits: [{ start: values.offset, end: values.offset, newText: '[' }, { start: values.offset + values.length, end: values.offset + values.length, newText: ']' }] }],
        });
        continue;
      }
      if (field) for (const v of values.children ?? []) checkBsmValue(field, v, out);
    }
  }
}

function checkBsmValue(field: BsmField, value: JsonNode, out: NoarkqDiagnostic[]): void {
  if (value.type === 'string' && typeof value.value === 'string' && wholeReferenceOf(value.value) !== undefined) return;
  const expected = typeProblem(field.fieldType, value);
  if (expected) {
    out.push({
      code: TxCodes.bsmValueType,
      severity: 'error',
      ...spanOf(value),
      message: `BSM field "${field.fieldId}" is of type ${field.fieldType} and takes ${expected}.`,
    });
    return;
  }
  const allowed = field.fieldValues;
  if (allowed && allowed.length > 0 && (value.type === 'string' || value.type === 'number')) {
    const text = String(value.value);
    if (!allowed.includes(text)) {
      out.push({
        code: TxCodes.bsmValueNotAllowed,
        severity: 'error',
        ...spanOf(value),
        message: `BSM field "${field.fieldId}" accepts only ${allowed.map((v) => `"${v}"`).join(', ')}; "${text}" is not one of them.`,
      });
    }
  }
}

/** A URI with a scheme (RFC 3986 absolute-URI), as `java.net.URI` reads one. */
export function isAbsoluteUri(text: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/.test(text);
}

/** What the value should be, or undefined when it fits the type (unknown types are not checked). */
function typeProblem(fieldType: string, value: JsonNode): string | undefined {
  if (value.type === 'string' && typeof value.value === 'string') return bsmTextValueProblem(fieldType, value.value);
  if (value.type === 'number' && (fieldType === 'double' || (fieldType === 'long' && Number.isInteger(value.value)))) return undefined;
  if (value.type === 'boolean' && fieldType === 'boolean') return undefined;
  return bsmTextValueProblem(fieldType, undefined);
}

/**
 * What a value written as text should be for a field of `fieldType` (e.g. "whole numbers"), or
 * undefined when it fits; `undefined` text stands for a value that is not text at all. Also what
 * the editor checks a field's allowed values with before sending them.
 */
export function bsmTextValueProblem(fieldType: string, text: string | undefined): string | undefined {
  switch (fieldType) {
    case 'string':
    case 'encrypted':
      return text !== undefined ? undefined : 'strings';
    case 'long':
      return text !== undefined && /^-?\d+$/.test(text) ? undefined : 'whole numbers';
    case 'double':
      return text !== undefined && text.trim() !== '' && Number.isFinite(Number(text)) ? undefined : 'numbers';
    case 'timestamp':
      return text !== undefined && isValidTimestamp(text) ? undefined : 'timestamps "yyyy-MM-ddTHH:mm:ss.SSS+0200"';
    case 'uri':
      return text !== undefined && isAbsoluteUri(text) ? undefined : 'absolute URIs like "https://example.org/sak/17"';
    case 'boolean':
      return text === 'true' || text === 'false' ? undefined : 'true or false';
    default:
      return undefined;
  }
}

function shape(node: JsonNode, message: string): NoarkqDiagnostic {
  return { code: TxCodes.bsmInvalidShape, severity: 'error', ...spanOf(node), message };
}

function a(typeName: string): string {
  return typeName === 'null' ? 'null' : /^[aeiou]/.test(typeName) ? `an ${typeName}` : `a ${typeName}`;
}
