import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { archiveErrorTest, failedStep, failedTest, file, outcome, passedStep, passedTest, refusedFile, run, skippedTest, unreadableFile } from '../../test/fixtures/testRunResults';
import { junitSchemaErrors, parseXml, type DomNode } from '../../test/fixtures/junit/junitSchema';
import { junitClassName, junitReport } from './junitReport';

/** The report, valid against the schema, parsed back into plain objects. */
async function validReport(xml: string): Promise<DomNode> {
  assert.deepEqual(await junitSchemaErrors(xml), [], xml);
  return parseXml(xml);
}

function children(element: DomNode, name: string): DomNode[] {
  return Array.from(element.childNodes).filter((n) => n.nodeType === 1 && n.nodeName === name);
}

function only(element: DomNode, name: string): DomNode {
  const found = children(element, name);
  assert.equal(found.length, 1, `one <${name}> in <${element.nodeName}>`);
  return found[0]!;
}

function attrs(element: DomNode): Record<string, string> {
  return Object.fromEntries(Array.from(element.attributes ?? []).map((a) => [a.name, a.value]));
}

describe('the schema (libxml2 reads it)', () => {
  test('refuses what it does not allow, so a pass means something', async () => {
    const xml = '<testsuites tests="1" colour="red"><testsuite name="a" tests="1" failures="0" time="1,5"><testcase line="2"/></testsuite><testcase name="x"/></testsuites>';
    const errors = (await junitSchemaErrors(xml)).join('\n');
    assert.match(errors, /colour/);
    assert.match(errors, /1,5/);
    assert.match(errors, /errors.*required|required.*errors/i);
  });
});

describe('junitReport', () => {
  test('all passed: totals, one suite per file, one case per test, passing steps left out', async () => {
    const xml = junitReport(run([file('cases/find.noarkq', [passedStep('setup', 2), passedTest('findCase', 6), passedTest('count', 12)]), file('other.noarkq', [passedTest('ping', 2)])]), { hostname: 'ci-runner' });
    const root = await validReport(xml);
    assert.equal(root.nodeName, 'testsuites');
    assert.deepEqual(attrs(root), { name: 'noarkq test (sandbox)', tests: '3', failures: '0', errors: '0', skipped: '0', time: '1.234' });
    const [first, second] = children(root, 'testsuite');
    assert.deepEqual(attrs(first!), { name: 'cases/find.noarkq', tests: '2', failures: '0', errors: '0', skipped: '0', time: '0.126', timestamp: '2026-03-04T10:00:00', hostname: 'ci-runner', file: 'cases/find.noarkq' });
    assert.deepEqual(attrs(only(only(first!, 'properties'), 'property')), { name: 'environment', value: 'sandbox' });
    const cases = children(first!, 'testcase');
    assert.deepEqual(cases.map(attrs), [
      { name: 'findCase', classname: 'cases.find', file: 'cases/find.noarkq', line: '6', time: '0.042' },
      { name: 'count', classname: 'cases.find', file: 'cases/find.noarkq', line: '12', time: '0.042' },
    ]);
    assert.deepEqual(children(cases[0]!, 'failure'), []);
    assert.equal(only(cases[0]!, 'system-out').textContent, 'POST query → 200 in 42 ms');
    assert.equal(attrs(second!).name, 'other.noarkq');
    assert.equal(attrs(second!).hostname, 'ci-runner');
  });

  test('a failed expectation: <failure type="expectation"> listing every expectation, the failing one with its file:line', async () => {
    const root = await validReport(junitReport(run([file('cases/find.noarkq', [failedTest('findCase', 6), skippedTest('readBack', 20, 'findCase')])])));
    assert.deepEqual(attrs(root), { name: 'noarkq test (sandbox)', tests: '2', failures: '1', errors: '0', skipped: '1', time: '1.234' });
    const suite = only(root, 'testsuite');
    assert.equal(attrs(suite).failures, '1');
    assert.equal(attrs(suite).skipped, '1');
    assert.equal(attrs(suite).hostname, undefined, 'no hostname unless given');
    const [failedCase, skippedCase] = children(suite, 'testcase');
    const failure = only(failedCase!, 'failure');
    assert.deepEqual(attrs(failure), { message: '✘ EXPECT results.length = 1 — actual 0', type: 'expectation' });
    assert.equal(failure.textContent, '✔ EXPECT status = 200\n✘ EXPECT results.length = 1 — actual 0\n  at cases/find.noarkq:10');
    assert.deepEqual(attrs(only(skippedCase!, 'skipped')), { message: 'skipped: findCase failed' });
    assert.deepEqual(children(skippedCase!, 'system-out'), [], 'nothing was sent for a skipped block');
  });

  test('a test that failed without an expectation failing is an <error> of the failure kind', async () => {
    const root = await validReport(junitReport(run([file('flow.noarkq', [passedTest('findCase', 2), archiveErrorTest('register', 10), skippedTest('readBack', 20)])])));
    assert.deepEqual([attrs(root).failures, attrs(root).errors, attrs(root).skipped], ['0', '1', '1']);
    const error = only(children(only(root, 'testsuite'), 'testcase')[1]!, 'error');
    assert.deepEqual(attrs(error), { message: 'the archive refused the transaction (400)', type: 'archive' });
    assert.equal(error.textContent, ['the archive refused the transaction (400)', 'the archive answered 400 (errorId err-7)', 'saksmappe mangler tittel', 'at flow.noarkq:10', '', '✘ EXPECT saved.jp.id exists — actual (missing)', '  at flow.noarkq:13'].join('\n'));
  });

  test('a failed step is a test case with an <error>, so CI shows why the file stopped', async () => {
    const root = await validReport(junitReport(run([file('steps.noarkq', [failedStep('setup', 2), skippedTest('findCase', 8, 'setup')])])));
    const cases = children(only(root, 'testsuite'), 'testcase');
    assert.deepEqual(cases.map((c) => attrs(c).name), ['setup', 'findCase']);
    assert.deepEqual(attrs(only(cases[0]!, 'error')), { message: 'could not connect to 127.0.0.1:8080 (ECONNREFUSED)', type: 'connection' });
    assert.equal(only(cases[0]!, 'system-out').textContent, 'POST query → no answer in 42 ms');
    assert.deepEqual([attrs(root).tests, attrs(root).errors, attrs(root).skipped], ['2', '1', '1']);
  });

  test('a file with only steps that passed is an empty suite', async () => {
    const root = await validReport(junitReport(run([file('setup.noarkq', [passedStep('a', 2), passedStep('b', 6)])])));
    const suite = only(root, 'testsuite');
    assert.deepEqual(children(suite, 'testcase'), []);
    assert.equal(attrs(suite).tests, '0');
    assert.equal(attrs(root).tests, '0');
  });

  test('a refused file: one test case named after the file, <error type="refused"> listing line:column code message', async () => {
    const root = await validReport(junitReport(run([refusedFile('cases/broken.noarkq')])));
    assert.deepEqual([attrs(root).tests, attrs(root).errors], ['1', '1']);
    const testcase = only(only(root, 'testsuite'), 'testcase');
    assert.deepEqual(attrs(testcase), { name: 'cases/broken.noarkq', classname: 'cases.broken', file: 'cases/broken.noarkq', line: '3', time: '0.000' });
    const error = only(testcase, 'error');
    assert.deepEqual(attrs(error), { message: 'not run: the file has 2 errors', type: 'refused' });
    assert.equal(error.textContent, '3:7 unknown-field Saksmappe has no field "titel"; did you mean "tittel"?\n9:1 expect-type saksaar is a number, not a text');
  });

  test('an unreadable file likewise, with its reason', async () => {
    const root = await validReport(junitReport(run([unreadableFile('cases/missing.noarkq')])));
    const testcase = only(only(root, 'testsuite'), 'testcase');
    assert.equal(attrs(testcase).line, undefined);
    assert.deepEqual(attrs(only(testcase, 'error')), { message: 'cannot read cases/missing.noarkq: no such file', type: 'unreadable' });
  });

  test('names with & < > " and æøå are escaped, and a control character in an actual value shows as \\u{…}', async () => {
    const name = 'sak & <arkiv> "æøå"';
    const block = failedTest(name, 4);
    block.expectations = [outcome({ subject: 'results[0].fields.tittel', expected: '"Søknad"', actual: '"Søk\u0007nad <b>"', passed: false, line: 8 })];
    const xml = junitReport(run([file('saker/æøå & co.noarkq', [block])]));
    assert.doesNotMatch(xml, /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    const root = await validReport(xml);
    const suite = only(root, 'testsuite');
    assert.equal(attrs(suite).name, 'saker/æøå & co.noarkq');
    const testcase = only(suite, 'testcase');
    assert.equal(attrs(testcase).name, name);
    assert.equal(attrs(testcase).classname, 'saker.æøå & co');
    const failure = only(testcase, 'failure');
    assert.equal(attrs(failure).message, '✘ EXPECT results[0].fields.tittel = "Søknad" — actual "Søk\\u{7}nad <b>"');
    assert.match(failure.textContent ?? '', /actual "Søk\\u\{7\}nad <b>"\n  at saker\/æøå & co\.noarkq:8$/);
    assert.match(xml, /name="sak &amp; &lt;arkiv&gt; &quot;æøå&quot;"/);
  });
});

test('junitClassName: the path with / as . and without .noarkq', async () => {
  assert.equal(junitClassName('cases/find.noarkq'), 'cases.find');
  assert.equal(junitClassName('./a/b/c.noarkq'), 'a.b.c');
  assert.equal(junitClassName('win\\dir\\x.noarkq'), 'win.dir.x');
  assert.equal(junitClassName('plain'), 'plain');
});
