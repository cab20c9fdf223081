/**
 * An environment's `baseUrl` may be the API root (`https://host:8083/rms/api/public/noark5/v1`,
 * as the spec calls it) or just the server (`https://host:8083`), as vendor samples and Postman
 * collections write it; both mean the same API root.
 */

import { apiRootPath } from '../archive/archiveUrl';
import { unusablePort } from '../archive/connectionFailures';

export type ApiRootResult = { ok: true; apiUrl: string } | { ok: false; problem: string };

/** The API root for `baseUrl`, without a trailing slash; or why `baseUrl` cannot be one. */
export function apiRootUrl(baseUrl: string): ApiRootResult {
  const port = unusablePort(baseUrl);
  if (port !== undefined) return { ok: false, problem: `\`${baseUrl}\`: ${port}` };
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return { ok: false, problem: `\`${baseUrl}\` is not an absolute URL: write it like \`https://arkiv.example.no:8083\`` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, problem: `\`${baseUrl}\` must start with https:// (or http://)` };
  if (url.username !== '' || url.password !== '') return { ok: false, problem: 'must not contain a user name or password: secrets never go in this file' };
  if (url.search !== '' || url.hash !== '') return { ok: false, problem: `\`${baseUrl}\` must not have a query string or fragment: it is the root that request paths are appended to` };
  const path = url.pathname.replace(/\/+$/, '');
  const at = `${path}/`.indexOf('/rms/');
  if (at >= 0) {
    const apiPart = path.slice(at);
    if (apiPart !== apiRootPath) {
      return { ok: false, problem: `\`${baseUrl}\` stops part-way into the API path or names another version: write the server only, or the whole API root \`${url.origin}${path.slice(0, at)}${apiRootPath}\`` };
    }
    return { ok: true, apiUrl: `${url.origin}${path}` };
  }
  return { ok: true, apiUrl: `${url.origin}${path}${apiRootPath}` };
}
