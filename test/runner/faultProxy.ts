/**
 * A fault-injecting HTTP proxy for the archive client's tests: it listens on 127.0.0.1, forwards
 * to the sandbox, and does to chosen requests what real networks and gateways do — answers late,
 * answers 503 with Retry-After, resets the connection (before or after the archive carried the
 * request out), cuts a body short, never answers, drops the error-format headers, or rewrites a
 * body — or holds a request until the archive has done something (indexed, say). Every request
 * is recorded (method, path, headers) so tests can see what the client sent.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Fault =
  /** Forward, but hold the answer this long first. */
  | { kind: 'delay'; ms: number }
  /** Answer with this status without forwarding. */
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: string }
  /** Reset the connection; `afterForwarding`: once the archive has answered (it carried the request out). */
  | { kind: 'reset'; afterForwarding: boolean }
  /** Forward, then send the headers and only the first `keepBytes` of the body before closing. */
  | { kind: 'truncate'; keepBytes: number }
  /** Read the request and never answer. */
  | { kind: 'hang' }
  /** Forward without the X-*-Error-Response-Type headers (so errors come back as text). */
  | { kind: 'stripErrorType' }
  /** Forward and rewrite the answer's body. */
  | { kind: 'rewrite'; body: (text: string) => string }
  /** Forward once `until` has settled: the archive may change first (e.g. index for full-text search). */
  | { kind: 'hold'; until: () => Promise<unknown> };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  fault: Fault['kind'] | undefined;
}

interface Rule {
  match: (method: string, path: string) => boolean;
  fault: Fault;
  remaining: number;
}

export interface FaultProxy {
  /** `http://127.0.0.1:<port>` — give the client `<url>/rms/api/public/noark5/v1`. */
  url: string;
  /** Applies `fault` to the next `times` requests (1) whose path (below the API root) matches. */
  inject(fault: Fault, options?: { path?: RegExp; method?: string; times?: number }): void;
  /** Drops the rules not yet used up. */
  clear(): void;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

const apiRoot = '/rms/api/public/noark5/v1/';

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  const rules: Rule[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  const takeFault = (method: string, path: string): Fault | undefined => {
    const rule = rules.find((r) => r.remaining > 0 && r.match(method, path));
    if (!rule) return undefined;
    rule.remaining--;
    return rule.fault;
  };

  /** Sends the request on and collects the whole answer. */
  const forward = (req: IncomingMessage, headers: IncomingHttpHeaders): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> =>
    new Promise((resolve, reject) => {
      const out = httpRequest(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...headers, host: upstream.host } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
          res.on('error', reject);
        },
      );
      out.on('error', reject);
      req.pipe(out);
    });

  const answer = (res: ServerResponse, status: number, headers: IncomingHttpHeaders, body: Buffer) => {
    const clean: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(headers)) if (value !== undefined && name !== 'transfer-encoding' && name !== 'connection' && name !== 'keep-alive') clean[name] = value;
    clean['content-length'] = String(body.length);
    res.writeHead(status, clean);
    res.end(body);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const path = url.startsWith(apiRoot) ? url.slice(apiRoot.length) : url;
    const fault = takeFault(method, path.split('?')[0]);
    requests.push({ method, path, headers: { ...req.headers }, fault: fault?.kind });
    const drain = () =>
      new Promise<void>((resolve) => {
        req.on('end', resolve);
        req.on('error', () => resolve());
        req.resume();
      });
    switch (fault?.kind) {
      case undefined: {
        const r = await forward(req, req.headers);
        answer(res, r.status, r.headers, r.body);
        return;
      }
      case 'delay': {
        const r = await forward(req, req.headers);
        await new Promise((resolve) => setTimeout(resolve, fault.ms));
        if (!res.socket?.destroyed) answer(res, r.status, r.headers, r.body);
        return;
      }
      case 'status': {
        await drain();
        const body = Buffer.from(fault.body ?? '');
        answer(res, fault.status, { 'content-type': 'text/plain', ...fault.headers }, body);
        return;
      }
      case 'reset': {
        if (fault.afterForwarding) await forward(req, req.headers);
        else await drain();
        req.socket.resetAndDestroy();
        return;
      }
      case 'truncate': {
        const r = await forward(req, req.headers);
        const headers: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(r.headers)) if (value !== undefined && name !== 'transfer-encoding') headers[name] = value;
        headers['content-length'] = String(r.body.length);
        res.writeHead(r.status, headers);
        res.write(r.body.subarray(0, Math.min(fault.keepBytes, r.body.length - 1)), () => req.socket.destroy());
        return;
      }
      case 'hang': {
        await drain();
        return;
      }
      case 'stripErrorType': {
        const headers = { ...req.headers };
        delete headers['x-service-error-response-type'];
        delete headers['x-documaster-error-response-type'];
        const r = await forward(req, headers);
        answer(res, r.status, r.headers, r.body);
        return;
      }
      case 'hold': {
        await fault.until();
        const r = await forward(req, req.headers);
        answer(res, r.status, r.headers, r.body);
        return;
      }
      case 'rewrite': {
        const r = await forward(req, req.headers);
        answer(res, r.status, r.headers, Buffer.from(fault.body(r.body.toString('utf8'))));
        return;
      }
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end('fault proxy: the archive could not be reached');
      } else res.destroy();
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    inject(fault, options = {}) {
      rules.push({
        match: (method, path) => (options.method === undefined || options.method === method) && (options.path === undefined || options.path.test(path)),
        fault,
        remaining: options.times ?? 1,
      });
    },
    clear() {
      rules.length = 0;
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
