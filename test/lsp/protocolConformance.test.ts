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
import { TextDocument } from 'vscode-languageserver-textdocument';
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

test('a client that lists no position encoding, or none the server knows, gets utf-16', async () => {
  for (const capabilities of [{}, { general: { positionEncodings: ['latin-1'] } }]) {
    const raw = await initialized(capabilities);
    assert.equal(raw.result.capabilities.positionEncoding, 'utf-16');
    await stop(raw);
  }
});

/**
 * Every request the server answers, on text where æøå and an emoji come before the positions
 * asked about and answered: what a client in `encoding` gets must be what a UTF-16 client gets
 * with each position counted in `encoding` (by Node's own encoder, see `measure`), and it must
 * differ from it, so that a position left in UTF-16 cannot pass.
 */
const batteryText = [
  '# æøå 😀 @t = "x"',
  '@t = "æøå 😀"',
  '### sok 😀 Finn saker',
  'QUERY Saksmappe',
  'WHERE tittel = "æøå 😀" && titel = @t && saksaar = @t',
  'LIMIT 1',
  '',
  '### lagre',
  'TRANSACTION',
  '[{"fields": {"tittel": "😀 æøå", "journalposttype": "I"}, "action": "save", "type": "Journalpost", "id": "jp"},',
  ' {"note": "æøå 😀", "action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe", "linkToId": "{{sok.results[0].id}}"}, {"type": "Jou"}]',
  '',
].join('\n');

type Encoding = 'utf-8' | 'utf-16' | 'utf-32';
type Pos = { line: number; character: number };

function measure(text: string, encoding: Encoding): number {
  return encoding === 'utf-8' ? Buffer.byteLength(text, 'utf8') : encoding === 'utf-32' ? [...text].length : text.length;
}

/** A copy of `value` with each `{ line, character }` (UTF-16, in `text`) counted in `encoding`. */
function countedIn<T>(encoding: Encoding, text: string, value: T): T {
  const lines = text.split(/\r?\n/);
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v !== 'object' || v === null) return v;
    const o = v as Record<string, unknown>;
    if (typeof o.line === 'number' && typeof o.character === 'number') return { ...o, character: measure(lines[o.line].slice(0, o.character), encoding) };
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, walk(x)]));
  };
  return walk(value) as T;
}

/** Semantic tokens (UTF-16, in `text`) with starts and lengths counted in `encoding`. */
function tokensIn(encoding: Encoding, text: string, data: number[]): number[] {
  const lines = text.split(/\r?\n/);
  const out: number[] = [];
  let line = 0;
  let start = 0;
  let previous = 0;
  for (let i = 0; i < data.length; i += 5) {
    line += data[i];
    start = data[i] === 0 ? start + data[i + 1] : data[i + 1];
    const counted = measure(lines[line].slice(0, start), encoding);
    out.push(data[i], data[i] === 0 ? counted - previous : counted, measure(lines[line].slice(start, start + data[i + 2]), encoding), data[i + 3], data[i + 4]);
    previous = counted;
  }
  return out;
}

interface Answer {
  /** The document's text when it was answered. */
  text: string;
  value: unknown;
}

/** Every request kind, asked by a client in `encoding` at the same places (given here in UTF-16). */
async function battery(encoding: Encoding): Promise<Record<string, Answer>> {
  const raw = await initialized({ general: { positionEncodings: [encoding] }, textDocument: { diagnostic: { dynamicRegistration: false } } });
  let text = batteryText;
  const at = (line: number, word: string, after = 0): Pos => {
    const column = text.split('\n')[line].indexOf(word);
    assert.ok(column >= 0, `${word} on line ${line}`);
    return { line, character: column + after };
  };
  const doc = { textDocument: { uri } };
  const answers: Record<string, Answer> = {};
  const ask = async (name: string, method: string, params: Record<string, unknown>): Promise<void> => {
    answers[name] = { text, value: await raw.connection.sendRequest(method, { ...doc, ...countedIn(encoding, text, params) }) };
  };
  const pull = async (name: string): Promise<void> => {
    const report: { items: unknown[] } = await raw.connection.sendRequest('textDocument/diagnostic', doc);
    answers[name] = { text, value: report.items };
  };
  await open(raw, text);
  await pull('diagnostics');
  await ask('completion in a query', 'textDocument/completion', { position: at(4, '&& saksaar', 6) });
  await ask('completion in a JSON string', 'textDocument/completion', { position: at(10, '"Jou"', 4) });
  await ask('completion in a reference', 'textDocument/completion', { position: at(10, '{{sok.', 6) });
  await ask('hover', 'textDocument/hover', { position: at(4, 'saksaar', 2) });
  await ask('definition', 'textDocument/definition', { position: at(10, '"jp"', 2) });
  await ask('references', 'textDocument/references', { position: at(4, '@t &&', 1), context: { includeDeclaration: true } });
  await ask('prepare rename', 'textDocument/prepareRename', { position: at(10, 'sok.results', 1) });
  await ask('rename', 'textDocument/rename', { position: at(4, '@t &&', 1), newName: 'tekst' });
  await ask('document symbols', 'textDocument/documentSymbol', {});
  await ask('folding ranges', 'textDocument/foldingRange', {});
  await ask('semantic tokens', 'textDocument/semanticTokens/full', {});
  await ask('semantic tokens in a range', 'textDocument/semanticTokens/range', { range: { start: at(4, 'titel'), end: at(10, 'refMappe') } });
  await ask('formatting', 'textDocument/formatting', { options: { tabSize: 2, insertSpaces: true } });
  await ask('range formatting', 'textDocument/rangeFormatting', { range: { start: at(10, '"action"'), end: at(10, '}]', 2) }, options: { tabSize: 2, insertSpaces: true } });
  // The client sends back the diagnostics as it has them, in its encoding.
  const diagnostics = answers.diagnostics.value;
  answers['code actions'] = {
    text,
    value: await raw.connection.sendRequest('textDocument/codeAction', { ...doc, range: countedIn(encoding, text, { start: at(4, 'titel'), end: at(4, 'titel', 5) }), context: { diagnostics } }),
  };

  // Two changes in one didChange: the second's range counts in the text the first left.
  const changes = [{ range: { start: at(4, 'titel'), end: at(4, 'titel', 5) }, text: 'tittel = "😀" && tittel' }];
  const first = TextDocument.update(TextDocument.create(uri, 'noarkq', 1, text), changes, 2);
  const sent = [{ ...changes[0], range: countedIn(encoding, text, changes[0].range) }];
  text = first.getText();
  const second = { range: { start: at(4, 'saksaar'), end: at(4, 'saksaar', 7) }, text: 'saksår' };
  sent.push({ ...second, range: countedIn(encoding, text, second.range) });
  text = TextDocument.update(first, [second], 2).getText();
  await raw.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: sent });
  await pull('diagnostics after a change');
  await ask('hover after a change', 'textDocument/hover', { position: at(4, 'tittel = @t', 2) });
  await stop(raw);
  return answers;
}

for (const encoding of ['utf-8', 'utf-32'] as const) {
  test(`position encoding ${encoding}: every request's positions and every answer's are counted in it`, async () => {
    const [utf16, encoded] = await Promise.all([battery('utf-16'), battery(encoding)]);
    assert.deepEqual(Object.keys(encoded), Object.keys(utf16));
    for (const [name, { text, value }] of Object.entries(utf16)) {
      const tokens = name.startsWith('semantic tokens') ? (value as { data: number[] }) : undefined;
      const expected = tokens ? { ...tokens, data: tokensIn(encoding, text, tokens.data) } : countedIn(encoding, text, value);
      assert.deepEqual(encoded[name].value, expected, name);
      // Folding ranges are whole lines; everything else has a position after æøå or the emoji.
      if (name !== 'folding ranges') assert.notDeepEqual(expected, value, `${name}: answers no position after æøå or the emoji`);
    }
    assert.ok(JSON.stringify(utf16['diagnostics after a change'].value).includes('saksår'), 'the change reached the document');
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
