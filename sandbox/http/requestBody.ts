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
    req.resume();
    throw new ServiceError(413, `The request body is ${declared} bytes; the limit is ${maxBytes} bytes.`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) {
      req.resume();
      throw new ServiceError(413, `The request body is larger than the limit of ${maxBytes} bytes.`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function isJsonContentType(value: string | undefined): boolean {
  if (!value) return true;
  const type = value.split(';')[0].trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
}

/** Reads a JSON body: refuses other content types (415), oversized bodies (413) and bad JSON (400). */
export async function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<{ value: unknown; text: string }> {
  if (!isJsonContentType(req.headers['content-type'])) {
    req.resume();
    throw new ServiceError(415, `The body must be JSON: send \`Content-Type: application/json\` (got \`${req.headers['content-type']}\`).`);
  }
  const text = await readBodyText(req, maxBytes);
  if (text.trim() === '') throw new ServiceError(400, 'The request body is empty: send a JSON object.');
  try {
    return { value: JSON.parse(text) as unknown, text };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new ServiceError(400, `The request body is not valid JSON: ${detail}.`);
  }
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
