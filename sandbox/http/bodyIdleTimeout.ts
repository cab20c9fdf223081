/**
 * A request whose declared body (Content-Length or chunked) stops arriving is answered 408 once
 * nothing has come for the idle time, and its connection closed: otherwise a handler waits on it
 * for ever and the connection stays open. The time counts between chunks, not in total, so a long
 * upload that keeps sending is never cut (Node's own `requestTimeout` is total, and is turned off
 * for that reason).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendError } from './errors';

/**
 * Watches the socket rather than the request: a `data` listener on the request would start its
 * flow before the handler reads it. A body that has fully arrived (`req.complete`) but is not yet
 * read is the sandbox's delay, not the client's, and is left alone.
 */
export function limitBodyIdleTime(req: IncomingMessage, res: ServerResponse, idleMs: number): void {
  if (req.complete || !(idleMs > 0)) return;
  const declared = req.headers['content-length'];
  const socket = req.socket;
  const onData = () => timer.refresh();
  const stop = () => {
    clearTimeout(timer);
    socket.off('data', onData);
  };
  const timer = setTimeout(() => {
    stop();
    if (req.complete) return;
    if (res.headersSent) {
      socket.destroy();
      return;
    }
    const seconds = idleMs / 1000;
    const what = declared !== undefined ? `a body of ${declared} bytes` : 'a chunked body';
    sendError(req, res, 408, `The request declared ${what}, but nothing more of it came for ${seconds} s: the request is dropped.`, { Connection: 'close' });
  }, idleMs);
  timer.unref();
  socket.on('data', onData);
  req.once('end', stop);
  req.once('close', stop);
}
