/**
 * A `.noarkq` text as notebook cells and back, without VS Code (the serializer hands these to it).
 *
 * The preamble and each `###` block are a code cell, whose text is the block's text from its
 * `###` line to its last line that is not blank. A run of comment lines that stands between
 * blocks (at the end of a block or the preamble, right before a `###` line) or opens the file is
 * a markdown cell, its text the comments without their marks. So the code cells' texts, each
 * ended with "\n", are a `.noarkq` document with the file's blocks and variables: the language
 * server of the notebook's cells reads them so.
 *
 * What a cell's text does not say (line ends, blank lines between cells, a missing final newline,
 * `//` or `#` without a space) is kept in its metadata, so an unchanged notebook is written back
 * byte for byte and an edited cell changes only its own bytes. An edited markdown cell is written
 * as `# ` lines.
 */
import { z } from 'zod';
import { isBlank, isBlockSeparator, isCommentLine, looksLikeAliasPath, splitLines, type Line } from '../../core/text/lines';

export type NoarkqCellKind = 'code' | 'markdown';

/** What a cell keeps of the file it came from. */
export interface CellBytes {
  /** The cell's own text as the file has it, when writing its value anew would not give it back
   * (a `//` comment, blank lines between comments, lines ended otherwise than the file's first). */
  source?: string;
  /** From the end of the cell's last line to the next cell: that line's end and the blank lines
   * after it ("" at the end of a file without a final newline). */
  trailing: string;
}

/** What the notebook keeps of the file. */
export interface FileBytes {
  /** The file starts with a byte order mark. */
  bom: boolean;
  /** Blank lines before the first cell. */
  leading: string;
  /** How lines the notebook writes anew end: as the file's first line does. */
  eol: '\n' | '\r\n';
}

export interface NoarkqCell {
  kind: NoarkqCellKind;
  value: string;
  metadata: CellBytes;
}

export interface NoarkqCells {
  cells: NoarkqCell[];
  metadata: FileBytes;
}

/** A cell as the editor gives it back to be saved. Its metadata is whatever the cell carries: a
 * new cell has none, a cell pasted from another notebook that notebook's. */
export interface CellToSave {
  kind: NoarkqCellKind;
  value: string;
  metadata?: unknown;
}

const whitespace = /^\s*$/;
const cellBytes = z.object({ source: z.string().optional(), trailing: z.string().regex(whitespace) });
const fileBytes = z.object({ bom: z.boolean(), leading: z.string().regex(whitespace), eol: z.enum(['\n', '\r\n']) });

const byteOrderMark = '\uFEFF';

type LineKind = 'separator' | 'comment' | 'blank' | 'code';

/** A `#a1.field = @p` line may continue a WHERE clause: it stays code, wherever it stands. */
function kindOf(line: Line): LineKind {
  if (isBlockSeparator(line.text)) return 'separator';
  if (isBlank(line.text)) return 'blank';
  if (isCommentLine(line.text) && !looksLikeAliasPath(line.text)) return 'comment';
  return 'code';
}

/** Lines `[from, to)` of the text, the first and the last not blank. */
interface Piece {
  kind: NoarkqCellKind;
  from: number;
  to: number;
}

/** Splits one region (the preamble, or a block from its `###` line) into its pieces. */
function regionPieces(kinds: readonly LineKind[], from: number, to: number, isPreamble: boolean, beforeBlock: boolean): Piece[] {
  let last = to - 1;
  while (last >= from && kinds[last] === 'blank') last--;
  if (last < from) return [];
  let first = from;
  while (kinds[first] === 'blank') first++;
  const pieces: Piece[] = [];
  // A leading comment run: the file's opening comments.
  if (isPreamble && kinds[first] === 'comment') {
    let end = first;
    for (let i = first; i <= last && kinds[i] !== 'code'; i++) if (kinds[i] === 'comment') end = i + 1;
    pieces.push({ kind: 'markdown', from: first, to: end });
    first = end;
    while (first <= last && kinds[first] === 'blank') first++;
    if (first > last) return pieces;
  }
  // A trailing comment run, when the next block follows: what stands between two blocks.
  let suffix: Piece | undefined;
  if (beforeBlock && kinds[last] === 'comment') {
    let start = last;
    // `first` is a `###` line or code (the opening comments are taken): the run stops above it.
    for (let i = last; i >= first && (kinds[i] === 'comment' || kinds[i] === 'blank'); i--) if (kinds[i] === 'comment') start = i;
    suffix = { kind: 'markdown', from: start, to: last + 1 };
    last = start - 1;
    while (last >= first && kinds[last] === 'blank') last--;
  }
  if (last >= first) pieces.push({ kind: 'code', from: first, to: last + 1 });
  if (suffix) pieces.push(suffix);
  return pieces;
}

/** A comment line without its mark (and one space after it). */
function commentText(line: string): string {
  return line.replace(/^\s*(\/\/|#)( ?)/, '');
}

/** The text a cell shows for its source. */
function valueOf(kind: NoarkqCellKind, source: string): string {
  if (kind === 'code') return source.replace(/\r\n/g, '\n');
  return source
    .split('\n')
    .map((line) => commentText(line.endsWith('\r') ? line.slice(0, -1) : line))
    .join('\n');
}

/** A cell's value as the file's text, written anew. */
function render(kind: NoarkqCellKind, value: string, eol: string): string {
  if (kind === 'code') return value.replace(/\n/g, eol);
  return value
    .split('\n')
    .map((line) => (line === '' ? '#' : `# ${line}`))
    .join(eol);
}

export function textToCells(text: string): NoarkqCells {
  const bom = text.startsWith(byteOrderMark);
  const body = bom ? text.slice(1) : text;
  const lines = splitLines(body);
  const kinds = lines.map(kindOf);
  const eol = /\r?\n/.exec(body)?.[0] === '\r\n' ? '\r\n' : '\n';

  const pieces: Piece[] = [];
  let regionStart = 0;
  for (let i = 0; i <= lines.length; i++) {
    if (i < lines.length && (kinds[i] !== 'separator' || i === 0)) continue;
    pieces.push(...regionPieces(kinds, regionStart, i, regionStart === 0 && kinds[0] !== 'separator', i < lines.length));
    regionStart = i;
  }

  const cells = pieces.map((piece, i): NoarkqCell => {
    const start = lines[piece.from].start;
    const end = lines[piece.to - 1].end;
    const next = i + 1 < pieces.length ? lines[pieces[i + 1].from].start : body.length;
    const source = body.slice(start, end);
    const value = valueOf(piece.kind, source);
    const metadata: CellBytes = { trailing: body.slice(end, next) };
    // Compared with what cellsToText writes for this value (CRLF in a value read as a line end), so
    // that a lone CR before a line end is kept as written.
    if (render(piece.kind, value.replace(/\r\n/g, '\n'), eol) !== source) metadata.source = source;
    return { kind: piece.kind, value, metadata };
  });
  const leading = pieces.length > 0 ? body.slice(0, lines[pieces[0].from].start) : body;
  return { cells, metadata: { bom, leading, eol } };
}

export function cellsToText(cells: readonly CellToSave[], metadata: unknown): string {
  const file = fileBytes.safeParse(metadata);
  const { bom, leading, eol } = file.success ? file.data : { bom: false, leading: '', eol: '\n' as const };
  let text = (bom ? byteOrderMark : '') + leading;
  cells.forEach((cell, i) => {
    const last = i === cells.length - 1;
    const kept = cellBytes.safeParse(cell.metadata);
    const bytes = kept.success ? kept.data : undefined;
    // A cell typed on Windows may end its lines with CRLF: written anew, lines end as the file's.
    text += bytes?.source !== undefined && valueOf(cell.kind, bytes.source) === cell.value ? bytes.source : render(cell.kind, cell.value.replace(/\r\n/g, '\n'), eol);
    // A new cell ends its line, and a blank line sets it off from the next one.
    let trailing = bytes?.trailing ?? (last ? eol : eol + eol);
    // The cell that ended the file without a newline, no longer last, must not run into the next.
    if (!last && !trailing.endsWith('\n')) trailing += eol;
    text += trailing;
  });
  return text;
}

/** The file's bytes as cells; a byte order mark is kept (in the notebook's metadata). */
export function bytesToCells(bytes: Uint8Array): NoarkqCells {
  return textToCells(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes));
}

export function cellsToBytes(cells: readonly CellToSave[], metadata: unknown): Uint8Array {
  return new TextEncoder().encode(cellsToText(cells, metadata));
}

/** The code cells' values as the `.noarkq` document they make: each ended with "\n", in order. */
export function codeCellsText(cells: readonly Pick<CellToSave, 'kind' | 'value'>[]): string {
  let text = '';
  for (const cell of cells) if (cell.kind === 'code') text += `${cell.value}\n`;
  return text;
}
