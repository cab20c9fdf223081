/**
 * A block as the one HTTP request the runner would send, described for code generators: the URL,
 * the headers every call carries, the body (JSON, or the file of an UPLOAD), how the environment
 * gets its token, and the values left as placeholders. Built with the runner's own
 * `prepareRequest`, so the code sends what `noarkq run` sends.
 *
 * Values are resolved as a run resolves them. What only a run can know — a `{{block.path}}`
 * reference to an earlier response, a value nothing defines — is taken from the last run when the
 * caller asks for that and has it, and is otherwise left as a named placeholder: a string that
 * stands for the value (`placeholderMark`) and that each generator writes as a variable of its own.
 * Variables written as literals in the file or the environment are values, not placeholders.
 */
import { basename, dirname } from 'node:path';
import { referencePathText, ValueResolver, type DocumentBlock, type NoarkqDocument, type RecordedResponse, type Resolution, type ValueSources } from '../../core/document';
import type { ReferenceOccurrence } from '../../core/document';
import type { JsonValue } from '../../core/jsonValue';
import { jsonErrorRequestHeaders } from '../../core/api';
import { uploadDisposition } from '../archive/fileTransfer';
import { pathSegment, resolveApiRoot, withQuery } from '../archive/archiveUrl';
import { blockLabel, capitalise, prepareRequest } from '../blocks/preparedRequest';
import { secretEnvironmentVariables } from '../environments/environmentSecrets';
import type { Environment } from '../environments/environmentsSchema';

export type CodeMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** How the environment gets its bearer token; secrets are named by the variable that holds them. */
export type CodeAuth =
  | { kind: 'none' }
  | { kind: 'token'; tokenVariable: string }
  | {
      kind: 'client_credentials' | 'password';
      tokenUrl: string;
      clientId: string;
      /** `basic`: HTTP Basic; `body`: client_id and client_secret as form fields; `none`: client_id alone (password grant). */
      clientAuth: 'basic' | 'body' | 'none';
      scope: string | undefined;
      /** The variable holding the client secret; undefined for a public client. */
      clientSecretVariable: string | undefined;
      /** The password grant's user and the variable holding the password. */
      user?: string;
      passwordVariable?: string;
    };

export interface CodePlaceholder {
  /** What the placeholder is named after: a variable (`entry`) or a reference path (`findCase.results[0].id`). */
  name: string;
  /** Where the file takes the value from, for the comment beside it (`@entry = {{register.saved.jp.id}}`). */
  source: string;
  /** The text the placeholder holds until the user fills it in. */
  example: string;
}

export type CodeBody =
  /** JSON sent as `application/json`; strings may hold placeholder marks. */
  | { kind: 'json'; value: JsonValue }
  /** A file sent as `application/octet-stream` with a Content-Disposition naming it, as UPLOAD sends it. */
  | { kind: 'file'; path: string; contentDisposition: string };

export interface CodeRequest {
  /** `block \`findCase\` of integration-flow.noarkq`, for the comment at the top. */
  title: string;
  environment: string;
  method: CodeMethod;
  /** The full URL; may hold placeholder marks. */
  url: string;
  /** Sent with every call: Accept and both error-response-type headers (core/api/headers.ts). */
  headers: readonly (readonly [string, string])[];
  body: CodeBody | undefined;
  /** DOWNLOAD: the answer is a file, written here. */
  saveTo: string | undefined;
  auth: CodeAuth;
  placeholders: readonly CodePlaceholder[];
}

export type ValueSource =
  /** Every value that needs a run is a placeholder. */
  | { kind: 'placeholders' }
  /** References read these responses (the last run of each block); what they lack is a placeholder. */
  | { kind: 'last-run'; responses: ReadonlyMap<string, RecordedResponse> };

export interface CodeRequestContext {
  document: NoarkqDocument;
  block: DocumentBlock;
  /** The `.noarkq` file's path: UPLOAD and DOWNLOAD TO paths are relative to its folder. */
  filePath: string;
  environment: Environment;
  values: ValueSource;
  /** Values the user gave in this session (`--var`); they rank with the environment's variables. */
  supplied?: Readonly<Record<string, JsonValue>>;
}

export type CodeRequestResult = { ok: true; request: CodeRequest } | { ok: false; error: string };

/** Placeholder `index` inside a string. Private-use characters: no archive value holds them. */
export function placeholderMark(index: number): string {
  return `\uE000${index}\uE001`;
}

/** Placeholder `index` inside a URL's query or path, whose value the code percent-encodes there,
 * as the runner's client encodes the value it has. */
function encodedPlaceholderMark(index: number): string {
  return `\uE002${index}\uE001`;
}

const markPattern = /([\uE000\uE002])(\d+)\uE001/g;

/** A placeholder in a string; `encoded` when the code percent-encodes its value there. */
export interface PlaceholderPart {
  placeholder: number;
  encoded: boolean;
}

/** `text` cut into literal text and placeholders (by index), in order; literal parts are never empty. */
export function splitPlaceholders(text: string): (string | PlaceholderPart)[] {
  const parts: (string | PlaceholderPart)[] = [];
  let at = 0;
  for (const match of text.matchAll(markPattern)) {
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push({ placeholder: Number(match[2]), encoded: match[1] === '\uE002' });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/** `text` (literal parts and placeholders) as one component of a URL: the literal parts
 * percent-encoded now, each placeholder's value by the code. */
function urlComponent(text: string): string {
  return splitPlaceholders(text)
    .map((part) => (typeof part === 'string' ? encodeURIComponent(part) : encodedPlaceholderMark(part.placeholder)))
    .join('');
}

/** Whether `text` holds a placeholder whose value the code percent-encodes. */
export function hasEncodedPlaceholder(text: string): boolean {
  return splitPlaceholders(text).some((part) => typeof part !== 'string' && part.encoded);
}

/** Whether `value` holds a placeholder anywhere. */
export function hasPlaceholder(value: JsonValue | undefined): boolean {
  if (typeof value === 'string') return splitPlaceholders(value).some((p) => typeof p !== 'string');
  if (Array.isArray(value)) return value.some(hasPlaceholder);
  if (value !== null && typeof value === 'object') return Object.values(value).some(hasPlaceholder);
  return false;
}

/** The request `context.block` sends, for code; an error says why there is none. */
export function describeCodeRequest(context: CodeRequestContext): CodeRequestResult {
  const { document, block, environment } = context;
  const placeholders = new Placeholders();
  const responses = context.values.kind === 'last-run' ? context.values.responses : new Map<string, RecordedResponse>();
  // Each read of a response that is not there (or failed) is counted: a value that then cannot be
  // resolved needs a run, and becomes a placeholder instead of an error.
  const unread = { count: 0 };
  const sources = {
    environment: { ...environment.variables, ...context.supplied },
    responses: {
      get: (name: string) => {
        const response = responses.get(name);
        if (response === undefined || response.status >= 400) {
          unread.count++;
          return undefined;
        }
        return response;
      },
    },
  };
  const resolver = new PlaceholderResolver(document, block, sources, placeholders, unread);
  const prepared = prepareRequest({ doc: document, block, resolver, baseDir: dirname(context.filePath) });
  if (!prepared.ok) {
    if ('error' in prepared) return { ok: false, error: prepared.error };
    // The resolver makes a placeholder of every missing value, so none is asked for.
    return { ok: false, error: `${capitalise(blockLabel(block))} needs values for ${prepared.missing.join(', ')}.` };
  }
  const request = prepared.request;
  const root = resolveApiRoot(environment.baseUrl);
  const url = (path: string) => `${root.url}/${path.replace(/^\/+/, '')}`;
  const headers: [string, string][] = [['Accept', 'application/json'], ...Object.entries(jsonErrorRequestHeaders).map(([name, value]) => [headerName(name), value] as [string, string])];
  const base = { title: `${blockLabel(block)} of ${basename(context.filePath)}`, environment: environment.name, headers, auth: codeAuth(environment), placeholders: placeholders.list };
  switch (request.kind) {
    case 'query':
      return { ok: true, request: { ...base, method: 'POST', url: url('query'), body: { kind: 'json', value: request.body as unknown as JsonValue }, saveTo: undefined } };
    case 'transaction':
      return { ok: true, request: { ...base, method: 'POST', url: url('transaction'), body: { kind: 'json', value: request.body as unknown as JsonValue }, saveTo: undefined } };
    case 'upload': {
      // As openUploadSource names it: the name given, else the file's own.
      const fileName = request.fileName ?? basename(request.path);
      const disposition = hasPlaceholder(fileName) ? `attachment; filename="${fileName}"` : uploadDisposition(fileName);
      return { ok: true, request: { ...base, method: 'POST', url: url('upload'), body: { kind: 'file', path: request.path, contentDisposition: disposition }, saveTo: undefined } };
    }
    case 'download': {
      const path = hasPlaceholder(request.id) ? `download?id=${urlComponent(request.id)}` : withQuery('download', { id: request.id });
      // Without TO the runner names the file after the archive's Content-Disposition; code that
      // has to name it first uses the id.
      const saveTo = request.target ?? (hasPlaceholder(request.id) ? 'download' : pathSegment(request.id));
      return { ok: true, request: { ...base, method: 'GET', url: url(path), body: undefined, saveTo } };
    }
    case 'http':
      return {
        ok: true,
        request: {
          ...base,
          method: request.request.method,
          url: url(request.request.path),
          body: request.request.body === undefined ? undefined : { kind: 'json', value: request.request.body },
          saveTo: undefined,
        },
      };
  }
}

/** The token part of an environment, secrets named by the variables the CLI reads them from. */
export function codeAuth(environment: Environment): CodeAuth {
  const auth = environment.auth;
  switch (auth.kind) {
    case 'none':
      return { kind: 'none' };
    case 'token':
      return { kind: 'token', tokenVariable: secretEnvironmentVariables.token };
    case 'client_credentials':
      return { kind: 'client_credentials', tokenUrl: auth.tokenUrl, clientId: auth.clientId, clientAuth: auth.clientAuth, scope: auth.scope, clientSecretVariable: secretEnvironmentVariables.clientSecret };
    case 'password':
      return {
        kind: 'password',
        tokenUrl: auth.tokenUrl,
        clientId: auth.clientId,
        clientAuth: auth.clientAuth,
        scope: auth.scope,
        clientSecretVariable: auth.clientAuth === 'none' ? undefined : secretEnvironmentVariables.clientSecret,
        user: auth.user,
        passwordVariable: secretEnvironmentVariables.password,
      };
  }
}

/** The environment variables the code reads its secrets from, each with what it holds. */
export function secretVariables(auth: CodeAuth): { name: string; holds: string }[] {
  switch (auth.kind) {
    case 'none':
      return [];
    case 'token':
      return [{ name: auth.tokenVariable, holds: 'a bearer token' }];
    default: {
      const out: { name: string; holds: string }[] = [];
      if (auth.clientSecretVariable) out.push({ name: auth.clientSecretVariable, holds: `the client secret of client "${auth.clientId}"` });
      if (auth.passwordVariable) out.push({ name: auth.passwordVariable, holds: `the password of user "${auth.user ?? ''}"` });
      return out;
    }
  }
}

/** `x-service-error-response-type` → `X-Service-Error-Response-Type`. */
function headerName(lower: string): string {
  return lower.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
}

class Placeholders {
  readonly list: CodePlaceholder[] = [];
  private readonly byName = new Map<string, number>();

  mark(name: string, source: string): string {
    let index = this.byName.get(name);
    if (index === undefined) {
      index = this.list.length;
      this.list.push({ name, source, example: `<${name}>` });
      this.byName.set(name, index);
    }
    return placeholderMark(index);
  }
}

type Reference = Pick<ReferenceOccurrence, 'name' | 'segments'>;

/** A run's resolver whose values that need a run (and have none) come back as placeholder marks. */
class PlaceholderResolver extends ValueResolver {
  constructor(
    private readonly file: NoarkqDocument,
    private readonly current: DocumentBlock,
    sources: ValueSources,
    private readonly placeholders: Placeholders,
    private readonly unread: { count: number },
  ) {
    super(file, current, sources);
  }

  /** `@entry = {{register.saved.jp.id}}` for a variable that reads a response, else `@entry`. */
  private variableSource(name: string): string {
    const declared = [...(this.current.index >= 0 ? this.current.parsed.variables : []), ...this.file.preamble.parsed.variables].find((v) => v.name === name);
    return declared?.value.kind === 'reference' ? `@${name} = {{${referencePathText(declared.value.reference)}}}` : `@${name}`;
  }

  override variable(name: string): Resolution {
    return this.orPlaceholder(() => super.variable(name), name, this.variableSource(name));
  }

  override reference(reference: Reference): Resolution {
    const path = referencePathText(reference);
    const source = reference.segments.length === 0 ? this.variableSource(reference.name) : `{{${path}}}`;
    return this.orPlaceholder(() => super.reference(reference), path, source);
  }

  private orPlaceholder(resolve: () => Resolution, name: string, source: string): Resolution {
    const before = this.unread.count;
    const resolved = resolve();
    if ('value' in resolved) return resolved;
    if ('missing' in resolved || this.unread.count > before) return { value: this.placeholders.mark(name, source) };
    return resolved;
  }
}
