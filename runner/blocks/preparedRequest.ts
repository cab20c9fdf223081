/**
 * A block turned into the exact request it sends: variables and `{{references}}` resolved,
 * QUERY serialised as the checker and `noarkq/queryRequestBody` describe it, paths made absolute.
 * Pure apart from the file system path arithmetic, so it is tested without an archive.
 */
import { isAbsolute, resolve as resolvePath } from 'node:path';
import type { DocumentBlock, NoarkqDocument, RequestSyntax, ValueResolver } from '../../core/document';
import { httpRequestWrites, relativeToApiRoot } from '../../core/document';
import type { JsonValue } from '../../core/jsonValue';
import { queryParameterNames, serializeQuery } from '../../core/query';
import type { GenericRequest, QueryBody, TransactionBody } from '../archive/archiveApi';

export type PreparedRequest =
  | { kind: 'query'; body: QueryBody }
  | { kind: 'transaction'; body: TransactionBody }
  | { kind: 'upload'; path: string; fileName: string | undefined }
  | { kind: 'download'; id: string; target: string | undefined }
  | { kind: 'http'; request: GenericRequest };

/** `missing`: names nothing defines, to be asked for; `error`: the request cannot be built. */
export type Preparation = { ok: true; request: PreparedRequest } | { ok: false; missing: string[] } | { ok: false; error: string };

/** How to describe a block in messages: its name, or where it is. */
export function blockLabel(block: DocumentBlock): string {
  if (block.parsed.name) return `block \`${block.parsed.name.text}\``;
  return block.index < 0 ? 'the request above the first `###`' : `block ${block.index + 1}`;
}

/** Whether the request changes the archive: never retried, and confirmed in a protected environment. */
export function isWrite(request: PreparedRequest): boolean {
  switch (request.kind) {
    case 'query':
    case 'download':
      return false;
    case 'transaction':
    case 'upload':
      return true;
    case 'http':
      return httpRequestWrites(request.request.method, request.request.path);
  }
}

/** Deletes and bulk status changes: in a protected environment they need the environment's name typed. */
export function isDestructive(request: PreparedRequest): boolean {
  if (request.kind === 'transaction') return request.body.actions.some((a) => a.action === 'delete');
  if (request.kind !== 'http') return false;
  return request.request.method === 'DELETE' || /^bulk\//.test(request.request.path);
}

/** A one-line description of what the request does, for confirmations and progress. */
export function describeRequest(request: PreparedRequest): string {
  switch (request.kind) {
    case 'query':
      return `POST query (${request.body.type})`;
    case 'transaction': {
      const counts = new Map<string, number>();
      for (const a of request.body.actions) counts.set(a.action, (counts.get(a.action) ?? 0) + 1);
      return `POST transaction (${[...counts].map(([action, n]) => `${n} ${action}`).join(', ')})`;
    }
    case 'upload':
      return `POST upload (${request.fileName ?? request.path})`;
    case 'download':
      return `GET download?id=${request.id}`;
    case 'http':
      return `${request.request.method} ${request.request.path}`;
  }
}

export interface PrepareContext {
  doc: NoarkqDocument;
  block: DocumentBlock;
  resolver: ValueResolver;
  /** Folder of the `.noarkq` file: UPLOAD and DOWNLOAD TO paths are relative to it. */
  baseDir: string;
}

class Missing {
  constructor(readonly names: string[]) {}
}
class Failure {
  constructor(readonly message: string) {}
}

export function prepareRequest(context: PrepareContext): Preparation {
  const { block } = context;
  const request = block.parsed.request;
  if (!request) return { ok: false, error: `${capitalise(blockLabel(block))} holds no request.` };
  try {
    return { ok: true, request: build(context, request) };
  } catch (problem) {
    if (problem instanceof Missing) return { ok: false, missing: problem.names };
    if (problem instanceof Failure) return { ok: false, error: `${capitalise(blockLabel(block))}: ${problem.message}` };
    throw problem;
  }
}

function build(context: PrepareContext, request: RequestSyntax): PreparedRequest {
  const { resolver } = context;
  const text = (written: string): string => {
    const value = take(resolver.substitute(written));
    return typeof value === 'string' ? value : JSON.stringify(value);
  };
  switch (request.kind) {
    case 'query': {
      const values = new Map<string, JsonValue>();
      const missing: string[] = [];
      for (const name of queryParameterNames(request.query)) {
        const resolved = resolver.variable(name);
        if ('error' in resolved) throw new Failure(resolved.error);
        if ('missing' in resolved) missing.push(name);
        else values.set(name, resolved.value);
      }
      if (missing.length > 0) throw new Missing(missing);
      return { kind: 'query', body: serializeQuery(request.query, values) as QueryBody };
    }
    case 'transaction': {
      const written = jsonBody(request.body, 'TRANSACTION');
      const body = take(resolver.substituteJson(written));
      const actions = Array.isArray(body) ? body : body !== null && typeof body === 'object' ? body.actions : undefined;
      if (!Array.isArray(actions)) throw new Failure('a TRANSACTION body is `{"actions": [...]}` or a bare array of actions.');
      // Sent as written (the archive judges the actions; the checker already has): only the bare
      // array form is wrapped into the interface's object.
      return { kind: 'transaction', body: { ...(Array.isArray(body) ? {} : (body as object)), actions } as unknown as TransactionBody };
    }
    case 'upload': {
      if (!request.path) throw new Failure('UPLOAD needs the path of the file to send.');
      const path = text(request.path.text);
      return { kind: 'upload', path: isAbsolute(path) ? path : resolvePath(context.baseDir, path), fileName: request.fileName ? text(request.fileName.text) : undefined };
    }
    case 'download': {
      if (!request.id) throw new Failure('DOWNLOAD needs the file id (`referanseDokumentfil`) or a `{{reference}}` to it.');
      const id = text(request.id.text);
      const target = request.target ? text(request.target.text) : undefined;
      return { kind: 'download', id, target: target === undefined ? undefined : isAbsolute(target) ? target : resolvePath(context.baseDir, target) };
    }
    case 'http': {
      if (!request.target) throw new Failure(`${request.method} needs a path, e.g. \`${request.method} code-lists\`.`);
      const target = text(request.target.text);
      const path = relativeToApiRoot(target);
      if (path === undefined) throw new Failure(`\`${target}\` is outside the archive's API: write the path relative to the API root, e.g. \`code-lists?type=Journalpost\`.`);
      const body = request.body ? take(resolver.substituteJson(jsonBody(request.body, request.method))) : undefined;
      return { kind: 'http', request: { method: request.method, path, ...(body === undefined ? {} : { body }) } };
    }
    case 'unknown':
      throw new Failure(`\`${request.keyword.text}\` is not a request: use QUERY, TRANSACTION, UPLOAD, DOWNLOAD, GET, POST, PUT or DELETE.`);
  }
}

function jsonBody(body: { value: JsonValue | undefined; hasSyntaxErrors: boolean } | undefined, what: string): JsonValue {
  if (!body) throw new Failure(`${what} needs a JSON body.`);
  if (body.hasSyntaxErrors || body.value === undefined) throw new Failure(`the ${what} body is not valid JSON.`);
  return body.value;
}

function take(resolution: { value: JsonValue } | { missing: string } | { error: string }): JsonValue {
  if ('error' in resolution) throw new Failure(resolution.error);
  if ('missing' in resolution) throw new Missing([resolution.missing]);
  return resolution.value;
}

/** A label at the start of a sentence. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
