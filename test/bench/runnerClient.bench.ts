/**
 * Benchmarks of the archive client (runner/archive), each a ratio against a baseline measured in
 * the same run, with the sandbox in its own process (childSandbox.ts):
 *
 * - P5: every one of 50,000 results of a query (100 pages of 500) with `queryAll`, a few pages in
 *   flight, against a sequential `curl` paging loop over the same pages (target ≤ 0.5).
 * - P6: an upload of a 1 GiB file with the client against `curl --data-binary @file` to the same
 *   endpoint (target ≤ 1.1), and the client's peak RSS, measured in a process that does nothing
 *   else (uploadChild.ts, bundled as the CLI ships it; target ≤ 100 MB). curl's `--data-binary @file`
 *   reads the whole file into memory and refuses 1 GiB, so the baseline streams it with `-T`.
 *
 * The 50,000 Klasse of P5 take a minute or two to write, so the seeded archive is cached in the
 * OS temp folder under a key of the sources that shape it; each run works on a copy.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, openSync, renameSync, rmSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { ArchiveClient } from '../../runner/archive/archiveClient';
import { SandboxTokenProvider } from '../runner/sandboxTokenProvider';
import { archiveCacheKey } from './archiveCacheKey';
import type { BenchResult } from './benchResult';
import { startChildSandbox } from './childSandbox';

const run = promisify(execFile);
const resultCount = 50_000;
const pageSize = 500;
const uploadBytes = 1024 ** 3;
const cacheFormat = 1;

function cacheKey(): string {
  return archiveCacheKey(`format ${cacheFormat} ${resultCount}`, ['test/bench/benchSandboxChild.ts', 'sandbox/store/schema.sql.ts', 'sandbox/store/transactionExecutor.ts', 'sandbox/store/entityRows.ts']);
}

/** The folder of an archive holding `resultCount` Klasse, seeded on the first run. */
async function seededArchive(log: (line: string) => void): Promise<string> {
  const folder = join(tmpdir(), `noarkq-bench-klasse-${resultCount}-${cacheKey()}`);
  if (existsSync(join(folder, 'complete'))) return folder;
  const building = mkdtempSync(`${folder}.building-`);
  try {
    log(`seeding ${resultCount} Klasse into ${folder} (once; later runs reuse it)...`);
    const seeding = await startChildSandbox(building, { seedKlasse: resultCount }, log);
    await seeding.stop();
    if (seeding.ready.klasse < resultCount) throw new Error(`the seeded archive holds ${seeding.ready.klasse} Klasse, not ${resultCount}`);
    writeFileSync(join(building, 'complete'), `${resultCount} Klasse, seeded ${new Date().toISOString()}\n`);
    renameSync(building, folder);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    throw error;
  }
  return folder;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The sequential paging loop a shell script would write: one curl per page until hasMore is false. */
const curlPagingLoop = `
offset=0; pages=0
while :; do
  out=$(curl -sS -X POST -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -H 'X-Service-Error-Response-Type: application/json' \\
    --data-binary "{\\"type\\":\\"Klasse\\",\\"limit\\":$LIMIT,\\"offset\\":$offset}" "$API/query")
  pages=$((pages+1))
  case "$out" in
    '{"hasMore":true'*) offset=$((offset+LIMIT));;
    '{"hasMore":false'*) break;;
    *) echo "unexpected answer at offset $offset: \${out:0:200}" >&2; exit 1;;
  esac
done
echo $pages
`;

async function benchQueryAll(log: (line: string) => void): Promise<BenchResult> {
  const cached = await seededArchive(log);
  const work = mkdtempSync(join(tmpdir(), 'noarkq-bench-client-'));
  cpSync(cached, work, { recursive: true });
  const sandbox = await startChildSandbox(work, {}, log);
  const tokens = new SandboxTokenProvider(sandbox.ready.tokenUrl);
  const client = new ArchiveClient({ apiUrl: sandbox.ready.apiUrl, auth: tokens });
  try {
    const token = await tokens.token();
    const body = { type: 'Klasse' };
    const walk = async () => {
      let results = 0;
      const started = performance.now();
      for await (const page of client.queryAll(body, { pageSize, concurrency: 4 })) results += page.results.length;
      if (results !== resultCount) throw new Error(`queryAll delivered ${results} results, not ${resultCount}`);
      return performance.now() - started;
    };
    const curl = async () => {
      const started = performance.now();
      const { stdout } = await run('bash', ['-c', curlPagingLoop], { env: { ...process.env, TOKEN: token, API: sandbox.ready.apiUrl, LIMIT: String(pageSize) }, maxBuffer: 1024 * 1024 });
      const pages = Number(stdout.trim());
      if (pages !== resultCount / pageSize) throw new Error(`the curl loop read ${pages} pages, not ${resultCount / pageSize}`);
      return performance.now() - started;
    };
    // One warm-up of each (connections, caches), then three alternating rounds.
    await walk();
    await curl();
    const clientMs: number[] = [];
    const curlMs: number[] = [];
    for (let round = 0; round < 3; round++) {
      clientMs.push(await walk());
      curlMs.push(await curl());
    }
    const c = median(clientMs);
    const b = median(curlMs);
    return {
      name: `P5 queryAll of ${resultCount.toLocaleString('en')} results vs a sequential curl paging loop`,
      ratio: c / b,
      target: 0.5,
      detail: `queryAll median ${c.toFixed(0)} ms (${clientMs.map((x) => x.toFixed(0)).join(', ')}; pages of ${pageSize}, 4 in flight) vs curl loop median ${b.toFixed(0)} ms (${curlMs.map((x) => x.toFixed(0)).join(', ')})`,
    };
  } finally {
    await client.close();
    await sandbox.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

function writeTestFile(path: string, size: number): void {
  const chunk = Buffer.alloc(8 * 1024 * 1024);
  for (let i = 0; i < chunk.length; i += 32) createHash('sha256').update(String(i)).digest().copy(chunk, i);
  const fd = openSync(path, 'w');
  try {
    for (let written = 0; written < size; written += chunk.length) writeSync(fd, chunk, 0, Math.min(chunk.length, size - written));
  } finally {
    closeSync(fd);
  }
}

async function benchUpload(log: (line: string) => void): Promise<BenchResult[]> {
  const work = mkdtempSync(join(tmpdir(), 'noarkq-bench-upload-'));
  const sandbox = await startChildSandbox(join(work, 'archive'), {}, log);
  const tokens = new SandboxTokenProvider(sandbox.ready.tokenUrl);
  try {
    const token = await tokens.token();
    const file = join(work, 'benchmark-1GiB.bin');
    log('writing a 1 GiB file...');
    writeTestFile(file, uploadBytes);
    const upload = `${sandbox.ready.apiUrl}/upload`;
    // The headers from a file, so the token is on no command line (and in no error message).
    const headers = join(work, 'curl-headers.txt');
    writeFileSync(headers, `Authorization: Bearer ${token}\nContent-Type: application/octet-stream\nContent-Disposition: attachment; filename="benchmark-1GiB.bin"\n`, { mode: 0o600 });
    // `--data-binary @file` reads the file into memory first and curl refuses that for 1 GiB
    // ("out of memory": its limit is below 2^30 bytes). `-T file` sends the same bytes with the same
    // Content-Length, streamed; `-X POST` keeps the method.
    const curlMode = uploadBytes < 1e9 ? ['--data-binary', `@${file}`] : ['-T', file];
    const curl = async () => {
      const started = performance.now();
      const { stdout } = await run('curl', ['-sS', '-X', 'POST', '-H', `@${headers}`, ...curlMode, upload], { maxBuffer: 1024 * 1024 });
      if (!/"id"/.test(stdout)) throw new Error(`curl upload failed: ${stdout.slice(0, 300)}`);
      return performance.now() - started;
    };
    // The uploading process runs the client bundled, as the CLI ships it: through tsx, the
    // TypeScript loader alone would account for some 50 MB of the peak.
    const bundle = join(work, 'uploadChild.cjs');
    await build({ entryPoints: [join(__dirname, 'uploadChild.ts')], bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile: bundle, logLevel: 'warning' });
    const client = async () => {
      const { stdout } = await run(process.execPath, [bundle, sandbox.ready.apiUrl, file], {
        env: { ...process.env, NOARKQ_BENCH_TOKEN: token },
        maxBuffer: 1024 * 1024,
      });
      return JSON.parse(stdout.trim().split('\n').pop() as string) as { ms: number; maxRssBytes: number; maxRssBeforeBytes: number };
    };
    const clientRuns: { ms: number; maxRssBytes: number; maxRssBeforeBytes: number }[] = [];
    const curlMs: number[] = [];
    for (let round = 0; round < 2; round++) {
      clientRuns.push(await client());
      curlMs.push(await curl());
    }
    const c = Math.min(...clientRuns.map((r) => r.ms));
    const b = Math.min(...curlMs);
    const rss = Math.max(...clientRuns.map((r) => r.maxRssBytes)) / (1024 * 1024);
    const loaded = Math.max(...clientRuns.map((r) => r.maxRssBeforeBytes)) / (1024 * 1024);
    return [
      {
        name: 'P6 upload of a 1 GiB file vs curl',
        ratio: c / b,
        target: 1.1,
        detail: `client best ${c.toFixed(0)} ms (${clientRuns.map((r) => r.ms.toFixed(0)).join(', ')}) vs curl ${curlMode[0]} best ${b.toFixed(0)} ms (${curlMs.map((x) => x.toFixed(0)).join(', ')})`,
      },
      {
        name: 'P6 client peak RSS while uploading 1 GiB',
        ratio: rss / 100,
        target: 1,
        detail: `peak RSS ${rss.toFixed(1)} MB of the uploading process (node running the bundled client), ${loaded.toFixed(1)} MB of it before the upload began; target ≤ 100 MB`,
      },
    ];
  } finally {
    await sandbox.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

export async function benchRunnerClient(options: { log?: (line: string) => void } = {}): Promise<BenchResult[]> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const p5 = await benchQueryAll(log);
  log(`${p5.name}: ratio ${p5.ratio.toFixed(2)}  ${p5.detail}`);
  return [p5, ...(await benchUpload(log))];
}

// Run alone: `node --import tsx test/bench/runnerClient.bench.ts [p5|p6]` (both without an argument).
if (process.argv[1]?.endsWith('runnerClient.bench.ts')) {
  const only = process.argv[2]?.toLowerCase();
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const chosen = only === 'p5' ? benchQueryAll(log).then((r) => [r]) : only === 'p6' ? benchUpload(log) : benchRunnerClient({ log });
  void chosen.then((results) => {
    for (const r of results) console.log(`${r.ratio <= r.target ? 'ok    ' : 'MISSED'} ${r.name}: ratio ${r.ratio.toFixed(2)} (target <= ${r.target})  ${r.detail}`);
    if (results.some((r) => r.ratio > r.target)) process.exitCode = 1;
  }, (error: unknown) => {
    process.stderr.write(`benchmark failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n`);
    process.exitCode = 1;
  });
}
