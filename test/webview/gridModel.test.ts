/** The grid's pure parts: sort order and first column widths. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { initialWidths, minColumnWidth, sortedOrder } from '../../client/webview/gridModel';

const col = (values: string[]): string[][] => values.map((v) => [v]);
const sorted = (values: string[], direction: 'ascending' | 'descending'): string[] => sortedOrder(col(values), 0, direction).map((i) => values[i]!);

describe('sortedOrder', () => {
  test('numbers as numbers, negative and decimal included', () => {
    assert.deepEqual(sorted(['10', '9', '-5', '2.5', '100'], 'ascending'), ['-5', '2.5', '9', '10', '100']);
    assert.deepEqual(sorted(['10', '9', '-5', '2.5', '100'], 'descending'), ['100', '10', '9', '2.5', '-5']);
  });
  test('text with a numeric, case-insensitive collation; ISO dates in time order', () => {
    assert.deepEqual(sorted(['Sak 10', 'sak 9', 'Sak 1'], 'ascending'), ['Sak 1', 'sak 9', 'Sak 10']);
    assert.deepEqual(sorted(['2024-03-01T00:00:00Z', '2023-12-31T23:00:00Z', '2024-01-15T08:00:00Z'], 'ascending'), ['2023-12-31T23:00:00Z', '2024-01-15T08:00:00Z', '2024-03-01T00:00:00Z']);
  });
  test('empty cells last in both directions; equal keys keep their order', () => {
    assert.deepEqual(sortedOrder(col(['b', '', 'a', '']), 0, 'ascending'), [2, 0, 1, 3]);
    assert.deepEqual(sortedOrder(col(['b', '', 'a', '']), 0, 'descending'), [0, 2, 1, 3]);
    assert.deepEqual(sortedOrder(col(['x', 'X', 'x']), 0, 'descending'), [0, 1, 2]);
  });
  test('short rows read as empty', () => {
    assert.deepEqual(sortedOrder([['a', '2'], ['b'], ['c', '1']], 1, 'ascending'), [2, 0, 1]);
  });
  test('50,000 rows sort in well under a second', () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => [`Sak ${(i * 7919) % 50_000}`]);
    const started = performance.now();
    const order = sortedOrder(rows, 0, 'ascending');
    assert.ok(performance.now() - started < 2000);
    assert.equal(rows[order[0]!]![0], 'Sak 0');
    assert.equal(rows[order.at(-1)!]![0], 'Sak 49999');
  });
});

describe('initialWidths', () => {
  test('fit header and text, within bounds', () => {
    const widths = initialWidths(['id', 'tittel', 'x'], [['1', 'a'.repeat(500), '']]);
    assert.equal(widths.length, 3);
    assert.ok(widths.every((w) => w >= minColumnWidth && w <= 360));
    assert.equal(widths[1], 360);
    assert.equal(widths[2], minColumnWidth);
  });
});
