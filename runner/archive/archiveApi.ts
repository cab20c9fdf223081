/**
 * The archive client's public surface: one typed method per endpoint of the interface
 * (the spec, § Endpoints) plus a generic request. `ArchiveClient` implements it; the
 * block runner, the CLI and the extension depend on this interface only.
 *
 * Every method takes an `AbortSignal`, throws one of the errors of `archiveErrors.ts` (never
 * anything else for a bad answer) and returns the parsed body with what the exchange cost.
 */
import type { Readable, Writable } from 'node:stream';
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

// ---- Request bodies (what noarkq sends: exact, as the spec shows them) ----

export interface QueryBody {
  type: string;
  limit?: number;
  offset?: number;
  query?: string;
  joins?: Record<string, string>;
  parameters?: Record<string, JsonValue>;
  sortOrder?: { field: string; order: 'asc' | 'desc' }[];
  publicUse?: boolean;
}

export interface TransactionAction {
  action: 'save' | 'link' | 'unlink' | 'delete';
  type: string;
  id: string;
  version?: string;
  fields?: Record<string, JsonValue>;
  ref?: string;
  linkToId?: string | string[];
  unlinkFromId?: string | string[];
}

export interface TransactionBody {
  actions: TransactionAction[];
}

export interface ChangeLogBody {
  type?: string;
  id: string;
  offset?: number;
  limit?: number;
}

export interface AccessLogBody {
  createdDateFrom?: string;
  createdDateTo?: string;
  userName?: string;
  objectType?: string;
  objectUUIDs?: string[];
  offset?: number;
  limit?: number;
}

export interface DownloadLogBody {
  createdDateFrom?: string;
  createdDateTo?: string;
  userName?: string;
  dokumentversjonUUIDs?: string[];
  offset?: number;
  limit?: number;
}

export interface BulkBody {
  type: string;
  id: string;
}

export interface FullTextSearchBody {
  doctype?: string;
  query: string;
  limit?: number;
  offset?: number;
  /** Default true: screened entities are neither matched by a filter nor expanded. */
  publicUse?: boolean;
  /** `<Type>.<field>` → the values, ORed; a single value stands for a list of one. */
  filters?: Record<string, FullTextFilterValue | FullTextFilterValue[]>;
  /** Entity types whose objects each hit returns in `expand`. */
  expand?: string[];
}

export type FullTextFilterValue = string | number | boolean;

/** `POST expand/folder` (the vendor's Java client, `UtvidTilSaksmappe`): a Mappe becomes a Saksmappe. */
export interface ExpandFolderBody {
  id: string;
  saksmappe?: Record<string, JsonValue>;
}

/** `POST expand/record` (`UtvidTilJournalpost`): a Basisregistrering becomes a Journalpost with its parties. */
export interface ExpandRecordBody {
  id: string;
  journalpost?: Record<string, JsonValue>;
  korrespondansepart?: Record<string, JsonValue>[];
}

/** `GET info/me`: whose token it is. */
export interface MyInfo {
  userId: string;
  [extra: string]: JsonValue | undefined;
}

export interface FullTextSetBody {
  dokumentversjonId: string;
  tekst: string;
}

// ---- Response bodies (what noarkq accepts: lenient where real deployments vary) ----
// Ids and versions are normalised to strings; fields the spec does not list are kept.

export interface EntityObject {
  type: string;
  id: string;
  version: string;
  fields: Record<string, JsonValue>;
  /** Reference name → id (or ids), normalised to strings. */
  links: Record<string, string | string[]>;
  /** Keys the spec does not list, kept as received. */
  [extra: string]: JsonValue | undefined;
}

export interface QueryResponse {
  hasMore: boolean;
  results: EntityObject[];
  [extra: string]: JsonValue | EntityObject[] | undefined;
}

export interface TransactionResponse {
  /** Temporary id (new entities) or numeric id (updated ones) → the saved entity. */
  saved: Record<string, EntityObject>;
  [extra: string]: JsonValue | Record<string, EntityObject> | undefined;
}

export interface UploadResponse {
  /** The electronic file id (`referanseDokumentfil`), as a string. */
  id: string;
  [extra: string]: JsonValue | undefined;
}

export interface DownloadResult {
  /** From the response's Content-Disposition, when it has one. */
  fileName: string | undefined;
  contentType: string | undefined;
  bytes: number;
  /** Where it was written, for a download to a path. */
  path?: string;
}

export interface CodeListValue {
  code: string;
  name?: string;
  description?: string;
  authority?: string;
  [extra: string]: JsonValue | undefined;
}

export interface CodeList {
  type: string;
  field: string;
  defaultValue?: CodeListValue | null;
  values: CodeListValue[];
  [extra: string]: JsonValue | CodeListValue | CodeListValue[] | undefined;
}

export interface BsmField {
  fieldId: string;
  fieldName?: string;
  fieldDescription?: string;
  fieldType: string;
  fieldValues?: string[];
  [extra: string]: JsonValue | undefined;
}

export interface BsmGroup {
  groupId: string;
  groupName?: string;
  groupDescription?: string;
  fields: BsmField[];
  [extra: string]: JsonValue | BsmField[] | undefined;
}

export interface ChangeLogResponse {
  results: Record<string, JsonValue>[];
  total: number;
}

export interface PagedLogResponse {
  results: Record<string, JsonValue>[];
  hasMore: boolean;
}

export interface FullTextHit {
  /** `<EntityType>.id` → ids, normalised to strings. */
  ids: Record<string, string[]>;
  /** `<EntityType>.<field>` (or `Tekst`) → snippets with `|=hlstart=|`…`|=hlstop=|` (or `|=hlend=|`). */
  highlights: Record<string, string[]>;
  /** Requested type (as the request named it) → its objects in the hit, as `query` returns them. */
  expand?: Record<string, EntityObject[]>;
  [extra: string]: JsonValue | Record<string, EntityObject[]> | undefined;
}

/** Per facet field, the number of hits with each value. */
export interface FullTextFacet {
  field: string;
  values: Record<string, number>;
  [extra: string]: JsonValue | undefined;
}

export interface FullTextResponse {
  results: FullTextHit[];
  facets: FullTextFacet[];
  total: number;
  [extra: string]: JsonValue | FullTextHit[] | FullTextFacet[] | undefined;
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
  query(body: QueryBody, options?: CallOptions): Promise<ArchiveResponse<QueryResponse>>;
  /** Every page while `hasMore`, in order, a few requests ahead, memory bounded. */
  queryAll(body: QueryBody, options?: QueryAllOptions): AsyncIterable<QueryPage>;
  transaction(body: TransactionBody, options?: CallOptions): Promise<ArchiveResponse<TransactionResponse>>;
  upload(source: UploadSource, options?: TransferOptions): Promise<ArchiveResponse<UploadResponse>>;
  download(id: string, target: DownloadTarget, options?: TransferOptions & { variant?: 'original' | 'lightpdf' }): Promise<ArchiveResponse<DownloadResult>>;

  codeLists(filter?: { type?: string; field?: string }, options?: CallOptions): Promise<ArchiveResponse<{ results: CodeList[] }>>;
  putCodeListValue(field: string, code: string, value: { name?: string; description?: string }, options?: CallOptions): Promise<ArchiveResponse<CodeListValue>>;
  deleteCodeListValue(field: string, code: string, options?: CallOptions): Promise<ArchiveResponse<null>>;

  bsmRegistry(filter?: { groupId?: string; fieldId?: string }, options?: CallOptions): Promise<ArchiveResponse<{ results: BsmGroup[] }>>;
  putBsmGroup(groupId: string, group: { groupName?: string; groupDescription?: string }, options?: CallOptions): Promise<ArchiveResponse<Omit<BsmGroup, 'fields'>>>;
  putBsmField(groupId: string, fieldId: string, field: { fieldName?: string; fieldDescription?: string; fieldType?: string; fieldValues?: string[] }, options?: CallOptions): Promise<ArchiveResponse<BsmField>>;
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
