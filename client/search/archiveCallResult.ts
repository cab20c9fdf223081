/**
 * One archive call made by a view (a search, a log), as the results panel shows a run: the
 * request as sent, the answer, its cost, or what went wrong. The panel then treats a search or a
 * log exactly like a block the user ran.
 */
import type { JsonValue } from '../../core/jsonValue';
import { ArchiveError, type RequestSummary } from '../../runner/archive/archiveErrors';
import type { ArchiveResponse } from '../../runner/archive/archiveApi';
import type { BlockRunResult } from '../../runner/blocks/blockRunResult';
import { toFailure } from '../../runner/blocks/runSession';

/** What a view's result has in place of a block: no name, no place in a document. */
const notABlock = { blockName: undefined, blockIndex: -1, line: 0, kind: 'http' } as const;

export function responseResult(response: ArchiveResponse<unknown>): BlockRunResult {
  return {
    ...notABlock,
    ok: true,
    request: response.request,
    status: response.status,
    headers: response.headers,
    // The client's schemas only normalise parsed JSON, so the body is JSON still.
    body: response.body as JsonValue,
    durationMs: response.durationMs,
    bytes: response.bytes,
    receivedAt: Date.now(),
  };
}

/** A failed call: the error as the panel shows a failed run, with the archive's answer if any. */
export function failureResult(error: unknown, redact: (text: string) => string = (text) => text): BlockRunResult {
  const failure = toFailure(error);
  const result: BlockRunResult = { ...notABlock, ok: false, error: { ...failure, message: redact(failure.message) }, durationMs: 0, bytes: 0, receivedAt: Date.now() };
  if (error instanceof ArchiveError) {
    result.status = error.status;
    result.body = jsonOrText(error.body);
    result.bytes = Buffer.byteLength(error.body);
  }
  const request = (error as { request?: RequestSummary } | null)?.request;
  if (request && typeof request.method === 'string' && typeof request.path === 'string') result.request = { method: request.method, path: request.path, url: request.path };
  return result;
}

/** A result that stopped before anything was sent (an entity without a uuid, a type without a log). */
export function notSentResult(message: string): BlockRunResult {
  return { ...notABlock, ok: false, error: { kind: 'not-sent', message }, durationMs: 0, bytes: 0, receivedAt: Date.now() };
}

function jsonOrText(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}
