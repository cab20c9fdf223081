/**
 * `noarkq run --sandbox` from the built command, as a user runs it: a broken file is refused
 * before a sandbox is started, and a signal during start-up leaves no sandbox process and no
 * temporary folder behind. Each run gets its own TMPDIR, where the sandbox child makes its
 * `noarkq-sandbox-*` folder.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';

const root = new URL('../../', import.meta.url).pathname;
const cli = join(root, 'bin', 'noarkq.js');
const scratch = mkdtempSync(join(tmpdir(), 'noarkq-run-sandbox-test-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

function startRun(file: string, temp: string): { child: ChildProcess; output: () => string; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> } {
  const child = spawn(process.execPath, [cli, 'run', file, '--sandbox'], { cwd: scratch, env: { ...process.env, TMPDIR: temp }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => (output += d));
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, output: () => output, exited };
}

const sandboxFolders = (temp: string) => readdirSync(temp).filter((name) => name.startsWith('noarkq-sandbox-'));

/** Resolves when `test` holds for the folder's entries, checked on every change to it. */
function whenFolder(dir: string, test: (entries: string[]) => boolean): Promise<string[]> {
  return new Promise((resolve) => {
    const check = () => {
      const entries = readdirSync(dir);
      if (!test(entries)) return false;
      watcher.close();
      resolve(entries);
      return true;
    };
    const watcher = watch(dir, check);
    check();
  });
}

/** The pids of `parent`'s children, from /proc. */
function childrenOf(parent: number): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid …: the command name may hold spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent) pids.push(Number(name));
    } catch {
      // The process ended while the list was read.
    }
  }
  return pids;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test('a file with errors is refused with its diagnostics, and no sandbox is started', { timeout: 60_000 }, async () => {
  const temp = mkdtempSync(join(scratch, 'tmp-'));
  writeFileSync(join(scratch, 'broken.noarkq'), 'QUERY Sak\n\n### upload\nUPLOAD files/not-there.pdf\n');
  const run = startRun('broken.noarkq', temp);
  const { code } = await run.exited;
  assert.equal(code, 1, run.output());
  assert.match(run.output(), /broken\.noarkq:1:7 +error +.*Sak/);
  assert.match(run.output(), /not-there\.pdf.*does not exist/);
  assert.match(run.output(), /nothing was sent: broken\.noarkq has 2 errors/);
  assert.doesNotMatch(run.output(), /Starting the sandbox/);
  assert.deepEqual(sandboxFolders(temp), []);
});

test('SIGTERM during the sandbox start-up stops the sandbox child and removes its folder', { timeout: 120_000, skip: process.platform !== 'linux' && 'reads /proc' }, async () => {
  const temp = mkdtempSync(join(scratch, 'tmp-'));
  writeFileSync(join(scratch, 'fine.noarkq'), 'QUERY Arkiv\n');
  const run = startRun('fine.noarkq', temp);
  // The child makes its folder while it starts (before seeding the demo archive).
  await Promise.race([whenFolder(temp, (entries) => entries.some((n) => n.startsWith('noarkq-sandbox-'))), run.exited]);
  const children = childrenOf(run.child.pid!);
  assert.equal(children.length, 1, `one sandbox child: ${run.output()}`);
  run.child.kill('SIGTERM');
  const { code } = await run.exited;
  assert.notEqual(code, 0, run.output());
  assert.equal(isAlive(children[0]), false, 'the sandbox child is gone');
  assert.deepEqual(sandboxFolders(temp), [], run.output());
});

test('a sandbox child whose parent is killed outright stops and removes its folder by itself', { timeout: 120_000 }, async () => {
  const temp = mkdtempSync(join(scratch, 'tmp-'));
  writeFileSync(join(scratch, 'fine.noarkq'), 'QUERY Arkiv\n');
  const run = startRun('fine.noarkq', temp);
  await whenFolder(temp, (entries) => entries.some((n) => n.startsWith('noarkq-sandbox-')));
  run.child.kill('SIGKILL');
  await run.exited;
  // Removed by the child's own exit (it notices its IPC channel close).
  await whenFolder(temp, (entries) => !entries.some((n) => n.startsWith('noarkq-sandbox-')));
  assert.ok(existsSync(temp));
});
