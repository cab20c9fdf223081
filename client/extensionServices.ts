/**
 * Everything the extension does, wired together: its own bundle (dist/clientServices.js), which
 * `extension.ts` loads once `activate` has returned, so the language client, the runner, undici and
 * zod are parsed and evaluated after activation.
 */
import * as vscode from 'vscode';
import { noarkModel } from '../core/schema';
import { AgentTools } from './agent/agentTools';
import { McpServerLaunches, registerMcpServerProvider } from './agent/mcpServerProvider';
import { ArchiveViews } from './archive/archiveViews';
import { ActiveArchive } from './environments/activeArchive';
import { ArchiveConnections } from './environments/archiveConnections';
import { EnvironmentCommands } from './environments/environmentCommands';
import { EnvironmentList } from './environments/environmentList';
import { EnvironmentSecretStore } from './environments/environmentSecretStore';
import { EnvironmentStatusBar } from './environments/environmentStatusBar';
import { SandboxController } from './environments/sandboxController';
import { ArchiveContextSync } from './language/archiveContextSync';
import { NoarkqLanguageClient } from './language/noarkqLanguageClient';
import { QueryExplanationView } from './language/queryExplanationView';
import { ModelPanel } from './model/modelPanel';
import { NoarkqNotebookController } from './notebook/noarkqNotebookController';
import { NoarkqNotebookSerializer } from './notebook/noarkqNotebookSerializer';
import { NotebookResultSessions } from './notebook/notebookResultSessions';
import { ResultsPanels } from './panel/resultsPanel';
import { LiveRegistries } from './registries/liveRegistries';
import { RegistryViews } from './registries/registryViews';
import { BlockRunner } from './run/blockRunner';
import { CopyAsCodeCommand } from './run/copyAsCodeCommand';
import { createRequestLog, logExchange } from './run/requestLog';
import { RunCodeLensProvider } from './run/runCodeLensProvider';
import { RunHistory } from './run/runHistory';
import type { RunPrompts } from './run/runPrompts';
import { NoarkqTestController } from './testing/noarkqTestController';
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
  /** `noarkq.copyAsCode`: a block as code in another language, on the clipboard. */
  copyAsCode: CopyAsCodeCommand;
  history: RunHistory;
  panels: ResultsPanels;
  codeLenses: RunCodeLensProvider;
  /** The active environment's archive, for the sidebar views and their commands. */
  archive: ActiveArchive;
  contextSync: ArchiveContextSync;
  /** The archive tree, pending uploads and what their nodes do. */
  archiveViews: ArchiveViews;
  /** The Code Lists and BSM Registry views and their commands. */
  registries: RegistryViews;
  search: FullTextSearchCommand;
  logs: EntityLogCommands;
  /** The Testing view's files and blocks, and its Run profile. */
  tests: NoarkqTestController;
  /** The language-model tools of agent mode (check, describe_type, code_lists, query). */
  agentTools: AgentTools;
  mcpServerLaunches: McpServerLaunches;
  /** "Explain this query" beside the editor. */
  queryExplanations: QueryExplanationView;
  /** "noarkq: Show Model": the model picture. */
  modelPanel: ModelPanel;
  /** `.noarkq` files as notebooks: the serializer (registered at activation, answering through
   * this), the controller that runs cells, and the sessions behind their outputs. */
  notebooks: { serializer: NoarkqNotebookSerializer; controller: NoarkqNotebookController; outputs: NotebookResultSessions };
}

/** Makes the services; each is added to `context.subscriptions`. `prompts` is read at each use. */
export function createServices(context: vscode.ExtensionContext, prompts: () => RunPrompts): ExtensionServices {
  const log = createRequestLog();
  const environments = new EnvironmentList(context.workspaceState, log);
  void environments.ready();
  const secrets = new EnvironmentSecretStore(context.secrets);
  const connections = new ArchiveConnections(secrets, (environment, entry) => logExchange(log, environment.name, entry));
  const languageClient = new NoarkqLanguageClient(context.asAbsolutePath('dist/server.js'), vscode.Uri.joinPath(context.globalStorageUri, 'code-cache').fsPath);
  const liveRegistries = new LiveRegistries();
  const contextSync = new ArchiveContextSync(environments, connections, liveRegistries, (params) => languageClient.setContext(params), log);
  const environmentCommands = new EnvironmentCommands(environments, secrets, connections, (environment, name) => prompts().askSecret(environment, name));
  const sandbox = new SandboxController(context.globalStorageUri, environments, secrets, connections, log);
  const panels = new ResultsPanels(context.extensionUri, revealInTree);
  const history = new RunHistory();
  const archive = new ActiveArchive(environments, environmentCommands, connections, prompts);
  const archiveViews = new ArchiveViews({ archive, model: noarkModel, prompts, downloads: vscode.Uri.joinPath(context.globalStorageUri, 'downloads'), extensionUri: context.extensionUri });
  const runner = new BlockRunner({
    model: noarkModel,
    connections,
    environmentCommands,
    results: panels,
    history,
    prompts,
    onResult: (environment, result) => archiveViews.recordRun(environment, result),
    setResponses: (params) => void languageClient.setResponses(params).catch((error: unknown) => log.warn(`Could not give the language server the responses: ${String(error)}`)),
  });
  const codeLenses = new RunCodeLensProvider(history);
  const copyAsCode = new CopyAsCodeCommand({ runner, environmentCommands, prompts });
  const tests = new NoarkqTestController({
    model: noarkModel,
    testBlocks: (params) => languageClient.testBlocks(params),
    connect: () => runner.connectActive(),
    prompts,
    onResult: (uri, environment, connection, result) => runner.recordTestResult(uri, environment, connection, result),
    log,
  });
  const registries = new RegistryViews(archive, liveRegistries, contextSync, prompts, log);
  const search = new FullTextSearchCommand(archive, panels, context.globalState);
  const logs = new EntityLogCommands(archive, panels, noarkModel);
  context.subscriptions.push(log, environments, connections, languageClient, contextSync, sandbox, panels, runner, codeLenses, archive, archiveViews, new EnvironmentStatusBar(environments));
  const agentTools = new AgentTools(archive, noarkModel, prompts);
  const version = String((context.extension.packageJSON as { version?: unknown }).version ?? '0.0.0');
  const mcpServerLaunches = new McpServerLaunches({ extensionUri: context.extensionUri, storage: context.globalStorageUri, version, environments, secrets });
  const mcpServer = registerMcpServerProvider(mcpServerLaunches);
  const queryExplanations = new QueryExplanationView((params) => languageClient.explainQuery(params));
  const modelPanel = new ModelPanel(context.extensionUri, noarkModel);
  context.subscriptions.push(liveRegistries, registries, history, tests, agentTools, mcpServerLaunches, queryExplanations, modelPanel, ...(mcpServer ? [mcpServer] : []));
  const notebookOutputs = new NotebookResultSessions(revealInTree);
  const notebooks = { serializer: new NoarkqNotebookSerializer(), controller: new NoarkqNotebookController(runner, notebookOutputs), outputs: notebookOutputs };
  context.subscriptions.push(notebooks.controller, notebooks.outputs);
  return { log, languageClient, sandbox, environmentCommands, runner, copyAsCode, history, panels, codeLenses, archive, contextSync, archiveViews, registries, search, logs, tests, agentTools, mcpServerLaunches, queryExplanations, modelPanel, notebooks };
}
