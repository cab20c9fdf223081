/**
 * Parses one block (or the preamble) from its own text, so offsets are block-relative and an
 * unchanged block can be reused after an edit elsewhere.
 *
 * Layout of a block: the `###` line; then comments, blank lines and variables; then the request
 * line and the request's lines, up to the next request line (a second request is reported). A
 * variable line after the request line is reported and blanked out for the request's parser, so
 * it causes one diagnostic, not a cascade. `EXPECT` and `RETRY` lines come after the request (and
 * its body): they are blanked out for the request's parser the same way, so a JSON body or a
 * WHERE clause ends before them wherever they stand.
 */
import { shareMessages, type NoarkqDiagnostic, type Span } from '../diagnostics';
import { parseQueryRequest, type QueryRequest } from '../query';
import { didYouMean } from '../text/didYouMean';
import { isBlank, isCommentLine, looksLikeAliasPath, splitLines, type Line } from '../text/lines';
import { DocumentCodes } from './documentCodes';
import type {
  ParsedBlock,
  QueryRequestSyntax,
  ReferenceOccurrence,
  RequestSyntax,
  Token,
  VariableDeclaration,
} from './documentModel';
import type { Expectation, RetryClause } from './expectationModel';
import { expectationKeywordAt, parseExpectationLine, parseRetryLine } from './expectationParser';
import { parseJsonBody } from './jsonBodyParser';
import { firstWordAt, requestKeywordAt, requestKeywords, type KeywordAtLine } from './requestKeywords';
import { parseDownloadLine, parseHttpLine, parseUploadLine } from './requestLineParser';
import { isMisplacedVariableLine, isVariableLine, lineContentEnd, parseVariableLine } from './variableParser';

/** A block name: a letter, then letters, digits, `_` or `-`. */
export const blockNamePattern = /^[A-Za-z][A-Za-z0-9_-]*$/;

interface RequestStart {
  line: Line;
  /** Undefined for a line whose first word is no request keyword. */
  keyword: KeywordAtLine | undefined;
}

export function parseBlock(text: string): ParsedBlock {
  const isPreamble = !text.startsWith('###');
  const lines = splitLines(text);
  const diagnostics: NoarkqDiagnostic[] = [];
  const comments: Span[] = [];
  const variables: VariableDeclaration[] = [];
  const references: ReferenceOccurrence[] = [];
  const starts: RequestStart[] = [];
  const expectations: Expectation[] = [];
  const retries: RetryClause[] = [];
  // The first EXPECT or RETRY line after the current request line, and the first request text
  // after it (reported once).
  let firstExpectationLine: Line | undefined;
  let textAfterExpectations: Line | undefined;
  // Lines blanked out for the request parsers (misplaced variables; comment lines in JSON).
  const maskedLines: Line[] = [];

  let separator: Span | undefined;
  let name: Token | undefined;
  let invalidName: Token | undefined;
  let description: Token | undefined;
  let first = 0;
  if (!isPreamble) {
    const header = parseSeparatorLine(lines[0], diagnostics);
    ({ separator, name, invalidName, description } = header);
    first = 1;
  }

  for (let i = first; i < lines.length; i++) {
    const line = lines[i];
    const inRequest = starts.length > 0;
    const keyword = requestKeywordAt(line);
    if (keyword) {
      starts.push({ line, keyword });
      firstExpectationLine = undefined;
      continue;
    }
    if (isBlank(line.text)) continue;
    const inQuery = inRequest && starts[starts.length - 1].keyword?.kind === 'query';
    if (isCommentLine(line.text) && !(inQuery && looksLikeAliasPath(line.text))) {
      comments.push({ start: line.start, end: line.end });
      continue;
    }
    const expectKeyword = expectationKeywordAt(line);
    if (expectKeyword) {
      const token: Token = { text: expectKeyword.text, start: expectKeyword.start, end: expectKeyword.end };
      if (expectKeyword.keyword === 'EXPECT') {
        const parsed = parseExpectationLine(text, line, token, !inRequest);
        expectations.push(parsed.expectation);
        references.push(...parsed.references);
        diagnostics.push(...parsed.diagnostics);
      } else {
        const parsed = parseRetryLine(text, line, token);
        diagnostics.push(...parsed.diagnostics);
        if (inRequest) retries.push(parsed.retry);
      }
      if (!inRequest) {
        diagnostics.push({
          code: DocumentCodes.expectationBeforeRequest,
          severity: 'error',
          ...token,
          message: `${expectKeyword.keyword} belongs after the request (and its body): move this line below the request.`,
        });
      }
      if (inRequest) {
        maskedLines.push(line);
        firstExpectationLine ??= line;
      }
      continue;
    }
    if (firstExpectationLine && !textAfterExpectations && !isMisplacedVariableLine(line.text)) {
      // Still sent (the request's parser reads around the EXPECT lines), but out of order.
      textAfterExpectations = line;
      const from = line.start + line.text.search(/\S/);
      diagnostics.push({
        code: DocumentCodes.requestAfterExpectations,
        severity: 'error',
        start: from,
        end: lineContentEnd(text, line),
        message: 'Request text after the EXPECT and RETRY lines: write the request (and its body) first, the expectations after it.',
        related: [{ start: firstExpectationLine.start, end: firstExpectationLine.end, message: 'the first EXPECT or RETRY line' }],
      });
    }
    if (inRequest ? isMisplacedVariableLine(line.text) : isVariableLine(line.text)) {
      const parsed = parseVariableLine(text, line, inRequest);
      diagnostics.push(...parsed.diagnostics);
      references.push(...parsed.references);
      if (parsed.declaration) {
        variables.push(parsed.declaration);
        if (inRequest) {
          diagnostics.push({
            code: DocumentCodes.variableAfterRequest,
            severity: 'error',
            ...parsed.declaration.nameSpan,
            message: `\`@${parsed.declaration.name}\` is declared after the request line: move it above \`${starts[0].line.text.trim().split(/\s+/)[0]}\`.`,
            related: [{ start: starts[0].line.start, end: starts[0].line.end, message: 'the request line' }],
          });
        }
      }
      if (inRequest) maskedLines.push(line);
      continue;
    }
    if (!inRequest) starts.push({ line, keyword: undefined });
  }

  const masked = maskLines(text, maskedLines);
  const requests: RequestSyntax[] = [];
  for (let r = 0; r < starts.length; r++) {
    const regionEnd = r + 1 < starts.length ? starts[r + 1].line.start : text.length;
    const request = parseRequest(text, masked, starts[r], regionEnd, lines, comments, diagnostics, references);
    requests.push(request);
  }
  for (const extra of requests.slice(1)) {
    diagnostics.push({
      code: DocumentCodes.multipleRequests,
      severity: 'error',
      start: extra.keyword.start,
      end: extra.keyword.end,
      message: `A block holds one request, and this one already has \`${requests[0].keyword.text}\`: start a new block with a \`###\` line above this one.`,
      related: [{ start: requests[0].keyword.start, end: requests[0].keyword.end, message: 'the block\'s first request' }],
      fixes: [{ title: 'Start a new block here', preferred: true, edits: [{ start: extra.line.start, end: extra.line.start, newText: '###\n' }] }],
    });
  }
  for (const extra of retries.slice(1)) {
    diagnostics.push({
      code: DocumentCodes.duplicateRetry,
      severity: 'error',
      ...extra.keyword,
      message: 'A block has one RETRY line, and this one already has one: remove this line (only the first is used).',
      related: [{ start: retries[0].keyword.start, end: retries[0].keyword.end, message: 'the first RETRY' }],
      fixes: [{ title: 'Remove this RETRY line', edits: [{ start: extra.start, end: extra.end, newText: '' }] }],
    });
  }
  if (requests.length === 0 && !isPreamble && separator) {
    diagnostics.push({
      code: DocumentCodes.missingRequest,
      severity: 'warning',
      start: separator.start,
      end: separator.end,
      message: `This block has no request: add a line starting with ${requestKeywords.join(', ')}, or remove the block.`,
    });
  }

  comments.sort((a, b) => a.start - b.start);
  references.sort((a, b) => a.start - b.start);
  shareMessages(diagnostics.sort((a, b) => a.start - b.start || a.end - b.end));
  return {
    text,
    isPreamble,
    separator,
    name,
    invalidName,
    description,
    comments: fitted(comments),
    variables: fitted(variables),
    request: requests[0],
    requests: fitted(requests),
    expectations: fitted(expectations),
    retry: retries[0],
    references: fitted(references),
    diagnostics: fitted(diagnostics),
  };
}

const noItems: readonly never[] = Object.freeze([]);

/**
 * `items` in an array of exactly their number (none: one shared empty array). An array grown by
 * `push` keeps room for 17, and a parsed block is kept for as long as its file is open, with
 * six lists that mostly hold none or one.
 */
function fitted<T>(items: T[]): readonly T[] {
  return items.length === 0 ? noItems : items.slice();
}

function parseSeparatorLine(
  line: Line,
  diagnostics: NoarkqDiagnostic[],
): { separator: Span; name?: Token; invalidName?: Token; description?: Token } {
  const separator = { start: line.start, end: line.end };
  const rest = line.text.slice(3);
  const m = /^(\s*)(\S+)(\s*)(.*?)\s*$/.exec(rest);
  if (!m) return { separator };
  const wordStart = line.start + 3 + m[1].length;
  const word: Token = { text: m[2], start: wordStart, end: wordStart + m[2].length };
  const afterWord = m[4].length > 0 ? { text: m[4], start: word.end + m[3].length, end: word.end + m[3].length + m[4].length } : undefined;
  if (blockNamePattern.test(word.text)) return { separator, name: word, description: afterWord };
  if (!/^[A-Za-z0-9_]/.test(word.text)) {
    // `### --- setup ---`: decoration or prose, not a name.
    const all = line.text.slice(3).trim();
    const start = line.start + 3 + line.text.slice(3).indexOf(all);
    return { separator, description: { text: all, start, end: start + all.length } };
  }
  let suggestion = word.text.replace(/[^A-Za-z0-9_-]+$/, '').replace(/[^A-Za-z0-9_-]/g, '_');
  if (!/^[A-Za-z]/.test(suggestion)) suggestion = `block-${suggestion}`;
  diagnostics.push({
    code: DocumentCodes.invalidBlockName,
    severity: 'error',
    start: word.start,
    end: word.end,
    message: `\`${word.text}\` is not a valid block name: start with a letter and use only letters, digits, \`_\` and \`-\` (e.g. \`${suggestion}\`); a description goes after the name, separated by a blank.`,
    fixes: [{ title: `Rename to ${suggestion}`, preferred: true, edits: [{ start: word.start, end: word.end, newText: suggestion }] }],
  });
  return { separator, invalidName: word, description: afterWord };
}

/** `text` with the given lines replaced by blanks of the same length. */
function maskLines(text: string, lines: readonly Line[]): string {
  if (lines.length === 0) return text;
  let out = '';
  let at = 0;
  for (const l of lines) {
    out += text.slice(at, l.start) + ' '.repeat(l.end - l.start);
    at = l.end;
  }
  return out + text.slice(at);
}

/** End of the last line in `[from, to)` that holds request text (not blank, not a comment). */
function contentEnd(text: string, lines: readonly Line[], from: number, to: number, masked: string, isQuery: boolean): number {
  let end = from;
  for (const l of lines) {
    if (l.start < from || l.start >= to) continue;
    const t = masked.slice(l.start, l.end);
    if (isBlank(t) || (isCommentLine(t) && !(isQuery && looksLikeAliasPath(t)))) continue;
    end = lineContentEnd(text, l);
  }
  return end;
}

function parseRequest(
  text: string,
  masked: string,
  start: RequestStart,
  regionEnd: number,
  lines: readonly Line[],
  comments: readonly Span[],
  diagnostics: NoarkqDiagnostic[],
  references: ReferenceOccurrence[],
): RequestSyntax {
  const line = start.line;
  const lineSpan: Span = { start: line.start, end: line.end };
  const kw = start.keyword;
  const isQuery = kw?.kind === 'query';
  const end = Math.max(contentEnd(text, lines, line.start, regionEnd, masked, isQuery), line.end);
  if (!kw) {
    const word = firstWordAt(line);
    const isBodyStart = word.text === '{' || word.text === '[';
    const suggestion = isBodyStart ? undefined : didYouMean(word.text, requestKeywords);
    diagnostics.push({
      code: DocumentCodes.unknownRequest,
      severity: 'error',
      start: word.start,
      end: word.end,
      message: isBodyStart
        ? 'A JSON body needs its request line first: write `TRANSACTION` (or `POST <path>`) on the line above it.'
        : `\`${word.text}\` is not a request` +
          (suggestion ? `: did you mean \`${suggestion}\`?` : `: a request line starts with ${requestKeywords.join(', ')}.`),
      fixes: suggestion
        ? [{ title: `Change to ${suggestion}`, preferred: true, edits: [{ start: word.start, end: word.end, newText: suggestion }] }]
        : isBodyStart
          ? [{ title: 'Insert a TRANSACTION line', edits: [{ start: line.start, end: line.start, newText: 'TRANSACTION\n' }] }]
          : undefined,
    });
    return { kind: 'unknown', keyword: word, line: lineSpan, start: line.start, end };
  }
  const keyword: Token = { text: text.slice(kw.start, kw.end), start: kw.start, end: kw.end };
  const lineEnd = lineContentEnd(text, line);
  // Each request is written out field by field, in one order: a spread (`{ ...base, kind }`)
  // gives every object a hidden class of its own, which for a big file's requests is tens of
  // megabytes of classes.
  const start0 = line.start;
  switch (kw.kind) {
    case 'query': {
      const parsed = parseQueryRequest(masked, line.start, regionEnd);
      diagnostics.push(...parsed.diagnostics);
      return new LazyQueryRequest(keyword, lineSpan, start0, end, masked, regionEnd);
    }
    case 'transaction': {
      // The body may start on the TRANSACTION line itself; comment lines are not JSON.
      const json = parseJsonBody(text, maskComments(masked, comments, kw.end, regionEnd), kw.end, regionEnd);
      diagnostics.push(...json.diagnostics);
      references.push(...json.references);
      if (!json.body) {
        diagnostics.push({
          code: DocumentCodes.missingBody,
          severity: 'error',
          ...keyword,
          message: 'TRANSACTION needs a JSON body on the following lines: `{"actions": [...]}` or an array of actions.',
          fixes: [{ title: 'Add an empty actions list', edits: [{ start: line.end, end: line.end, newText: '\n{\n  "actions": []\n}' }] }],
        });
      }
      return { keyword, line: lineSpan, start: start0, end, kind: 'transaction', body: json.body };
    }
    case 'upload':
    case 'download': {
      const ops = kw.kind === 'upload' ? parseUploadLine(text, keyword, lineEnd) : parseDownloadLine(text, keyword, lineEnd);
      diagnostics.push(...ops.diagnostics);
      references.push(...ops.references);
      const extra = contentEnd(text, lines, line.next, regionEnd, masked, false);
      if (extra > line.next) {
        const from = lines.find((l) => l.start >= line.next && l.start < regionEnd && !isBlank(masked.slice(l.start, l.end)) && !isCommentLine(masked.slice(l.start, l.end)));
        diagnostics.push({
          code: DocumentCodes.unexpectedBody,
          severity: 'warning',
          start: from ? from.start + from.text.search(/\S/) : line.next,
          end: extra,
          message: `${keyword.text.toUpperCase()} takes no body; these lines are not sent: remove them or make them comments.`,
        });
      }
      if (kw.kind === 'upload') {
        const { path, fileName } = ops.operands as { path: Token | undefined; fileName: Token | undefined };
        return { keyword, line: lineSpan, start: start0, end, kind: 'upload', path, fileName };
      }
      const { id, target } = ops.operands as { id: Token | undefined; target: Token | undefined };
      return { keyword, line: lineSpan, start: start0, end, kind: 'download', id, target };
    }
    case 'http': {
      const ops = parseHttpLine(text, keyword, lineEnd);
      diagnostics.push(...ops.diagnostics);
      references.push(...ops.references);
      const json = parseJsonBody(text, maskComments(masked, comments, line.next, regionEnd), line.next, regionEnd);
      diagnostics.push(...json.diagnostics);
      references.push(...json.references);
      const { target, path, queryString } = ops.operands;
      return { keyword, line: lineSpan, start: start0, end, kind: 'http', method: kw.keyword as 'GET' | 'POST' | 'PUT' | 'DELETE', target, path, queryString, body: json.body };
    }
  }
}

/** Blanks out the comment lines in `[from, to)`: `#` lines are comments in a .noarkq body, not JSON. */
function maskComments(masked: string, comments: readonly Span[], from: number, to: number): string {
  const inside = comments.filter((c) => c.start >= from && c.start < to);
  if (inside.length === 0) return masked;
  let out = '';
  let at = 0;
  for (const c of inside) {
    out += masked.slice(at, c.start) + ' '.repeat(c.end - c.start);
    at = c.end;
  }
  return out + masked.slice(at);
}

/**
 * A QUERY request that keeps its text instead of its syntax: the query is parsed again when read
 * (a query's parse is microseconds, and a big file's queries kept parsed were a fifth of its
 * parse's memory). Its syntax diagnostics are the block's, from the first parse. Reads of one
 * query in a row share one parse; two reads apart may give two equal queries, not the same one.
 */
class LazyQueryRequest implements QueryRequestSyntax {
  readonly kind = 'query';

  constructor(
    readonly keyword: Token,
    readonly line: Span,
    readonly start: number,
    readonly end: number,
    /** The block's text, with the lines the query does not read blanked out. */
    private readonly source: string,
    private readonly regionEnd: number,
  ) {}

  get query(): QueryRequest {
    if (lastQuery?.of === this) return lastQuery.query;
    const query = parseQueryRequest(this.source, this.line.start, this.regionEnd).request;
    lastQuery = { of: this, query };
    return query;
  }
}

let lastQuery: { of: LazyQueryRequest; query: QueryRequest } | undefined;
