/**
 * `noarkq.runBlock`, `noarkq.runAll` and `noarkq.runSelection`: runs blocks of an open `.noarkq`
 * document with the shared `RunSession`, exactly as `noarkq run` does, in the active environment.
 * One session per document and environment keeps the responses that later blocks' references
 * read. Progress shows in a cancellable notification whose Cancel aborts the HTTP request; each
 * result opens in its block's results panel and goes to the language server for hovers and
 * reference checks. A notebook's cells run through `runBlocks`, on the same sessions, their results
 * shown where the notebook wants them.
 */
import { tmpdir } from 'node:os';
import * as vscode from 'vscode';
import { blockAt, parseDocument, type DocumentBlock, type NoarkqDocument } from '../../core/document';
import type { NoarkModel } from '../../core/schema/types';
import type { EntityObject, QueryBody } from '../../runner/archive/archiveApi';
import type { BlockRunResult } from '../../runner/blocks/blockRunResult';
import { RunSession, runnableBlocks, type BlockProgress, type RunHooks, type RunOutcome } from '../../runner/blocks/runSession';
import type { Environment } from '../../runner/environments/environmentsSchema';
import type { SetResponsesParams } from '../../protocol/customMessages';
import type { ArchiveConnection, ArchiveConnections } from '../environments/archiveConnections';
import type { EnvironmentCommands } from '../environments/environmentCommands';
import type { MorePages } from '../panel/resultsPanel';
import { formatBytes } from '../../core/text/formatBytes';
import type { RunHistory } from './runHistory';
import type { RunPrompts } from './runPrompts';

/** The part of the results panels a run uses. */
export interface ResultsDisplay {
  show(key: string, title: string, result: BlockRunResult, more?: MorePages): void;
  /** Shows `result` only where the panel of `key` is open already. */
  showIfOpen(key: string, title: string, result: BlockRunResult, more?: MorePages): void;
}

export interface RunBlockOptions {
  /** QUERY blocks fetch every page while `hasMore`. */
  allPages?: boolean;
  /** 0-based line inside the block, for a block without a name (the CodeLens passes it). */
  line?: number;
}

export interface BlockRunnerDependencies {
  model: NoarkModel;
  connections: ArchiveConnections;
  environmentCommands: EnvironmentCommands;
  results: ResultsDisplay;
  history: RunHistory;
  prompts: () => RunPrompts;
  setResponses: (params: SetResponsesParams) => void;
  /** Every block's result as it comes (the pending uploads follow uploads and attachments). */
  onResult?: (environment: string, result: BlockRunResult) => void;
}

/** A block's result as it is shown: any secret its error text quotes redacted, and the further
 * pages of a query result. */
export interface ShownResult {
  result: BlockRunResult;
  more: MorePages | undefined;
}

/** What a run shows as it goes: the text editor's in a notification and the results panels, a
 * notebook's on its cells. */
export interface RunListener {
  onBlockStart?(block: { label: string; description: string }): void;
  onProgress?(progress: BlockProgress): void;
  /** Each block's result as it comes (a block's dependencies' too). */
  onResult(result: BlockRunResult, shown: ShownResult): void;
}

interface DocumentSession {
  environment: string;
  connection: ArchiveConnection;
  session: RunSession;
  /** The hooks of the run under way (the session's hooks are fixed when it is made). */
  hooks: { current: RunHooks | undefined };
}

export class BlockRunner implements vscode.Disposable {
  private readonly sessions = new Map<string, DocumentSession>();
  private readonly running = new Set<vscode.CancellationTokenSource>();

  constructor(private readonly deps: BlockRunnerDependencies) {}

  /** `noarkq.runBlock(uri?, blockName?, options?)`: the block's result (its dependencies run first). */
  async runBlock(uriArg?: unknown, blockName?: unknown, options?: RunBlockOptions): Promise<BlockRunResult | undefined> {
    const document = await this.documentFor(uriArg);
    if (!document) return undefined;
    const parsed = parseDocument(document.getText());
    const block = this.findBlock(document, parsed, typeof blockName === 'string' ? blockName : undefined, options?.line);
    if (!block) return undefined;
    const results = await this.run(document, parsed, [block], options?.allPages ?? false, labelOf(block));
    return results?.filter((r) => r.blockIndex === block.index).at(-1) ?? results?.at(-1);
  }

  /** `noarkq.runAll(uri?)`: every block in order; the list of results (the run stops at a failure). */
  async runAll(uriArg?: unknown): Promise<BlockRunResult[] | undefined> {
    const document = await this.documentFor(uriArg);
    if (!document) return undefined;
    const parsed = parseDocument(document.getText());
    const blocks = runnableBlocks(parsed);
    if (blocks.length === 0) {
      void vscode.window.showInformationMessage('noarkq: this file has no request to run.');
      return [];
    }
    return this.run(document, parsed, blocks, false, vscode.workspace.asRelativePath(document.uri));
  }

  /** `noarkq.runSelection`: the selected text as a request, seeing the file's variables and blocks. */
  async runSelection(): Promise<BlockRunResult | undefined> {
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document.languageId !== 'noarkq' || editor.selection.isEmpty) {
      void vscode.window.showInformationMessage('noarkq: select a request in a .noarkq file first.');
      return undefined;
    }
    const text = editor.document.getText();
    const selected = editor.document.getText(editor.selection).replace(/^\s*\n/, '');
    // Appended as a block of its own, the selection reads the file's variables and may reference
    // its blocks, which run first as usual.
    const parsed = parseDocument(`${text}\n${/^###/.test(selected) ? '' : '###\n'}${selected}\n`);
    const original = parseDocument(text).blocks.length;
    const blocks = parsed.blocks.slice(original).filter((b) => b.parsed.request !== undefined);
    if (blocks.length === 0) {
      void vscode.window.showInformationMessage('noarkq: the selection holds no request.');
      return undefined;
    }
    const results = await this.run(editor.document, parsed, blocks, false, 'the selection');
    return results?.at(-1);
  }

  /** The block a command names (by name, by line, or the cursor's) in an open `.noarkq` document;
   * undefined after telling the user why there is none. `verb` says what the command does with it. */
  async blockFor(uriArg: unknown, blockName: string | undefined, line: number | undefined, verb: string): Promise<{ document: vscode.TextDocument; parsed: NoarkqDocument; block: DocumentBlock } | undefined> {
    const document = await this.documentFor(uriArg, verb);
    if (!document) return undefined;
    const parsed = parseDocument(document.getText());
    const block = this.findBlock(document, parsed, blockName, line, verb);
    return block ? { document, parsed, block } : undefined;
  }

  /** The last result of each named block of `uri` run on `environment` in this window: what its
   * `{{references}}` read. */
  lastResults(uri: vscode.Uri, environment: string): ReadonlyMap<string, BlockRunResult> | undefined {
    const known = this.sessions.get(uri.toString());
    return known?.environment === environment ? known.session.results : undefined;
  }

  /** `noarkq.cancelRun`: cancels every run under way (as the notification's Cancel does). */
  cancelAll(): void {
    for (const source of this.running) source.cancel();
  }

  /**
   * The active environment (asked for when none is chosen) and a connection to it, a secret asked
   * for when one is missing; undefined when there is none, after telling the user why. The Testing
   * view's runs connect through it too.
   */
  async connectActive(): Promise<{ environment: Environment; connection: ArchiveConnection } | undefined> {
    const environment = await this.deps.environmentCommands.activeOrAsk();
    if (!environment) {
      // Not awaited: the command returns now, whatever the user does with the message.
      void vscode.window.showWarningMessage('noarkq: choose an environment to run against, or start the local sandbox.', 'Start Sandbox', 'Choose Environment').then((choice) => {
        if (choice === 'Start Sandbox') void vscode.commands.executeCommand('noarkq.startSandbox');
        else if (choice === 'Choose Environment') void vscode.commands.executeCommand('noarkq.selectEnvironment');
      });
      return undefined;
    }
    let connection: ArchiveConnection | undefined;
    try {
      connection = await this.deps.connections.connect(environment, (e, name) => this.deps.prompts().askSecret(e, name));
    } catch (error) {
      void vscode.window.showErrorMessage(`noarkq: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
    return connection ? { environment, connection } : undefined;
  }

  /**
   * A block's result that a run of the Testing view got: into the history, the CodeLens and the
   * sidebar like a run's, and into its results panel when that is open (a test run of many files
   * opens no panel).
   */
  recordTestResult(uri: vscode.Uri, environment: string, connection: ArchiveConnection, result: BlockRunResult): void {
    this.deps.history.add(uri, environment, result, false);
    this.deps.onResult?.(environment, result);
    this.deps.results.showIfOpen(panelKey(uri, result), panelTitle(result), redactResult(result, connection), this.morePages(connection, result));
  }

  /**
   * Runs `blocks` of `parsed`, the text of the document at `uri` (a notebook's code cells), in the
   * active environment with that document's session, as the editor's runs do; what the run shows
   * goes to `listener`. Undefined when there is no environment to run in (the user was told).
   */
  async runBlocks(uri: vscode.Uri, parsed: NoarkqDocument, blocks: readonly DocumentBlock[], signal: AbortSignal, listener: RunListener): Promise<RunOutcome | undefined> {
    const active = await this.connectActive();
    if (!active) return undefined;
    // Stopped by its caller (a cell's stop button) or by `noarkq.cancelRun`, as any run is; its
    // results go into the run history as the notebook's.
    const source = new vscode.CancellationTokenSource();
    this.running.add(source);
    const abort = new AbortController();
    const cancelled = source.token.onCancellationRequested(() => abort.abort());
    try {
      return await this.runIn(uri, active, parsed, blocks, false, AbortSignal.any([signal, abort.signal]), {
        ...listener,
        onResult: (result, shown) => {
          this.deps.history.add(uri, active.environment.name, result, false, 'notebook');
          listener.onResult(result, shown);
        },
      });
    } finally {
      cancelled.dispose();
      this.running.delete(source);
      source.dispose();
    }
  }

  private async run(document: vscode.TextDocument, parsed: NoarkqDocument, blocks: DocumentBlock[], allPages: boolean, what: string): Promise<BlockRunResult[] | undefined> {
    const active = await this.connectActive();
    if (!active) return undefined;
    const { environment, connection } = active;

    const source = new vscode.CancellationTokenSource();
    this.running.add(source);
    try {
      const outcome = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `noarkq: ${what} on ${environment.name}`, cancellable: true },
        async (progress, token) => {
          const abort = new AbortController();
          const cancel = () => abort.abort();
          const subscriptions = [token.onCancellationRequested(cancel), source.token.onCancellationRequested(cancel)];
          try {
            return await this.runIn(document.uri, active, parsed, blocks, allPages, abort.signal, {
              onBlockStart: ({ label, description }) => progress.report({ message: `${label}: ${description}` }),
              onProgress: (p) => progress.report({ message: describeProgress(p) }),
              onResult: (result, shown) => {
                this.deps.history.add(document.uri, environment.name, result, allPages);
                this.deps.results.show(panelKey(document.uri, result), panelTitle(result), shown.result, shown.more);
              },
            });
          } finally {
            for (const s of subscriptions) s.dispose();
          }
        },
      );
      if (outcome.kind === 'refused') {
        const count = outcome.errors.length;
        void vscode.window
          .showErrorMessage(`noarkq: nothing was sent: ${vscode.workspace.asRelativePath(document.uri)} has ${count === 1 ? 'an error' : `${count} errors`}. Fix ${count === 1 ? 'it' : 'them'} first.`, 'Show Problems')
          .then((choice) => {
            if (choice) void vscode.commands.executeCommand('workbench.actions.view.problems');
          });
        return undefined;
      }
      const failed = outcome.results.find((r) => !r.ok);
      if (failed?.error && failed.error.kind !== 'cancelled') {
        void vscode.window.showErrorMessage(`noarkq: ${connection.redact(failed.error.message)}`, 'Show Request Log').then((choice) => {
          if (choice) void vscode.commands.executeCommand('noarkq.showRequestLog');
        });
      }
      return outcome.results;
    } finally {
      this.running.delete(source);
      source.dispose();
    }
  }

  /** One run with the session of `uri` and `active`'s environment; the responses it leaves go to
   * the language server. */
  private async runIn(
    uri: vscode.Uri,
    active: { environment: Environment; connection: ArchiveConnection },
    parsed: NoarkqDocument,
    blocks: readonly DocumentBlock[],
    allPages: boolean,
    signal: AbortSignal,
    listener: RunListener,
  ): Promise<RunOutcome> {
    const { environment, connection } = active;
    const key = uri.toString();
    const session = this.sessionFor(key, environment, connection);
    const prompts = this.deps.prompts();
    session.hooks.current = {
      askValue: (request) => prompts.askValue(request),
      confirmWrite: (request) => prompts.confirmWrite(request),
      onBlockStart: (block) => listener.onBlockStart?.(block),
      onProgress: (progress) => listener.onProgress?.(progress),
      onResult: (result) => {
        this.deps.onResult?.(environment.name, result);
        listener.onResult(result, { result: redactResult(result, connection), more: this.morePages(connection, result) });
      },
    };
    let outcome: RunOutcome;
    try {
      outcome = await session.session.run({ document: parsed, filePath: uri.fsPath, blocks, allPages, signal });
    } finally {
      session.hooks.current = undefined;
    }
    if (outcome.kind !== 'refused') {
      this.deps.setResponses({
        uri: key,
        responses: Object.fromEntries(
          [...session.session.results].filter(([, r]) => r.status !== undefined).map(([name, r]) => [name, { status: r.status!, body: r.body, receivedAt: r.receivedAt }]),
        ),
      });
    }
    return outcome;
  }

  private sessionFor(key: string, environment: Environment, connection: ArchiveConnection): DocumentSession {
    const known = this.sessions.get(key);
    // Responses from another archive (or an older connection to it) are no values for this one.
    if (known && known.environment === environment.name && known.connection === connection) return known;
    const hooks: DocumentSession['hooks'] = { current: undefined };
    const session = new RunSession({
      client: connection.client,
      environment: { name: environment.name, protected: environment.protected, variables: environment.variables },
      model: this.deps.model,
      hooks: {
        askValue: (request) => hooks.current?.askValue?.(request) ?? Promise.resolve(undefined),
        confirmWrite: (request) => hooks.current?.confirmWrite?.(request) ?? Promise.resolve(false),
        onBlockStart: (block) => hooks.current?.onBlockStart?.(block),
        onProgress: (progress) => hooks.current?.onProgress?.(progress),
        onResult: (result) => hooks.current?.onResult?.(result),
      },
      downloadDir: downloadFolder(key),
    });
    const entry: DocumentSession = { environment: environment.name, connection, session, hooks };
    this.sessions.set(key, entry);
    return entry;
  }

  /** The next pages of a query result the panel may load, with the body the block sent. */
  private morePages(connection: ArchiveConnection, result: BlockRunResult): MorePages | undefined {
    if (!result.ok || result.kind !== 'query' || !isQueryResponse(result.body) || !result.body.hasMore) return undefined;
    const sent = queryBodyOf(result.request?.body);
    if (!sent) return undefined;
    let offset = (sent.offset ?? 0) + result.body.results.length;
    return {
      next: async (signal) => {
        const page = await connection.client.query({ ...sent, offset }, { signal });
        offset += page.body.results.length;
        return { results: page.body.results, hasMore: page.body.hasMore };
      },
    };
  }

  private async documentFor(uriArg: unknown, verb = 'run'): Promise<vscode.TextDocument | undefined> {
    const uri = uriArg instanceof vscode.Uri ? uriArg : typeof uriArg === 'string' ? vscode.Uri.parse(uriArg) : vscode.window.activeTextEditor?.document.uri;
    if (!uri) {
      void vscode.window.showInformationMessage(`noarkq: open a .noarkq file to ${verb}.`);
      return undefined;
    }
    const document = await vscode.workspace.openTextDocument(uri);
    if (document.languageId !== 'noarkq') {
      void vscode.window.showInformationMessage(`noarkq: ${vscode.workspace.asRelativePath(uri)} is not a .noarkq file.`);
      return undefined;
    }
    return document;
  }

  private findBlock(document: vscode.TextDocument, parsed: NoarkqDocument, name: string | undefined, line: number | undefined, verb = 'run'): DocumentBlock | undefined {
    let block: DocumentBlock | undefined;
    if (name !== undefined) {
      block = parsed.blocks.find((b) => b.parsed.name?.text === name);
      if (!block) {
        void vscode.window.showErrorMessage(`noarkq: ${vscode.workspace.asRelativePath(document.uri)} has no block named "${name}".`);
        return undefined;
      }
    } else {
      const editor = vscode.window.activeTextEditor;
      const position = line !== undefined ? new vscode.Position(line, 0) : editor?.document === document ? editor.selection.active : undefined;
      if (!position) {
        void vscode.window.showInformationMessage(`noarkq: put the cursor in the block to ${verb}.`);
        return undefined;
      }
      block = blockAt(parsed, document.offsetAt(position));
    }
    if (block.parsed.request === undefined) {
      void vscode.window.showInformationMessage(`noarkq: ${labelOf(block)} holds no request to ${verb}.`);
      return undefined;
    }
    return block;
  }

  dispose(): void {
    this.cancelAll();
    this.sessions.clear();
  }
}

function labelOf(block: DocumentBlock): string {
  return block.parsed.name?.text ?? (block.index < 0 ? 'the request' : `block ${block.index + 1}`);
}

export function panelKey(uri: vscode.Uri, result: Pick<BlockRunResult, 'blockName' | 'blockIndex'>): string {
  return `${uri.toString()}#${result.blockName ?? (result.blockIndex < 0 ? 'preamble' : `block-${result.blockIndex + 1}`)}`;
}

function panelTitle(result: BlockRunResult): string {
  return `noarkq: ${result.blockName ?? `line ${result.line}`}`;
}

function describeProgress(p: BlockProgress): string {
  return p.phase === 'pages' ? `${p.block}: ${p.done.toLocaleString('en')} results` : `${p.block}: ${formatBytes(p.done)}${p.total ? ` of ${formatBytes(p.total)}` : ''}`;
}

/** An error text may quote what an identity provider echoed; nothing shown may hold a secret. */
function redactResult(result: BlockRunResult, connection: ArchiveConnection): BlockRunResult {
  if (!result.error) return result;
  return { ...result, error: { ...result.error, message: connection.redact(result.error.message) } };
}

/** DOWNLOAD without TO writes beside the `.noarkq` file (an untitled one: the temp folder). */
function downloadFolder(uri: string): string {
  const parsed = vscode.Uri.parse(uri);
  return parsed.scheme === 'file' ? vscode.Uri.joinPath(parsed, '..').fsPath : tmpdir();
}

function isQueryResponse(body: unknown): body is { hasMore: boolean; results: EntityObject[] } {
  return typeof body === 'object' && body !== null && typeof (body as { hasMore?: unknown }).hasMore === 'boolean' && Array.isArray((body as { results?: unknown }).results);
}

/** The body a QUERY block sent, which the runner keeps as plain JSON. */
function queryBodyOf(body: unknown): QueryBody | undefined {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && typeof (body as { type?: unknown }).type === 'string' ? (body as QueryBody) : undefined;
}
