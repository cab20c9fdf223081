/**
 * A small router over Node's `http`: exact paths (relative to the API root or absolute), one
 * handler per method. Modules register their routes; unknown paths get 404 and known paths with
 * another method 405, both with a message naming the problem.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Account } from '../auth/accounts';
import { ServiceError } from './errors';

export const apiRoot = '/rms/api/public/noark5/v1';

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** The authenticated account; set for every route that requires authentication. */
  account: Account;
}

export interface UnauthenticatedContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
}

export type RouteHandler = (ctx: RequestContext) => Promise<void>;
export type PublicRouteHandler = (ctx: UnauthenticatedContext) => Promise<void>;

export type Route =
  | { method: string; path: string; auth: true; handler: RouteHandler }
  | { method: string; path: string; auth: false; handler: PublicRouteHandler };

export class Router {
  private readonly routes = new Map<string, Map<string, Route>>();

  /** A route under the API root, e.g. `api('POST', '/query', handler)`; it requires a bearer token. */
  api(method: string, path: string, handler: RouteHandler): void {
    this.add({ method, path: apiRoot + path, auth: true, handler });
  }

  /** A route at an absolute path that needs no token (the OAuth2 token endpoint). */
  open(method: string, path: string, handler: PublicRouteHandler): void {
    this.add({ method, path, auth: false, handler });
  }

  private add(route: Route): void {
    let byMethod = this.routes.get(route.path);
    if (!byMethod) this.routes.set(route.path, (byMethod = new Map()));
    if (byMethod.has(route.method)) throw new Error(`route ${route.method} ${route.path} is registered twice`);
    byMethod.set(route.method, route);
  }

  /** The route for a request, or a ServiceError (404/405) that says what exists. */
  match(method: string, pathname: string): Route {
    const normalized = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
    const byMethod = this.routes.get(normalized);
    if (!byMethod) {
      const hint = normalized.startsWith(apiRoot)
        ? ` Endpoints: ${[...this.routes.keys()].filter((p) => p.startsWith(apiRoot)).map((p) => p.slice(apiRoot.length)).sort().join(', ')}.`
        : ` The API root is ${apiRoot}; tokens come from /oauth2/token.`;
      throw new ServiceError(404, `Unknown endpoint ${method} ${pathname}.${hint}`);
    }
    const route = byMethod.get(method);
    if (!route) {
      const allowed = [...byMethod.keys()].sort().join(', ');
      throw new ServiceError(405, `${pathname} does not take ${method}; use ${allowed}.`, { Allow: allowed });
    }
    return route;
  }
}
