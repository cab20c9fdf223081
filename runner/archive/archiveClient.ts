/**
 * The archive client: one undici connection pool per archive, the headers every call needs, the
 * response schemas, errors turned into the classes of archiveErrors.ts, reads retried, writes
 * never repeated (only after a 401, which the archive did not carry out), and a lost write
 * answer reported with the query that tells whether it happened.
 */
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { buildConnector, Pool, type Dispatcher } from 'undici';
import type { z } from 'zod';
import type { JsonValue } from '../../core/jsonValue';
import { version } from '../../package.json';
import { redact } from '../../core/text/secretRedaction';
import type { TokenProvider } from '../auth/tokenProvider';
import type {
  AccessLogBody,
  ArchiveApi,
  ArchiveResponse,
  BsmField,
  BsmFieldBody,
  BsmGroup,
  BsmGroupBody,
  BsmGroupHead,
  BulkBody,
  CallOptions,
  ChangeLogBody,
  ChangeLogResponse,
  CodeList,
  CodeListValue,
  CodeListValueBody,
  DownloadLogBody,
  DownloadResult,
  DownloadTarget,
  ExchangeLogEntry,
  ExpandFolderBody,
  ExpandRecordBody,
  FullTextResponse,
  FullTextSearchBody,
  FullTextSetBody,
  GenericBody,
  GenericRequest,
  MyInfo,
  PagedLogResponse,
  QueryAllOptions,
  QueryBody,
  QueryPage,
  QueryResponse,
  TransactionBody,
  TransactionResponse,
  TransferOptions,
  UploadResponse,
  UploadSource,
} from './archiveApi';
import {
  ArchiveConnectionError,
  ArchiveError,
  ArchiveRequestError,
  AuthenticationError,
  OutcomeUnknownError,
  ResponseShapeError,
  RunCancelledError,
  type RequestSummary,
} from './archiveErrors';
import { pathSegment, resolveApiRoot, withQuery, type ApiRoot } from './archiveUrl';
import { connectionTarget, describeFailure, failedBeforeSending, isTransient, TruncatedBodyError, type ConnectionTarget } from './connectionFailures';
import { archiveErrorFrom } from './errorBodies';
import { DownloadTargetError, dispositionFileName, openUploadSource, UploadSourceError, uploadDisposition, writeDownload, type BuffersReleased, type UploadBody } from './fileTransfer';
import { bulkOutcomeCheck, expandOutcomeCheck, genericOutcomeCheck, registryOutcomeCheck, transactionOutcomeCheck, uploadOutcomeCheck, type OutcomeCheck } from './outcomeChecks';
import { walkQueryPages } from './queryPaging';
import {
  accessLogResponseSchema,
  bsmFieldSchema,
  bsmGroupHeadSchema,
  bsmRegistryResponseSchema,
  myInfoResponseSchema,
  changeLogResponseSchema,
  checkShape,
  codeListsResponseSchema,
  codeListValueSchema,
  downloadLogResponseSchema,
  fullTextResponseSchema,
  jsonErrorRequestHeaders,
  queryResponseSchema,
  transactionResponseSchema,
  uploadResponseSchema,
} from '../../core/api';
import { delayBeforeNextAttempt, pause, retriedStatuses, retryAfterMs, retryPolicy, type RetryOptions, type RetryPolicy } from './retryPolicy';
import { defaultTimeLimits, type TimeLimits } from './timeLimits';

/** Connect 10 s, answer (headers) 60 s, idle within a body 60 s: see timeLimits.ts. */
export type ArchiveTimeouts = TimeLimits;

export interface ArchiveClientOptions {
  /** The API root (`https://host/rms/api/public/noark5/v1`) or the bare base URL of the archive. */
  apiUrl: string;
  /** How to get the bearer token; absent for an archive that takes none. */
  auth: TokenProvider | undefined;
  timeouts?: Partial<ArchiveTimeouts>;
  retry?: RetryOptions;
  /** Every attempt of every call, as it ends (the request log). */
  onExchange?: (entry: ExchangeLogEntry) => void;
  /** Connections kept to the archive (8). */
  connections?: number;
}

export const userAgent = `noarkq/${version}`;

/** Error bodies are short; a longer one is cut (it is only shown). */
const maxErrorBodyBytes = 1024 * 1024;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One attempt's answer, as the reader of a call gets it. */
interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Dispatcher.ResponseData['body'];
}

interface Exchange<T> {
  method: Method;
  /** Relative to the API root, with its query string. */
  path: string;
  json?: JsonValue;
  /** Changes the archive: never retried but after a 401; a lost answer is "outcome unknown". */
  write: boolean;
  outcome?: () => OutcomeCheck;
  /** The body of an upload, opened again for each attempt. */
  upload?: { contentType: string; disposition: string; size: number | undefined; reopenable: boolean; open(released: BuffersReleased): UploadBody };
  /** Reads a 2xx answer. */
  read: (answer: RawAnswer) => Promise<{ body: T; bytes: number }>;
  /** Whether a failed attempt may be repeated (a download that already fed a caller's stream may not). */
  repeatable?: () => boolean;
  signal: AbortSignal | undefined;
}

function lowerCaseHeaders(headers: Dispatcher.ResponseData['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** The whole body, checked against its declared length (a cut connection must not pass for an end). */
async function readBody(body: Readable, declaredLength: string | undefined, maxBytes = Number.POSITIVE_INFINITY): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) {
      body.destroy();
      break;
    }
    chunks.push(buffer);
  }
  const declared = declaredLength === undefined ? undefined : Number(declaredLength);
  if (declared !== undefined && Number.isFinite(declared) && size < declared && size <= maxBytes) throw new TruncatedBodyError(size, declared);
  return Buffer.concat(chunks);
}

function shapeError<T>(summary: RequestSummary, schema: z.ZodType<T, unknown>, text: string, contentType: string | undefined): T {
  if (text.trim() === '') throw new ResponseShapeError(summary, '$', 'the body is empty; a JSON object was expected', text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const what = contentType ? ` (Content-Type ${contentType})` : '';
    throw new ResponseShapeError(summary, '$', `the body is not JSON${what}: ${error instanceof Error ? error.message : String(error)}`, text);
  }
  const checked = checkShape(schema, value);
  if (!checked.ok) throw new ResponseShapeError(summary, checked.path, checked.problem, text);
  return checked.value;
}

export class ArchiveClient implements ArchiveApi {
  readonly apiRoot: ApiRoot;
  private readonly pool: Pool;
  /** The pool's open sockets (see buffersReleased). */
  private readonly sockets = new Set<Socket>();
  /** Every socket of the pool has written out all it was given (a closed one holds nothing). */
  private readonly buffersReleased: BuffersReleased = () => {
    for (const socket of this.sockets) if (socket.writableLength > 0) return false;
    return true;
  };
  /** Undefined for an archive that takes no token (`auth.kind: "none"`): no Authorization header. */
  private readonly auth: TokenProvider | undefined;
  private readonly timeouts: ArchiveTimeouts;
  /** The archive's host and port, for messages. */
  private readonly target: ConnectionTarget;
  private readonly retry: RetryPolicy;
  private readonly onExchange: ((entry: ExchangeLogEntry) => void) | undefined;

  constructor(options: ArchiveClientOptions) {
    this.apiRoot = resolveApiRoot(options.apiUrl);
    this.auth = options.auth;
    this.target = connectionTarget(new URL(this.apiRoot.origin));
    this.timeouts = { ...defaultTimeLimits, ...options.timeouts };
    for (const [key, value] of Object.entries(this.timeouts)) {
      if (!Number.isFinite(value) || value <= 0) throw new RangeError(`timeouts.${key} must be a number of milliseconds above 0, not ${String(value)}`);
    }
    this.retry = retryPolicy(options.retry);
    this.onExchange = options.onExchange;
    const connections = options.connections ?? 8;
    if (!Number.isInteger(connections) || connections < 1) throw new RangeError(`connections must be a whole number of at least 1, not ${connections}`);
    // undici's own connector, which also remembers the pool's sockets: an upload reads into a
    // buffer again only once no socket still holds bytes to write (fileTransfer.ts).
    const connector = buildConnector({ timeout: this.timeouts.connectMs });
    const sockets = this.sockets;
    this.pool = new Pool(this.apiRoot.origin, {
      connections,
      // Below the 5 s Node servers keep an idle connection, so a kept connection is not closed
      // under a request just written to it (which would make a write's outcome unknown).
      keepAliveTimeout: 4_000,
      keepAliveMaxTimeout: 60_000,
      connect: (connectOptions, callback) =>
        connector(connectOptions, (error, socket) => {
          if (error) return callback(error, null);
          const opened = socket as Socket;
          sockets.add(opened);
          opened.once('close', () => sockets.delete(opened));
          callback(null, opened);
        }),
      headersTimeout: this.timeouts.headersMs,
      bodyTimeout: this.timeouts.bodyMs,
    });
  }

  // ---- Endpoints ----

  /** Every token and secret the client's token provider has held, for taking them out of what
   * is shown or written of an answer. */
  secrets(): readonly string[] {
    return this.auth?.secrets() ?? [];
  }

  query(body: QueryBody, options: CallOptions = {}): Promise<ArchiveResponse<QueryResponse>> {
    return this.json('POST', 'query', body as unknown as JsonValue, queryResponseSchema, { write: false, signal: options.signal });
  }

  queryAll(body: QueryBody, options: QueryAllOptions = {}): AsyncIterable<QueryPage> {
    return walkQueryPages((page, signal) => this.query(page, { signal }), body, options);
  }

  transaction(body: TransactionBody, options: CallOptions = {}): Promise<ArchiveResponse<TransactionResponse>> {
    return this.json('POST', 'transaction', body as unknown as JsonValue, transactionResponseSchema, {
      write: true,
      outcome: () => transactionOutcomeCheck(body),
      signal: options.signal,
    });
  }

  async upload(source: UploadSource, options: TransferOptions = {}): Promise<ArchiveResponse<UploadResponse>> {
    const summary: RequestSummary = { method: 'POST', path: 'upload' };
    let opened;
    try {
      opened = await openUploadSource(source);
    } catch (error) {
      if (error instanceof UploadSourceError) throw new ArchiveRequestError(summary, error.message);
      throw error;
    }
    const file = opened;
    return this.exchange<UploadResponse>({
      method: 'POST',
      path: 'upload',
      write: true,
      outcome: () => uploadOutcomeCheck(file.fileName),
      upload: {
        contentType: 'application/octet-stream',
        disposition: uploadDisposition(file.fileName),
        size: file.size,
        reopenable: file.reopenable,
        open: (released) => file.open(options.onProgress, released),
      },
      read: async (answer) => this.readJson(summary, answer, uploadResponseSchema),
      signal: options.signal,
    });
  }

  async download(id: string, target: DownloadTarget, options: TransferOptions & { variant?: 'original' | 'lightpdf' } = {}): Promise<ArchiveResponse<DownloadResult>> {
    const path = withQuery('download', { id, type: options.variant });
    if (typeof id !== 'string' || id.trim() === '') throw new ArchiveRequestError({ method: 'GET', path }, 'download needs the file id (Dokumentversjon.referanseDokumentfil)');
    const state = { delivered: false };
    return this.exchange<DownloadResult>({
      method: 'GET',
      path,
      write: false,
      repeatable: () => !state.delivered,
      read: async (answer) => {
        const fromHeader = dispositionFileName(answer.headers['content-disposition']);
        const declared = answer.headers['content-length'] === undefined ? undefined : Number(answer.headers['content-length']);
        const total = declared !== undefined && Number.isFinite(declared) ? declared : undefined;
        let written;
        try {
          written = await writeDownload(answer.body, target, { fromHeader, id }, total, options.onProgress, state);
        } catch (error) {
          if (error instanceof DownloadTargetError) throw new ArchiveRequestError({ method: 'GET', path }, error.message);
          throw error;
        }
        if (total !== undefined && written.bytes < total) throw new TruncatedBodyError(written.bytes, total);
        const result: DownloadResult = { fileName: fromHeader, contentType: answer.headers['content-type'], bytes: written.bytes };
        if (written.path !== undefined) result.path = written.path;
        return { body: result, bytes: written.bytes };
      },
      signal: options.signal,
    });
  }

  codeLists(filter: { type?: string; field?: string } = {}, options: CallOptions = {}): Promise<ArchiveResponse<{ results: CodeList[] }>> {
    return this.json('GET', withQuery('code-lists', { type: filter.type, field: filter.field }), undefined, codeListsResponseSchema, { write: false, signal: options.signal });
  }

  putCodeListValue(field: string, code: string, value: CodeListValueBody, options: CallOptions = {}): Promise<ArchiveResponse<CodeListValue>> {
    return this.json('PUT', `code-lists/${pathSegment(field)}/${pathSegment(code)}`, value, codeListValueSchema, {
      write: true,
      outcome: () => registryOutcomeCheck(`the change of code ${code} in ${field}`, `GET code-lists?field=${encodeURIComponent(field)}`),
      signal: options.signal,
    });
  }

  deleteCodeListValue(field: string, code: string, options: CallOptions = {}): Promise<ArchiveResponse<null>> {
    return this.empty('DELETE', `code-lists/${pathSegment(field)}/${pathSegment(code)}`, undefined, {
      write: true,
      outcome: () => registryOutcomeCheck(`the deletion of code ${code} from ${field}`, `GET code-lists?field=${encodeURIComponent(field)}`),
      signal: options.signal,
    });
  }

  bsmRegistry(filter: { groupId?: string; fieldId?: string } = {}, options: CallOptions = {}): Promise<ArchiveResponse<{ results: BsmGroup[] }>> {
    return this.json('GET', withQuery('bsm-registry', { groupId: filter.groupId, fieldId: filter.fieldId }), undefined, bsmRegistryResponseSchema, { write: false, signal: options.signal });
  }

  putBsmGroup(groupId: string, group: BsmGroupBody, options: CallOptions = {}): Promise<ArchiveResponse<BsmGroupHead>> {
    return this.json('PUT', `bsm-registry/group/${pathSegment(groupId)}`, group, bsmGroupHeadSchema, {
      write: true,
      outcome: () => registryOutcomeCheck(`the change of BSM group ${groupId}`, `GET bsm-registry?groupId=${encodeURIComponent(groupId)}`),
      signal: options.signal,
    });
  }

  putBsmField(groupId: string, fieldId: string, field: BsmFieldBody, options: CallOptions = {}): Promise<ArchiveResponse<BsmField>> {
    return this.json('PUT', `bsm-registry/group/${pathSegment(groupId)}/field/${pathSegment(fieldId)}`, field, bsmFieldSchema, {
      write: true,
      outcome: () => registryOutcomeCheck(`the change of BSM field ${groupId}/${fieldId}`, `GET bsm-registry?groupId=${encodeURIComponent(groupId)}&fieldId=${encodeURIComponent(fieldId)}`),
      signal: options.signal,
    });
  }

  deleteBsmGroup(groupId: string, options: CallOptions = {}): Promise<ArchiveResponse<null>> {
    return this.empty('DELETE', `bsm-registry/group/${pathSegment(groupId)}`, undefined, {
      write: true,
      outcome: () => registryOutcomeCheck(`the deletion of BSM group ${groupId}`, `GET bsm-registry?groupId=${encodeURIComponent(groupId)}`),
      signal: options.signal,
    });
  }

  deleteBsmField(groupId: string, fieldId: string, options: CallOptions = {}): Promise<ArchiveResponse<null>> {
    return this.empty('DELETE', `bsm-registry/group/${pathSegment(groupId)}/field/${pathSegment(fieldId)}`, undefined, {
      write: true,
      outcome: () => registryOutcomeCheck(`the deletion of BSM field ${groupId}/${fieldId}`, `GET bsm-registry?groupId=${encodeURIComponent(groupId)}`),
      signal: options.signal,
    });
  }

  changeLog(body: ChangeLogBody, options: CallOptions = {}): Promise<ArchiveResponse<ChangeLogResponse>> {
    return this.json('POST', 'logs/change-log', body as unknown as JsonValue, changeLogResponseSchema, { write: false, signal: options.signal });
  }

  accessLog(body: AccessLogBody, options: CallOptions = {}): Promise<ArchiveResponse<PagedLogResponse>> {
    return this.json('POST', 'logs/access-log', body as unknown as JsonValue, accessLogResponseSchema, { write: false, signal: options.signal });
  }

  downloadLog(body: DownloadLogBody, options: CallOptions = {}): Promise<ArchiveResponse<PagedLogResponse>> {
    return this.json('POST', 'logs/download-log', body as unknown as JsonValue, downloadLogResponseSchema, { write: false, signal: options.signal });
  }

  bulkOpen(body: BulkBody, options: CallOptions = {}): Promise<ArchiveResponse<null>> {
    return this.empty('POST', 'bulk/open', body as unknown as JsonValue, { write: true, outcome: () => bulkOutcomeCheck('open', body.type, body.id), signal: options.signal });
  }

  bulkClose(body: BulkBody, options: CallOptions = {}): Promise<ArchiveResponse<null>> {
    return this.empty('POST', 'bulk/close', body as unknown as JsonValue, { write: true, outcome: () => bulkOutcomeCheck('close', body.type, body.id), signal: options.signal });
  }

  fullTextSearch(body: FullTextSearchBody, options: CallOptions = {}): Promise<ArchiveResponse<FullTextResponse>> {
    return this.json('POST', 'full-text/search', body as unknown as JsonValue, fullTextResponseSchema, { write: false, signal: options.signal });
  }

  me(options: CallOptions = {}): Promise<ArchiveResponse<MyInfo>> {
    return this.json('GET', 'info/me', undefined, myInfoResponseSchema, { write: false, signal: options.signal });
  }

  expandFolder(body: ExpandFolderBody, options: CallOptions = {}): Promise<ArchiveResponse<null>> {
    return this.empty('POST', 'expand/folder', body as unknown as JsonValue, { write: true, outcome: () => expandOutcomeCheck(body.id, 'Saksmappe'), signal: options.signal });
  }

  expandRecord(body: ExpandRecordBody, options: CallOptions = {}): Promise<ArchiveResponse<null>> {
    return this.empty('POST', 'expand/record', body as unknown as JsonValue, { write: true, outcome: () => expandOutcomeCheck(body.id, 'Journalpost'), signal: options.signal });
  }

  fullTextSet(body: FullTextSetBody, options: CallOptions = {}): Promise<ArchiveResponse<GenericBody>> {
    const summary: RequestSummary = { method: 'POST', path: 'full-text/set' };
    return this.exchange<GenericBody>({
      method: 'POST',
      path: 'full-text/set',
      json: body as unknown as JsonValue,
      write: true,
      outcome: () => ({ text: `setting the text of Dokumentversjon ${body.dokumentversjonId} again is harmless: it sets the same text.` }),
      read: (answer) => this.readGeneric(summary, answer),
      signal: options.signal,
    });
  }

  async request(request: GenericRequest, options: CallOptions = {}): Promise<ArchiveResponse<GenericBody>> {
    const path = request.path.replace(/^\/+/, '');
    const summary: RequestSummary = { method: request.method, path };
    if (!['GET', 'POST', 'PUT', 'DELETE'].includes(request.method)) throw new ArchiveRequestError(summary, `the method must be GET, POST, PUT or DELETE, not ${String(request.method)}`);
    if (/^[a-z][a-z0-9+.-]*:/i.test(path)) throw new ArchiveRequestError(summary, 'the path is relative to the API root, not a full URL');
    if (request.method === 'GET' && request.body !== undefined) throw new ArchiveRequestError(summary, 'a GET request has no body');
    const write = request.write ?? request.method !== 'GET';
    return this.exchange<GenericBody>({
      method: request.method,
      path,
      json: request.body,
      write,
      outcome: genericOutcomeCheck,
      read: (answer) => this.readGeneric(summary, answer),
      signal: options.signal,
    });
  }

  async close(): Promise<void> {
    await this.pool.close();
  }

  // ---- Reading answers ----

  private async readJson<T>(summary: RequestSummary, answer: RawAnswer, schema: z.ZodType<T, unknown>): Promise<{ body: T; bytes: number }> {
    const raw = await readBody(answer.body, answer.headers['content-length']);
    return { body: shapeError(summary, schema, raw.toString('utf8'), answer.headers['content-type']), bytes: raw.length };
  }

  private async readGeneric(summary: RequestSummary, answer: RawAnswer): Promise<{ body: GenericBody; bytes: number }> {
    const raw = await readBody(answer.body, answer.headers['content-length']);
    const text = raw.toString('utf8');
    if (/json/i.test(answer.headers['content-type'] ?? '') && text.trim() !== '') {
      try {
        return { body: JSON.parse(text) as JsonValue, bytes: raw.length };
      } catch (error) {
        throw new ResponseShapeError(summary, '$', `the body is declared JSON but is not: ${error instanceof Error ? error.message : String(error)}`, text);
      }
    }
    return { body: text, bytes: raw.length };
  }

  private json<T>(method: Method, path: string, body: JsonValue | undefined, schema: z.ZodType<T, unknown>, how: { write: boolean; outcome?: () => OutcomeCheck; signal: AbortSignal | undefined }): Promise<ArchiveResponse<T>> {
    const summary: RequestSummary = { method, path };
    return this.exchange<T>({ method, path, json: body, ...how, read: (answer) => this.readJson(summary, answer, schema) });
  }

  /** A call answered by a status alone (202, 204): any body is read and dropped. */
  private empty(method: Method, path: string, body: JsonValue | undefined, how: { write: boolean; outcome?: () => OutcomeCheck; signal: AbortSignal | undefined }): Promise<ArchiveResponse<null>> {
    return this.exchange<null>({
      method,
      path,
      json: body,
      ...how,
      read: async (answer) => ({ body: null, bytes: (await readBody(answer.body, answer.headers['content-length'])).length }),
    });
  }

  // ---- The exchange ----

  private log(entry: ExchangeLogEntry): void {
    try {
      this.onExchange?.(entry);
    } catch {
      // A failing log must not fail the call it logs.
    }
  }

  private async exchange<T>(spec: Exchange<T>): Promise<ArchiveResponse<T>> {
    const summary: RequestSummary = { method: spec.method, path: spec.path };
    const url = `${this.apiRoot.url}/${spec.path}`;
    const requestPath = `${this.apiRoot.basePath}/${spec.path}`;
    const jsonText = spec.json === undefined ? undefined : JSON.stringify(spec.json);
    const signal = spec.signal;
    let attempt = 0;
    let failures = 0;
    let renewedToken = false;
    const cancelled = () => new RunCancelledError(summary);

    for (;;) {
      attempt++;
      if (signal?.aborted) throw cancelled();
      let token: string | undefined;
      try {
        token = await this.auth?.token(signal);
      } catch (error) {
        if (signal?.aborted) throw cancelled();
        if (error instanceof AuthenticationError) throw error;
        throw new AuthenticationError(`no token for ${summary.method} ${summary.path}: ${redact(error instanceof Error ? error.message : String(error), this.auth?.secrets() ?? [])}`);
      }
      const secrets = token === undefined ? [] : [token, ...(this.auth?.secrets() ?? [])];
      const headers: Record<string, string> = {
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        'user-agent': userAgent,
        accept: 'application/json',
        ...jsonErrorRequestHeaders,
      };
      let body: string | AsyncIterable<Buffer> | undefined = jsonText;
      let upload: UploadBody | undefined;
      if (jsonText !== undefined) headers['content-type'] = 'application/json';
      if (spec.upload) {
        upload = spec.upload.open(this.buffersReleased);
        body = upload.chunks;
        headers['content-type'] = spec.upload.contentType;
        headers['content-disposition'] = spec.upload.disposition;
        headers.accept = 'application/json';
        if (spec.upload.size !== undefined) headers['content-length'] = String(spec.upload.size);
      }
      const started = performance.now();
      let status: number | undefined;
      let bytes = 0;
      let answerBody: Readable | undefined;
      const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
      try {
        // undici takes an async iterable body (its Dispatcher.md, `body`), which its types leave out.
        const response = await this.pool.request({ path: requestPath, method: spec.method, headers, body: body as string | Readable | undefined, signal });
        status = response.statusCode;
        answerBody = response.body;
        const answerHeaders = lowerCaseHeaders(response.headers);

        if (status === 401 && !renewedToken) {
          const text = (await readBody(response.body, undefined, maxErrorBodyBytes)).toString('utf8');
          // The archive refused the token, so it did nothing: sending again with a new one is
          // safe even for a write, if the body can be sent again.
          const renewable = token !== undefined && this.auth !== undefined && this.auth.invalidate(token) && (spec.upload === undefined || spec.upload.reopenable);
          this.log({ method: summary.method, path: summary.path, status, durationMs: elapsed(), bytes: Buffer.byteLength(text), attempt, error: renewable ? 'token refused; retrying with a new one' : undefined });
          if (renewable) {
            renewedToken = true;
            continue;
          }
          throw archiveErrorFrom(summary, status, answerHeaders['content-type'], text, secrets, attempt, { headers: answerHeaders, durationMs: elapsed() });
        }

        if (status < 200 || status >= 300) {
          const raw = await readBody(response.body, undefined, maxErrorBodyBytes);
          bytes = raw.length;
          const retryAfter = retryAfterMs(answerHeaders['retry-after']);
          const delay = !spec.write && retriedStatuses.has(status) && (spec.repeatable?.() ?? true) ? delayBeforeNextAttempt(this.retry, ++failures, retryAfter) : undefined;
          const error = archiveErrorFrom(summary, status, answerHeaders['content-type'], raw.toString('utf8'), secrets, attempt, { headers: answerHeaders, durationMs: elapsed() });
          this.log({ method: summary.method, path: summary.path, status, durationMs: elapsed(), bytes, attempt, error: `${status}: ${error.description}${delay !== undefined ? `; retrying in ${delay} ms` : ''}` });
          if (delay === undefined) throw error;
          await pause(delay, signal);
          continue;
        }

        const read = await spec.read({ status, headers: answerHeaders, body: response.body });
        bytes = read.bytes;
        const durationMs = elapsed();
        this.log({ method: summary.method, path: summary.path, status, durationMs, bytes, attempt });
        const request: ArchiveResponse<T>['request'] = { method: summary.method, path: summary.path, url };
        if (spec.json !== undefined) request.body = spec.json;
        return { request, status, headers: answerHeaders, body: read.body, bytes, durationMs };
      } catch (error) {
        // A body left unread would hold its connection (and `close`) forever.
        if (answerBody && !answerBody.destroyed) answerBody.destroy();
        if (error instanceof ResponseShapeError && spec.write && status !== undefined) {
          // The archive said yes, but its answer is not what the interface describes: what it
          // did cannot be read from it, so the write's outcome is as unknown as a lost answer.
          this.log({ method: summary.method, path: summary.path, status, durationMs: elapsed(), bytes, attempt, error: `${error.message}; outcome unknown` });
          const check = (spec.outcome ?? genericOutcomeCheck)();
          throw new OutcomeUnknownError(summary, error, check.text, check.query, `the archive answered ${status}, but the answer is not what the interface describes (at ${error.path}: ${error.problem})`);
        }
        if (error instanceof ArchiveError || error instanceof ResponseShapeError || error instanceof ArchiveRequestError || error instanceof RunCancelledError) {
          if (error instanceof ResponseShapeError || error instanceof ArchiveRequestError) this.log({ method: summary.method, path: summary.path, status, durationMs: elapsed(), bytes, attempt, error: error.message });
          throw error;
        }
        if (signal?.aborted) throw cancelled();
        const reason = redact(describeFailure(error, this.target, this.timeouts), secrets);
        if (spec.write) {
          // Nothing reached the archive when the connection was never made, or when an upload
          // body was not all sent (the archive stores only whole files).
          const unsent = failedBeforeSending(error) || (upload !== undefined && !upload.complete() && status === undefined);
          this.log({ method: summary.method, path: summary.path, status, durationMs: elapsed(), bytes, attempt, error: unsent ? reason : `${reason}; outcome unknown` });
          if (unsent) throw new ArchiveConnectionError(summary, error, attempt, reason);
          const check = (spec.outcome ?? genericOutcomeCheck)();
          // A 2xx whose body was then cut off or stalled: the archive had answered yes.
          const happened = status === undefined ? `the request was sent, but no answer came (${reason})` : `the archive answered ${status}, but its answer was lost part-way (${reason})`;
          throw new OutcomeUnknownError(summary, error, check.text, check.query, happened);
        }
        const delay = isTransient(error) && (spec.repeatable?.() ?? true) ? delayBeforeNextAttempt(this.retry, ++failures, undefined) : undefined;
        this.log({ method: summary.method, path: summary.path, status, durationMs: elapsed(), bytes, attempt, error: `${reason}${delay !== undefined ? `; retrying in ${delay} ms` : ''}` });
        if (delay === undefined) throw new ArchiveConnectionError(summary, error, attempt, reason);
        await pause(delay, signal).catch(() => {
          throw cancelled();
        });
      }
    }
  }
}
