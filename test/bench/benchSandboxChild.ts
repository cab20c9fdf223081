/**
 * A sandbox in its own process for the client benchmarks, so that the archive and the client
 * under test do not share one event loop (on one loop, requests ahead of the one being read would
 * only queue). Started by childSandbox.ts with `node --import tsx`; argv: the archive folder, then
 * optionally `--seed-klasse <n>` to fill an empty archive with n Klasse first, or `--demo` to fill
 * a new archive with the demo archive. It reports `{url, apiUrl, tokenUrl}` over IPC and stops
 * when its parent disconnects.
 */
import { startSandbox } from '../../sandbox/startSandbox';
import { SeedWriter, type SeedAction } from '../../sandbox/seed/seedWriter';
import { prepareSeeding } from '../../sandbox/seed/seedSelection';

export interface BenchSandboxReady {
  url: string;
  apiUrl: string;
  tokenUrl: string;
  klasse: number;
}

async function main(): Promise<void> {
  const [dataDir, flag, count] = process.argv.slice(2);
  if (!dataDir) throw new Error('usage: benchSandboxChild.ts <data folder> [--seed-klasse <n> | --demo]');
  const wanted = flag === '--seed-klasse' ? Number(count) : 0;
  const options = { dataDir, port: 0, fullTextIndexIntervalSeconds: 0, maxUploadBytes: 4 * 1024 ** 3 };
  const sandbox = await startSandbox(flag === '--demo' ? prepareSeeding({ ...options, seedArchive: 'demo' }) : options);
  const countKlasse = async () => (await sandbox.services.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM entity WHERE type = 'Klasse'`)).rows[0].n;
  let have = await countKlasse();
  if (have < wanted) {
    const writer = new SeedWriter(sandbox.services);
    const base = await writer.transaction([{ action: 'save', type: 'Klassifikasjonssystem', id: 'sys', fields: { tittel: 'Benchmark-system' } }], Date.now());
    const system = base.sys.id;
    const perTransaction = 500;
    for (let done = have; done < wanted; ) {
      await writer.batch(async (run) => {
        for (let t = 0; t < 10 && done < wanted; t++) {
          const n = Math.min(perTransaction, wanted - done);
          const actions: SeedAction[] = [];
          for (let i = 0; i < n; i++) {
            const k = done + i;
            actions.push(
              { action: 'save', type: 'Klasse', id: `k${i}`, fields: { klasseIdent: `B-${k}`, tittel: `Benchmarkklasse ${k}`, beskrivelse: `Klasse nummer ${k} i benchmarkens klassifikasjonssystem` } },
              { action: 'link', type: 'Klasse', id: `k${i}`, ref: 'refKlassifikasjonssystem', linkToId: [system] },
            );
          }
          await run(actions, Date.now());
          done += n;
        }
      });
      process.stderr.write(`seeded ${done} Klasse\n`);
    }
    have = await countKlasse();
  }
  const ready: BenchSandboxReady = { url: sandbox.url, apiUrl: sandbox.apiUrl, tokenUrl: sandbox.tokenUrl, klasse: have };
  process.send?.(ready);
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.on('disconnect', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
