/**
 * The noarkq language server: document sync, diagnostics (pulled when the client can, pushed
 * otherwise), settings, the `noarkq/...` messages, and the editor features. Only glue: every
 * analysis is a core function.
 */
import {
  DidChangeConfigurationNotification,
  DocumentDiagnosticReportKind,
  ErrorCodes,
  LSPErrorCodes,
  ResponseError,
  TextDocuments,
  type Connection,
  type Diagnostic,
  type DiagnosticServerCancellationData,
  type DocumentDiagnosticParams,
  type DocumentDiagnosticReport,
  type Position,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentDiagnostics } from './documentDiagnostics';
import { showsResult } from './diagnosticsResultIds';
import { chunkedTextDocuments, textLength } from './chunkedTextDocument';
import { DocumentScheduler } from './documentScheduler';
import { registerFeatureHandlers } from './featureHandlers';
import type { FeatureContextStore } from './featureContextStore';
import type { ParseCache } from './parseCache';
import { ExplainQueryRequest, QueryRequestBodyRequest, SetContextNotification, SetResponsesNotification, TestBlocksRequest, type ServerSettings } from '../protocol/customMessages';
import { contentModified, isolate, isolateNotification, lifecycle } from './requestIsolation';
import { DocumentSizes, sizeLimitDiagnostic } from './oversizedDocuments';
import { encodedDocuments, positionsFromClient, positionsToClient, type DocumentLookup } from './positionEncoding';
import { NotebookDiagnostics } from './notebookDiagnostics';
import { NotebookTexts, type NotebookChange, type NotebookText } from './notebookDocuments';
import type * as Analyses from './serverAnalyses';
import { clientSupport, serverCapabilities, unknownClient, type ClientSupport } from './serverCapabilities';

/** `serverAnalyses.ts`: the model, the core analyses and the message schemas. */
export type ServerAnalyses = typeof Analyses;

/** What the server computes with, made when the analyses are first needed. */
export interface AnalysisSession {
  analyses: ServerAnalyses;
  parses: ParseCache;
  contexts: FeatureContextStore;
  diagnostics: DocumentDiagnostics;
  settings: ServerSettings;
}

export interface ServerOptions {
  version: string;
  /** Loads `serverAnalyses.ts`; called once, when the `initialize` answer is out or when a message
   * needs it first. */
  loadAnalyses: () => ServerAnalyses;
  /** Answer `noarkq/test/checkCounts` (checks finished and stopped) and `noarkq/test/fail` (a
   * handler that throws), and send `noarkq/test/pushUnchanged` ({uri, version}) for a version
   * whose diagnostics are not pushed as the client shows them already, for the server's tests
   * and benchmarks. */
  testHooks?: boolean;
}

export function startNoarkqServer(connection: Connection, options: ServerOptions): void {
  const log = (message: string): void => connection.console.error(message);
  const documents = new TextDocuments(encodedDocuments(chunkedTextDocuments, () => support.positionEncoding));
  let support: ClientSupport = unknownClient;
  /** The editor's display language (`initialize`'s `locale`), which explanations follow unless
   * `noarkq.explain.language` names one. */
  let locale: string | undefined;
  /** Settles once the client's settings are known (asked of it, or given at initialize): no
   * diagnostics go out before, so none are sent that the settings would take back. */
  let settingsKnown: Promise<void> = Promise.resolve();
  let loaded: AnalysisSession | undefined;
  const sizes = new DocumentSizes();
  /** The notebooks' texts and their cells' documents, whose changes come in the client's encoding too. */
  const notebooks = new NotebookTexts(encodedDocuments(TextDocument, () => support.positionEncoding));
  /** Every document by its uri: the client's, a notebook's text, a notebook's cell. */
  const lookup: DocumentLookup = { get: (uri) => documents.get(uri) ?? notebooks.get(uri) };
  const notebookDiagnostics = new NotebookDiagnostics(lookup);
  const session = (): AnalysisSession => {
    if (loaded) return loaded;
    const analyses = options.loadAnalyses();
    const parses = new analyses.ParseCache();
    const contexts = new analyses.FeatureContextStore(analyses.noarkModel);
    loaded = { analyses, parses, contexts, diagnostics: new analyses.DocumentDiagnostics(parses, contexts), settings: analyses.defaultServerSettings };
    return loaded;
  };
  const scheduler = new DocumentScheduler(session);
  /** Past the size limit: no parse, no check, only what oversizedDocuments.ts offers. */
  const oversized = (document: TextDocument): boolean => sizes.oversized(document, session().settings.maxFileSizeMB);
  /** Drops what the server holds for a document besides its text. */
  const release = (uri: string): void => {
    scheduler.forget(uri);
    if (loaded) {
      loaded.parses.delete(uri);
      loaded.diagnostics.forget(uri);
    }
  };

  connection.onInitialize((params) => {
    if (lifecycle.state !== 'starting') return new ResponseError(ErrorCodes.InvalidRequest, 'noarkq: initialize was sent already; a server is initialized once.');
    support = clientSupport(params.capabilities, params.initializationOptions);
    locale = params.locale ?? undefined;
    lifecycle.state = 'running';
    return { capabilities: serverCapabilities(support), serverInfo: { name: 'noarkq', version: options.version } };
  });

  connection.onShutdown(() => {
    lifecycle.state = 'shutDown';
  });

  connection.onInitialized(() => {
    // The client has its answer and is busy opening documents: the analyses load now rather
    // than before the answer, so the client's start and the server's overlap.
    session();
    explainChanged();
    if (support.initialSettings !== undefined) applySettings(support.initialSettings);
    if (support.configurationChangeRegistration) void connection.client.register(DidChangeConfigurationNotification.type, { section: 'noarkq' });
    if (support.configuration) settingsKnown = readSettings();
  });

  // ---- settings -------------------------------------------------------------------------------

  const applySettings = (raw: unknown): void => {
    const current = session();
    const parsed = current.analyses.serverSettings.safeParse(raw ?? {});
    if (!parsed.success) {
      log(`noarkq: ignoring invalid noarkq.* settings: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      return;
    }
    const changed = JSON.stringify(parsed.data) !== JSON.stringify(current.settings);
    current.settings = parsed.data;
    explainChanged();
    if (changed) diagnosticsChanged();
  };

  /** The features explain queries in the language of the setting or the editor. */
  const explainChanged = (): void => {
    const { analyses, contexts, settings } = session();
    contexts.setExplain({ language: analyses.explainLanguageOf(settings.explain.language, locale), command: support.explainCommand });
  };

  const readSettings = async (): Promise<void> => {
    try {
      applySettings(await connection.workspace.getConfiguration('noarkq'));
    } catch (error) {
      log(`noarkq: could not read the noarkq.* settings: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  connection.onDidChangeConfiguration(
    isolateNotification('configuration change', log, (params) => {
      // A client that can be asked is asked (the pushed settings may be partial or absent).
      if (support.configuration) void readSettings();
      else applySettings((params.settings as { noarkq?: unknown } | undefined)?.noarkq);
    }),
  );

  // ---- diagnostics ----------------------------------------------------------------------------

  const pending = new Set<string>();
  let flushScheduled = false;

  /** Push mode: check on the next turn (no timer, no debounce delay), so changes handled in the
   * same turn (several documents opened at once) are checked once each, at their last version. */
  const schedulePush = (uri: string): void => {
    pending.add(uri);
    if (flushScheduled) return;
    flushScheduled = true;
    setImmediate(() => {
      flushScheduled = false;
      const uris = [...pending];
      pending.clear();
      for (const u of uris) publish(u);
    });
  };

  const publish = (uri: string): void => {
    void settingsKnown.then(() => publishNow(uri));
  };

  /** The list serial (documentDiagnostics.ts) of the diagnostics last pushed for each document
   * that is not a notebook's text, while the client counts in UTF-16 as they are compared. */
  const pushedLists = new Map<string, number>();

  /** Sends a document's diagnostics; a notebook text's go to its cells, each its share. */
  const sendDiagnostics = (document: TextDocument, diagnostics: Diagnostic[], listSerial?: number): void => {
    const notebook = notebooks.text(document.uri);
    if (!notebook && listSerial !== undefined && support.positionEncoding === 'utf-16') pushedLists.set(document.uri, listSerial);
    else pushedLists.delete(document.uri);
    const sends = notebook ? notebookDiagnostics.toPush(notebook, diagnostics) : [{ uri: document.uri, version: document.version, diagnostics }];
    for (const { uri, version, diagnostics } of sends) void connection.sendDiagnostics({ uri, version, diagnostics: positionsToClient(support.positionEncoding, lookup, uri, diagnostics) });
  };

  const publishNow = (uri: string): void => {
    const document = lookup.get(uri);
    if (!document) return;
    const { settings } = session();
    if (!settings.diagnostics.enable) {
      sendDiagnostics(document, []);
      return;
    }
    if (oversized(document)) {
      release(uri);
      sendDiagnostics(document, [sizeLimitDiagnostic(sizes.bytes(document), settings.maxFileSizeMB)]);
      return;
    }
    scheduler.diagnostics(document).then(
      (result) => {
        // Stopped, or for a version that is no longer the document's: nothing to say.
        if (!result || lookup.get(uri)?.version !== result.version) return;
        // The client shows these already (an edit that changed no diagnostic): nothing to send.
        // The tests and the benchmark are told the check is done.
        if (pushedLists.get(uri) === result.listSerial && !notebooks.text(uri)) {
          if (options.testHooks) void connection.sendNotification('noarkq/test/pushUnchanged', { uri, version: result.version });
          return;
        }
        sendDiagnostics(document, result.lsp, result.listSerial);
      },
      (error: unknown) => log(`noarkq: checking ${uri} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
    );
  };

  /** Something every document's diagnostics depend on changed (context, settings). */
  const diagnosticsChanged = (): void => {
    if (!support.pullDiagnostics) {
      for (const document of documents.all()) schedulePush(document.uri);
      for (const notebook of notebooks.all()) schedulePush(notebook.uri);
    } else if (support.diagnosticRefresh) {
      void connection.languages.diagnostics.refresh();
    }
  };

  /** A document was opened or changed (a notebook's text too). */
  const contentChanged = (document: TextDocument): void => {
    scheduler.changed(document);
    if (oversized(document)) release(document.uri);
    // A big file's parse starts now, so that requests find part of it when they come.
    else if (textLength(document) > 0) void scheduler.parsed(document).catch(() => undefined);
    if (!support.pullDiagnostics) schedulePush(document.uri);
  };

  /** A document was closed: nothing of it is kept. */
  const forgetDocument = (uri: string, contextUri: string): void => {
    release(uri);
    sizes.forget(uri);
    loaded?.contexts.forget(contextUri);
    pending.delete(uri);
    pushedLists.delete(uri);
  };

  documents.onDidChangeContent(isolateNotification('document change', log, (event: { document: TextDocument }) => contentChanged(event.document)));

  documents.onDidClose((event) => {
    const uri = event.document.uri;
    forgetDocument(uri, uri);
    if (!support.pullDiagnostics) void connection.sendDiagnostics({ uri, diagnostics: [] });
  });

  // ---- notebooks ------------------------------------------------------------------------------

  /** Cells the client has no reason to pull again may have another share after a change in
   * another cell (a block they read renamed): the client is asked to pull again. */
  const refreshWhenSharesChanged = (notebook: NotebookText, edited: ReadonlySet<string>): void => {
    if (!support.pullDiagnostics || !support.diagnosticRefresh) return;
    const version = notebook.document.version;
    void settingsKnown
      .then(() => (session().settings.diagnostics.enable && !oversized(notebook.document) ? scheduler.diagnostics(notebook.document) : undefined))
      .then(
        (result) => {
          if (result && notebooks.text(notebook.uri) === notebook && notebook.document.version === version && notebookDiagnostics.pulledChanged(notebook, result.lsp, edited)) {
            void connection.languages.diagnostics.refresh();
          }
        },
        (error: unknown) => log(`noarkq: checking ${notebook.notebookUri} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
      );
  };

  /** Cells that are gone, or of a closed notebook: those pushed a share are sent none. */
  const clearCells = (uris: Iterable<string>): void => {
    for (const uri of notebookDiagnostics.forget(uris)) void connection.sendDiagnostics({ uri, diagnostics: [] });
  };

  notebooks.listen(connection, {
    opened: isolateNotification('notebook open', log, (notebook: NotebookText) => contentChanged(notebook.document)),
    changed: isolateNotification('notebook change', log, ({ notebook, edited, removed }: NotebookChange) => {
      clearCells(removed);
      contentChanged(notebook.document);
      refreshWhenSharesChanged(notebook, edited);
    }),
    closed: isolateNotification('notebook close', log, (notebook: NotebookText) => {
      forgetDocument(notebook.uri, notebook.notebookUri);
      clearCells(notebook.layout.cells.map((c) => c.uri));
    }),
  });

  connection.languages.diagnostics.on(
    isolate<DocumentDiagnosticParams, DocumentDiagnosticReport, DiagnosticServerCancellationData>('diagnostics', log, async (params, token) => {
      await settingsKnown;
      const uri = params.textDocument.uri;
      // A notebook's cell gets its share of the notebook text's diagnostics.
      const inNotebook = notebooks.cell(uri);
      const document = inNotebook ? inNotebook.text.document : documents.get(uri);
      const { settings } = session();
      if (!document || !settings.diagnostics.enable) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
      if (oversized(document)) {
        // Also when a lower limit came with the settings: what it held goes.
        release(document.uri);
        const items = [sizeLimitDiagnostic(sizes.bytes(document), settings.maxFileSizeMB)];
        return { kind: DocumentDiagnosticReportKind.Full, items: inNotebook ? notebookDiagnostics.pulledShare(inNotebook.text, uri, items).items : items };
      }
      const result = await scheduler.diagnostics(document, token);
      // Stopped: by this request's cancellation (answered as such), or by a newer version,
      // which the client is asked to pull for.
      const changed = (): ResponseError<DiagnosticServerCancellationData> =>
        new ResponseError<DiagnosticServerCancellationData>(LSPErrorCodes.ServerCancelled, 'The document changed while it was checked.', { retriggerRequest: true });
      if (!result) return changed();
      if (inNotebook) {
        if (notebooks.text(inNotebook.text.uri) !== inNotebook.text || document.version !== result.version) return changed();
        // Removed while the notebook was checked.
        if (!notebooks.cell(uri)) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
        const share = notebookDiagnostics.pulledShare(inNotebook.text, uri, result.lsp);
        if (params.previousResultId === share.resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId: share.resultId };
        return { kind: DocumentDiagnosticReportKind.Full, resultId: share.resultId, items: positionsToClient(support.positionEncoding, lookup, uri, share.items) };
      }
      // The client shows these already (an edit that changed no diagnostic): only the new id.
      if (showsResult(params.previousResultId, result, support.positionEncoding === 'utf-16')) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId: result.resultId };
      return { kind: DocumentDiagnosticReportKind.Full, resultId: result.resultId, items: positionsToClient(support.positionEncoding, documents, document.uri, result.lsp) };
    }, (params) => session().analyses.requestParamsProblem('document', params)),
  );

  // ---- the noarkq/... protocol ----------------------------------------------------------------

  /** The document a `noarkq/...` request names, its position there (in UTF-16) and the uri of its
   * context: a notebook's cell is answered on the notebook's text. */
  const requested = (uri: string, position: Position | undefined): { document: TextDocument | undefined; position: Position | undefined; contextUri: string } => {
    const utf16 = position && positionsFromClient(support.positionEncoding, lookup, uri, position);
    const inNotebook = notebooks.cell(uri);
    if (!inNotebook) return { document: documents.get(uri), position: utf16, contextUri: uri };
    const { text, cell } = inNotebook;
    return { document: text.document, position: utf16 && text.layout.toText(cell, utf16), contextUri: text.notebookUri };
  };

  connection.onNotification(
    SetContextNotification,
    isolateNotification('noarkq/setContext', log, (raw) => {
      const { analyses, contexts } = session();
      const parsed = analyses.setContextParams.safeParse(raw);
      if (!parsed.success) return log(`noarkq: ignoring noarkq/setContext with invalid params: ${parsed.error.message}`);
      contexts.setContext(parsed.data);
      diagnosticsChanged();
    }),
  );

  connection.onNotification(
    SetResponsesNotification,
    isolateNotification('noarkq/setResponses', log, (raw) => {
      const { analyses, contexts } = session();
      const parsed = analyses.setResponsesParams.safeParse(raw);
      if (!parsed.success) return log(`noarkq: ignoring noarkq/setResponses with invalid params: ${parsed.error.message}`);
      contexts.setResponses(parsed.data);
      diagnosticsChanged();
    }),
  );

  connection.onRequest(
    QueryRequestBodyRequest,
    isolate('noarkq/queryRequestBody', log, async (raw) => {
      const { analyses, contexts } = session();
      const parsed = analyses.queryRequestBodyParams.safeParse(raw);
      if (!parsed.success) return new ResponseError(ErrorCodes.InvalidParams, `noarkq/queryRequestBody: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'params'}: ${i.message}`).join('; ')}`);
      const params = parsed.data;
      const { document, position, contextUri } = requested(params.uri, params.position);
      if (!document) return { ok: false, error: `${params.uri} is not open in the editor.` };
      if (oversized(document)) return { ok: false, error: `${params.uri} is past the size limit (noarkq.maxFileSizeMB): it is not parsed.` };
      const offset = position ? document.offsetAt(position) : undefined;
      const parse = await scheduler.parsed(document);
      if (!parse) return contentModified();
      return analyses.queryRequestBody(document, parse, { blockName: params.blockName, offset }, contexts.contextFor(contextUri), params.values);
    }),
  );

  connection.onRequest(
    ExplainQueryRequest,
    isolate('noarkq/explainQuery', log, async (raw) => {
      const { analyses, contexts } = session();
      const parsed = analyses.explainQueryParams.safeParse(raw);
      if (!parsed.success) return new ResponseError(ErrorCodes.InvalidParams, `noarkq/explainQuery: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'params'}: ${i.message}`).join('; ')}`);
      const { uri } = parsed.data;
      const { document, position, contextUri } = requested(uri, parsed.data.position);
      if (!document || !position) return { ok: false, error: `${uri} is not open in the editor.` };
      if (oversized(document)) return { ok: false, error: `${uri} is past the size limit (noarkq.maxFileSizeMB): it is not parsed.` };
      const parse = await scheduler.parsed(document);
      if (!parse) return contentModified();
      return analyses.queryExplanationAt(parse, document.offsetAt(position), contexts.contextFor(contextUri));
    }),
  );

  connection.onRequest(
    TestBlocksRequest,
    isolate('noarkq/testBlocks', log, async (raw) => {
      const { analyses } = session();
      const parsed = analyses.testBlocksParams.safeParse(raw);
      if (!parsed.success) return new ResponseError(ErrorCodes.InvalidParams, `noarkq/testBlocks: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'params'}: ${i.message}`).join('; ')}`);
      const { uri, text } = parsed.data;
      // A file not open in the editor comes with its text, parsed once and not cached.
      if (text !== undefined) return analyses.testBlocks(TextDocument.create(uri, 'noarkq', 0, text), analyses.parseDocument(text));
      const document = documents.get(uri);
      if (!document) return new ResponseError(ErrorCodes.InvalidParams, `noarkq/testBlocks: ${uri} is not open in the editor; send its text.`);
      if (oversized(document)) return new ResponseError(ErrorCodes.InvalidParams, `noarkq/testBlocks: ${uri} is past the size limit (noarkq.maxFileSizeMB): the language server does not parse it.`);
      const parse = await scheduler.parsed(document);
      if (!parse) return contentModified();
      return analyses.testBlocks(document, parse);
    }),
  );

  if (options.testHooks) {
    connection.onRequest('noarkq/test/checkCounts', isolate('noarkq/test/checkCounts', log, () => ({ ...scheduler.counts })));
    // A handler that fails as a bug would: what every request's isolation is tested with.
    connection.onRequest(
      'noarkq/test/fail',
      isolate('noarkq/test/fail', log, () => {
        throw new Error('failed on purpose');
      }),
    );
  }

  registerFeatureHandlers(connection, {
    documents: lookup,
    session,
    log,
    scheduler,
    oversized,
    formats: () => support.formats,
    positionEncoding: () => support.positionEncoding,
    inCells: (handler) => notebooks.inCells(handler),
    contextUri: (uri) => notebooks.contextUri(uri),
  });
  documents.listen(connection);
}
