/**
 * The server against the protocol's letter, over raw stdio (JSON-RPC messages written by hand,
 * no LSP client library deciding anything): the lifecycle's errors and exit codes, invalid
 * params, and answers shaped by what the client declared — snippets, markup kinds, position
 * encodings, settings in `initializationOptions`, push or pull diagnostics. Each client here
 * declares only what its test names, as the editors issue 22 lists (Neovim's omnifunc, eglot
 * without yasnippet or markdown-mode, ALE) do.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { after, test } from 'node:test';
import {
  createProtocolConnection,
  ResponseError,
  StreamMessageReader,
  StreamMessageWriter,
  type ClientCapabilities,
  type CompletionItem,
  type CompletionList,
  type Hover,
  type InitializeResult,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { serverEnvironment } from '../../client/language/serverEnvironment';
import { serverBundle } from './lspTestClient';

interface Raw {
  child: ChildProcessWithoutNullStreams;
  connection: ProtocolConnection;
  exit: Promise<number | null>;
  published: PublishDiagnosticsParams[];
  /** The first diagnostics published (so far or later) that `accept` takes. */
  publishedWhen(accept: (p: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams>;
  /** The first diagnostics published for `uri` with at least one diagnostic. */
  diagnosed(uri: string): Promise<PublishDiagnosticsParams>;
}

/** Every server started here: one a failed test left running is stopped at the end. */
const started: ChildProcessWithoutNullStreams[] = [];
after(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill();
});

function startRaw(): Raw {
  const server = serverBundle();
  const child = spawn(process.execPath, [server, '--stdio'], { stdio: 'pipe', env: serverEnvironment(process.env, 'off') });
  started.push(child);
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const published: PublishDiagnosticsParams[] = [];
  const waiters: Array<{ accept: (p: PublishDiagnosticsParams) => boolean; resolve: (p: PublishDiagnosticsParams) => void }> = [];
  connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    published.push(p);
    for (const w of [...waiters]) {
      if (w.accept(p)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(p);
      }
    }
  });
  const publishedWhen = (accept: (p: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams> => {
    const known = published.find(accept);
    return known ? Promise.resolve(known) : new Promise((resolve) => waiters.push({ accept, resolve }));
  };
  connection.onRequest('client/registerCapability', () => null);
  connection.listen();
  return {
    child,
    connection,
    exit,
    published,
    publishedWhen,
    diagnosed: (uri) => publishedWhen((p) => p.uri === uri && p.diagnostics.length > 0),
  };
}

async function initialized(capabilities: ClientCapabilities, extra: Record<string, unknown> = {}): Promise<Raw & { result: InitializeResult }> {
  const raw = startRaw();
  const result: InitializeResult = await raw.connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities, ...extra });
  await raw.connection.sendNotification('initialized', {});
  return { ...raw, result };
}

async function stop(raw: Raw): Promise<void> {
  await raw.connection.sendRequest('shutdown');
  await raw.connection.sendNotification('exit');
  await raw.exit;
  raw.connection.dispose();
}

async function errorOf(promise: Promise<unknown>): Promise<ResponseError<unknown>> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ResponseError) return error;
    throw error;
  }
  assert.fail('expected an error response');
}

const uri = 'file:///conformance.noarkq';
const open = (raw: Raw, text: string) => raw.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'noarkq', version: 1, text } });

test('a request before initialize is answered -32002 (server not initialized)', async () => {
  const raw = startRaw();
  const error = await errorOf(raw.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } }));
  assert.equal(error.code, -32002);
  await raw.connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
  await stop(raw);
});

test('a second initialize is refused as an invalid request', async () => {
  const raw = await initialized({});
  const error = await errorOf(raw.connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} }));
  assert.equal(error.code, -32600);
  await stop(raw);
});

test('a request after shutdown is refused as an invalid request; exit then ends with code 0', async () => {
  const raw = await initialized({});
  await raw.connection.sendRequest('shutdown');
  const error = await errorOf(raw.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } }));
  assert.equal(error.code, -32600);
  await raw.connection.sendNotification('exit');
  assert.equal(await raw.exit, 0);
});

test('exit without shutdown ends with code 1', async () => {
  const raw = await initialized({});
  await raw.connection.sendNotification('exit');
  assert.equal(await raw.exit, 1);
});

test('missing or malformed params are -32602 (invalid params), not an internal error', async () => {
  const raw = await initialized({});
  await open(raw, '### a\nQUERY Saksmappe\nWHERE tittel = @t\n');
  for (const params of [{}, { textDocument: { uri } }, { textDocument: { uri }, position: { line: 'one', character: 0 } }, { textDocument: { uri }, position: { line: -1, character: 3 } }]) {
    const error = await errorOf(raw.connection.sendRequest('textDocument/hover', params));
    assert.equal(error.code, -32602, `${JSON.stringify(params)}: ${error.message}`);
  }
  await stop(raw);
});

test('a client without snippet support gets no snippet', async () => {
  const raw = await initialized({ textDocument: { completion: { completionItem: { snippetSupport: false } } } });
  const text = '### a\nTRANSACTION\n[{"action": "save", "type": "Journalpost", "id": "jp", "fields": {}}, {}]\n';
  await open(raw, text);
  const list: CompletionList | CompletionItem[] = await raw.connection.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line: 2, character: text.split('\n')[2].length - 2 } });
  const items = Array.isArray(list) ? list : list.items;
  assert.ok(items.length > 0);
  assert.deepEqual(items.filter((i) => i.insertTextFormat === 2).map((i) => i.label), []);
  assert.deepEqual(items.filter((i) => i.command?.command === 'editor.action.triggerSuggest').map((i) => i.label), [], 'no VS Code command for a client that is not VS Code');
  await stop(raw);
});

test('a plaintext-only client gets plaintext hover', async () => {
  const raw = await initialized({ textDocument: { hover: { contentFormat: ['plaintext'] } } });
  await open(raw, '### a\nQUERY Saksmappe\nWHERE tittel = @t\n');
  const hover: Hover = await raw.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 8 } });
  assert.ok(hover && typeof hover.contents === 'object' && 'kind' in hover.contents);
  assert.equal(hover.contents.kind, 'plaintext');
  assert.doesNotMatch(hover.contents.value, /\*\*|`/);
  await stop(raw);
});

/** A line with text before the mistake that counts differently in each encoding. */
const encodingText = '### a\nQUERY Saksmappe\nWHERE tittel = "æøå 😀" && titel = @t\n';
const columnOf = (encoding: 'utf-8' | 'utf-16' | 'utf-32'): number => {
  const before = encodingText.split('\n')[2].slice(0, encodingText.split('\n')[2].indexOf('titel'));
  if (encoding === 'utf-8') return Buffer.byteLength(before, 'utf8');
  if (encoding === 'utf-16') return before.length;
  return [...before].length;
};

for (const encoding of ['utf-8', 'utf-16', 'utf-32'] as const) {
  test(`position encoding ${encoding}: negotiated, and ranges counted in it after æøå and an emoji`, async () => {
    const raw = await initialized({ general: { positionEncodings: [encoding] } });
    assert.equal(raw.result.capabilities.positionEncoding ?? 'utf-16', encoding);
    await open(raw, encodingText);
    const published = await raw.diagnosed(uri);
    const misspelt = published.diagnostics.find((d) => typeof d.message === 'string' && d.message.includes('titel'));
    assert.ok(misspelt, JSON.stringify(published.diagnostics.map((d) => d.message)));
    assert.deepEqual(misspelt.range.start, { line: 2, character: columnOf(encoding) });
    await stop(raw);
  });
}

test('settings in initializationOptions are read: with diagnostics turned off there, the file is published clean', async () => {
  const raw = await initialized({}, { initializationOptions: { noarkq: { diagnostics: { enable: false } } } });
  await open(raw, '### a\nQUERY Saksmape\n');
  const first = await raw.publishedWhen((p) => p.uri === uri);
  assert.deepEqual(first.diagnostics, []);
  await stop(raw);
});

test('a pull is answered under the settings the client gives, not before they are known', async () => {
  const raw = startRaw();
  let answer: (settings: unknown[]) => void = () => undefined;
  const settings = new Promise<unknown[]>((resolve) => (answer = resolve));
  raw.connection.onRequest('workspace/configuration', () => settings);
  await raw.connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: { textDocument: { diagnostic: { dynamicRegistration: false } }, workspace: { configuration: true } } });
  await raw.connection.sendNotification('initialized', {});
  await open(raw, '### a\nQUERY Saksmape\n');
  const report: Promise<{ items: unknown[] }> = raw.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri } });
  // The settings come only once the pull is on its way, as from a client that is slow to answer.
  answer([{ diagnostics: { enable: false } }]);
  assert.deepEqual((await report).items, []);
  assert.deepEqual(raw.published.filter((p) => p.diagnostics.length > 0), []);
  await stop(raw);
});

test('settings sent with workspace/didChangeConfiguration are read', async () => {
  const raw = await initialized({});
  await open(raw, '### a\nQUERY Saksmape\n');
  const first = await raw.diagnosed(uri);
  await raw.connection.sendNotification('workspace/didChangeConfiguration', { settings: { noarkq: { diagnostics: { enable: false } } } });
  await raw.publishedWhen((p) => p.uri === uri && p.diagnostics.length === 0 && raw.published.indexOf(p) > raw.published.indexOf(first));
  await stop(raw);
});

test('a client that pulls diagnostics is never pushed any', async () => {
  const raw = await initialized({ textDocument: { diagnostic: { dynamicRegistration: false } }, workspace: { configuration: true } });
  raw.connection.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => ({})));
  await open(raw, '### a\nQUERY Saksmape\n');
  const report: { items: unknown[] } = await raw.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri } });
  assert.ok(report.items.length > 0);
  assert.deepEqual(raw.published.filter((p) => p.diagnostics.length > 0).map((p) => p.diagnostics.length), []);
  await stop(raw);
});

test('a client that does not pull gets its diagnostics pushed', async () => {
  const raw = await initialized({});
  await open(raw, '### a\nQUERY Saksmape\n');
  const published = await raw.diagnosed(uri);
  assert.ok(published.diagnostics.some((d) => typeof d.message === 'string' && d.message.includes('Saksmape')));
  await stop(raw);
});
