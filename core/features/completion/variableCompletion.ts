/**
 * The value of a variable line (`@t = "|"`): the codes of the field the variable is compared with
 * in the queries that see it, or `true`/`false` for a boolean field.
 */
import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver-types';
import type { Span } from '../../diagnostics';
import { fieldValueSet } from './codeListValues';
import { codeValueItems, makeItem, rank } from './completionItems';
import type { CompletionResult, CompletionSite } from './completionSite';
import { fieldsComparedWith } from './parameterUses';

const variableLine = /^(\s*)@([A-Za-z0-9_]+)\s*=\s*/;
/** Codes listed at once; a longer (live) list is cut and re-asked as the user types. */
export const maxCodeItems = 200;

/** Undefined when the cursor is not in the value of a variable line. */
export function variableValueCompletions(site: CompletionSite): CompletionResult | undefined {
  const lineText = site.text.slice(site.lineStart, site.lineEnd);
  const m = variableLine.exec(lineText);
  if (!m) return undefined;
  const valueStart = site.lineStart + m[0].length;
  if (site.offset < valueStart) return { items: [], isIncomplete: false };
  const name = m[2];
  const valueText = site.text.slice(valueStart, site.lineEnd);
  const replace = valueSpan(valueStart, valueText);
  if (site.offset > replace.end) return { items: [], isIncomplete: false };
  const model = site.context.model;
  const fields = fieldsComparedWith(site.doc, site.block, name, model);
  const items: CompletionItem[] = [];
  let isIncomplete = false;
  const seen = new Set<string>();
  for (const field of fields) {
    if (field.type === 'boolean' && !seen.has('true')) {
      seen.add('true');
      items.push(
        makeItem(site, { label: 'true', kind: CompletionItemKind.Value, replace, detail: `${field.name} (boolean)`, sortText: rank(0, 'true') }),
        makeItem(site, { label: 'false', kind: CompletionItemKind.Value, replace, detail: `${field.name} (boolean)`, sortText: rank(0, 'false') }),
      );
      continue;
    }
    const set = fieldValueSet(field, model, site.context.codeLists);
    if (!set) continue;
    const { items: codes, cut } = codeValueItems(site, set, replace, (code) => JSON.stringify(code), maxCodeItems);
    isIncomplete ||= cut;
    for (const item of codes) {
      if (seen.has(item.label)) continue;
      seen.add(item.label);
      item.detail = `${field.name}: ${item.detail ?? ''}`;
      items.push(item);
    }
  }
  return { items, isIncomplete };
}

/** The value as written: a quoted string up to its closing quote, or else the rest of the line
 * without trailing blanks. */
function valueSpan(start: number, valueText: string): Span {
  if (valueText.startsWith('"')) {
    let i = 1;
    while (i < valueText.length && valueText[i] !== '"') i += valueText[i] === '\\' ? 2 : 1;
    return { start, end: start + Math.min(valueText.length, i + 1) };
  }
  return { start, end: start + valueText.trimEnd().length };
}
