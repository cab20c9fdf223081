/** The grid's pure parts: the order rows sort in and the widths columns start with. */

export type SortDirection = 'ascending' | 'descending';

const numberPattern = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Row positions in sorted order (stable). Cells holding numbers compare as numbers, other text
 * with a numeric, case-insensitive collation (so `Sak 9` < `Sak 10`); empty cells go last in
 * either direction, since "no value" is not a small value.
 */
export function sortedOrder(keys: readonly string[], direction: SortDirection, collator?: Intl.Collator): number[] {
  const collate = (collator ?? new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })).compare;
  const numbers = keys.map((k) => (numberPattern.test(k) ? Number(k) : NaN));
  const sign = direction === 'ascending' ? 1 : -1;
  const order = keys.map((_, i) => i);
  order.sort((a, b) => {
    const ka = keys[a]!;
    const kb = keys[b]!;
    if (ka === '' || kb === '') return ka === kb ? a - b : ka === '' ? 1 : -1;
    const na = numbers[a]!;
    const nb = numbers[b]!;
    const c = !Number.isNaN(na) && !Number.isNaN(nb) ? na - nb : collate(ka, kb);
    return c !== 0 ? sign * c : a - b;
  });
  return order;
}

export const minColumnWidth = 48;
const maxInitialWidth = 360;
/** Average character width of the UI font at 13px, near enough for a first guess. */
const charWidth = 7.5;
const cellPadding = 20;

/** Widths that fit a column's header and its first rows' text (`cell(row, column)`), within bounds. */
export function initialWidths(columns: readonly string[], rowCount: number, cell: (row: number, column: number) => string, sample = 200): number[] {
  const lengths = columns.map((c) => c.length + 2);
  const n = Math.min(rowCount, sample);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < columns.length; c++) lengths[c] = Math.max(lengths[c]!, cell(r, c).length);
  }
  return lengths.map((l) => Math.round(Math.min(maxInitialWidth, Math.max(minColumnWidth, l * charWidth + cellPadding))));
}
