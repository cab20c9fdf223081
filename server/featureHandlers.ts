/**
 * The editor features: each LSP request finds the open document and its cached parse, calls the
 * core feature (a pure function) and returns its answer. Every handler is isolated; a request on
 * a document the server does not have open gets the empty answer.
 */
import {
  LSPErrorCodes,
  ResponseError,
  type CodeAction,
  type Connection,
  type SemanticTokens,
  type SemanticTokensParams,
  type SemanticTokensRangeParams,
  type TextDocuments,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { NoarkqDocument } from '../core/document';
import type { FeatureContext } from '../core/features/featureContext';
import type { AnalysisSession, ServerAnalyses } from './noarkqServer';
import { isolate, type Logger } from './requestIsolation';

export interface FeatureServices {
  documents: TextDocuments<TextDocument>;
  /** The analyses and their caches, loaded on first use. */
  session: () => AnalysisSession;
  log: Logger;
}

interface Open {
  document: TextDocument;
  parsed: NoarkqDocument;
  context: FeatureContext;
  features: ServerAnalyses;
}

export function registerFeatureHandlers(connection: Connection, services: FeatureServices): void {
  const { log } = services;
  /** The open document, its parse and its context; undefined when the client never opened it. */
  const open = (uri: string): Open | undefined => {
    const document = services.documents.get(uri);
    if (!document) return undefined;
    const { analyses, parses, contexts } = services.session();
    return { document, parsed: parses.get(document), context: contexts.contextFor(uri), features: analyses };
  };

  connection.onCompletion(
    isolate('completion', log, (params) => {
      const o = open(params.textDocument.uri);
      return o ? o.features.getCompletions(o.document, o.parsed, params.position, o.context) : null;
    }),
  );

  connection.onHover(
    isolate('hover', log, (params) => {
      const o = open(params.textDocument.uri);
      return o ? o.features.getHover(o.document, o.parsed, params.position, o.context) : null;
    }),
  );

  connection.onDefinition(
    isolate('definition', log, (params) => {
      const o = open(params.textDocument.uri);
      return o ? o.features.getDefinition(o.document, o.parsed, params.position) : null;
    }),
  );

  connection.onReferences(
    isolate('references', log, (params) => {
      const o = open(params.textDocument.uri);
      return o ? o.features.getReferences(o.document, o.parsed, params.position, params.context.includeDeclaration) : null;
    }),
  );

  connection.onPrepareRename(
    isolate('prepare rename', log, (params) => {
      const o = open(params.textDocument.uri);
      return o ? o.features.prepareRename(o.document, o.parsed, params.position) : null;
    }),
  );

  connection.onRenameRequest(
    isolate('rename', log, (params) => {
      const o = open(params.textDocument.uri);
      if (!o) return null;
      const result = o.features.getRenameEdits(o.document, o.parsed, params.position, params.newName);
      // A name that cannot be used is the user's to fix: the client shows this message.
      if ('error' in result) return new ResponseError(LSPErrorCodes.RequestFailed, result.error);
      return result.edit;
    }),
  );

  connection.onDocumentSymbol(
    isolate('document symbols', log, (params) => {
      const o = open(params.textDocument.uri);
      return o ? o.features.getDocumentSymbols(o.document, o.parsed) : null;
    }),
  );

  connection.onFoldingRanges(
    isolate('folding ranges', log, (params) => {
      const o = open(params.textDocument.uri);
      return o ? o.features.getFoldingRanges(o.document, o.parsed) : null;
    }),
  );

  connection.languages.semanticTokens.on(
    isolate<SemanticTokensParams, SemanticTokens>('semantic tokens', log, (params) => {
      const o = open(params.textDocument.uri);
      return o ? o.features.getSemanticTokens(o.document, o.parsed, o.context) : { data: [] };
    }),
  );

  connection.languages.semanticTokens.onRange(
    isolate<SemanticTokensRangeParams, SemanticTokens>('semantic tokens (range)', log, (params) => {
      const o = open(params.textDocument.uri);
      return o ? o.features.getSemanticTokens(o.document, o.parsed, o.context, params.range) : { data: [] };
    }),
  );

  connection.onDocumentFormatting(
    isolate('formatting', log, (params) => {
      const o = open(params.textDocument.uri);
      return o ? o.features.formatDocument(o.document, o.parsed, params.options) : null;
    }),
  );

  connection.onDocumentRangeFormatting(
    isolate('range formatting', log, (params) => {
      const o = open(params.textDocument.uri);
      return o ? o.features.formatRange(o.document, o.parsed, params.range, params.options) : null;
    }),
  );

  connection.onCodeAction(
    isolate('code actions', log, (params) => {
      const o = open(params.textDocument.uri);
      if (!o) return null;
      const actions = o.features.getCodeActions(o.document, o.parsed, params.range, params.context.diagnostics, o.context);
      const only = params.context.only;
      return only && only.length > 0 ? actions.filter((a) => wanted(a, only)) : actions;
    }),
  );
}

/** `only: ["source"]` asks for `source` and everything under it (`source.fixAll`, ...). */
function wanted(action: CodeAction, only: readonly string[]): boolean {
  const kind = action.kind ?? '';
  return only.some((k) => kind === k || kind.startsWith(`${k}.`));
}
