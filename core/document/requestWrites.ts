/**
 * Which requests change the archive: a write is never sent twice (no `RETRY`, no automatic
 * retries) and is confirmed in a protected environment. The checker and the runner both decide it
 * here, so a `RETRY` the checker accepts is one the runner performs.
 */
import type { RequestSyntax } from './documentModel';
import { relativeToApiRoot } from './httpEndpoints';

/** Paths whose requests are sent with POST but only read. */
const readingPostPaths = [/^query$/, /^logs\/(change|access|download)-log$/, /^full-text\/search$/];

/** Whether `method path` (the path relative to the API root, query string allowed) changes the archive. */
export function httpRequestWrites(method: string, path: string): boolean {
  if (method === 'GET') return false;
  const bare = path.split('?')[0].replace(/\/+$/, '');
  return !(method === 'POST' && readingPostPaths.some((p) => p.test(bare)));
}

/** Whether the request as written changes the archive; undefined when that cannot be told (no
 * path, an unknown request line). */
export function requestWrites(request: RequestSyntax): boolean | undefined {
  switch (request.kind) {
    case 'query':
    case 'download':
      return false;
    case 'transaction':
    case 'upload':
      return true;
    case 'http': {
      if (request.method === 'GET') return false;
      const path = request.path ? relativeToApiRoot(request.path.text) : undefined;
      return path === undefined ? undefined : httpRequestWrites(request.method, path);
    }
    case 'unknown':
      return undefined;
  }
}
