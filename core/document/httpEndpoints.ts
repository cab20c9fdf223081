/**
 * The archive interface's endpoints (spec "Endpoints"), for checking GET/POST/PUT/DELETE requests.
 * `logs/download-log` is the vendor's path; the spec leaves it "not shown". `full-text/set` is the
 * vendor's (since 3.3.0); the spec does not list it.
 */
import type { HttpMethod } from './documentModel';

export interface EndpointDef {
  /** Relative to the API root; `{name}` is a path parameter. */
  path: string;
  methods: readonly HttpMethod[];
  /** Whether a JSON body is sent. */
  takesBody: boolean;
}

export const apiEndpoints: readonly EndpointDef[] = [
  { path: 'query', methods: ['POST'], takesBody: true },
  { path: 'transaction', methods: ['POST'], takesBody: true },
  { path: 'upload', methods: ['POST'], takesBody: true },
  { path: 'download', methods: ['GET'], takesBody: false },
  { path: 'bsm-registry', methods: ['GET'], takesBody: false },
  { path: 'bsm-registry/group/{groupId}', methods: ['PUT', 'DELETE'], takesBody: true },
  { path: 'bsm-registry/group/{groupId}/field/{fieldId}', methods: ['PUT', 'DELETE'], takesBody: true },
  { path: 'code-lists', methods: ['GET'], takesBody: false },
  { path: 'code-lists/{field}/{code}', methods: ['PUT', 'DELETE'], takesBody: true },
  { path: 'logs/change-log', methods: ['POST'], takesBody: true },
  { path: 'logs/access-log', methods: ['POST'], takesBody: true },
  { path: 'logs/download-log', methods: ['POST'], takesBody: true },
  { path: 'bulk/open', methods: ['POST'], takesBody: true },
  { path: 'bulk/close', methods: ['POST'], takesBody: true },
  { path: 'full-text/search', methods: ['POST'], takesBody: true },
  // In the vendor's Java client, not in the spec (vendor notes §1.5).
  { path: 'info/me', methods: ['GET'], takesBody: false },
  { path: 'expand/folder', methods: ['POST'], takesBody: true },
  { path: 'expand/record', methods: ['POST'], takesBody: true },
  { path: 'full-text/set', methods: ['POST'], takesBody: true },
  // The vendor's since 3.7.0, not in the spec (vendor notes §1.5 "bulk").
  { path: 'bulk/delete', methods: ['POST'], takesBody: true },
];

/** The interface's path prefix (spec "Versioning"). */
export const apiRootPath = '/rms/api/public/noark5/v1/';

function segments(path: string): string[] {
  return path.replace(/\/+$/, '').split('/');
}

/** A segment written as (or containing) a `{{reference}}` may stand for any parameter value. */
function segmentMatches(pattern: string, actual: string): boolean {
  if (pattern.startsWith('{')) return actual.length > 0;
  return pattern === actual || actual.includes('{{');
}

export function matchEndpoint(path: string): EndpointDef | undefined {
  const actual = segments(path);
  return apiEndpoints.find((e) => {
    const pattern = segments(e.path);
    return pattern.length === actual.length && pattern.every((p, i) => segmentMatches(p, actual[i]));
  });
}

/** Endpoint paths with their parameters filled from `path` where the shapes line up, for
 * did-you-mean (`bsm-registy/group/g1` → `bsm-registry/group/g1`). */
export function endpointCandidates(path: string): string[] {
  const actual = segments(path);
  return apiEndpoints.map((e) => {
    const pattern = segments(e.path);
    if (pattern.length !== actual.length) return e.path;
    return pattern.map((p, i) => (p.startsWith('{') ? actual[i] : p)).join('/');
  });
}

/** The path relative to the API root for an absolute path or URL, or undefined when it cannot
 * be told (a URL that does not contain the API root). */
export function relativeToApiRoot(path: string): string | undefined {
  const at = path.indexOf(apiRootPath);
  if (at !== -1) return path.slice(at + apiRootPath.length);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) return undefined;
  return path.replace(/^\/+/, '');
}
