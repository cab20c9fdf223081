/**
 * Reading request bodies with a size limit: the limit is checked while the bytes arrive, so an
 * oversized body is refused without being held in memory.
 */
import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import { ServiceError } from './errors';

export async function readBodyText(req: IncomingMessage, maxBytes: number): Promise<string> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    throw new ServiceError(413, `The request body is ${declared} bytes; the limit is ${maxBytes} bytes.`);
  }
  // Listeners rather than `for await`: leaving that loop early destroys the request and with it the
  // socket, so the client would see a reset connection instead of the 413.
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        cleanup();
        chunks.length = 0;
        reject(new ServiceError(413, `The request body is larger than the limit of ${maxBytes} bytes.`));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks).toString('utf8'));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(new ServiceError(400, `The request body could not be read: ${error.message}.`));
    };
    const onClose = () => {
      cleanup();
      reject(new ServiceError(400, 'The request body ended before its declared length.'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/** Bytes of an unread body the server reads and drops after answering early (see below). */
export const maxDiscardedBodyBytes = 64 * 1024 * 1024;

/**
 * After an answer given before the body was read (a 401, a 413, a bad file name), the rest of the
 * body is read and dropped, and the connection stays usable: closing it while the client is still
 * sending makes the client see a reset connection instead of the answer. A client that keeps
 * sending past `maxDiscardedBodyBytes` has its connection closed.
 */
export function discardUnreadBody(req: IncomingMessage): void {
  if (req.complete) return;
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > maxDiscardedBodyBytes) req.socket.destroy();
  });
  req.resume();
}

/**
 * Why a JSON endpoint refuses this Content-Type (415), or undefined. JSON is `application/json` or
 * `application/<something>+json`, in UTF-8 (RFC 8259; a `charset` must say so). A body without a
 * Content-Type is read as JSON: the spec asks for the header and every client replayed in
 * test/conformance sends it, but refusing a hand-written request for its absence protects nothing
 * (a web page cannot send a bearer token here without a CORS preflight, which is never granted).
 */
function jsonContentTypeProblem(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const [type, ...params] = value.split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/json' && !/^application\/[\w.+-]+\+json$/.test(type)) {
    return `The body must be JSON: send \`Content-Type: application/json\` (got \`${value}\`).`;
  }
  const charset = params.find((p) => p.startsWith('charset='))?.slice('charset='.length).replace(/^"|"$/g, '');
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    return `A JSON body is UTF-8: send \`Content-Type: application/json; charset=utf-8\` or no charset (got \`${value}\`).`;
  }
  return undefined;
}

/** Deeper JSON is refused before parsing: the checks that walk a body recurse once per level,
 * and no archive request comes near this (an action's fields are two levels down). */
export const maxJsonDepth = 64;

/** The offset where `text` nests arrays/objects deeper than `maxJsonDepth`, or -1. */
function tooDeepAt(text: string): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxJsonDepth) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return -1;
}

function jsonPath(path: readonly (string | number)[]): string {
  return `$${path.map((p) => (typeof p === 'number' ? `[${p}]` : /^[A-Za-z_@#][\w@#-]*$/.test(p) ? `.${p}` : `[${JSON.stringify(p)}]`)).join('')}`;
}

/**
 * Whether a JSON text may hold, once parsed, U+0000 or an unpaired surrogate: only a `\u` escape
 * can put one there (JSON refuses raw control characters, and the body was decoded from UTF-8,
 * which never yields a lone surrogate). Most bodies have no such escape and are not walked.
 */
const mayHoldUnstorable = /\\u(?:0000|[dD][89a-fA-F])/;

/** PostgreSQL text and jsonb cannot hold U+0000 or an unpaired surrogate: say where one is. */
function unstorableText(value: unknown, path: (string | number)[]): string | undefined {
  const check = (text: string, where: string): string | undefined => {
    if (text.includes('\u0000')) return `${where} contains the NUL character (\\u0000), which the archive cannot store`;
    if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text)) return `${where} contains an unpaired UTF-16 surrogate (e.g. \\ud800): text must be valid Unicode`;
    return undefined;
  };
  if (typeof value === 'string') return check(value, `\`${jsonPath(path)}\``);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = unstorableText(value[i], [...path, i]);
      if (problem) return problem;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const problem = check(key, `The key ${JSON.stringify(key)} in \`${jsonPath(path)}\``) ?? unstorableText(item, [...path, key]);
      if (problem) return problem;
    }
  }
  return undefined;
}

/** Reads a JSON body: refuses other content types (415), oversized bodies (413), bad JSON, JSON
 * nested deeper than `maxJsonDepth` and text PostgreSQL cannot store (400). */
export async function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<{ value: unknown; text: string }> {
  const typeProblem = jsonContentTypeProblem(req.headers['content-type']);
  if (typeProblem) throw new ServiceError(415, typeProblem);
  const text = await readBodyText(req, maxBytes);
  if (text.trim() === '') throw new ServiceError(400, 'The request body is empty: send a JSON object.');
  const deep = tooDeepAt(text);
  if (deep >= 0) throw new ServiceError(400, `The request body nests arrays and objects deeper than ${maxJsonDepth} levels (at character ${deep + 1}): no archive request needs that.`);
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new ServiceError(400, `The request body is not valid JSON: ${detail}.`);
  }
  const problem = mayHoldUnstorable.test(text) ? unstorableText(value, []) : undefined;
  if (problem) throw new ServiceError(400, `${problem}.`);
  return { value, text };
}

/** Validates a parsed body with a zod schema; the 400 message names each offending path. */
export function validateBody<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.slice(0, 5).map((issue) => {
    const path = issue.path.length === 0 ? 'the body' : `\`$.${issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : p)).join('.').replace(/\.\[/g, '[')}\``;
    return `${path}: ${issue.message}`;
  });
  throw new ServiceError(400, `Invalid ${what} request: ${problems.join('; ')}.`);
}
