/**
 * Runs one `.noarkq` file as a test (the format's "Expectations and tests"): in a session of its
 * own, every block from the top in file order, each judged by its `EXPECT` lines (or, for a step
 * without any, by a 2xx). The file stops at its first failing block and the blocks after it are
 * skipped; with `continueAfterFailure`, only the blocks that read from a failed one (directly or
 * through others) are skipped. A file with errors is refused before anything is sent.
 *
 * Shared by `noarkq test` and the editor's Testing view: no terminal and no `vscode` here.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import { parseDocument, type DocumentBlock, type NoarkqDocument } from '../../core/document';
import type { NoarkqDiagnostic } from '../../core/diagnostics';
import type { JsonValue } from '../../core/jsonValue';
import { lineNumberAt } from '../../core/text/lines';
import type { NoarkModel } from '../../core/schema/types';
import { blockDependencies } from '../blocks/blockDependencies';
import type { BlockRunResult } from '../blocks/blockRunResult';
import { blockingErrors, RunSession, runnableBlocks, type RunSessionOptions } from '../blocks/runSession';
import { checkUploadFiles } from '../blocks/uploadFiles';
import { fileResult, type BlockTestResult, type FileProblem, type FileTestResult } from './testResults';

export interface FileTestInput {
  /** The file's text as read (a byte-order mark is dropped). */
  text: string;
  absolutePath: string;
  /** The path reports show. */
  display: string;
  /** The file parsed and found free of errors already, under the very values this run resolves
   * with (`prepareFile` before there was an archive): not parsed and checked again. */
  checked?: NoarkqDocument;
}

/** A session's options (a test run in CI has no hooks to ask or confirm with: a value nobody
 * gave fails its block, a write to a protected environment is not sent unless confirmed), and: */
export interface FileTestOptions extends RunSessionOptions {
  /** Run on after a failed block, skipping only the blocks that read from a failed one. */
  continueAfterFailure?: boolean;
  /** Run only these blocks (by index), with the blocks they read; the others are left out. */
  only?: ReadonlySet<number>;
  signal?: AbortSignal;
}

export async function runFileTests(input: FileTestInput, options: FileTestOptions): Promise<FileTestResult> {
  const startedAt = Date.now();
  const { document, refusal } = input.checked ? { document: input.checked, refusal: undefined } : prepareFile(input, options.model, { ...options.environment.variables, ...options.supplied }, options.environment.name);
  if (refusal) return { ...refusal, durationMs: Date.now() - startedAt };
  const runnable = runnableBlocks(document);
  const file = fileResult(input, options.environment.name, 'passed', { hasTests: runnable.some((b) => b.parsed.expectations.length > 0), startedAt });

  const session = new RunSession({
    client: options.client,
    environment: options.environment,
    model: options.model,
    supplied: options.supplied,
    hooks: options.hooks,
    downloadDir: options.downloadDir,
  });
  const results = new Map<DocumentBlock, BlockRunResult>();
  const skipped = new Map<DocumentBlock, string>();
  const byIndex = new Map(runnable.map((b) => [b.index, b]));
  let firstFailure: DocumentBlock | undefined;
  const selected = options.only ? runnable.filter((b) => options.only!.has(b.index)) : runnable;

  for (const block of selected) {
    if (results.has(block)) continue; // it ran earlier, read by a block above
    const skip = skipReason(document, block, results, skipped, firstFailure, options);
    if (skip !== undefined) {
      skipped.set(block, skip);
      continue;
    }
    // The file was checked above: the session need not check it again for every block.
    const outcome = await session.run({ document, filePath: input.absolutePath, blocks: [block], force: true, signal: options.signal });
    if (outcome.kind === 'refused') break; // not with force; kept for the type
    for (const result of outcome.results) {
      const ran = byIndex.get(result.blockIndex);
      if (!ran) continue;
      results.set(ran, result);
      if (!result.ok) firstFailure ??= ran;
    }
  }

  for (const block of runnable) {
    const result = results.get(block);
    const reason = skipped.get(block);
    if (result) file.blocks.push(blockResult(document, block, result));
    else if (reason !== undefined) file.blocks.push(skippedBlock(document, block, reason));
  }
  file.status = file.blocks.some((b) => b.status === 'failed') ? 'failed' : 'passed';
  return { ...file, durationMs: Date.now() - startedAt };
}

/**
 * The file parsed, and the result of a file that cannot run: one that holds no request, or one
 * with errors under these variables (the values a run would ask for excepted). Also used before
 * there is an archive, to start none for a run of files that cannot run.
 */
export function prepareFile(
  input: FileTestInput,
  model: NoarkModel,
  variables: Readonly<Record<string, JsonValue>>,
  environment: string,
): { text: string; document: NoarkqDocument; refusal: FileTestResult | undefined } {
  const text = input.text.charCodeAt(0) === 0xfeff ? input.text.slice(1) : input.text;
  const document = parseDocument(text);
  const runnable = runnableBlocks(document);
  if (runnable.length === 0) return { text, document, refusal: fileResult(input, environment, 'unreadable', { unreadable: 'the file holds no request' }) };
  const errors = [...blockingErrors(document, model, variables), ...checkUploadFiles(document, input.absolutePath)].sort((a, b) => a.start - b.start);
  if (errors.length === 0) return { text, document, refusal: undefined };
  const hasTests = runnable.some((b) => b.parsed.expectations.length > 0);
  return { text, document, refusal: fileResult(input, environment, 'refused', { hasTests, problems: toProblems(text, errors) }) };
}

/** Why `block` is not run, or undefined to run it. */
function skipReason(
  document: NoarkqDocument,
  block: DocumentBlock,
  results: ReadonlyMap<DocumentBlock, BlockRunResult>,
  skipped: ReadonlyMap<DocumentBlock, string>,
  firstFailure: DocumentBlock | undefined,
  options: FileTestOptions,
): string | undefined {
  if (options.signal?.aborted) return 'the run was cancelled';
  if (firstFailure === undefined) return undefined;
  if (!options.continueAfterFailure) return `${nameOf(firstFailure)} failed above`;
  // A block read from that failed, or was skipped for the same reason, would be sent again by the
  // session (it runs what a block reads first): the block waits for nothing and is skipped.
  const failedRead = transitiveDependencies(document, block).find((d) => results.get(d)?.ok === false || skipped.has(d));
  if (failedRead === undefined) return undefined;
  return results.get(failedRead)?.ok === false ? `it reads ${nameOf(failedRead)}, which failed` : `it reads ${nameOf(failedRead)}, which was skipped`;
}

/** Every block `block` reads from, through the blocks it reads from, nearest first. */
function transitiveDependencies(document: NoarkqDocument, block: DocumentBlock): DocumentBlock[] {
  const seen = new Set<DocumentBlock>([block]);
  const out: DocumentBlock[] = [];
  const queue = [block];
  while (queue.length > 0) {
    for (const dependency of blockDependencies(document, queue.shift()!)) {
      if (seen.has(dependency)) continue;
      seen.add(dependency);
      out.push(dependency);
      queue.push(dependency);
    }
  }
  return out;
}

function blockResult(document: NoarkqDocument, block: DocumentBlock, result: BlockRunResult): BlockTestResult {
  // A block stopped by the user neither passed nor failed: it is reported as not run, with why.
  if (result.error?.kind === 'cancelled') return { ...skippedBlock(document, block, result.error.message), result, ...(result.tries !== undefined ? { tries: result.tries } : {}) };
  const expectations = result.expectations ?? [];
  const out: BlockTestResult = {
    ...identity(document, block),
    status: result.ok ? 'passed' : 'failed',
    expectations,
    result,
    durationMs: result.elapsedMs ?? result.durationMs,
  };
  if (result.tries !== undefined) out.tries = result.tries;
  if (!result.ok && result.error) {
    out.failure = result.error;
    out.failureLine = expectations.find((e) => !e.passed)?.line ?? result.line;
  }
  return out;
}

function skippedBlock(document: NoarkqDocument, block: DocumentBlock, reason: string): BlockTestResult {
  return { ...identity(document, block), status: 'skipped', skipReason: reason, expectations: [], durationMs: 0 };
}

function identity(document: NoarkqDocument, block: DocumentBlock): Pick<BlockTestResult, 'name' | 'blockIndex' | 'line' | 'headerLine' | 'role' | 'requestKind'> {
  const request = block.parsed.request;
  const line = lineNumberAt(document.text, block.start + (request?.start ?? 0));
  return {
    name: nameOf(block),
    blockIndex: block.index,
    line,
    headerLine: block.index < 0 ? line : lineNumberAt(document.text, block.start),
    role: block.parsed.expectations.length > 0 ? 'test' : 'step',
    requestKind: request?.kind ?? 'unknown',
  };
}

/** The block's name, or `(block N)` / `(preamble)` for an unnamed one. */
export function nameOf(block: DocumentBlock): string {
  return block.parsed.name?.text ?? (block.index < 0 ? '(preamble)' : `(block ${block.index + 1})`);
}

function toProblems(text: string, errors: readonly NoarkqDiagnostic[]): FileProblem[] {
  const doc = TextDocument.create('file:///noarkq', 'noarkq', 1, text);
  return errors.map((e) => {
    const at = doc.positionAt(e.start);
    return { line: at.line + 1, column: at.character + 1, code: e.code, message: e.message };
  });
}
