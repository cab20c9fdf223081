/**
 * Every named thing of a `.noarkq` document that can be navigated and renamed, with each place it
 * is written: variables (`@name` lines, `@name` query parameters and `EXPECT` values, `{{name}}`), block names
 * (`### name`, `{{name...}}`), JOIN aliases (`JOIN #a`, `#a.field`) and transaction temp ids
 * (`"id": "jp"`, `"linkToId": "jp"`, `{{register.saved.jp.id}}`). Spans are document offsets and
 * cover the name only, without its `@`/`#` sigil, so a rename replaces just the name.
 */
import type { Span } from '../../diagnostics';
import type { DocumentBlock, NoarkqDocument, ReferenceOccurrence } from '../../document';
import { allBlocks, blockByName, usable, usableNamed } from '../../document';
import { collectParameters, type Path, type QueryRequest } from '../../query';
import { classifyId } from '../../transaction';
import { readActionViews, stringContentSpan } from './transactionActions';

export type SymbolKind = 'variable' | 'block' | 'alias' | 'tempId';

/** Where a variable is declared: a block, the file (preamble), or not in this file (the
 * environment, or nowhere). */
export type VariableScope = 'block' | 'file' | 'external';

export interface SymbolOccurrence extends Span {
  /** Identifies the symbol: every occurrence with the same key is the same thing. */
  key: string;
  kind: SymbolKind;
  name: string;
  isDeclaration: boolean;
  /** The block the occurrence is written in. */
  block: DocumentBlock;
  /** For variables: where the occurrence's declaration lives. */
  scope?: VariableScope;
  /** For variables: the occurrence is a query parameter (`@name` in WHERE). */
  asParameter?: boolean;
}

export interface SymbolIndex {
  /** Sorted by start. */
  occurrences: SymbolOccurrence[];
  byKey: Map<string, SymbolOccurrence[]>;
  /** Each block's occurrences (those written in it), sorted by start. */
  byBlock: Map<DocumentBlock, SymbolOccurrence[]>;
}

const cache = new WeakMap<NoarkqDocument, SymbolIndex>();

export function symbolIndex(doc: NoarkqDocument): SymbolIndex {
  let index = cache.get(doc);
  if (!index) {
    index = buildIndex(doc);
    cache.set(doc, index);
  }
  return index;
}

/** The occurrence under the cursor: one that contains `offset`, or ends right at it. */
export function occurrenceAt(index: SymbolIndex, offset: number): SymbolOccurrence | undefined {
  let found: SymbolOccurrence | undefined;
  for (const o of index.occurrences) {
    if (o.start > offset) break;
    if (offset < o.end) return o;
    if (offset === o.end) found = o;
  }
  return found;
}

export function variableKey(scope: VariableScope, block: DocumentBlock, name: string): string {
  return scope === 'block' ? `variable:block:${block.index}:${name}` : `variable:${scope}:${name}`;
}

function buildIndex(doc: NoarkqDocument): SymbolIndex {
  const occurrences: SymbolOccurrence[] = [];
  const add = (o: SymbolOccurrence): void => {
    occurrences.push(o);
  };
  let readers: ReadonlyMap<string, BlockReference[]> | undefined;
  const readersOf = (name: string): readonly BlockReference[] => (readers ??= referencesByName(doc)).get(name) ?? [];
  for (const block of allBlocks(doc)) {
    indexVariables(doc, block, add);
    indexBlockNames(doc, block, add);
    const request = block.parsed.request;
    if (request?.kind === 'query') indexAliases(block, request.query, add);
    if (request?.kind === 'transaction') indexTempIds(doc, block, readersOf, add);
  }
  occurrences.sort((a, b) => a.start - b.start || a.end - b.end);
  const byKey = new Map<string, SymbolOccurrence[]>();
  const byBlock = new Map<DocumentBlock, SymbolOccurrence[]>();
  for (const o of occurrences) {
    const list = byKey.get(o.key);
    if (list) list.push(o);
    else byKey.set(o.key, [o]);
    const inBlock = byBlock.get(o.block);
    if (inBlock) inBlock.push(o);
    else byBlock.set(o.block, [o]);
  }
  return { occurrences, byKey, byBlock };
}

/** A `{{reference}}` with the block it is written in. */
interface BlockReference {
  block: DocumentBlock;
  ref: ReferenceOccurrence;
}

/** The references of the `###` blocks by the name they read, in file order. */
function referencesByName(doc: NoarkqDocument): Map<string, BlockReference[]> {
  const byName = new Map<string, BlockReference[]>();
  for (const block of doc.blocks) {
    for (const ref of block.parsed.references) {
      const list = byName.get(ref.name);
      if (list) list.push({ block, ref });
      else byName.set(ref.name, [{ block, ref }]);
    }
  }
  return byName;
}

type Add = (o: SymbolOccurrence) => void;

function docSpan(block: DocumentBlock, span: Span): Span {
  return { start: block.start + span.start, end: block.start + span.end };
}

/** Which declaration a name used in `block` resolves to. */
function resolveVariable(doc: NoarkqDocument, block: DocumentBlock, name: string): VariableScope {
  const isPreamble = block.index < 0;
  if (!isPreamble && usableNamed(block.parsed.variables, name)) return 'block';
  if (usableNamed(doc.preamble.parsed.variables, name)) return 'file';
  return 'external';
}

/** Whether `{{name}}` in `block` reads a variable: a bare name that one visible declares, or that
 * none does and no block is named (a variable of the environment). */
export function readsVariable(doc: NoarkqDocument, block: DocumentBlock, ref: ReferenceOccurrence): boolean {
  return ref.segments.length === 0 && !(resolveVariable(doc, block, ref.name) === 'external' && blockByName(doc, ref.name));
}

/** A `{{name}}` without a path is a variable when one is visible (the document checker's rule). */
function isVariableReference(doc: NoarkqDocument, block: DocumentBlock, ref: ReferenceOccurrence): boolean {
  return ref.segments.length === 0 && resolveVariable(doc, block, ref.name) !== 'external';
}

function indexVariables(doc: NoarkqDocument, block: DocumentBlock, add: Add): void {
  const scopeOfDeclarations: VariableScope = block.index < 0 ? 'file' : 'block';
  const seen = new Set<string>();
  for (const v of usable(block.parsed.variables)) {
    // A repeated declaration is ignored by the runner (and reported); it still names the same
    // variable, so it renames with it.
    seen.add(v.name);
    const span = docSpan(block, { start: v.nameSpan.start + 1, end: v.nameSpan.end });
    add({ ...span, key: variableKey(scopeOfDeclarations, block, v.name), kind: 'variable', name: v.name, isDeclaration: true, block, scope: scopeOfDeclarations });
  }
  const request = block.parsed.request;
  if (request?.kind === 'query') {
    for (const p of collectParameters(request.query.where?.expression)) {
      if (p.name.length === 0) continue;
      const scope = resolveVariable(doc, block, p.name);
      const span = docSpan(block, { start: p.start + 1, end: p.end });
      add({ ...span, key: variableKey(scope, block, p.name), kind: 'variable', name: p.name, isDeclaration: false, block, scope, asParameter: true });
    }
  }
  for (const e of block.parsed.expectations) {
    const value = e.check?.test === 'compare' ? e.check.value : undefined;
    if (value?.kind !== 'variable') continue;
    const scope = resolveVariable(doc, block, value.name);
    const span = docSpan(block, { start: value.span.start + 1, end: value.span.end });
    add({ ...span, key: variableKey(scope, block, value.name), kind: 'variable', name: value.name, isDeclaration: false, block, scope });
  }
  for (const ref of block.parsed.references) {
    if (!readsVariable(doc, block, ref)) continue;
    const scope = resolveVariable(doc, block, ref.name);
    add({ ...docSpan(block, ref.nameSpan), key: variableKey(scope, block, ref.name), kind: 'variable', name: ref.name, isDeclaration: false, block, scope });
  }
}

function indexBlockNames(doc: NoarkqDocument, block: DocumentBlock, add: Add): void {
  const name = block.parsed.name;
  if (name) add({ ...docSpan(block, name), key: `block:${name.text}`, kind: 'block', name: name.text, isDeclaration: true, block });
  for (const ref of block.parsed.references) {
    if (isVariableReference(doc, block, ref)) continue;
    if (!blockByName(doc, ref.name)) continue;
    add({ ...docSpan(block, ref.nameSpan), key: `block:${ref.name}`, kind: 'block', name: ref.name, isDeclaration: false, block });
  }
}

function indexAliases(block: DocumentBlock, query: QueryRequest, add: Add): void {
  const declared = new Set<string>();
  const key = (name: string): string => `alias:${block.index}:${name}`;
  const addAlias = (alias: { name: string; start: number; end: number }, isDeclaration: boolean): void => {
    if (alias.name.length === 0) return;
    add({ ...docSpan(block, { start: alias.start + 1, end: alias.end }), key: key(alias.name), kind: 'alias', name: alias.name, isDeclaration, block });
  };
  const fromPath = (path: Path | undefined): void => {
    if (path?.alias) addAlias(path.alias, false);
  };
  for (const join of query.joins) {
    if (join.alias && join.alias.end > join.alias.start + 1 && block.parsed.text[join.alias.start] === '#') {
      addAlias(join.alias, !declared.has(join.alias.name));
      declared.add(join.alias.name);
    }
    fromPath(join.path);
  }
  walkPaths(query.where?.expression, fromPath);
  for (const item of query.sort?.items ?? []) fromPath(item.path);
}

type ExpressionNode = NonNullable<NonNullable<QueryRequest['where']>['expression']>;

export function walkPaths(expression: ExpressionNode | undefined, visit: (path: Path) => void): void {
  if (!expression) return;
  switch (expression.kind) {
    case 'comparison':
      if (expression.path) visit(expression.path);
      break;
    case 'group':
      walkPaths(expression.expression, visit);
      break;
    case 'logical':
      for (const e of expression.operands) walkPaths(e, visit);
  }
}

export function tempIdKey(block: DocumentBlock, id: string): string {
  return `tempId:${block.index}:${id}`;
}

/** A transaction's temp ids where its actions write them, in order; a `save`'s first `id` of one
 * declares it. */
function transactionTempIds(block: DocumentBlock): { id: string; span: Span; isDeclaration: boolean }[] {
  const request = block.parsed.request;
  if (request?.kind !== 'transaction') return [];
  const uses: { id: string; span: Span; isDeclaration: boolean }[] = [];
  const defined = new Set<string>();
  for (const action of readActionViews(request.body?.tree)) {
    for (const { property, node } of action.ids) {
      const id = classifyId(node);
      if (id.kind !== 'temp') continue;
      const isDeclaration = action.verb === 'save' && property === 'id' && !defined.has(id.text);
      if (isDeclaration) defined.add(id.text);
      uses.push({ id: id.text, span: stringContentSpan(node), isDeclaration });
    }
  }
  return uses;
}

/** The `{{name.saved.id...}}` of `reader` that read a temp id of `transaction`, the transaction
 * the name stands for (its first block of that name), written before `reader`. */
function readsTempId(reader: DocumentBlock, transaction: DocumentBlock, ref: ReferenceOccurrence, known: ReadonlySet<string>): (Span & { name: string }) | undefined {
  if (reader.index <= transaction.index) return undefined;
  const [saved, id] = ref.segments;
  if (saved?.kind !== 'property' || saved.name !== 'saved' || id?.kind !== 'property' || !known.has(id.name)) return undefined;
  return id;
}

function indexTempIds(doc: NoarkqDocument, block: DocumentBlock, readersOf: (name: string) => readonly BlockReference[], add: Add): void {
  if (block.parsed.request?.kind !== 'transaction') return;
  const uses = transactionTempIds(block);
  for (const use of uses) add({ ...docSpan(block, use.span), key: tempIdKey(block, use.id), kind: 'tempId', name: use.id, isDeclaration: use.isDeclaration, block });
  // `{{register.saved.jp.id}}` in later blocks reads the id this transaction gave `jp`.
  const name = block.parsed.name?.text;
  if (!name || blockByName(doc, name) !== block) return;
  const known = new Set(uses.map((u) => u.id));
  for (const { block: other, ref } of readersOf(name)) {
    const id = readsTempId(other, block, ref, known);
    if (id) add({ ...docSpan(other, id), key: tempIdKey(block, id.name), kind: 'tempId', name: id.name, isDeclaration: false, block: other });
  }
}

/**
 * The temp ids written in `block` (block-relative, in order), as `symbolIndex(doc)` has them,
 * without indexing the whole document: what semantic tokens need, block by block, with
 * `readsVariable`. The index of a 10 MB file took 1.6 s and 90 MB to make for the tokens of each
 * version, where a block's tokens need only its own names and the temp ids of the transactions it
 * reads. `tempIdsOf` gives those (the caller keeps them across the blocks of one pass).
 */
export function tempIdsWrittenIn(doc: NoarkqDocument, block: DocumentBlock, tempIdsOf: (transaction: DocumentBlock) => ReadonlySet<string>): { start: number; end: number; isDeclaration: boolean }[] {
  const written: { start: number; end: number; isDeclaration: boolean }[] = [];
  for (const use of transactionTempIds(block)) written.push({ start: use.span.start, end: use.span.end, isDeclaration: use.isDeclaration });
  for (const ref of block.parsed.references) {
    if (ref.segments.length < 2) continue;
    const transaction = blockByName(doc, ref.name);
    if (transaction?.parsed.request?.kind !== 'transaction') continue;
    const id = readsTempId(block, transaction, ref, tempIdsOf(transaction));
    if (id) written.push({ start: id.start, end: id.end, isDeclaration: false });
  }
  return written.sort((a, b) => a.start - b.start);
}

/** The temp ids a transaction's actions write, for `tempIdsWrittenIn`. */
export function tempIdsOfTransaction(block: DocumentBlock): ReadonlySet<string> {
  return new Set(transactionTempIds(block).map((u) => u.id));
}
