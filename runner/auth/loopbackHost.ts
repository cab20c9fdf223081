/**
 * Plain http:// is refused for anything that carries a token or a secret, except to this machine:
 * a loopback address never leaves the host, so the sandbox and local test servers need no TLS.
 */

/** Whether `hostname` (as `URL.hostname` gives it: IPv6 in brackets) names this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost') return true;
  if (host === '[::1]') return true;
  // 127.0.0.0/8 as IPv4, and the same addresses mapped into IPv6 (`URL` writes those in hex).
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return true;
  const mapped = /^\[::ffff:([0-9a-f]{1,4}):[0-9a-f]{1,4}\]$/.exec(host);
  return mapped !== null && parseInt(mapped[1], 16) >> 8 === 127;
}

/** Whether sending credentials to `url` is allowed: https anywhere, http only to loopback unless
 * the environment allows it explicitly. */
export function isSecureEnough(url: URL, allowHttp: boolean): boolean {
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (allowHttp || isLoopbackHost(url.hostname));
}
