/**
 * The archive's API root and the paths under it. Environments name either the API root
 * (`https://host/rms/api/public/noark5/v1`) or, often, just the host; both work.
 */
import { apiRootPath as apiRootWithSlash } from '../../core/document/httpEndpoints';
import { unusablePort } from './connectionFailures';

/** The interface's path prefix (spec "Versioning"), as core knows it, without the trailing slash. */
export const apiRootPath = apiRootWithSlash.replace(/\/$/, '');

export interface ApiRoot {
  /** `https://host:port`, what the connection pool connects to. */
  origin: string;
  /** The API root's path without a trailing slash, e.g. `/rms/api/public/noark5/v1`. */
  basePath: string;
  /** origin + basePath. */
  url: string;
}

/** The API root of `apiUrl`: a bare base URL (empty path or `/`) gets the interface's path. */
export function resolveApiRoot(apiUrl: string): ApiRoot {
  const port = unusablePort(apiUrl);
  if (port !== undefined) throw new TypeError(`apiUrl ${JSON.stringify(apiUrl)}: ${port}`);
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    throw new TypeError(`apiUrl must be an absolute http(s) URL such as https://archive.example/rms/api/public/noark5/v1, not ${JSON.stringify(apiUrl)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`apiUrl must use http or https, not ${url.protocol} (${JSON.stringify(apiUrl)})`);
  if (url.username || url.password) throw new TypeError('apiUrl must not carry credentials: give them to the token provider');
  if (url.search || url.hash) throw new TypeError(`apiUrl must not have a query string or fragment (${JSON.stringify(apiUrl)})`);
  const path = url.pathname.replace(/\/+$/, '');
  const basePath = path === '' ? apiRootPath : path;
  return { origin: url.origin, basePath, url: url.origin + basePath };
}

/** A path segment from a caller's value (`code-lists/{field}/{code}`), encoded so it stays one segment. */
export function pathSegment(value: string): string {
  return encodeURIComponent(value);
}

/** `relative?key=value&…`, leaving out undefined values. */
export function withQuery(relative: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, value);
  const text = search.toString();
  return text ? `${relative}?${text}` : relative;
}
