import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { archiveErrorTest, failedStep, failedTest, file, outcome, passedStep, passedTest, refusedFile, run, skippedTest, unreadableFile } from '../../test/fixtures/testRunResults';
import { buildJsonTestReport, jsonReport, jsonTestReportSchema } from './jsonReport';

/** Every kind of block and file in one run. */
function everything() {
  const implied = passedTest('ping', 30);
  implied.expectations = [outcome({ subject: 'status', operator: '~', expected: '/^2\\d\\d$/', actual: '200', implied: true, line: 30 })];
  implied.tries = 3;
  const archive = archiveErrorTest('register', 10);
  if (archive.failure?.kind === 'archive') delete archive.failure.errorId;
  // Fields in another order than the schema's: the text still comes out in the schema's order.
  const lost = failedTest('close', 4);
  lost.failure = { check: 'GET registrering?id=1 shows whether it was closed', message: 'the answer was lost', kind: 'outcome-unknown' };
  return run([
    file('cases/find.noarkq', [passedStep('setup', 2), failedTest('findCase', 6), skippedTest('readBack', 20, 'findCase')]),
    file('flow.noarkq', [archive, implied]),
    file('steps.noarkq', [failedStep('setup', 2)]),
    refusedFile(),
    unreadableFile(),
    file('write.noarkq', [lost]),
  ]);
}

describe('jsonReport', () => {
  test('validates against its schema and round-trips: the text parses back to the same object, and that object to the same text', () => {
    const text = jsonReport(everything());
    const parsed: unknown = JSON.parse(text);
    const validated = jsonTestReportSchema.parse(parsed);
    assert.deepEqual(validated, parsed);
    assert.deepEqual(buildJsonTestReport(everything()), parsed, 'no field is undefined in the object');
    assert.equal(JSON.stringify(validated, null, 2) + '\n', text);
  });

  test('the header, the summary and each block with its expectations, failure, skip reason, tries and request', () => {
    const report = buildJsonTestReport(everything());
    assert.equal(report.noarkqTestReport, 1);
    assert.equal(report.environment, 'sandbox');
    assert.equal(report.startedAt, '2026-03-04T10:00:00.000Z');
    assert.equal(report.durationMs, 1234);
    assert.equal(report.passed, false);
    assert.deepEqual(report.summary, { files: 6, tests: 5, passed: 1, failed: 3, skipped: 1, steps: 2, stepsFailed: 1, filesNotRun: 2, durationMs: 1234 });
    const [find, flow, , refused, unreadable, write] = report.files;
    assert.deepEqual(Object.keys(write!.blocks[0]!.failure!), ['kind', 'message', 'check']);
    assert.deepEqual(find!.blocks[1], {
      name: 'findCase',
      line: 6,
      headerLine: 5,
      role: 'test',
      kind: 'query',
      status: 'failed',
      durationMs: 42,
      failure: { kind: 'expectation', message: 'an expectation does not hold' },
      failureLine: 10,
      expectations: [
        { subject: 'status', operator: '=', expected: '200', actual: '200', passed: true, line: 9 },
        { subject: 'results.length', operator: '=', expected: '1', actual: '0', passed: false, line: 10 },
      ],
      request: { method: 'POST', path: 'query', status: 200, durationMs: 42, bytes: 120 },
    });
    assert.equal(find!.blocks[2]!.skipReason, 'skipped: findCase failed');
    assert.equal(find!.blocks[2]!.request, undefined);
    assert.deepEqual(flow!.blocks[0]!.failure, { kind: 'archive', message: 'the archive refused the transaction (400)', status: 400, description: 'saksmappe mangler tittel' });
    assert.equal(flow!.blocks[1]!.tries, 3);
    assert.equal(flow!.blocks[1]!.expectations[0]!.implied, true);
    assert.deepEqual([refused!.status, refused!.problems.length, refused!.blocks], ['refused', 2, []]);
    assert.equal(unreadable!.unreadable, 'cannot read cases/missing.noarkq: no such file');
  });

  test('no bodies unless asked; with includeBodies the request body, the answer headers and body', () => {
    const block = passedTest('register', 4);
    block.result = { ...block.result!, request: { ...block.result!.request!, body: { actions: [] } } };
    const without = jsonReport(run([file('a.noarkq', [block])]));
    assert.doesNotMatch(without, /Byggesak|actions|content-type/);
    const withBodies = buildJsonTestReport(run([file('a.noarkq', [block])]), { includeBodies: true });
    jsonTestReportSchema.parse(withBodies);
    const sent = withBodies.files[0]!.blocks[0]!;
    assert.deepEqual(sent.request!.body, { actions: [] });
    assert.deepEqual(sent.response, { headers: { 'content-type': 'application/json' }, body: { results: [{ id: 'sm-1', fields: { tittel: 'Byggesak' } }], hasMore: false } });
  });

  test('the schema refuses another version, an unknown field and a bad timestamp', () => {
    const report = buildJsonTestReport(run([file('a.noarkq', [passedTest()])]));
    assert.equal(jsonTestReportSchema.safeParse({ ...report, noarkqTestReport: 2 }).success, false);
    assert.equal(jsonTestReportSchema.safeParse({ ...report, extra: true }).success, false);
    assert.equal(jsonTestReportSchema.safeParse({ ...report, startedAt: 'yesterday' }).success, false);
    const block = { ...report.files[0]!.blocks[0]!, body: {} };
    assert.equal(jsonTestReportSchema.safeParse({ ...report, files: [{ ...report.files[0]!, blocks: [block] }] }).success, false);
  });
});
