/**
 * The noarkq VS Code extension (bundled to dist/client.js). Activation registers the commands and
 * the CodeLens provider and returns; the rest (language client, runner, environments) is its own
 * bundle, dist/clientServices.js, loaded right after, and the sandbox and the archive are touched
 * only when a command asks for them.
 */
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { BlockRunResult } from '../runner/blocks/blockRunResult';
import type { McpServerLaunches } from './agent/mcpServerProvider';
import type { ExtensionServices } from './extensionServices';
import type { RunBlockOptions } from './run/blockRunner';
import type { RunHistoryEntry } from './run/runHistory';
import type { RunPrompts, vscodePrompts } from './run/runPrompts';
import type { ReportedTest } from './testing/noarkqTestController';

/** What `activate` returns: for other extensions, and for the extension-host tests, which answer
 * prompts in place of the user (a modal cannot be clicked from a test). */
export interface NoarkqExtensionApi {
  /** Resolves once the language server has initialized. */
  languageServerReady: Promise<void>;
  /** The folder where the language server keeps V8's code cache of its bundles. */
  languageServerCodeCache: Promise<string>;
  /** Keys of the results panels open now. */
  openResultPanels(): string[];
  /** The archive tree's data, as the view shows it (tests walk it; other extensions may). */
  archiveTree(): Promise<vscode.TreeDataProvider<unknown>>;
  /** The entities selected in the archive tree now (a reveal selects its entity). */
  archiveSelection(): { type: string; id: string }[];
  /** The pending uploads' data, as their view shows it. */
  pendingUploads(): Promise<vscode.TreeDataProvider<unknown>>;
  /** Answers prompts with `prompts` instead of asking the user; undefined restores the dialogs. */
  setPrompts(prompts: Partial<RunPrompts> | undefined): void;
  /** The items of the Code Lists or BSM Registry view under a path of labels (top level: []). */
  registryItems(view: string, path: readonly string[]): Promise<vscode.TreeItem[]>;
  /** Hands `message` to the results panel of `key` as if its webview had sent it (validated the
   * same way): a test cannot click inside a webview. */
  sendFromPanel(key: string, message: unknown): Promise<void>;
  /** The Testing view's items (files, their tested blocks as children), once the workspace's
   * `.noarkq` files have been looked at. */
  testItems(): Promise<vscode.TestItem[]>;
  /** Runs these test items (every one when undefined) as the Testing view's Run does, and gives
   * what the run reported of each item, by id: VS Code's API does not show a run's results. */
  runTests(include?: readonly vscode.TestItem[]): Promise<Map<string, ReportedTest>>;
  /** How agent mode starts `noarkq mcp` for the active environment now, and when that changes
   * (what the registered MCP server definition is made of). */
  mcpServerLaunches(): Promise<McpServerLaunches>;
  /** Hands `message` (`{ outputId, message }`) to the session of a notebook output as if the
   * renderer had sent it (validated the same way); and the outputs that have a session now. */
  sendFromNotebookOutput(message: unknown): Promise<void>;
  notebookOutputSessions(): Promise<string[]>;
  /** The run history, newest first, and running one of its entries again as its quick pick does. */
  runHistory(): Promise<readonly RunHistoryEntry[]>;
  runAgain(entry: RunHistoryEntry): Promise<unknown>;
}

/** A run of the history again: a notebook's in its notebook, any other in its file. */
function runAgain(s: ExtensionServices, entry: RunHistoryEntry): Thenable<unknown> {
  const uri = vscode.Uri.parse(entry.uri);
  if (entry.notebook) return s.notebooks.controller.runAgain(uri, entry.blockName, entry.line);
  return vscode.commands.executeCommand('noarkq.runBlock', uri, entry.blockName, { line: entry.line, allPages: entry.allPages });
}

/** notebookMessages.ts's `noarkqNotebookType`, written out: importing that module would load zod
 * into this bundle. */
const notebookType = 'noarkq-notebook';

export function activate(context: vscode.ExtensionContext): NoarkqExtensionApi {
  let override: Partial<RunPrompts> | undefined;
  let loaded: ExtensionServices | undefined;
  const lensesChanged = new vscode.EventEmitter<void>();
  const services: Promise<ExtensionServices> = loadServicesBundle().then(({ createServices, vscodePrompts }) => {
    loaded = createServices(context, () => (override ? { ...vscodePrompts, ...override } : vscodePrompts));
    context.subscriptions.push(loaded.codeLenses.onDidChangeCodeLenses(() => lensesChanged.fire()));
    return loaded;
  });
  const use =
    <A extends unknown[], R>(run: (s: ExtensionServices, ...args: A) => R | Promise<R>) =>
    async (...args: A): Promise<R> =>
      run(await services, ...args);

  const command = <A extends unknown[], R>(id: string, run: (s: ExtensionServices, ...args: A) => R | Promise<R>) =>
    vscode.commands.registerCommand(id, use(run) as (...args: unknown[]) => Promise<R>);
  context.subscriptions.push(
    lensesChanged,
    // The provider is registered now, so the first lenses of the file that activated us are not lost.
    vscode.languages.registerCodeLensProvider(
      { language: 'noarkq' },
      {
        onDidChangeCodeLenses: lensesChanged.event,
        provideCodeLenses: async (document) => (await services).codeLenses.provideCodeLenses(document),
      },
    ),
    command('noarkq.startSandbox', (s) => s.sandbox.start()),
    command('noarkq.stopSandbox', (s) => s.sandbox.stop()),
    command('noarkq.selectEnvironment', (s, name?: unknown) => s.environmentCommands.selectEnvironment(name)),
    command('noarkq.setCredentials', (s) => s.environmentCommands.setCredentials()),
    command('noarkq.signOut', (s) => s.environmentCommands.signOut()),
    command('noarkq.runBlock', (s, uri?: unknown, blockName?: unknown, options?: unknown): Promise<BlockRunResult | undefined> => s.runner.runBlock(uri, blockName, runOptions(options))),
    command('noarkq.runAll', (s, uri?: unknown) => s.runner.runAll(uri)),
    command('noarkq.runSelection', (s) => s.runner.runSelection()),
    command('noarkq.cancelRun', (s) => s.runner.cancelAll()),
    command('noarkq.copyAsCode', (s, uri?: unknown, blockName?: unknown, options?: unknown) => s.copyAsCode.copy(uri, blockName, options)),
    command('noarkq.showRunHistory', (s) => s.history.pick((entry) => runAgain(s, entry))),
    command('noarkq.showRequestLog', (s) => s.log.show(true)),
    command('noarkq.archive.refresh', (s) => s.archiveViews.refresh()),
    command('noarkq.archive.refreshNode', (s, node?: unknown) => s.archiveViews.refreshNode(node)),
    command('noarkq.archive.loadMore', (s, node?: unknown) => s.archiveViews.loadMore(node)),
    command('noarkq.archive.copyId', (s, node?: unknown) => s.archiveViews.copyId(node)),
    command('noarkq.archive.openDetails', (s, node?: unknown, id?: unknown) => s.archiveViews.openDetails(node, id)),
    command('noarkq.archive.refreshDetails', (s, uri?: unknown) => s.archiveViews.refreshDetails(uri)),
    command('noarkq.archive.newQueryForChildren', (s, node?: unknown) => s.archiveViews.newQueryForChildren(node)),
    command('noarkq.archive.download', (s, node?: unknown) => s.archiveViews.download(node)),
    command('noarkq.archive.uploadAndAttach', (s, node?: unknown, files?: unknown) => s.archiveViews.uploadAndAttach(node, files)),
    command('noarkq.archive.close', (s, node?: unknown) => s.archiveViews.bulk('close', node)),
    command('noarkq.archive.open', (s, node?: unknown) => s.archiveViews.bulk('open', node)),
    command('noarkq.archive.reveal', (s, entity?: unknown, id?: unknown) => s.archiveViews.reveal(entity, id)),
    command('noarkq.archive.showNeighbourhood', (s, entity?: unknown, id?: unknown) => s.archiveViews.showNeighbourhood(entity, id)),
    command('noarkq.pendingUploads.attach', (s, upload?: unknown, registration?: unknown) => s.archiveViews.attachPending(upload, registration)),
    command('noarkq.codeLists.refresh', (s) => s.registries.codeListCommands.refresh()),
    command('noarkq.codeLists.addValue', (s, argument?: unknown) => s.registries.codeListCommands.addValue(argument)),
    command('noarkq.codeLists.editValue', (s, argument?: unknown) => s.registries.codeListCommands.editValue(argument)),
    command('noarkq.codeLists.deleteValue', (s, argument?: unknown) => s.registries.codeListCommands.deleteValue(argument)),
    command('noarkq.bsm.refresh', (s) => s.registries.bsmCommands.refresh()),
    command('noarkq.bsm.addGroup', (s, argument?: unknown) => s.registries.bsmCommands.addGroup(argument)),
    command('noarkq.bsm.editGroup', (s, argument?: unknown) => s.registries.bsmCommands.editGroup(argument)),
    command('noarkq.bsm.deleteGroup', (s, argument?: unknown) => s.registries.bsmCommands.deleteGroup(argument)),
    command('noarkq.bsm.addField', (s, argument?: unknown) => s.registries.bsmCommands.addField(argument)),
    command('noarkq.bsm.editField', (s, argument?: unknown) => s.registries.bsmCommands.editField(argument)),
    command('noarkq.bsm.deleteField', (s, argument?: unknown) => s.registries.bsmCommands.deleteField(argument)),
    command('noarkq.fullTextSearch', (s, doctype?: unknown, query?: unknown) => s.search.run(doctype, query)),
    command('noarkq.showChangeLog', (s, entity?: unknown, id?: unknown) => s.logs.show('change', entity, id)),
    command('noarkq.showAccessLog', (s, entity?: unknown, id?: unknown) => s.logs.show('access', entity, id)),
    command('noarkq.showDownloadLog', (s, entity?: unknown, id?: unknown) => s.logs.show('download', entity, id)),
    command('noarkq.explainQuery', (s, uri?: unknown, position?: unknown) => s.queryExplanations.show(uri, position)),
    command('noarkq.showModel', (s, type?: unknown) => s.modelPanel.show(type)),
    // Registered now, so a notebook opened before the services are loaded finds it.
    vscode.workspace.registerNotebookSerializer(
      notebookType,
      {
        deserializeNotebook: async (content) => (await services).notebooks.serializer.deserializeNotebook(content),
        serializeNotebook: async (data) => (await services).notebooks.serializer.serializeNotebook(data),
      },
      { transientOutputs: true },
    ),
    command('noarkq.notebook.runAbove', (s, cell?: unknown) => s.notebooks.controller.runAbove(cell)),
    vscode.commands.registerCommand('noarkq.openAsNotebook', (uri?: unknown) => {
      const target = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
      return target ? vscode.commands.executeCommand('vscode.openWith', target, notebookType) : undefined;
    }),
    vscode.commands.registerCommand('noarkq.openExample', async () => (await import('./walkthrough/exampleFiles')).openExample(context.extensionUri, context.globalStorageUri)),
  );
  void services.catch((error: unknown) => vscode.window.showErrorMessage(`noarkq could not start: ${error instanceof Error ? error.message : String(error)}`));

  return {
    languageServerReady: services.then((s) => s.languageClient.started),
    languageServerCodeCache: services.then((s) => s.languageClient.codeCache),
    openResultPanels: () => loaded?.panels.openKeys() ?? [],
    archiveTree: () => services.then((s) => s.archiveViews.tree as vscode.TreeDataProvider<unknown>),
    archiveSelection: () => loaded?.archiveViews.selection() ?? [],
    pendingUploads: () => services.then((s) => s.archiveViews.pending as vscode.TreeDataProvider<unknown>),
    setPrompts: (replacement) => {
      override = replacement;
    },
    registryItems: async (view, path) => (await services).registries.itemsAt(view, path),
    sendFromPanel: async (key, message) => (await services).panels.receive(key, message),
    testItems: async () => (await services).tests.items(),
    runTests: async (include) => (await services).tests.runForTest(include),
    mcpServerLaunches: async () => (await services).mcpServerLaunches,
    sendFromNotebookOutput: async (message) => (await services).notebooks.outputs.receive(message),
    notebookOutputSessions: async () => (await services).notebooks.outputs.liveOutputs(),
    runHistory: async () => (await services).history.list(),
    runAgain: async (entry) => runAgain(await services, entry),
  };
}

export function deactivate(): void {
  // Everything is in context.subscriptions, which VS Code disposes.
}

type ServicesBundle = { createServices: typeof import('./extensionServices').createServices; vscodePrompts: typeof vscodePrompts };

/**
 * The rest of the extension, from its own bundle: esbuild inlines a dynamic import into a CommonJS
 * bundle, and then loading this file would parse the language client, the runner, undici and zod
 * before activation can return. The require names a path computed at run time, so the bundler
 * leaves it alone; it runs after activation has returned.
 */
function loadServicesBundle(): Promise<ServicesBundle> {
  return new Promise((resolve, reject) =>
    setImmediate(() => {
      try {
        resolve(require(join(__dirname, 'clientServices.js')) as ServicesBundle);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    }),
  );
}

/** Options arrive from key bindings, tasks and other extensions: take only what is meant. */
function runOptions(options: unknown): RunBlockOptions {
  if (typeof options !== 'object' || options === null) return {};
  const { allPages, line } = options as { allPages?: unknown; line?: unknown };
  return { allPages: allPages === true, ...(typeof line === 'number' && Number.isInteger(line) && line >= 0 ? { line } : {}) };
}
