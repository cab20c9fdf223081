/**
 * Parses the QUERY request of a block: the QUERY line and its clause lines. The WHERE expression
 * may continue over several lines; comment lines inside it are masked (replaced by spaces) so the
 * expression parser sees whitespace there and every offset stays the document's offset.
 */
import type { NoarkqDiagnostic, Span } from '../diagnostics';
import { didYouMean } from '../text/didYouMean';
import { isBlank, isCommentLine, looksLikeAliasPath, splitLines, type Line } from '../text/lines';
import type { BooleanClause, JoinClause, NumberClause, QueryRequest, SortClause, SortItem, WhereClause } from './queryAst';
import { queryDiagnostic } from './queryDiagnosticCodes';
import { TokenKinds } from './queryScanner';

const { T_ALIAS, T_COMMA, T_EOF, T_EQ, T_IDENT } = TokenKinds;
import { ExpressionParser, parseMaskedExpression, parseQueryExpression } from './queryParser';

const clauseKeywords = ['WHERE', 'JOIN', 'SORT', 'LIMIT', 'OFFSET', 'PUBLICUSE'] as const;
type ClauseKeyword = (typeof clauseKeywords)[number] | 'QUERY';

/** SQL words users reach for, and the clause that does the job here. */
const sqlHabits: Record<string, string> = { ORDER: 'SORT', SELECT: 'QUERY', FROM: 'QUERY', AND: 'WHERE', TOP: 'LIMIT', SKIP: 'OFFSET' };

interface LineWord {
  /** The leading word in upper case ('' when the line does not start with a letter). */
  upper: string;
  start: number;
  end: number;
}

function leadingWord(line: Line): LineWord {
  const t = line.text;
  let i = 0;
  while (i < t.length && (t.charCodeAt(i) === 32 || t.charCodeAt(i) === 9)) i++;
  const s = i;
  while (i < t.length) {
    const c = t.charCodeAt(i) | 32;
    if (c >= 97 && c <= 122) i++;
    else break;
  }
  return { upper: t.slice(s, i).toUpperCase(), start: line.start + s, end: line.start + i };
}

/** The clause keyword a line starts with: the word must end at whitespace or the line's end. */
function clauseKeywordOf(line: Line, word: LineWord): ClauseKeyword | undefined {
  if (word.end === word.start) return undefined;
  const after = word.end - line.start;
  if (after < line.text.length) {
    const c = line.text.charCodeAt(after);
    if (c !== 32 && c !== 9) return undefined;
  }
  if (word.upper === 'QUERY') return 'QUERY';
  return (clauseKeywords as readonly string[]).includes(word.upper) ? (word.upper as ClauseKeyword) : undefined;
}

/** A line inside a request that holds no request text. */
function isSkippedLine(text: string): boolean {
  return isBlank(text) || (isCommentLine(text) && !looksLikeAliasPath(text));
}

/**
 * Parses the QUERY request in `text[start, end)`. `start` is the start of the QUERY line. Offsets
 * of the AST and of the diagnostics are in `text`'s space.
 */
export function parseQueryRequest(text: string, start: number, end: number): { request: QueryRequest; diagnostics: NoarkqDiagnostic[] } {
  const diagnostics: NoarkqDiagnostic[] = [];
  const lines = splitLines(text, start, end);
  let i = 0;
  while (i < lines.length && isSkippedLine(lines[i].text)) i++;
  const queryLine = lines[i] ?? { index: 0, start, end: start, next: start, text: '' };
  const request: QueryRequest = {
    start,
    end,
    keyword: { start: queryLine.start, end: queryLine.start },
    clauseInsertOffset: queryLine.next > queryLine.end ? queryLine.next : queryLine.end,
    clauseInsertNeedsNewline: !(queryLine.next > queryLine.end),
    joins: [],
  };
  parseQueryLine(text, queryLine, request, diagnostics);
  const seen = new Map<ClauseKeyword, Span>();
  for (i++; i < lines.length; i++) {
    const line = lines[i];
    if (isSkippedLine(line.text)) continue;
    const word = leadingWord(line);
    const keyword = clauseKeywordOf(line, word);
    if (!keyword) {
      reportUnknownClause(line, word, seen.has('WHERE'), diagnostics);
      continue;
    }
    const keywordSpan = { start: word.start, end: word.end };
    const first = keyword === 'JOIN' ? undefined : seen.get(keyword);
    if (first) {
      const hint = keyword === 'WHERE' ? ' Combine the conditions with `&&` in the first WHERE.' : keyword === 'QUERY' ? ' A block holds one request: start a new block with `###`.' : '';
      const d = queryDiagnostic('noarkq.duplicate-clause', word.start, word.end, `${keyword} is already given above; it can appear only once.${hint}`);
      d.related = [{ ...first, message: `first ${keyword}` }];
      diagnostics.push(d);
    } else if (keyword !== 'JOIN') seen.set(keyword, keywordSpan);
    switch (keyword) {
      case 'WHERE': {
        // The expression continues until the next clause keyword line.
        let last = i;
        let j = i + 1;
        for (; j < lines.length; j++) {
          const l = lines[j];
          if (isSkippedLine(l.text)) continue;
          if (clauseKeywordOf(l, leadingWord(l))) break;
          last = j;
        }
        const where = parseWhere(text, lines, i, last, keywordSpan, diagnostics);
        if (!first) request.where = where;
        i = last;
        break;
      }
      case 'JOIN':
        request.joins.push(parseJoin(text, line, keywordSpan, diagnostics));
        break;
      case 'SORT': {
        const sort = parseSort(text, line, keywordSpan, diagnostics);
        if (!first) request.sort = sort;
        break;
      }
      case 'LIMIT':
      case 'OFFSET': {
        const clause = parseNumberClause(line, keyword, keywordSpan, diagnostics);
        if (!first) request[keyword === 'LIMIT' ? 'limit' : 'offset'] = clause;
        break;
      }
      case 'PUBLICUSE': {
        const clause = parseBooleanClause(line, keywordSpan, diagnostics);
        if (!first) request.publicUse = clause;
        break;
      }
      case 'QUERY':
        break;
    }
  }
  return { request, diagnostics };
}

function parseQueryLine(text: string, line: Line, request: QueryRequest, diagnostics: NoarkqDiagnostic[]): void {
  const parser = new ExpressionParser(text, line.start, line.end);
  const s = parser.scanner;
  if (s.token() === T_IDENT && s.tokenText().toUpperCase() === 'QUERY') {
    request.keyword = { start: s.tokenStart, end: s.tokenEnd };
    s.scan();
  } else {
    diagnostics.push(queryDiagnostic('noarkq.missing-type', line.start, line.end, 'Expected `QUERY <EntityType>` here.'));
    return;
  }
  if (s.token() === T_IDENT) {
    request.type = { name: s.tokenText(), start: s.tokenStart, end: s.tokenEnd };
    s.scan();
  } else {
    diagnostics.push(
      queryDiagnostic('noarkq.missing-type', request.keyword.start, request.keyword.end, 'QUERY needs an entity type, e.g. `QUERY Saksmappe` (abstract types such as AbstraktMappe are allowed).'),
    );
  }
  if (s.token() === T_EOF) return;
  const restStart = s.tokenStart;
  const word = s.token() === T_IDENT ? s.tokenText().toUpperCase() : '';
  if ((clauseKeywords as readonly string[]).includes(word)) {
    diagnostics.push(
      queryDiagnostic('noarkq.syntax-unexpected-token', restStart, line.end, `Put ${word} on its own line: each clause of a QUERY request starts a line.`, [
        { title: `Move ${word} to the next line`, edits: [{ start: request.type ? request.type.end : restStart, end: restStart, newText: '\n' }], preferred: true },
      ]),
    );
  } else {
    diagnostics.push(queryDiagnostic('noarkq.syntax-unexpected-token', restStart, line.end, 'Unexpected text after the entity type: the QUERY line holds only `QUERY <EntityType>`.'));
  }
}

function reportUnknownClause(line: Line, word: LineWord, afterWhere: boolean, diagnostics: NoarkqDiagnostic[]): void {
  const trimmedStart = line.start + (line.text.length - line.text.trimStart().length);
  const span = word.end > word.start ? { start: word.start, end: word.end } : { start: trimmedStart, end: line.start + line.text.trimEnd().length };
  const keywordList = 'WHERE, JOIN, SORT, LIMIT, OFFSET or PUBLICUSE';
  const habit = sqlHabits[word.upper];
  const suggestion = habit ?? (word.upper.length > 0 ? didYouMean(word.upper, clauseKeywords) : undefined);
  let message = `Unknown clause ${word.end > word.start ? `\`${line.text.slice(word.start - line.start, word.end - line.start)}\`` : 'line'}: each line of a QUERY request starts with ${keywordList}.`;
  if (line.text.trimStart().startsWith('@')) message += ' Variable lines (`@name = value`) go above the QUERY line.';
  else if (suggestion) message += ` Did you mean ${suggestion}?`;
  else if (afterWhere) message += ' To continue the WHERE expression, put this line directly below it (before other clauses).';
  const fixes = suggestion && !habit ? [{ title: `Change to ${suggestion}`, edits: [{ ...span, newText: suggestion }], preferred: true }] : undefined;
  diagnostics.push(queryDiagnostic('noarkq.unknown-clause', span.start, span.end, message, fixes));
}

function parseWhere(text: string, lines: Line[], first: number, last: number, keyword: Span, diagnostics: NoarkqDiagnostic[]): WhereClause {
  const exprStart = keyword.end;
  const exprEnd = lines[last].end;
  let masked = false;
  for (let j = first + 1; j < last && !masked; j++) if (!isBlank(lines[j].text) && isSkippedLine(lines[j].text)) masked = true;
  let result;
  if (!masked) {
    result = parseQueryExpression(text, exprStart, exprEnd);
  } else {
    let src = '';
    let at = exprStart;
    for (let j = first + 1; j < last; j++) {
      const l = lines[j];
      if (isBlank(l.text) || !isSkippedLine(l.text)) continue;
      src += text.slice(at, l.start) + ' '.repeat(l.end - l.start);
      at = l.end;
    }
    src += text.slice(at, exprEnd);
    result = parseMaskedExpression(src, exprStart);
  }
  diagnostics.push(...result.diagnostics);
  const where: WhereClause = { keyword, start: keyword.start, end: exprEnd };
  if (result.expression) where.expression = result.expression;
  else diagnostics.push(queryDiagnostic('noarkq.syntax-empty-expression', keyword.start, keyword.end, 'WHERE needs an expression, e.g. `WHERE tittel %= @title`; remove WHERE to get every entity of the type.'));
  return where;
}

function parseJoin(text: string, line: Line, keyword: Span, diagnostics: NoarkqDiagnostic[]): JoinClause {
  const join: JoinClause = { keyword, line: { start: line.start, end: line.next }, start: keyword.start, end: line.end };
  const parser = new ExpressionParser(text, keyword.end, line.end);
  const s = parser.scanner;
  const shape = 'Write `JOIN #alias = <reference path>`, e.g. `JOIN #k1 = refSekundaerKlasse`.';
  if (s.token() === T_ALIAS || s.token() === T_IDENT) {
    const start = s.tokenStart;
    const name = s.token() === T_ALIAS ? s.tokenName() : s.tokenText();
    join.alias = { name, start, end: s.tokenEnd };
    if (s.token() === T_IDENT) {
      diagnostics.push(
        queryDiagnostic('noarkq.join-malformed', start, s.tokenEnd, `An alias starts with \`#\`: write \`#${name}\`.`, [
          { title: `Change to #${name}`, edits: [{ start, end: start, newText: '#' }], preferred: true },
        ]),
      );
    }
    s.scan();
  } else {
    const at = s.token() === T_EOF ? keyword : { start: s.tokenStart, end: s.tokenEnd };
    diagnostics.push(queryDiagnostic('noarkq.join-malformed', at.start, at.end, `JOIN needs an alias. ${shape}`));
    diagnostics.push(...parser.diagnostics);
    return join;
  }
  if (s.token() === T_EQ) s.scan();
  else {
    const at = s.token() === T_EOF ? join.alias : { start: s.tokenStart, end: s.tokenEnd };
    diagnostics.push(queryDiagnostic('noarkq.join-malformed', at.start, at.end, `Expected \`=\` after the alias. ${shape}`));
    if (s.token() !== T_IDENT && s.token() !== T_ALIAS) return join;
  }
  if (s.token() === T_IDENT || s.token() === T_ALIAS) {
    join.path = parser.parsePath();
    diagnostics.push(...parser.diagnostics);
    if (s.token() !== T_EOF) {
      diagnostics.push(queryDiagnostic('noarkq.join-malformed', s.tokenStart, line.end, `Unexpected text after the reference path. ${shape}`));
    }
  } else {
    const at = s.token() === T_EOF ? { start: s.tokenStart, end: s.tokenStart } : { start: s.tokenStart, end: line.end };
    if (at.start === at.end) {
      at.start = join.alias.start;
      at.end = s.tokenStart;
    }
    diagnostics.push(queryDiagnostic('noarkq.join-malformed', at.start, at.end, `A reference path is missing after \`=\`. ${shape}`));
  }
  return join;
}

function parseSort(text: string, line: Line, keyword: Span, diagnostics: NoarkqDiagnostic[]): SortClause {
  const clause: SortClause = { keyword, items: [], start: keyword.start, end: line.end };
  const parser = new ExpressionParser(text, keyword.end, line.end);
  const s = parser.scanner;
  const shape = 'Write `SORT <field> [ASC|DESC] {, <field> [ASC|DESC]}`.';
  if (s.token() === T_EOF) {
    diagnostics.push(queryDiagnostic('noarkq.sort-malformed', keyword.start, keyword.end, `SORT needs a field. ${shape}`));
    return clause;
  }
  for (;;) {
    if (s.token() === T_IDENT && s.tokenText().toUpperCase() === 'BY' && clause.items.length === 0) {
      const by = { start: s.tokenStart, end: s.tokenEnd };
      s.scan();
      const ws = s.tokenStart;
      diagnostics.push(queryDiagnostic('noarkq.sort-malformed', by.start, by.end, `Write \`SORT <field>\` without BY. ${shape}`, [{ title: 'Remove BY', edits: [{ start: by.start, end: ws, newText: '' }], preferred: true }]));
    }
    if (s.token() !== T_IDENT && s.token() !== T_ALIAS) {
      const at = s.token() === T_EOF ? { start: line.start + line.text.trimEnd().length - 1, end: line.start + line.text.trimEnd().length } : { start: s.tokenStart, end: s.tokenEnd };
      diagnostics.push(queryDiagnostic('noarkq.sort-malformed', at.start, at.end, `A field is missing here. ${shape}`));
      break;
    }
    const path = parser.parsePath();
    const item: SortItem = { path, order: 'asc', start: path.start, end: path.end };
    if (s.token() === T_IDENT) {
      const word = s.tokenText().toUpperCase();
      if (word === 'ASC' || word === 'DESC') {
        item.order = word === 'ASC' ? 'asc' : 'desc';
        item.orderSpan = { start: s.tokenStart, end: s.tokenEnd };
        item.end = s.tokenEnd;
        s.scan();
      }
    }
    clause.items.push(item);
    if (s.token() === T_EOF) break;
    if (s.token() === T_COMMA) {
      s.scan();
      continue;
    }
    diagnostics.push(queryDiagnostic('noarkq.sort-malformed', s.tokenStart, s.tokenEnd, `Expected ASC, DESC or \`,\` here. ${shape}`));
    break;
  }
  diagnostics.push(...parser.diagnostics);
  return clause;
}

function restOfLine(line: Line, keyword: Span): Span {
  const rel = keyword.end - line.start;
  const rest = line.text.slice(rel);
  const lead = rest.length - rest.trimStart().length;
  return { start: keyword.end + lead, end: line.start + line.text.trimEnd().length };
}

function parseNumberClause(line: Line, name: 'LIMIT' | 'OFFSET', keyword: Span, diagnostics: NoarkqDiagnostic[]): NumberClause {
  const clause: NumberClause = { keyword, start: keyword.start, end: line.end };
  const span = restOfLine(line, keyword);
  const value = line.text.slice(span.start - line.start, span.end - line.start);
  if (span.end <= span.start) {
    diagnostics.push(queryDiagnostic('noarkq.invalid-number', keyword.start, keyword.end, `${name} needs a whole number, e.g. \`${name} ${name === 'LIMIT' ? 100 : 0}\`.`));
    return clause;
  }
  clause.valueSpan = span;
  if (/^[+-]?[0-9]+$/.test(value) && Number.isSafeInteger(Number(value))) clause.value = Number(value);
  else {
    const hint = value.startsWith('@') ? ' Variables cannot be used here.' : '';
    diagnostics.push(queryDiagnostic('noarkq.invalid-number', span.start, span.end, `${name} takes a whole number, not \`${value}\`.${hint}`));
  }
  return clause;
}

function parseBooleanClause(line: Line, keyword: Span, diagnostics: NoarkqDiagnostic[]): BooleanClause {
  const clause: BooleanClause = { keyword, start: keyword.start, end: line.end };
  const span = restOfLine(line, keyword);
  const value = line.text.slice(span.start - line.start, span.end - line.start).toLowerCase();
  if (span.end <= span.start) {
    diagnostics.push(queryDiagnostic('noarkq.invalid-boolean', keyword.start, keyword.end, 'PUBLICUSE needs `true` or `false` (false also returns screened values).'));
    return clause;
  }
  clause.valueSpan = span;
  if (value === 'true' || value === 'false') clause.value = value === 'true';
  else diagnostics.push(queryDiagnostic('noarkq.invalid-boolean', span.start, span.end, 'PUBLICUSE takes `true` or `false`.'));
  return clause;
}
