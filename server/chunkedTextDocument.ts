/**
 * The editor's text of an open document, kept in chunks of some tens of KB with each chunk's line
 * starts, so that an incremental change costs about the chunk it falls in. The library's
 * `TextDocument` splices one string per change and shifts every later line's offset: the next
 * read of the text flattens it, a copy of the whole file per keystroke (15 to 80 ms for a 3 MB
 * file measured on the bench machine, more than everything else an edit costs). Here the whole
 * text is made only when something reads it whole, and kept until the next change.
 *
 * Each version also says which stretch its changes touched (`changedSince`), so that the parse
 * of a new version from the previous one reads only that stretch, not the whole text.
 *
 * Positions follow the library's `TextDocument` exactly (the tests compare the two): lines end
 * at `\n`, `\r\n` or `\r`, and a position past a line's end is clamped before its line break.
 */
import type { Position, Range, TextDocument, TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import type { ChangedStretch } from '../core/document';

/** Chunk sizes: a text is cut into chunks of about `size` (ending after a line break where one
 * is near), and a chunk an edit grew past `limit` is cut again. */
export interface ChunkSizes {
  size: number;
  limit: number;
}

const defaultSizes: ChunkSizes = { size: 32 * 1024, limit: 64 * 1024 };

/** Versions remembered for `changedSince`: a parse more versions behind reads the whole text. */
const rememberedVersions = 64;

interface Chunk {
  text: string;
  /** Chunk-relative offsets just past each line break in the chunk. */
  breaks: number[];
}

/**
 * One version's text, as chunks. Never changed: a change makes another one (sharing the chunks
 * it did not touch), so a parse can keep reading the version it parsed after the editor moved on.
 */
export class TextChunks {
  /** Document offset of each chunk's start, and past the last one: the text's length. */
  private readonly starts: number[];
  /** Line breaks before each chunk, and in all at the end. */
  private readonly breaksBefore: number[];
  private whole: string | undefined;

  constructor(
    readonly chunks: readonly Chunk[],
    private readonly sizes: ChunkSizes,
    whole?: string,
  ) {
    const count = chunks.length;
    this.starts = new Array<number>(count + 1);
    this.breaksBefore = new Array<number>(count + 1);
    let offset = 0;
    let breaks = 0;
    for (let i = 0; i < count; i++) {
      this.starts[i] = offset;
      this.breaksBefore[i] = breaks;
      offset += chunks[i].text.length;
      breaks += chunks[i].breaks.length;
    }
    this.starts[count] = offset;
    this.breaksBefore[count] = breaks;
    this.whole = whole;
  }

  get length(): number {
    return this.starts[this.chunks.length];
  }

  get lineCount(): number {
    return this.breaksBefore[this.chunks.length] + 1;
  }

  /** The whole text, made once when first asked for. */
  getText(): string {
    return (this.whole ??= this.chunks.map((c) => c.text).join(''));
  }

  /** The characters in `[start, end)` (clamped to the text), read from the chunks they are in. */
  slice(start: number, end: number): string {
    const length = this.length;
    start = Math.max(0, Math.min(start, length));
    end = Math.max(start, Math.min(end, length));
    if (this.whole !== undefined) return this.whole.slice(start, end);
    if (start === end) return '';
    let c = this.chunkAt(start);
    const first = this.chunks[c].text;
    const from = start - this.starts[c];
    if (end <= this.starts[c + 1]) return first.slice(from, end - this.starts[c]);
    let out = first.slice(from);
    for (c++; c < this.chunks.length && this.starts[c] < end; c++) out += this.chunks[c].text.slice(0, end - this.starts[c]);
    return out;
  }

  positionAt(offset: number): Position {
    offset = Math.max(Math.min(offset, this.length), 0);
    const line = this.linesUpTo(offset);
    const lineStart = this.lineStart(line);
    return { line, character: this.beforeLineBreak(offset, lineStart) - lineStart };
  }

  offsetAt(position: Position): number {
    if (position.line >= this.lineCount) return this.length;
    if (position.line < 0) return 0;
    const lineStart = this.lineStart(position.line);
    if (position.character <= 0) return lineStart;
    const next = position.line + 1 < this.lineCount ? this.lineStart(position.line + 1) : this.length;
    return this.beforeLineBreak(Math.min(lineStart + position.character, next), lineStart);
  }

  getLineRange(line: number): Range {
    const last = this.lineCount - 1;
    if (line > last) return { start: { line: last, character: 0 }, end: { line: last, character: this.length - this.lineStart(last) } };
    if (line < 0) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const start = this.lineStart(line);
    const next = line < last ? this.lineStart(line + 1) : this.length;
    return { start: { line, character: 0 }, end: { line, character: this.beforeLineBreak(next, start) - start } };
  }

  getEOLCharacters(line: number): string {
    const last = this.lineCount - 1;
    if (line > last || line < 0) return '';
    const start = this.lineStart(line);
    const next = line < last ? this.lineStart(line + 1) : this.length;
    return this.slice(this.beforeLineBreak(next, start), next);
  }

  /** These chunks with `[start, end)` replaced by `text`, in the chunks that held it (cut again
   * when it grew past the limit). A `\r\n` is never split between two chunks. */
  replaced(start: number, end: number, text: string): TextChunks {
    const chunks = this.chunks;
    let first = this.chunkAt(start);
    let last = end > start ? this.chunkAt(end - 1) : first;
    let replaced = chunks[first].text.slice(0, start - this.starts[first]) + text + chunks[last].text.slice(end - this.starts[last]);
    // An emptied chunk is joined to a neighbour rather than left empty.
    if (replaced.length === 0 && last + 1 < chunks.length) replaced = chunks[++last].text;
    else if (replaced.length === 0 && first > 0) replaced = chunks[--first].text;
    // A line break across a chunk boundary (a `\r` at one's end, a `\n` at the next's start)
    // joins the two.
    while (first > 0 && replaced.charCodeAt(0) === 10 && chunks[first - 1].text.endsWith('\r')) replaced = chunks[--first].text + replaced;
    while (last + 1 < chunks.length && replaced.endsWith('\r') && chunks[last + 1].text.charCodeAt(0) === 10) replaced += chunks[++last].text;
    const pieces = replaced.length > this.sizes.limit ? cut(replaced, this.sizes) : [chunkOf(replaced)];
    return new TextChunks(chunks.slice(0, first).concat(pieces, chunks.slice(last + 1)), this.sizes);
  }

  /** The chunk holding `offset` (the last one for the text's end). */
  private chunkAt(offset: number): number {
    let lo = 0;
    let hi = this.chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** How many line breaks end at or before `offset`: its line. */
  private linesUpTo(offset: number): number {
    const c = this.chunkAt(offset);
    const breaks = this.chunks[c].breaks;
    const local = offset - this.starts[c];
    let lo = 0;
    let hi = breaks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (breaks[mid] <= local) lo = mid + 1;
      else hi = mid;
    }
    return this.breaksBefore[c] + lo;
  }

  /** The offset where line `line` (0 to lineCount - 1) starts. */
  private lineStart(line: number): number {
    if (line === 0) return 0;
    // The chunk holding the line's break: the last with fewer breaks before it.
    let lo = 0;
    let hi = this.chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.breaksBefore[mid] < line) lo = mid;
      else hi = mid - 1;
    }
    return this.starts[lo] + this.chunks[lo].breaks[line - this.breaksBefore[lo] - 1];
  }

  private beforeLineBreak(offset: number, lineStart: number): number {
    while (offset > lineStart) {
      const c = this.chunkAt(offset - 1);
      if (!isLineBreak(this.chunks[c].text.charCodeAt(offset - 1 - this.starts[c]))) break;
      offset--;
    }
    return offset;
  }
}

/**
 * What marks a chunked document, shared by every copy of this module. The server is two bundles,
 * and each holds its own copy of this class: the connection's makes the documents, the analyses'
 * parse them. `instanceof` there was always false, so every edit made the whole text and parsed
 * it against the previous one; `isChunkedTextDocument` asks for the mark instead.
 */
const chunkedMark = Symbol.for('noarkq.chunkedTextDocument');

/** Whether `document` is a `ChunkedTextDocument`, made by this copy of the module or another. */
export function isChunkedTextDocument(document: TextDocument): document is ChunkedTextDocument {
  return (document as { [chunkedMark]?: unknown })[chunkedMark] === true;
}

export class ChunkedTextDocument implements TextDocument {
  readonly [chunkedMark] = true;
  private current: TextChunks;
  /** For each remembered version after the first: the version before it, and the stretch its
   * changes touched. */
  private readonly history: Array<{ from: number; stretch: ChangedStretch }> = [];

  constructor(
    readonly uri: string,
    readonly languageId: string,
    private currentVersion: number,
    content: string,
    private readonly sizes: ChunkSizes = defaultSizes,
  ) {
    this.current = new TextChunks(cut(content, sizes), sizes, content);
  }

  get version(): number {
    return this.currentVersion;
  }

  get lineCount(): number {
    return this.current.lineCount;
  }

  /** The text's length, without making the whole text. */
  get length(): number {
    return this.current.length;
  }

  /** This version's text, which later changes leave as it is. */
  get text(): TextChunks {
    return this.current;
  }

  getText(range?: Range): string {
    if (range === undefined) return this.current.getText();
    const start = this.offsetAt(range.start);
    const end = this.offsetAt(range.end);
    // As `substring`, which the library's reads with: a range given backwards is read forwards.
    return start <= end ? this.current.slice(start, end) : this.current.slice(end, start);
  }

  positionAt(offset: number): Position {
    return this.current.positionAt(offset);
  }

  getLineRange(line: number): Range {
    return this.current.getLineRange(line);
  }

  getEOLCharacters(line: number): string {
    return this.current.getEOLCharacters(line);
  }

  offsetAt(position: Position): number {
    return this.current.offsetAt(position);
  }

  /**
   * The stretch that the changes since `version` touched, over every version after it (the
   * first characters the same in both, and the last ones); undefined when that version is not
   * remembered, or is this one.
   */
  changedSince(version: number): ChangedStretch | undefined {
    let at = this.history.length;
    while (at > 0 && this.history[at - 1].from !== version) at--;
    if (at === 0) return undefined;
    let prefix = Infinity;
    let suffix = Infinity;
    for (let i = at - 1; i < this.history.length; i++) {
      prefix = Math.min(prefix, this.history[i].stretch.prefix);
      suffix = Math.min(suffix, this.history[i].stretch.suffix);
    }
    return { prefix, suffix };
  }

  /** Applies the changes in order, as `TextDocument.update` does, and takes `version`. */
  update(changes: readonly TextDocumentContentChangeEvent[], version: number): void {
    const oldLength = this.length;
    let prefix = Infinity;
    let suffix = Infinity;
    for (const change of changes) {
      if ('range' in change && change.range !== undefined) {
        const range = wellFormed(change.range);
        const start = this.offsetAt(range.start);
        const end = this.offsetAt(range.end);
        this.current = this.current.replaced(start, end, change.text);
        // Before `start` nothing changed, nor after the inserted text.
        prefix = Math.min(prefix, start);
        suffix = Math.min(suffix, this.length - start - change.text.length);
      } else {
        this.current = new TextChunks(cut(change.text, this.sizes), this.sizes, change.text);
        prefix = 0;
        suffix = 0;
      }
    }
    const limit = Math.min(oldLength, this.length);
    prefix = Math.min(prefix, limit);
    suffix = Math.min(suffix, limit - prefix);
    this.history.push({ from: this.currentVersion, stretch: { prefix, suffix } });
    if (this.history.length > rememberedVersions) this.history.shift();
    this.currentVersion = version;
  }
}

/** What `TextDocuments` is made with, in place of the library's `TextDocument`. */
export const chunkedTextDocuments = {
  create(uri: string, languageId: string, version: number, content: string): ChunkedTextDocument {
    return new ChunkedTextDocument(uri, languageId, version, content);
  },
  update(document: ChunkedTextDocument, changes: TextDocumentContentChangeEvent[], version: number): ChunkedTextDocument {
    document.update(changes, version);
    return document;
  },
};

function isLineBreak(code: number): boolean {
  return code === 13 || code === 10;
}

function wellFormed(range: Range): Range {
  const { start, end } = range;
  return start.line > end.line || (start.line === end.line && start.character > end.character) ? { start: end, end: start } : range;
}

/** `text` in chunks of about `chunkSize`, each ending after a line break where one is near. */
function cut(text: string, sizes: ChunkSizes): Chunk[] {
  if (text.length <= sizes.limit) return [chunkOf(text)];
  const chunkSize = sizes.size;
  const chunks: Chunk[] = [];
  let from = 0;
  while (from < text.length) {
    let to = Math.min(text.length, from + chunkSize);
    if (to < text.length) {
      const lineEnd = text.indexOf('\n', to);
      if (lineEnd !== -1 && lineEnd - to < chunkSize) to = lineEnd + 1;
      else if (text.charCodeAt(to - 1) === 13 && text.charCodeAt(to) === 10) to++;
    }
    // A slice, not a copy: it shares the characters of `text`, which the first parse's blocks
    // (slices of it too) keep alive anyway. A copy of every chunk was a second copy of the file,
    // 10 to 20 MB for a 10 MB file; a chunk an edit changes is a string of its own.
    chunks.push(chunkOf(text.slice(from, to)));
    from = to;
  }
  return chunks;
}

function chunkOf(text: string): Chunk {
  const breaks: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10 || code === 13) {
      if (code === 13 && text.charCodeAt(i + 1) === 10) i++;
      breaks.push(i + 1);
    }
  }
  return { text, breaks };
}

/** A document's length in UTF-16 units, without making a chunked document's text whole. */
export function textLength(document: TextDocument): number {
  return isChunkedTextDocument(document) ? document.length : document.getText().length;
}
