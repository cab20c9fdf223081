/**
 * The fast path of the expression parser: reads an expression that needs no diagnostic (only
 * `path op @param` / `path op [@a:@b}` conditions, parentheses, `&&`, `||`, at most four operands
 * per run) straight from the scanner's bytes, keeping positions in local variables instead of
 * going token by token through the scanner. It builds exactly the AST `ExpressionParser` builds.
 * At the first thing it does not handle it gives up (`null`) without side effects, and the caller
 * parses with `ExpressionParser`, so diagnostics and recovery stay in one place. Nearly every
 * expression an editor, the CLI or the sandbox parses is well formed.
 */
import type { AliasName, ComparisonOperator, Expression, Identifier, Operand, Parameter, Path } from './queryAst';
import { isNameByte as scannerIsNameByte, isNameStartByte as scannerIsNameStartByte, type QueryScanner } from './queryScanner';

// Module-level copies: a call through an import binding reads the exporting module's object each
// time (a getter call once compiled to CommonJS), on every character here.
const isNameByte = scannerIsNameByte;
const isNameStartByte = scannerIsNameStartByte;

/** Parenthesis nesting followed here; deeper input goes to the full parser (which limits it). */
const MAX_DEPTH = 200;

/** Ends of the `.name` segments of the path being read. */
const chainEnds = new Int32Array(16);

class WellFormedReader {
  private codes: Uint8Array = new Uint8Array(0);
  private src = '';
  private base = 0;
  private shift = 0;
  private end = 0;
  /** Position just past the last token read. */
  private pos = 0;
  private depth = 0;

  read(scanner: QueryScanner): Expression | undefined | null {
    this.codes = scanner.bytes();
    this.src = scanner.src;
    this.base = scanner.base;
    this.shift = scanner.shift;
    this.end = scanner.length;
    this.pos = 0;
    this.depth = 0;
    let expression: Expression | undefined | null;
    if (this.skip(0) >= this.end) expression = undefined;
    else {
      expression = this.or();
      if (expression !== null && this.skip(this.pos) < this.end) expression = null;
    }
    // Not kept alive by the reader: the text may be a whole document.
    this.src = '';
    return expression;
  }

  private skip(pos: number): number {
    const codes = this.codes;
    const end = this.end;
    while (pos < end) {
      const c = codes[pos];
      if (c !== 32 && (c > 13 || c < 9)) break;
      pos++;
    }
    return pos;
  }

  /** Whether `cc` (`&&` or `||`) is at `pos`. */
  private double(pos: number, c: number): boolean {
    return pos + 1 < this.end && this.codes[pos] === c && this.codes[pos + 1] === c;
  }

  private or(): Expression | null {
    const first = this.and();
    if (first === null) return null;
    return this.run(first, 124, '||');
  }

  private and(): Expression | null {
    const first = this.term();
    if (first === null) return null;
    return this.run(first, 38, '&&');
  }

  /** `first` and whatever follows it joined by `&&` (c = 38) or `||` (124). */
  private run(first: Expression, c: number, operator: '&&' | '||'): Expression | null {
    let pos = this.skip(this.pos);
    if (!this.double(pos, c)) return first;
    const shift = this.shift;
    let second: Expression | null = null;
    let third: Expression | null = null;
    let fourth: Expression | null = null;
    let count = 1;
    let op1 = 0, op2 = 0, op3 = 0;
    do {
      if (count === 4) return null;
      this.pos = pos + 2;
      const right = c === 38 ? this.term() : this.and();
      if (right === null) return null;
      if (count === 1) (second = right), (op1 = pos);
      else if (count === 2) (third = right), (op2 = pos);
      else (fourth = right), (op3 = pos);
      count++;
      pos = this.skip(this.pos);
    } while (this.double(pos, c));
    op1 += shift;
    op2 += shift;
    op3 += shift;
    return {
      kind: 'logical',
      operator,
      operands: count === 2 ? [first, second!] : count === 3 ? [first, second!, third!] : [first, second!, third!, fourth!],
      operatorOffsets: count === 2 ? [op1, op1 + 2] : count === 3 ? [op1, op1 + 2, op2, op2 + 2] : [op1, op1 + 2, op2, op2 + 2, op3, op3 + 2],
      start: first.start,
      end: this.pos + shift,
    };
  }

  private term(): Expression | null {
    const pos = this.skip(this.pos);
    if (pos >= this.end) return null;
    if (this.codes[pos] !== 40) return this.comparison(pos);
    if (this.depth >= MAX_DEPTH) return null;
    this.pos = pos + 1;
    this.depth++;
    const inner = this.or();
    this.depth--;
    if (inner === null) return null;
    const close = this.skip(this.pos);
    if (close >= this.end || this.codes[close] !== 41) return null;
    this.pos = close + 1;
    return { kind: 'group', expression: inner, closed: true, start: pos + this.shift, end: close + 1 + this.shift };
  }

  private comparison(start: number): Expression | null {
    const path = this.path(start);
    if (path === null) return null;
    const codes = this.codes;
    const end = this.end;
    const op = this.skip(this.pos);
    if (op + 1 >= end) return null;
    const c = codes[op];
    const next = codes[op + 1];
    let operator: ComparisonOperator;
    let opEnd = op + 1;
    if (c === 61 && next !== 61) operator = '=';
    else if (next === 61 && c === 33) (operator = '!='), (opEnd = op + 2);
    else if (next === 61 && c === 37) (operator = '%='), (opEnd = op + 2);
    else return null;
    const at = this.skip(opEnd);
    if (at >= end) return null;
    const first = codes[at];
    let operand: Operand | null;
    if (first === 64) operand = this.parameter(at);
    else if (first === 91 || first === 123) operand = this.range(at);
    else return null;
    if (operand === null) return null;
    const shift = this.shift;
    return { kind: 'comparison', path, operator, operatorStart: op + shift, operatorEnd: opEnd + shift, operand, start: path.start, end: this.pos + shift };
  }

  private nameEnd(pos: number): number {
    const codes = this.codes;
    const end = this.end;
    while (pos < end && isNameByte(codes[pos])) pos++;
    return pos;
  }

  /** `name`, `name.name...` or `#alias.name...` at `start` (no spaces around the dots). */
  private path(start: number): Path | null {
    const codes = this.codes;
    const end = this.end;
    const src = this.src;
    const base = this.base;
    const shift = this.shift;
    let alias: AliasName | undefined;
    let first: Identifier | undefined;
    let pos: number;
    if (codes[start] === 35) {
      pos = this.nameEnd(start + 1);
      if (pos === start + 1) return null;
      alias = { name: src.slice(base + start + 1, base + pos), start: start + shift, end: pos + shift };
    } else if (isNameStartByte(codes[start])) {
      pos = this.nameEnd(start + 1);
      first = { name: src.slice(base + start, base + pos), start: start + shift, end: pos + shift };
    } else return null;
    let chained = 0;
    while (pos + 1 < end && codes[pos] === 46 && isNameStartByte(codes[pos + 1])) {
      if (chained === chainEnds.length) return null;
      pos = this.nameEnd(pos + 2);
      chainEnds[chained++] = pos;
    }
    let segments: Identifier[];
    if (chained === 0) segments = first ? [first] : [];
    else {
      segments = new Array<Identifier>(chained + (first ? 1 : 0));
      let count = 0;
      if (first) segments[count++] = first;
      let from = (first ? first.end : alias!.end) - shift + 1;
      for (let i = 0; i < chained; i++) {
        const to = chainEnds[i];
        segments[count++] = { name: src.slice(base + from, base + to), start: from + shift, end: to + shift };
        from = to + 1;
      }
    }
    this.pos = pos;
    return { kind: 'path', alias, segments, incomplete: false, start: start + shift, end: pos + shift };
  }

  /** `@name` at `at` (a non-empty name). */
  private parameter(at: number): Parameter | null {
    const end = this.nameEnd(at + 1);
    if (end === at + 1) return null;
    this.pos = end;
    return { kind: 'parameter', name: this.src.slice(this.base + at + 1, this.base + end), start: at + this.shift, end: end + this.shift };
  }

  /** `[@a:@b]` (any of `[`/`{` and `]`/`}`) at `at`. */
  private range(at: number): Operand | null {
    const codes = this.codes;
    const end = this.end;
    let pos = this.skip(at + 1);
    if (pos >= end || codes[pos] !== 64) return null;
    const lower = this.parameter(pos);
    if (lower === null) return null;
    pos = this.skip(this.pos);
    if (pos >= end || codes[pos] !== 58) return null;
    pos = this.skip(pos + 1);
    if (pos >= end || codes[pos] !== 64) return null;
    const upper = this.parameter(pos);
    if (upper === null) return null;
    pos = this.skip(this.pos);
    if (pos >= end) return null;
    const close = codes[pos];
    if (close !== 93 && close !== 125) return null;
    this.pos = pos + 1;
    return { kind: 'range', lowerInclusive: codes[at] === 91, upperInclusive: close === 93, lower, upper, closed: true, start: at + this.shift, end: pos + 1 + this.shift };
  }
}

const reader = new WellFormedReader();

/**
 * The expression in the scanner's text when it is well formed (`undefined` for blank text), or
 * `null` when `ExpressionParser` must parse it. Reads the scanner's bytes; leaves its state alone.
 */
export function readWellFormedExpression(scanner: QueryScanner): Expression | undefined | null {
  return reader.read(scanner);
}
