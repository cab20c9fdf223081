/**
 * Completion in a TRANSACTION body: action keys and their values (`action`, `type`, `ref`,
 * `linkToId`, `id`), field names and values in `fields`, BSM groups and fields. The JSON location
 * comes from jsonc-parser's `getLocation` over the body text (it reads incomplete JSON); the
 * action's other keys and the earlier saves come from the parsed tree.
 */
import { getLocation, type JSONPath } from 'jsonc-parser';
import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver-types';
import type { Span } from '../../diagnostics';
import type { DocumentBlock, TransactionRequestSyntax } from '../../document';
import type { EntityTypeDef, FieldDef, NoarkModel, ReferenceDef } from '../../schema/types';
import type { BsmField } from '../../transaction';
import { fieldDetail } from '../hover/modelMarkdown';
import { fieldValueSet } from './codeListValues';
import { codeValueItems, fieldItem, makeItem, rank, referenceItem, snippetLiteral, typeItem } from './completionItems';
import { wordAround, type CompletionResult, type CompletionSite } from './completionSite';
import { actionAt, savedTempIds, type ActionSummary, type SavedTempId } from './transactionActions';
import { keyDefs, keysByVerb, verbDocs } from './transactionVocabulary';
import { maxCodeItems } from './variableCompletion';

const bsmFieldName = 'virksomhetsspesifikkeMetadata';
/** Earlier blocks looked at for `{{block.…id}}` suggestions, nearest first. */
const maxBlocksScanned = 200;
const maxBlockSuggestions = 40;

const actionSnippets: [string, string][] = [
  ['save', '{ "action": "save", "type": "$1", "id": "$2", "fields": { $0 } }'],
  ['link', '{ "action": "link", "type": "$1", "id": "$2", "ref": "$3", "linkToId": "$4" }'],
  ['unlink', '{ "action": "unlink", "type": "$1", "id": "$2", "ref": "$3", "unlinkFromId": "$4" }'],
  ['delete', '{ "action": "delete", "type": "$1", "id": "$2" }'],
];

/** A JSON string around the cursor on its line, or where a value will go. */
export interface JsonSlot {
  replace: Span;
  /** The cursor is inside quotes. */
  inString: boolean;
  /** A `:` follows the (key) string: only the key is replaced. */
  followedByColon: boolean;
}

export function jsonSlot(site: CompletionSite): JsonSlot {
  const text = site.text;
  let quote = -1;
  for (let i = site.lineStart; i < site.offset; i++) {
    const c = text[i];
    if (c === '\\' && quote >= 0) i++;
    else if (c === '"') quote = quote >= 0 ? -1 : i;
  }
  if (quote < 0) {
    const word = wordAround(site);
    return { replace: word, inString: false, followedByColon: /^\s*:/.test(text.slice(word.end, site.lineEnd)) };
  }
  let end = site.offset;
  while (end < site.lineEnd && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
  if (end < site.lineEnd) end++;
  else {
    // No closing quote on the line: replace the word being typed only.
    end = site.offset;
    while (end < site.lineEnd && /[A-Za-z0-9_$-]/.test(text[end])) end++;
  }
  return { replace: { start: quote, end }, inString: true, followedByColon: /^\s*:/.test(text.slice(end, site.lineEnd)) };
}

const quoted = (s: string): string => JSON.stringify(s);

export function transactionCompletions(site: CompletionSite, request: TransactionRequestSyntax): CompletionResult {
  const bodyStart = request.keyword.end;
  if (site.offset < bodyStart) return { items: [], isIncomplete: false };
  const block = site.block.parsed;
  const next = block.requests.find((r) => r.start > request.start);
  const bodyEnd = next ? next.start : site.text.length;
  if (site.offset > bodyEnd) return { items: [], isIncomplete: false };
  const location = getLocation(maskedBody(site, bodyStart, bodyEnd), site.offset - bodyStart);
  const path = location.path;
  const slot = jsonSlot(site);
  const tree = request.body?.tree;
  const isBareArray = tree?.type === 'array' || (tree === undefined && /^\s*\[/.test(site.text.slice(bodyStart, bodyEnd)));

  let rest: JSONPath | undefined;
  if (typeof path[0] === 'number') rest = path.slice(1);
  else if (path[0] === 'actions' && typeof path[1] === 'number') rest = path.slice(2);
  if (rest === undefined) {
    if (path.length <= 1 && location.isAtPropertyKey && !isBareArray) return { items: [actionsKeyItem(site, slot)], isIncomplete: false };
    return { items: [], isIncomplete: false };
  }
  if (rest.length === 0) {
    return { items: slot.inString || location.isAtPropertyKey ? [] : actionSnippetItems(site, slot), isIncomplete: false };
  }
  const action = actionAt(tree, site.offset);
  const model = site.context.model;
  const saved = savedTempIds(tree, action?.index);
  const typeDef = action?.typeName !== undefined ? model.getType(action.typeName) : undefined;
  const key = rest[0];

  if (rest.length === 1) {
    if (location.isAtPropertyKey) return { items: actionKeyItems(site, slot, action), isIncomplete: false };
    return valueCompletions(site, slot, String(key), action, typeDef, saved);
  }
  if ((key === 'linkToId' || key === 'unlinkFromId') && rest.length === 2 && typeof rest[1] === 'number' && !location.isAtPropertyKey) {
    return targetIdCompletions(site, slot, action, typeDef, saved);
  }
  if (key === 'fields' && typeDef) {
    if (rest.length === 2) {
      if (location.isAtPropertyKey) return { items: fieldKeyItems(site, slot, typeDef, action), isIncomplete: false };
      const field = typeDef.fields.find((f) => f.name === rest[1]);
      return field ? fieldValueCompletions(site, slot, field, model) : { items: [], isIncomplete: false };
    }
    if (rest[1] === bsmFieldName) return bsmCompletions(site, slot, rest.slice(2), location.isAtPropertyKey);
  }
  return { items: [], isIncomplete: false };
}

/** The body text with the block's comment lines blanked (`#` lines are not JSON). */
export function maskedBody(site: CompletionSite, start: number, end: number): string {
  let out = '';
  let at = start;
  for (const c of site.block.parsed.comments) {
    if (c.end <= start || c.start >= end) continue;
    const from = Math.max(c.start, start);
    out += site.text.slice(at, from) + ' '.repeat(c.end - from);
    at = c.end;
  }
  return out + site.text.slice(at, end);
}

function actionsKeyItem(site: CompletionSite, slot: JsonSlot): CompletionItem {
  return makeItem(site, {
    label: 'actions',
    kind: CompletionItemKind.Property,
    replace: slot.replace,
    newText: slot.followedByColon ? '"actions"' : '"actions": [\n\t$0\n]',
    snippet: !slot.followedByColon,
    filterText: '"actions"',
    detail: 'array of actions',
    documentation: 'The ordered list of save, link, unlink and delete actions, run atomically.',
  });
}

function actionSnippetItems(site: CompletionSite, slot: JsonSlot): CompletionItem[] {
  return actionSnippets.map(([verb, snippet], i) =>
    makeItem(site, {
      label: `${verb} action`,
      kind: CompletionItemKind.Snippet,
      replace: slot.replace,
      newText: snippet,
      snippet: true,
      filterText: `{ "action": "${verb}"`,
      detail: `{ "action": "${verb}", ... }`,
      documentation: verbDocs[i][1],
      sortText: rank(i, verb),
    }),
  );
}

function actionKeyItems(site: CompletionSite, slot: JsonSlot, action: ActionSummary | undefined): CompletionItem[] {
  const verbKeys = action?.verb !== undefined ? keysByVerb[action.verb] : undefined;
  const present = new Set<string>();
  for (const p of action?.node.children ?? []) {
    const key = p.children?.[0];
    // The key being typed is not "present" yet.
    if (typeof key?.value === 'string' && !(key.offset <= site.offset && site.offset <= key.offset + key.length)) present.add(key.value);
  }
  const items: CompletionItem[] = [];
  keyDefs.forEach((def, i) => {
    if (present.has(def.key)) return;
    if (verbKeys && !verbKeys.includes(def.key)) return;
    items.push(
      makeItem(site, {
        label: def.key,
        kind: CompletionItemKind.Property,
        replace: slot.replace,
        newText: slot.followedByColon ? quoted(def.key) : `${quoted(def.key)}: ${def.snippet}`,
        snippet: !slot.followedByColon,
        filterText: quoted(def.key),
        documentation: def.documentation,
        sortText: rank(i, def.key),
        retrigger: def.retrigger && !slot.followedByColon,
      }),
    );
  });
  return items;
}

function valueCompletions(
  site: CompletionSite,
  slot: JsonSlot,
  key: string,
  action: ActionSummary | undefined,
  typeDef: EntityTypeDef | undefined,
  saved: Map<string, SavedTempId>,
): CompletionResult {
  const model = site.context.model;
  switch (key) {
    case 'action':
      return {
        items: verbDocs.map(([verb, documentation], i) =>
          makeItem(site, { label: verb, kind: CompletionItemKind.EnumMember, replace: slot.replace, newText: quoted(verb), filterText: quoted(verb), documentation, sortText: rank(i, verb) }),
        ),
        isIncomplete: false,
      };
    case 'type': {
      // The type a temporary id was saved as comes first for the actions that use it.
      const savedAs = action?.id !== undefined && action.verb !== 'save' ? saved.get(action.id)?.typeName : undefined;
      const items = model.types
        .filter((t) => t.transactable && !t.abstract)
        .map((t) => typeItem(site, t, model, slot.replace, t.name === savedAs ? 0 : 1, quoted));
      return { items, isIncomplete: false };
    }
    case 'ref':
      return { items: typeDef ? refItems(site, slot, typeDef, action?.verb) : [], isIncomplete: false };
    case 'id': {
      if (action?.verb === 'save' || action?.verb === undefined) return { items: [], isIncomplete: false };
      const items = [...saved.values()]
        .filter((s) => action.typeName === undefined || s.typeName === action.typeName)
        .map((s) => tempIdItem(site, slot, s, 0));
      return { items, isIncomplete: false };
    }
    case 'linkToId':
    case 'unlinkFromId':
      return targetIdCompletions(site, slot, action, typeDef, saved);
    default:
      return { items: [], isIncomplete: false };
  }
}

/** References of the type that this action may use: linkable for link, unlinkable for unlink;
 * parent-pointing ones first (links go toward the parent), then peers. A parent-side reference
 * the archive merely tolerates is left out: completion offers the canonical form only. */
function refItems(site: CompletionSite, slot: JsonSlot, type: EntityTypeDef, verb: string | undefined): CompletionItem[] {
  const canonical = (r: ReferenceDef): boolean => r.direction !== 'child' || r.specLinkSide === true;
  const ok = (r: ReferenceDef): boolean => canonical(r) && (verb === 'link' ? r.linkable : verb === 'unlink' ? r.unlinkable : r.linkable || r.unlinkable);
  const order = (r: ReferenceDef): number => (r.direction === 'parent' ? (r.requiredOnCreate ? 0 : 1) : r.direction === 'peer' ? 2 : 3);
  return type.references
    .filter(ok)
    .map((r) => referenceItem(site, r, type.name, slot.replace, order(r), { newText: quoted(r.name), filterText: quoted(r.name), retrigger: false }));
}

function tempIdItem(site: CompletionSite, slot: JsonSlot, s: SavedTempId, sortRank: number): CompletionItem {
  return makeItem(site, {
    label: s.id,
    kind: CompletionItemKind.Variable,
    replace: slot.replace,
    newText: quoted(s.id),
    filterText: quoted(s.id),
    description: s.typeName,
    detail: `temporary id · ${s.typeName ?? 'unknown type'} saved by action ${s.action.index + 1}`,
    documentation: `A new ${s.typeName ?? 'entity'} created earlier in this transaction (action ${s.action.index + 1}).`,
    sortText: rank(sortRank, s.id),
  });
}

/** Temporary ids saved earlier whose type fits the reference's target, then ids from earlier
 * blocks' responses (`{{findCase.results[0].id}}`, `{{register.saved.jp.id}}`). */
function targetIdCompletions(site: CompletionSite, slot: JsonSlot, action: ActionSummary | undefined, typeDef: EntityTypeDef | undefined, saved: Map<string, SavedTempId>): CompletionResult {
  const model = site.context.model;
  const ref = typeDef && action?.ref ? typeDef.references.find((r) => r.name === action.ref) : undefined;
  const fits = (typeName: string | undefined): boolean => ref === undefined || (typeName !== undefined && model.isAssignable(typeName, ref.target));
  const items: CompletionItem[] = [];
  for (const s of saved.values()) {
    if (s.id === action?.id || !fits(s.typeName)) continue;
    items.push(tempIdItem(site, slot, s, 0));
  }
  const fromBlocks = blockIdSuggestions(site, model, fits);
  for (const [i, suggestion] of fromBlocks.suggestions.entries()) {
    const newText = quoted(`{{${suggestion.reference}}}`);
    items.push(
      makeItem(site, {
        label: `{{${suggestion.reference}}}`,
        kind: CompletionItemKind.Reference,
        replace: slot.replace,
        newText,
        filterText: newText,
        description: suggestion.typeName,
        detail: `id of a ${suggestion.typeName} from block ${suggestion.block}`,
        documentation: `The id from the last response of block \`${suggestion.block}\` (${suggestion.typeName}); it runs first if it has not run in this session.`,
        sortText: rank(1, String(i).padStart(4, '0')),
      }),
    );
  }
  return { items, isIncomplete: fromBlocks.cut };
}

interface BlockIdSuggestion {
  block: string;
  reference: string;
  typeName: string;
}

function blockIdSuggestions(site: CompletionSite, model: NoarkModel, fits: (typeName: string | undefined) => boolean): { suggestions: BlockIdSuggestion[]; cut: boolean } {
  const suggestions: BlockIdSuggestion[] = [];
  const blocks = site.doc.blocks;
  const from = site.block.index < 0 ? -1 : site.block.index - 1;
  let scanned = 0;
  for (let i = from; i >= 0; i--) {
    if (++scanned > maxBlocksScanned || suggestions.length >= maxBlockSuggestions) return { suggestions, cut: true };
    const b: DocumentBlock = blocks[i];
    const name = b.parsed.name?.text;
    const request = b.parsed.request;
    if (!name || !request) continue;
    if (request.kind === 'query') {
      const typeName = request.query.type?.name;
      if (typeName !== undefined && model.getType(typeName) && fits(typeName)) suggestions.push({ block: name, reference: `${name}.results[0].id`, typeName });
    } else if (request.kind === 'transaction') {
      for (const s of savedTempIds(request.body?.tree).values()) {
        if (s.typeName !== undefined && fits(s.typeName) && /^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(s.id)) {
          suggestions.push({ block: name, reference: `${name}.saved.${s.id}.id`, typeName: s.typeName });
        }
      }
    }
  }
  return { suggestions, cut: false };
}

/** Field names for `fields`: the type's own writable fields (the service sets the others;
 * references are linked, never saved). Required ones (not null, no default) first. */
function fieldKeyItems(site: CompletionSite, slot: JsonSlot, type: EntityTypeDef, action: ActionSummary | undefined): CompletionItem[] {
  const fieldsNode = action?.node.children?.find((p) => p.children?.[0]?.value === 'fields')?.children?.[1];
  const present = new Set<string>();
  for (const p of fieldsNode?.children ?? []) {
    const key = p.children?.[0];
    if (typeof key?.value === 'string' && !(key.offset <= site.offset && site.offset <= key.offset + key.length)) present.add(key.value);
  }
  const items: CompletionItem[] = [];
  for (const f of type.fields) {
    if (f.writable === 'service' || present.has(f.name)) continue;
    if (f.name === bsmFieldName && !type.bsm) continue;
    const sortRank = f.writable === 'conditional' ? 3 : f.notNull && !f.hasDefault ? 0 : f.name === bsmFieldName ? 2 : 1;
    const withValue = !slot.followedByColon;
    items.push(
      fieldItem(site, f, type.name, slot.replace, sortRank, {
        newText: withValue ? `${snippetLiteral(quoted(f.name))}: ${valueSnippet(f)}` : quoted(f.name),
        snippet: withValue,
        filterText: quoted(f.name),
        retrigger: withValue && (f.codeList !== undefined || (f.allowedValues?.length ?? 0) > 0),
      }),
    );
  }
  return items;
}

function valueSnippet(field: FieldDef): string {
  switch (field.type) {
    case 'number':
      return '${1:0}';
    case 'boolean':
      return '${1|true,false|}';
    case 'date':
      return '"${1:2024-01-31}"';
    case 'timestamp':
      return '"${1:2024-01-31T00:00:00.000+0100}"';
    case 'object':
      return '{ $0 }';
    default:
      return '"$1"';
  }
}

function fieldValueCompletions(site: CompletionSite, slot: JsonSlot, field: FieldDef, model: NoarkModel): CompletionResult {
  if (field.type === 'boolean') {
    return {
      items: ['true', 'false'].map((v, i) => makeItem(site, { label: v, kind: CompletionItemKind.Value, replace: slot.replace, detail: fieldDetail(field), sortText: rank(i, v) })),
      isIncomplete: false,
    };
  }
  const set = fieldValueSet(field, model, site.context.codeLists);
  if (!set) return { items: [], isIncomplete: false };
  const { items, cut } = codeValueItems(site, set, slot.replace, quoted, maxCodeItems);
  return { items, isIncomplete: cut };
}

/** `virksomhetsspesifikkeMetadata`: `{ groupId: { fieldId: value } }` from the live registry. */
function bsmCompletions(site: CompletionSite, slot: JsonSlot, rest: JSONPath, isKey: boolean): CompletionResult {
  const registry = site.context.bsmRegistry;
  if (!registry) return { items: [], isIncomplete: false };
  if (rest.length === 1 && isKey) {
    const items = registry.map((g) =>
      makeItem(site, {
        label: g.groupId,
        kind: CompletionItemKind.Module,
        replace: slot.replace,
        newText: slot.followedByColon ? quoted(g.groupId) : `${snippetLiteral(quoted(g.groupId))}: { $0 }`,
        snippet: !slot.followedByColon,
        filterText: quoted(g.groupId),
        detail: g.groupName ?? 'BSM group',
        documentation: g.groupDescription,
        retrigger: !slot.followedByColon,
      }),
    );
    return { items, isIncomplete: false };
  }
  const group = registry.find((g) => g.groupId === rest[0]);
  if (!group || rest.length !== 2) return { items: [], isIncomplete: false };
  if (isKey) {
    const items = group.fields.map((f) =>
      makeItem(site, {
        label: f.fieldId,
        kind: CompletionItemKind.Field,
        replace: slot.replace,
        newText: slot.followedByColon ? quoted(f.fieldId) : `${snippetLiteral(quoted(f.fieldId))}: ${bsmValueSnippet(f)}`,
        snippet: !slot.followedByColon,
        filterText: quoted(f.fieldId),
        detail: `${f.fieldType}${f.fieldName ? ` · ${f.fieldName}` : ''}`,
        documentation: f.fieldDescription,
        retrigger: !slot.followedByColon && (f.fieldValues?.length ?? 0) > 0,
      }),
    );
    return { items, isIncomplete: false };
  }
  const field = group.fields.find((f) => f.fieldId === rest[1]);
  const values = field?.fieldValues ?? [];
  return {
    items: values.map((v, i) => makeItem(site, { label: v, kind: CompletionItemKind.Value, replace: slot.replace, newText: quoted(v), filterText: quoted(v), detail: `${group.groupId}.${field!.fieldId}`, sortText: rank(0, String(i).padStart(5, '0')) })),
    isIncomplete: false,
  };
}

function bsmValueSnippet(field: BsmField): string {
  return field.fieldType === 'long' || field.fieldType === 'double' ? '${1:0}' : '"$1"';
}
