/** The grid's pure parts: sort order and first column widths. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { initialWidths, sortedOrder } from '../../client/webview/gridModel';
import { packCells, PackedRows } from '../../client/webview/packedCells';

const sorted = (values: string[], direction: 'ascending' | 'descending'): string[] => sortedOrder(values, direction).map((i) => values[i]!);

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
    assert.deepEqual(sortedOrder(['b', '', 'a', ''], 'ascending'), [2, 0, 1, 3]);
    assert.deepEqual(sortedOrder(['b', '', 'a', ''], 'descending'), [0, 2, 1, 3]);
    assert.deepEqual(sortedOrder(['x', 'X', 'x'], 'descending'), [0, 1, 2]);
  });
  test('50,000 rows sort in well under a second', () => {
    const keys = Array.from({ length: 50_000 }, (_, i) => `Sak ${(i * 7919) % 50_000}`);
    const started = performance.now();
    const order = sortedOrder(keys, 'ascending');
    assert.ok(performance.now() - started < 2000);
    assert.equal(keys[order[0]!], 'Sak 0');
    assert.equal(keys[order.at(-1)!], 'Sak 49999');
  });
});

describe('initialWidths', () => {
  test('fit header and text, within bounds', () => {
    const rows = [['1', 'a'.repeat(500), ''], ['22', 'b', '']];
    const widths = initialWidths(['id', 'tittel', 'x'], 2, (r, c) => rows[r]![c]!, (text) => text.length * 10);
    assert.deepEqual(widths, [64, 360, 54]);
  });
});

describe('packed cells', () => {
  test('rows survive packing, batches with more columns read the earlier rows as empty there', () => {
    const rows = new PackedRows();
    rows.add(packCells([['a', ''], ['bé', '🙂x']], 2));
    rows.add(packCells([['c', 'd', 'e']], 3));
    assert.equal(rows.length, 3);
    assert.deepEqual([0, 1, 2].map((r) => [0, 1, 2].map((c) => rows.cell(r, c))), [['a', '', ''], ['bé', '🙂x', ''], ['c', 'd', 'e']]);
    assert.deepEqual(rows.column(2), ['', '', 'e']);
    assert.equal(rows.cell(3, 0), '');
  });
  test('short rows are padded; no rows is no rows', () => {
    assert.deepEqual(packCells([['x']], 2), { text: 'x', lengths: [1, 0], columns: 2 });
    const empty = new PackedRows();
    empty.add(packCells([], 2));
    assert.equal(empty.length, 0);
  });
});
