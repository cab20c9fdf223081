/**
 * The language server (dist/server.js) under vscode-languageclient, over Node IPC, and the
 * custom messages the extension sends it (typed once, in protocol/customMessages.ts).
 */
import type * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { serverEnvironment } from './serverEnvironment';
import {
  ExplainQueryRequest,
  explainQueryCommand,
  SetContextNotification,
  SetResponsesNotification,
  TestBlocksRequest,
  type ExplainQueryParams,
  type ExplainQueryResult,
  type SetContextParams,
  type SetResponsesParams,
  type TestBlocksParams,
  type TestBlocksResult,
} from '../../protocol/customMessages';

export class NoarkqLanguageClient implements vscode.Disposable {
  private readonly client: LanguageClient;
  /** Settles once the server has answered `initialize`. */
  readonly started: Promise<void>;

  /** `codeCache`: the folder where the server keeps V8's code cache of its bundles (server/main.ts). */
  constructor(
    serverModule: string,
    readonly codeCache: string,
  ) {
    const env = serverEnvironment(process.env, codeCache);
    const run = { module: serverModule, transport: TransportKind.ipc, options: { env } };
    const serverOptions: ServerOptions = { run, debug: { ...run, options: { env, execArgv: ['--nolazy', '--inspect=6019'] } } };
    const clientOptions: LanguageClientOptions = {
      // Every `noarkq` document, notebook cells included: the server declares `notebookDocumentSync`
      // for noarkq notebooks, so their cells are synced as notebooks (and checked together) while
      // their requests still go by this selector; other notebooks' cells are synced one by one.
      documentSelector: [{ language: 'noarkq' }],
      // VS Code's command that opens the suggestions again, attached to items after which more
      // follows (`= @`), and ours that shows a query's explanation beside the editor: the server
      // sends each only to a client that names it.
      initializationOptions: { suggestCommand: 'editor.action.triggerSuggest', explainCommand: explainQueryCommand },
    };
    this.client = new LanguageClient('noarkq', 'noarkq language server', serverOptions, clientOptions);
    this.started = this.client.start();
  }

  async setContext(params: SetContextParams): Promise<void> {
    await this.started;
    await this.client.sendNotification(SetContextNotification, params);
  }

  async setResponses(params: SetResponsesParams): Promise<void> {
    await this.started;
    await this.client.sendNotification(SetResponsesNotification, params);
  }

  /** The tested blocks of a file, from the server's parse (the Testing view). */
  async testBlocks(params: TestBlocksParams): Promise<TestBlocksResult> {
    await this.started;
    return this.client.sendRequest(TestBlocksRequest, params);
  }

  /** A QUERY block in plain words (`noarkq/explainQuery`). */
  async explainQuery(params: ExplainQueryParams): Promise<ExplainQueryResult> {
    await this.started;
    return this.client.sendRequest(ExplainQueryRequest, params);
  }

  async dispose(): Promise<void> {
    await this.client.dispose();
  }
}
