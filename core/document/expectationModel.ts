/**
 * `EXPECT` and `RETRY` lines (the format's "Expectations and tests"): what a block's response
 * must be, and how often a reading request is sent again until it is. Spans are block-relative,
 * like everything in a `ParsedBlock`.
 */
import type { Span } from '../diagnostics';
import type { JsonValue } from '../jsonValue';
import type { ReferenceOccurrence, Token } from './documentModel';

export const expectationOperators = ['=', '!=', '<', '<=', '>', '>=', '%=', '~'] as const;
export type ExpectationOperator = (typeof expectationOperators)[number];

/** `.results` (the span covers the name, without the dot), `[0]` or `[*]` (the span covers the
 * brackets). `.length` is the property `length`: whether it means the length of an array or a
 * string is decided where the shape or value is known. */
export type ExpectationPathSegment =
  | ({ kind: 'property'; name: string } & Span)
  | ({ kind: 'index'; index: number } & Span)
  | ({ kind: 'each' } & Span);

export type ExpectationSubject =
  | ({ kind: 'status' } & Span)
  /** Milliseconds, the whole exchange. */
  | ({ kind: 'time' } & Span)
  /** `header <name>`; the name is undefined when it is missing (reported). */
  | ({ kind: 'header'; name: Token | undefined } & Span)
  /** A path into the response body. */
  | ({ kind: 'body'; segments: readonly ExpectationPathSegment[] } & Span);

export type ExpectationValue =
  | { kind: 'json'; value: JsonValue; span: Span }
  /** `/source/flags`, after `~`. */
  | { kind: 'regex'; source: string; flags: string; span: Span }
  /** `@name`; `name` is without the `@`. */
  | { kind: 'variable'; name: string; span: Span }
  | { kind: 'reference'; reference: ReferenceOccurrence; span: Span }
  /** Reported while parsing; `span` is what was written (may be empty). */
  | { kind: 'invalid'; span: Span };

export type ExpectationTest =
  | { test: 'compare'; operator: Token & { op: ExpectationOperator }; value: ExpectationValue }
  | { test: 'exists' | 'absent'; word: Token };

/** One `EXPECT` line. */
export type Expectation = Span & {
  /** `EXPECT` as written (keywords are case-insensitive). */
  keyword: Token;
  /** Undefined when the line stops after `EXPECT` (reported). */
  subject: ExpectationSubject | undefined;
  /** Undefined when the line stops after the subject, or the operator is unreadable (reported). */
  check: ExpectationTest | undefined;
  /** Written before the request line: reported and not run. */
  misplaced: boolean;
};

/** `RETRY <n> [EVERY <duration>]`. */
export interface RetryClause extends Span {
  keyword: Token;
  /** How many more times the request may be sent; undefined when missing or not a whole number. */
  count: number | undefined;
  countSpan: Span | undefined;
  /** Milliseconds between attempts (1000 when `EVERY` is not written). */
  intervalMs: number;
  /** The `EVERY` keyword, when written. */
  every: Token | undefined;
  /** The `<duration>` after `EVERY`, when written. */
  intervalSpan: Span | undefined;
}
