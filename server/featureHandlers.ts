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
import { getCodeActions } from '../core/features/codeActions';
import { getCompletions } from '../core/features/completion';
import { getDocumentSymbols } from '../core/features/documentSymbols';
import type { FeatureContext } from '../core/features/featureContext';
import { getFoldingRanges } from '../core/features/foldingRanges';
import { formatDocument, formatRange } from '../core/features/formatting';
import { getHover } from '../core/features/hover';
import { getDefinition, getReferences, getRenameEdits, prepareRename } from '../core/features/navigation';
import { getSemanticTokens } from '../core/features/semanticTokens';
import type { FeatureContextStore } from './featureContextStore';
import type { ParseCache } from './parseCache';
import { isolate, type Logger } from './requestIsolation';

export interface FeatureServices {
  documents: TextDocuments<TextDocument>;
  parses: ParseCache;
  contexts: FeatureContextStore;
  log: Logger;
}

interface Open {
  document: TextDocument;
  parsed: NoarkqDocument;
  context: FeatureContext;
}

export function registerFeatureHandlers(connection: Connection, services: FeatureServices): void {
  const { log } = services;
  /** The open document, its parse and its context; undefined when the client never opened it. */
  const open = (uri: string): Open | undefined => {
    const document = services.documents.get(uri);
    if (!document) return undefined;
    return { document, parsed: services.parses.get(document), context: services.contexts.contextFor(uri) };
  };

  connection.onCompletion(
    isolate('completion', log, (params) => {
      const o = open(params.textDocument.uri);
      return o ? getCompletions(o.document, o.parsed, params.position, o.context) : null;
    }),
  );

  connection.onHover(
    isolate('hover', log, (params) => {
      const o = open(params.textDocument.uri);
      return o ? getHover(o.document, o.parsed, params.position, o.context) : null;
    }),
  );

  connection.onDefinition(
    isolate('definition', log, (params) => {
      const o = open(params.textDocument.uri);
      return o ? getDefinition(o.document, o.parsed, params.position) : null;
    }),
  );

  connection.onReferences(
    isolate('references', log, (params) => {
      const o = open(params.textDocument.uri);
      return o ? getReferences(o.document, o.parsed, params.position, params.context.includeDeclaration) : null;
    }),
  );

  connection.onPrepareRename(
    isolate('prepare rename', log, (params) => {
      const o = open(params.textDocument.uri);
      return o ? prepareRename(o.document, o.parsed, params.position) : null;
    }),
  );

  connection.onRenameRequest(
    isolate('rename', log, (params) => {
      const o = open(params.textDocument.uri);
      if (!o) return null;
      const result = getRenameEdits(o.document, o.parsed, params.position, params.newName);
      // A name that cannot be used is the user's to fix: the client shows this message.
      if ('error' in result) return new ResponseError(LSPErrorCodes.RequestFailed, result.error);
      return result.edit;
    }),
  );

  connection.onDocumentSymbol(
    isolate('document symbols', log, (params) => {
      const o = open(params.textDocument.uri);
      return o ? getDocumentSymbols(o.document, o.parsed) : null;
    }),
  );

  connection.onFoldingRanges(
    isolate('folding ranges', log, (params) => {
      const o = open(params.textDocument.uri);
      return o ? getFoldingRanges(o.document, o.parsed) : null;
    }),
  );

  connection.languages.semanticTokens.on(
    isolate<SemanticTokensParams, SemanticTokens>('semantic tokens', log, (params) => {
      const o = open(params.textDocument.uri);
      return o ? getSemanticTokens(o.document, o.parsed, o.context) : { data: [] };
    }),
  );

  connection.languages.semanticTokens.onRange(
    isolate<SemanticTokensRangeParams, SemanticTokens>('semantic tokens (range)', log, (params) => {
      const o = open(params.textDocument.uri);
      return o ? getSemanticTokens(o.document, o.parsed, o.context, params.range) : { data: [] };
    }),
  );

  connection.onDocumentFormatting(
    isolate('formatting', log, (params) => {
      const o = open(params.textDocument.uri);
      return o ? formatDocument(o.document, o.parsed, params.options) : null;
    }),
  );

  connection.onDocumentRangeFormatting(
    isolate('range formatting', log, (params) => {
      const o = open(params.textDocument.uri);
      return o ? formatRange(o.document, o.parsed, params.range, params.options) : null;
    }),
  );

  connection.onCodeAction(
    isolate('code actions', log, (params) => {
      const o = open(params.textDocument.uri);
      if (!o) return null;
      const actions = getCodeActions(o.document, o.parsed, params.range, params.context.diagnostics, o.context);
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
