/** Success responses. */
import type { ServerResponse } from 'node:http';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): void {
  // Encoded once: its length and the bytes sent come from the same pass over a page of 200 kB.
  const bytes = Buffer.from(JSON.stringify(body), 'utf8');
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': bytes.length });
  res.end(bytes);
}

export function sendEmpty(res: ServerResponse, status: number): void {
  res.writeHead(status);
  res.end();
}
