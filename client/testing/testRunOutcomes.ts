/**
 * What the Testing view shows of a file's test run (`runFileTests`' `FileTestResult`): a state and
 * messages for each tested block, messages on the file for what is not a test's (a failed step, a
 * file with errors), and the lines of the run's log. Pure (no `vscode`), so it is tested with
 * node:test; `noarkqTestController.ts` turns it into `TestRun` calls.
 */
import { describeOutcome } from '../../core/document/expectationEvaluation';
import { fileNotRun, type BlockTestResult, type FileTestResult, type LocatedOutcome } from '../../runner/testing/testResults';

/** `errored`: the test could not be judged (no connection, no token, not sent). */
export type TestState = 'passed' | 'failed' | 'errored' | 'skipped';

export interface TestMessageSpec {
  message: string;
  /** 0-based line the message is shown at. */
  line: number;
  /** For a failed expectation: what the line expects and what came, shown as a diff. */
  expected?: string;
  actual?: string;
}

export interface BlockOutcome {
  blockIndex: number;
  name: string;
  role: 'test' | 'step';
  state: TestState;
  durationMs: number;
  messages: TestMessageSpec[];
  /** The block's lines of the log (CRLF line ends, as the test output terminal wants). */
  log: string;
}

export interface FileOutcome {
  state: TestState;
  /** Shown on the file: a failed step's failure, a checker error, why the file could not be read. */
  messages: TestMessageSpec[];
  /** Every block that ran or was skipped, tests and steps, in file order. */
  blocks: BlockOutcome[];
  /** Why a requested test has no outcome: nothing of the file was sent. */
  notRun: string | undefined;
  /** The file's first and last lines of the log (CRLF). */
  header: string;
  footer: string;
  durationMs: number;
}

export interface OutcomeOptions {
  /** Takes secrets out of a text the archive or an identity provider sent. */
  redact?: (text: string) => string;
}

const crlf = '\r\n';

export function fileOutcome(result: FileTestResult, options: OutcomeOptions = {}): FileOutcome {
  const redact = options.redact ?? ((text: string) => text);
  const header = `${result.file} on ${result.environment}${crlf}`;
  if (fileNotRun(result)) {
    const messages: TestMessageSpec[] =
      result.status === 'unreadable'
        ? [{ message: `Nothing was sent: ${result.unreadable ?? 'the file could not be read'}.`, line: 0 }]
        : result.problems.map((p) => ({ message: `${p.message} (${p.code})`, line: p.line - 1 }));
    const count = result.problems.length;
    const first = result.problems[0];
    const notRun =
      result.status === 'unreadable'
        ? `Nothing was sent: ${result.unreadable ?? 'the file could not be read'}.`
        : `Nothing was sent: the file has ${count === 1 ? 'an error' : `${count} errors`}${first ? ` (line ${first.line}: ${first.message})` : ''}. Fix ${count === 1 ? 'it' : 'them'} first.`;
    const lines = result.status === 'unreadable' ? [`✘ ${notRun}`] : [`✘ ${notRun}`, ...result.problems.map((p) => `    line ${p.line}:${p.column} ${p.message} (${p.code})`)];
    return { state: 'errored', messages, blocks: [], notRun, header, footer: lines.map((l) => l + crlf).join(''), durationMs: result.durationMs };
  }

  const blocks = result.blocks.map((b) => blockOutcome(b, redact));
  const messages: TestMessageSpec[] = result.blocks
    .filter((b) => b.role === 'step' && b.status === 'failed')
    .map((b) => ({ message: `Step ${b.name} failed: ${redact(b.failure?.message ?? 'it did not succeed')}`, line: (b.failureLine ?? b.line) - 1 }));
  const tests = result.blocks.filter((b) => b.role === 'test');
  const passed = tests.filter((b) => b.status === 'passed').length;
  const footer = `${result.status === 'passed' ? '✔' : '✘'} ${passed}/${tests.length} test${tests.length === 1 ? '' : 's'} passed (${Math.round(result.durationMs)} ms)${crlf}`;
  return { state: result.status === 'passed' ? 'passed' : 'failed', messages, blocks, notRun: undefined, header, footer, durationMs: result.durationMs };
}

function blockOutcome(block: BlockTestResult, redact: (text: string) => string): BlockOutcome {
  const base = { blockIndex: block.blockIndex, name: block.name, role: block.role, durationMs: block.durationMs };
  const title = `${block.name}${block.role === 'step' ? ' (step)' : ''}`;
  if (block.status === 'skipped') {
    return { ...base, state: 'skipped', messages: [], log: `○ ${title} skipped: ${block.skipReason ?? 'not run'}${crlf}` };
  }
  const tries = block.tries !== undefined && block.tries > 1 ? `, ${block.tries} tries` : '';
  const lines = [`${block.status === 'passed' ? '✔' : '✘'} ${title} (${Math.round(block.durationMs)} ms${tries})`, ...block.expectations.map((e) => `    ${describeOutcome(e)}`)];
  if (block.status === 'passed') return { ...base, state: 'passed', messages: [], log: lines.map((l) => l + crlf).join('') };

  const failure = block.failure;
  const messages: TestMessageSpec[] = block.expectations.filter((e) => !e.passed).map(expectationMessage);
  if (failure && failure.kind !== 'expectation') {
    const text = redact(failure.message);
    messages.push({ message: text, line: block.line - 1 });
    lines.push(`    line ${block.line}: ${text}`);
  }
  if (messages.length === 0) messages.push({ message: `${block.name} failed.`, line: (block.failureLine ?? block.line) - 1 });
  return { ...base, state: stateOf(block), messages, log: lines.map((l) => l + crlf).join('') };
}

function stateOf(block: BlockTestResult): TestState {
  switch (block.failure?.kind) {
    case 'cancelled':
      return 'skipped';
    case 'connection':
    case 'auth':
    case 'not-sent':
      return 'errored';
    default:
      return 'failed';
  }
}

/** A failed `EXPECT` line as a diff: the value it wants (with its operator unless `=`) against what came. */
export function expectationMessage(outcome: LocatedOutcome): TestMessageSpec {
  const expected = outcome.implied ? '2xx' : outcome.operator === '=' ? outcome.expected : `${outcome.operator} ${outcome.expected}`.trim();
  return { message: describeOutcome(outcome), line: outcome.line - 1, expected, actual: outcome.actual };
}
