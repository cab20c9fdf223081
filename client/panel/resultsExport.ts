/**
 * Writes a result to a file as CSV or JSON, streamed: rows go through csv-stringify and the
 * JSON in pieces, with backpressure, so exporting 50,000 rows never builds one giant string.
 */
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { JsonValue } from '../../core/jsonValue';
import { prettyJsonChunks } from './resultsView';

export async function writeCsv(columns: readonly string[], rows: Iterable<string[]>, out: Writable, signal?: AbortSignal): Promise<void> {
  // A BOM so spreadsheet programs read the Norwegian letters as UTF-8.
  await pipeline(Readable.from(rows), stringify({ header: true, columns: [...columns], bom: true }), out, { signal });
}

/** Joins the small pieces of `prettyJsonChunks` into writes of about `chunkSize` characters. */
function* batched(chunks: Iterable<string>, chunkSize: number): Generator<string> {
  let parts: string[] = [];
  let length = 0;
  for (const chunk of chunks) {
    parts.push(chunk);
    length += chunk.length;
    if (length >= chunkSize) {
      yield parts.join('');
      parts = [];
      length = 0;
    }
  }
  if (length) yield parts.join('');
  yield '\n';
}

export async function writeJson(value: JsonValue, out: Writable, signal?: AbortSignal, chunkSize = 64 * 1024): Promise<void> {
  await pipeline(Readable.from(batched(prettyJsonChunks(value), chunkSize)), out, { signal });
}
