/**
 * `noarkq test` end to end: the real CLI code, an environments file, and the real sandbox (with
 * its demo archive) over real HTTP on 127.0.0.1 — exit codes by kind of trouble, files in
 * parallel printed whole, skipped blocks, `--continue`, and writes never sent unconfirmed.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { noarkModel } from '../../core/schema';
import { capturedRunIo } from './capturedRunIo';
import { connectForRun } from '../../cli/runConnection';
import { runTest } from '../../cli/testCommand';
import { jsonTestReportSchema } from '../../cli/testReports/jsonReport';
import { junitSchemaErrors, parseXml, type DomNode } from '../fixtures/junit/junitSchema';
import { seedDemoArchive } from '../../sandbox/seed/demoArchive';
import { useTestSandbox } from '../http/sandboxHarness';

const repo = new URL('../../', import.meta.url).pathname;

function attribute(node: DomNode, name: string): string | undefined {
  return Array.from(node.attributes ?? []).find((a) => a.name === name)?.value;
}

interface Captured {
  code: number;
  /** Every piece written to stdout, as written. */
  pieces: string[];
  out: string;
  err: string;
}

const passing = `@year = 2024

### cases
QUERY Saksmappe
WHERE saksaar = @year
LIMIT 3
EXPECT results.length >= 1
EXPECT results[*].fields.saksaar = @year

### me
GET info/me
`;

const failing = `@year = 2024

### first
QUERY Saksmappe
WHERE saksaar = @year
LIMIT 1
EXPECT results.length = 7

### reader
@id = {{first.results[0].id}}
QUERY Journalpost
WHERE refMappe.id = @id
LIMIT 1
EXPECT status = 200

### independent
GET info/me
EXPECT status = 200
`;

describe('noarkq test against the sandbox', () => {
  const env = useTestSandbox({ seed: async (services) => void (await seedDemoArchive(services)) });
  let dir: string;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'noarkq-test-'));
    const environment = (name: string, isProtected: boolean, baseUrl = env.sandbox.sandbox.apiUrl) => ({
      name,
      baseUrl,
      auth: { kind: 'client_credentials', tokenUrl: env.sandbox.sandbox.tokenUrl, clientId: 'noarkq-demo' },
      variables: {},
      protected: isProtected,
    });
    writeFileSync(
      join(dir, 'noarkq.environments.json'),
      JSON.stringify({ environments: [environment('test', false), environment('prod', true), environment('closed', false, 'https://127.0.0.1:9/api/')] }, null, 2),
    );
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  async function test(args: string[]): Promise<Captured> {
    const terminal = capturedRunIo(dir, { NOARKQ_CLIENT_SECRET: 'noarkq-demo-secret' });
    const code = await runTest(args, terminal.io, noarkModel, connectForRun);
    return { code, pieces: terminal.pieces, out: terminal.out(), err: terminal.err() };
  }

  function folder(name: string, files: Record<string, string>): string {
    mkdirSync(join(dir, name, 'nested'), { recursive: true });
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, name, file), text);
    return name;
  }

  it('every test passes: exit 0, a PASS line per file (folders searched recursively), a summary', async () => {
    const suite = folder('green', { 'a.noarkq': passing, 'nested/b.noarkq': passing, 'steps.noarkq': '### me\nGET info/me\n', 'notes.txt': 'not a test' });
    const r = await test([suite, '--env', 'test']);
    assert.equal(r.code, 0, r.out + r.err);
    assert.match(r.out, /^PASS green\/a\.noarkq {2}1 test, 1 step {2}/m);
    assert.match(r.out, /^PASS green\/nested\/b\.noarkq/m);
    assert.match(r.out, /^PASS green\/steps\.noarkq {2}no tests, 1 step/m, 'a file without expectations runs as steps');
    assert.match(r.out, /^Files {2}3 passed \(3\)$/m);
    assert.match(r.out, /^Tests {2}2 passed \(2\)$/m);
    assert.match(r.out, /^Steps {2}3 passed \(3\)$/m);
  });

  it('a failed expectation: exit 1, the expectation with its file:line and actual value, the blocks after it skipped', async () => {
    const suite = folder('red', { 'flow.noarkq': failing });
    const r = await test([suite, '--env', 'test']);
    assert.equal(r.code, 1, r.out + r.err);
    assert.match(r.out, /^FAIL red\/flow\.noarkq {2}1 of 3 tests failed, 2 skipped/m);
    assert.match(r.out, /✘ EXPECT results\.length = 7 — actual 1 {2}red\/flow\.noarkq:7$/m);
    assert.match(r.out, /- reader {2}skipped: first failed above/);
    assert.match(r.out, /- independent {2}skipped: first failed above/);
    assert.match(r.out, /^Tests {2}0 passed, 1 failed, 2 skipped \(3\)$/m);
  });

  it('--continue runs on the blocks that do not read from the failed one', async () => {
    const suite = folder('continue', { 'flow.noarkq': failing });
    const r = await test([suite, '--env', 'test', '--continue']);
    assert.equal(r.code, 1);
    assert.match(r.out, /- reader {2}skipped: it reads first, which failed/);
    assert.doesNotMatch(r.out, /independent/, 'the independent block ran and passed');
    assert.match(r.out, /^Tests {2}1 passed, 1 failed, 1 skipped \(3\)$/m);
  });

  it('a file with errors is not run (exit 4) while the others are; the first of 2, 3, 4, 1 wins', async () => {
    const suite = folder('mixed', { 'broken.noarkq': '### x\nQUERY Saksmapp\nLIMIT 1\nEXPECT results.length = 1\n', 'ok.noarkq': passing, 'bad.noarkq': failing });
    const r = await test([suite, '--env', 'test']);
    assert.equal(r.code, 4, r.out);
    assert.match(r.out, /^NOT RUN mixed\/broken\.noarkq {2}1 error: nothing was sent\n {2}mixed\/broken\.noarkq:2:7 {2}error {2}Unknown entity type `Saksmapp`/m);
    assert.match(r.out, /^PASS mixed\/ok\.noarkq/m);
    assert.match(r.out, /^FAIL mixed\/bad\.noarkq/m);
    assert.match(r.out, /^Files {2}1 passed, 1 failed, 1 not run \(errors\) \(3\)$/m);
  });

  it('only files with errors: no archive is asked for anything', async () => {
    const suite = folder('allBroken', { 'broken.noarkq': '### x\nQUERY Saksmapp\nLIMIT 1\n' });
    const r = await test([suite, join(repo, 'examples', 'broken.noarkq'), '--env', 'closed']);
    assert.equal(r.code, 4);
    assert.doesNotMatch(r.err, /Testing/);
    // A file of many errors lists the first ten and points to the command that lists them all.
    const broken = r.pieces.find((p) => p.includes('examples/broken.noarkq  '))!;
    assert.equal(broken.split('\n').filter((l) => / error /.test(l)).length, 10);
    assert.match(broken, /… \d+ more: noarkq check .*broken\.noarkq lists them all/);
  });

  it('a negative test: a request the checker knows the archive refuses is sent when the block expects the refusal', async () => {
    const negative = [
      '### series\nQUERY Arkivdel\nLIMIT 1\n',
      '### noClass',
      'TRANSACTION',
      '[{"action": "save", "type": "Saksmappe", "id": "s", "fields": {"tittel": "Uten klasse"}},',
      ' {"action": "link", "type": "Saksmappe", "id": "s", "ref": "refArkivdel", "linkToId": "{{series.results[0].id}}"}]',
      'EXPECT status = 400',
      'EXPECT description %= "%refPrimaerKlasse%"',
      '',
    ].join('\n');
    const r = await test([folder('negative', { 'noClass.noarkq': negative }), '--env', 'test', '--verbose']);
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /✔ noClass {2}POST transaction {2}400/);
    // Expecting success instead, the same request is never sent.
    const positive = await test([folder('positive', { 'noClass.noarkq': negative.replace('EXPECT status = 400\nEXPECT description %= "%refPrimaerKlasse%"', 'EXPECT saved.s.id exists') }), '--env', 'test']);
    assert.equal(positive.code, 4, positive.out);
    assert.match(positive.out, /tx\.missing-required-link/);
  });

  it('usage and connection trouble: exit 2', async () => {
    assert.equal((await test(['nowhere.noarkq', '--env', 'test'])).code, 2);
    assert.equal((await test(['--jobs', '0'])).code, 2);
    const unreachable = await test([folder('unreachable', { 'a.noarkq': passing }), '--env', 'closed', '--connect-timeout', '2s']);
    assert.equal(unreachable.code, 2, unreachable.out);
    assert.match(unreachable.out, /nothing is listening on 127\.0\.0\.1:9|connection refused/);
  });

  it('--jobs: files run at once, each file\'s report printed whole, in one piece', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 6; i++) files[`f${i}.noarkq`] = i % 2 === 0 ? passing : failing;
    const suite = folder('parallel', files);
    const r = await test([suite, '--env', 'test', '--jobs', '3']);
    assert.equal(r.code, 1);
    const reports = r.pieces.filter((p) => /^(PASS|FAIL|NOT RUN) /.test(p));
    assert.equal(reports.length, 6, 'one piece per file');
    for (const piece of reports) {
      assert.equal(piece.match(/^(PASS|FAIL|NOT RUN) /gm)?.length, 1, `one file per piece:\n${piece}`);
      const file = /^(?:PASS|FAIL) (\S+)/.exec(piece)?.[1] ?? '';
      const expectedFailing = ['f1', 'f3', 'f5'].some((f) => file.endsWith(`${f}.noarkq`));
      if (expectedFailing) assert.match(piece, /✘ EXPECT results\.length = 7[^\n]*:7\n {2}- reader {2}skipped/, 'its details follow its own header');
    }
    assert.match(r.err, /6 files against test, 3 at a time/);
  });

  it('writes every report a CI asks for: JUnit valid against the schema, TAP, JSON, HTML', async () => {
    const suite = folder('reports', { 'good.noarkq': passing, 'bad.noarkq': failing, 'broken.noarkq': '### x\nQUERY Saksmapp\nLIMIT 1\n' });
    const r = await test([suite, '--env', 'test', '--report-junit', 'out/junit.xml', '--report-tap', 'out/report.tap', '--report-json', 'out/report.json', '--report-html', 'out/report.html']);
    assert.equal(r.code, 4, r.out + r.err);
    assert.match(r.err, /Wrote the JUnit report to out\/junit\.xml/);

    const junit = readFileSync(join(dir, 'out', 'junit.xml'), 'utf8');
    assert.deepEqual(await junitSchemaErrors(junit), []);
    const root = parseXml(junit);
    const suites = Array.from(root.childNodes).filter((n) => n.nodeName === 'testsuite');
    assert.deepEqual(suites.map((n) => attribute(n, 'name')).sort(), ['reports/bad.noarkq', 'reports/broken.noarkq', 'reports/good.noarkq']);
    const bad = suites.find((n) => attribute(n, 'name') === 'reports/bad.noarkq')!;
    assert.deepEqual([attribute(bad, 'tests'), attribute(bad, 'failures'), attribute(bad, 'skipped')], ['3', '1', '2']);
    const failure = Array.from(bad.childNodes).flatMap((c) => Array.from(c.childNodes)).find((n) => n.nodeName === 'failure')!;
    assert.match(failure.textContent ?? '', /EXPECT results\.length = 7 — actual 1/);
    assert.match(failure.textContent ?? '', /reports\/bad\.noarkq:7/);

    const tap = readFileSync(join(dir, 'out', 'report.tap'), 'utf8');
    assert.match(tap, /^TAP version 14\n/);
    assert.match(tap, /^not ok \d+ - reports\/bad\.noarkq › first$/m);

    const json = jsonTestReportSchema.parse(JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8')));
    assert.equal(json.summary.failed, 1);
    assert.equal(json.summary.filesNotRun, 1);

    const html = readFileSync(join(dir, 'out', 'report.html'), 'utf8');
    assert.match(html, /<html/);
    assert.match(html, /results\.length = 7/);
  });

  it('the reports hide the environment\'s secrets as the terminal does', async () => {
    // A file that sends the client secret in a query parameter: the HTML and JSON reports show
    // the request's body, and would show it.
    const leak = '### leak\n@t = "noarkq-demo-secret"\nQUERY Saksmappe\nWHERE tittel = @t\nLIMIT 1\nEXPECT results.length = 0\n';
    const suite = folder('secrets', { 'leak.noarkq': leak });
    const r = await test([suite, '--env', 'test', '--verbose', '--report-html', 'secrets/report.html', '--report-json', 'secrets/report.json']);
    assert.equal(r.code, 0, r.out + r.err);
    const html = readFileSync(join(dir, 'secrets', 'report.html'), 'utf8');
    assert.doesNotMatch(html, /noarkq-demo-secret/);
    assert.match(html, /&#34;@t&#34;: &#34;\*\*\*&#34;/, 'the parameter is there, redacted');
    assert.doesNotMatch(readFileSync(join(dir, 'secrets', 'report.json'), 'utf8'), /noarkq-demo-secret/);
  });

  it('a RETRY block reports its tries, and its time counts every try and the waits between them', async () => {
    const suite = folder('retry', { 'wait.noarkq': '### me\nGET info/me\nRETRY 2 EVERY 60ms\nEXPECT status = 200\nEXPECT userId = "nobody"\n' });
    const r = await test([suite, '--env', 'test', '--report-json', 'retry.json']);
    assert.equal(r.code, 1);
    assert.match(r.out, /✘ me {2}GET info\/me {2}200 {2}retry\/wait\.noarkq:2, 3 tries/);
    const block = jsonTestReportSchema.parse(JSON.parse(readFileSync(join(dir, 'retry.json'), 'utf8'))).files[0]!.blocks[0]!;
    assert.equal(block.tries, 3);
    assert.ok(block.durationMs >= 120, `two waits of 60 ms are part of it: ${block.durationMs}`);
  });

  it('a report that cannot be written is said, the others are written, and the run exits 2', async () => {
    const suite = folder('unwritable', { 'good.noarkq': passing });
    mkdirSync(join(dir, 'taken.xml'));
    const r = await test([suite, '--env', 'test', '--report-junit', 'taken.xml', '--report-json', 'ok.json']);
    assert.equal(r.code, 2);
    assert.match(r.err, /cannot write the JUnit report to taken\.xml/i);
    assert.ok(readFileSync(join(dir, 'ok.json'), 'utf8').length > 0);
  });

  it('a write to a protected environment is not sent without --yes, and is with it', async () => {
    const title = `Skrevet av noarkq test ${Date.now()}`;
    const write = [
      '@y = 2024\n### find\nQUERY Saksmappe\nWHERE saksaar = @y\nLIMIT 1\n',
      '### save\nTRANSACTION\n{ "actions": [',
      `  { "action": "save", "type": "Journalpost", "id": "jp", "fields": { "tittel": "${title}", "journalposttype": "I" } },`,
      '  { "action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe", "linkToId": "{{find.results[0].id}}" },',
      '  { "action": "save", "type": "Korrespondansepart", "id": "kp", "fields": { "korrespondansepartNavn": "Kari Nordmann", "korrespondanseparttype": "EA" } },',
      '  { "action": "link", "type": "Korrespondansepart", "id": "kp", "ref": "refRegistrering", "linkToId": "jp" }',
      '] }\nEXPECT saved.jp.id exists\n',
    ].join('\n');
    // Counted at the archive: how many entries it holds with the title.
    const count = (n: number) => folder(`count${n}`, { 'count.noarkq': `### count\nQUERY Journalpost\nWHERE tittel = @title\nEXPECT results.length = ${n}\n` });
    const suite = folder('protected', { 'write.noarkq': write });
    const refused = await test([suite, '--env', 'prod']);
    assert.equal(refused.code, 1, refused.out);
    assert.match(refused.out, /not confirmed/);
    assert.equal((await test([count(0), '--env', 'test', '--var', `title=${title}`])).code, 0, 'nothing reached the archive');
    const confirmed = await test([suite, '--env', 'prod', '--yes']);
    assert.equal(confirmed.code, 0, confirmed.out);
    assert.equal((await test([count(1), '--env', 'test', '--var', `title=${title}`])).code, 0, 'sent once');
  });
});
