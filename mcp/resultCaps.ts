/**
 * What one tool answer may hold: at most `maxRows` rows and `maxBytes` of JSON, as the MongoDB
 * extension's server caps documents and bytes per query. An agent's context is the scarce
 * resource; an answer that was cut says so and says how to get the rest.
 */

export interface ResultCaps {
  /** Rows (entities, hits, log entries, lists) per answer. */
  maxRows: number;
  /** Bytes of the rows' JSON per answer. */
  maxBytes: number;
}

export const defaultCaps: ResultCaps = { maxRows: 50, maxBytes: 64 * 1024 };
/** The archive's own largest `limit` for a query (the spec, § Limits). */
export const largestPage = 500;

export interface CappedRows<T> {
  rows: T[];
  /** Rows left out because of `maxBytes` (or `maxRows`), from the end. */
  cut: number;
  /** Bytes of the kept rows' JSON. */
  bytes: number;
}

/** The first rows of `rows` that fit the caps; at least one row is never promised, only told. */
export function capRows<T>(rows: readonly T[], caps: ResultCaps): CappedRows<T> {
  const kept: T[] = [];
  let bytes = 2;
  for (const row of rows) {
    if (kept.length >= caps.maxRows) break;
    const size = Buffer.byteLength(JSON.stringify(row) ?? 'null') + (kept.length > 0 ? 1 : 0);
    if (bytes + size > caps.maxBytes) break;
    kept.push(row);
    bytes += size;
  }
  return { rows: kept, cut: rows.length - kept.length, bytes };
}

/** A JSON value cut to `maxBytes` of text when it is longer, said at its end. */
export function capText(json: string, maxBytes: number): { text: string; cut: boolean } {
  if (Buffer.byteLength(json) <= maxBytes) return { text: json, cut: false };
  const cut = Buffer.from(json).subarray(0, maxBytes).toString('utf8').replace(/\uFFFD$/, '');
  return { text: cut, cut: true };
}
