/**
 * Where each code cell of a notebook sits in the notebook's one `.noarkq` text: the cells' texts
 * in order, each ended with "\n". A cell's request may read a block or a file variable of another
 * cell, so the server checks and answers on that text, and every position goes through this map:
 * into the text for a request on a cell, back into the cell for the answer.
 *
 * A cell always starts a line of the text (the cell before it ends with its "\n"), so a position
 * moves between the two by its line alone: line `l` of a cell is line `startLine + l` of the
 * text, with the same characters in it. Pure: no protocol, no documents.
 */

/** A position as the LSP counts it (UTF-16 here: the encodings are converted at the edge). */
export interface TextPosition {
  line: number;
  character: number;
}

export interface CellSource {
  uri: string;
  text: string;
}

/** One cell's place in the text. */
export interface CellPlace {
  uri: string;
  /** Its index among the code cells the text is made of. */
  index: number;
  /** The offset of its first character in the text. */
  start: number;
  /** Its text's length: the cell ends at `start + length`, where the "\n" after it is. */
  length: number;
  /** The text's line of the cell's first line. */
  startLine: number;
  /** Its lines, as vscode-languageserver-textdocument counts them ("\r\n", "\r" and "\n" end a
   * line; a text ending with one has an empty last line). */
  lineCount: number;
}

export class NotebookLayout {
  readonly text: string;
  readonly cells: readonly CellPlace[];
  private readonly byUri: ReadonlyMap<string, CellPlace>;

  constructor(sources: readonly CellSource[]) {
    const cells: CellPlace[] = [];
    const parts: string[] = [];
    let start = 0;
    let startLine = 0;
    for (const [index, { uri, text }] of sources.entries()) {
      const lineCount = countLines(text);
      cells.push({ uri, index, start, length: text.length, startLine, lineCount });
      // After a lone "\r" the "\n" would join it as one line end, and the cell's empty last line
      // would have no line in the text: a second "\n" gives it one.
      const end = text.endsWith('\r') ? '\n\n' : '\n';
      parts.push(text, end);
      start += text.length + end.length;
      startLine += lineCount;
    }
    this.text = parts.join('');
    this.cells = cells;
    this.byUri = new Map(cells.map((c) => [c.uri, c]));
  }

  cell(uri: string): CellPlace | undefined {
    return this.byUri.get(uri);
  }

  /** The cell a line of the text belongs to; past the last cell, the last (the text's empty last
   * line); undefined when there is no cell. */
  cellAtLine(line: number): CellPlace | undefined {
    const cells = this.cells;
    let low = 0;
    let high = cells.length;
    // The last cell starting at or before `line`.
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (cells[mid].startLine <= line) low = mid + 1;
      else high = mid;
    }
    return cells[Math.max(0, low - 1)];
  }

  /** A cell's position in the text. */
  toText(cell: CellPlace, position: TextPosition): TextPosition {
    return { line: position.line + cell.startLine, character: position.character };
  }

  /**
   * A position of the text counted from the start of `cell`. One outside the cell gets a line
   * outside it (negative, or past its last line), so that it comes back to the same place
   * through `toText`: the editor clamps such a position to the cell's ends when it reads one.
   */
  toCell(cell: CellPlace, position: TextPosition): TextPosition {
    return { line: position.line - cell.startLine, character: position.character };
  }

  /** Whether a line of the text is one of the cell's. */
  holds(cell: CellPlace, line: number): boolean {
    return line >= cell.startLine && line < cell.startLine + cell.lineCount;
  }
}

function countLines(text: string): number {
  let lines = 1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x0a) lines++;
    else if (code === 0x0d) {
      lines++;
      if (text.charCodeAt(i + 1) === 0x0a) i++;
    }
  }
  return lines;
}

/** The one edit that turns `before` into `after` (the stretch between their common start and
 * common end); undefined when they are equal. */
export function textChange(before: string, after: string): { start: number; end: number; text: string } | undefined {
  if (before === after) return undefined;
  const shorter = Math.min(before.length, after.length);
  let head = 0;
  while (head < shorter && before.charCodeAt(head) === after.charCodeAt(head)) head++;
  let tail = 0;
  while (tail < shorter - head && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++;
  return { start: head, end: before.length - tail, text: after.slice(head, after.length - tail) };
}

/**
 * The semantic tokens of the text that are on the cell's lines, counted from the cell's start:
 * the LSP's relative encoding (five numbers a token; a line relative to the previous token's, a
 * start relative to the previous token's on the same line) decoded, cut and encoded again.
 */
export function tokensInCell(data: readonly number[], cell: CellPlace): number[] {
  const out: number[] = [];
  let line = 0;
  let start = 0;
  let previousLine = cell.startLine;
  let previousStart = 0;
  for (let i = 0; i + 4 < data.length; i += 5) {
    if (data[i] !== 0) {
      line += data[i];
      start = data[i + 1];
    } else {
      start += data[i + 1];
    }
    if (line < cell.startLine) continue;
    if (line >= cell.startLine + cell.lineCount) break;
    const deltaLine = line - previousLine;
    out.push(deltaLine, deltaLine === 0 ? start - previousStart : start, data[i + 2], data[i + 3], data[i + 4]);
    previousLine = line;
    previousStart = start;
  }
  return out;
}
