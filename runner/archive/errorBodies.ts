/**
 * The archive's error answers, JSON (`{errorId, description, status}`, when the error-response-type
 * headers are honoured) or plain text (when they are not, or a proxy answered), become one
 * `ArchiveError`. Whatever comes back, no token or secret is repeated in it.
 */
import { z } from 'zod';
import { ArchiveError, type RequestSummary } from './archiveErrors';

const jsonErrorSchema = z.object({
  errorId: z.union([z.string(), z.number()]).transform(String).optional(),
  description: z.string().optional(),
  message: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
  status: z.union([z.number(), z.string()]).optional(),
});

const statusTexts: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** Replaces every secret in `text` (tokens of the provider, the one just used) by `[redacted]`. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  return out;
}

/** The `ArchiveError` for an error status and the body that came with it. */
export function archiveErrorFrom(request: RequestSummary, status: number, contentType: string | undefined, rawBody: string, secrets: readonly string[]): ArchiveError {
  const body = redact(rawBody, secrets);
  const trimmed = body.trim();
  const fallback = `HTTP ${status}${statusTexts[status] ? ` ${statusTexts[status]}` : ''}`;
  const looksJson = /json/i.test(contentType ?? '') || trimmed.startsWith('{');
  if (looksJson) {
    try {
      const parsed = jsonErrorSchema.safeParse(JSON.parse(trimmed));
      if (parsed.success) {
        const e = parsed.data;
        const description = e.description ?? e.error_description ?? e.message ?? e.error;
        if (description !== undefined || e.errorId !== undefined) return new ArchiveError(request, status, description ?? fallback, e.errorId, body);
      }
    } catch {
      // Not JSON after all: read as text below.
    }
  }
  if (trimmed === '') return new ArchiveError(request, status, fallback, undefined, body);
  // The archive's text format repeats the status first (`404 Not Found: No entity has id 12.`).
  const prefixed = /^(\d{3})(?: [^:\n]*)?:\s*([\s\S]+)$/.exec(trimmed);
  const description = prefixed && Number(prefixed[1]) === status ? prefixed[2].trim() : /^\s*</.test(trimmed) ? `${fallback} (an HTML page, not the archive's error format)` : trimmed;
  return new ArchiveError(request, status, description, undefined, body);
}
