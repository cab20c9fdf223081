/**
 * Error responses. The archive answers errors as plain text unless the client asks for JSON with
 * `X-Service-Error-Response-Type: application/json` (the spec's name) or the vendor's
 * `X-Documaster-Error-Response-Type`; the JSON shape is the vendor's `{errorId, description, status}`.
 */
import { randomUUID } from 'node:crypto';
import { errorResponseTypeHeaders, type ErrorBody } from '../../core/api';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';

/** An error a handler throws to answer the request with `status` and a message for the user. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}


export function wantsJsonErrors(req: IncomingMessage): boolean {
  return errorResponseTypeHeaders.some((name) => {
    const value = req.headers[name];
    const text = Array.isArray(value) ? value.join(',') : (value ?? '');
    return text.toLowerCase().includes('application/json');
  });
}


export function sendError(req: IncomingMessage, res: ServerResponse, status: number, description: string, headers: Readonly<Record<string, string>> = {}): void {
  if (res.headersSent) {
    // Too late for a status: cut the response so the client sees a failure, not a short body.
    res.destroy();
    return;
  }
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (wantsJsonErrors(req)) {
    const body: ErrorBody = { errorId: randomUUID(), description, status };
    const text = JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  } else {
    const text = `${status} ${STATUS_CODES[status] ?? 'Error'}: ${description}`;
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  }
}

