/**
 * Splits a `.noarkq` text into the preamble and its `###` blocks and parses each from its own
 * text. With the previous parse of the same document, only the stretch of text that differs is
 * looked at again: the blocks before it are kept as they were, the blocks after it are kept and
 * moved, and the blocks in it are parsed anew (or reused, when an edit gave a block back a text
 * it had in the previous parse). So an edit costs about one block's parse, not the file's.
 */
import { runSteps } from '../steps';
import { shiftDiagnostic, type NoarkqDiagnostic } from '../diagnostics';
import { parseBlock } from './blockParser';
import { DocumentCodes } from './documentCodes';
import type { BlockReader, DocumentBlock, NoarkqDocument, ParsedBlock } from './documentModel';
import { blockCount, blockOf, shareBlockNameIndex } from './documentNavigation';

export function parseDocument(text: string, previous?: NoarkqDocument): NoarkqDocument {
  if (previous === undefined) return parseWhole(text);
  if (previous.text === text) return previous;
  return reparse(text, previous);
}

function parseWhole(text: string): NoarkqDocument {
  return runSteps(startParse(text).steps);
}

/** A whole-text parse that its caller runs in steps. */
export interface SteppedParse {
  /** Yields after each block; returns what `parseDocument(text)` would. */
  readonly steps: Generator<void, NoarkqDocument, void>;
  /**
   * What is parsed so far, as a document for features that look near one offset: the preamble,
   * the blocks parsed so far in order, the block holding `offset` and the blocks its
   * `{{references}}` name (parsed now if the steps have not reached them; the steps then keep
   * them). Other blocks not parsed yet are missing, so a name only they declare is unknown to
   * it, and it has no syntax diagnostics.
   */
  partial(offset: number): NoarkqDocument;
}

/**
 * The parse of a text with no previous parse, block by block, so that a big file's parse can
 * share its thread with other work. The block boundaries are found first (one search for `###`
 * over the text), each block is then parsed on its own.
 */
export function startParse(text: string): SteppedParse {
  const starts = separatorStarts(text, 0, text.length);
  const preambleEnd = starts.length > 0 ? starts[0] : text.length;
  const preamble: DocumentBlock = { start: 0, end: preambleEnd, index: -1, parsed: parseSafely(text.slice(0, preambleEnd)) };
  const blocks: Array<DocumentBlock | undefined> = new Array<DocumentBlock | undefined>(starts.length).fill(undefined);
  // The first block of each name among those parsed, shared by every document handed out.
  const names = new Map<string, DocumentBlock>();
  const blockAt = (index: number): DocumentBlock => {
    let block = blocks[index];
    if (block === undefined) {
      const start = starts[index];
      const end = index + 1 < starts.length ? starts[index + 1] : text.length;
      blocks[index] = block = { start, end, index, parsed: parseSafely(text.slice(start, end)) };
      const name = block.parsed.name?.text;
      if (name !== undefined && !((names.get(name)?.index ?? Infinity) < index)) names.set(name, block);
    }
    return block;
  };
  function* steps(): Generator<void, NoarkqDocument, void> {
    for (let i = 0; i < starts.length; i++) {
      if (blocks[i] !== undefined) continue;
      blockAt(i);
      yield;
    }
    const doc = placedDocument(text, preamble, blocks as DocumentBlock[]);
    shareBlockNameIndex(doc, names);
    return doc;
  }
  /** The index of the block starting at or before `offset` (-1: the preamble). */
  const indexAt = (offset: number): number => {
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid] <= offset) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  };
  /** The block named `name`, found by a search for its `### name` line (nearest before `from`
   * first: references read earlier blocks), parsed if need be. */
  const parseNamed = (name: string, from: number): void => {
    if (names.has(name)) return;
    const line = `\n### ${name}`;
    const ends = (at: number): boolean => at !== -1 && (at + line.length === text.length || /\s/.test(text[at + line.length]));
    let at = text.lastIndexOf(line, from);
    while (at !== -1 && !ends(at)) at = at === 0 ? -1 : text.lastIndexOf(line, at - 1);
    if (at === -1) {
      at = text.indexOf(line, from);
      while (at !== -1 && !ends(at)) at = text.indexOf(line, at + 1);
    }
    if (at !== -1) blockAt(indexAt(at + 1));
  };
  const partial = (offset: number): NoarkqDocument => {
    const index = indexAt(offset);
    const block = index >= 0 ? blockAt(index) : preamble;
    // The blocks it reads (itself or through the file variables), which a request on it looks up.
    const read = new Set<string>();
    for (const r of block.parsed.references) read.add(r.name);
    for (const r of preamble.parsed.references) read.add(r.name);
    let looked = 0;
    for (const name of read) {
      if (++looked > 16) break;
      parseNamed(name, block.start);
    }
    const parsed: DocumentBlock[] = [];
    for (const b of blocks) if (b !== undefined) parsed.push(b);
    const doc: NoarkqDocument = { text, preamble, blocks: parsed, diagnostics: [] };
    shareBlockNameIndex(doc, names);
    return doc;
  };
  return { steps: steps(), partial };
}

/** The stretch an edit left different: the first `prefix` and the last `suffix` characters of
 * the new text are those of the text before it. */
export interface ChangedStretch {
  prefix: number;
  suffix: number;
}

/** A text read in pieces (an editor's document kept in chunks): what a reparse reads of it. The
 * whole text is asked for only when a feature reads the document's `text`. */
export interface TextPieces {
  readonly length: number;
  slice(start: number, end: number): string;
  getText(): string;
}

/**
 * The parse of a new version from the parse of an earlier one, when the editor says which
 * stretch changed: only that stretch of the text (and the blocks around it) is read, so an edit
 * costs about the blocks it touches, whatever the file's size.
 */
export function reparseStretch(source: TextPieces, previous: NoarkqDocument, changed: ChangedStretch): NoarkqDocument {
  const limit = Math.min(textLength(previous), source.length);
  const prefix = Math.max(0, Math.min(changed.prefix, limit));
  const suffix = Math.max(0, Math.min(changed.suffix, limit - prefix));
  return reparseWindow(source, previous, prefix, suffix);
}

function reparse(text: string, previous: NoarkqDocument): NoarkqDocument {
  const old = previous.text;
  const prefix = commonPrefixLength(old, text);
  const suffix = commonSuffixLength(old, text, Math.min(old.length, text.length) - prefix);
  return reparseWindow(wholeText(text), previous, prefix, suffix);
}

function wholeText(text: string): TextPieces {
  return { length: text.length, slice: (start, end) => text.slice(start, end), getText: () => text };
}

/**
 * Whether a position begins a block depends on the character before it and the three at it.
 * So, with the text before `prefix` and after `suffix` unchanged, a separator that ends before
 * the changed stretch is still one (at the same offset), one that starts more than a character
 * after it is still one (moved by the length difference), and only the positions in between are
 * searched again. A block is kept when both of its ends are kept separators (or the text's end).
 */
function reparseWindow(source: TextPieces, previous: NoarkqDocument, prefix: number, suffix: number): NoarkqDocument {
  const oldLength = textLength(previous);
  const length = source.length;
  const delta = length - oldLength;
  const oldCount = blockCount(previous);
  const oldBlock = (i: number): DocumentBlock => blockOf(previous, i);

  // Separators kept before: those of blocks [0, before), at their old offsets. The blocks before
  // `before - 1` are kept whole; the end of block `before - 1` may have moved.
  const scanFrom = Math.max(0, prefix - 2);
  const before = firstStartAtOrAfter(previous, scanFrom, 0);
  // Separators kept after: those of blocks [after, length), at their old offsets plus `delta`.
  const after = firstStartAtOrAfter(previous, oldLength - suffix + 1, before);
  const scanTo = length - suffix + 1;
  // The window searched, with the character before it (a separator starts a line) and the
  // three that a `###` starting in it may take past its end.
  const windowStart = Math.max(0, scanFrom - 1);
  const window = source.slice(windowStart, scanTo + 3);
  const scanned = separatorStarts(window, scanFrom - windowStart, scanTo - windowStart).map((at) => at + windowStart);

  // What the old blocks in the changed stretch parsed to, by text: an edit that gives a block
  // back its previous text (an undo within the stretch, a moved block) reuses its parse.
  const reusable = new Map<string, ParsedBlock>();
  const oldWindowFirst = Math.max(0, before - 1);
  if (before === 0) reusable.set(previous.preamble.parsed.text, previous.preamble.parsed);
  for (let i = oldWindowFirst; i < after; i++) reusable.set(oldBlock(i).parsed.text, oldBlock(i).parsed);
  const parse = (from: number, to: number): ParsedBlock => {
    const blockText = source.slice(from, to);
    return reusable.get(blockText) ?? parseSafely(detached(blockText));
  };

  const keptAfter = oldCount - after;
  const firstAfterStart = keptAfter > 0 ? oldBlock(after).start + delta : length;
  const parsedBlocks: DocumentBlock[] = [];
  const windowStarts: number[] = before > 0 ? [oldBlock(before - 1).start, ...scanned] : scanned;
  for (let i = 0; i < windowStarts.length; i++) {
    const start = windowStarts[i];
    const end = i + 1 < windowStarts.length ? windowStarts[i + 1] : firstAfterStart;
    parsedBlocks.push({ start, end, index: oldWindowFirst + i, parsed: parse(start, end) });
  }
  // The blocks after the stretch are the old ones moved: each is made when read (see `BlockRun`).
  const indexDelta = oldWindowFirst + parsedBlocks.length - after;
  const runs: BlockRun[] = [];
  pushRuns(runs, previous, 0, oldWindowFirst, 0, 0);
  pushRun(runs, { base: parsedBlocks, from: 0, count: parsedBlocks.length, delta: 0, indexDelta: 0 });
  pushRuns(runs, previous, after, oldCount, delta, indexDelta);
  const preambleEnd = oldWindowFirst > 0 ? oldBlock(0).start : parsedBlocks.length > 0 ? parsedBlocks[0].start : firstAfterStart;
  const preamble: DocumentBlock =
    before > 0 ? previous.preamble : { start: 0, end: preambleEnd, index: -1, parsed: parse(0, preambleEnd) };

  const doc = new PlacedDocument(source, preamble, runs);
  if (previous instanceof PlacedDocument) doc.madeFrom(previous, before, oldCount - after);
  return doc;
}

/**
 * `count` consecutive blocks of a parse: the blocks from `from` of `base` (blocks as some parse
 * made them), moved by `delta` characters and `indexDelta` places. A parse after an edit is the
 * runs of its previous parse before and after the edit, the latter moved, and the blocks it
 * parsed: the blocks after an edit are not made again, each moved block only when read (an edit
 * in a big file moved every block after it, new objects for most of the file at each keystroke).
 */
interface BlockRun {
  base: readonly DocumentBlock[];
  from: number;
  count: number;
  delta: number;
  indexDelta: number;
}

/** Past this many runs a parse makes its blocks and keeps them as one run: each edit at another
 * place adds up to two. */
const maxRuns = 32;

function pushRun(runs: BlockRun[], run: BlockRun): void {
  if (run.count === 0) return;
  const last = runs[runs.length - 1];
  if (last !== undefined && last.base === run.base && last.from + last.count === run.from && last.delta === run.delta && last.indexDelta === run.indexDelta) {
    runs[runs.length - 1] = { ...last, count: last.count + run.count };
  } else {
    runs.push(run);
  }
}

/** The runs of blocks `[lo, hi)` of `doc`, moved by `delta` characters and `indexDelta` places. */
function pushRuns(runs: BlockRun[], doc: NoarkqDocument, lo: number, hi: number, delta: number, indexDelta: number): void {
  if (lo >= hi) return;
  const from = doc instanceof PlacedDocument ? doc.runs : [{ base: doc.blocks, from: 0, count: doc.blocks.length, delta: 0, indexDelta: 0 }];
  let start = 0;
  for (const run of from) {
    const a = Math.max(lo, start);
    const b = Math.min(hi, start + run.count);
    if (a < b) pushRun(runs, { base: run.base, from: run.from + a - start, count: b - a, delta: run.delta + delta, indexDelta: run.indexDelta + indexDelta });
    start += run.count;
    if (start >= hi) break;
  }
}

/**
 * What the parse of `doc` from `previous` kept of it, counted as the checker counts (the preamble,
 * then each block): its first `before` and last `after` are the parses `previous` has there, so a
 * comparison of the two need not look at them. Undefined when `doc` was not parsed from `previous`.
 */
export function keptParses(doc: NoarkqDocument, previous: NoarkqDocument): { before: number; after: number } | undefined {
  return doc instanceof PlacedDocument && previous instanceof PlacedDocument ? doc.keptOf(previous) : undefined;
}

let placedSerials = 0;

/**
 * A document of these blocks. Its syntax diagnostics are placed in the document when first read:
 * the checker reads each block's own, so an edit (which moves every block after it) does not
 * move every diagnostic after it too. A class, so that the getter does not put each document's
 * properties in dictionary mode (an object literal with a getter does), which the checker's
 * walks over `blocks` pay for.
 */
class PlacedDocument implements NoarkqDocument, BlockReader {
  #diagnostics: NoarkqDiagnostic[] | undefined;
  #runs: readonly BlockRun[];
  /** The index of each run's first block. */
  readonly #runStarts: number[];
  readonly blockCount: number;
  /** Every block, once made (`blocks`). */
  #blocks: readonly DocumentBlock[] | undefined;
  /** The moved blocks made so far, by index: a block read twice is the same object. */
  #moved: Map<number, DocumentBlock> | undefined;
  /** Tells this parse from others, for `keptParses` (a serial rather than the previous parse
   * itself, which would keep every earlier version alive). */
  readonly #serial = ++placedSerials;
  /** Made from the parse with serial `from`, keeping `before` and `after` of its parses. */
  #kept: { from: number; before: number; after: number } | undefined;
  #text: string | undefined;
  readonly #source: TextPieces;

  constructor(
    source: TextPieces,
    readonly preamble: DocumentBlock,
    blocks: readonly DocumentBlock[] | readonly BlockRun[],
  ) {
    this.#source = source;
    this.#runs = isRuns(blocks) ? blocks : [{ base: blocks, from: 0, count: blocks.length, delta: 0, indexDelta: 0 }];
    this.#runStarts = [];
    let count = 0;
    for (const run of this.#runs) {
      this.#runStarts.push(count);
      count += run.count;
    }
    this.blockCount = count;
    const only = this.#runs[0];
    if (this.#runs.length === 0) this.#blocks = [];
    else if (this.#runs.length === 1 && only.from === 0 && only.count === only.base.length && only.delta === 0 && only.indexDelta === 0) this.#blocks = only.base;
    else if (this.#runs.length > maxRuns) void this.blocks;
  }

  get runs(): readonly BlockRun[] {
    return this.#runs;
  }

  /** Made block by block when first read: the check of an edit reads the blocks of the runs it
   * looks at (`block`), features that go through every block read this. */
  get blocks(): readonly DocumentBlock[] {
    if (this.#blocks === undefined) {
      const blocks: DocumentBlock[] = [];
      for (let i = 0; i < this.blockCount; i++) blocks.push(this.block(i));
      this.#blocks = blocks;
      this.#moved = undefined;
      // The next parse takes its runs from these.
      this.#runs = [{ base: blocks, from: 0, count: blocks.length, delta: 0, indexDelta: 0 }];
      this.#runStarts.splice(0, this.#runStarts.length, 0);
    }
    return this.#blocks;
  }

  block(index: number): DocumentBlock {
    if (this.#blocks !== undefined) return this.#blocks[index];
    // The last run holding `index`.
    const starts = this.#runStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= index) lo = mid;
      else hi = mid - 1;
    }
    const run = this.#runs[lo];
    const b = run.base[run.from + index - starts[lo]];
    if (b === undefined || (run.delta === 0 && run.indexDelta === 0)) return b;
    let made = this.#moved?.get(index);
    if (made === undefined) (this.#moved ??= new Map()).set(index, (made = { start: b.start + run.delta, end: b.end + run.delta, index: b.index + run.indexDelta, parsed: b.parsed }));
    return made;
  }

  /** Made from the pieces when first read: a check reads only its blocks' texts. */
  get text(): string {
    return (this.#text ??= this.#source.getText());
  }

  get length(): number {
    return this.#source.length;
  }

  /** This parse was made from `previous`, keeping its first `before` and last `after` parses. */
  madeFrom(previous: PlacedDocument, before: number, after: number): void {
    this.#kept = { from: previous.#serial, before, after };
  }

  keptOf(previous: PlacedDocument): { before: number; after: number } | undefined {
    return this.#kept?.from === previous.#serial ? this.#kept : undefined;
  }

  get diagnostics(): readonly NoarkqDiagnostic[] {
    if (this.#diagnostics === undefined) {
      const diagnostics = [...this.preamble.parsed.diagnostics];
      for (const b of this.blocks) for (const d of b.parsed.diagnostics) diagnostics.push(shiftDiagnostic(d, b.start));
      this.#diagnostics = diagnostics;
    }
    return this.#diagnostics;
  }
}

/** The text's length, without making a parse's text whole. */
function textLength(doc: NoarkqDocument): number {
  return doc instanceof PlacedDocument ? doc.length : doc.text.length;
}

function isRuns(blocks: readonly DocumentBlock[] | readonly BlockRun[]): blocks is readonly BlockRun[] {
  return blocks.length > 0 && 'base' in blocks[0];
}

function placedDocument(text: string | TextPieces, preamble: DocumentBlock, blocks: readonly DocumentBlock[]): NoarkqDocument {
  return new PlacedDocument(typeof text === 'string' ? wholeText(text) : text, preamble, blocks);
}

/** The first of the blocks of `doc` from `from` on that starts at or after `offset`. */
function firstStartAtOrAfter(doc: NoarkqDocument, offset: number, from: number): number {
  let lo = from;
  let hi = blockCount(doc);
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (blockOf(doc, mid).start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Compares growing stretches with `===` on slices (a native comparison of the characters, which
 * a loop over `charCodeAt` is many times slower than); each character is compared about twice. */
function commonPrefixLength(a: string, b: string): number {
  let lo = 0;
  let hi = Math.min(a.length, b.length);
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (a.slice(lo, mid) === b.slice(lo, mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function commonSuffixLength(a: string, b: string, limit: number): number {
  let lo = 0;
  let hi = limit;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (a.slice(a.length - mid, a.length - lo) === b.slice(b.length - mid, b.length - lo)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Offsets in `[from, to)` of the lines that begin a block (`###` at the start of a line).
 * Searches for `###` instead of splitting the text into lines. */
function separatorStarts(text: string, from: number, to: number): number[] {
  const starts: number[] = [];
  let at = text.indexOf('###', from);
  while (at !== -1 && at < to) {
    if (at === 0 || text.charCodeAt(at - 1) === 10) starts.push(at);
    at = text.indexOf('###', at + 1);
  }
  return starts;
}

/**
 * `text` in a string of its own. A slice shares the characters of the string it was cut from and
 * keeps all of it alive: a block parsed after an edit, kept through later edits, would keep that
 * version's whole text (each edit in another block of a 10 MB file, another 10 to 20 MB). A
 * concatenation is made flat when sliced, so this slices a copy of the block only.
 */
function detached(text: string): string {
  return (' ' + text).slice(1);
}

function parseSafely(blockText: string): ParsedBlock {
  try {
    return parseBlock(blockText);
  } catch (error) {
    return crashedBlock(blockText, error);
  }
}

/**
 * A parser bug must not take the whole document down: the block is kept (with its text, so the
 * outline still shows it) and the failure is reported on its first line.
 */
function crashedBlock(text: string, error: unknown): ParsedBlock {
  const firstLineEnd = text.search(/\r?\n|$/);
  return {
    text,
    isPreamble: !text.startsWith('###'),
    separator: text.startsWith('###') ? { start: 0, end: firstLineEnd } : undefined,
    name: undefined,
    invalidName: undefined,
    description: undefined,
    comments: [],
    variables: [],
    request: undefined,
    requests: [],
    expectations: [],
    retry: undefined,
    references: [],
    diagnostics: [
      {
        code: DocumentCodes.internalError,
        severity: 'error',
        start: 0,
        end: firstLineEnd,
        message: `noarkq could not parse this block (${error instanceof Error ? error.message : String(error)}); please report it with the block's text.`,
      },
    ],
  };
}
