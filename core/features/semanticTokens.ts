/**
 * Semantic tokens: what the TextMate grammar cannot know. Query paths are resolved through the
 * model (a field is a `property`, a reference a `property` with the `reference` modifier), names
 * are told apart by what they denote (block, variable, alias, temp id), and JSON bodies get their
 * `type`, `ref`, field names and temp ids marked.
 */
import type { Range, SemanticTokens } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Span } from '../diagnostics';
import { allBlocks, blockAt, type DocumentBlock, type NoarkqDocument, type ParsedBlock } from '../document';
import type { NoarkModel } from '../schema/types';
import { comparisonOperatorSpan, logicalOperatorSpans, type Bound, type Expression, type Path, type QueryRequest } from '../query';
import type { FeatureContext } from './featureContext';
import { runSteps } from '../steps';
import { readsVariable, tempIdsOfTransaction, tempIdsWrittenIn } from './navigation/symbolIndex';
import { readActionViews, stringContentSpan } from './navigation/transactionActions';
import { tokenModifiers, tokenTypes, type TokenModifier, type TokenType } from './semanticTokensLegend';

export { semanticTokensLegend, type TokenModifier, type TokenType } from './semanticTokensLegend';

export interface SemanticToken extends Span {
  type: TokenType;
  modifiers: TokenModifier[];
}

export function getSemanticTokens(document: TextDocument, parsed: NoarkqDocument, context: FeatureContext, range?: Range): SemanticTokens {
  return runSteps(semanticTokensSteps(document, parsed, context, range));
}

/**
 * `getSemanticTokens` a step per block: the server runs a big file's in slices, answering other
 * requests between them, and stops when the client cancels (an editor asks again at each pause in
 * typing, and cancels when the next keystroke comes).
 */
export function* semanticTokensSteps(document: TextDocument, parsed: NoarkqDocument, context: FeatureContext, range?: Range): Generator<void, SemanticTokens, void> {
  const encoder = new TokenEncoder(document);
  if (!range) {
    yield* semanticTokenSteps(parsed, context, undefined, (t) => encoder.add(t));
    return { data: encoder.data };
  }
  const from = document.offsetAt(range.start);
  const to = document.offsetAt(range.end);
  // Only the blocks the range touches: an editor asks for the visible lines of a big file.
  yield* semanticTokenSteps(parsed, context, { from, to }, (t) => {
    if (t.end > from && t.start < to) encoder.add(t);
  });
  return { data: encoder.data };
}

/** Every token (or those of the blocks that overlap `within`), in document offsets, sorted and
 * without overlaps. */
export function collectSemanticTokens(parsed: NoarkqDocument, context: FeatureContext, within?: { from: number; to: number }): SemanticToken[] {
  const out: SemanticToken[] = [];
  runSteps(semanticTokenSteps(parsed, context, within, (t) => out.push(t)));
  return out;
}

/**
 * The tokens in order, without overlaps, block by block: each block's are sorted on their own
 * (blocks do not overlap), so a big file's tokens are never all held at once, only encoded.
 */
function* semanticTokenSteps(parsed: NoarkqDocument, context: FeatureContext, within: { from: number; to: number } | undefined, each: (t: SemanticToken) => void): Generator<void, void, void> {
  // The temp ids of each transaction read, once per pass.
  const tempIds = new Map<DocumentBlock, ReadonlySet<string>>();
  const tempIdsOf = (transaction: DocumentBlock): ReadonlySet<string> => {
    let ids = tempIds.get(transaction);
    if (ids === undefined) tempIds.set(transaction, (ids = tempIdsOfTransaction(transaction)));
    return ids;
  };
  const blocks = allBlocks(parsed);
  // allBlocks puts the preamble (index -1) first.
  const first = within ? blockAt(parsed, within.from).index + 1 : 0;
  let lastEnd = -1;
  const tokens: SemanticToken[] = [];
  for (let i = first; i < blocks.length; i++) {
    const block = blocks[i];
    if (within && block.start >= within.to && i > first) break;
    const add = (span: Span | undefined, type: TokenType, ...modifiers: TokenModifier[]): void => {
      if (span && span.end > span.start) tokens.push({ start: block.start + span.start, end: block.start + span.end, type, modifiers });
    };
    tokens.length = 0;
    blockTokens(parsed, block, tempIdsOf, context.model, add);
    // The sort is stable: for two tokens at one place, the one added first wins.
    tokens.sort((a, b) => a.start - b.start);
    for (const t of tokens) {
      if (t.start < lastEnd) continue;
      each(t);
      lastEnd = t.end;
    }
    yield;
  }
}

type Add = (span: Span | undefined, type: TokenType, ...modifiers: TokenModifier[]) => void;

function blockTokens(doc: NoarkqDocument, block: DocumentBlock, tempIdsOf: (transaction: DocumentBlock) => ReadonlySet<string>, model: NoarkModel, add: Add): void {
  const parsed = block.parsed;
  add(parsed.name, 'function', 'declaration');
  for (const c of parsed.comments) add(c, 'comment');
  for (const v of parsed.variables) add(v.nameSpan, 'variable', 'declaration');

  // Temp ids first: `{{register.saved.jp.id}}` marks `jp` as the id, not as a property.
  for (const t of tempIdsWrittenIn(doc, block, tempIdsOf)) add(t, 'variable', ...(t.isDeclaration ? (['declaration'] as const) : []));
  for (const ref of parsed.references) {
    add(ref.nameSpan, readsVariable(doc, block, ref) ? 'variable' : 'function');
    for (const segment of ref.segments) if (segment.kind === 'property') add(segment, 'property');
  }

  expectationTokens(parsed, add);

  const request = parsed.request;
  if (!request) return;
  if (request.kind !== 'query') add(request.keyword, 'keyword');
  switch (request.kind) {
    case 'query':
      queryTokens(request.query, model, add);
      break;
    case 'transaction':
      for (const action of readActionViews(request.body?.tree)) {
        if (action.type) add(stringContentSpan(action.type), 'type');
        if (action.ref) add(stringContentSpan(action.ref), 'property', 'reference');
        for (const prop of action.fields?.children ?? []) {
          const key = prop.children?.[0];
          if (key?.type === 'string') add(stringContentSpan(key), 'property');
        }
      }
      break;
    case 'upload':
      add(request.path, 'string');
      add(request.fileName, 'string');
      break;
    case 'download':
      add(request.target, 'string');
      break;
    case 'http':
      add(request.path, 'string');
      break;
    case 'unknown':
      break;
  }
}

/** `EXPECT` subjects, operators and values; `RETRY` counts and durations. References in values
 * are marked with the block's other references. */
function expectationTokens(parsed: ParsedBlock, add: Add): void {
  for (const e of parsed.expectations) {
    add(e.keyword, 'keyword');
    const subject = e.subject;
    if (subject?.kind === 'status' || subject?.kind === 'time') add(subject, 'keyword');
    else if (subject?.kind === 'header') {
      add({ start: subject.start, end: subject.start + 'header'.length }, 'keyword');
      add(subject.name, 'string');
    } else if (subject?.kind === 'body') {
      for (const segment of subject.segments) if (segment.kind === 'property') add(segment, 'property');
    }
    const check = e.check;
    if (!check) continue;
    if (check.test !== 'compare') {
      add(check.word, 'keyword');
      continue;
    }
    add(check.operator, 'operator');
    const value = check.value;
    switch (value.kind) {
      case 'json':
        // A string holding a {{reference}} is left to the grammar: the reference's tokens go inside it.
        if (typeof value.value === 'string' && value.value.includes('{{')) break;
        add(value.span, typeof value.value === 'number' ? 'number' : typeof value.value === 'string' ? 'string' : 'keyword');
        break;
      case 'regex':
        add(value.span, 'string');
        break;
      case 'variable':
        add(value.span, 'variable');
        break;
      default:
        break;
    }
  }
  const retry = parsed.retry;
  if (retry) {
    add(retry.keyword, 'keyword');
    add(retry.countSpan, 'number');
    add(retry.every, 'keyword');
    add(retry.intervalSpan, 'number');
  }
}

function queryTokens(query: QueryRequest, model: NoarkModel, add: Add): void {
  add(query.keyword, 'keyword');
  add(query.type, 'type');
  const rootType = query.type && model.getType(query.type.name) ? query.type.name : undefined;
  // The type an alias stands for: the end of its JOIN path.
  const aliasTypes = new Map<string, string | undefined>();
  for (const join of query.joins) {
    add(join.keyword, 'keyword');
    if (join.alias) add(join.alias, 'namespace', 'declaration');
    const type = join.path ? pathTokens(join.path, rootType, aliasTypes, model, add) : undefined;
    if (join.alias && !aliasTypes.has(join.alias.name)) aliasTypes.set(join.alias.name, type);
  }
  if (query.where) {
    add(query.where.keyword, 'keyword');
    expressionTokens(query.where.expression, rootType, aliasTypes, model, add);
  }
  if (query.sort) {
    add(query.sort.keyword, 'keyword');
    for (const item of query.sort.items) {
      pathTokens(item.path, rootType, aliasTypes, model, add);
      add(item.orderSpan, 'keyword');
    }
  }
  for (const clause of [query.limit, query.offset]) {
    if (!clause) continue;
    add(clause.keyword, 'keyword');
    add(clause.valueSpan, 'number');
  }
  if (query.publicUse) {
    add(query.publicUse.keyword, 'keyword');
    add(query.publicUse.valueSpan, 'keyword');
  }
}

function expressionTokens(expression: Expression | undefined, rootType: string | undefined, aliasTypes: ReadonlyMap<string, string | undefined>, model: NoarkModel, add: Add): void {
  if (!expression) return;
  switch (expression.kind) {
    case 'group':
      expressionTokens(expression.expression, rootType, aliasTypes, model, add);
      return;
    case 'logical':
      for (const span of logicalOperatorSpans(expression)) add(span, 'operator');
      for (const operand of expression.operands) expressionTokens(operand, rootType, aliasTypes, model, add);
      return;
    case 'comparison': {
      if (expression.path) pathTokens(expression.path, rootType, aliasTypes, model, add);
      add(comparisonOperatorSpan(expression), 'operator');
      const operand = expression.operand;
      const bounds: (Bound | undefined)[] = operand?.kind === 'range' ? [operand.lower, operand.upper] : [operand];
      for (const bound of bounds) {
        if (!bound) continue;
        if (bound.kind === 'parameter') add(bound, 'parameter');
        else add(bound, bound.literal === 'number' ? 'number' : 'string');
      }
    }
  }
}

/** Marks the path's parts and returns the entity type at its end, when known. */
function pathTokens(path: Path, rootType: string | undefined, aliasTypes: ReadonlyMap<string, string | undefined>, model: NoarkModel, add: Add): string | undefined {
  let type = rootType;
  if (path.alias) {
    add(path.alias, 'namespace');
    type = aliasTypes.get(path.alias.name);
  }
  for (const segment of path.segments) {
    const member = type ? model.lookupMember(type, segment.name) : undefined;
    if (member?.kind === 'reference') {
      add(segment, 'property', 'reference');
      type = member.reference.target;
    } else {
      add(segment, 'property');
      type = undefined;
    }
  }
  return type;
}

/** LSP's relative encoding; a token that crosses a line break is split per line. */
export function encodeTokens(document: TextDocument, tokens: readonly SemanticToken[]): number[] {
  const encoder = new TokenEncoder(document);
  for (const t of tokens) encoder.add(t);
  return encoder.data;
}

/** Tokens, in order, as the LSP's relative five numbers each. */
class TokenEncoder {
  readonly data: number[] = [];
  private prevLine = 0;
  private prevChar = 0;

  constructor(private readonly document: TextDocument) {}

  add(t: SemanticToken): void {
    const start = this.document.positionAt(t.start);
    const end = this.document.positionAt(t.end);
    if (start.line === end.line) {
      this.push(start.line, start.character, end.character - start.character, t);
      return;
    }
    const text = this.document.getText({ start, end });
    const lines = text.split(/\r?\n/);
    lines.forEach((l, i) => this.push(start.line + i, i === 0 ? start.character : 0, l.length, t));
  }

  private push(line: number, char: number, length: number, t: SemanticToken): void {
    if (length <= 0) return;
    const deltaLine = line - this.prevLine;
    this.data.push(deltaLine, deltaLine === 0 ? char - this.prevChar : char, length, tokenTypes.indexOf(t.type), t.modifiers.reduce((bits, m) => bits | (1 << tokenModifiers.indexOf(m)), 0));
    this.prevLine = line;
    this.prevChar = char;
  }
}
