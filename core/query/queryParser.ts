/**
 * Error-recovering parser for query expressions. It never throws and never stops at the first
 * error: a missing piece is reported and left undefined in the AST, junk is skipped up to the
 * next token that can continue the expression (`&&`, `||`, `)`, a field), so that one mistake
 * does not hide the diagnostics of the rest of the expression.
 */
import type { NoarkqDiagnostic, Span } from '../diagnostics';
import type { JsonValue } from '../jsonValue';
import type {
  AliasName,
  Bound,
  Comparison,
  ComparisonOperator,
  Expression,
  Identifier,
  Literal,
  Operand,
  Parameter,
  Path,
  Range,
} from './queryAst';
import { queryDiagnostic } from './queryDiagnosticCodes';
import { QueryScanner, type TokenKind, TokenKinds } from './queryScanner';

const { T_ALIAS, T_AMP, T_AND, T_BANG, T_COLON, T_COMMA, T_DOT, T_EOF, T_EQ, T_EQEQ, T_GE, T_GT, T_IDENT, T_LBRACE, T_LBRACKET, T_LE, T_LIKE, T_LPAREN, T_LT, T_NEQ, T_NUMBER, T_OR, T_PARAM, T_PIPE, T_RBRACE, T_RBRACKET, T_RPAREN, T_STAR, T_STRING, T_UNKNOWN } = TokenKinds;

function isComparisonOperatorToken(kind: TokenKind): boolean {
  return (
    kind === T_EQ || kind === T_NEQ || kind === T_LIKE || kind === T_EQEQ || kind === T_LT || kind === T_GT || kind === T_LE || kind === T_GE || kind === T_BANG
  );
}

function isTermStart(kind: TokenKind): boolean {
  return kind === T_IDENT || kind === T_ALIAS || kind === T_LPAREN;
}

/** Tokens at which skipping junk stops: they can continue an expression. */
function isSyncToken(kind: TokenKind): boolean {
  return kind === T_AND || kind === T_OR || kind === T_AMP || kind === T_PIPE || kind === T_RPAREN || kind === T_EOF || isTermStart(kind);
}

function describe(text: string): string {
  return text.length > 40 ? `\`${text.slice(0, 37)}...\`` : `\`${text}\``;
}

/** Decodes a quoted literal the way a user means it (JSON escapes, either quote). */
function stringLiteralValue(text: string, terminated: boolean): string {
  const body = text.slice(1, terminated ? -1 : undefined);
  if (body.indexOf('\\') === -1) return body;
  if (text.charCodeAt(0) === 34 && terminated) {
    try {
      return JSON.parse(text) as string;
    } catch {
      // Not valid JSON escapes: fall through to the lenient decoding.
    }
  }
  return body.replace(/\\(.)/g, '$1');
}

const nearMissOperators: { kind: TokenKind; operator: ComparisonOperator; message: string }[] = [
  { kind: T_EQEQ, operator: '=', message: 'Use `=` to compare: the query language has no `==`.' },
  { kind: T_BANG, operator: '!=', message: 'Use `!=` for "not equal": the query language has no `!` operator.' },
  { kind: T_LT, operator: '=', message: 'The query language has no `<`: use a range, e.g. `field = {@min:@max}` with `@min = "*"` for an open lower bound.' },
  { kind: T_GT, operator: '=', message: 'The query language has no `>`: use a range, e.g. `field = {@min:@max}` with `@max = "*"` for an open upper bound.' },
  { kind: T_LE, operator: '=', message: 'The query language has no `<=`: use a range, e.g. `field = [@min:@max]` with `@min = "*"` for an open lower bound.' },
  { kind: T_GE, operator: '=', message: 'The query language has no `>=`: use a range, e.g. `field = [@min:@max]` with `@max = "*"` for an open upper bound.' },
];

/** Parenthesis nesting the parser follows before it gives up on a term (stack safety). */
const MAX_DEPTH = 256;

/**
 * Parses one expression (or, through `parsePath`, a path) from `src[start, end)`. Offsets in the
 * AST and diagnostics are `index + delta`.
 */
export class ExpressionParser {
  readonly scanner: QueryScanner;
  readonly diagnostics: NoarkqDiagnostic[] = [];
  /** End (shifted) of the last consumed token. */
  private prevEnd: number;
  private depth = 0;
  private tooDeepReported = false;

  constructor(src: string, start: number, end: number, delta = 0) {
    this.scanner = new QueryScanner(src, start, end, delta);
    this.prevEnd = start + delta;
    this.scanner.scan();
  }

  /** The current token kind (a method, so TypeScript does not narrow it across `next()` calls). */
  tok(): TokenKind {
    return this.scanner.kind;
  }

  private next(): void {
    this.prevEnd = this.scanner.tokenEnd;
    this.scanner.scan();
  }

  private tokenSpan(): Span {
    return { start: this.scanner.tokenStart, end: this.scanner.tokenEnd };
  }

  private report(code: string, start: number, end: number, message: string, fixes?: NoarkqDiagnostic['fixes']): void {
    this.diagnostics.push(queryDiagnostic(code, start, end, message, fixes));
  }

  /** The whole input as one expression; reports leftovers. Undefined for empty input. */
  parseExpression(): Expression | undefined {
    if (this.tok() === T_EOF) return undefined;
    let expression = this.parseOr();
    // parseOr stops only at eof or at a token nothing can continue (a stray `)` is handled inside).
    while (this.tok() !== T_EOF) {
      const before = this.scanner.tokenStart;
      this.skipJunk('Unexpected');
      if (isTermStart(this.tok())) {
        const more = this.parseOr();
        if (more) expression = expression ? this.combine('&&', expression, more) : more;
      }
      if (this.scanner.tokenStart === before && this.tok() !== T_EOF) this.next(); // always progress
    }
    return expression;
  }

  private combine(operator: '&&' | '||', left: Expression, right: Expression): Expression {
    if (left.kind === 'logical' && left.operator === operator) {
      left.operands.push(right);
      left.end = right.end;
      return left;
    }
    return { kind: 'logical', operator, operands: [left, right], operatorSpans: [], start: left.start, end: right.end };
  }

  /** Skips tokens up to the next sync token and reports them as one diagnostic. */
  private skipJunk(what: string, hint = 'A condition is written `field = @parameter`, joined by `&&` or `||`.'): void {
    if (isSyncToken(this.tok()) && !(this.tok() === T_RPAREN && this.depth === 0)) return;
    const start = this.scanner.tokenStart;
    if (this.tok() === T_RPAREN) {
      this.report('noarkq.syntax-unbalanced', start, this.scanner.tokenEnd, 'This `)` has no matching `(`: remove it or add the `(`.', [
        { title: 'Remove `)`', edits: [{ start, end: this.scanner.tokenEnd, newText: '' }] },
      ]);
      this.next();
      return;
    }
    let end = this.scanner.tokenEnd;
    while (!isSyncToken(this.tok())) {
      end = this.scanner.tokenEnd;
      this.next();
    }
    const text = this.scanner.src.slice(start - this.scanner.delta, end - this.scanner.delta);
    this.report('noarkq.syntax-unexpected-token', start, end, `${what} ${describe(text)}. ${hint}`);
  }

  private orOperator(): boolean {
    return this.logicalOperator(T_OR, T_PIPE, '||', 'or');
  }

  private andOperator(): boolean {
    return this.logicalOperator(T_AND, T_AMP, '&&', 'and');
  }

  /** True at `&&`/`||`, or at a near miss (`&`, `|`, the SQL words) that is reported and read as it. */
  private logicalOperator(kind: TokenKind, single: TokenKind, symbol: '&&' | '||', word: 'and' | 'or'): boolean {
    const current = this.tok();
    if (current === kind) return true;
    if (current === single) {
      const { start, end } = this.tokenSpan();
      this.report('noarkq.syntax-invalid-operator', start, end, `Use \`${symbol}\` for "${word}": a single \`${symbol[0]}\` is not an operator.`, [
        { title: `Replace with \`${symbol}\``, edits: [{ start, end, newText: symbol }], preferred: true },
      ]);
      return true;
    }
    return current === T_IDENT && this.isWordOperator(word);
  }

  /** SQL habit: `and`/`or` written as words between two conditions. */
  private isWordOperator(word: 'and' | 'or'): boolean {
    const s = this.scanner;
    if (s.tokenEnd - s.tokenStart !== word.length || s.tokenText().toLowerCase() !== word) return false;
    const saved = s.save();
    const kind = s.token();
    const tokenPos = s.tokenPos;
    const following = s.scan();
    s.restore(saved, kind, tokenPos);
    if (!isTermStart(following)) return false;
    const { start, end } = this.tokenSpan();
    const symbol = word === 'and' ? '&&' : '||';
    this.report('noarkq.syntax-invalid-operator', start, end, `Use \`${symbol}\` for "${word}": the query language has no \`${word}\` keyword.`, [
      { title: `Replace with \`${symbol}\``, edits: [{ start, end, newText: symbol }], preferred: true },
    ]);
    return true;
  }

  private parseOr(): Expression | undefined {
    const first = this.parseAnd();
    if (!this.orOperator()) return first;
    const operands: Expression[] = first ? [first] : [];
    const operatorSpans: Span[] = [];
    let start = first ? first.start : this.scanner.tokenStart;
    do {
      const op = this.tokenSpan();
      if (operands.length === 0) {
        start = op.start;
        this.report('noarkq.syntax-missing-operand', op.start, op.end, 'A condition is missing before `||`.');
      }
      operatorSpans.push(op);
      this.next();
      const right = this.parseAnd();
      if (right) operands.push(right);
      else this.reportMissingAfter(op, '||');
    } while (this.orOperator());
    return { kind: 'logical', operator: '||', operands, operatorSpans, start, end: this.prevEnd };
  }

  private parseAnd(): Expression | undefined {
    const first = this.parseTerm();
    // Fast exit for the common case (a single condition before `||`, `)` or the end), without
    // allocating the operand lists.
    const after = this.tok();
    if (first && (after === T_EOF || after === T_OR || (after === T_RPAREN && this.depth > 0))) return first;
    const operands: Expression[] = first ? [first] : [];
    const operatorSpans: Span[] = [];
    let start = first ? first.start : this.scanner.tokenStart;
    for (;;) {
      if (this.andOperator()) {
        const op = this.tokenSpan();
        if (operands.length === 0) {
          start = op.start;
          this.report('noarkq.syntax-missing-operand', op.start, op.end, 'A condition is missing before `&&`.');
        }
        operatorSpans.push(op);
        this.next();
        const right = this.parseTerm();
        if (right) operands.push(right);
        else this.reportMissingAfter(op, '&&');
        continue;
      }
      const kind = this.tok();
      if (kind === T_EOF || kind === T_OR || kind === T_PIPE || (kind === T_IDENT && this.isOrWord())) break;
      if (kind === T_RPAREN && this.depth > 0) break;
      if (operands.length === 0 && !isTermStart(kind)) break;
      if (isTermStart(kind)) {
        const previous = operands[operands.length - 1];
        // After a condition that already lacks its parameter (`tittel =` at a line's end), the
        // next condition is what the user meant to write next: imply `&&` without a second error.
        const explained = previous?.kind === 'comparison' && previous.operand === undefined;
        const { start: s, end: e } = this.tokenSpan();
        if (!explained) this.report('noarkq.syntax-missing-operator', s, e, `Missing \`&&\` or \`||\` before ${describe(this.scanner.tokenText())}.`, [
          { title: 'Insert `&&`', edits: [{ start: s, end: s, newText: '&& ' }] },
          { title: 'Insert `||`', edits: [{ start: s, end: s, newText: '|| ' }] },
        ]);
      } else {
        // Junk after a complete condition (or a stray `)`): skip it, then carry on.
        this.skipJunk('Unexpected');
        if (!isTermStart(this.tok())) continue;
      }
      const more = this.parseTerm();
      if (more) operands.push(more);
    }
    if (operands.length === 1 && operatorSpans.length === 0) return operands[0];
    if (operands.length === 0) return undefined;
    return { kind: 'logical', operator: '&&', operands, operatorSpans, start, end: this.prevEnd };
  }

  private isOrWord(): boolean {
    const s = this.scanner;
    return s.tokenEnd - s.tokenStart === 2 && s.tokenText().toLowerCase() === 'or';
  }

  private reportMissingAfter(op: Span, symbol: string): void {
    // parseTerm already reported junk it skipped; only a clean gap needs its own diagnostic.
    const last = this.diagnostics[this.diagnostics.length - 1];
    if (last && last.start >= op.end) return;
    this.report('noarkq.syntax-missing-operand', op.start, op.end, `A condition is missing after \`${symbol}\`: write \`field = @parameter\` or remove the operator.`);
  }

  private parseTerm(): Expression | undefined {
    const kind = this.tok();
    if (kind === T_LPAREN && this.depth >= MAX_DEPTH) {
      // Deeper nesting would exhaust the stack; no real query comes near this.
      const { start, end } = this.tokenSpan();
      if (!this.tooDeepReported) this.report('noarkq.syntax-unexpected-token', start, end, `Parentheses are nested more than ${MAX_DEPTH} levels deep: simplify the expression.`);
      this.tooDeepReported = true;
      while (this.tok() === T_LPAREN) this.next();
      return this.parseTerm();
    }
    if (kind === T_LPAREN) {
      const open = this.tokenSpan();
      this.next();
      this.depth++;
      const inner = this.parseOr();
      this.depth--;
      if (this.tok() === T_RPAREN) {
        this.next();
        if (!inner) this.report('noarkq.syntax-missing-operand', open.start, this.prevEnd, 'Empty parentheses: write a condition inside or remove them.');
        return { kind: 'group', expression: inner, closed: true, start: open.start, end: this.prevEnd };
      }
      this.report('noarkq.syntax-unbalanced', open.start, open.end, 'This `(` is never closed: add the matching `)`.', [
        { title: 'Insert `)`', edits: [{ start: this.prevEnd, end: this.prevEnd, newText: ')' }] },
      ]);
      return { kind: 'group', expression: inner, closed: false, start: open.start, end: this.prevEnd };
    }
    if (kind === T_IDENT || kind === T_ALIAS) return this.parseComparison(this.parsePath());
    if (isComparisonOperatorToken(kind)) {
      const { start, end } = this.tokenSpan();
      this.report('noarkq.syntax-missing-field', start, end, 'A field is missing before this operator: write `field = @parameter`.');
      return this.parseComparison(undefined);
    }
    if (kind === T_PARAM || kind === T_NUMBER || kind === T_STRING || kind === T_STAR || kind === T_LBRACKET || kind === T_LBRACE || kind === T_UNKNOWN || kind === T_COLON || kind === T_DOT || kind === T_COMMA || kind === T_RBRACKET || kind === T_RBRACE) {
      this.skipJunk('Expected a condition, found', 'A condition starts with a field: `field = @parameter`.');
      if (isTermStart(this.tok())) return this.parseTerm();
    }
    return undefined;
  }

  /** A path at the current `ident` or `alias` token. */
  parsePath(): Path {
    const s = this.scanner;
    const start = s.tokenStart;
    let alias: AliasName | undefined;
    const segments: Identifier[] = [];
    if (s.token() === T_ALIAS) alias = { name: s.src.slice(s.tokenPos + 1, s.position), start, end: s.tokenEnd };
    else segments.push({ name: s.tokenText(), start, end: s.tokenEnd });
    // `.name` written without spaces (nearly always): read it straight from the text.
    let pos = s.position;
    const delta = s.delta;
    for (let nameEnd = s.dottedNameEnd(pos); nameEnd >= 0; nameEnd = s.dottedNameEnd(pos)) {
      segments.push({ name: s.src.slice(pos + 1, nameEnd), start: pos + 1 + delta, end: nameEnd + delta });
      pos = nameEnd;
    }
    this.prevEnd = pos + delta;
    s.scanFrom(pos);
    let incomplete = false;
    while (s.token() === T_DOT) {
      const dotStart = s.tokenStart;
      this.next();
      if (s.token() === T_IDENT) {
        segments.push({ name: s.tokenText(), start: s.tokenStart, end: s.tokenEnd });
        this.next();
      } else {
        incomplete = true;
        this.report('noarkq.syntax-missing-field', dotStart, dotStart + 1, 'A field or reference name is missing after `.`.');
        break;
      }
    }
    return { kind: 'path', alias, segments, incomplete, start, end: this.prevEnd };
  }

  private parseComparison(path: Path | undefined): Comparison {
    const kind = this.tok();
    const start = path ? path.start : this.scanner.tokenStart;
    let operator: ComparisonOperator | undefined;
    let opSpan: Span | undefined;
    let operand: Operand | undefined;
    if (kind === T_EQ || kind === T_NEQ || kind === T_LIKE) {
      opSpan = this.tokenSpan();
      operator = kind === T_EQ ? '=' : kind === T_NEQ ? '!=' : '%=';
      this.next();
      operand = this.parseOperand(opSpan);
    } else if (isComparisonOperatorToken(kind)) {
      const near = nearMissOperators.find((n) => n.kind === kind)!;
      opSpan = this.tokenSpan();
      operator = near.operator;
      const fixes = kind === T_EQEQ || kind === T_BANG ? [{ title: `Replace with \`${near.operator}\``, edits: [{ ...opSpan, newText: near.operator }], preferred: true }] : undefined;
      this.report('noarkq.syntax-invalid-operator', opSpan.start, opSpan.end, near.message, fixes);
      this.next();
      // `! =` written apart still means `!=`.
      if (kind === T_BANG && this.tok() === T_EQ) this.next();
      operand = this.parseOperand(opSpan);
    } else if (kind === T_PARAM || kind === T_LBRACKET || kind === T_LBRACE || kind === T_NUMBER || kind === T_STRING || kind === T_STAR) {
      const at = this.tokenSpan();
      this.report('noarkq.syntax-missing-operator', at.start, at.end, `Missing \`=\`, \`!=\` or \`%=\` before ${describe(this.scanner.tokenText())}.`, [
        { title: 'Insert `=`', edits: [{ start: at.start, end: at.start, newText: '= ' }], preferred: true },
      ]);
      operand = this.parseOperand(at);
    } else {
      const at = path ?? this.tokenSpan();
      this.report('noarkq.syntax-missing-operator', at.start, at.end, 'Incomplete condition: compare the field with a parameter, e.g. `field = @value`.');
    }
    // One object literal with every property: a stable shape keeps the AST fast to build and walk.
    return { kind: 'comparison', path, operator, operatorSpan: opSpan, operand, start, end: this.prevEnd };
  }

  /** True when the current `ident`/`alias` starts the next comparison (path then operator). */
  private startsComparison(): boolean {
    const s = this.scanner;
    const saved = s.save();
    const kind = s.token();
    const tokenPos = s.tokenPos;
    let k = s.scan();
    while (k === T_DOT) {
      k = s.scan();
      if (k === T_IDENT) k = s.scan();
    }
    s.restore(saved, kind, tokenPos);
    return isComparisonOperatorToken(k);
  }

  private parseOperand(after: Span): Operand | undefined {
    const s = this.scanner;
    const kind = s.token();
    if (kind === T_PARAM) {
      const p: Parameter = { kind: 'parameter', name: s.src.slice(s.tokenPos + 1, s.position), start: s.tokenStart, end: s.tokenEnd };
      this.next();
      return p;
    }
    if (kind === T_LBRACKET || kind === T_LBRACE) return this.parseRange();
    if (kind === T_NUMBER || kind === T_STRING || kind === T_STAR) return this.parseLiteral();
    if (kind === T_IDENT || kind === T_ALIAS) {
      if (this.startsComparison()) {
        this.report('noarkq.syntax-missing-operand', after.start, after.end, 'A parameter is missing after this operator: write e.g. `= @value`.');
        return undefined;
      }
      if (kind === T_IDENT) {
        const saved = s.save();
        const tokenPos = s.tokenPos;
        const following = s.scan();
        s.restore(saved, kind, tokenPos);
        if (following !== T_DOT) return this.parseLiteral();
      }
      const path = this.parsePath();
      this.report('noarkq.syntax-unexpected-token', path.start, path.end, 'A field can only be compared with a parameter, not with another field: write e.g. `= @value`.');
      return undefined;
    }
    this.report('noarkq.syntax-missing-operand', after.start, after.end, 'A parameter is missing after this operator: write e.g. `= @value`.');
    return undefined;
  }

  /** A number, quoted string, `*` or bare word where a parameter belongs (the checker explains). */
  private parseLiteral(): Literal {
    const s = this.scanner;
    const text = s.tokenText();
    const start = s.tokenStart;
    const end = s.tokenEnd;
    let literal: Literal['literal'];
    let value: JsonValue;
    switch (s.token()) {
      case T_NUMBER: {
        literal = 'number';
        const n = Number(text);
        value = Number.isFinite(n) ? n : text;
        break;
      }
      case T_STRING:
        literal = 'string';
        value = stringLiteralValue(text, !s.unterminated);
        if (s.unterminated) {
          this.report('noarkq.syntax-unterminated-string', start, end, `The string is not closed: add the closing ${text[0]}.`, [
            { title: 'Close the string', edits: [{ start: end, end, newText: text[0] }] },
          ]);
        }
        break;
      case T_STAR:
        literal = 'star';
        value = '*';
        break;
      default: {
        literal = 'word';
        const lower = text.toLowerCase();
        value = lower === 'true' ? true : lower === 'false' ? false : lower === 'null' ? null : text;
      }
    }
    this.next();
    return { kind: 'literal', literal, text, value, start, end };
  }

  private parseBound(): Bound | undefined {
    const s = this.scanner;
    const kind = s.token();
    if (kind === T_PARAM) {
      const p: Parameter = { kind: 'parameter', name: s.src.slice(s.tokenPos + 1, s.position), start: s.tokenStart, end: s.tokenEnd };
      this.next();
      return p;
    }
    if (kind === T_NUMBER || kind === T_STRING || kind === T_STAR || kind === T_IDENT) return this.parseLiteral();
    return undefined;
  }

  private parseRange(): Range {
    const s = this.scanner;
    const open = this.tokenSpan();
    const range: Range = { kind: 'range', lowerInclusive: s.token() === T_LBRACKET, upperInclusive: true, lower: undefined, upper: undefined, closed: false, start: open.start, end: open.end };
    this.next();
    const lower = this.parseBound();
    range.lower = lower;
    let separator = false;
    if (s.token() === T_COLON) {
      separator = true;
      this.next();
    } else if (s.token() === T_COMMA || (s.token() === T_UNKNOWN && s.tokenText() === '-')) {
      const { start, end } = this.tokenSpan();
      this.report('noarkq.syntax-malformed-range', start, end, 'Separate the bounds of a range with `:`, e.g. `[@from:@to]`.', [
        { title: 'Replace with `:`', edits: [{ start, end, newText: ':' }], preferred: true },
      ]);
      separator = true;
      this.next();
    }
    const upper = this.parseBound();
    range.upper = upper;
    if (!lower || !upper || !separator) {
      const at = this.prevEnd;
      const message = !lower && !upper
        ? 'A range needs two bounds: write `[@from:@to]`.'
        : !separator
          ? 'Separate the bounds of a range with `:`, e.g. `[@from:@to]`.'
          : !lower
            ? 'The range has no lower bound: write `[@from:@to]` (a parameter set to "*" leaves a bound open).'
            : 'The range has no upper bound: write `[@from:@to]` (a parameter set to "*" leaves a bound open).';
      this.report('noarkq.syntax-malformed-range', open.start, Math.max(at, open.end), message);
    }
    if (s.token() === T_RBRACKET || s.token() === T_RBRACE) {
      range.upperInclusive = s.token() === T_RBRACKET;
      range.closed = true;
      this.next();
    } else {
      // Skip what cannot belong to the range, up to its closing bracket or the next condition.
      let junkStart = -1;
      let junkEnd = -1;
      while (!isSyncToken(s.token()) && s.token() !== T_RBRACKET && s.token() !== T_RBRACE) {
        if (junkStart < 0) junkStart = s.tokenStart;
        junkEnd = s.tokenEnd;
        this.next();
      }
      if (junkStart >= 0) this.report('noarkq.syntax-unexpected-token', junkStart, junkEnd, 'Unexpected text in a range: write `[@from:@to]`.');
      if (s.token() === T_RBRACKET || s.token() === T_RBRACE) {
        range.upperInclusive = s.token() === T_RBRACKET;
        range.closed = true;
        this.next();
      } else {
        this.report('noarkq.syntax-malformed-range', open.start, open.end, 'The range is not closed: end it with `]` (inclusive) or `}` (exclusive).', [
          { title: 'Insert `]`', edits: [{ start: this.prevEnd, end: this.prevEnd, newText: ']' }] },
        ]);
      }
    }
    range.end = this.prevEnd;
    return range;
  }
}

/**
 * Parses a bare query expression (e.g. the `query` string of a JSON body) in `text[start, end)`.
 * Offsets are in `text`'s space. An empty expression gives `undefined` and no diagnostic.
 */
export function parseQueryExpression(text: string, start = 0, end = text.length): { expression: Expression | undefined; diagnostics: NoarkqDiagnostic[] } {
  const parser = new ExpressionParser(text, start, end);
  const expression = parser.parseExpression();
  return { expression, diagnostics: parser.diagnostics };
}

/** Parses an expression from a masked copy of part of a document (`src[0]` is document offset `delta`). */
export function parseMaskedExpression(src: string, delta: number): { expression: Expression | undefined; diagnostics: NoarkqDiagnostic[] } {
  const parser = new ExpressionParser(src, 0, src.length, delta);
  const expression = parser.parseExpression();
  return { expression, diagnostics: parser.diagnostics };
}
