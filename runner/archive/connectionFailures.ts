/**
 * What a failed exchange means for the request: was it sent at all (a refused connection: surely
 * not carried out), may it be tried again (a read), or is a write's outcome unknown.
 */

/** Failures while connecting: nothing of the request reached the archive. */
const beforeSendingCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** Failures a later attempt may not meet (a reset, a timeout, a server restarting). */
const transientCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  'UND_ERR_CLOSED',
  'NOARKQ_TRUNCATED_BODY',
]);

export function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

export function failedBeforeSending(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && beforeSendingCodes.has(code);
}

export function isTransient(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && transientCodes.has(code);
}

/** A body that ended before its `Content-Length` (undici does not always say so itself). */
export class TruncatedBodyError extends Error {
  readonly code = 'NOARKQ_TRUNCATED_BODY';
  constructor(received: number, declared: number) {
    super(`the response body ended after ${received} of ${declared} bytes`);
    this.name = 'TruncatedBodyError';
  }
}
