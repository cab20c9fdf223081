/**
 * Starting a sandbox: one per data folder, a port in use found before anything is opened or
 * seeded, and requests that arrive while it starts answered 503.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { startSandbox } from '../../sandbox/startSandbox';
import { DataFolderLockedError, lockFileName } from '../../sandbox/store/dataFolderLock';

const scratch = mkdtempSync(join(tmpdir(), 'noarkq-lock-test-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

test('a second sandbox on a folder in use is refused naming the first; the lock goes when the first stops', async () => {
  const dataDir = join(scratch, 'shared');
  const first = await startSandbox({ dataDir, port: 0 });
  try {
    const holder = JSON.parse(readFileSync(join(dataDir, lockFileName), 'utf8')) as { pid: number; url: string };
    assert.equal(holder.pid, process.pid);
    assert.equal(holder.url, first.url);
    let seeded = false;
    // --reset too: a refused sandbox must not wipe the running one's archive.
    await assert.rejects(
      startSandbox({ dataDir, port: 0, reset: true, seed: async () => void (seeded = true) }),
      (error: unknown) => {
        assert.ok(error instanceof DataFolderLockedError);
        assert.ok(error.message.includes(`in use by the sandbox at ${first.url} (process ${process.pid}`), error.message);
        return true;
      },
    );
    assert.equal(seeded, false);
    assert.ok(existsSync(join(dataDir, 'database', 'PG_VERSION')), 'the running archive is untouched');
    const { rows } = await first.services.db.query<{ n: number }>('SELECT 1 AS n');
    assert.equal(rows[0].n, 1);
  } finally {
    await first.close();
  }
  assert.equal(existsSync(join(dataDir, lockFileName)), false);
  const again = await startSandbox({ dataDir, port: 0 });
  await again.close();
});

test('a lock left by a process that is gone is taken over, with a note', async () => {
  const dataDir = join(scratch, 'stale');
  mkdirSync(dataDir, { recursive: true });
  // A process that has run and been reaped: its pid names nobody now.
  const gone = spawnSync(process.execPath, ['-e', '']).pid;
  assert.ok(gone);
  writeFileSync(join(dataDir, lockFileName), JSON.stringify({ pid: gone, url: 'http://127.0.0.1:1', startedAt: '2024-01-01T00:00:00.000Z' }));
  const notes: string[] = [];
  const sandbox = await startSandbox({ dataDir, port: 0, log: (line) => notes.push(line) });
  try {
    assert.ok(notes.some((n) => n.includes(`from process ${gone} (http://127.0.0.1:1`) && n.includes('no longer running')), notes.join('\n'));
    assert.equal((JSON.parse(readFileSync(join(dataDir, lockFileName), 'utf8')) as { pid: number }).pid, process.pid);
  } finally {
    await sandbox.close();
  }
});

test('a port in use is refused before the data folder is opened or anything seeded, naming the port', async () => {
  const busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  const port = (busy.address() as { port: number }).port;
  try {
    const dataDir = join(scratch, 'never-opened');
    let seeded = false;
    await assert.rejects(startSandbox({ dataDir, port, seed: async () => void (seeded = true) }), (error: unknown) => {
      assert.ok(error instanceof Error);
      assert.equal((error as NodeJS.ErrnoException).code, 'EADDRINUSE');
      assert.match(error.message, new RegExp(`^port ${port} on 127\\.0\\.0\\.1 is in use .*--port 0 for a free one`));
      return true;
    });
    assert.equal(seeded, false);
    assert.equal(existsSync(dataDir), false, 'the data folder was not created');
  } finally {
    busy.close();
  }
});

test('a request that arrives while the archive is being filled is answered 503 with Retry-After', async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  let during: { status: number; retryAfter: string | null; text: string } | undefined;
  const sandbox = await startSandbox({
    memory: true,
    port,
    // Seeding runs with the port already bound: ask the sandbox from inside it.
    seed: async () => {
      const response = await fetch(`http://127.0.0.1:${port}/rms/api/public/noark5/v1/query`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"type":"Arkiv"}' });
      during = { status: response.status, retryAfter: response.headers.get('retry-after'), text: await response.text() };
    },
  });
  await sandbox.close();
  assert.equal(during?.status, 503, during?.text);
  assert.equal(during?.retryAfter, '1');
  assert.match(during?.text ?? '', /still starting/);
});
