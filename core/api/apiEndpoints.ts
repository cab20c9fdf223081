/**
 * The archive interface's endpoints (spec "Endpoints"). `logs/download-log` is the vendor's path;
 * the spec leaves it "not shown". `full-text/set` is the vendor's (since 3.3.0); the spec does not
 * list it. Zod-free: the checker reads this table; `endpointBodies.ts` gives each its schemas.
 */
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface EndpointDef {
  /** Relative to the API root; `{name}` is a path parameter. */
  path: string;
  methods: readonly ApiMethod[];
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
