/**
 * Line structure of `.noarkq` text, shared by the document parser and the request parsers so that
 * both agree on what a comment or a block separator is.
 */

export interface Line {
  /** Zero-based line number within the text that was split. */
  index: number;
  /** Offset of the first character of the line. */
  start: number;
  /** Offset of the line break (or of the end of the text): the line's content is [start, end). */
  end: number;
  /** Offset where the next line starts (past `\n` or `\r\n`). */
  next: number;
  /** The line's content, without its line break. */
  text: string;
}

/** Splits `text[from, to)` into lines; offsets stay in `text`'s space. */
export function splitLines(text: string, from = 0, to = text.length): Line[] {
  const lines: Line[] = [];
  let start = from;
  let index = 0;
  while (start < to || (start === to && (lines.length === 0 || text.charCodeAt(to - 1) === 10))) {
    let end = text.indexOf('\n', start);
    if (end === -1 || end >= to) end = to;
    const next = end < to ? end + 1 : to;
    const contentEnd = end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    lines.push({ index, start, end: contentEnd, next, text: text.slice(start, contentEnd) });
    index++;
    if (next === start || end === to) break;
    start = next;
  }
  return lines;
}

/** The 1-based number of the line `offset` is on. */
export function lineNumberAt(text: string, offset: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

/** `###` at the very start of a line begins a block. */
export function isBlockSeparator(lineText: string): boolean {
  return lineText.startsWith('###');
}

/**
 * A line whose first non-blank characters are `#` (but not `###`) or `//`.
 * Callers parsing a query expression may still treat `#alias.field …` as code: see
 * `looksLikeAliasPath`.
 */
export function isCommentLine(lineText: string): boolean {
  const t = lineText.trimStart();
  if (t.startsWith('//')) return true;
  return t.startsWith('#') && !lineText.startsWith('###');
}

/**
 * `#a1.klasseIdent = @p` at the start of a continued WHERE line is a join alias, not a comment:
 * an alias (`#` + letters/digits) directly followed by `.` never reads as prose.
 */
export function looksLikeAliasPath(lineText: string): boolean {
  return /^\s*#[A-Za-z0-9]+\s*\./.test(lineText);
}

export function isBlank(lineText: string): boolean {
  return lineText.trim().length === 0;
}

/** Offset of the first non-blank character of a line, or its end. */
export function firstNonBlank(line: Line): number {
  const m = /\S/.exec(line.text);
  return m ? line.start + m.index : line.end;
}
