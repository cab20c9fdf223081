/**
 * A test run as TAP version 14 (testanything.org): the plan over the tests and the failed steps,
 * `ok` / `not ok N - file › block`, `# SKIP reason` for a block after a failure, and a YAML
 * diagnostic block under each failure with its message, severity, place, and the expected and
 * actual value of the expectation that does not hold. A refused or unreadable file is one
 * `not ok` naming the file. Every YAML value is written as a JSON scalar (YAML 1.2 reads JSON),
 * so no text from an answer can break the block.
 */
import { describeOutcome } from '../../core/document/expectationEvaluation';
import { fileNotRun, type BlockTestResult, type FileTestResult, type TestRunResult } from '../../runner/testing/testResults';
import { failedOnExpectation, failingOutcomes, failureDetails, failureKind, failureSummary, notRunSummary, oneLine, problemLine, reportedBlocks, requestLine } from './reportedBlocks';

interface TapTest {
  ok: boolean;
  description: string;
  skip?: string;
  diagnostics?: string[];
}

export function tapReport(result: TestRunResult): string {
  const tests: TapTest[] = [];
  for (const file of result.files) {
    if (fileNotRun(file)) tests.push(notRunTest(file));
    else for (const block of reportedBlocks(file)) tests.push(blockTest(file, block));
  }
  const lines = ['TAP version 14', tests.length === 0 ? '1..0 # SKIP no tests in these files' : `1..${tests.length}`];
  tests.forEach((t, i) => {
    const directive = t.skip !== undefined ? ` # SKIP ${escapeDescription(t.skip)}` : '';
    lines.push(`${t.ok ? 'ok' : 'not ok'} ${i + 1} - ${escapeDescription(t.description)}${directive}`);
    if (t.diagnostics) lines.push('  ---', ...t.diagnostics.map((l) => `  ${l}`), '  ...');
  });
  const s = result.summary;
  lines.push(`# ${s.tests} test${s.tests === 1 ? '' : 's'}: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped; ${s.steps} step${s.steps === 1 ? '' : 's'}, ${s.stepsFailed} failed; ${s.filesNotRun} file${s.filesNotRun === 1 ? '' : 's'} not run`);
  lines.push(`# environment ${oneLine(result.environment)}, ${(s.durationMs / 1000).toFixed(3)} s`);
  return lines.join('\n') + '\n';
}

function blockTest(file: FileTestResult, block: BlockTestResult): TapTest {
  const description = `${file.file} › ${block.name}`;
  if (block.status === 'skipped') return { ok: true, description, skip: block.skipReason ?? 'skipped' };
  if (block.status === 'passed') return { ok: true, description };
  const at = block.failureLine ?? block.line;
  const yaml = [`message: ${scalar(failureSummary(block))}`, `severity: ${failedOnExpectation(block) ? 'fail' : 'error'}`, `type: ${scalar(failureKind(block))}`, 'at:', `  file: ${scalar(file.file)}`, `  line: ${at}`];
  const failing = failedOnExpectation(block) ? failingOutcomes(block)[0] : undefined;
  if (failing) yaml.push(`subject: ${scalar(failing.subject)}`, `operator: ${scalar(failing.operator)}`, `expected: ${scalar(failing.expected)}`, `actual: ${scalar(failing.actual)}`);
  const details = failureDetails(block);
  if (details.length > 0) yaml.push('details:', ...details.map((d) => `  - ${scalar(d)}`));
  if (block.expectations.length > 0) yaml.push('expectations:', ...block.expectations.map((e) => `  - ${scalar(describeOutcome(e) + (e.passed ? '' : ` (line ${e.line})`))}`));
  const request = requestLine(block);
  if (request) yaml.push(`request: ${scalar(request)}`);
  return { ok: false, description, diagnostics: yaml };
}

function notRunTest(file: FileTestResult): TapTest {
  const yaml = [`message: ${scalar(notRunSummary(file))}`, 'severity: error', `type: ${scalar(file.status)}`, 'at:', `  file: ${scalar(file.file)}`];
  if (file.problems[0]) yaml.push(`  line: ${file.problems[0].line}`);
  if (file.problems.length > 0) yaml.push('problems:', ...file.problems.map((p) => `  - ${scalar(problemLine(p))}`));
  return { ok: false, description: file.file, diagnostics: yaml };
}

/** TAP 14: `#` and `\` in a description are escaped; a line break would end the test line, and
 * another control character is shown as `\u{7}` rather than sent to a terminal. */
function escapeDescription(text: string): string {
  return oneLine(text)
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`)
    .replace(/[\\#]/g, (c) => `\\${c}`);
}

/** A YAML scalar: JSON's string, which YAML 1.2 reads as the same text, escapes and all. */
function scalar(text: string): string {
  return JSON.stringify(text);
}
