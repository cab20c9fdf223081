/**
 * Runs blocks of a `.noarkq` document against an archive, the way the format describes it: the
 * blocks a block's `{{references}}` read run first (once per session), values are resolved block
 * over file over environment over what the user supplies, every response is kept by block name
 * for later references. A file with errors is refused before anything is sent; a write in a
 * protected environment is sent only when confirmed.
 *
 * No `vscode` and no terminal here: asking and confirming go through `RunHooks`, which the CLI
 * answers on a terminal and the extension with input boxes.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { NoarkqDiagnostic } from '../../core/diagnostics';
import { setTimeout as delay } from 'node:timers/promises';
import {
  allBlocks,
  checkDocument,
  describeOutcome,
  DocumentCodes,
  evaluateExpectations,
  nextTry,
  ValueResolver,
  withImpliedStatus,
  type DocumentBlock,
  type NoarkqDocument,
  type RecordedResponse,
} from '../../core/document';
import type { JsonValue } from '../../core/jsonValue';
import { lineNumberAt } from '../../core/text/lines';
import type { NoarkModel } from '../../core/schema/types';
import type { ArchiveApi, ArchiveResponse, EntityObject, QueryResponse, TransferProgress } from '../archive/archiveApi';
import {
  ArchiveConnectionError,
  ArchiveError,
  AuthenticationError,
  OutcomeUnknownError,
  ResponseShapeError,
  RunCancelledError,
} from '../archive/archiveErrors';
import { blockDependencies } from './blockDependencies';
import { resolveExpectations, type ExpectationResolution, type LocatedExpectation } from './blockExpectations';
import type { BlockRunResult, RunFailure } from './blockRunResult';
import { blockLabel, capitalise, describeRequest, isDestructive, isWrite, prepareRequest, type PreparedRequest } from './preparedRequest';

export interface RunEnvironment {
  name: string;
  /** Writes need confirmation. */
  protected: boolean;
  variables: Readonly<Record<string, JsonValue>>;
}

export interface BlockProgress {
  block: string;
  phase: 'pages' | 'upload' | 'download';
  /** Results (pages) or bytes (transfers) so far. */
  done: number;
  total: number | undefined;
}

export interface RunHooks {
  /** A value for `name`, which nothing defines; undefined when the user gives none. */
  askValue?(request: { name: string; block: string }): Promise<JsonValue | undefined>;
  /** A write in a protected environment; true to send it. `typeName`: a delete or bulk change,
   * for which the user must type the environment's name. */
  confirmWrite?(request: { environment: string; block: string; description: string; typeName: boolean }): Promise<boolean>;
  onBlockStart?(block: { label: string; description: string }): void;
  onProgress?(progress: BlockProgress): void;
  onResult?(result: BlockRunResult): void;
}

export interface RunSessionOptions {
  client: ArchiveApi;
  environment: RunEnvironment;
  model: NoarkModel;
  /** Values given up front (`--var`); they rank with the environment's variables, above them. */
  supplied?: Readonly<Record<string, JsonValue>>;
  hooks?: RunHooks;
  /** Where DOWNLOAD without TO writes. */
  downloadDir: string;
}

export interface RunRequest {
  document: NoarkqDocument;
  /** The `.noarkq` file's path: UPLOAD and DOWNLOAD TO paths are relative to its folder. */
  filePath: string;
  /** The blocks to run, in this order (dependencies are added before them). */
  blocks: readonly DocumentBlock[];
  /** QUERY blocks fetch every page while `hasMore`. */
  allPages?: boolean;
  /** Run despite errors in the file. */
  force?: boolean;
  signal?: AbortSignal;
}

export type RunOutcome =
  /** Nothing was sent: the file has these errors (document offsets). */
  | { kind: 'refused'; errors: NoarkqDiagnostic[] }
  /** Every block ran, or the run stopped at the first failure (the last result). */
  | { kind: 'ran'; results: BlockRunResult[] };

/** Codes that mean "nothing defines this value": a run asks for it instead of refusing. */
const askable = new Set<string>(['noarkq.param-undefined', DocumentCodes.referenceUnknownName]);

/** Errors that stop `document` from running with these variables (the values a run would ask
 * for excepted); also used before a run has an archive, e.g. before `noarkq run --sandbox` starts one. */
export function blockingErrors(document: NoarkqDocument, model: NoarkModel, variables: Readonly<Record<string, JsonValue>>): NoarkqDiagnostic[] {
  return checkDocument(document, { model, environment: variables }).filter((d) => d.severity === 'error' && !askable.has(d.code));
}

export class RunSession {
  /** The last result of each named block. */
  readonly results = new Map<string, BlockRunResult>();
  private readonly values: Record<string, JsonValue>;

  constructor(private readonly options: RunSessionOptions) {
    this.values = { ...options.supplied };
  }

  /** Errors that stop `document` from running (the values a run would ask for excepted). */
  blockingErrors(document: NoarkqDocument): NoarkqDiagnostic[] {
    return blockingErrors(document, this.options.model, { ...this.options.environment.variables, ...this.values });
  }

  async run(request: RunRequest): Promise<RunOutcome> {
    if (!request.force) {
      const errors = this.blockingErrors(request.document);
      if (errors.length > 0) return { kind: 'refused', errors };
    }
    const results: BlockRunResult[] = [];
    const ranNow = new Set<DocumentBlock>();
    const running = new Set<DocumentBlock>();
    const runWithDependencies = async (block: DocumentBlock): Promise<boolean> => {
      for (const dependency of blockDependencies(request.document, block)) {
        const name = dependency.parsed.name?.text;
        if (ranNow.has(dependency) || (name !== undefined && this.results.get(name)?.ok)) continue;
        if (running.has(dependency)) {
          results.push(this.notSent(request.document, block, `${capitalise(blockLabel(block))} and ${blockLabel(dependency)} read each other's responses: neither can run first.`));
          return false;
        }
        running.add(dependency);
        const ok = await runWithDependencies(dependency);
        running.delete(dependency);
        if (!ok) return false;
      }
      const result = await this.runBlock(request, block);
      ranNow.add(block);
      results.push(result);
      return result.ok;
    };
    for (const block of request.blocks) {
      if (ranNow.has(block)) continue;
      running.add(block);
      const ok = await runWithDependencies(block);
      running.delete(block);
      if (!ok) break;
    }
    return { kind: 'ran', results };
  }

  private async runBlock(run: RunRequest, block: DocumentBlock): Promise<BlockRunResult> {
    const label = blockLabel(block);
    const prepared = await this.prepare(run, block);
    if (!prepared.ok) return this.record(this.notSent(run.document, block, prepared.error));
    const request = prepared.request;
    // An expectation whose value cannot be read could judge no answer: find out before anything
    // is confirmed or sent (a write cannot be taken back). Its values read only earlier blocks,
    // which do not change while this one runs.
    const values = this.resolveExpectations(run, block);
    if (!values.ok) return this.record(this.notSent(run.document, block, `${capitalise(label)}: ${values.error} Nothing was sent.`));
    const description = describeRequest(request);
    this.options.hooks?.onBlockStart?.({ label, description });

    if (this.options.environment.protected && isWrite(request)) {
      const confirm = this.options.hooks?.confirmWrite;
      const confirmed = confirm
        ? await confirm({ environment: this.options.environment.name, block: label, description, typeName: isDestructive(request) })
        : false;
      if (!confirmed) {
        return this.record(this.notSent(run.document, block, `Not sent: ${label} writes to the protected environment \`${this.options.environment.name}\` (${description}) and was not confirmed.`));
      }
    }
    if (request.kind === 'upload') {
      const problem = !existsSync(request.path) ? 'does not exist' : !statSync(request.path).isFile() ? 'is not a file' : undefined;
      if (problem) return this.record(this.notSent(run.document, block, `${capitalise(label)}: the file to upload, ${request.path}, ${problem}.`));
    }
    if (run.signal?.aborted) return this.record(this.failed(run.document, block, { kind: 'cancelled', message: `${capitalise(label)}: cancelled before it was sent.` }));
    if (block.parsed.expectations.length === 0) return this.record(await this.sendOnce(run, block, request));
    // A write is never sent twice, whatever the file says (the checker refuses RETRY on one).
    const retry = isWrite(request) ? undefined : block.parsed.retry;
    const started = Date.now();
    // With RETRY, how long the tries took in all, the waits between them included.
    const retried = (judged: BlockRunResult, tries: number): BlockRunResult => {
      if (!retry) return judged;
      const result = { ...judged, tries, elapsedMs: Date.now() - started };
      // Stopped while waiting for its expectations to hold: it was cancelled, it did not fail.
      if (run.signal?.aborted && !judged.ok) return { ...result, error: { kind: 'cancelled', message: `${capitalise(blockLabel(block))}: cancelled after ${tries} ${tries === 1 ? 'try' : 'tries'}, before its expectations held.` } };
      return result;
    };
    for (let tries = 1; ; tries++) {
      const judged = this.judge(block, await this.sendOnce(run, block, request), values.expectations);
      // No answer to judge (a connection failure, an unknown outcome): the client has retried a read already.
      const decision = nextTry(retry, tries, judged.expectations ?? [{ passed: true }]);
      if (decision.kind === 'done' || run.signal?.aborted) return this.record(retried(judged, tries));
      try {
        await delay(decision.afterMs, undefined, { signal: run.signal });
      } catch {
        return this.record(retried(judged, tries));
      }
    }
  }

  private async sendOnce(run: RunRequest, block: DocumentBlock, request: PreparedRequest): Promise<BlockRunResult> {
    try {
      return await this.send(run, block, request);
    } catch (error) {
      return this.failed(run.document, block, toFailure(error), error);
    }
  }

  /** The block's expectations (resolved before it was sent) judged on its answer: an archive's
   * refusal the block expects is its success, and an answer that breaks an expectation its
   * failure. Without an answer (the connection failed, the outcome is unknown) there is nothing
   * to judge. */
  private judge(block: DocumentBlock, result: BlockRunResult, resolved: readonly LocatedExpectation[]): BlockRunResult {
    if (result.status === undefined || (result.error !== undefined && result.error.kind !== 'archive')) return result;
    const label = blockLabel(block);
    const observed = { status: result.status, timeMs: result.durationMs, headers: result.headers ?? {}, body: result.body };
    const stated = withImpliedStatus(resolved);
    // A refusal the block does not expect fails its implied 2xx, and the archive's reason is what
    // a person needs to read there: without it the report says only "actual 400".
    const refusal = result.error?.kind === 'archive' ? result.error : undefined;
    // An answer may echo a token (a service that reflects its request, a token endpoint read as
    // a block): what each expectation shows of it is redacted, as printed output is.
    const expectations = evaluateExpectations(stated, observed, { secrets: this.options.client.secrets?.() ?? [] }).map((outcome, i) => {
      const located = { ...outcome, line: (stated[i] as Partial<LocatedExpectation>).line ?? result.line };
      if (refusal && outcome.implied && !outcome.passed) located.detail = `${refusal.errorId ? `errorId ${refusal.errorId}: ` : ''}${refusal.description}`;
      return located;
    });
    const failed = expectations.filter((e) => !e.passed);
    if (failed.length === 0) {
      const { error: _answered, ...passed } = result;
      return { ...passed, ok: true, expectations };
    }
    const message = `${capitalise(label)}: ${failed.length} of ${expectations.length} expectations failed\n${failed.map((e) => `  ${describeOutcome(e)}`).join('\n')}`;
    return { ...result, ok: false, expectations, error: { kind: 'expectation', message } };
  }

  /** The block's expectations with their `@variables` and `{{references}}` read. */
  private resolveExpectations(run: RunRequest, block: DocumentBlock): ExpectationResolution {
    const resolver = new ValueResolver(run.document, block, { environment: { ...this.options.environment.variables, ...this.values }, responses: this.responses() });
    return resolveExpectations(block, resolver, (offset) => lineNumberAt(run.document.text, offset));
  }

  /** Builds the request, asking for each value nothing defines. */
  private async prepare(run: RunRequest, block: DocumentBlock): Promise<{ ok: true; request: PreparedRequest } | { ok: false; error: string }> {
    const label = blockLabel(block);
    const asked = new Set<string>();
    for (;;) {
      const resolver = new ValueResolver(run.document, block, {
        environment: { ...this.options.environment.variables, ...this.values },
        responses: this.responses(),
      });
      const preparation = prepareRequest({ doc: run.document, block, resolver, baseDir: dirname(run.filePath) });
      if (preparation.ok) return preparation;
      if ('error' in preparation) return { ok: false, error: preparation.error };
      for (const name of preparation.missing) {
        const answer = asked.has(name) ? undefined : await this.options.hooks?.askValue?.({ name, block: label });
        asked.add(name);
        if (answer === undefined) {
          return {
            ok: false,
            error: `${capitalise(label)} needs a value for \`${name}\`: declare \`@${name} = value\` in the file, add it to the environment's variables, or pass --var ${name}=value.`,
          };
        }
        this.values[name] = answer;
      }
    }
  }

  private responses(): { get(name: string): RecordedResponse | undefined } {
    return {
      get: (name) => {
        const result = this.results.get(name);
        // A block stopped before sending has no response to read: it has not run, as far as a reference can tell.
        return result?.status === undefined ? undefined : { status: result.status, body: result.body };
      },
    };
  }

  private async send(run: RunRequest, block: DocumentBlock, request: PreparedRequest): Promise<BlockRunResult> {
    const client = this.options.client;
    const signal = run.signal;
    const label = block.parsed.name?.text ?? blockLabel(block);
    const progress = (phase: BlockProgress['phase']) => (p: TransferProgress) => this.options.hooks?.onProgress?.({ block: label, phase, done: p.bytes, total: p.total });
    switch (request.kind) {
      case 'query': {
        if (!run.allPages) return this.succeeded(run.document, block, await client.query(request.body, { signal }));
        const results: EntityObject[] = [];
        let first: ArchiveResponse<QueryResponse> | undefined;
        let pages = 0;
        let bytes = 0;
        const started = Date.now();
        for await (const page of client.queryAll(request.body, { signal })) {
          first ??= page.response;
          pages++;
          bytes += page.response.bytes;
          for (const entity of page.results) results.push(entity);
          this.options.hooks?.onProgress?.({ block: label, phase: 'pages', done: results.length, total: undefined });
        }
        if (!first) throw new Error('the archive sent no page');
        const result = this.succeeded(run.document, block, { ...first, body: { hasMore: false, results }, bytes, durationMs: Date.now() - started });
        return { ...result, pages };
      }
      case 'transaction':
        return this.succeeded(run.document, block, await client.transaction(request.body, { signal }));
      case 'upload':
        return this.succeeded(run.document, block, await client.upload({ path: request.path, fileName: request.fileName }, { signal, onProgress: progress('upload') }));
      case 'download': {
        const target = request.target !== undefined ? { path: request.target } : { directory: this.options.downloadDir };
        const response = await client.download(request.id, target, { signal, onProgress: progress('download') });
        // The digest a Dokumentversjon keeps in `sjekksum`, so a download can be checked against the archive.
        const sha256 = response.body.path ? await sha256OfFile(response.body.path) : undefined;
        return this.succeeded(run.document, block, { ...response, body: { ...response.body, ...(sha256 ? { sha256 } : {}) } });
      }
      case 'http':
        return this.succeeded(run.document, block, await client.request(request.request, { signal }));
    }
  }

  private base(document: NoarkqDocument, block: DocumentBlock): Pick<BlockRunResult, 'blockName' | 'blockIndex' | 'line' | 'kind'> {
    const request = block.parsed.request;
    const line = lineNumberAt(document.text, block.start + (request?.start ?? 0));
    return { blockName: block.parsed.name?.text, blockIndex: block.index, line, kind: request?.kind ?? 'unknown' };
  }

  private succeeded(document: NoarkqDocument, block: DocumentBlock, response: ArchiveResponse<unknown>): BlockRunResult {
    return {
      ...this.base(document, block),
      ok: true,
      request: response.request,
      status: response.status,
      headers: response.headers,
      body: toJson(response.body),
      durationMs: response.durationMs,
      bytes: response.bytes,
      receivedAt: Date.now(),
    };
  }

  private notSent(document: NoarkqDocument, block: DocumentBlock, message: string): BlockRunResult {
    return this.failed(document, block, { kind: 'not-sent', message });
  }

  private failed(document: NoarkqDocument, block: DocumentBlock, failure: RunFailure, error?: unknown): BlockRunResult {
    const result: BlockRunResult = { ...this.base(document, block), ok: false, error: failure, durationMs: 0, bytes: 0, receivedAt: Date.now() };
    if (error instanceof ArchiveError) {
      result.status = error.status;
      if (error.answer) {
        result.headers = { ...error.answer.headers };
        result.durationMs = error.answer.durationMs;
      }
      result.body = parseJsonOrText(error.body);
      result.bytes = Buffer.byteLength(error.body);
    }
    if (error && typeof error === 'object' && 'request' in error && error.request) {
      const request = error.request as { method: string; path: string };
      result.request = { method: request.method, path: request.path, url: request.path };
    }
    return result;
  }

  private record(result: BlockRunResult): BlockRunResult {
    if (result.blockName !== undefined) this.results.set(result.blockName, result);
    this.options.hooks?.onResult?.(result);
    return result;
  }
}

export function toFailure(error: unknown): RunFailure {
  if (error instanceof ArchiveError) return { kind: 'archive', message: error.message, status: error.status, errorId: error.errorId, description: error.description };
  if (error instanceof OutcomeUnknownError) return { kind: 'outcome-unknown', message: error.message, check: error.check };
  if (error instanceof ResponseShapeError) return { kind: 'response-shape', message: error.message, path: error.path };
  if (error instanceof AuthenticationError) return { kind: 'auth', message: error.message };
  if (error instanceof RunCancelledError || (error instanceof Error && error.name === 'AbortError')) return { kind: 'cancelled', message: error.message };
  if (error instanceof ArchiveConnectionError) return { kind: 'connection', message: error.message };
  // Anything else is a bug in noarkq, reported as such rather than dressed up as an archive problem.
  return { kind: 'connection', message: `internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}` };
}

/** The whole file's blocks in order, the request above the first `###` first when there is one. */
export function runnableBlocks(document: NoarkqDocument): DocumentBlock[] {
  return allBlocks(document).filter((b) => b.parsed.request !== undefined);
}


/** Response bodies are parsed JSON already (the client's schemas only normalise them). */
function toJson(value: unknown): JsonValue {
  return value === undefined ? null : (value as JsonValue);
}

function parseJsonOrText(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}

async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
