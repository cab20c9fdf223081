/**
 * A small router over Node's `http`: exact paths (relative to the API root or absolute), one
 * handler per method. A path segment written `{name}` matches any one non-empty segment, whose
 * decoded text the handler gets in `params` (e.g. `/code-lists/{field}/{code}`); exact paths win.
 * Modules register their routes; unknown paths get 404 and known paths with another method 405,
 * both with a message naming the problem.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Account } from '../auth/accounts';
import type { SqlSession } from '../store/database';
import { ServiceError } from './errors';

export const apiRoot = '/rms/api/public/noark5/v1';

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** The authenticated account; set for every route that requires authentication. */
  account: Account;
  /** The decoded `{name}` segments of a pattern route. */
  params?: Readonly<Record<string, string>>;
  /**
   * Confirms the bearer token inside the request's SQL transaction, before it writes: a route
   * registered with `confirmsToken` may be called with a token this process checked before and
   * takes on trust until then (bearerAuth.ts); a no-op where the token was checked in full.
   */
  confirmToken(session: SqlSession): Promise<void>;
}

export interface UnauthenticatedContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
}

export type RouteHandler = (ctx: RequestContext) => Promise<void>;
export type PublicRouteHandler = (ctx: UnauthenticatedContext) => Promise<void>;

export interface ApiRouteOptions {
  /** The handler calls `confirmToken` inside its SQL transaction before anything is written. */
  confirmsToken?: boolean;
}

export type Route =
  | { method: string; path: string; auth: true; handler: RouteHandler; confirmsToken?: boolean }
  | { method: string; path: string; auth: false; handler: PublicRouteHandler };

interface PathPattern {
  path: string;
  /** Literal segments as text, `{name}` segments as their name in an object. */
  segments: (string | { param: string })[];
}

function parsePattern(path: string): PathPattern | undefined {
  if (!path.includes('{')) return undefined;
  const segments = path
    .split('/')
    .slice(1)
    .map((s) => (/^\{\w+\}$/.test(s) ? { param: s.slice(1, -1) } : s));
  return { path, segments };
}

/** The params of `pathname` under `pattern`, or undefined when it does not match. */
function matchPattern(pattern: PathPattern, pathname: string): Record<string, string> | undefined {
  const parts = pathname.split('/').slice(1);
  if (parts.length !== pattern.segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const segment = pattern.segments[i];
    if (typeof segment === 'string') {
      if (segment !== parts[i]) return undefined;
    } else {
      if (parts[i] === '') return undefined;
      try {
        params[segment.param] = decodeURIComponent(parts[i]);
      } catch {
        throw new ServiceError(400, `The path segment "${parts[i]}" is not valid percent-encoding.`);
      }
    }
  }
  return params;
}

export class Router {
  private readonly routes = new Map<string, Map<string, Route>>();
  private readonly patterns: PathPattern[] = [];

  /** A route under the API root, e.g. `api('POST', '/query', handler)`; it requires a bearer token. */
  api(method: string, path: string, handler: RouteHandler, options: ApiRouteOptions = {}): void {
    this.add({ method, path: apiRoot + path, auth: true, handler, confirmsToken: options.confirmsToken });
  }

  /** A route at an absolute path that needs no token (the OAuth2 token endpoint). */
  open(method: string, path: string, handler: PublicRouteHandler): void {
    this.add({ method, path, auth: false, handler });
  }

  private add(route: Route): void {
    let byMethod = this.routes.get(route.path);
    if (!byMethod) {
      this.routes.set(route.path, (byMethod = new Map()));
      const pattern = parsePattern(route.path);
      if (pattern) this.patterns.push(pattern);
    }
    if (byMethod.has(route.method)) throw new Error(`route ${route.method} ${route.path} is registered twice`);
    byMethod.set(route.method, route);
  }

  /** The route for a request, or a ServiceError (404/405) that says what exists. */
  match(method: string, pathname: string): Route {
    const normalized = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
    let byMethod = this.routes.get(normalized);
    let params: Record<string, string> | undefined;
    if (!byMethod) {
      for (const pattern of this.patterns) {
        params = matchPattern(pattern, normalized);
        if (params) {
          byMethod = this.routes.get(pattern.path);
          break;
        }
      }
    }
    if (!byMethod) {
      const hint = normalized.startsWith(apiRoot)
        ? ` Endpoints: ${[...this.routes.keys()].filter((p) => p.startsWith(apiRoot)).map((p) => p.slice(apiRoot.length)).sort().join(', ')}.`
        : ` The API root is ${apiRoot}; tokens come from /idp/oauth2/token.`;
      throw new ServiceError(404, `Unknown endpoint ${method} ${pathname}.${hint}`);
    }
    const route = byMethod.get(method);
    if (!route) {
      const allowed = [...byMethod.keys()].sort().join(', ');
      throw new ServiceError(405, `${pathname} does not take ${method}; use ${allowed}.`, { Allow: allowed });
    }
    if (!params || !route.auth) return route;
    const { handler } = route;
    const found = params;
    return { ...route, handler: (ctx: RequestContext) => handler({ ...ctx, params: found }) };
  }
}
