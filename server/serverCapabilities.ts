/** What the server offers, decided from what the client declares it can do. */
import { CodeActionKind, TextDocumentSyncKind, type ClientCapabilities, type ServerCapabilities } from 'vscode-languageserver/node';
import { semanticTokensLegend } from '../core/features/semanticTokensLegend';
import type { ClientFormats } from '../core/features/clientFormats';
import { negotiatePositionEncoding, type PositionEncoding } from './positionEncoding';

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
  /** What the client shows: snippets, Markdown, its command to suggest again. */
  formats: ClientFormats;
  /** The client's command that shows a query's explanation beside the editor
   * (`initializationOptions.explainCommand`; the extension's `noarkq.explainQuery`). */
  explainCommand: string | undefined;
  /** The `noarkq.*` settings given in `initializationOptions`, unchecked (the server checks them
   * as it checks every settings it gets); undefined when none were. */
  initialSettings: unknown;
  /** How positions count characters (positionEncoding.ts), chosen from the client's list. */
  positionEncoding: PositionEncoding;
}

/** A client that declares nothing: it is pushed diagnostics, and gets plain text. */
export const unknownClient: ClientSupport = clientSupport({}, undefined);

/**
 * `initializationOptions` may hold the settings under `noarkq` (`{ "noarkq": { "diagnostics":
 * { "enable": false } } }`) or as they are (`{ "diagnostics": ... }`), and `suggestCommand`: the
 * client's command that opens the completion list again (VS Code's extension sends its own).
 */
export function clientSupport(client: ClientCapabilities, initializationOptions: unknown): ClientSupport {
  const options = isRecord(initializationOptions) ? initializationOptions : {};
  const item = client.textDocument?.completion?.completionItem;
  // A client that says nothing of a format is taken to show Markdown, as the specification's
  // clients do; one that lists formats without it gets plain text.
  const markdown = (formats: readonly string[] | undefined) => formats === undefined || formats.includes('markdown');
  const { suggestCommand, explainCommand, noarkq, ...rest } = options;
  const settings = isRecord(noarkq) ? noarkq : Object.keys(rest).length > 0 ? rest : undefined;
  return {
    pullDiagnostics: client.textDocument?.diagnostic !== undefined,
    diagnosticRefresh: client.workspace?.diagnostics?.refreshSupport === true,
    configuration: client.workspace?.configuration === true,
    configurationChangeRegistration: client.workspace?.didChangeConfiguration?.dynamicRegistration === true,
    formats: {
      snippets: item?.snippetSupport === true,
      hoverMarkdown: markdown(client.textDocument?.hover?.contentFormat),
      completionMarkdown: markdown(item?.documentationFormat),
      ...(typeof suggestCommand === 'string' && suggestCommand.length > 0 ? { suggestCommand } : {}),
    },
    explainCommand: typeof explainCommand === 'string' && explainCommand.length > 0 ? explainCommand : undefined,
    initialSettings: settings,
    positionEncoding: negotiatePositionEncoding(client.general?.positionEncodings),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The notebook type of the extension's notebooks (package.json's `notebooks`; the client's
 * `noarkqNotebookType`, which a test keeps equal to this). */
export const noarkqNotebookType = 'noarkq-notebook';

/** Characters after which a completion list is useful without asking: `@param`, `#alias`,
 * `path.segment`, `"json key`, `{{reference`. */
export const completionTriggerCharacters = ['@', '#', '.', '"', '{'];

export function serverCapabilities(support: ClientSupport): ServerCapabilities {
  const capabilities: ServerCapabilities = {
    positionEncoding: support.positionEncoding,
    textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
    // The `noarkq` cells of noarkq notebooks come through `notebookDocument/*`, so that the
    // server sees them together (notebookDocuments.ts); any other notebook's come as documents.
    notebookDocumentSync: { notebookSelector: [{ notebook: { notebookType: noarkqNotebookType }, cells: [{ language: 'noarkq' }] }] },
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
