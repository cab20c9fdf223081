/**
 * Matching request paths to the archive interface's endpoints (the table is core/api's), for
 * checking GET/POST/PUT/DELETE requests.
 */
import { apiEndpoints, apiRootPath, type EndpointDef } from '../api/apiEndpoints';

export { apiEndpoints, apiRootPath, type EndpointDef } from '../api/apiEndpoints';

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
