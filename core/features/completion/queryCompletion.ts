/**
 * Completion inside a QUERY request. The AST says which clauses exist; what the cursor is after
 * is read from the tokens of the cursor's clause up to the cursor, because completion is asked on
 * text that does not parse yet (`WHERE tittel %= @`, `WHERE refMappe.`).
 */
import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver-types';
import type { Span } from '../../diagnostics';
import { visibleVariables, type QueryRequestSyntax } from '../../document';
import { scanQueryTokens, type Token } from '../../query';
import type { FieldDef } from '../../schema/types';
import { isCommentLine, looksLikeAliasPath, splitLines } from '../../text/lines';
import { makeItem, memberItems, rank, typeItem, type MemberFilter } from './completionItems';
import { lineBeforeCursor, wordAround, type CompletionResult, type CompletionSite } from './completionSite';
import { clauseKeywordItems } from './keywordItems';
import { parameterItems } from './parameterItems';
import { QueryScope } from './queryScope';

type Clause = 'WHERE' | 'JOIN' | 'SORT' | 'LIMIT' | 'OFFSET' | 'PUBLICUSE';
const clauseWords: readonly string[] = ['WHERE', 'JOIN', 'SORT', 'LIMIT', 'OFFSET', 'PUBLICUSE'];

const comparisonKinds = new Set(['eq', 'neq', 'like', 'eqeq', 'lt', 'gt', 'le', 'ge', 'bang']);
const pathStartAfter = new Set(['lparen', 'and', 'or', 'amp', 'pipe']);

/** The QUERY line, after the keyword: entity types. */
export function queryTypeCompletions(site: CompletionSite): CompletionResult {
  const model = site.context.model;
  const replace = wordAround(site);
  const items = model.types.filter((t) => t.queryable).map((t) => typeItem(site, t, model, replace, t.abstract ? 1 : 0));
  return { items, isIncomplete: false };
}

/** A line of the query below the QUERY line. */
export function queryClauseCompletions(site: CompletionSite, request: QueryRequestSyntax): CompletionResult {
  const query = request.query;
  const scope = new QueryScope(query, site.context.model);
  const before = lineBeforeCursor(site);
  const clause = governingClause(site, request);
  const typingFirstWord = /^\s*[A-Za-z]*$/.test(before);
  const items: CompletionItem[] = [];
  if (typingFirstWord) {
    const replace = wordAround(site);
    items.push(...clauseKeywordItems(site, query, replace, { start: site.lineStart, end: site.lineEnd }));
    // A WHERE expression may continue on this line (`&&` or `=` at the end of the line above).
    if (clause?.name === 'WHERE' && clause.keyword.end <= site.lineStart) {
      const more = whereCompletions(site, scope, clause.keyword.end);
      if (more.context === 'path' || more.context === 'parameter') items.push(...more.items);
    }
    return { items, isIncomplete: false };
  }
  if (!clause) return { items, isIncomplete: false };
  switch (clause.name) {
    case 'WHERE':
      return { items: whereCompletions(site, scope, clause.keyword.end).items, isIncomplete: false };
    case 'JOIN':
      return { items: joinCompletions(site, scope, clause.keyword.end), isIncomplete: false };
    case 'SORT':
      return { items: sortCompletions(site, scope, clause.keyword.end), isIncomplete: false };
    case 'PUBLICUSE':
      return { items: booleanItems(site), isIncomplete: false };
    default:
      return { items, isIncomplete: false };
  }
}

interface ClauseAt {
  name: Clause;
  keyword: Span;
}

/**
 * The clause the cursor's line belongs to: the nearest line at or above it (below the QUERY line)
 * that starts with a clause keyword. WHERE is the only clause that continues over lines, but the
 * walk is the same for all.
 */
function governingClause(site: CompletionSite, request: QueryRequestSyntax): ClauseAt | undefined {
  const lines = splitLines(site.text, request.line.end, site.lineEnd);
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i];
    if (isCommentLine(line.text) && !looksLikeAliasPath(line.text) && line.start !== site.lineStart) continue;
    const m = /^(\s*)([A-Za-z]+)(?=\s|$)/.exec(line.text);
    if (m) {
      const word = m[2].toUpperCase();
      const start = line.start + m[1].length;
      const end = start + m[2].length;
      // The word the cursor is in is not yet a keyword of this line.
      if (clauseWords.includes(word) && !(line.start === site.lineStart && site.offset <= end)) {
        return { name: word as Clause, keyword: { start, end } };
      }
    }
  }
  return undefined;
}

/** The clause's tokens from `from` to the cursor, comment lines blanked out. */
function tokensToCursor(site: CompletionSite, from: number): Token[] {
  let text = site.text;
  // The first piece is the rest of the keyword's line, and the cursor's line is code being typed.
  const lines = splitLines(text, from, site.offset).slice(1);
  const isComment = (l: { start: number; text: string }): boolean => l.start !== site.lineStart && isCommentLine(l.text) && !looksLikeAliasPath(l.text);
  if (lines.some(isComment)) {
    let masked = '';
    let at = 0;
    for (const l of lines) {
      if (!isComment(l)) continue;
      masked += text.slice(at, l.start) + ' '.repeat(l.end - l.start);
      at = l.end;
    }
    text = masked + text.slice(at);
  }
  return scanQueryTokens(text, from, site.offset);
}

interface Split {
  /** The word being typed (touches the cursor), if any. */
  current: Token | undefined;
  /** Tokens before it. */
  previous: Token[];
}

function splitAtCursor(tokens: Token[], offset: number): Split {
  const last = tokens[tokens.length - 1];
  if (last && last.end === offset && (last.kind === 'ident' || last.kind === 'alias' || last.kind === 'param')) {
    return { current: last, previous: tokens.slice(0, -1) };
  }
  return { current: undefined, previous: tokens };
}

function replaceSpan(site: CompletionSite, current: Token | undefined): Span {
  if (!current) return { start: site.offset, end: site.offset };
  // Also replace the rest of a word the cursor is inside of.
  let end = current.end;
  const text = site.text;
  while (end < site.lineEnd && /[A-Za-z0-9_]/.test(text[end])) end++;
  return { start: current.start, end };
}

/** The path that ends at the `.` at `tokens[dot]`: `{alias, names}`, or undefined. */
function pathBeforeDot(site: CompletionSite, tokens: Token[], dot: number): { alias: string | undefined; names: string[] } | undefined {
  const names: string[] = [];
  let i = dot - 1;
  for (;;) {
    const t = tokens[i];
    if (!t) return undefined;
    if (t.kind === 'alias') return { alias: site.text.slice(t.start + 1, t.end), names: names.reverse() };
    if (t.kind !== 'ident') return undefined;
    names.push(site.text.slice(t.start, t.end));
    if (tokens[i - 1]?.kind !== 'dot') return { alias: undefined, names: names.reverse() };
    i -= 2;
  }
}

/** The path that ends just before `tokens[end]` (exclusive): for the field of a comparison. */
function pathEndingAt(site: CompletionSite, tokens: Token[], end: number): { alias: string | undefined; names: string[] } | undefined {
  const last = tokens[end - 1];
  if (!last) return undefined;
  if (last.kind === 'alias') return { alias: site.text.slice(last.start + 1, last.end), names: [] };
  if (last.kind !== 'ident') return undefined;
  if (tokens[end - 2]?.kind === 'dot') {
    const head = pathBeforeDot(site, tokens, end - 2);
    if (!head) return undefined;
    return { alias: head.alias, names: [...head.names, site.text.slice(last.start, last.end)] };
  }
  return { alias: undefined, names: [site.text.slice(last.start, last.end)] };
}

function aliasItems(site: CompletionSite, scope: QueryScope, replace: Span): CompletionItem[] {
  const items: CompletionItem[] = [];
  for (const def of scope.aliases.values()) {
    const target = scope.aliasTarget(def.name);
    const path = def.join.path ? site.text.slice(def.join.path.start, def.join.path.end) : '';
    items.push(
      makeItem(site, {
        label: `#${def.name}`,
        kind: CompletionItemKind.Variable,
        replace,
        filterText: `#${def.name}`,
        detail: `JOIN #${def.name} = ${path}${target ? ` → ${target}` : ''}`,
        documentation: `Alias for \`${path}\`${target ? `, an entity of **${target}**` : ''}: write \`#${def.name}.field\`.`,
        sortText: rank(5, def.name),
      }),
    );
  }
  return items;
}

function pathStartItems(site: CompletionSite, scope: QueryScope, current: Token | undefined, filter: MemberFilter): CompletionItem[] {
  const replace = replaceSpan(site, current);
  const items: CompletionItem[] = [];
  if (current?.kind !== 'alias' && scope.rootType) items.push(...memberItems(site, scope.model, scope.rootType, replace, filter));
  items.push(...aliasItems(site, scope, replace));
  return items;
}

function chainItems(site: CompletionSite, scope: QueryScope, tokens: Token[], dot: number, current: Token | undefined, filter: MemberFilter): CompletionItem[] {
  const path = pathBeforeDot(site, tokens, dot);
  if (!path) return [];
  const walk = scope.walk(path.alias, path.names);
  if (walk.type === undefined) return [];
  return memberItems(site, scope.model, walk.type, replaceSpan(site, current), filter);
}

interface WhereResult {
  items: CompletionItem[];
  context: 'path' | 'parameter' | 'operator' | 'after-operand' | 'none';
}

const whereMembers: MemberFilter = { fields: true, references: true };

function whereCompletions(site: CompletionSite, scope: QueryScope, from: number): WhereResult {
  const { current, previous } = splitAtCursor(tokensToCursor(site, from), site.offset);
  const prev = previous[previous.length - 1];
  if (!prev || pathStartAfter.has(prev.kind)) {
    if (current?.kind === 'param') return { items: [], context: 'none' };
    return { items: pathStartItems(site, scope, current, whereMembers), context: 'path' };
  }
  if (prev.kind === 'dot') {
    return { items: chainItems(site, scope, previous, previous.length - 1, current, whereMembers), context: 'path' };
  }
  const slot = parameterSlot(site, scope, previous);
  if (slot) {
    const bindings = visibleVariables(site.doc, site.block, site.context.environment);
    return { items: parameterItems(site, bindings, slot, replaceSpan(site, current)), context: 'parameter' };
  }
  if ((prev.kind === 'ident' || prev.kind === 'alias') && (current !== undefined || prev.end < site.offset)) {
    return { items: operatorItems(site, replaceSpan(site, current)), context: 'operator' };
  }
  if (prev.kind === 'param' || prev.kind === 'rparen' || prev.kind === 'rbracket' || prev.kind === 'rbrace') {
    if (prev.end === site.offset) return { items: [], context: 'none' };
    return { items: logicalItems(site, replaceSpan(site, current)), context: 'after-operand' };
  }
  return { items: [], context: 'none' };
}

/**
 * When the cursor is where a parameter belongs: right after a comparison operator, or a range
 * bracket or colon. The field is the path before the operator.
 */
function parameterSlot(site: CompletionSite, scope: QueryScope, previous: Token[]): { field: FieldDef | undefined; inRange: boolean; rangeAllowed: boolean } | undefined {
  let i = previous.length - 1;
  const prev = previous[i];
  let inRange = false;
  if (prev.kind === 'colon') {
    i--;
    if (previous[i]?.kind === 'param') i--;
    inRange = true;
  }
  if (previous[i]?.kind === 'lbracket' || previous[i]?.kind === 'lbrace') {
    i--;
    inRange = true;
  }
  const operator = previous[i];
  if (!operator || !comparisonKinds.has(operator.kind)) return undefined;
  if (!inRange && operator !== prev) return undefined;
  const path = pathEndingAt(site, previous, i);
  let field: FieldDef | undefined;
  if (path) {
    const walk = scope.walk(path.alias, path.names);
    const last = walk.steps[walk.steps.length - 1];
    if (walk.steps.length === path.names.length && last?.lookup?.kind === 'field') field = last.lookup.field;
  }
  return { field, inRange, rangeAllowed: !inRange && operator.kind !== 'like' };
}

function operatorItems(site: CompletionSite, replace: Span): CompletionItem[] {
  const ops: [string, string][] = [
    ['=', 'equals (strings case-sensitively); a reference only with a null parameter; ranges `[@a:@b]` for dates and numbers'],
    ['!=', 'not equal'],
    ['%=', 'like: the parameter holds `%` where any text matches'],
  ];
  return ops.map(([label, documentation], i) =>
    makeItem(site, { label, kind: CompletionItemKind.Operator, replace, newText: `${label} @`, filterText: label, detail: 'comparison', documentation, sortText: rank(i, label), retrigger: true }),
  );
}

function logicalItems(site: CompletionSite, replace: Span): CompletionItem[] {
  return [
    makeItem(site, { label: '&&', kind: CompletionItemKind.Operator, replace, newText: '&& ', detail: 'and (binds tighter than ||)', sortText: rank(0, '&&'), retrigger: true }),
    makeItem(site, { label: '||', kind: CompletionItemKind.Operator, replace, newText: '|| ', detail: 'or', sortText: rank(1, '||'), retrigger: true }),
  ];
}

const joinMembers: MemberFilter = { fields: false, references: true };

function joinCompletions(site: CompletionSite, scope: QueryScope, from: number): CompletionItem[] {
  const { current, previous } = splitAtCursor(tokensToCursor(site, from), site.offset);
  const prev = previous[previous.length - 1];
  if (!prev) return [];
  if (prev.kind === 'eq' && previous.length === 2) return pathStartItems(site, scope, current, joinMembers);
  if (prev.kind === 'dot') return chainItems(site, scope, previous, previous.length - 1, current, joinMembers);
  return [];
}

function sortCompletions(site: CompletionSite, scope: QueryScope, from: number): CompletionItem[] {
  const { current, previous } = splitAtCursor(tokensToCursor(site, from), site.offset);
  const prev = previous[previous.length - 1];
  const replace = replaceSpan(site, current);
  if (!prev || prev.kind === 'comma') {
    if (!scope.rootType) return [];
    return memberItems(site, scope.model, scope.rootType, replace, { fields: true, references: false, field: (f) => f.sortable });
  }
  if (prev.kind === 'ident' && (current !== undefined || prev.end < site.offset)) {
    const word = site.text.slice(prev.start, prev.end).toUpperCase();
    if (word === 'ASC' || word === 'DESC') return [];
    return [
      makeItem(site, { label: 'ASC', kind: CompletionItemKind.Keyword, replace, detail: 'ascending (the default)', sortText: rank(0, 'ASC') }),
      makeItem(site, { label: 'DESC', kind: CompletionItemKind.Keyword, replace, detail: 'descending', sortText: rank(1, 'DESC') }),
    ];
  }
  return [];
}

function booleanItems(site: CompletionSite): CompletionItem[] {
  const replace = wordAround(site);
  return [
    makeItem(site, { label: 'true', kind: CompletionItemKind.Value, replace, detail: 'screened entities are not returned (default)', sortText: rank(0, 'true') }),
    makeItem(site, { label: 'false', kind: CompletionItemKind.Value, replace, detail: 'screened values are returned too', sortText: rank(1, 'false') }),
  ];
}
