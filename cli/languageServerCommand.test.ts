/**
 * `noarkq lsp` end to end: the CLI and the server bundled into a temp folder (as `npm run build`
 * does), the command started as an editor starts it, LSP spoken over its stdin and stdout.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type ProtocolConnection } from 'vscode-languageserver-protocol/node';
import type { InitializeResult, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { languageServerArguments } from './languageServerCommand';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let work: string;

before(() => {
  work = mkdtempSync(join(tmpdir(), 'noarkq-lsp-command-'));
  const built = spawnSync(process.execPath, [join(root, 'esbuild.mjs'), '--only', 'cli,server', '--outdir', work], { encoding: 'utf8' });
  assert.equal(built.status, 0, built.stderr);
});

after(() => rmSync(work, { recursive: true, force: true }));

interface Started {
  child: ChildProcessWithoutNullStreams;
  connection: ProtocolConnection;
  exit: Promise<number | null>;
  stderr: () => string;
}

function startLsp(args: string[] = []): Started {
  const child = spawn(process.execPath, [join(work, 'cli.js'), 'lsp', ...args], { stdio: 'pipe', env: { ...process.env, NOARKQ_CODE_CACHE: 'off' } });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // Both the command and the server it starts write to this pipe: it closes when both are gone.
  const exit = new Promise<number | null>((resolve) => child.stdout.once('close', () => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)))));
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  connection.listen();
  return { child, connection, exit, stderr: () => stderr };
}

test('the transport is --stdio unless another is named, and a wrong option is named', () => {
  assert.deepEqual(languageServerArguments([]), { ok: true, args: ['--stdio'] });
  assert.deepEqual(languageServerArguments(['--socket=7001']), { ok: true, args: ['--socket=7001'] });
  assert.deepEqual(languageServerArguments(['--stdio', '--clientProcessId=12']), { ok: true, args: ['--stdio'] });
  assert.deepEqual(languageServerArguments(['--help']), { ok: true, help: true });
  assert.match(String((languageServerArguments(['--stdio', '--pipe=x']) as { error: string }).error), /one transport/);
  assert.match(String((languageServerArguments(['--socket']) as { error: string }).error), /unknown option "--socket"/);
  assert.match(String((languageServerArguments(['--node-ipc']) as { error: string }).error), /--node-ipc/);
  assert.match(String((languageServerArguments(['--verbose']) as { error: string }).error), /unknown option "--verbose"/);
});

test('noarkq lsp answers initialize, publishes a file\'s diagnostics and exits 0 after shutdown and exit', async () => {
  const lsp = startLsp();
  const result: InitializeResult = await lsp.connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
  assert.ok(result.capabilities.completionProvider, 'a completion provider');
  assert.equal(result.serverInfo?.name, 'noarkq');
  await lsp.connection.sendNotification('initialized', {});
  const published = new Promise<PublishDiagnosticsParams>((resolve) => lsp.connection.onNotification('textDocument/publishDiagnostics', resolve));
  await lsp.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: 'file:///broken.noarkq', languageId: 'noarkq', version: 1, text: '### a\nQUERY Saksmappe\nWHERE tittle = "x"\n' } });
  const diagnostics = await published;
  assert.ok(
    diagnostics.diagnostics.some((d) => typeof d.message === 'string' && d.message.includes('tittle')),
    JSON.stringify(diagnostics),
  );
  await lsp.connection.sendRequest('shutdown');
  await lsp.connection.sendNotification('exit');
  assert.equal(await lsp.exit, 0, lsp.stderr());
});

test('noarkq lsp ends when the editor closes its input without a shutdown (exit code 1, as LSP says)', async () => {
  const lsp = startLsp();
  await lsp.connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
  lsp.child.stdin.end();
  assert.equal(await lsp.exit, 1, lsp.stderr());
});

test('a SIGTERM to noarkq lsp stops the server with it', async () => {
  const lsp = startLsp();
  await lsp.connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
  lsp.child.kill('SIGTERM');
  // The pipe closes only when the server, which shares it, is gone too.
  assert.notEqual(await lsp.exit, 0);
});

test('noarkq lsp refuses an unknown option with its usage and exit code 2', () => {
  const r = spawnSync(process.execPath, [join(work, 'cli.js'), 'lsp', '--bogus'], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /unknown option "--bogus"[\s\S]*Usage: noarkq lsp/);
});
