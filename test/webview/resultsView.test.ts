/** The host's pure side of the results panel: the view model, highlights and JSON pieces. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import type { JsonValue } from '../../core/jsonValue';
import { boundedText, bodyWithLoadedRows, cellText, describeResult, GridRows, highlightParts, prettyJsonChunks } from '../../client/panel/resultsView';
import { resultView } from '../../client/webview/resultsMessages';
import { archiveErrorResult, caseFile, fullTextResult, queryResult, transactionResult } from './resultFixtures';

/** Fixtures are EntityObjects, whose optional extra keys keep them from being JsonValue. */
const asJson = (value: unknown): JsonValue => value as JsonValue;

describe('cellText', () => {
  test('strings as they are, nothing as empty, structures as JSON', () => {
    assert.equal(cellText('<b>x</b>'), '<b>x</b>');
    assert.equal(cellText(null), '');
    assert.equal(cellText(undefined), '');
    assert.equal(cellText(42), '42');
    assert.equal(cellText(false), 'false');
    assert.equal(cellText(['a', 'b']), '["a","b"]');
    assert.equal(cellText({ kode: 'B' }), '{"kode":"B"}');
  });
});

describe('GridRows', () => {
  test('entities: type, id, the identifying fields of their type, then every other field in order of first appearance', () => {
    const grid = GridRows.of(asJson({ hasMore: false, results: [caseFile(1), { type: 'Arkivdel', id: '9', version: '1', fields: { tittel: 'A', arkivdelstatus: 'A' }, links: {} }] }))!;
    assert.deepEqual(grid.labels, ['type', 'id', 'tittel', 'saksstatus', 'saksaar', 'sakssekvensnummer', 'opprettetDato', 'arkivdelstatus']);
    assert.deepEqual(grid.row(1), ['Arkivdel', '9', 'A', '', '', '', '', 'A']);
    assert.equal(grid.cell(0, 4), '2001');
    assert.equal(grid.cell(5, 0), undefined);
  });

  test('a field called id or type does not hide the entity id and type', () => {
    const grid = GridRows.of({ results: [{ type: 'X', id: '1', version: '1', fields: { id: 'field id', type: 'field type' }, links: {} }] })!;
    assert.deepEqual(grid.labels, ['type', 'id', 'fields.id', 'fields.type']);
    assert.deepEqual(grid.row(0), ['X', '1', 'field id', 'field type']);
  });

  test('a later page adds its new columns at the end', () => {
    const grid = GridRows.of(asJson({ results: [caseFile(1)] }))!;
    const rows = grid.append([{ type: 'Saksmappe', id: '2', version: '1', fields: { tittel: 'B', skjerming: 'U' }, links: {} }]);
    assert.equal(grid.labels.at(-1), 'skjerming');
    assert.deepEqual(rows, [['Saksmappe', '2', 'B', '', '', '', '', 'U']]);
    assert.equal(grid.row(0).length, grid.labels.length, 'earlier rows read the new column as empty');
  });

  test('records that are not entities (log entries) show their keys', () => {
    const grid = GridRows.of({ results: [{ userName: 'ola', objectType: 'Saksmappe' }, { userName: 'kari', action: 'READ' }], hasMore: false })!;
    assert.deepEqual(grid.labels, ['userName', 'objectType', 'action']);
    assert.deepEqual([...grid.rows()], [['ola', 'Saksmappe', ''], ['kari', '', 'READ']]);
  });

  test('no grid for bodies without object results', () => {
    assert.equal(GridRows.of({ id: '12' }), undefined);
    assert.equal(GridRows.of({ results: ['a'] }), undefined);
    assert.equal(GridRows.of('text'), undefined);
  });
});

describe('highlightParts', () => {
  test('marks between hlstart and hlstop or hlend', () => {
    assert.deepEqual(highlightParts('a |=hlstart=|byggesak|=hlstop=| i |=hlstart=|Oslo|=hlend=|.'), [
      { text: 'a ', mark: false },
      { text: 'byggesak', mark: true },
      { text: ' i ', mark: false },
      { text: 'Oslo', mark: true },
      { text: '.', mark: false },
    ]);
  });
  test('an unclosed match runs to the end; a stray end is dropped; markup stays text', () => {
    assert.deepEqual(highlightParts('x|=hlstart=|<b>y'), [{ text: 'x', mark: false }, { text: '<b>y', mark: true }]);
    assert.deepEqual(highlightParts('a|=hlstop=|b'), [{ text: 'a', mark: false }, { text: 'b', mark: false }]);
    assert.deepEqual(highlightParts(''), []);
  });
});

describe('describeResult', () => {
  test('a query: a grid, headers, request; the view passes the message schema', () => {
    const { view, grid } = describeResult('cases', queryResult([caseFile(1), caseFile(2)], true, { 'content-type': 'application/json', 'x-total': '9' }));
    assert.ok(resultView.safeParse(view).success);
    assert.equal(view.content.kind, 'grid');
    assert.ok(view.content.kind === 'grid' && view.content.hasMore && view.content.rowCount === 2);
    assert.deepEqual(view.headers, [['content-type', 'application/json'], ['x-total', '9']]);
    assert.deepEqual(view.request, { method: 'POST', url: 'http://localhost:8088/api/v1/query' });
    assert.equal(grid?.records.length, 2);
  });

  test('a query whose EXPECT line fails: still its grid, and each expectation under it with its line', () => {
    const result = {
      ...queryResult([caseFile(1)]),
      ok: false,
      error: { kind: 'expectation' as const, message: 'EXPECT results.length = 2 does not hold' },
      expectations: [
        { line: 4, passed: true, subject: 'status', operator: '=', expected: '200', actual: '200' },
        { line: 5, passed: false, subject: 'results.length', operator: '=', expected: '2', actual: '1' },
      ],
    };
    const { view } = describeResult('cases', result);
    assert.ok(resultView.safeParse(view).success);
    assert.equal(view.content.kind, 'grid');
    assert.deepEqual(view.expectations, [
      { passed: true, line: 4, text: 'EXPECT status = 200' },
      { passed: false, line: 5, text: 'EXPECT results.length = 2 — actual 1' },
    ]);
    const implied = describeResult('cases', { ...queryResult([]), expectations: [{ line: 3, passed: true, subject: 'status', operator: '~', expected: '/^2/', actual: '200', implied: true }] });
    assert.equal(implied.view.expectations, undefined, 'the implied 2xx alone is no list');
    const refused = describeResult('cases', { ...archiveErrorResult(400, 'E1', 'bad'), error: { kind: 'expectation' as const, message: 'x' } });
    assert.equal(refused.view.content.kind, 'none', 'an error answer is never a grid');
  });

  test('a transaction: temp id → type, real id, version', () => {
    const { view } = describeResult('create', transactionResult({ nySak: { type: 'Saksmappe', id: '81', version: '1', fields: {}, links: {} } }));
    assert.deepEqual(view.content, { kind: 'transaction', saved: [{ tempId: 'nySak', type: 'Saksmappe', id: '81', version: '1' }] });
    assert.ok(resultView.safeParse(view).success);
  });

  test('full-text hits with their marks', () => {
    const { view } = describeResult('search', fullTextResult([{ ids: { 'Saksmappe.id': ['1', '2'] }, highlights: { 'Saksmappe.tittel': ['|=hlstart=|bygg|=hlstop=|esak'] } }]));
    assert.deepEqual(view.content, {
      kind: 'fullText',
      total: 1,
      hits: [{ ids: [{ key: 'Saksmappe.id', ids: ['1', '2'] }], highlights: [{ key: 'Saksmappe.tittel', snippets: [[{ text: 'bygg', mark: true }, { text: 'esak', mark: false }]] }] }],
      hasMore: false,
    });
  });

  test('an archive error: status, errorId and description, never shown as results', () => {
    const { view, grid } = describeResult('bad', archiveErrorResult(404, 'NOT_FOUND', 'Saksmappe 9 finnes ikke'));
    assert.deepEqual(view.error, { kind: 'archive', message: 'The archive answered 404: Saksmappe 9 finnes ikke', status: 404, errorId: 'NOT_FOUND', description: 'Saksmappe 9 finnes ikke' });
    assert.deepEqual(view.content, { kind: 'none' });
    assert.equal(grid, undefined);
    assert.ok(resultView.safeParse(view).success);
  });

  test('an outcome-unknown write says how to check', () => {
    const result = { ...transactionResult({}), ok: false, body: undefined, error: { kind: 'outcome-unknown' as const, message: 'lost', check: 'query Saksmappe by eksternId' } };
    assert.deepEqual(describeResult('t', result).view.error, { kind: 'outcome-unknown', message: 'lost', check: 'query Saksmappe by eksternId' });
  });
});

const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.string(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string(), tie('value'), { maxKeys: 4 }),
  ),
})).value as fc.Arbitrary<JsonValue>;

describe('prettyJsonChunks', () => {
  test('joined, the pieces are exactly JSON.stringify(value, null, 2)', () => {
    fc.assert(fc.property(json, (value) => [...prettyJsonChunks(value)].join('') === JSON.stringify(value, null, 2)));
  });
  test('50,000 results come in pieces of about one result each', () => {
    const body = { hasMore: false, results: Array.from({ length: 50_000 }, (_, i) => caseFile(i)) } as unknown as JsonValue;
    let pieces = 0;
    let longest = 0;
    for (const piece of prettyJsonChunks(body)) {
      pieces++;
      longest = Math.max(longest, piece.length);
    }
    assert.ok(pieces > 100_000);
    assert.ok(longest < 1000, `longest piece ${longest}`);
  });
});

describe('boundedText and bodyWithLoadedRows', () => {
  test('text cut at the limit says so', () => {
    assert.deepEqual(boundedText(['ab', 'cd', 'ef'], 3), { text: 'abc', truncated: true });
    assert.deepEqual(boundedText(['ab', 'cd'], 4), { text: 'abcd', truncated: false });
  });
  test('the body shows every row loaded and the latest hasMore', () => {
    const grid = GridRows.of(asJson({ hasMore: true, results: [caseFile(1)] }))!;
    grid.append([caseFile(2)]);
    const body = bodyWithLoadedRows({ hasMore: true, results: [caseFile(1)] as unknown as JsonValue }, grid, false) as { hasMore: boolean; results: unknown[] };
    assert.equal(body.hasMore, false);
    assert.equal(body.results.length, 2);
  });
});
