/**
 * The archive's error answers, JSON (`{errorId, description, status}`, when the error-response-type
 * headers are honoured) or plain text (when they are not, or a proxy answered), become one
 * `ArchiveError`. Whatever comes back, no token or secret is repeated in it.
 */
import { STATUS_CODES } from 'node:http';
import { errorBodySchema } from '../../core/api';
import { redact } from '../../core/text/secretRedaction';
import { ArchiveError, type ErrorAnswer, type RequestSummary } from './archiveErrors';

/** The `ArchiveError` for an error status and the body that came with it. */
export function archiveErrorFrom(request: RequestSummary, status: number, contentType: string | undefined, rawBody: string, secrets: readonly string[], attempts = 1, answer?: ErrorAnswer): ArchiveError {
  const body = redact(rawBody, secrets);
  const trimmed = body.trim();
  const fallback = `HTTP ${status}${STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : ''}`;
  const looksJson = /json/i.test(contentType ?? '') || trimmed.startsWith('{');
  if (looksJson) {
    try {
      const parsed = errorBodySchema.safeParse(JSON.parse(trimmed));
      if (parsed.success) {
        const e = parsed.data;
        const description = e.description ?? e.error_description ?? e.message ?? e.error;
        if (description !== undefined || e.errorId !== undefined) return new ArchiveError(request, status, description ?? fallback, e.errorId, body, attempts, answer);
      }
    } catch {
      // Not JSON after all: read as text below.
    }
  }
  if (trimmed === '') return new ArchiveError(request, status, fallback, undefined, body, attempts, answer);
  // The archive's text format repeats the status first (`404 Not Found: No entity has id 12.`).
  const prefixed = /^(\d{3})(?: [^:\n]*)?:\s*([\s\S]+)$/.exec(trimmed);
  const description = prefixed && Number(prefixed[1]) === status ? prefixed[2].trim() : /^\s*</.test(trimmed) ? `${fallback} (an HTML page, not the archive's error format)` : trimmed;
  return new ArchiveError(request, status, description, undefined, body, attempts, answer);
}
