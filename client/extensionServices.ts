/**
 * Everything the extension does, wired together: its own bundle (dist/clientServices.js), which
 * `extension.ts` loads once `activate` has returned, so the language client, the runner, undici and
 * zod are parsed and evaluated after activation.
 */
import * as vscode from 'vscode';
import { noarkModel } from '../core/schema';
import { ActiveArchive } from './environments/activeArchive';
import { ArchiveConnections } from './environments/archiveConnections';
import { EnvironmentCommands } from './environments/environmentCommands';
import { EnvironmentList } from './environments/environmentList';
import { EnvironmentSecretStore } from './environments/environmentSecretStore';
import { EnvironmentStatusBar } from './environments/environmentStatusBar';
import { SandboxController } from './environments/sandboxController';
import { ArchiveContextSync } from './language/archiveContextSync';
import { NoarkqLanguageClient } from './language/noarkqLanguageClient';
import { ResultsPanels } from './panel/resultsPanel';
import { BlockRunner } from './run/blockRunner';
import { createRequestLog, logExchange } from './run/requestLog';
import { RunCodeLensProvider } from './run/runCodeLensProvider';
import { RunHistory } from './run/runHistory';
import type { RunPrompts } from './run/runPrompts';
import { EntityLogCommands } from './search/entityLogCommands';
import { revealInTree } from './search/entityReveal';
import { FullTextSearchCommand } from './search/fullTextSearchCommand';

export { vscodePrompts } from './run/runPrompts';

export interface ExtensionServices {
  log: vscode.LogOutputChannel;
  languageClient: NoarkqLanguageClient;
  sandbox: SandboxController;
  environmentCommands: EnvironmentCommands;
  runner: BlockRunner;
  history: RunHistory;
  panels: ResultsPanels;
  codeLenses: RunCodeLensProvider;
  /** The active environment's archive, for the sidebar views and their commands. */
  archive: ActiveArchive;
  contextSync: ArchiveContextSync;
  search: FullTextSearchCommand;
  logs: EntityLogCommands;
}

/** Makes the services; each is added to `context.subscriptions`. `prompts` is read at each use. */
export function createServices(context: vscode.ExtensionContext, prompts: () => RunPrompts): ExtensionServices {
  const log = createRequestLog();
  const environments = new EnvironmentList(context.workspaceState, log);
  void environments.ready();
  const secrets = new EnvironmentSecretStore(context.secrets);
  const connections = new ArchiveConnections(secrets, (environment, entry) => logExchange(log, environment.name, entry));
  const languageClient = new NoarkqLanguageClient(context.asAbsolutePath('dist/server.js'));
  const contextSync = new ArchiveContextSync(environments, connections, (params) => languageClient.setContext(params), log);
  const environmentCommands = new EnvironmentCommands(environments, secrets, connections, (environment, name) => prompts().askSecret(environment, name));
  const sandbox = new SandboxController(context.globalStorageUri, environments, secrets, connections, log);
  // A hit's "Reveal" is only ever clicked after `archive` below exists.
  const panels = new ResultsPanels(context.extensionUri, (entity) => revealInTree(archive, noarkModel, entity));
  const history = new RunHistory();
  const runner = new BlockRunner({
    model: noarkModel,
    connections,
    environmentCommands,
    results: panels,
    history,
    prompts,
    setResponses: (params) => void languageClient.setResponses(params).catch((error: unknown) => log.warn(`Could not give the language server the responses: ${String(error)}`)),
  });
  const codeLenses = new RunCodeLensProvider();
  const archive = new ActiveArchive(environments, environmentCommands, connections, prompts);
  const search = new FullTextSearchCommand(archive, panels, context.globalState);
  const logs = new EntityLogCommands(archive, panels, noarkModel);
  context.subscriptions.push(log, environments, connections, languageClient, contextSync, sandbox, panels, runner, codeLenses, archive, new EnvironmentStatusBar(environments));
  return { log, languageClient, sandbox, environmentCommands, runner, history, panels, codeLenses, archive, contextSync, search, logs };
}
