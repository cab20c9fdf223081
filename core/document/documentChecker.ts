/**
 * Checks a parsed `.noarkq` document: block names, then every block (variables, `{{references}}`
 * and their paths, request shapes, HTTP endpoints, QUERYs through the query checker, transactions
 * through the transaction checker). Returns the document's syntax diagnostics too, so this is
 * everything wrong with the file, in document offsets. Each block is checked on its own: a
 * failure in one never hides the others' diagnostics.
 *
 * `createDocumentChecker` keeps each block's result between checks, keyed by the block's parse
 * and by what else the result depends on (see `dependencyKey`), so an edit re-checks only the
 * blocks it touches and the blocks that read them. `checkDocument` is the same checker, fresh.
 */
import type { NoarkqDiagnostic, Span } from '../diagnostics';
import { checkBlock, type BlockCheckScope, type DocumentCheckOptions } from './blockChecks';
import { DocumentCodes } from './documentCodes';
import type { DocumentBlock, NoarkqDocument, ParsedBlock } from './documentModel';
import type { NoarkModel } from '../schema/types';
import { answerFingerprint } from './blockResponses';
import { blockNameIndex } from './referenceResolver';
import { referencePathText } from './referenceScanner';
import { usable } from './variableScope';

export type { DocumentCheckOptions } from './blockChecks';

export interface DocumentChecker {
  /** Everything wrong with `doc`, in document offsets; the same as `checkDocument` gives. */
  check(doc: NoarkqDocument): NoarkqDiagnostic[];
  /** What the last `check` did: blocks (the preamble counts as one) checked anew, and kept. */
  readonly lastCheck: { checkedBlocks: number; reusedBlocks: number };
}

export function checkDocument(doc: NoarkqDocument, options: DocumentCheckOptions): NoarkqDiagnostic[] {
  return createDocumentChecker(options).check(doc);
}

interface CachedBlock {
  key: string;
  /** Block-relative, as `checkBlock` gave them. */
  diagnostics: readonly NoarkqDiagnostic[];
  /** The block's start when they were computed: spans before the block (file variables, at
   * negative block-relative offsets) stay where they were then, since the key holds them. */
  computedAt: number;
  placedAt: number;
  placed: readonly NoarkqDiagnostic[];
  /** The last check that used it; entries no check used are dropped after it. */
  usedIn: number;
}

/**
 * A checker for one document over its edits. The options (model, environment, code lists, BSM)
 * are fixed for its lifetime: when they change, make a new one.
 */
export function createDocumentChecker(options: DocumentCheckOptions): DocumentChecker {
  const cache = new Map<ParsedBlock, CachedBlock[]>();
  let generation = 0;
  const environmentNames = new Set(Object.keys(options.environment ?? {}));
  const printIds = new Map<string, number>();
  const lastCheck = { checkedBlocks: 0, reusedBlocks: 0 };

  function check(doc: NoarkqDocument): NoarkqDiagnostic[] {
    lastCheck.checkedBlocks = 0;
    lastCheck.reusedBlocks = 0;
    const names = blockNameIndex(doc);
    const out: NoarkqDiagnostic[] = doc.diagnostics.slice();
    checkBlockNames(doc, names, out);
    let allNames: string[] | undefined;
    const scope: BlockCheckScope = {
      doc,
      model: options.model,
      environment: options.environment,
      environmentKnown: options.environment !== undefined,
      options,
      blockNamed: (name) => names.get(name),
      allBlockNames: () => (allNames ??= doc.blocks.flatMap((b) => (b.parsed.name ? [b.parsed.name.text] : []))),
    };
    const dependencies: DependencyContext = {
      doc,
      model: options.model,
      printIds,
      names,
      preambleKey: fileVariablesKey(doc.preamble.parsed),
      preambleReferenceNames: referenceNamesInVariables(doc.preamble.parsed),
      namesKey: undefined,
      allBlockNames: scope.allBlockNames,
      environmentNames,
    };

    const now = ++generation;
    let stale = false;
    const blocks = doc.blocks;
    for (let i = -1; i < blocks.length; i++) {
      const block = i < 0 ? doc.preamble : blocks[i];
      const parsed = block.parsed;
      const key = dependencyKey(dependencies, block);
      // Identical blocks share a parse; each may have its own key.
      let entries = cache.get(parsed);
      let entry = entries === undefined ? undefined : findEntry(entries, key);
      if (entry === undefined) {
        entry = { key, diagnostics: checkBlock(scope, block), computedAt: block.start, placedAt: NaN, placed: [], usedIn: now };
        if (entries === undefined) cache.set(parsed, (entries = []));
        entries.push(entry);
        stale = true;
        lastCheck.checkedBlocks++;
      } else {
        entry.usedIn = now;
        lastCheck.reusedBlocks++;
      }
      if (entry.placedAt !== block.start) {
        const placed: NoarkqDiagnostic[] = [];
        for (const d of entry.diagnostics) placed.push(place(d, block.start, entry.computedAt));
        entry.placed = placed;
        entry.placedAt = block.start;
      }
      for (const d of entry.placed) out.push(d);
    }
    // A new entry means an edit, which may have left others unused; an unchanged document
    // leaves the cache as it is.
    if (stale) dropUnused(cache, now);
    // A few sorted runs (syntax diagnostics, block names, then the blocks in order), which the
    // sort merges quickly.
    return out.sort(byPosition);
  }

  return { check, lastCheck };
}

function byPosition(a: NoarkqDiagnostic, b: NoarkqDiagnostic): number {
  return a.start - b.start || a.end - b.end;
}

function dropUnused(cache: Map<ParsedBlock, CachedBlock[]>, now: number): void {
  for (const [parsed, entries] of cache) {
    if (entries.every((e) => e.usedIn === now)) continue;
    const used = entries.filter((e) => e.usedIn === now);
    if (used.length === 0) cache.delete(parsed);
    else cache.set(parsed, used);
  }
}

function findEntry(entries: readonly CachedBlock[], key: string): CachedBlock | undefined {
  for (const e of entries) if (e.key === key) return e;
  return undefined;
}

const fileVariableKeys = new WeakMap<ParsedBlock, string>();

/** What the other blocks see of the preamble: its variables, with the spans that diagnostics
 * point back at. A comment or a request in the preamble does not concern them. */
function fileVariablesKey(preamble: ParsedBlock): string {
  let key = fileVariableKeys.get(preamble);
  if (key === undefined) {
    key = JSON.stringify(
      usable(preamble.variables).map((v) => [
        v.name,
        v.nameSpan.start,
        v.nameSpan.end,
        v.value.kind === 'json' ? v.value.value : v.value.kind === 'reference' ? `{{${referencePathText(v.value.reference)}}}` : null,
        v.value.kind,
      ]),
    );
    fileVariableKeys.set(preamble, key);
  }
  return key;
}

interface DependencyContext {
  doc: NoarkqDocument;
  model: NoarkModel;
  /** Answer fingerprints as small numbers, so that keys stay short (one table per checker). */
  printIds: Map<string, number>;
  names: ReadonlyMap<string, DocumentBlock>;
  /** The file variables as the blocks see them. */
  preambleKey: string;
  /** Names that the file variables' `{{references}}` use: a `{{variable}}` may lead to them. */
  preambleReferenceNames: readonly string[];
  /** Every block name in order, as one string: what did-you-mean on an unknown name looks at
   * (built on first use). */
  namesKey: string | undefined;
  allBlockNames(): readonly string[];
  environmentNames: ReadonlySet<string>;
}

/**
 * What a block's result depends on besides its own parse, as a string. The options are the
 * checker's and never change. The rest:
 * - the file variables (values, and the spans diagnostics point back at);
 * - for each name the block's references use (and, for a `{{variable}}`, the names the file
 *   variables' references use): which block has it (its parse decides the response shape) and
 *   where it sits relative to this block (order checks, and where "block x" points);
 * - for a name that names nothing the block's diagnostic suggests a block from: every block
 *   name and this block's position, which is what the suggestion is drawn from.
 */
function dependencyKey(ctx: DependencyContext, block: DocumentBlock): string {
  const refs = block.parsed.references;
  let key = block.index < 0 ? '' : ctx.preambleKey;
  if (refs.length === 0) return key;
  let unresolved = false;
  let readsVariable = false;
  for (const r of refs) {
    const needsBlock = r.segments.length > 0;
    if (!needsBlock) readsVariable = true;
    const part = nameKey(ctx, block, r.name);
    if (part !== undefined) key += part;
    else if (needsBlock || !isVariable(ctx, block, r.name)) unresolved = true;
  }
  if (readsVariable) {
    for (const name of ctx.preambleReferenceNames) {
      const part = nameKey(ctx, block, name);
      if (part !== undefined) key += part;
    }
  }
  if (unresolved) key += `|i${block.index}|${(ctx.namesKey ??= ctx.allBlockNames().join('\n'))}`;
  return key;
}

/** `|name:<where>:<answer>` for a name that a block has, undefined when none has it. A later
 * block's offset and name span are where "block x" points. */
function nameKey(ctx: DependencyContext, block: DocumentBlock, name: string): string | undefined {
  const target = ctx.names.get(name);
  if (target === undefined) return undefined;
  const where = target === block ? 's' : target.index < block.index ? 'b' : `a${target.start - block.start}+${target.parsed.name!.start}`;
  const print = answerFingerprint(target.parsed, ctx.model);
  let printId = ctx.printIds.get(print);
  if (printId === undefined) ctx.printIds.set(print, (printId = ctx.printIds.size));
  return `|${name}:${where}:${printId}`;
}

function isVariable(ctx: DependencyContext, block: DocumentBlock, name: string): boolean {
  if (ctx.environmentNames.has(name)) return true;
  if (usable(ctx.doc.preamble.parsed.variables).some((v) => v.name === name)) return true;
  return block.index >= 0 && usable(block.parsed.variables).some((v) => v.name === name);
}

function referenceNamesInVariables(parsed: ParsedBlock): string[] {
  const names: string[] = [];
  for (const v of parsed.variables) if (v.value.kind === 'reference') names.push(v.value.reference.name);
  return names;
}

/** A block-relative diagnostic in document offsets for a block now at `start`, computed when it
 * was at `computedAt`. A span before the block points at a file variable, which did not move (its
 * span is part of the key), so it keeps its document offset; everything else moves with the block. */
function place(d: NoarkqDiagnostic, start: number, computedAt: number): NoarkqDiagnostic {
  if (start === 0 && computedAt === 0) return d;
  const placed: NoarkqDiagnostic = placeSpan(d, start, computedAt);
  if (d.fixes) placed.fixes = d.fixes.map((f) => ({ ...f, edits: f.edits.map((e) => placeSpan(e, start, computedAt)) }));
  if (d.related) placed.related = d.related.map((r) => placeSpan(r, start, computedAt));
  return placed;
}

function placeSpan<T extends Span>(s: T, start: number, computedAt: number): T {
  const base = s.start < 0 ? computedAt : start;
  return { ...s, start: s.start + base, end: s.end + base };
}

/** Names are unique; later duplicates point back at the first one. Reported in document offsets. */
function checkBlockNames(doc: NoarkqDocument, first: ReadonlyMap<string, DocumentBlock>, out: NoarkqDiagnostic[]): void {
  for (const b of doc.blocks) {
    const name = b.parsed.name;
    if (!name) continue;
    const original = first.get(name.text);
    if (original === undefined || original === b) continue;
    const earlier = { start: original.start + original.parsed.name!.start, end: original.start + original.parsed.name!.end };
    out.push({
      code: DocumentCodes.duplicateBlockName,
      severity: 'error',
      start: b.start + name.start,
      end: b.start + name.end,
      message: `Another block is already named \`${name.text}\`: rename one of them so that references can tell them apart.`,
      related: [{ ...earlier, message: `the first block named ${name.text}` }],
    });
  }
}
