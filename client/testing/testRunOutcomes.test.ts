import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { BlockTestResult, FileTestResult } from '../../runner/testing/testResults';
import { expectationMessage, fileOutcome } from './testRunOutcomes';

const file = (blocks: BlockTestResult[], status: FileTestResult['status'] = blocks.some((b) => b.status === 'failed') ? 'failed' : 'passed'): FileTestResult => ({
  file: 'suite/cases.noarkq',
  absolutePath: '/w/suite/cases.noarkq',
  status,
  hasTests: true,
  blocks,
  problems: [],
  startedAt: 0,
  durationMs: 42,
  environment: 'sandbox',
});

const block = (over: Partial<BlockTestResult>): BlockTestResult => ({
  name: 'findCase',
  blockIndex: 0,
  line: 4,
  headerLine: 3,
  role: 'test',
  requestKind: 'query',
  status: 'passed',
  expectations: [],
  durationMs: 12,
  ...over,
});

const status200 = { line: 6, passed: true, subject: 'status', operator: '=', expected: '200', actual: '200' };
const oneResult = { line: 7, passed: false, subject: 'results.length', operator: '=', expected: '1', actual: '0' };

describe('test run outcomes', () => {
  test('a passing file: every test passed, the log lists each expectation, lines end in CRLF', () => {
    const outcome = fileOutcome(file([block({ expectations: [status200] })]));
    assert.equal(outcome.state, 'passed');
    assert.deepEqual(outcome.messages, []);
    assert.deepEqual(
      outcome.blocks.map((b) => [b.blockIndex, b.state, b.messages]),
      [[0, 'passed', []]],
    );
    assert.equal(outcome.blocks[0]!.log, '✔ findCase (12 ms)\r\n    ✔ EXPECT status = 200\r\n');
    assert.equal(outcome.header, 'suite/cases.noarkq on sandbox\r\n');
    assert.equal(outcome.footer, '✔ 1/1 test passed (42 ms)\r\n');
  });

  test('a failed expectation: one diff message per failing line, at its 0-based line', () => {
    const failed = block({ status: 'failed', expectations: [status200, oneResult, { ...oneResult, line: 8, subject: 'hasMore', expected: 'false', actual: 'true' }], failure: { kind: 'expectation', message: 'x' }, failureLine: 7 });
    const outcome = fileOutcome(file([failed]));
    assert.equal(outcome.state, 'failed');
    const [only] = outcome.blocks;
    assert.equal(only!.state, 'failed');
    assert.deepEqual(only!.messages, [
      { message: '✘ EXPECT results.length = 1 — actual 0', line: 6, expected: '1', actual: '0' },
      { message: '✘ EXPECT hasMore = false — actual true', line: 7, expected: 'false', actual: 'true' },
    ]);
    assert.match(only!.log, /^✘ findCase \(12 ms\)\r\n {4}✔ EXPECT status = 200\r\n {4}✘ EXPECT results\.length = 1 — actual 0\r\n/);
    assert.equal(outcome.footer, '✘ 0/1 test passed (42 ms)\r\n');
  });

  test('a comparison other than = keeps its operator in the expected side; the implied 2xx says 2xx', () => {
    assert.deepEqual(expectationMessage({ line: 3, passed: false, subject: 'time', operator: '<', expected: '2000', actual: '2345' }), {
      message: '✘ EXPECT time < 2000 — actual 2345',
      line: 2,
      expected: '< 2000',
      actual: '2345',
    });
    assert.equal(expectationMessage({ line: 1, passed: false, subject: 'saved.x.id', operator: 'exists', expected: '', actual: '(missing)' }).expected, 'exists');
    assert.equal(expectationMessage({ line: 4, passed: false, subject: 'status', operator: '~', expected: '/^2/', actual: '404', implied: true }).expected, '2xx');
  });

  test('a failure that is not an expectation: its text at the request line, redacted; no connection is an error, not a failure', () => {
    const broken = block({ status: 'failed', failure: { kind: 'connection', message: 'could not reach https://x?token=SECRET' } });
    const outcome = fileOutcome(file([broken]), { redact: (t) => t.replace('SECRET', '***') });
    assert.deepEqual(outcome.blocks[0]!.messages, [{ message: 'could not reach https://x?token=***', line: 3 }]);
    assert.equal(outcome.blocks[0]!.state, 'errored');
    const refusedByArchive = block({ status: 'failed', failure: { kind: 'archive', message: 'The archive answered 400', status: 400, errorId: undefined, description: '' } });
    assert.equal(fileOutcome(file([refusedByArchive])).blocks[0]!.state, 'failed');
    assert.equal(fileOutcome(file([block({ status: 'failed', failure: { kind: 'cancelled', message: 'cancelled' } })])).blocks[0]!.state, 'skipped');
  });

  test('a failed step fails the file with a message at its line; the tests after it are skipped with the reason in the log', () => {
    const step = block({ name: 'setup', role: 'step', line: 2, headerLine: 1, status: 'failed', failure: { kind: 'archive', message: 'The archive answered 403', status: 403, errorId: undefined, description: '' }, failureLine: 2 });
    const after = block({ blockIndex: 1, status: 'skipped', skipReason: 'setup failed above', durationMs: 0 });
    const outcome = fileOutcome(file([step, after]));
    assert.equal(outcome.state, 'failed');
    assert.deepEqual(outcome.messages, [{ message: 'Step setup failed: The archive answered 403', line: 1 }]);
    assert.deepEqual(
      outcome.blocks.map((b) => [b.name, b.role, b.state]),
      [
        ['setup', 'step', 'failed'],
        ['findCase', 'test', 'skipped'],
      ],
    );
    assert.equal(outcome.blocks[1]!.log, '○ findCase skipped: setup failed above\r\n');
  });

  test('a file with errors: errored, each problem at its line, and why its tests were not run', () => {
    const refused: FileTestResult = {
      ...file([], 'refused'),
      problems: [
        { line: 5, column: 7, code: 'noarkq.unknown-field', message: 'Saksmappe has no field `titel`' },
        { line: 9, column: 1, code: 'noarkq.param-undefined', message: '@x is not defined' },
      ],
    };
    const outcome = fileOutcome(refused);
    assert.equal(outcome.state, 'errored');
    assert.deepEqual(
      outcome.messages.map((m) => m.line),
      [4, 8],
    );
    assert.equal(outcome.notRun, 'Nothing was sent: the file has 2 errors (line 5: Saksmappe has no field `titel`). Fix them first.');
    assert.match(outcome.footer, /\r\n {4}line 5:7 Saksmappe has no field `titel` \(noarkq\.unknown-field\)\r\n/);
    const unreadable = fileOutcome({ ...file([], 'unreadable'), unreadable: 'the file holds no request' });
    assert.equal(unreadable.notRun, 'Nothing was sent: the file holds no request.');
  });
});
