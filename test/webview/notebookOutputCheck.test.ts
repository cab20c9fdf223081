/**
 * The renderer's hand check of an output item's data against the contract's zod schema
 * (notebookMessages.ts): it takes what the schema takes and refuses what the schema refuses,
 * with a message naming the place. Also: package.json's renderer is the contract's.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, test } from 'node:test';
import fc from 'fast-check';
import { noarkqRendererId, noarkqResultMime, notebookResultOutput, type NotebookResultOutput } from '../../client/webview/notebookMessages';
import { checkNotebookOutput, OutputDataError } from '../../client/webview/notebookOutputCheck';
import { caseFile, queryResult } from './resultFixtures';
import { everyKindOfResult, notebookOutput } from './notebookOutputs';
import { scriptPayloads } from './scriptPayloads';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

function verdict(data: unknown): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: checkNotebookOutput(data) };
  } catch (error) {
    assert.ok(error instanceof OutputDataError, `not an OutputDataError: ${String(error)}`);
    return { ok: false, message: error.message };
  }
}

/** Every place in a JSON value: its objects' keys and its arrays' items. */
function paths(value: Json, at: Path = []): Path[] {
  if (Array.isArray(value)) return [at, ...value.flatMap((v, i) => paths(v, [...at, i]))];
  if (value !== null && typeof value === 'object') return [at, ...Object.entries(value).flatMap(([k, v]) => paths(v, [...at, k]))];
  return [at];
}

/** `value` with the place at `path` replaced (or, for `undefined`, removed). */
function replaced(value: Json, path: Path, by: Json | undefined): Json {
  if (path.length === 0) return by ?? null;
  const copy = structuredClone(value) as Record<string | number, Json>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
  const last = path[path.length - 1]!;
  if (by !== undefined) parent[last] = by;
  else if (Array.isArray(parent)) parent.splice(last as number, 1);
  else delete parent[last];
  return copy;
}

/** One output of each kind; `payloads` a grid of what an attacker might put in archive data. */
let outputs: NotebookResultOutput[];
let payloads: NotebookResultOutput;

before(async () => {
  outputs = await Promise.all(everyKindOfResult().map(async ([title, result], i) => (await notebookOutput(`out-${i}`, title, result)).data));
  payloads = (await notebookOutput('payloads', 'payloads', queryResult(scriptPayloads.map((p, i) => ({ ...caseFile(i), fields: { tittel: p, [p]: p } }))))).data;
});

describe('checkNotebookOutput', () => {
  test("takes every kind of result the session shows, giving what the contract's schema gives", () => {
    for (const data of [...outputs, payloads]) {
      const json = JSON.parse(JSON.stringify(data)) as unknown;
      assert.deepEqual(checkNotebookOutput(json), notebookResultOutput.parse(json), data.outputId);
    }
  });

  test('names the place and what was there', () => {
    const data = JSON.parse(JSON.stringify(outputs[0])) as Json;
    const messages = [
      null,
      replaced(data, ['outputId'], ''),
      replaced(data, ['show', 'type'], 'rows'),
      replaced(data, ['show', 'view', 'content', 'columns', 1], 7),
      replaced(data, ['show', 'view', 'content', 'kind'], 'chart'),
      replaced(data, ['show', 'view', 'headers', 0], ['content-type']),
      replaced(data, ['show', 'view', 'content', 'cells', 'lengths', 0], 3),
      replaced(data, ['show', 'view', 'durationMs'], undefined),
    ].map((d) => verdict(d));
    assert.deepEqual(
      messages.map((m) => (m.ok ? 'accepted' : m.message)),
      [
        'output: expected an object, found null',
        'output.outputId: expected an id, found the string ""',
        'output.show.type: expected "show", found the string "rows"',
        'output.show.view.content.columns[1]: expected a string, found 7',
        'output.show.view.content.kind: expected one of grid, transaction, fullText, none, found the string "chart"',
        'output.show.view.headers[0]: expected a [name, value] pair, found an array',
        `output.show.view.content.cells: the cells' lengths add up to ${sumOfLengths(data, 3)}, but their text is ${textLength(data)} long`,
        'output.show.view.durationMs: expected a number, found nothing',
      ],
    );
  });

  test('refuses what the schema refuses, and takes what it takes, wherever the data is spoilt', () => {
    const corruptions: (Json | undefined)[] = [undefined, null, '', 'x', 0, -1, 1.5, 1e300, true, [], {}, [1, 'a'], { kind: 'none' }];
    const cases = outputs.flatMap((data) => {
      const json = JSON.parse(JSON.stringify(data)) as Json;
      return paths(json).map((path) => ({ json, path }));
    });
    fc.assert(
      fc.property(fc.constantFrom(...cases), fc.constantFrom(...corruptions), fc.boolean(), ({ json, path }, by, extraKey) => {
        let spoilt = replaced(json, path, by);
        if (extraKey && spoilt !== null && typeof spoilt === 'object' && !Array.isArray(spoilt)) spoilt = { ...spoilt, extra: 1 };
        const schema = notebookResultOutput.safeParse(spoilt);
        const mine = verdict(spoilt);
        if (!schema.success) {
          assert.equal(mine.ok, false, `the schema refuses ${JSON.stringify(path)} = ${JSON.stringify(by)}: ${schema.error.message}`);
        } else if (mine.ok) {
          assert.deepEqual(mine.value, schema.data);
        } else {
          // Beyond the schema: packed cells whose lengths do not cut their text.
          assert.match(mine.message, /the cells' lengths add up to/, `${JSON.stringify(path)} = ${JSON.stringify(by)}`);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

function sumOfLengths(data: Json, first: number): number {
  const lengths = ((data as { show: { view: { content: { cells: { lengths: number[] } } } } }).show.view.content.cells.lengths).slice(1);
  return lengths.reduce((a, b) => a + b, first);
}

function textLength(data: Json): number {
  return (data as { show: { view: { content: { cells: { text: string } } } } }).show.view.content.cells.text.length;
}

describe("package.json's notebook renderer", () => {
  // The bundle at the entrypoint is what test/webview/notebookRenderer.test.ts loads.
  test("is the contract's: its id, its mime, messaging optional", () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { contributes: { notebookRenderer?: unknown[] } };
    assert.deepEqual(pkg.contributes.notebookRenderer, [
      {
        id: noarkqRendererId,
        displayName: 'noarkq results',
        entrypoint: './dist/webview/notebookRenderer.js',
        mimeTypes: [noarkqResultMime],
        requiresMessaging: 'optional',
      },
    ]);
  });
});
