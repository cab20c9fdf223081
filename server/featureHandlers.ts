/**
 * The editor features: each LSP request finds the open document and its parse, calls the core
 * feature (a pure function) and returns its answer. Every handler is isolated; a request on a
 * document the server does not have open, or on one past the size limit, gets the empty answer
 * (the latter's outline and folding excepted, see oversizedDocuments.ts).
 *
 * None waits for a check but code actions for one of noarkq's diagnostics, whose quick fixes are
 * made from the check of the document's version. Hover, completion and definition look near one
 * offset, and work from what the parse has so far while a big file's first parse runs
 * (documentScheduler.ts); the others read the whole document and wait for its parse.
 */
import {
  CodeActionKind,
  LSPErrorCodes,
  ResponseError,
  type CancellationToken,
  type Connection,
  type Position,
  type SemanticTokens,
  type SemanticTokensParams,
  type SemanticTokensRangeParams,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { NoarkqDocument } from '../core/document';
import type { FeatureContext } from '../core/features/featureContext';
import type { ShownDiagnostics } from '../core/features/lspDiagnostics';
import type { ClientFormats } from '../core/features/clientFormats';
import type { DocumentScheduler } from './documentScheduler';
import type { AnalysisSession, ServerAnalyses } from './noarkqServer';
import { blockFoldingRanges, outlineSymbols } from './oversizedDocuments';
import { encodedRequest, semanticTokensToClient, type DocumentLookup, type PositionEncoding, type ResultToClient } from './positionEncoding';
import { cancelled, contentModified, isolate, type IsolatedHandler, type Logger, type RequestHandler } from './requestIsolation';
import { runInSlices } from './slicedTask';
import type { RequestParamsKind } from './requestParams';

export interface FeatureServices {
  /** The open documents, a notebook's text and its cells among them. */
  documents: DocumentLookup;
  /** The analyses and their caches, loaded on first use. */
  session: () => AnalysisSession;
  log: Logger;
  scheduler: DocumentScheduler;
  /** Past the size limit: not parsed. */
  oversized: (document: TextDocument) => boolean;
  /** What the client shows (snippets, Markdown), for answers shaped to it. */
  formats: () => ClientFormats;
  /** How the client counts a position's characters: params and answers are converted at this edge. */
  positionEncoding: () => PositionEncoding;
  /** `handler` answering a request on a notebook's cell on the notebook's text (notebookDocuments.ts). */
  inCells: <P extends { textDocument: { uri: string } }, R, E>(handler: RequestHandler<P, R, E>) => RequestHandler<P, R, E>;
  /** The uri whose context a document's features use (a notebook's text uses the notebook's). */
  contextUri: (uri: string) => string;
}

interface Open {
  document: TextDocument;
  parsed: NoarkqDocument;
  context: FeatureContext;
  features: ServerAnalyses;
}

/**
 * A whole document's answer made a block at a time in slices: semantic tokens, symbols and
 * folding of a 20,000-block file take 70-250 ms each, and an editor asks for them at each pause
 * in typing. Between slices the next keystroke's change and its diagnostics go first, and the
 * editor's cancel, sent with that change, stops the work.
 */
async function inSlices<T>(steps: Generator<void, T, void>, token: CancellationToken): Promise<T | ResponseError<void>> {
  const task = runInSlices(steps);
  const listener = token.onCancellationRequested(() => task.stop());
  try {
    return (await task.result) ?? cancelled<void>();
  } finally {
    listener.dispose();
  }
}

export function registerFeatureHandlers(connection: Connection, services: FeatureServices): void {
  const { log, scheduler } = services;
  /** A request handler, isolated, whose params are checked first (`InvalidParams` when unusable),
   * and whose positions, in and out, are converted to and from the client's encoding. */
  const request = <P extends { textDocument: { uri: string } }, R, E = void>(
    name: string,
    kind: RequestParamsKind,
    handler: RequestHandler<P, R, E>,
    resultToClient?: ResultToClient<R>,
  ): IsolatedHandler<P, R, E> =>
    isolate<P, R, E>(name, log, encodedRequest(services.positionEncoding, services.documents, services.inCells(handler), resultToClient), (params) =>
      services.session().analyses.requestParamsProblem(kind, params),
    );
  /** The open document and its context, with `parse` for its parse; undefined when the client
   * never opened it or it is past the size limit. */
  const opened = <T>(uri: string, parse: (document: TextDocument) => T): (Omit<Open, 'parsed'> & { parsed: T }) | undefined => {
    const document = services.documents.get(uri);
    if (!document || services.oversized(document)) return undefined;
    const { analyses, contexts } = services.session();
    return { document, parsed: parse(document), context: contexts.contextFor(services.contextUri(uri)), features: analyses };
  };
  const whenOversized = (uri: string): TextDocument | undefined => {
    const document = services.documents.get(uri);
    return document && services.oversized(document) ? document : undefined;
  };
  /** For a request near `position`: what is parsed so far will do. */
  const near = (uri: string, position: Position): Open | undefined => opened(uri, (document) => scheduler.parsedNear(document, document.offsetAt(position)));
  /** For a request on the whole document: its whole parse, or `ContentModified` when the
   * document changed before its parse was done. */
  const open = async (uri: string): Promise<Open | ResponseError<void> | undefined> => {
    const o = opened(uri, (document) => scheduler.parsed(document));
    if (!o) return undefined;
    const parsed = await o.parsed;
    return parsed ? { ...o, parsed } : contentModified();
  };

  connection.onCompletion(
    request('completion', 'position', (params) => {
      const o = near(params.textDocument.uri, params.position);
      return o ? o.features.adaptCompletions(o.features.getCompletions(o.document, o.parsed, params.position, o.context), services.formats()) : null;
    }),
  );

  connection.onHover(
    request('hover', 'position', (params) => {
      const o = near(params.textDocument.uri, params.position);
      return o ? o.features.adaptHover(o.features.getHover(o.document, o.parsed, params.position, o.context), services.formats()) : null;
    }),
  );

  connection.onDefinition(
    request('definition', 'position', (params) => {
      const o = near(params.textDocument.uri, params.position);
      return o ? o.features.getDefinition(o.document, o.parsed, params.position) : null;
    }),
  );

  connection.onReferences(
    request('references', 'references', async (params) => {
      const o = await open(params.textDocument.uri);
      if (o instanceof ResponseError) return o;
      return o ? o.features.getReferences(o.document, o.parsed, params.position, params.context.includeDeclaration) : null;
    }),
  );

  connection.onPrepareRename(
    request('prepare rename', 'position', async (params) => {
      const o = await open(params.textDocument.uri);
      if (o instanceof ResponseError) return o;
      return o ? o.features.prepareRename(o.document, o.parsed, params.position) : null;
    }),
  );

  connection.onRenameRequest(
    request('rename', 'rename', async (params) => {
      const o = await open(params.textDocument.uri);
      if (o instanceof ResponseError) return o;
      if (!o) return null;
      const result = o.features.getRenameEdits(o.document, o.parsed, params.position, params.newName);
      // A name that cannot be used is the user's to fix: the client shows this message.
      if ('error' in result) return new ResponseError(LSPErrorCodes.RequestFailed, result.error);
      return result.edit;
    }),
  );

  connection.onDocumentSymbol(
    request('document symbols', 'document', async (params, token) => {
      const big = whenOversized(params.textDocument.uri);
      if (big) return outlineSymbols(big);
      const o = await open(params.textDocument.uri);
      if (o instanceof ResponseError) return o;
      return o ? inSlices(o.features.documentSymbolsSteps(o.document, o.parsed), token) : null;
    }),
  );

  connection.onFoldingRanges(
    request('folding ranges', 'document', async (params, token) => {
      const big = whenOversized(params.textDocument.uri);
      if (big) return blockFoldingRanges(big);
      const o = await open(params.textDocument.uri);
      if (o instanceof ResponseError) return o;
      return o ? inSlices(o.features.foldingRangesSteps(o.document, o.parsed), token) : null;
    }),
  );

  connection.languages.semanticTokens.on(
    request<SemanticTokensParams, SemanticTokens>('semantic tokens', 'document', async (params, token) => {
      const o = await open(params.textDocument.uri);
      if (o instanceof ResponseError) return o;
      if (!o) return { data: [] };
      return inSlices(o.features.semanticTokensSteps(o.document, o.parsed, o.context), token);
    }, semanticTokensToClient),
  );

  connection.languages.semanticTokens.onRange(
    request<SemanticTokensRangeParams, SemanticTokens>('semantic tokens (range)', 'range', async (params) => {
      const o = await open(params.textDocument.uri);
      if (o instanceof ResponseError) return o;
      return o ? o.features.getSemanticTokens(o.document, o.parsed, o.context, params.range) : { data: [] };
    }, semanticTokensToClient),
  );

  connection.onDocumentFormatting(
    request('formatting', 'formatting', async (params) => {
      const o = await open(params.textDocument.uri);
      if (o instanceof ResponseError) return o;
      return o ? o.features.formatDocument(o.document, o.parsed, params.options) : null;
    }),
  );

  connection.onDocumentRangeFormatting(
    request('range formatting', 'rangeFormatting', async (params) => {
      const o = await open(params.textDocument.uri);
      if (o instanceof ResponseError) return o;
      return o ? o.features.formatRange(o.document, o.parsed, params.range, params.options) : null;
    }),
  );

  connection.onCodeAction(
    request('code actions', 'codeAction', async (params) => {
      const o = await open(params.textDocument.uri);
      if (o instanceof ResponseError) return o;
      if (!o) return null;
      const asked = params.context.diagnostics;
      const only = params.context.only;
      let shown: ShownDiagnostics | undefined;
      // The quick fixes are made from this version's check (the diagnostics go out without
      // them), waited for only when they are wanted and the client sends one of noarkq's
      // diagnostics: the light bulb asks on every move of the cursor, mostly with none.
      if (wanted(CodeActionKind.QuickFix, only) && asked.some(isNoarkqDiagnostic) && services.session().settings.diagnostics.enable) {
        const version = o.document.version;
        let checked = await services.scheduler.diagnostics(o.document);
        // Stopped with no newer version: by the pull requests that waited for it, cancelled.
        if (!checked && o.document.version === version) checked = await services.scheduler.diagnostics(o.document);
        // A newer version: the request is the client's to make again, on it.
        if (o.document.version !== version || checked?.version !== version) return contentModified();
        shown = checked.shown;
      }
      const actions = o.features.getCodeActions(o.document, o.parsed, params.range, asked, o.context, shown);
      return actions.filter((a) => wanted(a.kind ?? '', only));
    }),
  );
}

/** A diagnostic the client sends back that noarkq may have made: its source, or none (a client
 * that keeps no source). It came over the wire: anything. */
function isNoarkqDiagnostic(diagnostic: unknown): boolean {
  if (typeof diagnostic !== 'object' || diagnostic === null) return false;
  const source = (diagnostic as { source?: unknown }).source;
  return source === 'noarkq' || source === undefined;
}

/** Whether actions of `kind` are asked for: all are when `only` names none, and `only: ["source"]`
 * asks for `source` and everything under it (`source.fixAll`, ...). */
function wanted(kind: string, only: readonly string[] | undefined): boolean {
  if (!only || only.length === 0) return true;
  return only.some((k) => kind === k || kind.startsWith(`${k}.`));
}
