/**
 * The evaluation of `EXPECT` lines against a response (expectationEvaluation.ts): subjects and
 * paths, `[*]` and `.length`, each operator with its type rules, dates in the archive's zone,
 * the texts an outcome carries, and that nothing throws or shows a secret.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { JsonValue } from '../jsonValue';
import {
  describeOutcome,
  evaluateExpectation,
  evaluateExpectations,
  excerptLength,
  expectationSubjectText,
  withImpliedStatus,
  type ExpectationComparison,
  type ExpectationEvaluationOptions,
  type ExpectationOutcome,
  type ExpectationPath,
  type ExpectationRegex,
  type ExpectationSubjectInput,
  type ObservedResponse,
  type ResolvedExpectation,
} from './expectationEvaluation';

const found = {
  hasMore: false,
  results: [
    { id: 'a1', type: 'Saksmappe', fields: { saksaar: 2024, saksstatus: 'B', tittel: 'Byggesak Storgata 1', opprettetDato: '2024-08-19T09:09:39.315+0200', saksdato: '2024-08-19' } },
    { id: 'a2', type: 'Saksmappe', fields: { saksaar: 2024, saksstatus: 'B', tittel: 'Byggesak 100%_ferdig', opprettetDato: '2024-08-20T00:30:00.000+0200', saksdato: '2024-08-20' } },
    { id: 'a3', type: 'Saksmappe', fields: { saksaar: 2023, saksstatus: 'A', tittel: 'Klage', opprettetDato: '2023-12-31T23:59:59.999+0100', saksdato: '2023-12-31' } },
  ],
};

function response(body: JsonValue | undefined, more: Partial<ObservedResponse> = {}): ObservedResponse {
  return { status: 200, timeMs: 120, headers: { 'Content-Type': 'application/json', 'x-trace': ['one', 'two'] }, body, ...more };
}

/** `results[0].fields.saksaar` → segments; `[*]` is each, `[3]` an index. */
function path(text: string): ExpectationPath {
  const out: ({ kind: 'property'; name: string } | { kind: 'index'; index: number } | { kind: 'each' })[] = [];
  for (const m of text.matchAll(/([^.[\]]+)|\[(\*|\d+)\]/g)) {
    if (m[1] !== undefined) out.push({ kind: 'property', name: m[1] });
    else if (m[2] === '*') out.push({ kind: 'each' });
    else out.push({ kind: 'index', index: Number(m[2]) });
  }
  return out;
}

const body = (text: string): ExpectationSubjectInput => ({ kind: 'body', segments: path(text) });
const cmp = (subject: ExpectationSubjectInput, operator: ExpectationComparison, expected: JsonValue | ExpectationRegex): ResolvedExpectation => ({ subject, test: 'compare', operator, expected });

function check(expectation: ResolvedExpectation, b: JsonValue = found, options?: ExpectationEvaluationOptions, more?: Partial<ObservedResponse>): ExpectationOutcome {
  return evaluateExpectation(expectation, response(b, more), options);
}

const passes = (e: ResolvedExpectation, b: JsonValue = found, options?: ExpectationEvaluationOptions) => check(e, b, options).passed;

describe('subjects', () => {
  it('reads the status and the time in milliseconds', () => {
    assert.equal(passes(cmp({ kind: 'status' }, '=', 200)), true);
    assert.deepEqual(check(cmp({ kind: 'status' }, '=', 400)), { passed: false, subject: 'status', operator: '=', expected: '400', actual: '200' });
    assert.equal(passes(cmp({ kind: 'time' }, '<', 2000)), true);
    assert.equal(passes(cmp({ kind: 'time' }, '<', 100)), false);
  });

  it('finds a header case-insensitively; one of several values is enough', () => {
    assert.equal(passes(cmp({ kind: 'header', name: 'content-type' }, '~', { regex: 'json', flags: '' })), true);
    assert.equal(passes({ subject: { kind: 'header', name: 'CONTENT-TYPE' }, test: 'exists' }), true);
    assert.equal(passes({ subject: { kind: 'header', name: 'Location' }, test: 'absent' }), true);
    const missing = check(cmp({ kind: 'header', name: 'Location' }, '=', 'x'));
    assert.equal(missing.passed, false);
    assert.equal(missing.detail, 'the response has no header Location');
    assert.equal(passes(cmp({ kind: 'header', name: 'X-Trace' }, '=', 'two')), true);
    assert.equal(passes(cmp({ kind: 'header', name: 'X-Trace' }, '!=', 'two')), false, '!= holds when no value equals');
    assert.equal(passes(cmp({ kind: 'header', name: 'X-Trace' }, '!=', 'three')), true);
    const none = check(cmp({ kind: 'header', name: 'X-Trace' }, '=', 'three'));
    assert.equal(none.actual, '["one","two"]');
    assert.match(none.detail ?? '', /none of its 2 values/);
  });

  it('reads a header as a number when a number is expected', () => {
    const more = { headers: { 'Content-Length': '1234' } };
    assert.equal(check(cmp({ kind: 'header', name: 'content-length' }, '>', 1000), found, undefined, more).passed, true);
    assert.equal(check(cmp({ kind: 'header', name: 'content-length' }, '=', 1234), found, undefined, more).passed, true);
    assert.equal(check(cmp({ kind: 'header', name: 'content-length' }, '=', '1234'), found, undefined, more).passed, true);
  });

  it('walks a body path of keys and indices', () => {
    assert.equal(passes(cmp(body('results[0].fields.saksstatus'), '=', 'B')), true);
    assert.equal(passes(cmp(body('results[2].fields.saksaar'), '=', 2023)), true);
    assert.equal(passes(cmp(body('hasMore'), '=', false)), true);
    assert.equal(passes(cmp(body('results[0]'), '=', found.results[0])), true, 'an object, deeply');
  });

  it('writes the subject back as it is written', () => {
    assert.equal(expectationSubjectText(body('results[*].fields.saksaar')), 'results[*].fields.saksaar');
    assert.equal(expectationSubjectText({ kind: 'header', name: 'Location' }), 'header Location');
    assert.equal(expectationSubjectText({ kind: 'time' }), 'time');
  });
});

describe('a missing path', () => {
  it('fails exists and comparisons, naming the first missing segment, and passes absent', () => {
    const typo = check(cmp(body('results[0].fields.saksstatuss'), '=', 'B'));
    assert.equal(typo.passed, false);
    assert.equal(typo.actual, '(missing)');
    assert.equal(typo.detail, 'no such key: results[0].fields.saksstatuss (did you mean saksstatus?)');
    assert.equal(check(cmp(body('results[0].nothing.deeper'), '=', 1)).detail, 'no such key: results[0].nothing');
    assert.equal(passes({ subject: body('results[0].fields.saksstatuss'), test: 'exists' }), false);
    assert.equal(passes({ subject: body('results[0].fields.saksstatuss'), test: 'absent' }), true);
    assert.equal(passes(cmp(body('results[0].fields.saksstatuss'), '!=', 'B')), false, '!= on nothing fails too');
  });

  it('names an index past the end, and a key or an index on the wrong kind of value', () => {
    assert.equal(check(cmp(body('results[3].id'), '=', 'x')).detail, 'no element results[3]: results has 3 elements');
    assert.equal(check(cmp(body('hasMore.x'), '=', 1)).detail, 'no such key: hasMore.x (hasMore is a boolean)');
    assert.equal(check(cmp(body('hasMore[0]'), '=', 1)).detail, 'hasMore is a boolean, not an array');
    assert.equal(passes({ subject: body('results[0].id.x'), test: 'absent' }), true);
    const odd = check(cmp({ kind: 'body', segments: [{ kind: 'property', name: 'results' }, { kind: 'index', index: 0.5 }] }, '=', 1));
    assert.equal(odd.detail, 'no element results[0.5]: results has 3 elements', 'an index no parser writes is no element either');
  });

  it('is the whole body when the response has none', () => {
    const bodiless = response(undefined);
    const out = evaluateExpectation({ subject: body('results'), test: 'exists' }, bodiless);
    assert.equal(out.passed, false);
    assert.equal(out.detail, 'the response has no JSON body');
    assert.equal(evaluateExpectation({ subject: body('results'), test: 'absent' }, bodiless).passed, true);
    assert.equal(evaluateExpectation(cmp({ kind: 'status' }, '=', 200), bodiless).passed, true);
  });

  it('treats a null value as present: exists passes, = null compares it', () => {
    const b = { x: null };
    assert.equal(passes({ subject: body('x'), test: 'exists' }, b), true);
    assert.equal(passes({ subject: body('x'), test: 'absent' }, b), false);
    assert.equal(passes(cmp(body('x'), '=', null), b), true);
    assert.equal(passes(cmp(body('x'), '!=', null), b), false);
  });
});

describe('.length', () => {
  it('is the length of an array or a string, in characters', () => {
    assert.equal(check(cmp(body('results.length'), '=', 3)).actual, '3');
    assert.equal(passes(cmp(body('results.length'), '>=', 1)), true);
    assert.equal(passes(cmp(body('results[0].fields.saksstatus.length'), '=', 1)), true);
    assert.equal(passes(cmp(body('s.length'), '=', 3), { s: 'æø😀' }), true, 'code points, not UTF-16 units');
    const none = check(cmp(body('results.length'), '=', 1), { results: [] });
    assert.equal(describeOutcome(none), '✘ EXPECT results.length = 1 — actual 0');
  });

  it("is an object's key length, and missing on an object without one", () => {
    assert.equal(passes(cmp(body('o.length'), '=', 'long'), { o: { length: 'long' } }), true);
    assert.equal(passes({ subject: body('o.length'), test: 'absent' }, { o: { size: 1 } }), true);
  });

  it('is only the last segment: elsewhere it is a key', () => {
    assert.equal(passes({ subject: body('results.length.x'), test: 'exists' }), false);
  });

  it('applies to each element under [*]', () => {
    assert.equal(passes(cmp(body('results[*].fields.tittel.length'), '>', 3)), true);
    assert.equal(check(cmp(body('results[*].fields.tittel.length'), '>', 5)).detail, 'element 2 of 3 is 5');
  });
});

describe('[*]', () => {
  it('holds when every element meets the test, and names the first that does not', () => {
    assert.equal(passes(cmp(body('results[*].type'), '=', 'Saksmappe')), true);
    const out = check(cmp(body('results[*].fields.saksaar'), '=', 2024));
    assert.equal(out.passed, false);
    assert.equal(out.actual, '2023');
    assert.equal(out.detail, 'element 2 of 3 is 2023');
    assert.equal(describeOutcome(out), '✘ EXPECT results[*].fields.saksaar = 2024 — element 2 of 3 is 2023');
  });

  it('shows every value when it holds', () => {
    assert.equal(check(cmp(body('results[*].fields.saksstatus'), '%=', '%')).actual, '["B","B","A"]');
  });

  it('fails on an empty array, saying to expect a length too', () => {
    const out = check(cmp(body('results[*].x'), '=', 1), { results: [] });
    assert.equal(out.passed, false);
    assert.equal(out.actual, '[]');
    assert.equal(out.detail, 'results is empty: [*] holds for none of its elements (say results.length >= 1 too)');
    assert.equal(passes({ subject: body('results[*].x'), test: 'exists' }, { results: [] }), false);
    assert.equal(passes({ subject: body('results[*].x'), test: 'absent' }, { results: [] }), false);
  });

  it('asks exists and absent of every element', () => {
    const b: JsonValue = { r: [{ x: 1 }, { other: 2 }, { x: 3 }] };
    const out = check({ subject: body('r[*].x'), test: 'exists' }, b);
    assert.equal(out.passed, false);
    assert.equal(out.detail, 'element 1 of 3 has no value: no such key: r[1].x');
    assert.equal(passes({ subject: body('r[*].z'), test: 'absent' }, b), true);
    assert.equal(check({ subject: body('r[*].other'), test: 'absent' }, b).detail, 'element 1 of 3 is 2');
    assert.equal(check(cmp(body('r[*].x'), '>', 0), b).detail, 'element 1 of 3 has no value: no such key: r[1].x');
  });

  it('nests, naming the element by its path', () => {
    const b = { r: [{ d: [1, 2] }, { d: [3, 4, 5] }] };
    assert.equal(passes(cmp(body('r[*].d[*]'), '<', 10), b), true);
    assert.equal(check(cmp(body('r[*].d[*]'), '<', 4), b).detail, 'r[1].d[1] is 4');
    assert.equal(check(cmp(body('r[*].d[*]'), '<', 10), { r: [{ d: [1] }, { d: [] }] }).detail, 'r[1].d is empty: [*] holds for none of its elements (say r[1].d.length >= 1 too)');
    assert.equal(check(cmp(body('r[0].d[*]'), '<', 2), b).detail, 'element 1 of 2 is 2', 'one [*] after a fixed index');
  });

  it('on something else than an array is a missing path', () => {
    assert.equal(check(cmp(body('hasMore[*]'), '=', 1)).detail, 'hasMore is a boolean, not an array');
    assert.equal(passes({ subject: body('nothing[*].x'), test: 'absent' }), true);
  });

  it('says why an element fails when it is not what the operator takes', () => {
    assert.equal(check(cmp(body('r[*]'), '<', 5), { r: [1, '2'] }).detail, 'element 1 of 2 is "2": "2" is a string, expected a number');
  });
});

describe('= and !=', () => {
  it('are deep JSON equality, strict about types', () => {
    assert.equal(passes(cmp(body('o'), '=', { a: [1, { b: null }], c: 'x' }), { o: { c: 'x', a: [1, { b: null }] } }), true, 'key order does not matter');
    assert.equal(check(cmp(body('o'), '=', { a: [1, 2] }), { o: { a: [1, 3] } }).detail, 'differs at a[1]: 3, expected 2');
    assert.equal(check(cmp(body('o'), '=', { a: 1 }), { o: { a: 1, b: 2 } }).detail, 'an unexpected key b');
    assert.equal(check(cmp(body('o'), '=', { a: 1, b: 2 }), { o: { a: 1 } }).detail, 'no key b');
    assert.equal(check(cmp(body('o'), '=', [1, 2]), { o: [1] }).detail, '1 element, expected 2');
    const typed = check(cmp({ kind: 'status' }, '=', '200'));
    assert.equal(typed.passed, false);
    assert.equal(typed.detail, '200 is a number, expected a string');
    assert.equal(check(cmp(body('n'), '=', 200), { n: '200' }).detail, '"200" is a string, expected a number');
    assert.equal(passes(cmp(body('n'), '=', 1), { n: 1.0 }), true);
    assert.equal(passes(cmp(body('b'), '=', true), { b: true }), true);
    assert.equal(passes(cmp(body('b'), '!=', false), { b: true }), true);
  });

  it('compares timestamps as instants, with any offset form', () => {
    const b = { t: '2024-08-19T09:09:39.315+0200' };
    assert.equal(passes(cmp(body('t'), '=', '2024-08-19T07:09:39.315Z'), b), true);
    assert.equal(passes(cmp(body('t'), '=', '2024-08-19T09:09:39.315+02:00'), b), true);
    assert.equal(passes(cmp(body('t'), '=', '2024-08-19T09:09:39.316+0200'), b), false);
    assert.equal(passes(cmp(body('t'), '!=', '2024-08-19T07:09:39.315Z'), b), false);
    assert.equal(passes(cmp(body('o'), '=', { t: '2024-08-19T07:09:39.315Z' }), { o: b }), true, 'inside objects too');
  });

  it('reads a date against a timestamp as that whole day in the archive zone', () => {
    // 00:30 in Oslo on the 20th is 22:30 UTC on the 19th.
    const b = { t: '2024-08-19T22:30:00.000Z' };
    assert.equal(passes(cmp(body('t'), '=', '2024-08-20'), b), true);
    assert.equal(passes(cmp(body('t'), '=', '2024-08-19'), b), false);
    assert.equal(passes(cmp(body('t'), '!=', '2024-08-19'), b), true);
    assert.equal(passes(cmp(body('t'), '=', '2024-08-19'), b, { timeZone: 'UTC' }), true, 'the zone is an option');
    assert.equal(passes(cmp(body('results[*].fields.opprettetDato'), '>=', '2023-12-31')), true);
    assert.equal(passes(cmp(body('results[0].fields.opprettetDato'), '=', '2024-08-19')), true);
  });

  it('reads a timestamp against a date as its date in the archive zone', () => {
    assert.equal(passes(cmp(body('d'), '=', '2024-07-31T22:00:00Z'), { d: '2024-08-01' }), true);
    assert.equal(passes(cmp(body('d'), '=', '2024-07-31T21:59:59Z'), { d: '2024-08-01' }), false);
  });
});

describe('<, <=, >, >=', () => {
  it('order numbers', () => {
    const b = { n: 5 };
    assert.deepEqual(
      (['<', '<=', '>', '>='] as const).map((op) => [4, 5, 6].map((v) => passes(cmp(body('n'), op, v), b))),
      [
        [false, false, true],
        [false, true, true],
        [true, false, false],
        [true, true, false],
      ],
    );
  });

  it('order a timestamp against a date as before, within or after that day', () => {
    const within = { t: '2024-08-20T00:30:00.000+0200' };
    const expectations: [ExpectationComparison, string, boolean][] = [
      ['<', '2024-08-20', false],
      ['<=', '2024-08-20', true],
      ['>', '2024-08-20', false],
      ['>=', '2024-08-20', true],
      ['>', '2024-08-19', true],
      ['<', '2024-08-21', true],
      ['>=', '2024-08-21', false],
    ];
    for (const [op, date, expected] of expectations) assert.equal(passes(cmp(body('t'), op, date), within), expected, `${op} ${date}`);
  });

  it('order timestamps as instants and dates as days', () => {
    assert.equal(passes(cmp(body('t'), '<', '2024-08-19T08:00:00+0100'), { t: '2024-08-19T08:30:00+0200' }), true);
    assert.equal(passes(cmp(body('d'), '<', '2024-08-20'), { d: '2024-08-19' }), true);
    assert.equal(passes(cmp(body('d'), '>=', '2024-08-19T23:00:00Z'), { d: '2024-08-20' }), true, 'the timestamp stands for 2024-08-20 in Oslo');
  });

  it('order two texts by character codes', () => {
    assert.equal(passes(cmp(body('s'), '<', 'b'), { s: 'a' }), true);
    assert.equal(passes(cmp(body('s'), '<', 'B'), { s: 'a' }), false, 'not by locale: lower case sorts after upper');
    assert.equal(passes(cmp(body('s'), '>=', '2024/0001'), { s: '2024/0012' }), true);
  });

  it('refuse other pairs with a reason instead of ordering by accident', () => {
    assert.equal(check(cmp(body('s'), '>', 1), { s: '200' }).detail, '"200" is a string, expected a number');
    assert.equal(check(cmp(body('s'), '<', '2024-01-01'), { s: 'tomorrow' }).detail, '"tomorrow" is not a date or timestamp');
    assert.equal(check(cmp(body('s'), '<', 'tomorrow'), { s: '2024-01-01' }).detail, '"tomorrow" is not a date or timestamp to compare "2024-01-01" with');
    assert.equal(check(cmp(body('s'), '<', true), { s: 1 }).detail, '`<` orders numbers, dates, timestamps and texts, not a boolean');
    assert.equal(check(cmp(body('s'), '<', 1), { s: [1] }).detail, '[1] is an array: `<` orders numbers, dates, timestamps and texts');
    assert.equal(check(cmp(body('s'), '<', 1), { s: null }).passed, false);
  });
});

describe('%=', () => {
  it('is the query language like: % is any run, everything else literal, case-sensitive', () => {
    const t = (value: string, pattern: string) => passes(cmp(body('s'), '%=', pattern), { s: value });
    assert.equal(t('Byggesak Storgata 1', 'Byggesak%'), true);
    assert.equal(t('Byggesak Storgata 1', '%Storgata%'), true);
    assert.equal(t('Byggesak Storgata 1', 'byggesak%'), false, 'case-sensitive');
    assert.equal(t('Byggesak Storgata 1', 'Storgata%'), false, 'anchored');
    assert.equal(t('a_b', 'a_b'), true);
    assert.equal(t('axb', 'a_b'), false, '_ is literal, as the sandbox escapes it');
    assert.equal(t('a.b', 'a.b'), true);
    assert.equal(t('axb', 'a.b'), false, 'regular expression characters are literal');
    assert.equal(t('100%_ferdig', '100%\\_ferdig'), false, 'a backslash is literal too');
    assert.equal(t('line\nbreak', 'line%'), true, '% spans line breaks');
    assert.equal(t('', '%'), true);
  });

  it('takes text only', () => {
    assert.equal(check(cmp(body('n'), '%=', '20%'), { n: 2024 }).detail, '2024 is a number: `%=` matches text');
    assert.equal(check(cmp(body('s'), '%=', 2024), { s: '2024' }).detail, '`%=` takes a text pattern, not a number');
  });
});

describe('~', () => {
  it('searches text with a regular expression and its flags', () => {
    assert.equal(passes(cmp(body('s'), '~', { regex: '^Bygg', flags: '' }), { s: 'Byggesak' }), true);
    assert.equal(passes(cmp(body('s'), '~', { regex: '^bygg', flags: '' }), { s: 'Byggesak' }), false);
    assert.equal(passes(cmp(body('s'), '~', { regex: '^bygg', flags: 'i' }), { s: 'Byggesak' }), true);
    assert.equal(passes(cmp(body('s'), '~', 'sak$'), { s: 'Byggesak' }), true, 'a text value (from a variable) is the source');
  });

  it('matches the digits of a number', () => {
    assert.equal(passes(cmp({ kind: 'status' }, '~', { regex: '^2\\d\\d$', flags: '' })), true);
  });

  it('is not fooled by a g flag across the elements of [*]', () => {
    assert.equal(passes(cmp(body('r[*]'), '~', { regex: 'a', flags: 'g' }), { r: ['a', 'a', 'a'] }), true);
  });

  it('fails, never throws, on an expression that does not compile', () => {
    const out = check(cmp(body('s'), '~', { regex: '(', flags: '' }), { s: 'x' });
    assert.equal(out.passed, false);
    assert.equal(out.expected, '/(/');
    assert.match(out.detail ?? '', /^the regular expression does not compile: .*Unterminated group/);
    assert.match(check(cmp(body('s'), '~', { regex: 'a', flags: 'qq' }), { s: 'x' }).detail ?? '', /does not compile/);
  });

  it('takes text and numbers only, and is the only operator that takes an expression', () => {
    assert.equal(check(cmp(body('o'), '~', { regex: 'a', flags: '' }), { o: { a: 1 } }).detail, '{"a":1} is an object: `~` matches text and numbers');
    assert.equal(check(cmp(body('s'), '=', { regex: 'a', flags: '' }), { s: 'a' }).detail, 'only `~` takes a regular expression; `=` compares with a JSON value');
  });
});

describe('the texts of an outcome', () => {
  it('writes the expected value and the operator', () => {
    const out = check(cmp(body('results[0].fields.saksstatus'), '=', 'B'));
    assert.deepEqual(out, { passed: true, subject: 'results[0].fields.saksstatus', operator: '=', expected: '"B"', actual: '"B"' });
    assert.equal(describeOutcome(out), '✔ EXPECT results[0].fields.saksstatus = "B"');
    const exists = check({ subject: body('saved.jp.id'), test: 'exists' }, { saved: {} });
    assert.equal(exists.operator, 'exists');
    assert.equal(exists.expected, '');
    assert.equal(describeOutcome(exists), '✘ EXPECT saved.jp.id exists — no such key: saved.jp');
  });

  it('shortens a long actual value in the middle', () => {
    const long = Array.from({ length: 200 }, (_, i) => i);
    const out = check(cmp(body('r'), '=', []), { r: long });
    assert.equal([...out.actual].length, excerptLength);
    assert.ok(out.actual.startsWith('[0,1,2,'), out.actual);
    assert.ok(out.actual.endsWith(',198,199]'), out.actual);
    assert.ok(out.actual.includes('…'));
  });

  it('never shows a secret, even cut in two by the shortening', () => {
    const token = 'eyJhbGciOiJSUzI1NiJ9.secret-token-value';
    for (const pad of [0, 40, 65, 70, 75, 100]) {
      const value = `${'x'.repeat(pad)}${token}${'y'.repeat(200)}`;
      const out = check(cmp(body('s'), '=', 'nothing'), { s: value }, { secrets: [token] });
      assert.ok(!out.actual.includes('secret-token'), `${pad}: ${out.actual}`);
      assert.ok(!out.actual.includes('eyJhbGciOiJ'), `${pad}: ${out.actual}`);
    }
    const detail = check(cmp(body('r[*]'), '=', 'a'), { r: ['a', `Bearer ${token}`] }, { secrets: [token] });
    assert.equal(detail.detail, 'element 1 of 2 is "Bearer ***"');
    const header = check(cmp({ kind: 'header', name: 'Authorization' }, '=', 'x'), found, { secrets: [token] });
    assert.equal(header.actual, '(missing)');
  });

  it('evaluates a list in order, and puts the 2xx expectation first when none is about the status', () => {
    const list = withImpliedStatus([cmp(body('hasMore'), '=', false)]);
    assert.equal(list.length, 2);
    assert.deepEqual(
      evaluateExpectations(list, response(found, { status: 404 })).map(describeOutcome),
      ['✘ status must be a success (2xx) — actual 404', '✔ EXPECT hasMore = false'],
    );
    assert.equal(withImpliedStatus([cmp({ kind: 'status' }, '=', 400)]).length, 1, 'EXPECT status decides its own status');
  });
});

describe('input no parser gives', () => {
  it('is an outcome, not an exception: a body nested deeper than the stack', () => {
    let deep: JsonValue = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const out = evaluateExpectation(cmp(body('v'), '=', deep), response({ v: deep }));
    assert.equal(out.passed, false);
    assert.equal(out.actual, '(not evaluated)');
    assert.match(out.detail ?? '', /^could not be evaluated: /);
  });
});

describe('properties', () => {
  const json = fc.jsonValue({ maxDepth: 4 }) as fc.Arbitrary<JsonValue>;
  const segment = fc.oneof(
    fc.constantFrom('results', 'fields', 'id', 'length', 'a', 'b', '__proto__', 'constructor').map((name) => ({ kind: 'property' as const, name })),
    fc.string({ maxLength: 4 }).map((name) => ({ kind: 'property' as const, name })),
    fc.integer({ min: -1, max: 4 }).map((index) => ({ kind: 'index' as const, index })),
    fc.constant({ kind: 'each' as const }),
  );
  const subject: fc.Arbitrary<ExpectationSubjectInput> = fc.oneof(
    fc.constant({ kind: 'status' as const }),
    fc.constant({ kind: 'time' as const }),
    fc.string({ maxLength: 12 }).map((name) => ({ kind: 'header' as const, name })),
    fc.array(segment, { maxLength: 5 }).map((segments) => ({ kind: 'body' as const, segments })),
  );
  const operator = fc.constantFrom<ExpectationComparison>('=', '!=', '<', '<=', '>', '>=', '%=', '~');
  const expected = fc.oneof(json, fc.record({ regex: fc.string({ maxLength: 8 }), flags: fc.string({ maxLength: 3 }) }), fc.constantFrom('2024-08-19', '2024-08-19T07:09:39.315Z', '%a%'));
  const expectation: fc.Arbitrary<ResolvedExpectation> = fc.oneof(
    fc.record({ subject, test: fc.constantFrom('exists' as const, 'absent' as const) }),
    fc.record({ subject, test: fc.constant('compare' as const), operator, expected }),
  );
  const headers = fc.dictionary(fc.string({ maxLength: 12 }), fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 3 })));

  it('never throws, whatever the body and the expectation, and keeps every excerpt short', () => {
    fc.assert(
      fc.property(expectation, fc.option(json, { nil: undefined }), headers, fc.integer(), fc.nat(), (e, b, h, status, timeMs) => {
        const out = evaluateExpectation(e, { status, timeMs, headers: h, body: b });
        assert.equal(typeof out.passed, 'boolean');
        assert.ok([...out.actual].length <= excerptLength);
        assert.ok([...out.expected].length <= excerptLength);
        assert.equal(typeof describeOutcome(out), 'string');
      }),
      { numRuns: 2000 },
    );
  });

  it('[*] over an array agrees with every, and fails on an empty one', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -20, max: 20 }), { maxLength: 12 }), fc.integer({ min: -20, max: 20 }), fc.constantFrom<ExpectationComparison>('=', '!=', '<', '<=', '>', '>='), (xs, k, op) => {
        const holds = (x: number) => (op === '=' ? x === k : op === '!=' ? x !== k : op === '<' ? x < k : op === '<=' ? x <= k : op === '>' ? x > k : x >= k);
        const out = evaluateExpectation(cmp(body('r[*].v'), op, k), response({ r: xs.map((v) => ({ v })) }));
        assert.equal(out.passed, xs.length > 0 && xs.every(holds));
        if (!out.passed && xs.length > 0) assert.equal(out.detail, `element ${xs.findIndex((x) => !holds(x))} of ${xs.length} is ${xs.find((x) => !holds(x))}`);
      }),
    );
  });

  it('!= is the negation of = wherever the path has a value', () => {
    fc.assert(
      fc.property(json, fc.oneof(json, fc.constantFrom('2024-08-19', '2024-08-19T07:09:39.315Z', '2024-08-19T09:09:39.315+0200')), (actual, value) => {
        const b = { v: actual };
        assert.notEqual(passes(cmp(body('v'), '=', value), b), passes(cmp(body('v'), '!=', value), b));
      }),
      { numRuns: 1000 },
    );
  });

  it('%= without % is equality of texts, and %text% is "contains", whatever characters the text holds', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '_', '\\', '.', '*', '[', '(', '$', '^', '\n', 'ø'), maxLength: 6 });
    fc.assert(
      fc.property(text, text, (actual, part) => {
        assert.equal(passes(cmp(body('s'), '%=', part), { s: actual }), actual === part);
        assert.equal(passes(cmp(body('s'), '%=', `%${part}%`), { s: actual }), actual.includes(part));
        assert.equal(passes(cmp(body('s'), '%=', `${part}%`), { s: actual }), actual.startsWith(part));
      }),
    );
  });

  it('= holds between a value and itself', () => {
    fc.assert(fc.property(json, (value) => assert.ok(passes(cmp(body('v'), '=', value), { v: value }))));
  });

  it('no excerpt or detail shows a secret found in the body', () => {
    const secretArb = fc.stringMatching(/^[A-Za-z0-9]{4,20}$/);
    fc.assert(
      fc.property(secretArb, fc.array(fc.string({ maxLength: 80 }), { minLength: 1, maxLength: 4 }), fc.nat({ max: 150 }), (secret, parts, pad) => {
        const s = `${'p'.repeat(pad)}${parts.join(secret)}${secret}`;
        const out = evaluateExpectation(cmp(body('r[*]'), '=', 'nothing'), response({ r: [s, s] }), { secrets: [secret] });
        for (const text of [out.actual, out.detail ?? '', out.expected, describeOutcome(out)]) {
          assert.ok(!text.includes(secret), text);
        }
      }),
    );
  });
});
