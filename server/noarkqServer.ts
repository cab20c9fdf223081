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
  type DiagnosticServerCancellationData,
  type DocumentDiagnosticParams,
  type DocumentDiagnosticReport,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentDiagnostics } from './documentDiagnostics';
import { chunkedTextDocuments, textLength } from './chunkedTextDocument';
import { DocumentScheduler } from './documentScheduler';
import { registerFeatureHandlers } from './featureHandlers';
import type { FeatureContextStore } from './featureContextStore';
import type { ParseCache } from './parseCache';
import { ExplainQueryRequest, QueryRequestBodyRequest, SetContextNotification, SetResponsesNotification, TestBlocksRequest, type ServerSettings } from '../protocol/customMessages';
import { contentModified, isolate, isolateNotification, lifecycle } from './requestIsolation';
import { DocumentSizes, sizeLimitDiagnostic } from './oversizedDocuments';
import { encodedDocuments, positionsFromClient, positionsToClient } from './positionEncoding';
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
   * handler that throws), for the server's tests. */
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

  const publishNow = (uri: string): void => {
    const document = documents.get(uri);
    if (!document) return;
    const { settings } = session();
    if (!settings.diagnostics.enable) {
      void connection.sendDiagnostics({ uri, version: document.version, diagnostics: [] });
      return;
    }
    if (oversized(document)) {
      release(uri);
      void connection.sendDiagnostics({ uri, version: document.version, diagnostics: [sizeLimitDiagnostic(sizes.bytes(document), settings.maxFileSizeMB)] });
      return;
    }
    scheduler.diagnostics(document).then(
      (result) => {
        // Stopped, or for a version that is no longer the document's: nothing to say.
        if (result && documents.get(uri)?.version === result.version) void connection.sendDiagnostics({ uri, version: result.version, diagnostics: positionsToClient(support.positionEncoding, documents, uri, result.lsp) });
      },
      (error: unknown) => log(`noarkq: checking ${uri} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
    );
  };

  /** Something every document's diagnostics depend on changed (context, settings). */
  const diagnosticsChanged = (): void => {
    if (!support.pullDiagnostics) {
      for (const document of documents.all()) schedulePush(document.uri);
    } else if (support.diagnosticRefresh) {
      void connection.languages.diagnostics.refresh();
    }
  };

  documents.onDidChangeContent(
    isolateNotification('document change', log, (event: { document: TextDocument }) => {
      const document = event.document;
      scheduler.changed(document);
      if (oversized(document)) release(document.uri);
      // A big file's parse starts now, so that requests find part of it when they come.
      else if (textLength(document) > 0) void scheduler.parsed(document).catch(() => undefined);
      if (!support.pullDiagnostics) schedulePush(document.uri);
    }),
  );

  documents.onDidClose((event) => {
    const uri = event.document.uri;
    release(uri);
    sizes.forget(uri);
    loaded?.contexts.forget(uri);
    pending.delete(uri);
    if (!support.pullDiagnostics) void connection.sendDiagnostics({ uri, diagnostics: [] });
  });

  connection.languages.diagnostics.on(
    isolate<DocumentDiagnosticParams, DocumentDiagnosticReport, DiagnosticServerCancellationData>('diagnostics', log, async (params, token) => {
      await settingsKnown;
      const document = documents.get(params.textDocument.uri);
      const { settings } = session();
      if (!document || !settings.diagnostics.enable) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
      if (oversized(document)) {
        // Also when a lower limit came with the settings: what it held goes.
        release(document.uri);
        return { kind: DocumentDiagnosticReportKind.Full, items: [sizeLimitDiagnostic(sizes.bytes(document), settings.maxFileSizeMB)] };
      }
      const result = await scheduler.diagnostics(document, token);
      // Stopped: by this request's cancellation (answered as such), or by a newer version,
      // which the client is asked to pull for.
      if (!result) return new ResponseError<DiagnosticServerCancellationData>(LSPErrorCodes.ServerCancelled, 'The document changed while it was checked.', { retriggerRequest: true });
      if (params.previousResultId === result.resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId: result.resultId };
      return { kind: DocumentDiagnosticReportKind.Full, resultId: result.resultId, items: positionsToClient(support.positionEncoding, documents, document.uri, result.lsp) };
    }, (params) => session().analyses.requestParamsProblem('document', params)),
  );

  // ---- the noarkq/... protocol ----------------------------------------------------------------

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
      const document = documents.get(params.uri);
      if (!document) return { ok: false, error: `${params.uri} is not open in the editor.` };
      if (oversized(document)) return { ok: false, error: `${params.uri} is past the size limit (noarkq.maxFileSizeMB): it is not parsed.` };
      const offset = params.position ? document.offsetAt(positionsFromClient(support.positionEncoding, documents, params.uri, params.position)) : undefined;
      const parse = await scheduler.parsed(document);
      if (!parse) return contentModified();
      return analyses.queryRequestBody(document, parse, { blockName: params.blockName, offset }, contexts.contextFor(params.uri), params.values);
    }),
  );

  connection.onRequest(
    ExplainQueryRequest,
    isolate('noarkq/explainQuery', log, async (raw) => {
      const { analyses, contexts } = session();
      const parsed = analyses.explainQueryParams.safeParse(raw);
      if (!parsed.success) return new ResponseError(ErrorCodes.InvalidParams, `noarkq/explainQuery: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'params'}: ${i.message}`).join('; ')}`);
      const { uri, position } = parsed.data;
      const document = documents.get(uri);
      if (!document) return { ok: false, error: `${uri} is not open in the editor.` };
      if (oversized(document)) return { ok: false, error: `${uri} is past the size limit (noarkq.maxFileSizeMB): it is not parsed.` };
      const parse = await scheduler.parsed(document);
      if (!parse) return contentModified();
      return analyses.queryExplanationAt(parse, document.offsetAt(position), contexts.contextFor(uri));
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

  registerFeatureHandlers(connection, { documents, session, log, scheduler, oversized, formats: () => support.formats, positionEncoding: () => support.positionEncoding });
  documents.listen(connection);
}
