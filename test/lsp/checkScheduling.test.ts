/**
 * The server's scheduling of long work, through the wire: requests are answered while a big
 * file's parse and check run, a newer version or closing stops the check of the old one (whose
 * diagnostics are then never published), a cancelled pull stops it too, and a file past the size
 * limit gets one warning and no parse. Ordering only, never time: the big file is big enough that
 * its check is still running when the test's next message arrives.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ResponseError, type DocumentSymbol, type Hover, type PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { flowFile } from '../bench/editLatencyShapes';
import { CancellationTokenSource, LspTestClient, positionAt } from './lspTestClient';

/** About 3 MB: its parse and check take the server a second or more. */
const big = flowFile(10_000);
const whereAt = big.indexOf('WHERE saksaar', big.indexOf('### findCase1000 '));
const referenceAt = big.indexOf('{{findCase1000', whereAt) + 4;

interface CheckCounts {
  finished: number;
  stopped: number;
}

async function startWithHooks(pullDiagnostics: boolean): Promise<LspTestClient> {
  // Read by the server as it starts (main.ts): it then answers noarkq/test/checkCounts.
  process.env.NOARKQ_TEST_HOOKS = '1';
  try {
    return await LspTestClient.start({ pullDiagnostics });
  } finally {
    delete process.env.NOARKQ_TEST_HOOKS;
  }
}

describe('checks run in slices (push)', { timeout: 120_000 }, () => {
  let client: LspTestClient;
  before(async () => {
    client = await startWithHooks(false);
  });
  after(() => client.dispose());

  test('a hover is answered before the first diagnostics, and a new edit stops the check of the old version', async () => {
    const uri = 'file:///big-push.noarkq';
    const pushes: PublishDiagnosticsParams[] = [];
    const second = client.nextPush(uri, (p) => {
      pushes.push(p);
      return p.version === 2;
    });
    await client.open(uri, big);
    const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: positionAt(big, referenceAt) });
    assert.ok(hover, 'the hover works from what is parsed so far');
    assert.equal(pushes.length, 0, 'the hover was answered while the first check ran');

    // `tittel` → `tittelx`: an unknown field in one WHERE.
    const at = positionAt(big, whereAt + big.slice(whereAt).indexOf('tittel') + 'tittel'.length);
    await client.change(uri, [{ range: { start: at, end: at }, text: 'x' }]);
    const published = await second;
    assert.deepEqual(
      pushes.map((p) => p.version),
      [2],
      'only the new version is published',
    );
    assert.deepEqual(
      published.diagnostics.map((d) => d.code),
      ['noarkq.unknown-field'],
    );
    assert.deepEqual(await client.request<CheckCounts>('noarkq/test/checkCounts', {}), { finished: 1, stopped: 1 });
  });

  test('closing the document stops its check, and nothing is published for it but the empty list', async () => {
    const uri = 'file:///big-closed.noarkq';
    const before = await client.request<CheckCounts>('noarkq/test/checkCounts', {});
    const pushes: PublishDiagnosticsParams[] = [];
    const cleared = client.nextPush(uri, (p) => {
      pushes.push(p);
      return p.diagnostics.length === 0 && p.version === undefined;
    });
    await client.open(uri, big);
    await client.request('textDocument/hover', { textDocument: { uri }, position: positionAt(big, referenceAt) });
    await client.close(uri);
    await cleared;
    // A request answered after the close: anything the stopped check would send came first.
    await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } });
    assert.deepEqual(
      pushes.map((p) => p.version),
      [undefined],
    );
    assert.deepEqual(await client.request<CheckCounts>('noarkq/test/checkCounts', {}), { finished: before.finished, stopped: before.stopped + 1 });
  });
});

describe('checks run in slices (pull)', { timeout: 120_000 }, () => {
  let client: LspTestClient;
  before(async () => {
    client = await startWithHooks(true);
  });
  after(() => client.dispose());

  test('hover and completion are answered while a pull waits for the check, which answers for its version', async () => {
    const uri = 'file:///big-pull.noarkq';
    await client.open(uri, big);
    let pulled = false;
    const report = client.pull(uri).then((r) => {
      pulled = true;
      return r;
    });
    const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: positionAt(big, referenceAt) });
    const completion = await client.request<{ items: unknown[] } | null>('textDocument/completion', {
      textDocument: { uri },
      position: positionAt(big, whereAt + 'WHERE saks'.length),
    });
    assert.equal(pulled, false, 'both were answered before the diagnostics');
    assert.ok(hover);
    assert.ok(completion && completion.items.length > 0);
    const result = await report;
    assert.equal(result.kind, 'full');
    assert.ok(result.resultId?.startsWith('1.'), result.resultId);
    assert.equal(result.kind === 'full' ? result.items.length : -1, 0);
  });

  test('a cancelled pull stops the check it waited for', async () => {
    const uri = 'file:///big-cancelled.noarkq';
    const before = await client.request<CheckCounts>('noarkq/test/checkCounts', {});
    await client.open(uri, big);
    const source = new CancellationTokenSource();
    const report = client.request('textDocument/diagnostic', { textDocument: { uri } }, source);
    await client.request('textDocument/hover', { textDocument: { uri }, position: positionAt(big, referenceAt) });
    source.cancel();
    const outcome = await report.then(
      () => 'answered',
      (error: unknown) => error,
    );
    assert.ok(outcome instanceof ResponseError, `expected a cancellation, got ${String(outcome)}`);
    assert.equal(outcome.code, -32800);
    assert.deepEqual(await client.request<CheckCounts>('noarkq/test/checkCounts', {}), { finished: before.finished, stopped: before.stopped + 1 });
    // The next pull checks again, keeping what the stopped check had done, and answers in full.
    assert.equal((await client.pullItems(uri)).length, 0);
  });

  test("a big file's semantic tokens are made in slices: a hover sent after them is answered first, and a cancel sent while they are made is answered RequestCancelled", async () => {
    const uri = 'file:///big-tokens.noarkq';
    await client.open(uri, big);
    // Parsed and checked first: the tokens' own work is what the hover comes in between.
    assert.equal((await client.pullItems(uri)).length, 0);
    let tokensDone = false;
    const tokens = client.request<{ data: number[] }>('textDocument/semanticTokens/full', { textDocument: { uri } }).then((r) => {
      tokensDone = true;
      return r;
    });
    const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: positionAt(big, referenceAt) });
    assert.ok(hover);
    assert.equal(tokensDone, false, 'the hover was answered before the tokens');
    assert.ok((await tokens).data.length > 100_000);

    // The cancel goes right behind a hover, which is answered between two slices: it arrives
    // while the tokens are being made, with no round trip to wait for first.
    const source = new CancellationTokenSource();
    const cancelledTokens = client.request('textDocument/semanticTokens/full', { textDocument: { uri } }, source).then(
      () => 'answered',
      (error: unknown) => error,
    );
    const hoverBetween = client.request('textDocument/hover', { textDocument: { uri }, position: positionAt(big, referenceAt) });
    source.cancel();
    await hoverBetween;
    const outcome = await cancelledTokens;
    assert.ok(outcome instanceof ResponseError, `expected a cancellation, got ${String(outcome)}`);
    assert.equal(outcome.code, -32800);
  });

  test("a big file's symbols and folding ranges are made in slices too: a hover sent after each is answered first", async () => {
    const uri = 'file:///big-outline.noarkq';
    await client.open(uri, big);
    assert.equal((await client.pullItems(uri)).length, 0);
    for (const method of ['textDocument/documentSymbol', 'textDocument/foldingRange']) {
      let done = false;
      const answer = client.request<unknown[]>(method, { textDocument: { uri } }).then((r) => {
        done = true;
        return r;
      });
      assert.ok(await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: positionAt(big, referenceAt) }));
      assert.equal(done, false, `the hover was answered before ${method}`);
      assert.ok((await answer).length >= 10_000, method);
    }
  });
});

describe('the size limit', { timeout: 60_000 }, () => {
  let client: LspTestClient;
  // 0.01 MB: about 10 KB.
  before(async () => {
    client = await LspTestClient.start({ pullDiagnostics: true, settings: { maxFileSizeMB: 0.01 } });
    await client.configured;
  });
  after(() => client.dispose());

  test('a file past it gets one warning at its top naming its size and the limit, an outline, and nothing else', async () => {
    const uri = 'file:///too-big.noarkq';
    const text = flowFile(60);
    await client.open(uri, text);
    const items = await client.pullItems(uri);
    assert.equal(items.length, 1);
    const [warning] = items;
    const message = String(warning.message);
    assert.equal(warning.code, 'noarkq.file-too-large');
    assert.equal(warning.severity, 2);
    assert.deepEqual(warning.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
    const size = `${(Buffer.byteLength(text) / 1024 / 1024).toFixed(1)} MB`;
    assert.ok(message.includes(`This file is ${size}, past the language server's limit of 0.01 MB`), message);
    assert.match(message, /noarkq\.maxFileSizeMB/);

    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
    assert.equal(symbols.length, 60);
    assert.equal(symbols[0].name, 'findCase0 Find case file 0');
    assert.equal(await client.request('textDocument/hover', { textDocument: { uri }, position: positionAt(text, text.indexOf('{{findCase0') + 4) }), null);
  });

  test('a file under it is checked as usual', async () => {
    const uri = 'file:///small.noarkq';
    await client.open(uri, '@t = "x"\n### a\nQUERY Saksmappe\nWHERE tittelx = @t\n');
    assert.deepEqual(
      (await client.pullItems(uri)).map((d) => d.code),
      ['noarkq.unknown-field'],
    );
  });
});
