/**
 * Benchmark P9: `noarkq test` over a suite of 200 files of 5 requests each, every request with
 * expectations (status, result counts, fields, each element of a result list), through the real
 * CLI against one sandbox in its own process (demo archive):
 *
 * - against httpYac (`httpyac send --all`, its default: one file after another) over the same
 *   requests written as `.http` files with the same `??` assertions: target ≤ 0.3 of its wall time;
 * - `noarkq test` with its default number of jobs against `--jobs 1` (target ≤ 1: running files
 *   side by side must not cost time). The sandbox answers one request at a time (one PGlite
 *   connection, some 3 ms a query), so against it the speed-up is bounded by its own time; against
 *   a remote archive the jobs overlap network latency, which the sandbox does not have.
 *
 * The detail carries two baselines measured in the same run: the archive's floor (the same
 * requests from the archive client inside the bench process, no CLI) and each CLI process's CPU
 * time, which a machine busy with other work changes less than wall time.
 *
 * Both clients get their token themselves with the OAuth 2.0 client-credentials grant, once per run
 * (noarkq from its environment, httpYac with `Authorization: oauth2 client_credentials` and its
 * `oauth2_*` variables), and send the same bodies and headers. Each run is checked before it counts:
 * every request sent and every assertion passed (httpYac's `--json` summary, noarkq's JSON report,
 * and both exit codes). Both write their machine-readable report, so both pay for one. One warm-up run of each, then the median of three alternating rounds.
 *
 * The expected values come from the archive itself, read with the archive client before timing.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { jsonTestReportSchema } from '../../cli/testReports/jsonReport';
import { ArchiveClient } from '../../runner/archive/archiveClient';
import type { QueryBody } from '../../runner/archive/archiveApi';
import { SandboxTokenProvider } from '../runner/sandboxTokenProvider';
import type { BenchResult } from './benchResult';
import { startChildSandbox } from './childSandbox';

const root = join(__dirname, '..', '..');
const noarkqCli = join(root, 'bin', 'noarkq.js');
const httpyacCli = join(root, 'node_modules', 'httpyac', 'bin', 'httpyac.js');
const fileCount = 200;
const requestsPerFile = 5;
const clientId = 'noarkq-demo';
const clientSecret = 'noarkq-demo-secret';
const speedTarget = 0.3;
const jobsTarget = 1;

/** One demo case file and what the archive answers about it. */
interface CaseFacts {
  id: string;
  year: number;
  seq: number;
  mappeIdent: string;
  saksstatus: string;
  entries: number;
  parties: number;
  documents: number;
}

/** The requests of a file beside the case lookup: a query with one parameter, and the field
 * every result must have. */
interface ListRequest {
  block: string;
  type: string;
  query: string;
  field: string;
  count: (c: CaseFacts) => number;
}

const lists: readonly ListRequest[] = [
  { block: 'entries', type: 'Journalpost', query: 'refMappe.id = @case', field: 'registreringsIdent', count: (c) => c.entries },
  { block: 'parties', type: 'Korrespondansepart', query: 'refRegistrering.refMappe.id = @case', field: 'korrespondansepartNavn', count: (c) => c.parties },
  { block: 'documents', type: 'Dokument', query: 'refRegistrering.refMappe.id = @case', field: 'tilknyttetRegistreringSom', count: (c) => c.documents },
];
const listLimit = 100;
/** Assertions per file: me 2, findCase 4, three lists 3 each. */
const assertionsPerFile = 2 + 4 + 3 * lists.length;

const findCaseBody = (c: CaseFacts): QueryBody => ({ type: 'Saksmappe', query: 'saksaar = @year && sakssekvensnummer = @seq', parameters: { '@year': c.year, '@seq': c.seq }, limit: 1 });
const listBody = (l: ListRequest, c: CaseFacts): QueryBody => ({ type: l.type, query: l.query, parameters: { '@case': c.id }, limit: listLimit });

async function gatherFacts(client: ArchiveClient): Promise<CaseFacts[]> {
  const cases = await client.query({ type: 'Saksmappe', limit: 500 });
  const facts: CaseFacts[] = [];
  for (const r of cases.body.results) {
    const f = r.fields;
    if (typeof f.saksaar !== 'number' || typeof f.sakssekvensnummer !== 'number' || typeof f.mappeIdent !== 'string' || typeof f.saksstatus !== 'string') continue;
    const c: CaseFacts = { id: r.id, year: f.saksaar, seq: f.sakssekvensnummer, mappeIdent: f.mappeIdent, saksstatus: f.saksstatus, entries: 0, parties: 0, documents: 0 };
    const [entries, parties, documents] = await Promise.all(lists.map((l) => client.query(listBody(l, c))));
    c.entries = entries.body.results.length;
    c.parties = parties.body.results.length;
    c.documents = documents.body.results.length;
    if (entries.body.hasMore || parties.body.hasMore || documents.body.hasMore) continue;
    facts.push(c);
    if (facts.length === fileCount) break;
  }
  if (facts.length < fileCount) throw new Error(`the demo archive has ${facts.length} usable case files, not ${fileCount}`);
  return facts;
}

function noarkqFile(c: CaseFacts): string {
  const blocks = [
    `# Generated by test/bench/testCommand.bench.ts: case file ${c.mappeIdent}.`,
    `@year = ${c.year}`,
    `@seq = ${c.seq}`,
    `@case = ${JSON.stringify(c.id)}`,
    '',
    '### me',
    'GET info/me',
    'EXPECT status = 200',
    'EXPECT userId exists',
    '',
    '### findCase',
    'QUERY Saksmappe',
    'WHERE saksaar = @year && sakssekvensnummer = @seq',
    'LIMIT 1',
    'EXPECT status = 200',
    'EXPECT results.length = 1',
    `EXPECT results[0].fields.mappeIdent = ${JSON.stringify(c.mappeIdent)}`,
    `EXPECT results[0].fields.saksstatus = ${JSON.stringify(c.saksstatus)}`,
  ];
  for (const l of lists) {
    blocks.push('', `### ${l.block}`, `QUERY ${l.type}`, `WHERE ${l.query}`, `LIMIT ${listLimit}`, 'EXPECT status = 200', `EXPECT results.length = ${l.count(c)}`, `EXPECT results[*].fields.${l.field} exists`);
  }
  return `${blocks.join('\n')}\n`;
}

/** The same requests for httpYac. Its `??` lines compare `body <path>` (a JavaScript path into the
 * parsed body) or a `js` expression; `[*]` becomes `every`. */
function httpFile(c: CaseFacts): string {
  const headers = ['Authorization: oauth2 client_credentials', 'X-Service-Error-Response-Type: application/json', 'X-Documaster-Error-Response-Type: application/json'];
  const post = (name: string, body: QueryBody, asserts: string[]) =>
    [`### ${name}`, 'POST {{api}}/query', ...headers, 'Content-Type: application/json', '', JSON.stringify(body), '', ...asserts, ''].join('\n');
  const parts = [
    `# Generated by test/bench/testCommand.bench.ts: case file ${c.mappeIdent}.`,
    ['### me', 'GET {{api}}/info/me', ...headers, '', '?? status == 200', '?? body userId exists', ''].join('\n'),
    post('findCase', findCaseBody(c), ['?? status == 200', '?? body results.length == 1', `?? body results[0].fields.mappeIdent == ${c.mappeIdent}`, `?? body results[0].fields.saksstatus == ${c.saksstatus}`]),
  ];
  for (const l of lists) {
    parts.push(post(l.block, listBody(l, c), ['?? status == 200', `?? body results.length == ${l.count(c)}`, `?? js response.parsedBody.results.every((r) => ${JSON.stringify(l.field)} in r.fields) isTrue`]));
  }
  return parts.join('\n');
}

interface Exit {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
  /** CPU time (user + system) of the CLI's process. */
  cpuMs: number;
}

/** Loaded into each CLI's process (`--import`): writes its CPU time when it exits, so the figures
 * can also be compared by the work each CLI does, which a machine busy with other work does not
 * change as it changes wall time. Both CLIs run in a single process. */
const cpuProbe = 'data:text/javascript,import{writeFileSync}from"node:fs";process.on("exit",()=>writeFileSync(process.env.NOARKQ_BENCH_CPU_FILE,JSON.stringify(process.cpuUsage())))';

/** Runs a CLI with its output going to a file, as in CI: httpYac ends with process.exit(),
 * which would cut its JSON short on a pipe (Node writes to pipes asynchronously, to files not). */
function runCli(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Exit> {
  const outFile = join(cwd, '..', 'cli-stdout.txt');
  const cpuFile = join(cwd, '..', 'cli-cpu.json');
  rmSync(cpuFile, { force: true });
  const out = openSync(outFile, 'w');
  return new Promise<Exit>((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', cpuProbe, ...args], { cwd, env: { ...process.env, ...env, NOARKQ_BENCH_CPU_FILE: cpuFile }, stdio: ['ignore', out, 'pipe'] });
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      const ms = performance.now() - started;
      let cpuMs = Number.NaN;
      try {
        const cpu = JSON.parse(readFileSync(cpuFile, 'utf8')) as { user: number; system: number };
        cpuMs = (cpu.user + cpu.system) / 1000;
      } catch {
        // Reported as NaN: a CLI that died without its exit handlers.
      }
      resolve({ code: code ?? (signal ? 128 : 1), stdout: readFileSync(outFile, 'utf8'), stderr, ms, cpuMs });
    });
  }).finally(() => closeSync(out));
}

function tail(text: string, lines = 15): string {
  return text.trim().split('\n').slice(-lines).join('\n');
}

/** httpYac's `--json` summary. */
interface HttpyacSummary {
  totalRequests: number;
  successRequests: number;
  totalTests: number;
  successTests: number;
}

async function runHttpyac(folder: string): Promise<Exit> {
  const run = await runCli([httpyacCli, 'send', '*.http', '--all', '--json', '--output', 'none'], folder);
  let summary: HttpyacSummary;
  try {
    summary = (JSON.parse(run.stdout) as { summary: HttpyacSummary }).summary;
  } catch {
    throw new Error(`httpYac printed no JSON summary (exit ${run.code}):\n${tail(run.stderr || run.stdout)}`);
  }
  const requests = fileCount * requestsPerFile;
  const tests = fileCount * assertionsPerFile;
  if (run.code !== 0 || summary.totalRequests !== requests || summary.successRequests !== requests || summary.totalTests !== tests || summary.successTests !== tests) {
    throw new Error(`httpYac did not run every request with every assertion passing (exit ${run.code}; expected ${requests} requests and ${tests} assertions): ${JSON.stringify(summary)}`);
  }
  return run;
}

/** `noarkq test` over the folder; its JSON report says which blocks ran and which expectations held. */
async function runNoarkqTest(folder: string, jobs: number | undefined): Promise<Exit & { jobs: number }> {
  const report = join(folder, '..', 'noarkq-report.json');
  rmSync(report, { force: true });
  const args = [noarkqCli, 'test', '.', '--env', 'bench', '--report-json', report];
  if (jobs !== undefined) args.push('--jobs', String(jobs));
  const what = `noarkq test${jobs ? ` --jobs ${jobs}` : ''}`;
  const run = await runCli(args, folder, { NOARKQ_CLIENT_SECRET: clientSecret, NO_COLOR: '1' });
  if (run.code !== 0) throw new Error(`${what} failed (exit ${run.code}):\n${tail(run.stdout + run.stderr)}`);
  const parsed = jsonTestReportSchema.safeParse(JSON.parse(readFileSync(report, 'utf8')));
  if (!parsed.success) throw new Error(`${what} wrote a JSON report of another shape: ${parsed.error.message}`);
  // Every block of every file ran as a test and passed, with every EXPECT line written (the
  // implied 2xx of a block without `EXPECT status` is no line of the file, and there is none here).
  const blocks = parsed.data.files.flatMap((f) => f.blocks);
  const expectations = blocks.flatMap((b) => b.expectations).filter((e) => !e.implied);
  const requests = fileCount * requestsPerFile;
  const tests = fileCount * assertionsPerFile;
  const ok =
    parsed.data.passed &&
    parsed.data.files.length === fileCount &&
    blocks.length === requests &&
    blocks.every((b) => b.role === 'test' && b.status === 'passed') &&
    expectations.length === tests &&
    expectations.every((e) => e.passed);
  if (!ok) throw new Error(`${what} did not run every request with every expectation holding (expected ${fileCount} files, ${requests} tests, ${tests} expectations): ${JSON.stringify(parsed.data.summary)}, ${expectations.filter((e) => e.passed).length} of ${expectations.length} expectations held`);
  const atOnce = /, (\d+) at a time/.exec(run.stderr);
  return { ...run, jobs: atOnce ? Number(atOnce[1]) : Number.NaN };
}

/** The archive's own floor: the same requests from the archive client in this process, a few at a
 * time, with no file to read, no expectation to evaluate and no process to start. */
async function sendDirectly(client: ArchiveClient, facts: readonly CaseFacts[], concurrency: number): Promise<number> {
  const started = performance.now();
  const queue = [...facts];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let c = queue.shift(); c !== undefined; c = queue.shift()) {
        await client.me();
        await client.query(findCaseBody(c));
        for (const l of lists) await client.query(listBody(l, c));
      }
    }),
  );
  return performance.now() - started;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const list = (values: readonly number[]) => values.map((v) => v.toFixed(0)).join(', ');

export async function benchTestCommand(options: { log?: (line: string) => void; rounds?: number } = {}): Promise<BenchResult[]> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const rounds = options.rounds ?? 3;
  const work = mkdtempSync(join(tmpdir(), 'noarkq-bench-test-'));
  const sandbox = await startChildSandbox(join(work, 'archive'), { demo: true }, log);
  const tokens = new SandboxTokenProvider(sandbox.ready.tokenUrl, clientId, clientSecret);
  const client = new ArchiveClient({ apiUrl: sandbox.ready.apiUrl, auth: tokens });
  try {
    const facts = await gatherFacts(client);
    const noarkqDir = join(work, 'noarkq');
    const httpDir = join(work, 'httpyac');
    for (const dir of [noarkqDir, httpDir]) mkdirSync(dir);
    const name = (i: number) => `case-${String(i + 1).padStart(3, '0')}`;
    facts.forEach((c, i) => {
      writeFileSync(join(noarkqDir, `${name(i)}.noarkq`), noarkqFile(c));
      writeFileSync(join(httpDir, `${name(i)}.http`), httpFile(c));
    });
    // The secret stays off both command lines: noarkq reads it from NOARKQ_CLIENT_SECRET, httpYac
    // from the .env file beside its .http files.
    writeFileSync(
      join(noarkqDir, 'noarkq.environments.json'),
      JSON.stringify({ environments: [{ name: 'bench', baseUrl: sandbox.ready.apiUrl, auth: { kind: 'client_credentials', tokenUrl: sandbox.ready.tokenUrl, clientId } }] }, null, 2),
    );
    writeFileSync(
      join(httpDir, '.env'),
      [`api=${sandbox.ready.apiUrl}`, `oauth2_tokenEndpoint=${sandbox.ready.tokenUrl}`, `oauth2_clientId=${clientId}`, `oauth2_clientSecret=${clientSecret}`, ''].join('\n'),
      { mode: 0o600 },
    );
    log(`${fileCount} files × ${requestsPerFile} requests (${fileCount * assertionsPerFile} assertions) in ${work}`);

    // The generated files must check clean, or the figures would time refusals.
    const check = await runCli([noarkqCli, 'check', '.'], noarkqDir);
    if (check.code !== 0 || !/\b0 errors, 0 warnings\b/.test(check.stdout + check.stderr)) throw new Error(`the generated .noarkq files do not check clean:\n${tail(check.stdout + check.stderr)}`);

    let defaultJobs = Number.NaN;
    const noarkqDefault = async () => {
      const run = await runNoarkqTest(noarkqDir, undefined);
      defaultJobs = run.jobs;
      return run;
    };
    const noarkqOneJob = () => runNoarkqTest(noarkqDir, 1);
    const httpyac = () => runHttpyac(httpDir);
    // Warm-up: the first run of each pays for the OS file cache and the sandbox's cold caches.
    const warm = [await noarkqDefault(), await noarkqOneJob(), await httpyac()].map((r) => r.ms.toFixed(0));
    log(`warm-up: noarkq test ${warm[0]} ms, --jobs 1 ${warm[1]} ms, httpyac ${warm[2]} ms`);
    const byDefault: Exit[] = [];
    const oneJob: Exit[] = [];
    const byHttpyac: Exit[] = [];
    const floor: number[] = [];
    for (let round = 0; round < rounds; round++) {
      byDefault.push(await noarkqDefault());
      oneJob.push(await noarkqOneJob());
      byHttpyac.push(await httpyac());
      floor.push(await sendDirectly(client, facts, 4));
      log(`round ${round + 1}: noarkq test ${byDefault[round].ms.toFixed(0)} ms, --jobs 1 ${oneJob[round].ms.toFixed(0)} ms, httpyac ${byHttpyac[round].ms.toFixed(0)} ms, archive client directly ${floor[round].toFixed(0)} ms`);
    }
    const wall = (runs: readonly Exit[]) => median(runs.map((r) => r.ms));
    const cpu = (runs: readonly Exit[]) => median(runs.map((r) => r.cpuMs));
    const n = wall(byDefault);
    const one = wall(oneJob);
    const h = wall(byHttpyac);
    const f = median(floor);
    const suite = `${fileCount} files × ${requestsPerFile} requests, ${fileCount * assertionsPerFile} assertions`;
    const auth = 'each CLI fetches one token per run with client_credentials (noarkq: its environment; httpYac: `Authorization: oauth2 client_credentials`)';
    const baseline = `the archive's floor in this run: the same requests from the archive client in the bench process, 4 at a time, median ${f.toFixed(0)} ms (${list(floor)})`;
    return [
      {
        name: `P9 noarkq test vs httpyac send --all (${suite})`,
        ratio: n / h,
        target: speedTarget,
        detail:
          `noarkq test --report-json (default: ${defaultJobs} files at a time) median ${n.toFixed(0)} ms (${list(byDefault.map((r) => r.ms))}) vs httpyac send --all --json --output none median ${h.toFixed(0)} ms (${list(byHttpyac.map((r) => r.ms))}); ` +
          `at equal parallelism (noarkq --jobs 1 vs httpYac's one file at a time) ${(one / h).toFixed(2)}; CPU time of the CLI process: noarkq ${cpu(byDefault).toFixed(0)} ms vs httpYac ${cpu(byHttpyac).toFixed(0)} ms (${(cpu(byDefault) / cpu(byHttpyac)).toFixed(2)}); ` +
          `${baseline}; ${auth}; every request and assertion checked as passed in each run`,
      },
      {
        name: `P9 noarkq test default jobs vs --jobs 1 (${suite})`,
        ratio: n / one,
        target: jobsTarget,
        detail: `default (${defaultJobs} at a time) median ${n.toFixed(0)} ms (${list(byDefault.map((r) => r.ms))}) vs --jobs 1 median ${one.toFixed(0)} ms (${list(oneJob.map((r) => r.ms))}); CPU time ${cpu(byDefault).toFixed(0)} vs ${cpu(oneJob).toFixed(0)} ms; ${baseline}`,
      },
    ];
  } finally {
    await client.close();
    await sandbox.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

// Run alone: `node --import tsx test/bench/testCommand.bench.ts` (after `node esbuild.mjs`: it runs dist/ through bin/noarkq.js).
if (process.argv[1]?.endsWith('testCommand.bench.ts')) {
  void benchTestCommand().then(
    (results) => {
      for (const r of results) console.log(`${r.ratio <= r.target ? 'ok    ' : 'MISSED'} ${r.name}: ratio ${r.ratio.toFixed(2)} (target <= ${r.target})  ${r.detail}`);
      if (results.some((r) => r.ratio > r.target)) process.exitCode = 1;
    },
    (error: unknown) => {
      process.stderr.write(`benchmark failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
