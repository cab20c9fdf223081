/**
 * What can go wrong talking to an archive, each kind its own class so that callers (the block
 * runner, the CLI, the extension) can say exactly what happened and what to do next.
 */
import type { QueryBody } from '../../core/api/queryBodies';

/** The request that failed, as shown to the user (no token, no secret). */
export interface RequestSummary {
  method: string;
  /** Path relative to the API root, with its query string (`query`, `download?id=12`). */
  path: string;
}

/** What came with an error status besides its body. */
export interface ErrorAnswer {
  /** Lower-case names. */
  headers: Readonly<Record<string, string>>;
  /** Milliseconds, the whole exchange (the last attempt). */
  durationMs: number;
}

/** The archive answered with an error status (4xx/5xx). `errorId`/`description` come from the
 * JSON error body when there is one; a plain-text body becomes the description. */
export class ArchiveError extends Error {
  override readonly name = 'ArchiveError';
  constructor(
    readonly request: RequestSummary,
    readonly status: number,
    readonly description: string,
    readonly errorId: string | undefined,
    /** The body as received (text), for the raw view. */
    readonly body: string,
    /** Requests sent in all: more than 1 when a read was retried (429, 502, 503, 504). */
    readonly attempts: number = 1,
    /** The answer's headers and the exchange's time: an `EXPECT` line may judge a refusal by them. */
    readonly answer?: ErrorAnswer,
  ) {
    super(`${request.method} ${request.path}: ${status}${errorId ? ` (errorId ${errorId})` : ''}: ${description}${attempts > 1 ? ` (after ${attempts} attempts)` : ''}`);
  }
}

/** A write (transaction, upload, registry change, bulk) whose response was lost, cut off or not
 * what the interface describes: it may or may not have happened. Never retried automatically;
 * `check` says how to find out. */
export class OutcomeUnknownError extends Error {
  override readonly name = 'OutcomeUnknownError';
  constructor(
    readonly request: RequestSummary,
    override readonly cause: unknown,
    /** How to tell whether the write happened, e.g. a query body or a sentence. */
    readonly check: string,
    /** The `POST query` body that shows whether it happened, when one can be built. */
    readonly checkQuery?: CheckQuery,
    /** What went wrong, when not a connection failing after the request was sent (a 2xx answer
     * whose body was cut off or is not the interface's). */
    happened?: string,
  ) {
    super(`${request.method} ${request.path}: outcome unknown — ${happened ?? `the request was sent, but no answer came (${describeCause(cause)})`}. It may or may not have been carried out; ${check}`);
  }
}

/** The `POST query` body of a check: a query body with its query, parameters and limit set. */
export type CheckQuery = QueryBody & Required<Pick<QueryBody, 'query' | 'parameters' | 'limit'>>;

/** What the caller asked for cannot be sent: a missing file, an empty file name, a bad id. Nothing
 * was sent to the archive. */
export class ArchiveRequestError extends Error {
  override readonly name = 'ArchiveRequestError';
  constructor(
    readonly request: RequestSummary,
    readonly problem: string,
  ) {
    super(`${request.method} ${request.path}: ${problem}`);
  }
}

/** No usable answer: connection refused or reset, a timeout, a truncated body, after any retries. */
export class ArchiveConnectionError extends Error {
  override readonly name = 'ArchiveConnectionError';
  constructor(
    readonly request: RequestSummary,
    override readonly cause: unknown,
    readonly attempts: number,
    /** What happened in words (`nothing is listening on host:port`); the cause's own message if absent. */
    description?: string,
  ) {
    super(`${request.method} ${request.path}: ${description ?? describeCause(cause)}${attempts > 1 ? ` (after ${attempts} attempts)` : ''}`);
  }
}

/** The archive answered 2xx, but the body is not what the interface describes. `path` is the
 * JSON path of the first mismatch (`$.results[3].id`). */
export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError';
  constructor(
    readonly request: RequestSummary,
    readonly path: string,
    readonly problem: string,
    readonly body: string,
  ) {
    super(`${request.method} ${request.path}: the response does not have the expected shape at ${path}: ${problem}`);
  }
}

/** Authentication failed before any archive request: the token URL refused the credentials, or
 * a secret is missing. */
export class AuthenticationError extends Error {
  override readonly name = 'AuthenticationError';
  constructor(message: string) {
    super(message);
  }
}

/** The caller aborted (Ctrl-C, Cancel in the editor). */
export class RunCancelledError extends Error {
  override readonly name = 'RunCancelledError';
  constructor(readonly request?: RequestSummary) {
    super(request ? `${request.method} ${request.path}: cancelled` : 'cancelled');
  }
}

export function describeCause(cause: unknown): string {
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === 'string' && !cause.message.includes(code) ? `${cause.message} (${code})` : cause.message;
  }
  return String(cause);
}
