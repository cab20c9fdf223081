/**
 * A test run as JUnit XML, the report every CI server reads: `<testsuites>` with the totals, a
 * `<testsuite>` per file, a `<testcase>` per test (and per failed step, so CI shows why a file
 * stopped). An `EXPECT` line that does not hold is a `<failure>`; a block that failed otherwise
 * (an error answer, a lost connection, a request not sent) and a file that was not run are an
 * `<error>`; a block after a failure is `<skipped>`. The attributes are those of Jenkins'
 * junit-10.xsd, plus `skipped` on `<testsuites>` and `file`/`line` on `<testcase>` (read by
 * GitLab and others); the test validates against that schema (test/fixtures/junit/).
 *
 * XML 1.0 cannot carry most control characters, even escaped: one in a value (an archive's
 * answer can hold anything) is written as `\u{7}`, visibly, rather than dropped.
 */
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { describeOutcome } from '../../core/document/expectationEvaluation';
import { fileNotRun, type BlockTestResult, type FileTestResult, type TestRunResult } from '../../runner/testing/testResults';
import { failedOnExpectation, failureDetails, failureKind, failureSummary, fileLine, notRunSummary, oneLine, problemLine, reportedBlocks, requestLine } from './reportedBlocks';

export interface JunitReportOptions {
  /** The machine the run was on, for each `<testsuite hostname>`; left out when not given. */
  hostname?: string;
}

/** `cases/find.noarkq` → `cases.find`: the class name CI groups test cases by. */
export function junitClassName(file: string): string {
  const name = file
    .replace(/\\/g, '/')
    .replace(/^\.\//, '')
    .replace(/\.noarkq$/i, '')
    .replace(/\//g, '.');
  return name === '' ? file : name;
}

/** Seconds with millisecond precision, as JUnit's `time` attributes are. */
function seconds(ms: number): string {
  return (Math.max(0, ms) / 1000).toFixed(3);
}

/** `2026-11-27T06:52:54`, UTC: JUnit's timestamp has no zone. */
function junitTimestamp(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

function controlCharacter(char: string | undefined): string {
  return char === undefined ? '' : `\\u{${char.codePointAt(0)!.toString(16)}}`;
}

type CaseOutcome = 'passed' | 'failure' | 'error' | 'skipped';

function caseOutcome(block: BlockTestResult): CaseOutcome {
  if (block.status === 'skipped') return 'skipped';
  if (block.status === 'passed') return 'passed';
  return block.role === 'test' && failedOnExpectation(block) ? 'failure' : 'error';
}

interface Counts {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
}

function fileCounts(file: FileTestResult): Counts {
  if (fileNotRun(file)) return { tests: 1, failures: 0, errors: 1, skipped: 0 };
  const counts: Counts = { tests: 0, failures: 0, errors: 0, skipped: 0 };
  for (const block of reportedBlocks(file)) {
    counts.tests++;
    const outcome = caseOutcome(block);
    if (outcome === 'failure') counts.failures++;
    else if (outcome === 'error') counts.errors++;
    else if (outcome === 'skipped') counts.skipped++;
  }
  return counts;
}

export function junitReport(result: TestRunResult, options: JunitReportOptions = {}): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: controlCharacter });
  const perFile = result.files.map(fileCounts);
  const total = perFile.reduce((a, c) => ({ tests: a.tests + c.tests, failures: a.failures + c.failures, errors: a.errors + c.errors, skipped: a.skipped + c.skipped }), { tests: 0, failures: 0, errors: 0, skipped: 0 });
  const root = doc.ele('testsuites', {
    name: `noarkq test (${result.environment})`,
    tests: String(total.tests),
    failures: String(total.failures),
    errors: String(total.errors),
    skipped: String(total.skipped),
    time: seconds(result.summary.durationMs),
  });
  result.files.forEach((file, i) => fileSuite(root, file, perFile[i]!, options));
  return doc.end({ prettyPrint: true }) + '\n';
}

function fileSuite(root: XMLBuilder, file: FileTestResult, counts: Counts, options: JunitReportOptions): void {
  const suite = root.ele('testsuite', {
    name: file.file,
    tests: String(counts.tests),
    failures: String(counts.failures),
    errors: String(counts.errors),
    skipped: String(counts.skipped),
    time: seconds(file.durationMs),
    timestamp: junitTimestamp(file.startedAt),
    ...(options.hostname ? { hostname: options.hostname } : {}),
    file: file.file,
  });
  suite.ele('properties').ele('property', { name: 'environment', value: file.environment });
  const classname = junitClassName(file.file);
  if (fileNotRun(file)) {
    const line = file.problems[0]?.line;
    const testcase = suite.ele('testcase', { name: file.file, classname, file: file.file, ...(line !== undefined ? { line: String(line) } : {}), time: seconds(file.durationMs) });
    const lines = file.status === 'refused' ? file.problems.map(problemLine) : [file.unreadable ?? 'the file could not be read'];
    testcase.ele('error', { message: notRunSummary(file), type: file.status }).txt(lines.join('\n'));
    return;
  }
  for (const block of reportedBlocks(file)) blockCase(suite, file, block, classname);
}

function blockCase(suite: XMLBuilder, file: FileTestResult, block: BlockTestResult, classname: string): void {
  const testcase = suite.ele('testcase', { name: block.name, classname, file: file.file, line: String(block.line), time: seconds(block.durationMs) });
  switch (caseOutcome(block)) {
    case 'skipped':
      testcase.ele('skipped', { message: oneLine(block.skipReason ?? 'skipped') });
      break;
    case 'failure':
      testcase.ele('failure', { message: failureSummary(block), type: 'expectation' }).txt(expectationText(file, block));
      break;
    case 'error': {
      const at = block.failureLine ?? block.line;
      const text = [failureSummary(block), ...failureDetails(block), `at ${fileLine(file, at)}`];
      if (block.expectations.length > 0) text.push('', expectationText(file, block));
      testcase.ele('error', { message: failureSummary(block), type: failureKind(block) }).txt(text.join('\n'));
      break;
    }
    case 'passed':
      break;
  }
  const request = requestLine(block);
  if (request) testcase.ele('system-out').txt(request);
}

/** Every expectation, in order, the failing ones with the place to fix them. */
function expectationText(file: FileTestResult, block: BlockTestResult): string {
  return block.expectations.map((e) => (e.passed ? describeOutcome(e) : `${describeOutcome(e)}\n  at ${fileLine(file, e.line)}`)).join('\n');
}
