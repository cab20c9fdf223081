/** What running one block gives: the request as sent, the answer, its cost, or what went wrong. */
import type { JsonValue } from '../../core/jsonValue';
import type { ExpectationOutcome, RequestKind } from '../../core/document';

export type RunFailure =
  /** The archive answered with an error status. */
  | { kind: 'archive'; message: string; status: number; errorId: string | undefined; description: string }
  /** A write whose answer was lost: it may have happened. `check` says how to find out. */
  | { kind: 'outcome-unknown'; message: string; check: string }
  | { kind: 'connection'; message: string }
  /** A 2xx answer that is not what the interface describes; `path` is its JSON path. */
  | { kind: 'response-shape'; message: string; path: string }
  | { kind: 'auth'; message: string }
  | { kind: 'cancelled'; message: string }
  /** Stopped before sending: a value nobody gave, a file that does not exist, a refused write. */
  | { kind: 'not-sent'; message: string }
  /** The answer came, and an `EXPECT` line of the block does not hold for it. */
  | { kind: 'expectation'; message: string };

/** An expectation's outcome at its line (1-based; the request's line for the implied 2xx). */
export interface LocatedOutcome extends ExpectationOutcome {
  line: number;
}

export interface BlockRunResult {
  /** The block's name; undefined for an unnamed block. */
  blockName: string | undefined;
  /** Position in the document's blocks (-1: the request above the first `###`). */
  blockIndex: number;
  /** 1-based line of the request line, for messages. */
  line: number;
  kind: RequestKind;
  ok: boolean;
  /** What was sent (no token): undefined when nothing was. */
  request?: { method: string; path: string; url: string; body?: JsonValue };
  status?: number;
  /** Response headers, lower-case names. */
  headers?: Record<string, string>;
  /** The parsed answer: the response JSON, the error body, or a download's file facts. */
  body?: JsonValue;
  durationMs: number;
  /** Bytes received. */
  bytes: number;
  /** Pages fetched by an all-pages query. */
  pages?: number;
  error?: RunFailure;
  /** Each `EXPECT` line of the block, in order (the implied 2xx first when none is about the
   * status), judged on the last answer. */
  expectations?: LocatedOutcome[];
  /** Sends of a block with `RETRY`, the last one included. */
  tries?: number;
  /** A block with `RETRY`: from its first send to its last answer, the waits between included
   * (`durationMs` is the last exchange's). */
  elapsedMs?: number;
  /** When the answer came (ms since the epoch). */
  receivedAt: number;
}
