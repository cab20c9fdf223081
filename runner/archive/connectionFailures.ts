/**
 * What a failed exchange means for the request: was it sent at all (a refused connection: surely
 * not carried out), may it be tried again (a read), or is a write's outcome unknown; and what
 * happened, in words rather than `ENOTFOUND`.
 */
import { timeLimitExceeded, type TimeLimits } from './timeLimits';

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

/**
 * Failures a later attempt may not meet (a reset, a server restarting). A time limit is not one:
 * it is how long the user chose to wait, and trying again would wait that long once more.
 */
const transientCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
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

/** Where a connection went: the host as the URL names it, and the port (the scheme's default if none). */
export interface ConnectionTarget {
  host: string;
  port: string;
}

export function connectionTarget(url: URL): ConnectionTarget {
  return { host: url.hostname, port: url.port !== '' ? url.port : url.protocol === 'https:' ? '443' : '80' };
}

const untrusted = 'is not signed by an authority this machine trusts (for a company CA, point NODE_EXTRA_CA_CERTS at its certificate file)';

/** What went wrong talking to `target`, in words; the system's own message for what has none. */
export function describeFailure(error: unknown, target: ConnectionTarget, limits: TimeLimits): string {
  const where = `${target.host}:${target.port}`;
  const code = errorCode(error);
  switch (code) {
    case 'ENOTFOUND':
      return `the host name ${target.host} could not be resolved: check the URL (or this machine's name service and VPN)`;
    case 'EAI_AGAIN':
      return `the host name ${target.host} could not be resolved just now (the name service did not answer)`;
    case 'ECONNREFUSED':
      return `nothing is listening on ${where} (connection refused): check the host and port, and that the server is running`;
    case 'ECONNRESET':
    case 'EPIPE':
      return `the connection to ${where} was reset: the archive or something between closed it abruptly`;
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
      return `the connection to ${where} was closed by the other side before the answer was complete`;
    case 'ETIMEDOUT':
      return `the connection to ${where} timed out (the operating system gave up on it)`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${target.host} cannot be reached from this machine (no route to it): check the network or VPN`;
    case 'EADDRNOTAVAIL':
      return `port ${target.port} on ${target.host} cannot be used: the address is not available to connect to`;
    case 'UND_ERR_CONNECT_TIMEOUT':
      return timeLimitExceeded('connect', limits.connectMs, where);
    case 'UND_ERR_HEADERS_TIMEOUT':
      return timeLimitExceeded('answer', limits.headersMs, where);
    case 'UND_ERR_BODY_TIMEOUT':
      return timeLimitExceeded('idle', limits.bodyMs, where);
    case 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH':
      return `the answer from ${where} ended before the length it declared`;
    case 'CERT_HAS_EXPIRED':
      return `the TLS certificate of ${target.host} has expired`;
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
      return `the TLS certificate of ${target.host} is self-signed, so it ${untrusted}`;
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
      return `the TLS certificate of ${target.host} ${untrusted}`;
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `the TLS certificate presented by ${target.host} is for another host name`;
    case 'NOARKQ_TRUNCATED_BODY':
      return error instanceof Error ? error.message : String(error);
  }
  if (badPort(error)) return `port ${target.port} cannot be used: fetch refuses it as a port reserved for another protocol; give the server another port`;
  const message = error instanceof Error ? error.message : String(error);
  return code !== undefined && !message.includes(code) ? `${message} (${code})` : message;
}

/** fetch's refusal of a port browsers block (6000, X11's; 25, SMTP's; …): `TypeError: fetch failed`, cause `bad port`. */
function badPort(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (e.message === 'bad port') return true;
  }
  return false;
}

/** A port in a URL that no server can listen on: 0, or beyond 65535 (which `URL` refuses outright). */
export function unusablePort(text: string): string | undefined {
  const port = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?(?:\[[^\]]*\]|[^/?#:]*):(\d+)(?:[/?#]|$)/i.exec(text.trim())?.[1];
  if (port === undefined) return undefined;
  const number = Number(port);
  if (number === 0) return `port 0 cannot be used: it is not a port a server listens on`;
  if (number > 65535) return `port ${port} cannot be used: ports go from 1 to 65535`;
  return undefined;
}
