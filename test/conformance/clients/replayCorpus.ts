/**
 * The client replay corpus: one JSON file per client (java, csharp, php, mcp-ts), each request as
 * that client puts it on the wire — method, path and query, headers in its order and spelling,
 * body bytes (`body` exact text, `bodyLines` exact text joined by newlines, `json` serialized
 * compactly as Jackson, Newtonsoft and JSON.stringify write it, `bodyFile` a file under
 * test/conformance/files), Content-Length or chunked — with the file and line it was read from.
 * `{{name}}` in a target, header or body is a value an earlier request kept (`keep`), or `token`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const jsonValue: z.ZodType<unknown> = z.lazy(() => z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(jsonValue), z.record(z.string(), jsonValue)]));

export const replayRequestSchema = z
  .object({
    name: z.string().min(1),
    why: z.string().optional(),
    source: z.object({ repo: z.string().regex(/^[\w.-]+\/[\w.-]+$/), commit: z.string().regex(/^[0-9a-f]{40}$/), path: z.string().min(1), line: z.number().int().positive() }).strict(),
    method: z.enum(['GET', 'POST', 'PUT', 'DELETE']),
    target: z.string().startsWith('/'),
    headers: z.array(z.tuple([z.string().min(1), z.string()])),
    body: z.string().optional(),
    bodyLines: z.array(z.string()).optional(),
    json: jsonValue.optional(),
    bodyFile: z.string().optional(),
    /** How the body's length is told: a Content-Length header, or chunked transfer encoding. */
    transfer: z.enum(['content-length', 'chunked']).optional(),
    /** The status a real tenant answers. */
    status: z.number().int(),
    /** How the client reads the answer (clientReaders.ts). */
    read: z.string().min(1),
    /** Values to keep for later requests: name → dotted path in the answer. */
    keep: z.record(z.string(), z.string()).optional(),
    /** The ids the answer's results must be, exactly. */
    finds: z.array(z.string()).optional(),
    /** The name the archive keeps for an uploaded file. */
    storedName: z.string().optional(),
    /** A download's bytes must be this corpus file's. */
    sameBytesAs: z.string().optional(),
    /** After a 202, the entity [type, id] that the job deletes. */
    gone: z.tuple([z.string(), z.string()]).optional(),
    /** The temporary id whose saved entity the client reads from a transaction. */
    readKey: z.string().optional(),
    /** A search whose hits must carry highlight markers. */
    highlighted: z.boolean().optional(),
  })
  .strict()
  .refine((r) => [r.body, r.bodyLines, r.json, r.bodyFile].filter((b) => b !== undefined).length <= 1, { message: 'give at most one of body, bodyLines, json, bodyFile' });

export type ReplayRequest = z.infer<typeof replayRequestSchema>;

export const replayFileSchema = z.object({ client: z.enum(['java', 'csharp', 'php', 'mcp-ts']), about: z.string().min(1), requests: z.array(replayRequestSchema).min(1) }).strict();

export type ReplayFile = z.infer<typeof replayFileSchema>;

export const corpusDir = __dirname;
export const filesDir = join(__dirname, '..', 'files');

export function readReplayFile(name: string): ReplayFile {
  return replayFileSchema.parse(JSON.parse(readFileSync(join(corpusDir, name), 'utf8')));
}

/** `text` with every `{{name}}` replaced; an unknown name is an error in the corpus. */
export function fillTemplate(text: string, vars: ReadonlyMap<string, string>, where: string): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = vars.get(name);
    if (value === undefined) throw new Error(`${where}: {{${name}}} is used before a request keeps it`);
    return value;
  });
}

/** The body bytes as the client sends them. */
export function bodyBytes(r: ReplayRequest, vars: ReadonlyMap<string, string>): Buffer | undefined {
  if (r.bodyFile !== undefined) return readFileSync(join(filesDir, r.bodyFile));
  const text = r.body ?? (r.bodyLines ? r.bodyLines.join('\n') : r.json !== undefined ? JSON.stringify(r.json) : undefined);
  return text === undefined ? undefined : Buffer.from(fillTemplate(text, vars, r.name), 'utf8');
}

/** The value at a dotted path (`saved.jp.id`, `results.0.fields.x`), or undefined. */
export function valueAt(value: unknown, path: string): unknown {
  let here = value;
  for (const part of path.split('.')) {
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<string, unknown>)[part];
  }
  return here;
}
