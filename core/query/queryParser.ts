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
import { readWellFormedExpression as readWellFormed } from './wellFormedExpression';

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

/**
 * `items[from, to)` as a new array of exactly that length. The general loops gather lists on the
 * parser's stacks and copy them out once complete: an array grown by `push` from empty reserves
 * room for 17 elements, mostly unused, and those bytes were the biggest share of the AST's memory.
 */
function take<T>(items: T[], from: number, to: number): T[] {
  switch (to - from) {
    case 1: return [items[from]];
    case 2: return [items[from], items[from + 1]];
    case 3: return [items[from], items[from + 1], items[from + 2]];
    case 4: return [items[from], items[from + 1], items[from + 2], items[from + 3]];
    default: return items.slice(from, to);
  }
}

/** The operands of a fast-path logical node (see `parseOr`), as an array of exactly `count`. */
function operandList(first: Expression, second: Expression | undefined, third: Expression | undefined, fourth: Expression | undefined, count: number): Expression[] {
  return count === 2 ? [first, second!] : count === 3 ? [first, second!, third!] : [first, second!, third!, fourth!];
}

/** The operator offsets of a fast-path logical node: `ops` pairs. */
function offsetList(op1Start: number, op1End: number, op2Start: number, op2End: number, op3Start: number, op3End: number, ops: number): number[] {
  return ops === 1 ? [op1Start, op1End] : ops === 2 ? [op1Start, op1End, op2Start, op2End] : [op1Start, op1End, op2Start, op2End, op3Start, op3End];
}

/** Ends of the `.name` segments of the path being read (`parsePath`); longer chains go on token by token. */
const chainEnds = new Int32Array(64);

/** A module-level copy: a call through an import binding reads the exporting module's object. */
const readWellFormedExpression = readWellFormed;

/** Parenthesis nesting the parser follows before it gives up on a term (stack safety). */
const MAX_DEPTH = 256;

/**
 * Parses one expression (or, through `parsePath`, a path) from `src[start, end)`. Offsets in the
 * AST and diagnostics are `index + delta`.
 */
export class ExpressionParser {
  readonly scanner: QueryScanner;
  diagnostics: NoarkqDiagnostic[] = [];
  /** End (shifted) of the last consumed token. */
  private prevEnd: number;
  private depth = 0;
  private tooDeepReported = false;
  /** Operands and operator offsets being gathered (see `take`); `*Top` is the used length. */
  private readonly operandStack: Expression[] = [];
  private operandTop = 0;
  private readonly offsetStack: number[] = [];
  private offsetTop = 0;

  constructor(src: string, start: number, end: number, delta = 0) {
    this.scanner = new QueryScanner(src, start, end, delta);
    this.prevEnd = start + delta;
    this.scanner.scan();
  }

  /** Starts over, as a new parser would, on the text its scanner was `reset` to. */
  restart(): void {
    const s = this.scanner;
    this.diagnostics = [];
    this.prevEnd = s.shift;
    this.depth = 0;
    this.tooDeepReported = false;
    this.operandTop = 0;
    this.offsetTop = 0;
    s.scan();
  }

  /** The current token kind (a method, so TypeScript does not narrow it across `next()` calls). */
  tok(): TokenKind {
    return this.scanner.kind;
  }

  private next(): void {
    this.prevEnd = this.scanner.tokenEnd;
    this.scanner.scan();
  }

  /** `next()` where an operand comes next (see `QueryScanner.scanOperand`). */
  private nextOperand(): void {
    this.prevEnd = this.scanner.tokenEnd;
    this.scanner.scanOperand();
  }

  /** `next()` after an operand or `)` (see `QueryScanner.scanAfterOperand`). */
  private nextAfterOperand(): void {
    this.prevEnd = this.scanner.tokenEnd;
    this.scanner.scanAfterOperand();
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
    return { kind: 'logical', operator, operands: [left, right], operatorOffsets: [], start: left.start, end: right.end };
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

  /*
   * `parseOr` and `parseAnd` read the common case, up to four operands joined by the same
   * operator with nothing amiss, into local variables and build the node's arrays once at their
   * exact length. Anything else (a missing operand, junk, a near-miss operator, longer runs) moves
   * what was read onto the parser's stacks and continues in `parseOrRest` / `parseAndRest`, the
   * general loops, exactly where the fast loop stopped.
   */

  private parseOr(): Expression | undefined {
    const first = this.parseAnd();
    if (!this.orOperator()) return first;
    const operandBase = this.operandTop;
    const offsetBase = this.offsetTop;
    if (!first) return this.parseOrRest(this.scanner.tokenStart, operandBase, offsetBase, true);
    const s = this.scanner;
    let second: Expression | undefined;
    let third: Expression | undefined;
    let fourth: Expression | undefined;
    let count = 1;
    let op1Start = 0, op1End = 0, op2Start = 0, op2End = 0, op3Start = 0, op3End = 0;
    let atOperator = true;
    for (;;) {
      const opStart = s.tokenStart;
      const opEnd = s.tokenEnd;
      this.next();
      const right = this.parseAnd();
      if (count === 1) (op1Start = opStart), (op1End = opEnd);
      else if (count === 2) (op2Start = opStart), (op2End = opEnd);
      else (op3Start = opStart), (op3End = opEnd);
      if (!right) {
        // Move what was read to the stacks, then report as the general loop would have.
        this.spill(first, second, third, count, op1Start, op1End, op2Start, op2End, op3Start, op3End, count);
        this.reportMissingAfter(opStart, opEnd, '||');
        atOperator = false;
        break;
      }
      if (count === 1) second = right;
      else if (count === 2) third = right;
      else fourth = right;
      count++;
      const kind = this.tok();
      if (kind === T_OR && count < 4) continue;
      if (kind === T_EOF || kind === T_RPAREN) {
        return { kind: 'logical', operator: '||', operands: operandList(first, second, third, fourth, count), operatorOffsets: offsetList(op1Start, op1End, op2Start, op2End, op3Start, op3End, count - 1), start: first.start, end: this.prevEnd };
      }
      this.spill(first, second, third, count, op1Start, op1End, op2Start, op2End, op3Start, op3End, count - 1);
      if (count === 4) this.operandStack[this.operandTop++] = fourth!;
      atOperator = false;
      break;
    }
    return this.parseOrRest(first.start, operandBase, offsetBase, atOperator);
  }

  /** Pushes up to four operands (`count`, of which the fourth is pushed by the caller) and `ops` operator offset pairs. */
  private spill(first: Expression, second: Expression | undefined, third: Expression | undefined, count: number, op1Start: number, op1End: number, op2Start: number, op2End: number, op3Start: number, op3End: number, ops: number): void {
    const operands = this.operandStack;
    operands[this.operandTop++] = first;
    if (count > 1) operands[this.operandTop++] = second!;
    if (count > 2) operands[this.operandTop++] = third!;
    const offsets = this.offsetStack;
    if (ops > 0) (offsets[this.offsetTop++] = op1Start), (offsets[this.offsetTop++] = op1End);
    if (ops > 1) (offsets[this.offsetTop++] = op2Start), (offsets[this.offsetTop++] = op2End);
    if (ops > 2) (offsets[this.offsetTop++] = op3Start), (offsets[this.offsetTop++] = op3End);
  }

  /** The general `||` loop; `atOperator` when the current token already passed `orOperator`. */
  private parseOrRest(start: number, operandBase: number, offsetBase: number, atOperator: boolean): Expression {
    const operands = this.operandStack;
    const offsets = this.offsetStack;
    let more = atOperator || this.orOperator();
    while (more) {
      const opStart = this.scanner.tokenStart;
      const opEnd = this.scanner.tokenEnd;
      if (this.operandTop === operandBase) {
        start = opStart;
        this.report('noarkq.syntax-missing-operand', opStart, opEnd, 'A condition is missing before `||`.');
      }
      offsets[this.offsetTop++] = opStart;
      offsets[this.offsetTop++] = opEnd;
      this.next();
      const right = this.parseAnd();
      if (right) operands[this.operandTop++] = right;
      else this.reportMissingAfter(opStart, opEnd, '||');
      more = this.orOperator();
    }
    const node: Expression = { kind: 'logical', operator: '||', operands: take(operands, operandBase, this.operandTop), operatorOffsets: take(offsets, offsetBase, this.offsetTop), start, end: this.prevEnd };
    this.operandTop = operandBase;
    this.offsetTop = offsetBase;
    return node;
  }

  private parseAnd(): Expression | undefined {
    const first = this.parseTerm();
    // Fast exit for the common case (a single condition before `||`, `)` or the end).
    let after = this.tok();
    if (first && (after === T_EOF || after === T_OR || (after === T_RPAREN && this.depth > 0))) return first;
    const operandBase = this.operandTop;
    const offsetBase = this.offsetTop;
    if (!first) return this.parseAndRest(this.scanner.tokenStart, operandBase, offsetBase);
    if (after === T_AND) {
      const s = this.scanner;
      let second: Expression | undefined;
      let third: Expression | undefined;
      let fourth: Expression | undefined;
      let count = 1;
      let op1Start = 0, op1End = 0, op2Start = 0, op2End = 0, op3Start = 0, op3End = 0;
      for (;;) {
        const opStart = s.tokenStart;
        const opEnd = s.tokenEnd;
        this.next();
        const right = this.parseTerm();
        if (count === 1) (op1Start = opStart), (op1End = opEnd);
        else if (count === 2) (op2Start = opStart), (op2End = opEnd);
        else (op3Start = opStart), (op3End = opEnd);
        if (!right) {
          this.spill(first, second, third, count, op1Start, op1End, op2Start, op2End, op3Start, op3End, count);
          this.reportMissingAfter(opStart, opEnd, '&&');
          return this.parseAndRest(first.start, operandBase, offsetBase);
        }
        if (count === 1) second = right;
        else if (count === 2) third = right;
        else fourth = right;
        count++;
        after = this.tok();
        if (after !== T_AND || count === 4) break;
      }
      if (after === T_EOF || after === T_OR || (after === T_RPAREN && this.depth > 0)) {
        return { kind: 'logical', operator: '&&', operands: operandList(first, second, third, fourth, count), operatorOffsets: offsetList(op1Start, op1End, op2Start, op2End, op3Start, op3End, count - 1), start: first.start, end: this.prevEnd };
      }
      this.spill(first, second, third, count, op1Start, op1End, op2Start, op2End, op3Start, op3End, count - 1);
      if (count === 4) this.operandStack[this.operandTop++] = fourth!;
      return this.parseAndRest(first.start, operandBase, offsetBase);
    }
    this.operandStack[this.operandTop++] = first;
    return this.parseAndRest(first.start, operandBase, offsetBase);
  }

  /** The general `&&` loop, over operands and operators already on the stacks from `operandBase` / `offsetBase`. */
  private parseAndRest(start: number, operandBase: number, offsetBase: number): Expression | undefined {
    const operands = this.operandStack;
    const offsets = this.offsetStack;
    for (;;) {
      if (this.andOperator()) {
        const opStart = this.scanner.tokenStart;
        const opEnd = this.scanner.tokenEnd;
        if (this.operandTop === operandBase) {
          start = opStart;
          this.report('noarkq.syntax-missing-operand', opStart, opEnd, 'A condition is missing before `&&`.');
        }
        offsets[this.offsetTop++] = opStart;
        offsets[this.offsetTop++] = opEnd;
        this.next();
        const right = this.parseTerm();
        if (right) operands[this.operandTop++] = right;
        else this.reportMissingAfter(opStart, opEnd, '&&');
        continue;
      }
      const kind = this.tok();
      if (kind === T_EOF || kind === T_OR || kind === T_PIPE || (kind === T_IDENT && this.isOrWord())) break;
      if (kind === T_RPAREN && this.depth > 0) break;
      if (this.operandTop === operandBase && !isTermStart(kind)) break;
      if (isTermStart(kind)) {
        const previous = this.operandTop > operandBase ? operands[this.operandTop - 1] : undefined;
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
      if (more) operands[this.operandTop++] = more;
    }
    const count = this.operandTop - operandBase;
    let node: Expression | undefined;
    if (count === 1 && this.offsetTop === offsetBase) node = operands[operandBase];
    else if (count > 0) node = { kind: 'logical', operator: '&&', operands: take(operands, operandBase, this.operandTop), operatorOffsets: take(offsets, offsetBase, this.offsetTop), start, end: this.prevEnd };
    this.operandTop = operandBase;
    this.offsetTop = offsetBase;
    return node;
  }

  private isOrWord(): boolean {
    const s = this.scanner;
    return s.tokenEnd - s.tokenStart === 2 && s.tokenText().toLowerCase() === 'or';
  }

  private reportMissingAfter(opStart: number, opEnd: number, symbol: string): void {
    // parseTerm already reported junk it skipped; only a clean gap needs its own diagnostic.
    const last = this.diagnostics[this.diagnostics.length - 1];
    if (last && last.start >= opEnd) return;
    this.report('noarkq.syntax-missing-operand', opStart, opEnd, `A condition is missing after \`${symbol}\`: write \`field = @parameter\` or remove the operator.`);
  }

  /** Kept small (the engine inlines it into the loops): conditions and groups; the rest goes to `parseOtherTerm`. */
  private parseTerm(): Expression | undefined {
    const kind = this.tok();
    if (kind === T_IDENT || kind === T_ALIAS) return this.parseComparison(this.parsePath());
    if (kind === T_LPAREN && this.depth < MAX_DEPTH) return this.parseGroup();
    return this.parseOtherTerm(kind);
  }

  /** `( expression )` at the current `(`. */
  private parseGroup(): Expression {
    const openStart = this.scanner.tokenStart;
    this.next();
    this.depth++;
    const inner = this.parseOr();
    this.depth--;
    if (this.tok() === T_RPAREN) {
      this.nextAfterOperand();
      if (!inner) this.report('noarkq.syntax-missing-operand', openStart, this.prevEnd, 'Empty parentheses: write a condition inside or remove them.');
      return { kind: 'group', expression: inner, closed: true, start: openStart, end: this.prevEnd };
    }
    this.report('noarkq.syntax-unbalanced', openStart, openStart + 1, 'This `(` is never closed: add the matching `)`.', [
      { title: 'Insert `)`', edits: [{ start: this.prevEnd, end: this.prevEnd, newText: ')' }] },
    ]);
    return { kind: 'group', expression: inner, closed: false, start: openStart, end: this.prevEnd };
  }

  /** A term that starts with anything but a name or a `(` within the nesting limit. */
  private parseOtherTerm(kind: TokenKind): Expression | undefined {
    if (kind === T_LPAREN && this.depth >= MAX_DEPTH) {
      // Deeper nesting would exhaust the stack; no real query comes near this.
      const { start, end } = this.tokenSpan();
      if (!this.tooDeepReported) this.report('noarkq.syntax-unexpected-token', start, end, `Parentheses are nested more than ${MAX_DEPTH} levels deep: simplify the expression.`);
      this.tooDeepReported = true;
      while (this.tok() === T_LPAREN) this.next();
      return this.parseTerm();
    }
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
    const firstEnd = s.tokenEnd;
    const isAlias = s.token() === T_ALIAS;
    const alias: AliasName | undefined = isAlias ? { name: s.tokenName(), start, end: firstEnd } : undefined;
    const first: Identifier | undefined = isAlias ? undefined : { name: s.tokenText(), start, end: firstEnd };
    // `.name` written without spaces (nearly always): read it straight from the text. The ends go
    // to a typed array first, so the segment list is built once at its exact length.
    const chained = s.dottedNames(s.position, chainEnds);
    const pos = chained > 0 ? chainEnds[chained - 1] : s.position;
    let segments: Identifier[];
    if (chained === 0) segments = first ? [first] : [];
    else {
      segments = new Array<Identifier>(chained + (first ? 1 : 0));
      let count = 0;
      if (first) segments[count++] = first;
      const shift = s.shift;
      let from = s.position + 1;
      for (let i = 0; i < chained; i++) {
        const to = chainEnds[i];
        segments[count++] = { name: s.textAt(from, to), start: from + shift, end: to + shift };
        from = to + 1;
      }
    }
    this.prevEnd = pos + s.shift;
    s.scanOperator(pos);
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
    if (kind === T_EQ || kind === T_NEQ || kind === T_LIKE) {
      const opStart = this.scanner.tokenStart;
      const opEnd = this.scanner.tokenEnd;
      const operator = kind === T_EQ ? '=' : kind === T_NEQ ? '!=' : '%=';
      this.nextOperand();
      const operand = this.parseOperand(opStart, opEnd);
      return { kind: 'comparison', path, operator, operatorStart: opStart, operatorEnd: opEnd, operand, start: path ? path.start : opStart, end: this.prevEnd };
    }
    return this.parseComparisonRecovering(path, kind);
  }

  /** `parseComparison` at anything but `=`, `!=` or `%=`: a near-miss operator or none. */
  private parseComparisonRecovering(path: Path | undefined, kind: TokenKind): Comparison {
    const start = path ? path.start : this.scanner.tokenStart;
    let operator: ComparisonOperator | undefined;
    let opStart = -1;
    let opEnd = -1;
    let operand: Operand | undefined;
    if (isComparisonOperatorToken(kind)) {
      const near = nearMissOperators.find((n) => n.kind === kind)!;
      opStart = this.scanner.tokenStart;
      opEnd = this.scanner.tokenEnd;
      operator = near.operator;
      const fixes = kind === T_EQEQ || kind === T_BANG ? [{ title: `Replace with \`${near.operator}\``, edits: [{ start: opStart, end: opEnd, newText: near.operator }], preferred: true }] : undefined;
      this.report('noarkq.syntax-invalid-operator', opStart, opEnd, near.message, fixes);
      this.next();
      // `! =` written apart still means `!=`.
      if (kind === T_BANG && this.tok() === T_EQ) this.next();
      operand = this.parseOperand(opStart, opEnd);
    } else if (kind === T_PARAM || kind === T_LBRACKET || kind === T_LBRACE || kind === T_NUMBER || kind === T_STRING || kind === T_STAR) {
      const at = this.tokenSpan();
      this.report('noarkq.syntax-missing-operator', at.start, at.end, `Missing \`=\`, \`!=\` or \`%=\` before ${describe(this.scanner.tokenText())}.`, [
        { title: 'Insert `=`', edits: [{ start: at.start, end: at.start, newText: '= ' }], preferred: true },
      ]);
      operand = this.parseOperand(at.start, at.end);
    } else {
      const at = path ?? this.tokenSpan();
      this.report('noarkq.syntax-missing-operator', at.start, at.end, 'Incomplete condition: compare the field with a parameter, e.g. `field = @value`.');
    }
    // One object literal with every property: a stable shape keeps the AST fast to build and walk.
    return { kind: 'comparison', path, operator, operatorStart: opStart, operatorEnd: opEnd, operand, start, end: this.prevEnd };
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

  /** The operand after the operator at `[afterStart, afterEnd)` (where a missing one is reported). */
  private parseOperand(afterStart: number, afterEnd: number): Operand | undefined {
    const s = this.scanner;
    const kind = s.token();
    if (kind === T_PARAM) {
      const p: Parameter = { kind: 'parameter', name: s.tokenName(), start: s.tokenStart, end: s.tokenEnd };
      this.nextAfterOperand();
      return p;
    }
    if (kind === T_LBRACKET || kind === T_LBRACE) return this.parseRange();
    return this.parseOtherOperand(kind, afterStart, afterEnd);
  }

  /** An operand that is neither a parameter nor a range: a literal, a field, or nothing. */
  private parseOtherOperand(kind: TokenKind, afterStart: number, afterEnd: number): Operand | undefined {
    const s = this.scanner;
    if (kind === T_NUMBER || kind === T_STRING || kind === T_STAR) return this.parseLiteral();
    if (kind === T_IDENT || kind === T_ALIAS) {
      if (this.startsComparison()) {
        this.report('noarkq.syntax-missing-operand', afterStart, afterEnd, 'A parameter is missing after this operator: write e.g. `= @value`.');
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
    this.report('noarkq.syntax-missing-operand', afterStart, afterEnd, 'A parameter is missing after this operator: write e.g. `= @value`.');
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
      const p: Parameter = { kind: 'parameter', name: s.tokenName(), start: s.tokenStart, end: s.tokenEnd };
      this.next();
      return p;
    }
    if (kind === T_NUMBER || kind === T_STRING || kind === T_STAR || kind === T_IDENT) return this.parseLiteral();
    return undefined;
  }

  private parseRange(): Range {
    const s = this.scanner;
    const openStart = s.tokenStart;
    const openEnd = s.tokenEnd;
    const lowerInclusive = s.token() === T_LBRACKET;
    let upperInclusive = true;
    let closed = false;
    this.nextOperand();
    const lower = this.parseBound();
    let separator = false;
    if (s.token() === T_COLON) {
      separator = true;
      this.nextOperand();
    } else if (s.token() === T_COMMA || (s.token() === T_UNKNOWN && s.tokenText() === '-')) {
      const { start, end } = this.tokenSpan();
      this.report('noarkq.syntax-malformed-range', start, end, 'Separate the bounds of a range with `:`, e.g. `[@from:@to]`.', [
        { title: 'Replace with `:`', edits: [{ start, end, newText: ':' }], preferred: true },
      ]);
      separator = true;
      this.next();
    }
    const upper = this.parseBound();
    if (!lower || !upper || !separator) {
      const at = this.prevEnd;
      const message = !lower && !upper
        ? 'A range needs two bounds: write `[@from:@to]`.'
        : !separator
          ? 'Separate the bounds of a range with `:`, e.g. `[@from:@to]`.'
          : !lower
            ? 'The range has no lower bound: write `[@from:@to]` (a parameter set to "*" leaves a bound open).'
            : 'The range has no upper bound: write `[@from:@to]` (a parameter set to "*" leaves a bound open).';
      this.report('noarkq.syntax-malformed-range', openStart, Math.max(at, openEnd), message);
    }
    if (s.token() === T_RBRACKET || s.token() === T_RBRACE) {
      upperInclusive = s.token() === T_RBRACKET;
      closed = true;
      this.nextAfterOperand();
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
        upperInclusive = s.token() === T_RBRACKET;
        closed = true;
        this.next();
      } else {
        this.report('noarkq.syntax-malformed-range', openStart, openEnd, 'The range is not closed: end it with `]` (inclusive) or `}` (exclusive).', [
          { title: 'Insert `]`', edits: [{ start: this.prevEnd, end: this.prevEnd, newText: ']' }] },
        ]);
      }
    }
    // Built once complete: one object literal with every property, as everywhere in the AST.
    return { kind: 'range', lowerInclusive, upperInclusive, lower, upper, closed, start: openStart, end: this.prevEnd };
  }
}

/**
 * Parses a bare query expression (e.g. the `query` string of a JSON body) in `text[start, end)`.
 * Offsets are in `text`'s space. An empty expression gives `undefined` and no diagnostic.
 */
export function parseQueryExpression(text: string, start = 0, end = text.length): { expression: Expression | undefined; diagnostics: NoarkqDiagnostic[] } {
  return parseWith(text, start, end, 0);
}

/** Parses an expression from a masked copy of part of a document (`src[0]` is document offset `delta`). */
export function parseMaskedExpression(src: string, delta: number): { expression: Expression | undefined; diagnostics: NoarkqDiagnostic[] } {
  return parseWith(src, 0, src.length, delta);
}

/** The parser of the last finished parse, ready for the next: building a parser (its scanner and
 * its stacks) costs a good share of parsing a typical expression. */
let spareParser: ExpressionParser | undefined;

function parseWith(src: string, start: number, end: number, delta: number): { expression: Expression | undefined; diagnostics: NoarkqDiagnostic[] } {
  const reused = spareParser;
  // Taken while in use, so a parse started during another one (none does today) gets its own.
  spareParser = undefined;
  if (reused) reused.scanner.reset(src, start, end, delta);
  const parser = reused ?? new ExpressionParser(src, start, end, delta);
  const wellFormed = readWellFormedExpression(parser.scanner);
  let result: { expression: Expression | undefined; diagnostics: NoarkqDiagnostic[] };
  if (wellFormed !== null) result = { expression: wellFormed, diagnostics: [] };
  else {
    if (reused) parser.restart();
    const expression = parser.parseExpression();
    result = { expression, diagnostics: parser.diagnostics };
  }
  // Kept for the next parse, but not the text: that may be a whole document.
  parser.scanner.src = '';
  spareParser = parser;
  return result;
}
