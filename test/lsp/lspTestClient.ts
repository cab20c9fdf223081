/**
 * A small LSP client for tests and benchmarks: builds the real server bundle (once per process),
 * spawns `node server.js --stdio` and drives it with LSP messages. Waiting is always on a message
 * (a response, a notification), never on a clock.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { serverEnvironment } from '../../client/language/serverEnvironment';
import { Writable } from 'node:stream';
import {
  CancellationTokenSource,
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type ClientCapabilities,
  type Diagnostic,
  type DocumentDiagnosticReport,
  type InitializeResult,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type TextDocumentContentChangeEvent,
} from 'vscode-languageserver-protocol/node';

const root = join(__dirname, '..', '..');
let bundle: { dir: string; server: string } | undefined;

/** Builds `server/main.ts` with the project's esbuild configuration into a temp folder. */
export function serverBundle(): string {
  if (bundle) return bundle.server;
  const dir = mkdtempSync(join(tmpdir(), 'noarkq-lsp-'));
  const result = spawnSync(process.execPath, [join(root, 'esbuild.mjs'), '--only', 'server', '--outdir', dir], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`building the server failed:\n${result.stderr}${result.stdout}`);
  bundle = { dir, server: join(dir, 'server.js') };
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return bundle.server;
}

/**
 * Writes everything written in one turn of the event loop as one chunk: a request and the
 * `$/cancelRequest` sent right after it reach the server in the same read, which makes
 * cancellation tests deterministic.
 */
class TurnBatchingWritable extends Writable {
  private chunks: Buffer[] = [];
  private scheduled = false;
  constructor(private readonly target: NodeJS.WritableStream) {
    super();
  }
  override _write(chunk: Buffer | string, encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        const data = Buffer.concat(this.chunks);
        this.chunks = [];
        this.target.write(data);
      });
    }
    callback();
  }
}

export interface StartOptions {
  /** Declare `textDocument.diagnostic` (pull diagnostics); otherwise the server pushes. */
  pullDiagnostics?: boolean;
  /** Declare `workspace.configuration` and answer `workspace/configuration` with these settings. */
  settings?: Record<string, unknown>;
  /** The server's entry to spawn; by default the project's server built once per process. */
  server?: string;
  /** The server's code-cache folder (`off`: none); by default `code-cache` beside the entry. */
  codeCache?: string;
  /** `initialize`'s `locale` (the editor's display language) and `initializationOptions`. */
  locale?: string;
  initializationOptions?: Record<string, unknown>;
  /** `general.positionEncodings`: the encodings the client can count positions in. */
  positionEncodings?: string[];
  /** Start the server with its test hooks (NOARKQ_TEST_HOOKS, see server/noarkqServer.ts). */
  testHooks?: boolean;
}

/** What `nextShown` resolves with: whether the server pushed them for the version. */
export interface ShownDiagnostics {
  version: number;
  pushed: boolean;
  diagnostics: Diagnostic[];
}

export interface LogLine {
  type: number;
  message: string;
}

export class LspTestClient {
  readonly connection: ProtocolConnection;
  readonly logs: LogLine[] = [];
  /** Every `workspace/diagnostic/refresh` the server sent. */
  refreshes = 0;
  initializeResult: InitializeResult | undefined;
  /** What `workspace/configuration` answers for section `noarkq`; tests may change it. */
  settings: Record<string, unknown>;
  private readonly versions = new Map<string, number>();
  private readonly pushed = new Map<string, PublishDiagnosticsParams>();
  /** What `pullAsEditor` was last answered for each document. */
  private readonly shown = new Map<string, { resultId: string | undefined; items: Diagnostic[] }>();
  private readonly pushWaiters: Array<{ uri: string; accept: (p: PublishDiagnosticsParams) => boolean; resolve: (p: PublishDiagnosticsParams) => void }> = [];
  private readonly shownWaiters: Array<{ uri: string; version: number; resolve: (s: ShownDiagnostics) => void }> = [];
  private readonly logWaiters: Array<{ test: (l: LogLine) => boolean; resolve: (l: LogLine) => void }> = [];
  private readonly exited: Promise<number | null>;
  private answeredConfiguration: () => void = () => undefined;
  /** Resolves when the server has asked for the settings; anything sent after that reaches the
   * server after the answer (one stream, in order). */
  readonly configured: Promise<void> = new Promise((resolve) => (this.answeredConfiguration = resolve));

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    options: StartOptions,
  ) {
    this.settings = options.settings ?? {};
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    this.connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(new TurnBatchingWritable(child.stdin)));
    this.connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      this.pushed.set(p.uri, p);
      if (p.version !== undefined) this.resolveShown(p.uri, { version: p.version, pushed: true, diagnostics: p.diagnostics });
      for (const w of [...this.pushWaiters]) {
        if (w.uri === p.uri && w.accept(p)) {
          this.pushWaiters.splice(this.pushWaiters.indexOf(w), 1);
          w.resolve(p);
        }
      }
    });
    this.connection.onNotification('noarkq/test/pushUnchanged', (p: { uri: string; version: number }) => {
      const shown = this.pushed.get(p.uri);
      if (shown === undefined) throw new Error(`${p.uri}: diagnostics unchanged from none pushed`);
      this.resolveShown(p.uri, { version: p.version, pushed: false, diagnostics: shown.diagnostics });
    });
    this.connection.onNotification('window/logMessage', (l: LogLine) => {
      this.logs.push(l);
      for (const w of [...this.logWaiters]) {
        if (w.test(l)) {
          this.logWaiters.splice(this.logWaiters.indexOf(w), 1);
          w.resolve(l);
        }
      }
    });
    this.connection.onRequest('workspace/configuration', (p: { items: Array<{ section?: string }> }) => {
      this.answeredConfiguration();
      return p.items.map((item) => (item.section === 'noarkq' ? this.settings : null));
    });
    this.connection.onRequest('client/registerCapability', () => null);
    this.connection.onRequest('workspace/diagnostic/refresh', () => {
      this.refreshes++;
      return null;
    });
    this.connection.listen();
  }

  static async start(options: StartOptions = {}): Promise<LspTestClient> {
    const server = options.server ?? serverBundle();
    // As the extension starts it; the code cache beside the bundle, which goes when it does.
    const env = serverEnvironment(process.env, options.codeCache ?? join(dirname(server), 'code-cache'));
    if (options.testHooks) env.NOARKQ_TEST_HOOKS = '1';
    // SERVER_NODE_ARGS: node flags for the server only, e.g. to profile it under a benchmark:
    // `SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/sprof"`.
    const nodeArgs = process.env.SERVER_NODE_ARGS?.split(' ').filter((a) => a !== '') ?? [];
    const child = spawn(process.execPath, [...nodeArgs, server, '--stdio'], { stdio: 'pipe', env });
    const client = new LspTestClient(child, options);
    const capabilities: ClientCapabilities = {
      textDocument: {
        synchronization: { dynamicRegistration: false },
        completion: { completionItem: { snippetSupport: true } },
        hover: { contentFormat: ['markdown', 'plaintext'] },
        rename: { prepareSupport: true },
        publishDiagnostics: { versionSupport: true, relatedInformation: true },
        ...(options.pullDiagnostics ? { diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false } } : {}),
      },
      workspace: options.settings
        ? { configuration: true, didChangeConfiguration: { dynamicRegistration: true }, diagnostics: { refreshSupport: true } }
        : { diagnostics: { refreshSupport: options.pullDiagnostics === true } },
      ...(options.positionEncodings ? { general: { positionEncodings: options.positionEncodings } } : {}),
    };
    client.initializeResult = await client.connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities,
      ...(options.locale !== undefined ? { locale: options.locale } : {}),
      ...(options.initializationOptions ? { initializationOptions: options.initializationOptions } : {}),
    });
    await client.connection.sendNotification('initialized', {});
    return client;
  }

  async open(uri: string, text: string): Promise<void> {
    this.versions.set(uri, 1);
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'noarkq', version: 1, text } });
  }

  /** Sends incremental changes; returns the new version. */
  async change(uri: string, changes: TextDocumentContentChangeEvent[]): Promise<number> {
    const version = (this.versions.get(uri) ?? 0) + 1;
    this.versions.set(uri, version);
    await this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes });
    return version;
  }

  async close(uri: string): Promise<void> {
    this.versions.delete(uri);
    await this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  /** The server's process id (benchmarks read its memory from /proc). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  version(uri: string): number {
    return this.versions.get(uri) ?? 0;
  }

  request<R>(method: string, params: unknown, token?: CancellationTokenSource): Promise<R> {
    // An `undefined` third argument would be sent as a second positional parameter.
    return token ? this.connection.sendRequest(method, params, token.token) : this.connection.sendRequest(method, params);
  }

  /** `textDocument/diagnostic`, expecting a full report. */
  async pull(uri: string, previousResultId?: string): Promise<DocumentDiagnosticReport> {
    return this.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri }, previousResultId });
  }

  /**
   * `textDocument/diagnostic` as VS Code sends it: with the result id of the last report for the
   * document as `previousResultId`, keeping the items of the last full report while the server
   * answers `unchanged`. Gives the report and the items the editor shows after it.
   */
  async pullAsEditor(uri: string): Promise<{ report: DocumentDiagnosticReport; items: Diagnostic[] }> {
    const last = this.shown.get(uri);
    const report = await this.pull(uri, last?.resultId);
    if (report.kind === 'unchanged' && last === undefined) throw new Error(`${uri}: an unchanged report to a pull with no previous result id`);
    const items = report.kind === 'full' ? report.items : last!.items;
    this.shown.set(uri, { resultId: report.resultId, items });
    return { report, items };
  }

  async pullItems(uri: string): Promise<Diagnostic[]> {
    const report = await this.pull(uri);
    if (report.kind !== 'full') throw new Error(`expected a full report, got ${report.kind}`);
    return report.items;
  }

  /** The pushed diagnostics for `uri` at `version` (or later); resolves at once if already here. */
  pushedDiagnostics(uri: string, version = this.version(uri)): Promise<PublishDiagnosticsParams> {
    const accept = (p: PublishDiagnosticsParams): boolean => p.version === undefined || p.version >= version;
    const known = this.pushed.get(uri);
    if (known && accept(known)) return Promise.resolve(known);
    return new Promise((resolve) => this.pushWaiters.push({ uri, accept, resolve }));
  }

  /** The next push for `uri` that satisfies `accept`, ignoring what already arrived. */
  nextPush(uri: string, accept: (p: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams> {
    return new Promise((resolve) => this.pushWaiters.push({ uri, accept, resolve }));
  }

  /** Resolves the `nextShown` waiters for `uri` at `shown.version`. */
  private resolveShown(uri: string, shown: ShownDiagnostics): void {
    for (const w of [...this.shownWaiters]) {
      if (w.uri !== uri || w.version !== shown.version) continue;
      this.shownWaiters.splice(this.shownWaiters.indexOf(w), 1);
      w.resolve(shown);
    }
  }

  /**
   * The diagnostics the editor shows once the server has checked `version`: those it pushed for
   * it, or, when it sent none as they did not change (`noarkq/test/pushUnchanged`, with
   * `testHooks`), the last ones pushed. Call before sending the change.
   */
  nextShown(uri: string, version: number): Promise<ShownDiagnostics> {
    return new Promise((resolve) => this.shownWaiters.push({ uri, version, resolve }));
  }

  /** A log line matching `test`, already logged or still to come. */
  logLine(test: (l: LogLine) => boolean): Promise<LogLine> {
    const known = this.logs.find(test);
    if (known) return Promise.resolve(known);
    return new Promise((resolve) => this.logWaiters.push({ test, resolve }));
  }

  /** `shutdown` then `exit`; resolves with the server's exit code. */
  async shutdown(): Promise<number | null> {
    await this.connection.sendRequest('shutdown');
    await this.connection.sendNotification('exit');
    const code = await this.exited;
    this.connection.dispose();
    return code;
  }

  /** Closes the server's stdin as a crashed client would; resolves with its exit code. */
  async disconnect(): Promise<number | null> {
    this.child.stdin.end();
    const code = await this.exited;
    this.connection.dispose();
    return code;
  }

  /** Ends the server if a test left it running (closing its stdin makes it exit by itself). */
  async dispose(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.stdin.end();
      await this.exited;
    }
    this.connection.dispose();
  }
}

/**
 * Cursor and range markers for fixtures: `|` marks a position (write `||` as it is; a lone `|` is
 * the cursor), `[[...]]` marks ranges. Returns the text without markers.
 */
export function parseMarkers(marked: string): { text: string; cursor: number | undefined; ranges: Array<{ start: number; end: number }> } {
  let text = '';
  let cursor: number | undefined;
  const ranges: Array<{ start: number; end: number }> = [];
  const open: number[] = [];
  for (let i = 0; i < marked.length; i++) {
    if (marked.startsWith('[[', i)) {
      open.push(text.length);
      i++;
    } else if (marked.startsWith(']]', i) && open.length > 0) {
      ranges.push({ start: open.pop()!, end: text.length });
      i++;
    } else if (marked[i] === '|' && marked[i + 1] !== '|' && marked[i - 1] !== '|') {
      if (cursor !== undefined) throw new Error('two cursors in one fixture');
      cursor = text.length;
    } else {
      text += marked[i];
    }
  }
  return { text, cursor, ranges: ranges.sort((a, b) => a.start - b.start) };
}

/** LSP position of an offset. */
export function positionAt(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

/** Offset of an LSP position. */
export function offsetAt(text: string, position: { line: number; character: number }): number {
  let offset = 0;
  for (let l = 0; l < position.line; l++) offset = text.indexOf('\n', offset) + 1;
  return offset + position.character;
}

/** Semantic tokens as `[text, token type]` pairs of `text`, decoded with the server's legend. */
export function decodeSemanticTokens(text: string, data: readonly number[], legend: { tokenTypes: readonly string[] }): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  let line = 0;
  let character = 0;
  for (let i = 0; i < data.length; i += 5) {
    const [deltaLine, deltaStart, length, type] = data.slice(i, i + 4);
    line += deltaLine;
    character = deltaLine === 0 ? character + deltaStart : deltaStart;
    const start = offsetAt(text, { line, character });
    out.push([text.slice(start, start + length), legend.tokenTypes[type]]);
  }
  return out;
}

/** Applies LSP text edits (non-overlapping) to a text. */
export function applyEdits(text: string, edits: Array<{ range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string }>): string {
  const spans = edits
    .map((e) => ({ start: offsetAt(text, e.range.start), end: offsetAt(text, e.range.end), newText: e.newText }))
    .sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  for (const s of spans) out = out.slice(0, s.start) + s.newText + out.slice(s.end);
  return out;
}

export { CancellationTokenSource };
