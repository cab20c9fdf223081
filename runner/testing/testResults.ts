/**
 * What a test run of `.noarkq` files gives (the format's "Expectations and tests"): per file, each
 * block as a test (it has `EXPECT` lines) or a step (it has none), passed, failed or skipped, with
 * every expectation judged at its line. The one model the terminal report, JUnit, TAP, JSON, HTML
 * and VS Code's Testing view are all drawn from.
 */
import type { RequestKind } from '../../core/document';
import type { BlockRunResult, LocatedOutcome, RunFailure } from '../blocks/blockRunResult';

export type { LocatedOutcome };


export type BlockTestStatus = 'passed' | 'failed' | 'skipped';

export interface BlockTestResult {
  /** The block's name, or `(block N)` (1-based) / `(preamble)` for an unnamed one. */
  name: string;
  /** Position in the document's blocks (-1: the request above the first `###`). */
  blockIndex: number;
  /** 1-based line of the request line. */
  line: number;
  /** 1-based line of the `###` line (the request line for the preamble's request). */
  headerLine: number;
  /** `test`: the block has at least one `EXPECT` line; `step`: it has none and must succeed. */
  role: 'test' | 'step';
  requestKind: RequestKind;
  status: BlockTestStatus;
  /** Why it failed: the run's failure (`expectation` when an `EXPECT` line does not hold). */
  failure?: RunFailure;
  /** 1-based line the failure is shown at: the first failing expectation's, else the request's. */
  failureLine?: number;
  /** Why it did not run: a block above failed (named), or `--block`-like selection. */
  skipReason?: string;
  /** Each expectation in order, judged on the last answer; empty for a step and a skipped block. */
  expectations: LocatedOutcome[];
  /** Sends of a block with `RETRY`, the last one included. */
  tries?: number;
  /** The request as sent and the answer, for reports that show them (no token in either). */
  result?: BlockRunResult;
  /** The exchange's time; a block with `RETRY` all its tries, the waits between them included. */
  durationMs: number;
}

export type FileTestStatus =
  /** Every block ran and passed. */
  | 'passed'
  /** A block failed (an expectation, an error answer, a connection failure): the rest skipped. */
  | 'failed'
  /** Nothing was sent: the file has errors (see `problems`). */
  | 'refused'
  /** Nothing was sent: the file could not be read, or holds no request. */
  | 'unreadable';

/** A checker error that kept a file from running, placed by line and column (1-based). */
export interface FileProblem {
  line: number;
  column: number;
  code: string;
  message: string;
}

export interface FileTestResult {
  /** As shown in reports: the path as given or relative to the working folder, with `/`. */
  file: string;
  absolutePath: string;
  status: FileTestStatus;
  /** True when at least one block of the file has an `EXPECT` line. */
  hasTests: boolean;
  /** Every block with a request, in file order (blocks run for a reference included once). */
  blocks: BlockTestResult[];
  /** The errors a `refused` file has; the reason an `unreadable` one has. */
  problems: FileProblem[];
  unreadable?: string;
  /** When the file began (ms since the epoch) and how long it took. */
  startedAt: number;
  durationMs: number;
  /** The environment it ran against. */
  environment: string;
}

export interface TestRunSummary {
  files: number;
  /** Blocks with expectations (tests), by outcome. */
  tests: number;
  passed: number;
  failed: number;
  skipped: number;
  /** Blocks without expectations (steps), by outcome. */
  steps: number;
  stepsFailed: number;
  /** Files refused by the checker or unreadable (nothing of them was sent). */
  filesNotRun: number;
  durationMs: number;
}

export interface TestRunResult {
  files: FileTestResult[];
  summary: TestRunSummary;
  environment: string;
  startedAt: number;
}

/** A file's result before any block of it has run (`startedAt` now). */
export function fileResult(file: { display: string; absolutePath: string }, environment: string, status: FileTestStatus, extra: Partial<FileTestResult> = {}): FileTestResult {
  return { file: file.display, absolutePath: file.absolutePath, status, hasTests: false, blocks: [], problems: [], startedAt: Date.now(), durationMs: 0, environment, ...extra };
}

/** True for a file of which nothing was sent: refused by the checker, or unreadable. */
export function fileNotRun(file: Pick<FileTestResult, 'status'>): boolean {
  return file.status === 'refused' || file.status === 'unreadable';
}

export function summarise(files: readonly FileTestResult[], durationMs: number): TestRunSummary {
  const summary: TestRunSummary = { files: files.length, tests: 0, passed: 0, failed: 0, skipped: 0, steps: 0, stepsFailed: 0, filesNotRun: 0, durationMs };
  for (const file of files) {
    if (fileNotRun(file)) summary.filesNotRun++;
    for (const block of file.blocks) {
      if (block.role === 'step') {
        summary.steps++;
        if (block.status === 'failed') summary.stepsFailed++;
        continue;
      }
      summary.tests++;
      summary[block.status]++;
    }
  }
  return summary;
}

/** True when nothing failed: every test and step passed (skipped blocks only follow failures). */
export function runPassed(summary: TestRunSummary): boolean {
  return summary.failed === 0 && summary.stepsFailed === 0 && summary.filesNotRun === 0;
}
