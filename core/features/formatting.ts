/**
 * Formatting of `.noarkq` blocks. Each block is rewritten in memory (separator line, variable
 * lines, QUERY clauses, JSON bodies, trailing blanks) and the result is diffed line by line against
 * the original, so the editor gets small edits and formatting twice gives none. A part that does
 * not parse cleanly is left as written: formatting never changes anything but layout and keyword
 * case.
 */
import { format as formatJson, type FormattingOptions as JsonFormattingOptions } from 'jsonc-parser';
import { Range, TextEdit, type FormattingOptions } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Span } from '../diagnostics';
import { allBlocks, usable, type DocumentBlock, type JsonBody, type NoarkqDocument, type ParsedBlock } from '../document';
import { expressionText, pathText, type Expression, type QueryRequest } from '../query';

interface OffsetEdit extends Span {
  newText: string;
}

export function formatDocument(document: TextDocument, parsed: NoarkqDocument, options: FormattingOptions): TextEdit[] {
  return toTextEdits(document, allBlocks(parsed).flatMap((b) => formatBlockEdits(b, options, eolOf(parsed.text))));
}

/** Formats every block the range touches. */
export function formatRange(document: TextDocument, parsed: NoarkqDocument, range: Range, options: FormattingOptions): TextEdit[] {
  return toTextEdits(document, blocksInRange(parsed, document.offsetAt(range.start), document.offsetAt(range.end)).flatMap((b) => formatBlockEdits(b, options, eolOf(parsed.text))));
}

export function blocksInRange(parsed: NoarkqDocument, start: number, end: number): DocumentBlock[] {
  return allBlocks(parsed).filter((b) => (b.start <= start && start < b.end) || (b.start < end && b.end >= end) || (start <= b.start && b.end <= end) || (b.end === parsed.text.length && start === b.end));
}

/** The block's formatting as edits in document offsets. */
export function formatBlockEdits(block: DocumentBlock, options: FormattingOptions, eol: string): OffsetEdit[] {
  const original = block.parsed.text;
  const formatted = formatBlockText(block.parsed, options, eol);
  return lineDiff(original, formatted).map((e) => ({ ...e, start: e.start + block.start, end: e.end + block.start }));
}

function toTextEdits(document: TextDocument, edits: OffsetEdit[]): TextEdit[] {
  return edits.map((e) => TextEdit.replace(Range.create(document.positionAt(e.start), document.positionAt(e.end)), e.newText));
}

function eolOf(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

function indentUnit(options: FormattingOptions): string {
  return options.insertSpaces ? ' '.repeat(Math.max(1, options.tabSize)) : '\t';
}

/** The block's text as it should read. */
export function formatBlockText(parsed: ParsedBlock, options: FormattingOptions, eol: string): string {
  const text = parsed.text;
  const edits: OffsetEdit[] = [];
  const separator = separatorEdit(parsed);
  if (separator) edits.push(separator);
  for (const v of usable(parsed.variables)) {
    if (v.value.kind === 'invalid') continue;
    const lineStart = text.lastIndexOf('\n', v.start - 1) + 1;
    const canonical = `@${v.name} = ${text.slice(v.value.span.start, v.value.span.end)}`;
    edits.push({ start: lineStart, end: v.end, newText: canonical });
  }
  const request = parsed.request;
  if (request) {
    if (request.kind === 'query') edits.push(...queryEdits(parsed, request.query, options, eol));
    else if (request.kind !== 'unknown') {
      const upper = request.keyword.text.toUpperCase();
      if (upper !== request.keyword.text) edits.push({ ...request.keyword, newText: upper });
    }
    if ((request.kind === 'transaction' || request.kind === 'http') && request.body) edits.push(...jsonBodyEdits(parsed, request.body, options, eol));
  }
  edits.push(...expectationEdits(parsed));
  const rewritten = applyEdits(text, edits.filter((e) => text.slice(e.start, e.end) !== e.newText));
  return rewritten.replace(/[ \t]+(?=\r?\n|$)/g, '');
}

/** `EXPECT` and `RETRY` lines: keywords upper case, tests lower case, one blank between the parts,
 * no indentation. A line with a syntax error stays as written. */
function expectationEdits(parsed: ParsedBlock): OffsetEdit[] {
  const text = parsed.text;
  const edits: OffsetEdit[] = [];
  const clean = (span: Span): boolean => !parsed.diagnostics.some((d) => d.severity === 'error' && d.start < span.end && d.end > span.start);
  const line = (span: Span, canonical: string): void => {
    const whole = { start: lineStartOf(text, span.start), end: span.end };
    if (!clean(whole) || !sameIgnoringBlanks(text.slice(whole.start, whole.end), canonical, true)) return;
    edits.push({ ...whole, newText: canonical });
  };
  for (const e of parsed.expectations) {
    if (e.misplaced || !e.subject || !e.check) continue;
    const subject = e.subject.kind === 'header' ? (e.subject.name ? `header ${e.subject.name.text}` : undefined) : text.slice(e.subject.start, e.subject.end);
    if (subject === undefined) continue;
    const check = e.check.test === 'compare' ? `${e.check.operator.text} ${text.slice(e.check.value.span.start, e.check.value.span.end)}` : e.check.test;
    line(e, `EXPECT ${subject} ${check}`);
  }
  const retry = parsed.retry;
  if (retry?.countSpan) {
    const interval = retry.every && retry.intervalSpan ? ` EVERY ${text.slice(retry.intervalSpan.start, retry.intervalSpan.end)}` : '';
    line(retry, `RETRY ${text.slice(retry.countSpan.start, retry.countSpan.end)}${interval}`);
  }
  return edits;
}

function separatorEdit(parsed: ParsedBlock): OffsetEdit | undefined {
  const separator = parsed.separator;
  if (!separator || parsed.invalidName) return undefined;
  const text = parsed.text.slice(separator.start, separator.end);
  if (!parsed.name && !parsed.description && text.trim() !== '###') return undefined;
  let canonical = '###';
  if (parsed.name) canonical += ` ${parsed.name.text}`;
  if (parsed.description) canonical += ` ${parsed.description.text.trim()}`;
  if (!sameIgnoringBlanks(text, canonical)) return undefined;
  return { ...separator, newText: canonical };
}

/** True when `a` and `b` hold the same characters apart from blanks (and, with `ignoreCase`,
 * letter case): the guard that keeps formatting from changing what a text means. */
function sameIgnoringBlanks(a: string, b: string, ignoreCase = false): boolean {
  const strip = (s: string): string => (ignoreCase ? s.replace(/\s+/g, '').toLowerCase() : s.replace(/\s+/g, ''));
  return strip(a) === strip(b);
}

function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

function lineEndOf(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  const end = nl === -1 ? text.length : nl;
  return end > 0 && text[end - 1] === '\r' ? end - 1 : end;
}

/** One clause per edit, each over its whole lines; a clause with a syntax problem stays as is. */
function queryEdits(parsed: ParsedBlock, query: QueryRequest, options: FormattingOptions, eol: string): OffsetEdit[] {
  const text = parsed.text;
  const edits: OffsetEdit[] = [];
  const clean = (span: Span): boolean => !parsed.diagnostics.some((d) => d.severity === 'error' && d.start < span.end && d.end > span.start);
  const clause = (keyword: Span, end: number, canonical: string | undefined): void => {
    if (canonical === undefined) return;
    const span = { start: lineStartOf(text, keyword.start), end };
    if (!clean(span)) return;
    // Only blanks and keyword case may change: the guard against dropping recovered text.
    if (!sameIgnoringBlanks(text.slice(span.start, span.end), canonical, true)) return;
    edits.push({ ...span, newText: canonical });
  };
  if (query.type) clause(query.keyword, lineEndOf(text, query.keyword.start), `QUERY ${query.type.name}`);
  const where = query.where;
  if (where?.expression) clause(where.keyword, where.end, `WHERE ${whereText(text, where.expression, indentUnit(options), eol)}`);
  for (const join of query.joins) {
    const aliasWritten = join.alias && text[join.alias.start] === '#';
    clause(join.keyword, join.end, aliasWritten && join.path ? `JOIN #${join.alias!.name} = ${pathText(join.path)}` : undefined);
  }
  const sort = query.sort;
  if (sort && sort.items.length > 0) {
    const items = sort.items.map((item) => pathText(item.path) + (item.orderSpan ? ` ${item.order.toUpperCase()}` : ''));
    clause(sort.keyword, sort.end, `SORT ${items.join(', ')}`);
  }
  for (const [name, number] of [['LIMIT', query.limit], ['OFFSET', query.offset]] as const) {
    if (number?.value !== undefined && number.valueSpan) clause(number.keyword, number.end, `${name} ${text.slice(number.valueSpan.start, number.valueSpan.end)}`);
  }
  if (query.publicUse?.value !== undefined) clause(query.publicUse.keyword, query.publicUse.end, `PUBLICUSE ${query.publicUse.value}`);
  return edits;
}

/**
 * The WHERE expression normalised. Where the user broke a top-level `&&`/`||` chain over lines,
 * the breaks stay: each continuation line is indented and starts with its operator.
 */
function whereText(text: string, expression: Expression, indent: string, eol: string): string {
  if (expression.kind !== 'logical' || !text.slice(expression.start, expression.end).includes('\n')) return expressionText(expression);
  let out = expressionText(expression.operands[0]);
  for (let i = 1; i < expression.operands.length; i++) {
    const previous = expression.operands[i - 1];
    const operand = expression.operands[i];
    const broken = text.slice(previous.end, operand.start).includes('\n');
    out += `${broken ? eol + indent : ' '}${expression.operator} ${expressionText(operand)}`;
  }
  return out;
}

/**
 * A JSON body, lines kept as the user broke them: jsonc-parser's formatter sets the blanks within
 * each line (`{ "a": 1, "b": [2] }`), and each line is indented by the brackets open at its
 * start, counting the brackets a line opens as one level, so that the common
 * `{ "actions": [` ... `] }` stays one level deep. `#` comment lines are not JSON: the formatter
 * sees them as `//` comments of the same length, and its edits (which only ever replace blanks)
 * are applied to the original text.
 */
function jsonBodyEdits(parsed: ParsedBlock, body: JsonBody, options: FormattingOptions, eol: string): OffsetEdit[] {
  if (body.hasSyntaxErrors || !body.tree) return [];
  if (parsed.variables.some((v) => v.misplaced && v.start < body.end && v.end > body.start)) return [];
  const original = parsed.text.slice(body.start, body.end);
  let masked = original;
  for (const c of parsed.comments) {
    if (c.start < body.start || c.end > body.end) continue;
    const first = c.start + parsed.text.slice(c.start, c.end).search(/\S/);
    if (parsed.text[first] !== '#') continue;
    if (first + 1 >= c.end) return [];
    const at = first - body.start;
    masked = masked.slice(0, at) + '//' + masked.slice(at + 2);
  }
  const jsonOptions: JsonFormattingOptions = { tabSize: options.tabSize, insertSpaces: options.insertSpaces, eol, keepLines: true, insertFinalNewline: false };
  const inLine: OffsetEdit[] = [];
  for (const e of formatJson(masked, undefined, jsonOptions)) {
    const old = original.slice(e.offset, e.offset + e.length);
    if (/\S/.test(old)) return [];
    if (old.includes('\n') || e.content.includes('\n')) continue;
    // `[]` and `{}` stay closed up.
    if (old === '' && /[[{]/.test(masked[e.offset - 1] ?? '') && /[\]}]/.test(masked[e.offset] ?? '')) continue;
    inLine.push({ start: e.offset, end: e.offset + e.length, newText: e.content });
  }
  const spaced = applyEdits(masked, inLine);
  const hugged = arrayBlankEdits(spaced);
  const formatted = reindent(applyEdits(applyEdits(original, inLine), hugged), applyEdits(spaced, hugged), indentUnit(options));
  if (!sameIgnoringBlanks(original, formatted)) return [];
  return [{ start: body.start, end: body.end, newText: formatted }];
}

/** Arrays hug their items on a line (`[1, 2]`) where objects get a blank inside (`{ "a": 1 }`):
 * the blanks after `[` and before `]` within a line, outside strings and comments. */
function arrayBlankEdits(structure: string): OffsetEdit[] {
  const edits: OffsetEdit[] = [];
  let inString = false;
  let inComment: 'line' | 'block' | undefined;
  for (let k = 0; k < structure.length; k++) {
    const ch = structure[k];
    if (inComment === 'line') {
      if (ch === '\n') inComment = undefined;
    } else if (inComment === 'block') {
      if (ch === '*' && structure[k + 1] === '/') inComment = undefined;
    } else if (inString) {
      if (ch === '\\') k++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '/' && (structure[k + 1] === '/' || structure[k + 1] === '*')) inComment = structure[k + 1] === '/' ? 'line' : 'block';
    else if (ch === '[') {
      const m = /^[ \t]+(?=[^ \t\r\n/])/.exec(structure.slice(k + 1));
      if (m) edits.push({ start: k + 1, end: k + 1 + m[0].length, newText: '' });
    } else if (ch === ']') {
      const m = /(?<=[^ \t\n])[ \t]+$/.exec(structure.slice(0, k));
      if (m && !edits.some((e) => e.start === k - m[0].length)) edits.push({ start: k - m[0].length, end: k, newText: '' });
    }
  }
  return edits;
}

/** Re-indents every line but the first of `text` by bracket depth, read from `structure` (the
 * same text with `#` comments turned into `//` ones). Lines inside a block comment stay as they
 * are. */
function reindent(text: string, structure: string, unit: string): string {
  const lines = text.split('\n');
  const shapes = structure.split('\n');
  const open: number[] = [];
  let inComment = false;
  return lines
    .map((line, i) => {
      const shape = shapes[i] ?? '';
      const content = shape.replace(/^[ \t]+/, '');
      const startsInComment = inComment;
      const closers: number[] = [];
      const openers: number[] = [];
      let inString = false;
      for (let k = 0; k < shape.length; k++) {
        const ch = shape[k];
        if (inComment) {
          if (ch === '*' && shape[k + 1] === '/') {
            inComment = false;
            k++;
          }
        } else if (inString) {
          if (ch === '\\') k++;
          else if (ch === '"') inString = false;
        } else if (ch === '"') inString = true;
        else if (ch === '/' && shape[k + 1] === '/') break;
        else if (ch === '/' && shape[k + 1] === '*') {
          inComment = true;
          k++;
        } else if (ch === '{' || ch === '[') openers.push(k);
        else if (ch === '}' || ch === ']') closers.push(k);
      }
      const leadingCloser = /^[\]}]/.test(content);
      const level = i === 0 ? 0 : leadingCloser && open.length > 0 ? open[open.length - 1] - 1 : (open[open.length - 1] ?? 0);
      // Brackets in text order: an opener pushes this line's level + 1, a closer pops.
      const events = [...openers.map((k) => ({ k, opens: true })), ...closers.map((k) => ({ k, opens: false }))].sort((a, b) => a.k - b.k);
      for (const e of events) {
        if (e.opens) open.push(level + 1);
        else open.pop();
      }
      if (i === 0 || startsInComment) return line;
      const stripped = line.replace(/^[ \t]+/, '');
      return stripped.length === 0 || stripped === '\r' ? stripped : unit.repeat(Math.max(0, level)) + stripped;
    })
    .join('\n');
}

function applyEdits(text: string, edits: readonly OffsetEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start);
  let out = text;
  let limit = Infinity;
  for (const e of sorted) {
    if (e.end > limit) continue;
    out = out.slice(0, e.start) + e.newText + out.slice(e.end);
    limit = e.start;
  }
  return out;
}

/** Edits that turn `before` into `after`: changed runs of lines (by longest common subsequence),
 * each trimmed to the characters that differ. */
export function lineDiff(before: string, after: string): OffsetEdit[] {
  if (before === after) return [];
  const a = splitKeepingBreaks(before);
  const b = splitKeepingBreaks(after);
  if (a.length * b.length > 4_000_000) return [trimmed(before, after, 0, before.length)];
  const n = a.length;
  const m = b.length;
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const aStart: number[] = [0];
  for (const line of a) aStart.push(aStart[aStart.length - 1] + line.length);
  const edits: OffsetEdit[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    const fromI = i;
    const fromJ = j;
    while ((i < n || j < m) && !(i < n && j < m && a[i] === b[j])) {
      if (i < n && (j === m || lcs[i + 1][j] >= lcs[i][j + 1])) i++;
      else j++;
    }
    if (i - fromI === j - fromJ) {
      // Line for line: one edit per changed line keeps the edits (and the cursor) local.
      for (let k = 0; k < i - fromI; k++) edits.push(trimmed(before, b[fromJ + k], aStart[fromI + k], aStart[fromI + k + 1]));
    } else {
      edits.push(trimmed(before, b.slice(fromJ, j).join(''), aStart[fromI], aStart[i]));
    }
  }
  return edits;
}

function trimmed(before: string, replacement: string, start: number, end: number): OffsetEdit {
  const old = before.slice(start, end);
  let p = 0;
  while (p < old.length && p < replacement.length && old[p] === replacement[p]) p++;
  let s = 0;
  while (s < old.length - p && s < replacement.length - p && old[old.length - 1 - s] === replacement[replacement.length - 1 - s]) s++;
  return { start: start + p, end: end - s, newText: replacement.slice(p, replacement.length - s) };
}

function splitKeepingBreaks(text: string): string[] {
  const lines = text.match(/[^\n]*\n|[^\n]+$/g);
  return lines ?? [];
}
