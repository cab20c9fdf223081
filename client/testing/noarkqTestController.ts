/**
 * The Testing view of `.noarkq` files (the format's "Expectations and tests"): each file of the
 * workspace with `EXPECT` lines is a test item, its tested blocks its children, as the language
 * server's parse finds them (`noarkq/testBlocks`). Kept fresh as documents change and files come
 * and go. The Run profile runs the chosen files or blocks with `runFileTests` — what `noarkq test`
 * runs — against the active environment, connected, asked and confirmed as a run of a block is.
 */
import { tmpdir } from 'node:os';
import * as vscode from 'vscode';
import type { NoarkModel } from '../../core/schema/types';
import type { TestBlockInfo, TestBlocksParams, TestBlocksResult } from '../../protocol/customMessages';
import type { BlockRunResult } from '../../runner/blocks/blockRunResult';
import { runFileTests } from '../../runner/testing/fileTestRun';
import type { FileTestResult } from '../../runner/testing/testResults';
import type { ArchiveConnection } from '../environments/archiveConnections';
import type { Environment } from '../../runner/environments/environmentsSchema';
import type { RunPrompts } from '../run/runPrompts';
import { fileOutcome, type TestMessageSpec, type TestState } from './testRunOutcomes';

export interface TestControllerDependencies {
  model: NoarkModel;
  /** The tested blocks of a file, from the language server. */
  testBlocks(params: TestBlocksParams): Promise<TestBlocksResult>;
  /** The active environment and a connection to it (undefined: the user was told why not). */
  connect(): Promise<{ environment: Environment; connection: ArchiveConnection } | undefined>;
  prompts: () => RunPrompts;
  /** Each block's result as it comes: history, CodeLens, sidebar, an open results panel. */
  onResult(uri: vscode.Uri, environment: string, connection: ArchiveConnection, result: BlockRunResult): void;
  log: vscode.LogOutputChannel;
}

/** What a test item stands for. */
type ItemData = { kind: 'file'; uri: vscode.Uri } | { kind: 'block'; uri: vscode.Uri; block: TestBlockInfo };

/** How long typing may pause before a changed document is looked at again. */
const changeDelayMs = 400;

export class NoarkqTestController implements vscode.Disposable {
  readonly controller: vscode.TestController;
  private readonly data = new WeakMap<vscode.TestItem, ItemData>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly generations = new Map<string, number>();
  private readonly subscriptions: vscode.Disposable[] = [];
  /** What the last run reported, by item id. */
  private reported = new Map<string, ReportedTest>();
  private watching = false;
  /** Settles when the workspace's files have all been looked at once. */
  private discovery: Promise<void> | undefined;

  constructor(private readonly deps: TestControllerDependencies) {
    this.controller = vscode.tests.createTestController('noarkq', 'noarkq');
    this.controller.resolveHandler = async (item) => {
      if (!item) await this.discoverWorkspace();
      else {
        const data = this.data.get(item);
        if (data?.kind === 'file') await this.refresh(data.uri);
      }
    };
    this.controller.refreshHandler = async () => {
      this.discovery = undefined;
      await this.discoverWorkspace();
    };
    this.controller.createRunProfile('Run', vscode.TestRunProfileKind.Run, (request, token) => this.run(request, token), true);
    this.subscriptions.push(
      this.controller,
      vscode.workspace.onDidOpenTextDocument((d) => this.documentChanged(d)),
      vscode.workspace.onDidChangeTextDocument((e) => this.documentChanged(e.document)),
      // Unsaved changes are gone with the editor: the file on disk is the test again.
      vscode.workspace.onDidCloseTextDocument((d) => {
        if (isNoarkqFile(d.uri)) void this.refresh(d.uri);
      }),
    );
    for (const document of vscode.workspace.textDocuments) this.documentChanged(document);
  }

  /** Every file's item, with its blocks' items, once the workspace has been looked at (tests use it). */
  async items(): Promise<vscode.TestItem[]> {
    await this.discoverWorkspace();
    const items: vscode.TestItem[] = [];
    this.controller.items.forEach((item) => items.push(item));
    return items;
  }

  /** Looks at every `.noarkq` file of the workspace once, and from then on follows them. */
  discoverWorkspace(): Promise<void> {
    this.watch();
    this.discovery ??= (async () => {
      const files = await vscode.workspace.findFiles('**/*.noarkq', '**/node_modules/**');
      await Promise.all(files.map((uri) => this.refresh(uri)));
    })();
    return this.discovery;
  }

  private watch(): void {
    if (this.watching) return;
    this.watching = true;
    const files = vscode.workspace.createFileSystemWatcher('**/*.noarkq', false, false, true);
    // A deleted folder is reported as itself, not as the files in it: every delete is looked at.
    const deletes = vscode.workspace.createFileSystemWatcher('**/*', true, true, false);
    this.subscriptions.push(
      files,
      deletes,
      files.onDidCreate((uri) => void this.refresh(uri)),
      // An open document is followed as it is edited; the disk matters once it is saved or closed.
      files.onDidChange((uri) => {
        if (!openDocument(uri)) void this.refresh(uri);
      }),
      deletes.onDidDelete((uri) => this.forget(uri)),
    );
  }

  /** Removes the items of `uri` and of every file under it. */
  private forget(uri: vscode.Uri): void {
    const key = uri.toString();
    const gone: string[] = [];
    this.controller.items.forEach((item) => {
      if (item.id === key || item.id.startsWith(`${key}/`)) gone.push(item.id);
    });
    for (const id of gone) this.controller.items.delete(id);
  }

  private documentChanged(document: vscode.TextDocument): void {
    if (document.languageId !== 'noarkq' || !isNoarkqFile(document.uri)) return;
    const key = document.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        void this.refresh(document.uri);
      }, changeDelayMs),
    );
  }

  /** The file's item made, updated or removed after what the language server finds in it now. */
  async refresh(uri: vscode.Uri): Promise<vscode.TestItem | undefined> {
    const key = uri.toString();
    // Only the latest look at a file may change its item: an earlier one may answer later.
    const generation = (this.generations.get(key) ?? 0) + 1;
    this.generations.set(key, generation);
    let text: string;
    try {
      text = await readText(uri);
    } catch {
      if (this.generations.get(key) === generation) this.controller.items.delete(key);
      return undefined;
    }
    let blocks: TestBlockInfo[];
    try {
      // The text is sent even for an open document: the server may not have its latest version yet.
      ({ blocks } = await this.deps.testBlocks({ uri: key, text }));
    } catch (error) {
      this.deps.log.warn(`Could not find the tests of ${vscode.workspace.asRelativePath(uri)}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
    // Deleted while the server was asked: its delete may have been handled already.
    const present = await exists(uri);
    if (this.generations.get(key) !== generation) return this.controller.items.get(key);
    if (!present) {
      this.controller.items.delete(key);
      return undefined;
    }
    if (blocks.length === 0) {
      this.controller.items.delete(key);
      return undefined;
    }
    let file = this.controller.items.get(key);
    if (!file) {
      file = this.controller.createTestItem(key, vscode.workspace.asRelativePath(uri), uri);
      this.controller.items.add(file);
    }
    this.data.set(file, { kind: 'file', uri });
    file.canResolveChildren = false;
    file.children.replace(
      blocks.map((block) => {
        // An unnamed block is known by its position; a named one keeps its results while edits move it.
        const child = this.controller.createTestItem(`${key}#${block.named ? block.name : `block-${block.index}`}`, block.name, uri);
        child.range = new vscode.Range(block.headerLine, 0, block.endLine, Number.MAX_SAFE_INTEGER);
        child.description = block.writes ? 'writes' : undefined;
        child.sortText = String(block.headerLine).padStart(8, '0');
        this.data.set(child, { kind: 'block', uri, block });
        return child;
      }),
    );
    return file;
  }

  /** The Run profile: each file of the request in turn, in one session of its own. */
  private async run(request: vscode.TestRunRequest, token: vscode.CancellationToken): Promise<void> {
    const byFile = await this.selection(request);
    const run = this.controller.createTestRun(request);
    this.reported = new Map();
    const abort = new AbortController();
    const cancelled = token.onCancellationRequested(() => abort.abort());
    try {
      if (byFile.size === 0) return;
      for (const [, { file }] of byFile) run.enqueued(file);
      const active = await this.deps.connect();
      if (!active) {
        for (const [, { file }] of byFile) this.report(run, file, 'errored', [new vscode.TestMessage('No environment to run against: choose one, or start the local sandbox.')]);
        return;
      }
      for (const [, selected] of byFile) {
        if (token.isCancellationRequested) {
          run.skipped(selected.file);
          continue;
        }
        await this.runFile(run, selected, active, abort.signal);
      }
    } finally {
      cancelled.dispose();
      run.end();
    }
  }

  /** The file items of the request, each with the blocks asked for (undefined: the whole file). */
  private async selection(request: vscode.TestRunRequest): Promise<Map<string, SelectedFile>> {
    const roots: vscode.TestItem[] = [];
    if (request.include) roots.push(...request.include);
    else roots.push(...(await this.items()));
    const excluded = new Set(request.exclude ?? []);
    const byFile = new Map<string, SelectedFile>();
    for (const item of roots) {
      if (excluded.has(item)) continue;
      const data = this.data.get(item);
      if (!data) continue;
      const file = data.kind === 'file' ? item : item.parent;
      if (!file) continue;
      const key = data.uri.toString();
      const selected = byFile.get(key) ?? { uri: data.uri, file, blocks: undefined };
      if (data.kind === 'file') {
        const children: TestBlockInfo[] = [];
        let anyExcluded = false;
        item.children.forEach((child) => {
          const d = this.data.get(child);
          if (excluded.has(child)) anyExcluded = true;
          else if (d?.kind === 'block') children.push(d.block);
        });
        selected.blocks = anyExcluded ? [...(selected.blocks ?? []), ...children] : undefined;
        selected.whole = !anyExcluded;
      } else if (!selected.whole) {
        selected.blocks = [...(selected.blocks ?? []), data.block];
      }
      byFile.set(key, selected);
    }
    return byFile;
  }

  private async runFile(run: vscode.TestRun, selected: SelectedFile, active: { environment: Environment; connection: ArchiveConnection }, signal: AbortSignal): Promise<void> {
    const { uri, file } = selected;
    const { environment, connection } = active;
    const children = new Map<number, vscode.TestItem>();
    file.children.forEach((child) => {
      const d = this.data.get(child);
      if (d?.kind === 'block') children.set(d.block.index, child);
    });
    const asked = selected.blocks ? selected.blocks.map((b) => children.get(b.index)).filter((c): c is vscode.TestItem => c !== undefined) : [...children.values()];
    run.started(file);
    for (const child of asked) run.started(child);
    const prompts = this.deps.prompts();
    let result: FileTestResult;
    try {
      const text = await readText(uri);
      result = await runFileTests(
        { text, absolutePath: uri.fsPath, display: vscode.workspace.asRelativePath(uri) },
        {
          client: connection.client,
          environment: { name: environment.name, protected: environment.protected, variables: environment.variables },
          model: this.deps.model,
          hooks: {
            askValue: (request) => prompts.askValue(request),
            confirmWrite: (request) => prompts.confirmWrite(request),
            onResult: (r) => this.deps.onResult(uri, environment.name, connection, r),
          },
          // DOWNLOAD without TO writes beside the file, as a run of the block does.
          downloadDir: uri.scheme === 'file' ? vscode.Uri.joinPath(uri, '..').fsPath : tmpdir(),
          ...(selected.blocks ? { only: new Set(selected.blocks.map((b) => b.index)) } : {}),
          signal,
        },
      );
    } catch (error) {
      // runFileTests reports what goes wrong in a block; what is left is a file that cannot be read.
      const text = `${vscode.workspace.asRelativePath(uri)} could not be run: ${connection.redact(error instanceof Error ? error.message : String(error))}`;
      for (const child of asked) run.skipped(child);
      this.report(run, file, 'errored', [new vscode.TestMessage(text)]);
      return;
    }
    const outcome = fileOutcome(result, { redact: (t) => connection.redact(t) });
    const at = (m: TestMessageSpec): vscode.TestMessage => toMessage(uri, m);
    run.appendOutput(outcome.header, undefined, file);
    const reported = new Set<vscode.TestItem>();
    for (const block of outcome.blocks) {
      const item = block.role === 'test' ? children.get(block.blockIndex) : undefined;
      run.appendOutput(block.log, undefined, item ?? file);
      if (!item) continue;
      reported.add(item);
      this.report(run, item, block.state, block.messages.map(at), block.durationMs);
    }
    for (const child of asked) {
      if (reported.has(child)) continue;
      if (outcome.notRun) this.report(run, child, 'errored', [at({ message: outcome.notRun, line: this.headerLine(child) })]);
      else run.skipped(child);
    }
    run.appendOutput(outcome.footer, undefined, file);
    this.report(run, file, outcome.state, outcome.messages.map(at), outcome.durationMs);
  }

  private report(run: vscode.TestRun, item: vscode.TestItem, state: TestState, messages: vscode.TestMessage[], durationMs?: number): void {
    this.reported.set(item.id, {
      state,
      messages: messages.map((m) => ({
        message: typeof m.message === 'string' ? m.message : m.message.value,
        line: m.location?.range.start.line,
        expected: m.expectedOutput,
        actual: m.actualOutput,
      })),
    });
    report(run, item, state, messages, durationMs);
  }

  /** Runs `include` (every test when undefined) as the Run profile does, and gives what it reported
   * by item id (the extension-host tests' way in). */
  async runForTest(include?: readonly vscode.TestItem[]): Promise<Map<string, ReportedTest>> {
    const source = new vscode.CancellationTokenSource();
    try {
      await this.run(new vscode.TestRunRequest(include), source.token);
      return this.reported;
    } finally {
      source.dispose();
    }
  }

  private headerLine(item: vscode.TestItem): number {
    const d = this.data.get(item);
    return d?.kind === 'block' ? d.block.headerLine : 0;
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const s of this.subscriptions) s.dispose();
  }
}

interface SelectedFile {
  uri: vscode.Uri;
  file: vscode.TestItem;
  /** The tested blocks asked for; undefined: every block of the file. */
  blocks: TestBlockInfo[] | undefined;
  /** The file itself was asked for, whole. */
  whole?: boolean;
}

/** What a run reported of one item (the extension-host tests read it: a test run's results are not in VS Code's API). */
export interface ReportedTest {
  state: TestState;
  messages: { message: string; line: number | undefined; expected: string | undefined; actual: string | undefined }[];
}

function report(run: vscode.TestRun, item: vscode.TestItem, state: TestState, messages: vscode.TestMessage[], durationMs?: number): void {
  switch (state) {
    case 'passed':
      return run.passed(item, durationMs);
    case 'failed':
      // A file failed by its tests alone needs no message of its own: the tests carry theirs.
      return run.failed(item, messages, durationMs);
    case 'errored':
      return run.errored(item, messages.length > 0 ? messages : [new vscode.TestMessage('It could not run.')], durationMs);
    case 'skipped':
      return run.skipped(item);
  }
}

function toMessage(uri: vscode.Uri, spec: TestMessageSpec): vscode.TestMessage {
  const message = spec.expected !== undefined && spec.actual !== undefined ? vscode.TestMessage.diff(spec.message, spec.expected, spec.actual) : new vscode.TestMessage(spec.message);
  message.location = new vscode.Location(uri, new vscode.Position(Math.max(0, spec.line), 0));
  return message;
}

/** The text of a file as the editor has it (unsaved changes included), else as on disk. */
async function readText(uri: vscode.Uri): Promise<string> {
  const open = openDocument(uri);
  if (open) return open.getText();
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  if (openDocument(uri)?.isDirty) return true;
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

function openDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
  const key = uri.toString();
  return vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
}

/** A `.noarkq` file of the workspace (not an untitled document, nor a version from source control). */
function isNoarkqFile(uri: vscode.Uri): boolean {
  return uri.path.endsWith('.noarkq') && vscode.workspace.getWorkspaceFolder(uri) !== undefined;
}
