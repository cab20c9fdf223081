/**
 * A faulty archive for the client's wire tests: a raw TCP server on 127.0.0.1 that reads each
 * HTTP/1.1 request whole and then does what it was told for that path — a good JSON answer, a
 * 200 whose body is not JSON, cut short or reset after the status line, an answer that never
 * comes or stalls mid-body. It speaks just enough HTTP for undici, on a socket of its own per
 * request (`Connection: close`), so a fault can never leak into the next request. Every request
 * is counted by path, which is what "sent exactly once" is checked by.
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';

export type Behaviour =
  /** A proper answer. */
  | { kind: 'json'; status?: number; body: unknown }
  /** 200 with this text as an `application/json` body (not JSON, or JSON of the wrong shape). */
  | { kind: 'text'; body: string }
  /** 200 with a `Content-Length` of the whole body, then only the first `keepBytes` and an end. */
  | { kind: 'truncated'; body: unknown; keepBytes: number }
  /** The status line and headers of a 200, then a reset (RST) before any body. */
  | { kind: 'resetAfterStatus' }
  /** A reset before anything is answered. */
  | { kind: 'reset' }
  /** Read the request, never answer. */
  | { kind: 'hang' }
  /** The headers and the first `keepBytes` of the body, then silence. */
  | { kind: 'stall'; body: unknown; keepBytes: number };

export interface FaultyServer {
  /** `http://127.0.0.1:<port>`; the client appends the API root. */
  url: string;
  /** What the next requests to `path` (below the API root, without its query) get, in order; after them, `fallback`. */
  script(path: string, behaviours: Behaviour[], fallback?: Behaviour): void;
  /** Requests received per path (below the API root), read whole. */
  count(path: string): number;
  close(): Promise<void>;
}

const apiRoot = '/rms/api/public/noark5/v1/';

export async function startFaultyServer(): Promise<FaultyServer> {
  const scripts = new Map<string, { queue: Behaviour[]; fallback: Behaviour | undefined }>();
  const counts = new Map<string, number>();
  const sockets = new Set<Socket>();

  const answer = (socket: Socket, behaviour: Behaviour): void => {
    const head = (status: number, length: number) => `HTTP/1.1 ${status} ${status === 200 ? 'OK' : 'Status'}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;
    switch (behaviour.kind) {
      case 'json': {
        const body = Buffer.from(JSON.stringify(behaviour.body));
        socket.end(Buffer.concat([Buffer.from(head(behaviour.status ?? 200, body.length)), body]));
        return;
      }
      case 'text': {
        const body = Buffer.from(behaviour.body);
        socket.end(Buffer.concat([Buffer.from(head(200, body.length)), body]));
        return;
      }
      case 'truncated': {
        const body = Buffer.from(JSON.stringify(behaviour.body));
        socket.end(Buffer.concat([Buffer.from(head(200, body.length)), body.subarray(0, behaviour.keepBytes)]));
        return;
      }
      case 'stall': {
        const body = Buffer.from(JSON.stringify(behaviour.body));
        socket.write(Buffer.concat([Buffer.from(head(200, body.length)), body.subarray(0, behaviour.keepBytes)]));
        return;
      }
      case 'resetAfterStatus':
        // Written, then reset once it has left: the client sees the status line, then a reset.
        socket.write(head(200, 64), () => socket.resetAndDestroy());
        return;
      case 'reset':
        socket.resetAndDestroy();
        return;
      case 'hang':
        return;
    }
  };

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffered = Buffer.alloc(0);
    let handled = false;
    socket.on('data', (chunk: Buffer) => {
      if (handled) return;
      buffered = Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) return;
      const lines = buffered.subarray(0, end).toString('latin1').split('\r\n');
      const headers = new Map(lines.slice(1).map((l) => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const body = buffered.subarray(end + 4);
      const length = Number(headers.get('content-length') ?? 0);
      const chunked = /chunked/i.test(headers.get('transfer-encoding') ?? '');
      // Only a request read whole counts: an upload cut off on the way was not received.
      if (chunked ? !body.includes('0\r\n\r\n') : body.length < length) return;
      handled = true;
      const target = (lines[0].split(' ')[1] ?? '').split('?')[0];
      const path = target.startsWith(apiRoot) ? target.slice(apiRoot.length) : target;
      counts.set(path, (counts.get(path) ?? 0) + 1);
      const script = scripts.get(path);
      const behaviour = script?.queue.shift() ?? script?.fallback ?? { kind: 'json', status: 404, body: { errorId: 'e404', description: `nothing at ${path}`, status: 404 } };
      answer(socket, behaviour);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    script(path, behaviours, fallback) {
      scripts.set(path, { queue: [...behaviours], fallback });
    },
    count: (path) => counts.get(path) ?? 0,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
