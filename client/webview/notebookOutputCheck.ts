/**
 * Checks a noarkq notebook output item's data before the renderer draws it. The data is input:
 * VS Code keeps outputs across a reload and a backup, so an item may come from an older version of
 * the extension or from a file edited by hand. The contract's zod schema (notebookMessages.ts) is
 * the authority, but the webview keeps zod out of its bundles (see resultsMessages.ts), so this is
 * the same shape checked by hand — every field the view reads — and
 * test/webview/notebookOutputCheck.test.ts holds it to the schema's verdicts.
 */
import type { NotebookResultOutput } from './notebookMessages';

/** The data is not a noarkq output; the message names the place and what was wrong there. */
export class OutputDataError extends Error {
  override readonly name = 'OutputDataError';
}

type Check<T> = (value: unknown, at: string) => T;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value === 'object' ? 'an object' : typeof value === 'undefined' ? 'nothing' : `a ${typeof value}`;
}

function fail(at: string, expected: string, value: unknown): never {
  throw new OutputDataError(`${at}: expected ${expected}, found ${describe(value)}`);
}

const string: Check<string> = (v, at) => (typeof v === 'string' ? v : fail(at, 'a string', v));
const boolean: Check<boolean> = (v, at) => (typeof v === 'boolean' ? v : fail(at, 'true or false', v));
// JSON has no NaN or Infinity, and zod's number refuses them.
const number: Check<number> = (v, at) => (typeof v === 'number' && Number.isFinite(v) ? v : fail(at, 'a number', v));
const count: Check<number> = (v, at) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : fail(at, 'a whole number ≥ 0', v));

function literal<T extends string>(expected: T): Check<T> {
  return (v, at) => (v === expected ? expected : fail(at, JSON.stringify(expected), v));
}

function optional<T>(check: Check<T>): Check<T | undefined> {
  return (v, at) => (v === undefined ? undefined : check(v, at));
}

function array<T>(check: Check<T>): Check<T[]> {
  return (v, at) => (Array.isArray(v) ? v.map((item, i) => check(item, `${at}[${i}]`)) : fail(at, 'an array', v));
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The fields of `shape`, each checked; others are dropped (as zod's objects drop them). */
function object<S extends Record<string, Check<unknown>>>(shape: S): Check<{ [K in keyof S]: ReturnType<S[K]> }> {
  return (v, at) => {
    if (!isRecord(v)) return fail(at, 'an object', v);
    const out: Record<string, unknown> = {};
    for (const [key, check] of Object.entries(shape)) {
      const value = check(v[key], `${at}.${key}`);
      if (value !== undefined) out[key] = value;
    }
    return out as { [K in keyof S]: ReturnType<S[K]> };
  };
}

const stringPair: Check<[string, string]> = (v, at) => {
  if (!Array.isArray(v) || v.length !== 2) return fail(at, 'a [name, value] pair', v);
  return [string(v[0], `${at}[0]`), string(v[1], `${at}[1]`)];
};

/** Packed cells (packedCells.ts), whose lengths must add up to the text they cut. */
const packedCells = (v: unknown, at: string): { text: string; lengths: number[]; columns: number } => {
  const cells = object({ text: string, lengths: array(count), columns: count })(v, at);
  const total = cells.lengths.reduce((sum, n) => sum + n, 0);
  if (total !== cells.text.length) throw new OutputDataError(`${at}: the cells' lengths add up to ${total}, but their text is ${cells.text.length} long`);
  return cells;
};

const fullTextHit = object({
  ids: array(object({ key: string, ids: array(string) })),
  highlights: array(object({ key: string, snippets: array(array(object({ text: string, mark: boolean }))) })),
  entity: optional(object({ type: string, id: string })),
});

const contentChecks = {
  grid: object({ kind: literal('grid'), columns: array(string), cells: packedCells, rowCount: number, hasMore: boolean }),
  transaction: object({ kind: literal('transaction'), saved: array(object({ tempId: string, type: string, id: string, version: string })) }),
  fullText: object({ kind: literal('fullText'), total: number, hits: array(fullTextHit), hasMore: boolean }),
  none: object({ kind: literal('none') }),
};

const content = (v: unknown, at: string): ReturnType<(typeof contentChecks)[keyof typeof contentChecks]> => {
  const kind = isRecord(v) ? v.kind : undefined;
  if (typeof kind === 'string' && Object.hasOwn(contentChecks, kind)) return contentChecks[kind as keyof typeof contentChecks](v, at);
  return isRecord(v) ? fail(`${at}.kind`, `one of ${Object.keys(contentChecks).join(', ')}`, kind) : fail(at, 'an object', v);
};

const resultView = object({
  title: string,
  kind: string,
  ok: boolean,
  request: optional(object({ method: string, url: string })),
  status: optional(number),
  durationMs: number,
  bytes: number,
  pages: optional(number),
  receivedAt: number,
  headers: array(stringPair),
  error: optional(object({ kind: string, message: string, status: optional(number), errorId: optional(string), description: optional(string), check: optional(string) })),
  content,
  hasBody: boolean,
  expectations: optional(array(object({ passed: boolean, line: count, text: string }))),
});

const output: Check<NotebookResultOutput> = object({
  outputId: (v, at) => {
    const id = string(v, at);
    return id === '' ? fail(at, 'an id', v) : id;
  },
  show: object({ type: literal('show'), generation: number, view: resultView, canLoadMore: boolean }),
});

/** The output item's data as the contract types it, or an `OutputDataError` naming what is wrong. */
export function checkNotebookOutput(data: unknown): NotebookResultOutput {
  return output(data, 'output');
}
