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
/** Cell padding plus room for the header's sort arrow (a 16px codicon) and a little slack. */
const cellPadding = 44;

/** An average character width for the UI font at 13px: a guess where text cannot be measured. */
export const guessTextWidth = (text: string): number => text.length * 8;

/**
 * Widths that fit a column's header and the longest text among its first rows
 * (`cell(row, column)`), within bounds. `measure` and `measureHeader` give a text's width in
 * pixels in the cells' and the header's font.
 */
export function initialWidths(
  columns: readonly string[],
  rowCount: number,
  cell: (row: number, column: number) => string,
  measure: (text: string) => number = guessTextWidth,
  measureHeader: (text: string) => number = measure,
  sample = 200,
): number[] {
  const longest = columns.map(() => '');
  const n = Math.min(rowCount, sample);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < columns.length; c++) {
      const text = cell(r, c);
      if (text.length > longest[c]!.length) longest[c] = text;
    }
  }
  // Measuring only the longest text per column keeps this to one measure per column.
  return longest.map((text, c) => {
    const width = Math.max(measure(text.slice(0, 80)), measureHeader(columns[c]!)) + cellPadding;
    return Math.round(Math.min(maxInitialWidth, Math.max(minColumnWidth, width)));
  });
}
