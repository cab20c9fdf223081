/** What the server offers, decided from what the client declares it can do. */
import { CodeActionKind, TextDocumentSyncKind, type ClientCapabilities, type ServerCapabilities } from 'vscode-languageserver/node';
import { semanticTokensLegend } from '../core/features/semanticTokensLegend';

/** What the server needs to know about the client after `initialize`. */
export interface ClientSupport {
  /** `textDocument/diagnostic`: the client pulls diagnostics, so none are pushed. */
  pullDiagnostics: boolean;
  /** `workspace/diagnostic/refresh`: the server can ask the client to pull again. */
  diagnosticRefresh: boolean;
  /** `workspace/configuration`: settings are read, not only received. */
  configuration: boolean;
  /** `workspace/didChangeConfiguration` may be registered dynamically. */
  configurationChangeRegistration: boolean;
}

export function clientSupport(client: ClientCapabilities): ClientSupport {
  return {
    pullDiagnostics: client.textDocument?.diagnostic !== undefined,
    diagnosticRefresh: client.workspace?.diagnostics?.refreshSupport === true,
    configuration: client.workspace?.configuration === true,
    configurationChangeRegistration: client.workspace?.didChangeConfiguration?.dynamicRegistration === true,
  };
}

/** Characters after which a completion list is useful without asking: `@param`, `#alias`,
 * `path.segment`, `"json key`, `{{reference`. */
export const completionTriggerCharacters = ['@', '#', '.', '"', '{'];

export function serverCapabilities(support: ClientSupport): ServerCapabilities {
  const capabilities: ServerCapabilities = {
    textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
    completionProvider: { triggerCharacters: completionTriggerCharacters, resolveProvider: false },
    hoverProvider: true,
    definitionProvider: true,
    referencesProvider: true,
    renameProvider: { prepareProvider: true },
    documentSymbolProvider: { label: 'noarkq' },
    foldingRangeProvider: true,
    semanticTokensProvider: { legend: semanticTokensLegend, full: true, range: true },
    documentFormattingProvider: true,
    documentRangeFormattingProvider: true,
    codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.Source] },
  };
  if (support.pullDiagnostics) {
    capabilities.diagnosticProvider = { identifier: 'noarkq', interFileDependencies: false, workspaceDiagnostics: false };
  }
  return capabilities;
}
