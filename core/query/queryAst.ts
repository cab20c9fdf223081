/**
 * The query AST. Every node carries its span in the offset space of the text it was parsed from
 * (the whole `.noarkq` document), so diagnostics, hovers and fixes point at the user's characters.
 * Nodes may be incomplete: the parser recovers from errors and leaves the missing parts undefined.
 */
import type { Span } from '../diagnostics';
import type { JsonValue } from '../jsonValue';

/** An identifier: a field or reference name, an entity type. */
export interface Identifier extends Span {
  name: string;
}

/** `#name`: the span includes `#`, `name` does not. */
export interface AliasName extends Span {
  name: string;
}

/** `refMappe.tittel`, `#k1.klasseIdent`, `#k1` (alias alone). */
export interface Path extends Span {
  kind: 'path';
  alias?: AliasName;
  /** The identifiers after the alias (all of them when there is no alias). */
  segments: Identifier[];
  /** True when the path ends with `.` and no identifier follows (already reported). */
  incomplete: boolean;
}

/** `@name`: the span includes `@`, `name` does not. */
export interface Parameter extends Span {
  kind: 'parameter';
  name: string;
}

/** A literal where a parameter belongs (always an error: rule 1); kept so that a fix can move it
 * into a variable. `value` is the JSON value the literal stands for. */
export interface Literal extends Span {
  kind: 'literal';
  literal: 'number' | 'string' | 'word' | 'star';
  text: string;
  value: JsonValue;
}

export type Bound = Parameter | Literal;

/** `[@a:@b}`: `[`/`]` include the bound, `{`/`}` exclude it. */
export interface Range extends Span {
  kind: 'range';
  lowerInclusive: boolean;
  upperInclusive: boolean;
  lower?: Bound;
  upper?: Bound;
  /** False when the closing bracket is missing (already reported). */
  closed: boolean;
}

export type Operand = Parameter | Literal | Range;

export type ComparisonOperator = '=' | '!=' | '%=';

export interface Comparison extends Span {
  kind: 'comparison';
  /** Undefined when the comparison starts with its operator (already reported). */
  path?: Path;
  /** Undefined when missing; a near-miss (`==`, `<`) is reported and recorded as its closest
   * operator so that checking can go on. */
  operator?: ComparisonOperator;
  /** Where the operator is written, -1 when `operator` is undefined (see `comparisonOperatorSpan`).
   * Numbers rather than a span object: one allocation fewer per condition while parsing. */
  operatorStart: number;
  operatorEnd: number;
  operand?: Operand;
}

/** Where the comparison's operator is written (undefined when it is missing). */
export function comparisonOperatorSpan(comparison: Comparison): Span | undefined {
  return comparison.operatorStart < 0 ? undefined : { start: comparison.operatorStart, end: comparison.operatorEnd };
}

/** `a && b && c` or `a || b`: one node per run of the same operator (left to right). */
export interface LogicalExpression extends Span {
  kind: 'logical';
  operator: '&&' | '||';
  operands: Expression[];
  /** Start and end of each operator token between the operands, flat: `[start0, end0, start1,
   * end1, ...]` (`operands.length - 1` pairs, fewer when one was missing and implied). Numbers
   * rather than span objects, as in `Comparison`; `logicalOperatorSpans` gives the spans. */
  operatorOffsets: number[];
}

/** The operator tokens of a logical expression, in text order. */
export function logicalOperatorSpans(expression: LogicalExpression): Span[] {
  const offsets = expression.operatorOffsets;
  const spans: Span[] = [];
  for (let i = 0; i + 1 < offsets.length; i += 2) spans.push({ start: offsets[i], end: offsets[i + 1] });
  return spans;
}

/** `( expression )`: kept so that serialisation keeps the user's parentheses. */
export interface GroupExpression extends Span {
  kind: 'group';
  expression?: Expression;
  /** False when `)` is missing (already reported). */
  closed: boolean;
}

export type Expression = Comparison | LogicalExpression | GroupExpression;

export interface WhereClause extends Span {
  keyword: Span;
  expression?: Expression;
}

/** `JOIN #alias = <reference path>` */
export interface JoinClause extends Span {
  keyword: Span;
  /** The whole line including its line break: deleting it removes the JOIN. */
  line: Span;
  alias?: AliasName;
  path?: Path;
}

export interface SortItem extends Span {
  path: Path;
  order: 'asc' | 'desc';
  /** The written `ASC`/`DESC`, absent when defaulted. */
  orderSpan?: Span;
}

export interface SortClause extends Span {
  keyword: Span;
  items: SortItem[];
}

/** `LIMIT n`, `OFFSET n`: `value` is undefined when the text is not a whole number (reported). */
export interface NumberClause extends Span {
  keyword: Span;
  value?: number;
  valueSpan?: Span;
}

export interface BooleanClause extends Span {
  keyword: Span;
  value?: boolean;
  valueSpan?: Span;
}

/**
 * One QUERY request. `start` is the start of the QUERY line: a block variable line
 * (`@name = value`) can be inserted there. `end` is the end of the request's text.
 */
export interface QueryRequest extends Span {
  keyword: Span;
  type?: Identifier;
  /** Where a new clause line (e.g. `JOIN ...`) can be inserted: the start of the line after the
   * QUERY line (or the end of the text when there is none; then a line break is needed first). */
  clauseInsertOffset: number;
  /** True when `clauseInsertOffset` is at the end of the QUERY line itself (no next line). */
  clauseInsertNeedsNewline: boolean;
  where?: WhereClause;
  joins: JoinClause[];
  sort?: SortClause;
  limit?: NumberClause;
  offset?: NumberClause;
  publicUse?: BooleanClause;
}

/** The exact body of `POST query`: defined with the interface's other bodies (core/api). */
export type { QueryBody } from '../api/queryBodies';
