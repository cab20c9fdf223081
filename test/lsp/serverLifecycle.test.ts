/** Starting and stopping the server bundle: command line, initialize, shutdown/exit. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { LspTestClient, serverBundle } from './lspTestClient';

const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string };

describe('command line', () => {
  test('--version prints the package version', () => {
    const run = spawnSync(process.execPath, [serverBundle(), '--version'], { encoding: 'utf8' });
    assert.equal(run.status, 0);
    assert.equal(run.stdout, `${pkg.version}\n`);
  });

  test('--help names the transports', () => {
    const run = spawnSync(process.execPath, [serverBundle(), '--help'], { encoding: 'utf8' });
    assert.equal(run.status, 0);
    for (const transport of ['--stdio', '--node-ipc', '--socket=<port>']) assert.ok(run.stdout.includes(transport), transport);
  });

  test('without a transport it says how to start it and fails', () => {
    const run = spawnSync(process.execPath, [serverBundle()], { encoding: 'utf8' });
    assert.equal(run.status, 2);
    assert.match(run.stderr, /choose a transport/);
    assert.equal(run.stdout, '');
  });
});

describe('initialize', { timeout: 30_000 }, () => {
  test('announces every feature, the completion triggers and the semantic token legend', async () => {
    const client = await LspTestClient.start();
    try {
      const result = client.initializeResult!;
      assert.deepEqual(result.serverInfo, { name: 'noarkq', version: pkg.version });
      const c = result.capabilities;
      assert.deepEqual(c.textDocumentSync, { openClose: true, change: 2 });
      assert.deepEqual(c.completionProvider?.triggerCharacters, ['@', '#', '.', '"', '{']);
      assert.equal(c.hoverProvider, true);
      assert.equal(c.definitionProvider, true);
      assert.equal(c.referencesProvider, true);
      assert.deepEqual(c.renameProvider, { prepareProvider: true });
      assert.ok(c.documentSymbolProvider);
      assert.equal(c.foldingRangeProvider, true);
      assert.equal(c.documentFormattingProvider, true);
      assert.equal(c.documentRangeFormattingProvider, true);
      assert.deepEqual(c.codeActionProvider, { codeActionKinds: ['quickfix', 'source'] });
      const tokens = c.semanticTokensProvider;
      assert.ok(tokens && 'legend' in tokens);
      assert.ok(tokens.legend.tokenTypes.includes('property'));
      assert.equal(tokens.full, true);
      assert.equal(tokens.range, true);
    } finally {
      await client.dispose();
    }
  });
});

describe('shutdown', { timeout: 30_000 }, () => {
  test('shutdown then exit ends the server with code 0', async () => {
    const client = await LspTestClient.start();
    assert.equal(await client.shutdown(), 0);
  });

  test('a client that goes away without shutdown ends the server (code 1)', async () => {
    const client = await LspTestClient.start();
    await client.open('file:///a.noarkq', '### a\nQUERY Saksmappe\n');
    assert.equal(await client.disconnect(), 1);
  });
});

describe('code cache', { timeout: 30_000 }, () => {
  test('the first start caches both bundles as it exits; the next reads them, writes nothing and works', async () => {
    const codeCache = mkdtempSync(join(tmpdir(), 'noarkq-server-cache-'));
    try {
      const first = await LspTestClient.start({ codeCache });
      await first.open('file:///a.noarkq', '### a\nQUERY Saksmapppe\n');
      await first.pushedDiagnostics('file:///a.noarkq');
      assert.equal(await first.shutdown(), 0);
      const files = readdirSync(codeCache).sort();
      assert.deepEqual(
        files.map((f) => f.replace(/-[0-9a-f]{8}\./, '-#.')),
        ['serverAnalyses-#.v8cache', 'serverConnection-#.v8cache'],
      );
      const old = new Date(2000, 0, 1);
      for (const f of files) utimesSync(join(codeCache, f), old, old);

      const second = await LspTestClient.start({ codeCache });
      await second.open('file:///a.noarkq', '### a\nQUERY Saksmapppe\n');
      const { diagnostics } = await second.pushedDiagnostics('file:///a.noarkq');
      assert.ok(diagnostics.some((d) => JSON.stringify(d.message).includes("Saksmapppe")), JSON.stringify(diagnostics));
      assert.equal(await second.shutdown(), 0);
      for (const f of files) assert.equal(statSync(join(codeCache, f)).mtimeMs, old.getTime(), `${f} was read, not written again`);
    } finally {
      rmSync(codeCache, { recursive: true, force: true });
    }
  });

  test('with NOARKQ_CODE_CACHE=off it keeps nothing', async () => {
    const client = await LspTestClient.start({ codeCache: 'off' });
    assert.equal(await client.shutdown(), 0);
    assert.equal(existsSync(join(process.cwd(), 'off')), false);
  });
});
