/**
 * What every report of a test run lists, and the words they share: the blocks a report shows as
 * test cases (every test, and a step only when it failed, so CI shows why its file stopped), the
 * request line, the one-line reason a block failed, a checker problem as `line:column code message`.
 */
import { describeOutcome } from '../../core/document/expectationEvaluation';
import type { BlockTestResult, FileProblem, FileTestResult, LocatedOutcome } from '../../runner/testing/testResults';
import { formatDuration } from '../runReport';

/** Tests in any state, and failed steps; a passing or skipped step is not a test of anything. */
export function reportedBlocks(file: FileTestResult): BlockTestResult[] {
  return file.blocks.filter((b) => b.role === 'test' || b.status === 'failed');
}

/** A failure that is an `EXPECT` line not holding (a test's failure proper); any other failure
 * (an error answer, a lost connection, a request not sent) is an error. */
export function failedOnExpectation(block: BlockTestResult): boolean {
  return block.status === 'failed' && block.failure?.kind === 'expectation' && block.expectations.some((e) => !e.passed);
}

export function failingOutcomes(block: BlockTestResult): LocatedOutcome[] {
  return block.expectations.filter((e) => !e.passed);
}

/** `GET cases?x=1 → 200 in 312 ms (3 tries)`; undefined when nothing was sent. */
export function requestLine(block: BlockTestResult): string | undefined {
  const request = block.result?.request;
  if (!request) return undefined;
  const status = block.result?.status !== undefined ? ` → ${block.result.status}` : ' → no answer';
  const tries = block.tries !== undefined && block.tries > 1 ? ` (${block.tries} tries)` : '';
  return `${request.method} ${request.path}${status} in ${formatDuration(block.result?.durationMs ?? block.durationMs)}${tries}`;
}

/** Why the block failed, in one line: the first failing expectation, else the run's failure. */
export function failureSummary(block: BlockTestResult): string {
  const failing = failingOutcomes(block)[0];
  if (failing && block.failure?.kind === 'expectation') return oneLine(describeOutcome(failing));
  if (block.failure) return oneLine(block.failure.message);
  return failing ? oneLine(describeOutcome(failing)) : 'failed';
}

/** The failure's kind as a report's type: `expectation`, `archive`, `connection`, … */
export function failureKind(block: BlockTestResult): string {
  return block.failure?.kind ?? 'failed';
}

/** The failure's facts beyond its message (the archive's status, errorId and description, …). */
export function failureDetails(block: BlockTestResult): string[] {
  const failure = block.failure;
  if (!failure) return [];
  switch (failure.kind) {
    case 'archive':
      return [`the archive answered ${failure.status}${failure.errorId ? ` (errorId ${failure.errorId})` : ''}`, ...(failure.description && failure.description !== failure.message ? [failure.description] : [])];
    case 'outcome-unknown':
      return [failure.check];
    case 'response-shape':
      return [`at ${failure.path}`];
    default:
      return [];
  }
}

export function problemLine(problem: FileProblem): string {
  return `${problem.line}:${problem.column} ${problem.code} ${oneLine(problem.message)}`;
}

/** Why a file was not run, in one line. */
export function notRunSummary(file: FileTestResult): string {
  if (file.status === 'unreadable') return oneLine(file.unreadable ?? 'the file could not be read');
  const n = file.problems.length;
  return `not run: the file has ${n} error${n === 1 ? '' : 's'}`;
}

/** `cases/find.noarkq:12` */
export function fileLine(file: FileTestResult, line: number): string {
  return `${file.file}:${line}`;
}

export function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}
