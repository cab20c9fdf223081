/**
 * Parameters after a comparison operator: the variables the block can see first (with their
 * values, those whose value fits the field before the rest), then a new parameter named after the
 * field, then range snippets for dates and numbers.
 */
import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver-types';
import type { Span } from '../../diagnostics';
import type { VariableBinding } from '../../query';
import { parameterValueMismatch, sanitizeName } from '../../query';
import type { FieldDef } from '../../schema/types';
import { codeBlock, jsonPreview } from '../hover/modelMarkdown';
import { makeItem, rank } from './completionItems';
import type { CompletionSite } from './completionSite';

const parameterName = /^[A-Za-z0-9]+$/;

export interface ParameterSlot {
  /** The field compared, when the path resolved to one. */
  field: FieldDef | undefined;
  /** The cursor is a range bound (`[@a:|`). */
  inRange: boolean;
  /** A range may start here (right after `=` or `!=`). */
  rangeAllowed: boolean;
}

export function scopeLabel(binding: VariableBinding): string {
  return binding.scope === 'block' ? 'block variable' : binding.scope === 'file' ? 'file variable' : 'environment';
}

export function bindingValueText(binding: VariableBinding): string {
  switch (binding.value.kind) {
    case 'json':
      return JSON.stringify(binding.value.value);
    case 'reference':
      return binding.value.text;
    case 'invalid':
      return '(invalid value)';
  }
}

export function parameterItems(site: CompletionSite, bindings: readonly VariableBinding[], slot: ParameterSlot, replace: Span): CompletionItem[] {
  const items: CompletionItem[] = [];
  const seen = new Set<string>();
  for (const b of bindings) {
    if (seen.has(b.name)) continue;
    seen.add(b.name);
    if (!parameterName.test(b.name)) continue;
    const mismatch = slot.field && b.value.kind === 'json' ? parameterValueMismatch(slot.field, b.value.value, slot.inRange) : undefined;
    const fits = slot.field !== undefined && b.value.kind === 'json' && mismatch === undefined;
    const valueText = bindingValueText(b);
    const docs = [`**@${b.name}** — ${scopeLabel(b)}`, '', codeBlock(b.value.kind === 'json' ? jsonPreview(b.value.value) : valueText, b.value.kind === 'json' ? 'json' : 'text')];
    if (mismatch) docs.push('', `⚠ ${mismatch}`);
    items.push(
      makeItem(site, {
        label: `@${b.name}`,
        kind: CompletionItemKind.Variable,
        replace,
        filterText: `@${b.name}`,
        description: shorten(valueText),
        detail: `${scopeLabel(b)} = ${shorten(valueText)}`,
        documentation: docs.join('\n'),
        sortText: rank(fits ? 0 : mismatch ? 2 : 1, b.name),
      }),
    );
  }
  if (slot.field) {
    const suggested = sanitizeName(slot.field.name);
    if (suggested && !seen.has(suggested)) {
      items.push(
        makeItem(site, {
          label: `@${suggested}`,
          kind: CompletionItemKind.Variable,
          replace,
          filterText: `@${suggested}`,
          detail: `new parameter for ${slot.field.name} (${slot.field.type})`,
          documentation: `Not defined yet: declare it above the request, e.g. \`@${suggested} = ${exampleValue(slot.field)}\` (the quick fix offers it).`,
          sortText: rank(3, suggested),
        }),
      );
    }
    if (slot.rangeAllowed && (slot.field.type === 'date' || slot.field.type === 'timestamp' || slot.field.type === 'number')) {
      const ranges: [string, string, string][] = [
        ['[@from:@to]', '[@${1:from}:@${2:to}]', 'inclusive range'],
        ['{@from:@to}', '{@${1:from}:@${2:to}}', 'exclusive range'],
        ['[@from:@to}', '[@${1:from}:@${2:to}}', 'from inclusive, to exclusive'],
      ];
      ranges.forEach(([label, snippet, detail], i) =>
        items.push(
          makeItem(site, {
            label,
            kind: CompletionItemKind.Snippet,
            replace,
            newText: snippet,
            snippet: true,
            filterText: label,
            detail,
            documentation: 'A range for dates and numbers; a bound whose parameter is `"*"` is open.',
            sortText: rank(4, String(i)),
          }),
        ),
      );
    }
  }
  return items;
}

function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

function exampleValue(field: FieldDef): string {
  switch (field.type) {
    case 'number':
      return '2024';
    case 'boolean':
      return 'true';
    case 'date':
      return '"2024-01-31"';
    case 'timestamp':
      return '"2024-01-31T00:00:00.000+0100"';
    default:
      return '"text"';
  }
}
