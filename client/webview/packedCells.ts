/**
 * Grid cells as they travel from host to webview: one string holding every cell's text and
 * the length of each cell, row by row. 50,000 rows as `string[][]` are 350,000 strings to
 * serialize, clone and parse; packed they are one string and one array of numbers, and the
 * webview slices out only the cells it shows or sorts by. Pure: used on both sides.
 */

export interface PackedCells {
  /** Every cell's text, concatenated row by row. */
  text: string;
  /** Each cell's length in UTF-16 code units, `columns` per row. */
  lengths: number[];
  columns: number;
}

export function packCells(rows: Iterable<readonly string[]>, columns: number): PackedCells {
  const parts: string[] = [];
  const lengths: number[] = [];
  for (const row of rows) {
    for (let c = 0; c < columns; c++) {
      const cell = row[c] ?? '';
      parts.push(cell);
      lengths.push(cell.length);
    }
  }
  return { text: parts.join(''), lengths, columns };
}

interface Batch {
  first: number;
  count: number;
  columns: number;
  text: string;
  /** Start of each cell in `text`, plus the end. */
  offsets: Uint32Array;
}

/** The grid's rows, held packed; later pages come as further batches with more columns. */
export class PackedRows {
  private readonly batches: Batch[] = [];
  private total = 0;

  add(packed: PackedCells): void {
    const cells = packed.lengths.length;
    const offsets = new Uint32Array(cells + 1);
    for (let i = 0; i < cells; i++) offsets[i + 1] = offsets[i]! + packed.lengths[i]!;
    const count = packed.columns === 0 ? 0 : cells / packed.columns;
    this.batches.push({ first: this.total, count, columns: packed.columns, text: packed.text, offsets });
    this.total += count;
  }

  get length(): number {
    return this.total;
  }

  cell(row: number, column: number): string {
    const batch = this.batchOf(row);
    if (!batch || column >= batch.columns) return '';
    const i = (row - batch.first) * batch.columns + column;
    return batch.text.slice(batch.offsets[i], batch.offsets[i + 1]);
  }

  /** One column's text for every row, in order (what sorting needs). */
  column(column: number): string[] {
    const out = new Array<string>(this.total);
    for (const batch of this.batches) {
      for (let r = 0; r < batch.count; r++) {
        const i = r * batch.columns + column;
        out[batch.first + r] = column < batch.columns ? batch.text.slice(batch.offsets[i], batch.offsets[i + 1]) : '';
      }
    }
    return out;
  }

  private batchOf(row: number): Batch | undefined {
    if (row < 0 || row >= this.total) return undefined;
    let lo = 0;
    let hi = this.batches.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.batches[mid]!.first <= row) lo = mid;
      else hi = mid - 1;
    }
    return this.batches[lo];
  }
}
