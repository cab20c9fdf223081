/**
 * The archive client's public surface: one typed method per endpoint of the interface
 * (the spec, § Endpoints) plus a generic request. `ArchiveClient` implements it; the
 * block runner, the CLI and the extension depend on this interface only.
 *
 * Every method takes an `AbortSignal`, throws one of the errors of `archiveErrors.ts` (never
 * anything else for a bad answer) and returns the parsed body with what the exchange cost.
 */
import type { Readable, Writable } from 'node:stream';
import type {
  AccessLogBody,
  BsmField,
  BsmFieldBody,
  BsmGroup,
  BsmGroupBody,
  BsmGroupHead,
  BulkBody,
  ChangeLogBody,
  ChangeLogResponse,
  CodeList,
  CodeListValue,
  CodeListValueBody,
  DownloadLogBody,
  EntityObject,
  ExpandFolderBody,
  ExpandRecordBody,
  FullTextResponse,
  FullTextSearchBody,
  FullTextSetBody,
  MyInfo,
  PagedLogResponse,
  QueryBody,
  QueryResponse,
  TransactionBody,
  TransactionResponse,
  UploadResponse,
} from '../../core/api';
import type { JsonValue } from '../../core/jsonValue';
import type { RequestSummary } from './archiveErrors';

export interface CallOptions {
  signal?: AbortSignal;
}

export interface TransferProgress {
  /** Bytes sent (upload) or received (download) so far. */
  bytes: number;
  /** The whole size, when known. */
  total: number | undefined;
}

export interface TransferOptions extends CallOptions {
  onProgress?: (progress: TransferProgress) => void;
}

/** One exchange as it happened, whatever its outcome. */
export interface ArchiveResponse<T> {
  request: RequestSummary & {
    /** The full URL (no credentials in it). */
    url: string;
    /** The JSON body sent, if any. */
    body?: JsonValue;
  };
  status: number;
  /** Response headers, lower-case names. */
  headers: Record<string, string>;
  body: T;
  /** Bytes of the response body as received. */
  bytes: number;
  /** From sending the request to the last byte of the answer, in milliseconds. */
  durationMs: number;
}

// ---- Request and response bodies: the interface's contract, defined once in core/api ----
// Responses are the schemas' outputs: ids and versions normalised to strings, unknown keys kept.

export type {
  AccessLogBody,
  BsmField,
  BsmFieldBody,
  BsmGroup,
  BsmGroupBody,
  BsmGroupHead,
  BulkBody,
  ChangeLogBody,
  ChangeLogResponse,
  CodeList,
  CodeListValue,
  CodeListValueBody,
  DownloadLogBody,
  EntityObject,
  ExpandFolderBody,
  ExpandRecordBody,
  FullTextResponse,
  FullTextSearchBody,
  FullTextSetBody,
  MyInfo,
  PagedLogResponse,
  QueryBody,
  QueryResponse,
  TransactionBody,
  TransactionResponse,
  UploadResponse,
};
export type { FullTextFacet, FullTextFilterValue, FullTextHit, TransactionAction } from '../../core/api';

export interface DownloadResult {
  /** From the response's Content-Disposition, when it has one. */
  fileName: string | undefined;
  contentType: string | undefined;
  bytes: number;
  /** Where it was written, for a download to a path. */
  path?: string;
}

/** One page of a `queryAll` walk. */
export interface QueryPage {
  offset: number;
  limit: number;
  results: EntityObject[];
  hasMore: boolean;
  response: ArchiveResponse<QueryResponse>;
}

export interface QueryAllOptions extends CallOptions {
  /** Page size (default 500, the archive's maximum). */
  pageSize?: number;
  /** Pages requested ahead of the one being consumed (default 4). */
  concurrency?: number;
  /** Stop after this many results. */
  maxResults?: number;
}

export type UploadSource = { path: string; fileName?: string } | { stream: Readable; fileName: string; size?: number };
export type DownloadTarget = { path: string } | { directory: string } | { stream: Writable };

export interface GenericRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Relative to the API root, optionally with a query string. */
  path: string;
  body?: JsonValue;
  /** Whether the call changes the archive: never retried; a lost answer is "outcome unknown". */
  write?: boolean;
}

/** The body of a generic request: parsed JSON when the answer is JSON, else its text (empty for 204). */
export type GenericBody = JsonValue;

export interface ArchiveApi {
  /** The tokens and secrets the client has held, to take out of what is shown of an answer
   * (none for a client without them). */
  secrets?(): readonly string[];
  query(body: QueryBody, options?: CallOptions): Promise<ArchiveResponse<QueryResponse>>;
  /** Every page while `hasMore`, in order, a few requests ahead, memory bounded. */
  queryAll(body: QueryBody, options?: QueryAllOptions): AsyncIterable<QueryPage>;
  transaction(body: TransactionBody, options?: CallOptions): Promise<ArchiveResponse<TransactionResponse>>;
  upload(source: UploadSource, options?: TransferOptions): Promise<ArchiveResponse<UploadResponse>>;
  download(id: string, target: DownloadTarget, options?: TransferOptions & { variant?: 'original' | 'lightpdf' }): Promise<ArchiveResponse<DownloadResult>>;

  codeLists(filter?: { type?: string; field?: string }, options?: CallOptions): Promise<ArchiveResponse<{ results: CodeList[] }>>;
  putCodeListValue(field: string, code: string, value: CodeListValueBody, options?: CallOptions): Promise<ArchiveResponse<CodeListValue>>;
  deleteCodeListValue(field: string, code: string, options?: CallOptions): Promise<ArchiveResponse<null>>;

  bsmRegistry(filter?: { groupId?: string; fieldId?: string }, options?: CallOptions): Promise<ArchiveResponse<{ results: BsmGroup[] }>>;
  putBsmGroup(groupId: string, group: BsmGroupBody, options?: CallOptions): Promise<ArchiveResponse<BsmGroupHead>>;
  putBsmField(groupId: string, fieldId: string, field: BsmFieldBody, options?: CallOptions): Promise<ArchiveResponse<BsmField>>;
  deleteBsmGroup(groupId: string, options?: CallOptions): Promise<ArchiveResponse<null>>;
  deleteBsmField(groupId: string, fieldId: string, options?: CallOptions): Promise<ArchiveResponse<null>>;

  changeLog(body: ChangeLogBody, options?: CallOptions): Promise<ArchiveResponse<ChangeLogResponse>>;
  accessLog(body: AccessLogBody, options?: CallOptions): Promise<ArchiveResponse<PagedLogResponse>>;
  downloadLog(body: DownloadLogBody, options?: CallOptions): Promise<ArchiveResponse<PagedLogResponse>>;

  bulkOpen(body: BulkBody, options?: CallOptions): Promise<ArchiveResponse<null>>;
  bulkClose(body: BulkBody, options?: CallOptions): Promise<ArchiveResponse<null>>;

  fullTextSearch(body: FullTextSearchBody, options?: CallOptions): Promise<ArchiveResponse<FullTextResponse>>;
  fullTextSet(body: FullTextSetBody, options?: CallOptions): Promise<ArchiveResponse<GenericBody>>;

  /** `GET info/me` (in the vendor's Java client, not in the spec). */
  me(options?: CallOptions): Promise<ArchiveResponse<MyInfo>>;
  /** `POST expand/folder` (the vendor's Java client): turns a Mappe into a Saksmappe. */
  expandFolder(body: ExpandFolderBody, options?: CallOptions): Promise<ArchiveResponse<null>>;
  /** `POST expand/record` (the vendor's Java client): turns a Basisregistrering into a Journalpost. */
  expandRecord(body: ExpandRecordBody, options?: CallOptions): Promise<ArchiveResponse<null>>;

  /** Any other request, sent as written. */
  request(request: GenericRequest, options?: CallOptions): Promise<ArchiveResponse<GenericBody>>;

  /** Closes the connection pool. */
  close(): Promise<void>;
}

/** Where the exchanges go for the request log (the CLI's --verbose, the extension's output
 * channel). Never holds a token: the Authorization header is not part of it. */
export interface ExchangeLogEntry {
  method: string;
  path: string;
  status: number | undefined;
  durationMs: number;
  bytes: number;
  attempt: number;
  error?: string;
}
