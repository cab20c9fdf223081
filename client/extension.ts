/**
 * The noarkq VS Code extension (bundled to dist/client.js). Activation registers the commands and
 * the CodeLens provider and returns; the rest (language client, runner, environments) is its own
 * bundle, dist/clientServices.js, loaded right after, and the sandbox and the archive are touched
 * only when a command asks for them.
 */
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { BlockRunResult } from '../runner/blocks/blockRunResult';
import type { ExtensionServices } from './extensionServices';
import type { RunBlockOptions } from './run/blockRunner';
import type { RunPrompts, vscodePrompts } from './run/runPrompts';

/** What `activate` returns: for other extensions, and for the extension-host tests, which answer
 * prompts in place of the user (a modal cannot be clicked from a test). */
export interface NoarkqExtensionApi {
  /** Resolves once the language server has initialized. */
  languageServerReady: Promise<void>;
  /** Keys of the results panels open now. */
  openResultPanels(): string[];
  /** Answers prompts with `prompts` instead of asking the user; undefined restores the dialogs. */
  setPrompts(prompts: Partial<RunPrompts> | undefined): void;
  /** Hands `message` to the results panel of `key` as if its webview had sent it (validated the
   * same way): a test cannot click inside a webview. */
  sendFromPanel(key: string, message: unknown): Promise<void>;
}

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
    command('noarkq.showRunHistory', (s) =>
      s.history.pick((entry) => vscode.commands.executeCommand('noarkq.runBlock', vscode.Uri.parse(entry.uri), entry.blockName, { line: entry.line, allPages: entry.allPages })),
    ),
    command('noarkq.showRequestLog', (s) => s.log.show(true)),
    command('noarkq.fullTextSearch', (s, doctype?: unknown, query?: unknown) => s.search.run(doctype, query)),
    command('noarkq.showChangeLog', (s, entity?: unknown, id?: unknown) => s.logs.show('change', entity, id)),
    command('noarkq.showAccessLog', (s, entity?: unknown, id?: unknown) => s.logs.show('access', entity, id)),
    command('noarkq.showDownloadLog', (s, entity?: unknown, id?: unknown) => s.logs.show('download', entity, id)),
    vscode.commands.registerCommand('noarkq.openExample', async () => (await import('./walkthrough/exampleFiles')).openExample(context.extensionUri, context.globalStorageUri)),
  );
  void services.catch((error: unknown) => vscode.window.showErrorMessage(`noarkq could not start: ${error instanceof Error ? error.message : String(error)}`));

  return {
    languageServerReady: services.then((s) => s.languageClient.started),
    openResultPanels: () => loaded?.panels.openKeys() ?? [],
    setPrompts: (replacement) => {
      override = replacement;
    },
    sendFromPanel: async (key, message) => (await services).panels.receive(key, message),
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
