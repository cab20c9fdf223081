/**
 * How `noarkq test` prints for a person: one line per file as it ends (PASS, FAIL or NOT RUN),
 * under a failed file the block that failed with each expectation and its line, the archive's
 * answer or the error, and the blocks skipped after it; a summary at the end. Each file's text is
 * one piece, so files that end together never mix their lines.
 */
import { describeOutcome } from '../core/document/expectationEvaluation';
import type { NoarkModel } from '../core/schema/types';
import { fileNotRun, type BlockTestResult, type FileTestResult, type TestRunSummary } from '../runner/testing/testResults';
import { formatBlockResult, formatDuration, type TextStyle } from './runReport';

export interface TestReportOptions {
  style: TextStyle;
  width: number | undefined;
  model: NoarkModel;
  /** Every block of every file, passed ones too. */
  verbose: boolean;
}

const indent = '  ';
/** A file's errors listed under it; `noarkq check` is the place for all of them. */
const shownProblems = 10;

export function formatFileResult(file: FileTestResult, options: TestReportOptions): string {
  const { style } = options;
  const time = style.dim(formatDuration(file.durationMs));
  if (fileNotRun(file)) {
    const lines = [`${style.yellow('NOT RUN')} ${style.bold(file.file)}  ${file.unreadable ?? `${file.problems.length} ${file.problems.length === 1 ? 'error' : 'errors'}: nothing was sent`}`];
    for (const p of file.problems.slice(0, shownProblems)) lines.push(`${indent}${file.file}:${p.line}:${p.column}  ${style.red('error')}  ${p.message}  ${style.dim(p.code)}`);
    if (file.problems.length > shownProblems) lines.push(`${indent}${style.dim(`… ${file.problems.length - shownProblems} more: noarkq check ${file.file} lists them all`)}`);
    return lines.join('\n') + '\n';
  }
  const tests = file.blocks.filter((b) => b.role === 'test');
  const steps = file.blocks.filter((b) => b.role === 'step');
  const failedTests = tests.filter((b) => b.status === 'failed').length;
  const counts = [
    tests.length > 0 ? (failedTests > 0 ? `${failedTests} of ${plural(tests.length, 'test')} failed` : plural(tests.length, 'test')) : 'no tests',
    ...(steps.length > 0 ? [plural(steps.length, 'step')] : []),
    ...(file.blocks.some((b) => b.status === 'skipped') ? [`${file.blocks.filter((b) => b.status === 'skipped').length} skipped`] : []),
  ].join(', ');
  const head = file.status === 'passed' ? style.green('PASS') : style.red('FAIL');
  const lines = [`${head} ${style.bold(file.file)}  ${counts}  ${time}`];
  for (const block of file.blocks) {
    if (block.status === 'failed') lines.push(...failedBlock(file, block, options));
    else if (block.status === 'skipped') lines.push(`${indent}${style.yellow('-')} ${block.name}  ${style.dim(`skipped: ${block.skipReason ?? 'not run'}`)}`);
    else if (options.verbose) lines.push(...passedBlock(block, options));
  }
  return lines.join('\n') + '\n';
}

function passedBlock(block: BlockTestResult, options: TestReportOptions): string[] {
  const { style } = options;
  const request = block.result?.request;
  const what = request ? `${request.method} ${request.path}` : '';
  const tries = block.tries !== undefined ? `  ${block.tries} ${block.tries === 1 ? 'try' : 'tries'}` : '';
  const lines = [`${indent}${style.green('✔')} ${block.name}${block.role === 'step' ? style.dim(' (step)') : ''}  ${style.dim(`${what}  ${block.result?.status ?? ''}  ${formatDuration(block.durationMs)}${tries}`)}`];
  for (const e of block.expectations) if (!e.implied) lines.push(`${indent}${indent}${indent}${style.dim(describeOutcome(e))}`);
  return lines;
}

function failedBlock(file: FileTestResult, block: BlockTestResult, options: TestReportOptions): string[] {
  const { style } = options;
  if (block.failure?.kind === 'expectation' && block.expectations.length > 0) {
    const request = block.result?.request;
    const what = request ? `${request.method} ${request.path}  ${block.result?.status ?? ''}` : '';
    const tries = block.tries !== undefined ? `, ${block.tries} ${block.tries === 1 ? 'try' : 'tries'}` : '';
    const lines = [`${indent}${style.red('✘')} ${style.bold(block.name)}  ${style.dim(`${what}  ${file.file}:${block.line}${tries}`)}`];
    for (const e of block.expectations) {
      const text = describeOutcome(e);
      lines.push(`${indent}${indent}${indent}${e.passed ? style.green(text) : `${style.red(text)}  ${style.dim(`${file.file}:${e.line}`)}`}`);
    }
    return lines;
  }
  if (block.failure?.kind === 'expectation') {
    // An expectation that could not be judged (a value nobody gave): its message says why.
    return [`${indent}${style.red('✘')} ${style.bold(block.name)}  ${style.dim(`${file.file}:${block.line}`)}`, ...block.failure.message.split('\n').map((l) => `${indent}${indent}${indent}${style.red(l)}`)];
  }
  // Any other failure as `noarkq run` prints it: the archive's answer, the error, what to do.
  if (!block.result) return [`${indent}${style.red('✘')} ${style.bold(block.name)}  ${block.failure?.message ?? ''}`];
  const printed = formatBlockResult(block.result, { style, width: options.width === undefined ? undefined : options.width - indent.length, model: options.model });
  return printed.trimEnd().split('\n').map((l) => indent + l);
}

export function formatTestSummary(summary: TestRunSummary, files: readonly FileTestResult[], jobs: number, style: TextStyle): string {
  const filesPassed = files.filter((f) => f.status === 'passed').length;
  const filesFailed = files.filter((f) => f.status === 'failed').length;
  const fileParts = [
    style.green(`${filesPassed} passed`),
    ...(filesFailed > 0 ? [style.red(`${filesFailed} failed`)] : []),
    ...(summary.filesNotRun > 0 ? [style.yellow(`${summary.filesNotRun} not run (errors)`)] : []),
  ];
  const testParts = [
    style.green(`${summary.passed} passed`),
    ...(summary.failed > 0 ? [style.red(`${summary.failed} failed`)] : []),
    ...(summary.skipped > 0 ? [style.yellow(`${summary.skipped} skipped`)] : []),
  ];
  const stepsSkipped = files.flatMap((f) => f.blocks).filter((b) => b.role === 'step' && b.status === 'skipped').length;
  const stepParts = [
    `${summary.steps - summary.stepsFailed - stepsSkipped} passed`,
    ...(summary.stepsFailed > 0 ? [style.red(`${summary.stepsFailed} failed`)] : []),
    ...(stepsSkipped > 0 ? [style.yellow(`${stepsSkipped} skipped`)] : []),
  ];
  return [
    '',
    `${style.bold('Files')}  ${fileParts.join(', ')} (${summary.files})`,
    `${style.bold('Tests')}  ${testParts.join(', ')} (${summary.tests})`,
    ...(summary.steps > 0 ? [`${style.bold('Steps')}  ${stepParts.join(', ')} (${summary.steps})`] : []),
    `${style.bold('Time')}   ${formatDuration(summary.durationMs)}${jobs > 0 ? `  ${style.dim(`(${jobs} ${jobs === 1 ? 'file' : 'files'} at a time)`)}` : ''}`,
    '',
  ].join('\n');
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
