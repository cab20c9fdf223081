/**
 * Benchmark: a sandbox a team shares (issue 24). Transactions per second through 1, 2 and 4
 * sandbox processes on one PostgreSQL server (Debian's, a throwaway cluster on 127.0.0.1 started
 * by test/team/postgresCluster.ts), against one sandbox process on PGlite, the baseline measured in
 * the same run. Target: 4 processes ≥ 2.5 × one PGlite process (the ratio is 2.5 × PGlite / 4
 * processes, so ≤ 1 passes).
 *
 * The load is the one issue 24 describes: 16 transactions in flight from clients spread evenly over
 * the processes, each adding a registry entry and its party to its own case file (so the
 * transactions are unrelated, but all take the year's journal number), and every eighth opening a
 * new case file with an entry (the case number too). The cluster runs with `fsync = off`, the
 * durability PGlite runs with (synchronous commits, no flush to the disk): a killed process loses
 * nothing acknowledged, a power cut may. `--fsync` measures with the server's default instead.
 *
 * Run alone: `node --import tsx test/bench/teamSandbox.bench.ts [--transactions N] [--fsync]`.
 */
import { startPostgresCluster, findPostgres, missingPostgresMessage } from '../team/postgresCluster';
import { api, buildArchive, caseFileActions, clientToken, entryActions, spawnPGliteSandbox, spawnSandboxes, stopSandboxes, type SandboxProcess } from '../team/sandboxProcesses';
import type { BenchResult } from './benchResult';

const inFlight = 16;
const targetSpeedUp = 2.5;

export interface TeamBenchOptions {
  /** Transactions per measurement (800). */
  transactions?: number;
  /** Keep the server's fsync on. */
  fsync?: boolean;
  log?: (line: string) => void;
}

interface Measured {
  perSecond: number;
  seconds: number;
}

/** Runs `total` transactions, `inFlight` at a time, spread over `urls`; all must be answered 200. */
async function measure(urls: readonly string[], total: number): Promise<Measured> {
  const tokens = await Promise.all(urls.map((url) => clientToken(url)));
  const archive = await buildArchive(urls[0], tokens[0]);
  // Each client's own case file, made before the clock starts.
  const clients = await Promise.all(
    Array.from({ length: inFlight }, async (_, c) => {
      const p = c % urls.length;
      const r = await api(urls[p], tokens[p], 'POST', '/transaction', { actions: caseFileActions(`bench case ${c}`, archive) });
      if (r.status !== 200) throw new Error(`a case file failed: ${r.text}`);
      return { url: urls[p], token: tokens[p], caseId: r.json.saved.sak.id as string };
    }),
  );
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    clients.map(async (client) => {
      for (let n = next++; n < total; n = next++) {
        const actions = n % 8 === 7 ? caseFileActions(`bench new case ${n}`, archive) : entryActions(`bench entry ${n}`, client.caseId);
        const r = await api(client.url, client.token, 'POST', '/transaction', { actions });
        if (r.status !== 200) throw new Error(`transaction ${n} failed: ${r.status} ${r.text}`);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { perSecond: total / seconds, seconds };
}

async function withProcesses<T>(start: () => Promise<SandboxProcess[]>, fn: (urls: string[]) => Promise<T>): Promise<T> {
  const processes = await start();
  try {
    return await fn(processes.map((p) => p.url));
  } finally {
    await stopSandboxes(processes);
  }
}

export async function benchTeamSandbox(options: TeamBenchOptions = {}): Promise<BenchResult> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const total = options.transactions ?? 800;
  if (!findPostgres()) throw new Error(missingPostgresMessage);
  const pglite = await withProcesses(async () => [await spawnPGliteSandbox()], (urls) => measure(urls, total));
  log(`1 PGlite process: ${pglite.perSecond.toFixed(0)} tx/s`);
  const cluster = await startPostgresCluster({ settings: options.fsync ? {} : { fsync: 'off' } });
  const figures: string[] = [];
  let four = 0;
  try {
    for (const count of [1, 2, 4]) {
      const database = `bench${count}`;
      const pg = (await import('pg')).default;
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${database}`);
      await admin.end();
      const url = cluster.url.replace(/\/postgres$/, `/${database}`);
      const m = await withProcesses(() => spawnSandboxes(url, count), (urls) => measure(urls, total));
      log(`${count} PostgreSQL process${count === 1 ? '' : 'es'}: ${m.perSecond.toFixed(0)} tx/s`);
      figures.push(`${count}: ${m.perSecond.toFixed(0)} tx/s (${(m.perSecond / pglite.perSecond).toFixed(2)}×)`);
      if (count === 4) four = m.perSecond;
    }
  } finally {
    await cluster.stop();
  }
  return {
    name: 'team sandbox: 4 processes on one PostgreSQL vs one PGlite process',
    ratio: (targetSpeedUp * pglite.perSecond) / four,
    target: 1,
    detail: `${total} transactions per run, ${inFlight} in flight (wall clock); one PGlite process ${pglite.perSecond.toFixed(0)} tx/s; on PostgreSQL${options.fsync ? '' : ' (fsync off, as PGlite)'} with ${figures.join(', ')}; target 4 processes ≥ ${targetSpeedUp}× PGlite`,
  };
}

if (process.argv[1]?.endsWith('teamSandbox.bench.ts')) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--transactions');
  const transactions = at >= 0 ? Number(args[at + 1]) : undefined;
  void benchTeamSandbox({ transactions, fsync: args.includes('--fsync') }).then(
    (r) => {
      console.log(`${r.ratio <= r.target ? 'ok    ' : 'MISSED'} ${r.name}: ratio ${r.ratio.toFixed(2)} (target <= ${r.target})  ${r.detail}`);
      if (r.ratio > r.target) process.exitCode = 1;
    },
    (error: unknown) => {
      process.stderr.write(`benchmark failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
