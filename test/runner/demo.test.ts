/**
 * The README's first command: `npm run demo` (after the build `npm test` has done) runs the
 * integration flow with `noarkq run --sandbox` — a sandbox child process with the demo archive —
 * and verifies the downloaded file's checksum against the archive's `sjekksum`.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const root = new URL('../../', import.meta.url).pathname;

test('npm run demo: the flow runs against a fresh sandbox and the checksum is verified', { timeout: 300_000 }, async () => {
  const child = spawn(process.execPath, ['scripts/demo.mjs'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  assert.equal(code, 0, out);
  assert.match(out, /Done: 8 of 8 requests succeeded\./);
  assert.match(out, /✔ The file came back byte for byte: its SHA-256 matches the archive's sjekksum\./);
  assert.doesNotMatch(out, /noarkq-demo-secret/);
  // The README shows this run's output: the same blocks, requests and statuses, in this order.
  const readme = readFileSync(`${root}README.md`, 'utf8');
  const sample = /```text\n(\$ noarkq run examples\/integration-flow\.noarkq[\s\S]*?)```/.exec(readme)?.[1] ?? '';
  const blocks = (text: string) => [...text.matchAll(/^✔ (\S+) +(\S+ \S+) +(\d{3}) /gm)].map((m) => `${m[1]} ${m[2].replace(/\d+/g, 'N')} ${m[3]}`);
  assert.deepEqual(blocks(sample), blocks(out), "the README's sample output of npm run demo");
});
