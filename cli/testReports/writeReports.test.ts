import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { failedTest, file, passedTest, run } from '../../test/fixtures/testRunResults';
import { jsonTestReportSchema } from './jsonReport';
import { writeErrorReason, writeTestReports } from './writeReports';

const dir = mkdtempSync(join(tmpdir(), 'noarkq-reports-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const result = run([file('cases/find.noarkq', [passedTest('findCase', 2), failedTest('count', 10)])]);

describe('writeTestReports', () => {
  test('writes each report asked for, creating its folder, relative to cwd', async () => {
    const out = await writeTestReports(result, { junit: 'out/deep/junit.xml', tap: 'out/report.tap', json: 'out/report.json', html: 'html/index.html' }, { cwd: dir, hostname: 'ci' });
    assert.deepEqual(out.errors, []);
    assert.deepEqual(
      out.written.map((w) => [w.format, w.path, w.absolutePath]),
      [
        ['junit', 'out/deep/junit.xml', join(dir, 'out/deep/junit.xml')],
        ['tap', 'out/report.tap', join(dir, 'out/report.tap')],
        ['json', 'out/report.json', join(dir, 'out/report.json')],
        ['html', 'html/index.html', join(dir, 'html/index.html')],
      ],
    );
    assert.match(readFileSync(join(dir, 'out/deep/junit.xml'), 'utf8'), /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites [^>]*failures="1"/);
    assert.match(readFileSync(join(dir, 'out/deep/junit.xml'), 'utf8'), /hostname="ci"/);
    assert.match(readFileSync(join(dir, 'out/report.tap'), 'utf8'), /^TAP version 14\n1\.\.2\n/);
    const json = jsonTestReportSchema.parse(JSON.parse(readFileSync(join(dir, 'out/report.json'), 'utf8')));
    assert.equal(json.files[0]!.blocks[0]!.response, undefined, 'no bodies by default');
    assert.match(readFileSync(join(dir, 'html/index.html'), 'utf8'), /^<!DOCTYPE html>/);
  });

  test('only what was asked; includeBodies reaches the JSON report', async () => {
    const out = await writeTestReports(result, { json: join(dir, 'only/report.json') }, { includeBodies: true });
    assert.deepEqual(out.written.map((w) => w.format), ['json']);
    const json = jsonTestReportSchema.parse(JSON.parse(readFileSync(join(dir, 'only/report.json'), 'utf8')));
    assert.ok(json.files[0]!.blocks[0]!.response);
  });

  test('the run\'s secrets are *** in every report, also where the format escapes them', async () => {
    // Characters each format escapes around a part no format changes.
    const secret = 'eyJ&zq9secret"tok<1>';
    const leaky = failedTest('count', 10);
    leaky.failure = { kind: 'expectation', message: `expected ${secret} to be gone` };
    leaky.expectations = leaky.expectations.map((e) => (e.passed ? e : { ...e, actual: secret }));
    leaky.result = { ...leaky.result!, body: { echoed: secret, [secret]: 1 } };
    const withSecret = run([file('cases/leak.noarkq', [passedTest('findCase', 2), leaky])]);
    const targets = { junit: 'leak/junit.xml', tap: 'leak/report.tap', json: 'leak/report.json', html: 'leak/report.html' };
    const formats = Object.keys(targets) as Array<keyof typeof targets>;
    const read = (format: keyof typeof targets) => readFileSync(join(dir, targets[format]), 'utf8');
    // Not told the secrets, every report shows it: the check below would see a leak.
    await writeTestReports(withSecret, targets, { cwd: dir, includeBodies: true });
    for (const format of formats) assert.match(read(format), /zq9secret/, `${format} shows it unless told`);
    const out = await writeTestReports(withSecret, targets, { cwd: dir, includeBodies: true, secrets: [secret] });
    assert.deepEqual(out.errors, []);
    for (const format of formats) assert.doesNotMatch(read(format), /zq9secret/, `${format} holds the secret`);
    assert.match(read('json'), /"echoed": "\*\*\*"/);
    assert.match(read('junit'), /actual \*\*\*/);
  });

  test('a folder in the way, a file in the way of the folder, one path for two reports: errors naming the file, the rest written', async () => {
    mkdirSync(join(dir, 'taken/report.tap'), { recursive: true });
    writeFileSync(join(dir, 'blocker'), 'a file');
    const out = await writeTestReports(result, { junit: 'blocker/junit.xml', tap: 'taken/report.tap', json: 'fine.json', html: 'fine.json' }, { cwd: dir });
    assert.deepEqual(
      out.errors.map((e) => [e.format, e.message]),
      [
        ['junit', 'cannot write the JUnit report to blocker/junit.xml: a file is in the way of its folder'],
        ['tap', 'cannot write the TAP report to taken/report.tap: it is a folder'],
        ['html', 'cannot write the HTML report to fine.json: the JSON report is written there'],
      ],
    );
    assert.deepEqual(out.written.map((w) => w.path), ['fine.json']);
    assert.match(readFileSync(join(dir, 'fine.json'), 'utf8'), /"noarkqTestReport": 1/);
  });

  test('an empty path is an error, not the working folder', async () => {
    const out = await writeTestReports(result, { tap: '' }, { cwd: dir });
    assert.deepEqual(out.errors.map((e) => e.message), ['cannot write the TAP report: no file name given']);
  });
});

test('writeErrorReason: the system codes in words, else the message', () => {
  const coded = (code: string) => Object.assign(new Error(`${code}: raw`), { code });
  assert.equal(writeErrorReason(coded('EACCES')), 'permission denied');
  assert.equal(writeErrorReason(coded('EROFS')), 'the file system is read-only');
  assert.equal(writeErrorReason(coded('ENOSPC')), 'no space left on the device');
  assert.equal(writeErrorReason(coded('EIO')), 'EIO: raw');
  assert.equal(writeErrorReason('odd'), 'odd');
});
