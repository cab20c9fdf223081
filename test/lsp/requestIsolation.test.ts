/** A failing request is answered with an error and the server keeps serving; cancellation is honoured. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ResponseError, type Location } from 'vscode-languageserver-protocol';
import { CancellationTokenSource, LspTestClient, parseMarkers, positionAt } from './lspTestClient';

const uri = 'file:///isolation.noarkq';
const { text, cursor, ranges } = parseMarkers('@[[year]] = 2024\n### a\nQUERY Saksmappe\nWHERE saksaar = @ye|ar\n');

describe('request isolation', { timeout: 30_000 }, () => {
  let client: LspTestClient;
  before(async () => {
    // Read by the server as it starts (main.ts): it then answers noarkq/test/fail by throwing.
    process.env.NOARKQ_TEST_HOOKS = '1';
    try {
      client = await LspTestClient.start({ pullDiagnostics: true });
    } finally {
      delete process.env.NOARKQ_TEST_HOOKS;
    }
    await client.open(uri, text);
  });
  after(() => client.dispose());

  test('a request whose handler throws gets an InternalError, is logged, and the next request works', async () => {
    const failed = await client.request('noarkq/test/fail', {}).then(
      () => assert.fail('expected an error'),
      (error: unknown) => error,
    );
    assert.ok(failed instanceof ResponseError);
    assert.equal(failed.code, -32603, failed.message);
    assert.match(failed.message, /^noarkq: noarkq\/test\/fail failed \(failed on purpose\)\. This is a bug in noarkq; the server keeps running/);
    const logged = await client.logLine((l) => l.message.startsWith('noarkq: noarkq/test/fail failed'));
    assert.equal(logged.type, 1);

    const locations = await client.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: positionAt(text, cursor!) });
    assert.deepEqual(locations.map((l) => l.range), [{ start: positionAt(text, ranges[0].start), end: positionAt(text, ranges[0].end) }]);
    assert.equal((await client.pullItems(uri)).length, 0);
  });

  test('a request cancelled before the server starts it is answered RequestCancelled', async () => {
    const source = new CancellationTokenSource();
    const pending = client.request('textDocument/completion', { textDocument: { uri }, position: positionAt(text, cursor!) }, source);
    // Cancelled in the same turn: the request and its $/cancelRequest reach the server together.
    source.cancel();
    const outcome = await pending.then(
      () => 'answered',
      (error: unknown) => error,
    );
    assert.ok(outcome instanceof ResponseError, `expected a cancellation, got ${String(outcome)}`);
    assert.equal(outcome.code, -32800);
    // The server goes on serving.
    assert.equal((await client.pullItems(uri)).length, 0);
  });
});
