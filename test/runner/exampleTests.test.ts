/**
 * The example test suite (examples/tests) passes as shipped, run the way CI and the README run it:
 * the built command, `noarkq test examples/tests --sandbox --report-junit FILE`, in a process of
 * its own with a sandbox of its own; the JUnit report it writes is valid against the schema and
 * counts every test. (test/examples.test.ts checks the same files without an archive.)
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { junitSchemaErrors, parseXml, type DomNode } from '../fixtures/junit/junitSchema';

const root = new URL('../../', import.meta.url).pathname;
const suite = join(root, 'examples', 'tests');

function attribute(node: DomNode, name: string): string | undefined {
  return Array.from(node.attributes ?? []).find((a) => a.name === name)?.value;
}

describe('examples/tests with the built noarkq test and its own sandbox', () => {
  const dir = mkdtempSync(join(tmpdir(), 'noarkq-example-tests-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('every file passes, every block a passing test or step, and the JUnit report says so', { timeout: 180_000 }, async () => {
    const junit = join(dir, 'junit.xml');
    const child = spawn(process.execPath, ['bin/noarkq.js', 'test', 'examples/tests', '--sandbox', '--report-junit', junit], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => void (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => void (err += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    assert.equal(code, 0, out + err);

    const files = readdirSync(suite).filter((name) => name.endsWith('.noarkq'));
    for (const name of files) assert.match(out, new RegExp(`^PASS examples/tests/${name.replace(/\./g, '\\.')} `, 'm'), `${name} passed`);
    assert.match(out, new RegExp(`^Files {2}${files.length} passed \\(${files.length}\\)$`, 'm'));
    assert.doesNotMatch(out, /skipped|failed/);

    const xml = readFileSync(junit, 'utf8');
    assert.deepEqual(await junitSchemaErrors(xml), []);
    const report = parseXml(xml);
    const tests = Number(/^Tests {2}(\d+) passed/m.exec(out)?.[1]);
    assert.ok(tests >= files.length, out);
    assert.deepEqual([attribute(report, 'tests'), attribute(report, 'failures'), attribute(report, 'errors')], [String(tests), '0', '0']);
    assert.equal(Array.from(report.childNodes).filter((n) => n.nodeName === 'testsuite').length, files.length);

    // The README shows this run: the same files, tests and steps (times and order aside).
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const shown = /\$ noarkq test examples\/tests --sandbox[^\n]*\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const lines = (text: string) => text.split('\n').filter((l) => /^(PASS|FAIL|Files|Tests|Steps) /.test(l)).map((l) => l.replace(/ {2}[\d.]+ m?s$/, '')).sort();
    assert.deepEqual(lines(shown), lines(out), 'README.md shows what the run printed');
  });
});
