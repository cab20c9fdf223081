/**
 * Whether a response meets a block's `EXPECT` lines (the format's "Expectations and tests"),
 * one outcome per expectation, in words a person can act on. Pure: the runner passes the
 * response it observed and the expectations with their values already resolved (`@year`,
 * `{{block.path}}`), so `noarkq test`, the Testing view and the results panel judge alike.
 *
 * The decisions the format leaves open, taken as users of Hurl and httpYac expect them:
 * - `exists` is "the key is there", a null value included (`!= null` asks for a value);
 *   `absent` is its negation. A path that cannot be walked (a key on a string, an index past
 *   the end, `[*]` on an object) leads to no value: absent.
 * - A comparison on a missing path fails, naming the first segment that is missing.
 * - `[*]` holds for every element and for no element of an empty array (at every level when
 *   nested); the failure names the first element that fails.
 * - `.length` as the last segment is the length of an array, or of a string in characters
 *   (code points); on an object it is the object's key `length`.
 * - `header <name>` is found case-insensitively; a header sent several times holds when one of
 *   its values meets the test (`!=`: when none equals), and its text reads as a number when the
 *   expected value is a number (`header Content-Length > 0`).
 * - `=`/`!=` are deep JSON equality, strict about types (`200` is not `"200"`), except that two
 *   timestamps are equal when they are the same instant (`+0200`, `+02:00`, `Z`), a date against
 *   a timestamp means the whole day in the archive's time zone (core/query/archiveDay, as the
 *   query language reads it), and a timestamp against a date stands for its date there.
 * - `<`, `<=`, `>`, `>=` order numbers, dates and timestamps (a date as a day: `<` before it,
 *   `>` after it, `<=`/`>=` that day included), and two texts by character codes, as
 *   JavaScript compares strings (not by locale). Anything else is refused with a reason, not
 *   ordered by accident.
 * - `%=` is the query language's like, as the sandbox compiles it: `%` is any run of
 *   characters, everything else (`_` included) literal, case-sensitive, on text only.
 * - `~` is a JavaScript regular expression, searched in text, or in a number's digits
 *   (`status ~ /^2/`); a bad expression fails the expectation with the compiler's message.
 *
 * Nothing here throws on any input, and no text it returns shows a secret it was given.
 */
import type { JsonValue } from '../jsonValue';
import { archiveDay, archiveTimeZone, calendarDate, timestampArchiveDate, timestampMs } from '../query/archiveDay';
import { didYouMean } from '../text/didYouMean';
import { redact } from '../text/secretRedaction';

export type ExpectationPath = readonly ({ kind: 'property'; name: string } | { kind: 'index'; index: number } | { kind: 'each' })[];

export type ExpectationSubjectInput = { kind: 'status' } | { kind: 'time' } | { kind: 'header'; name: string } | { kind: 'body'; segments: ExpectationPath };

export type ExpectationComparison = '=' | '!=' | '<' | '<=' | '>' | '>=' | '%=' | '~';

/** `/source/flags` as written after `~`. */
export interface ExpectationRegex {
  regex: string;
  flags: string;
}

export type ResolvedExpectation = (
  | { subject: ExpectationSubjectInput; test: 'exists' | 'absent' }
  | { subject: ExpectationSubjectInput; test: 'compare'; operator: ExpectationComparison; expected: JsonValue | ExpectationRegex }
) & {
  /** Stated by no line: the 2xx a block without `EXPECT status …` must get. */
  implied?: boolean;
};

export interface ObservedResponse {
  status: number;
  /** Milliseconds, the whole exchange. */
  timeMs: number;
  headers: Readonly<Record<string, string | string[]>>;
  /** The parsed JSON body; undefined when there is none or it is not JSON. */
  body: JsonValue | undefined;
}

export interface ExpectationOutcome {
  passed: boolean;
  /** The subject as written back: `status`, `header Location`, `results[*].fields.saksaar`. */
  subject: string;
  /** The operator, or `exists` / `absent`. */
  operator: string;
  /** The expected value, short (empty for `exists` / `absent`). */
  expected: string;
  /** A short excerpt of the actual value (`(missing)` when there is none); never a secret. */
  actual: string;
  /** Why it failed, or what it found, when the excerpt alone does not say. */
  detail?: string;
  /** The 2xx a block without `EXPECT status …` must get (no line states it). */
  implied?: boolean;
}

export interface ExpectationEvaluationOptions {
  /** The zone a date means a day in; the archive's (Europe/Oslo) by default. */
  timeZone?: string;
  /** Tokens and passwords to keep out of every text of the outcome. */
  secrets?: readonly string[];
}

/** The longest excerpt of a value an outcome carries, in characters. */
export const excerptLength = 120;

export function evaluateExpectations(expectations: readonly ResolvedExpectation[], response: ObservedResponse, options: ExpectationEvaluationOptions = {}): ExpectationOutcome[] {
  return expectations.map((e) => evaluateExpectation(e, response, options));
}

export function evaluateExpectation(expectation: ResolvedExpectation, response: ObservedResponse, options: ExpectationEvaluationOptions = {}): ExpectationOutcome {
  const secrets = options.secrets ?? [];
  const judge = new Judge(options.timeZone ?? archiveTimeZone, secrets);
  let outcome: ExpectationOutcome;
  try {
    outcome = judge.evaluate(expectation, response);
  } catch (error) {
    // A body nested deeper than the stack, or input no type allows: an outcome all the same.
    outcome = {
      passed: false,
      subject: safeText(() => expectationSubjectText(expectation.subject)),
      operator: safeText(() => operatorText(expectation)),
      expected: '',
      actual: '(not evaluated)',
      detail: `could not be evaluated: ${safeText(() => (error instanceof Error ? error.message : String(error)))}`,
    };
  }
  // Paths and details are redacted too: a key or a pattern can hold what a value does.
  const clean = (text: string) => elide(redact(text, secrets));
  const out: ExpectationOutcome = { passed: outcome.passed, subject: clean(outcome.subject), operator: outcome.operator, expected: clean(outcome.expected), actual: clean(outcome.actual) };
  if (outcome.detail !== undefined) out.detail = redact(outcome.detail, secrets);
  if (expectation.implied) out.implied = true;
  return out;
}

/** A block without `EXPECT status …` must get a 2xx (the format's "Expectations and tests"):
 * the expectation that says so, which reports like any other. */
export const successStatusExpectation: ResolvedExpectation = { subject: { kind: 'status' }, test: 'compare', operator: '~', expected: { regex: '^2\\d\\d$', flags: '' }, implied: true };

/** `expectations` with the 2xx one first when none of them is about the status. */
export function withImpliedStatus(expectations: readonly ResolvedExpectation[]): ResolvedExpectation[] {
  return expectations.some((e) => e.subject.kind === 'status') ? [...expectations] : [successStatusExpectation, ...expectations];
}

/** One line for the CLI, JUnit and the Testing view: `✘ EXPECT results.length = 1 — actual 0`. */
export function describeOutcome(outcome: ExpectationOutcome): string {
  // No line states the implied one: say what it means rather than show a regular expression.
  if (outcome.implied) return outcome.passed ? `✔ status ${outcome.actual} is a success (2xx)` : `✘ status must be a success (2xx) — actual ${outcome.actual}${outcome.detail ? `: ${outcome.detail}` : ''}`;
  const line = `${outcome.passed ? '✔' : '✘'} EXPECT ${outcome.subject} ${outcome.operator}${outcome.expected === '' ? '' : ` ${outcome.expected}`}`;
  if (outcome.passed) return line;
  return `${line} — ${outcome.detail ?? `actual ${outcome.actual}`}`;
}

/** The subject as it is written in an `EXPECT` line. */
export function expectationSubjectText(subject: ExpectationSubjectInput): string {
  switch (subject.kind) {
    case 'status':
    case 'time':
      return subject.kind;
    case 'header':
      return `header ${subject.name}`;
    case 'body':
      return subject.segments.length === 0 ? '(body)' : pathText(subject.segments, []);
  }
}

// ---------------------------------------------------------------------------------------------
// Subjects: what the response holds at the subject, as one or more values to test.

/** One value the test applies to: the subject itself, or one element reached through `[*]`. */
interface Target {
  /** The concrete path (`results[3].fields.saksaar`), for details. */
  path: string;
  /** `element 3 of 5`, for a value reached through `[*]` (the innermost one). */
  element?: string;
  /** How many `[*]` led here: under nested ones the concrete path names the element. */
  depth: number;
  /** Undefined: there is no value here, and `missing` says why. */
  value: JsonValue | undefined;
  missing?: string;
  /** `[*]` met an empty array here: the expectation holds for none of its elements. */
  empty?: boolean;
}

type Resolved = { kind: 'header'; values: string[] } | { kind: 'targets'; targets: Target[]; each: boolean };

function resolveSubject(subject: ExpectationSubjectInput, response: ObservedResponse): Resolved {
  switch (subject.kind) {
    case 'status':
      return { kind: 'targets', targets: [{ path: 'status', depth: 0, value: response.status }], each: false };
    case 'time':
      return { kind: 'targets', targets: [{ path: 'time', depth: 0, value: response.timeMs }], each: false };
    case 'header': {
      const wanted = subject.name.toLowerCase();
      const values: string[] = [];
      for (const [name, value] of Object.entries(response.headers)) if (name.toLowerCase() === wanted) values.push(...(Array.isArray(value) ? value : [value]));
      return { kind: 'header', values };
    }
    case 'body': {
      const each = subject.segments.some((s) => s.kind === 'each');
      if (response.body === undefined) return { kind: 'targets', targets: [{ path: expectationSubjectText(subject), depth: 0, value: undefined, missing: 'the response has no JSON body' }], each };
      const targets: Target[] = [];
      walk(response.body, subject.segments, 0, [], targets);
      return { kind: 'targets', targets, each };
    }
  }
}

/** The path text of `segments` up to `end`, with `[*]` replaced by the indices taken so far. */
function pathText(segments: ExpectationPath, indices: readonly number[], end = segments.length): string {
  let out = '';
  let taken = 0;
  for (let i = 0; i < end; i++) {
    const s = segments[i];
    if (s.kind === 'property') out += out === '' ? s.name : `.${s.name}`;
    else if (s.kind === 'index') out += `[${s.index}]`;
    else out += taken < indices.length ? `[${indices[taken++]}]` : '[*]';
  }
  return out;
}

const isObject = (v: JsonValue | undefined): v is { [key: string]: JsonValue } => v !== null && typeof v === 'object' && !Array.isArray(v);

function walk(value: JsonValue, segments: ExpectationPath, at: number, indices: number[], out: Target[], element?: string): void {
  const here = () => pathText(segments, indices, at);
  const missing = (why: string) => out.push({ path: pathText(segments, indices, at + 1), element, depth: indices.length, value: undefined, missing: why });
  if (at === segments.length) {
    out.push({ path: here(), element, depth: indices.length, value });
    return;
  }
  const segment = segments[at];
  if (segment.kind === 'property') {
    const isLast = at === segments.length - 1;
    if (isLast && segment.name === 'length' && (Array.isArray(value) || typeof value === 'string')) {
      out.push({ path: pathText(segments, indices), element, depth: indices.length, value: typeof value === 'string' ? [...value].length : value.length });
      return;
    }
    if (!isObject(value)) {
      missing(at === 0 ? `no such key: ${segment.name} (the body is ${kindOf(value)})` : `no such key: ${pathText(segments, indices, at + 1)} (${here()} is ${kindOf(value)})`);
      return;
    }
    if (!Object.prototype.hasOwnProperty.call(value, segment.name)) {
      const guess = didYouMean(segment.name, Object.keys(value));
      missing(`no such key: ${pathText(segments, indices, at + 1)}${guess ? ` (did you mean ${guess}?)` : ''}`);
      return;
    }
    walk(value[segment.name], segments, at + 1, indices, out, element);
    return;
  }
  if (!Array.isArray(value)) {
    missing(`${here() || 'the body'} is ${kindOf(value)}, not an array`);
    return;
  }
  if (segment.kind === 'index') {
    if (!(Number.isInteger(segment.index) && segment.index >= 0 && segment.index < value.length)) {
      missing(`no element ${pathText(segments, indices, at + 1)}: ${here() || 'the body'} has ${count(value.length, 'element')}`);
      return;
    }
    walk(value[segment.index], segments, at + 1, indices, out, element);
    return;
  }
  if (value.length === 0) {
    out.push({ path: here(), element, depth: indices.length, value: undefined, empty: true });
    return;
  }
  for (let i = 0; i < value.length; i++) walk(value[i], segments, at + 1, [...indices, i], out, `element ${i} of ${value.length}`);
}

// ---------------------------------------------------------------------------------------------
// Tests.

interface Verdict {
  passed: boolean;
  detail?: string;
}

type Shown = Pick<ExpectationOutcome, 'passed' | 'actual' | 'detail'>;

/** One evaluation's zone and secrets: every value it shows is redacted before it is shortened,
 * so that no part of a secret survives the cut. */
class Judge {
  constructor(
    private readonly timeZone: string,
    private readonly secrets: readonly string[],
  ) {}

  show(value: JsonValue | string[]): string {
    return elide(redact(JSON.stringify(value) ?? String(value), this.secrets));
  }

  evaluate(expectation: ResolvedExpectation, response: ObservedResponse): ExpectationOutcome {
    const base = { subject: expectationSubjectText(expectation.subject), operator: operatorText(expectation), expected: this.expectedText(expectation) };
    const resolved = resolveSubject(expectation.subject, response);
    if (resolved.kind === 'header') return { ...base, ...this.testHeader(expectation, resolved.values) };
    const { targets, each } = resolved;
    const actual = each && targets.every((t) => t.value !== undefined) ? this.show(targets.map((t) => t.value as JsonValue)) : targets.length === 1 ? this.targetExcerpt(targets[0]) : '(missing)';
    for (const target of targets) {
      const verdict = this.testTarget(expectation, target);
      if (verdict.passed) continue;
      let detail: string | undefined;
      if (target.empty) detail = `${target.path} is empty: [*] holds for none of its elements (say ${target.path}.length >= 1 too)`;
      else if (target.element === undefined) detail = verdict.detail;
      else {
        const label = target.depth > 1 ? target.path : target.element;
        if (target.value === undefined) detail = `${label} has no value: ${target.missing}`;
        else detail = `${label} is ${this.show(target.value)}${expectation.test === 'compare' && verdict.detail ? `: ${verdict.detail}` : ''}`;
      }
      const out: ExpectationOutcome = { ...base, passed: false, actual: each ? this.targetExcerpt(target) : actual };
      if (detail !== undefined) out.detail = detail;
      return out;
    }
    return { ...base, passed: true, actual };
  }

  private targetExcerpt(target: Target): string {
    if (target.empty) return '[]';
    return target.value === undefined ? '(missing)' : this.show(target.value);
  }

  private testTarget(expectation: ResolvedExpectation, target: Target): Verdict {
    if (target.empty) return { passed: false };
    if (expectation.test !== 'compare') {
      if (expectation.test === 'exists') return target.value === undefined ? withDetail(false, target.missing) : { passed: true };
      return target.value === undefined ? { passed: true } : { passed: false, detail: `${target.path} is ${this.show(target.value)}` };
    }
    if (target.value === undefined) return withDetail(false, target.missing);
    return this.compare(target.value, expectation.operator, expectation.expected);
  }

  private testHeader(expectation: ResolvedExpectation, values: readonly string[]): Shown {
    const name = expectation.subject.kind === 'header' ? expectation.subject.name : '';
    const actual = values.length === 0 ? '(missing)' : values.length === 1 ? this.show(values[0]) : this.show([...values]);
    if (expectation.test !== 'compare') {
      if (expectation.test === 'exists') return values.length > 0 ? { passed: true, actual } : { passed: false, actual, detail: `the response has no header ${name}` };
      return values.length === 0 ? { passed: true, actual } : { passed: false, actual, detail: `the response has header ${name}: ${actual}` };
    }
    if (values.length === 0) return { passed: false, actual, detail: `the response has no header ${name}` };
    const { operator, expected } = expectation;
    // Header values are text: a number is read from one when a number is expected.
    const verdicts = values.map((v) => this.compare(typeof expected === 'number' && numberText.test(v.trim()) ? Number(v.trim()) : v, operator === '!=' ? '=' : operator, expected));
    if (operator === '!=') {
      const equal = verdicts.findIndex((v) => v.passed);
      if (equal < 0) return { passed: true, actual };
      return values.length > 1 ? { passed: false, actual, detail: `value ${equal + 1} of ${values.length} is ${this.show(values[equal])}` } : { passed: false, actual };
    }
    if (verdicts.some((v) => v.passed)) return { passed: true, actual };
    const first = verdicts[0].detail;
    const detail = values.length > 1 ? `none of its ${values.length} values${first ? `; the first: ${first}` : ''}` : first;
    return detail === undefined ? { passed: false, actual } : { passed: false, actual, detail };
  }

  private compare(actual: JsonValue, operator: ExpectationComparison, expected: JsonValue | ExpectationRegex): Verdict {
    if (isRegex(expected)) {
      if (operator !== '~') return { passed: false, detail: `only \`~\` takes a regular expression; \`${operator}\` compares with a JSON value` };
      return this.matches(actual, expected);
    }
    switch (operator) {
      case '=':
      case '!=': {
        const difference = this.differs(actual, expected, '');
        if (operator === '!=') return { passed: difference !== undefined };
        return difference === undefined ? { passed: true } : withDetail(false, difference === '' ? undefined : difference);
      }
      case '<':
      case '<=':
      case '>':
      case '>=': {
        const order = this.ordered(actual, expected, operator);
        if ('refused' in order) return { passed: false, detail: order.refused };
        const passed = operator === '<' ? order.sign < 0 : operator === '<=' ? order.sign <= 0 : operator === '>' ? order.sign > 0 : order.sign >= 0;
        return { passed };
      }
      case '%=':
        return this.like(actual, expected);
      case '~':
        if (typeof expected !== 'string') return { passed: false, detail: `\`~\` takes a regular expression /…/, not ${kindOf(expected)}` };
        return this.matches(actual, { regex: expected, flags: '' });
    }
  }

  /**
   * How two scalars relate, when they can be ordered: numbers as numbers; timestamps as
   * instants; a timestamp against a date as its place relative to that whole day (0 within it);
   * a date against a timestamp as the date against the timestamp's date; other texts by
   * character codes. `strictDates` refuses to order a date or timestamp against plain text.
   */
  private relate(actual: JsonValue, expected: JsonValue, strictDates: boolean): { sign: number } | { refused: string } {
    if (typeof actual === 'number' && typeof expected === 'number') return { sign: Math.sign(actual - expected) };
    if (typeof actual === 'string' && typeof expected === 'string') {
      const actualMs = timestampMs(actual);
      const expectedMs = timestampMs(expected);
      const actualDate = calendarDate(actual) !== undefined;
      const expectedDate = calendarDate(expected) !== undefined;
      if (actualMs !== undefined && expectedMs !== undefined) return { sign: Math.sign(actualMs - expectedMs) };
      if (actualMs !== undefined && expectedDate) {
        const day = archiveDay(expected, this.timeZone);
        if (day) return { sign: actualMs < day.startMs ? -1 : actualMs >= day.endMs ? 1 : 0 };
      }
      if (actualDate && expectedMs !== undefined) return { sign: textOrder(actual, timestampArchiveDate(expected, this.timeZone) ?? expected) };
      const actualTime = actualMs !== undefined || actualDate;
      if (strictDates && actualTime !== (expectedMs !== undefined || expectedDate)) {
        return { refused: actualTime ? `${this.show(expected)} is not a date or timestamp to compare ${this.show(actual)} with` : `${this.show(actual)} is not a date or timestamp` };
      }
      return { sign: textOrder(actual, expected) };
    }
    return { refused: `${this.show(actual)} is ${kindOf(actual)}, expected ${kindOf(expected)}` };
  }

  private ordered(actual: JsonValue, expected: JsonValue, operator: string): { sign: number } | { refused: string } {
    const orderable = (v: JsonValue) => typeof v === 'number' || typeof v === 'string';
    if (!orderable(expected)) return { refused: `\`${operator}\` orders numbers, dates, timestamps and texts, not ${kindOf(expected)}` };
    if (!orderable(actual)) return { refused: `${this.show(actual)} is ${kindOf(actual)}: \`${operator}\` orders numbers, dates, timestamps and texts` };
    return this.relate(actual, expected, true);
  }

  /** Undefined when equal; otherwise why not ('' when the two values say it all). */
  private differs(actual: JsonValue, expected: JsonValue, at: string): string | undefined {
    const where = (detail: string) => (at === '' ? detail : `differs at ${at}: ${detail}`);
    if (Array.isArray(actual) && Array.isArray(expected)) {
      if (actual.length !== expected.length) return where(`${count(actual.length, 'element')}, expected ${expected.length}`);
      for (let i = 0; i < actual.length; i++) {
        const d = this.differs(actual[i], expected[i], `${at}[${i}]`);
        if (d !== undefined) return d;
      }
      return undefined;
    }
    if (isObject(actual) && isObject(expected)) {
      for (const key of Object.keys(expected)) if (!Object.prototype.hasOwnProperty.call(actual, key)) return `no key ${joinKey(at, key)}`;
      for (const key of Object.keys(actual)) if (!Object.prototype.hasOwnProperty.call(expected, key)) return `an unexpected key ${joinKey(at, key)}`;
      for (const key of Object.keys(expected)) {
        const d = this.differs(actual[key], expected[key], joinKey(at, key));
        if (d !== undefined) return d;
      }
      return undefined;
    }
    if (kindOf(actual) !== kindOf(expected)) return where(`${this.show(actual)} is ${kindOf(actual)}, expected ${kindOf(expected)}`);
    if (typeof actual === 'number' || typeof actual === 'string') {
      const relation = this.relate(actual, expected, false);
      if ('sign' in relation && relation.sign === 0) return undefined;
    } else if (actual === expected) {
      return undefined;
    }
    return at === '' ? '' : where(`${this.show(actual)}, expected ${this.show(expected)}`);
  }

  /** The query language's like, as the sandbox compiles `%=` to SQL LIKE: only `%` is a wildcard. */
  private like(actual: JsonValue, pattern: JsonValue): Verdict {
    if (typeof pattern !== 'string') return { passed: false, detail: `\`%=\` takes a text pattern, not ${kindOf(pattern)}` };
    if (typeof actual !== 'string') return { passed: false, detail: `${this.show(actual)} is ${kindOf(actual)}: \`%=\` matches text` };
    const source = pattern
      .split('%')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[\\s\\S]*');
    return { passed: new RegExp(`^${source}$`).test(actual) };
  }

  private matches(actual: JsonValue, expected: ExpectationRegex): Verdict {
    let regex: RegExp;
    try {
      regex = new RegExp(expected.regex, expected.flags);
    } catch (error) {
      return { passed: false, detail: `the regular expression does not compile: ${error instanceof Error ? error.message : String(error)}` };
    }
    if (typeof actual !== 'string' && typeof actual !== 'number') return { passed: false, detail: `${this.show(actual)} is ${kindOf(actual)}: \`~\` matches text and numbers` };
    return { passed: regex.test(typeof actual === 'number' ? JSON.stringify(actual) : actual) };
  }

  private expectedText(expectation: ResolvedExpectation): string {
    if (expectation.test !== 'compare') return '';
    const { expected } = expectation;
    return isRegex(expected) ? elide(redact(`/${expected.regex}/${expected.flags}`, this.secrets)) : this.show(expected);
  }
}

function withDetail(passed: boolean, detail: string | undefined): Verdict {
  return detail === undefined ? { passed } : { passed, detail };
}

const numberText = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

function isRegex(value: JsonValue | ExpectationRegex): value is ExpectationRegex {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 2 && typeof (value as { regex?: unknown }).regex === 'string' && typeof (value as { flags?: unknown }).flags === 'string';
}

function textOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function joinKey(at: string, key: string): string {
  return at === '' ? key : `${at}.${key}`;
}

// ---------------------------------------------------------------------------------------------
// Texts.

function operatorText(expectation: ResolvedExpectation): string {
  return expectation.test === 'compare' ? expectation.operator : expectation.test;
}

function kindOf(value: JsonValue | ExpectationRegex | undefined): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'number':
      return 'a number';
    case 'string':
      return 'a string';
    case 'boolean':
      return 'a boolean';
    default:
      return isRegex(value) ? 'a regular expression' : 'an object';
  }
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** At most `excerptLength` characters, the middle left out: both ends of an id or a list say most. */
function elide(text: string): string {
  if (text.length <= excerptLength) return text;
  const chars = [...text];
  if (chars.length <= excerptLength) return text;
  const head = Math.ceil((excerptLength - 1) * 0.6);
  const tail = excerptLength - 1 - head;
  return `${chars.slice(0, head).join('')}…${chars.slice(chars.length - tail).join('')}`;
}

function safeText(text: () => string): string {
  try {
    return text();
  } catch {
    return '?';
  }
}
