/**
 * The CLI's start through V8's code cache, end to end: the CLI is bundled into a temp folder (as
 * `npm run build` does) and run as a child process, as `bin/noarkq.js` runs it.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let work: string;

before(() => {
  work = mkdtempSync(join(tmpdir(), 'noarkq-cli-launch-'));
  const built = spawnSync(process.execPath, [join(root, 'esbuild.mjs'), '--only', 'cli', '--outdir', work], { encoding: 'utf8' });
  assert.equal(built.status, 0, built.stderr);
  writeFileSync(join(work, 'bad.noarkq'), '### a\nQEURY Saksmappe\n');
});

after(() => {
  chmodSync(work, 0o700);
  rmSync(work, { recursive: true, force: true });
});

function noarkq(args: string[], cache: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(work, 'cli.js'), ...args], { cwd: work, encoding: 'utf8', env: { ...process.env, NOARKQ_CODE_CACHE: cache } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('the first command caches the commands bundle as it exits; the next reads it, writes nothing and works', () => {
  const cache = join(work, 'cache');
  const first = noarkq(['check', 'bad.noarkq'], cache);
  assert.equal(first.status, 1, first.stderr);
  const files = readdirSync(cache);
  assert.deepEqual(files.map((f) => f.replace(/-[0-9a-f]{8}\./, '-#.')), ['cliCommands-#.v8cache']);
  const old = new Date(2000, 0, 1);
  utimesSync(join(cache, files[0]), old, old);

  const second = noarkq(['check', 'bad.noarkq'], cache);
  assert.equal(second.status, 1, second.stderr);
  assert.equal(second.stdout, first.stdout);
  assert.match(second.stdout, /QEURY/);
  assert.equal(statSync(join(cache, files[0])).mtimeMs, old.getTime(), 'the cache was read, not written again');
});

test('NOARKQ_CODE_CACHE=off keeps none; a cache folder that cannot be written is named, and the command still works', () => {
  const off = noarkq(['--version'], 'off');
  assert.equal(off.status, 0);
  assert.equal(readdirSync(work).includes('off'), false);

  const blocked = join(work, 'not-a-folder');
  writeFileSync(blocked, 'a file where the cache folder would be');
  const failing = noarkq(['--version'], blocked);
  assert.equal(failing.status, 0, failing.stderr);
  assert.match(failing.stdout, /^\d+\.\d+\.\d+/);
  assert.match(failing.stderr, /noarkq: could not write the code cache .*not-a-folder/);
});
