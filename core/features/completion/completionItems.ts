/**
 * Completion items for the model's names (types, fields, references, codes) and keywords, each
 * with the same documentation hover shows. Every item replaces the word being typed through a
 * `textEdit`, so prefixes like `@`, `#` or an opening quote are handled by the range, not by the
 * client's idea of a word.
 */
import { CompletionItemKind, InsertTextFormat, MarkupKind, type CompletionItem } from 'vscode-languageserver-types';
import type { Span } from '../../diagnostics';
import type { CodeValue, EntityTypeDef, FieldDef, MemberLookup, NoarkModel, ReferenceDef } from '../../schema/types';
import {
  codeValueMarkdown,
  fieldDetail,
  fieldMarkdown,
  referenceDetail,
  referenceMarkdown,
  typeDetail,
  typeMarkdown,
} from '../hover/modelMarkdown';
import type { FieldValueSet } from './codeListValues';
import { siteRange, type CompletionSite } from './completionSite';

export interface ItemSpec {
  label: string;
  kind: CompletionItemKind;
  /** Replaced by the item. */
  replace: Span;
  /** Text put in place of `replace`; the label when absent. */
  newText?: string;
  /** `newText` is a snippet (`$1`, `${1|a,b|}`). */
  snippet?: boolean;
  filterText?: string;
  detail?: string;
  /** Markdown. */
  documentation?: string;
  sortText?: string;
  /** Shown greyed after the label (e.g. a code's name). */
  description?: string;
  /** Opens the suggestions again after inserting (a type after `QUERY `, a code after `"`). */
  retrigger?: boolean;
  preselect?: boolean;
}

export function makeItem(site: CompletionSite, spec: ItemSpec): CompletionItem {
  const edit = withinBegunString(site, spec.replace, spec.newText ?? spec.label, spec.filterText) || { replace: spec.replace, newText: spec.newText ?? spec.label, filterText: spec.filterText };
  const item: CompletionItem = {
    label: spec.label,
    kind: spec.kind,
    textEdit: { range: siteRange(site, edit.replace), newText: edit.newText },
  };
  if (spec.snippet) item.insertTextFormat = InsertTextFormat.Snippet;
  if (edit.filterText !== undefined) item.filterText = edit.filterText;
  if (spec.detail !== undefined) item.detail = spec.detail;
  if (spec.documentation !== undefined) item.documentation = { kind: MarkupKind.Markdown, value: spec.documentation };
  if (spec.sortText !== undefined) item.sortText = spec.sortText;
  if (spec.description !== undefined) item.labelDetails = { description: spec.description };
  if (spec.retrigger) item.command = { title: 'Suggest', command: 'editor.action.triggerSuggest' };
  if (spec.preselect) item.preselect = true;
  return item;
}

/**
 * An item whose text begins with a JSON string (a value, `"Journalpost"`, or a key with what
 * follows it, `"action": "${1|save,link|}"`), offered inside a string the user has begun (`"type":
 * "Jour|"`, `{ "ac|" }`): its edit starts after the string's opening quote and leaves the
 * string's closing quote where the document has one, so the text is right both in a client that
 * applies the item's range and in one that puts the text at the word before the cursor (Neovim's
 * omnifunc, ALE), and it matches the word typed, which has no quote (eglot filters on it).
 * Undefined when that is not the case, or when the text does not end in a quote that the
 * document's closing quote can stand for.
 */
function withinBegunString(site: CompletionSite, replace: Span, newText: string, filterText: string | undefined): { replace: Span; newText: string; filterText: string | undefined } | undefined {
  if (site.text[replace.start] !== '"' || site.offset <= replace.start || !/^"(?:[^"\\]|\\.)*"/.test(newText)) return undefined;
  const afterQuote = newText.slice(1);
  const filter = filterText?.startsWith('"') ? /^"((?:[^"\\]|\\.)*)"/.exec(filterText)?.[1] ?? filterText : filterText;
  const start = replace.start + 1;
  // The string's closing quote: inside the range (the range is the whole string), right after it, or none.
  const closing = replace.end - 1 >= site.offset && replace.end - 1 > replace.start && site.text[replace.end - 1] === '"' ? replace.end - 1 : site.text[replace.end] === '"' ? replace.end : undefined;
  if (closing === undefined) return { replace: { start, end: replace.end }, newText: afterQuote, filterText: filter };
  if (!afterQuote.endsWith('"')) return undefined;
  return { replace: { start, end: closing }, newText: afterQuote.slice(0, -1), filterText: filter };
}

/** Text put literally into a snippet: `$`, `}` and `\` would otherwise be snippet syntax. */
export function snippetLiteral(text: string): string {
  return text.replace(/[$}\\]/g, '\\$&');
}

/** Pads a rank so that sortText orders numerically. */
export function rank(n: number, label: string): string {
  return `${String(n).padStart(2, '0')}_${label}`;
}

export function typeItem(site: CompletionSite, type: EntityTypeDef, model: NoarkModel, replace: Span, sortRank: number, wrap = (name: string) => name): CompletionItem {
  return makeItem(site, {
    label: type.name,
    kind: type.abstract ? CompletionItemKind.Interface : CompletionItemKind.Class,
    replace,
    newText: wrap(type.name),
    filterText: wrap(type.name),
    detail: typeDetail(type),
    documentation: typeMarkdown(type, model),
    sortText: rank(sortRank, type.name),
    description: type.title,
  });
}

export function fieldItem(site: CompletionSite, field: FieldDef, owner: string, replace: Span, sortRank: number, extra: Partial<ItemSpec> = {}, lookup?: MemberLookup): CompletionItem {
  return makeItem(site, {
    label: field.name,
    kind: CompletionItemKind.Field,
    replace,
    detail: fieldDetail(field) + (lookup?.partial ? ` · only ${lookup.presentIn.join(', ')}` : ''),
    documentation: fieldMarkdown(field, owner, lookup),
    sortText: rank(sortRank, field.name),
    ...extra,
  });
}

export function referenceItem(site: CompletionSite, reference: ReferenceDef, owner: string, replace: Span, sortRank: number, extra: Partial<ItemSpec> = {}, lookup?: MemberLookup): CompletionItem {
  return makeItem(site, {
    label: reference.name,
    kind: CompletionItemKind.Reference,
    replace,
    detail: referenceDetail(reference) + (lookup?.partial ? ` · only ${lookup.presentIn.join(', ')}` : ''),
    documentation: referenceMarkdown(reference, owner, lookup),
    sortText: rank(sortRank, reference.name),
    ...extra,
  });
}

export interface MemberFilter {
  fields: boolean;
  references: boolean;
  /** Extra test on fields (e.g. sortable only). */
  field?: (field: FieldDef) => boolean;
}

/**
 * Fields and references reachable on `type` (the union over an abstract type's subtypes).
 * Indexed fields first (fast to query), then other fields, then references; names that exist on
 * only some subtypes last.
 */
export function memberItems(site: CompletionSite, model: NoarkModel, type: string, replace: Span, filter: MemberFilter): CompletionItem[] {
  const items: CompletionItem[] = [];
  for (const name of model.memberNames(type)) {
    const lookup = model.lookupMember(type, name);
    if (!lookup) continue;
    const partial = lookup.partial ? 10 : 0;
    if (lookup.kind === 'field') {
      const f = lookup.field;
      if (!filter.fields || !f.queryable || (filter.field && !filter.field(f))) continue;
      items.push(fieldItem(site, f, type, replace, (f.indexed ? 1 : 2) + partial, {}, lookup));
    } else if (filter.references) {
      items.push(referenceItem(site, lookup.reference, type, replace, 3 + partial, {}, lookup));
    }
  }
  return items;
}

/**
 * One item per code (or allowed value). `wrap` turns the code into the inserted text (quoted in
 * JSON and variable values). The default code comes first; the rest keep the list's order.
 */
export function codeValueItems(site: CompletionSite, set: FieldValueSet, replace: Span, wrap: (code: string) => string, limit: number): { items: CompletionItem[]; cut: boolean } {
  const items: CompletionItem[] = [];
  const values: readonly CodeValue[] = set.values;
  const shown = Math.min(values.length, limit);
  for (let i = 0; i < shown; i++) {
    const v = values[i];
    const isDefault = v.code === set.defaultCode;
    const source = set.listName ? `${set.listName}${set.live ? ' (archive)' : ' (default list)'}` : 'allowed value';
    items.push(
      makeItem(site, {
        label: v.code,
        kind: set.listName ? CompletionItemKind.EnumMember : CompletionItemKind.Value,
        replace,
        newText: wrap(v.code),
        filterText: wrap(v.code),
        description: v.name !== v.code ? v.name : undefined,
        detail: `${v.name !== v.code ? `${v.name} · ` : ''}${source}${isDefault ? ' · default' : ''}`,
        documentation: set.listName ? codeValueMarkdown(v, set.listName, isDefault) : undefined,
        sortText: rank(isDefault ? 0 : 1, String(i).padStart(5, '0')),
        preselect: isDefault,
      }),
    );
  }
  return { items, cut: shown < values.length };
}
