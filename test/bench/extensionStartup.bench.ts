/**
 * Benchmark P7: what opening the first `.noarkq` file costs.
 *
 * - Extension bundle load: `require` of the production client bundle (as packaged in the .vsix),
 *   in a fresh Node process that has already loaded the built-in modules an extension host has
 *   loaded, with `vscode` answered by a stand-in. Target ≤ 30 ms (median of fresh processes).
 *   Baseline in the same run: loading the production bundle of vscode-languageclient alone, the
 *   floor of any extension built on a language server.
 * - Language server initialize: from spawning the production `server.js --stdio` to the
 *   `initialize` answer. Target ≤ 150 ms. The figure is a start after the first, which reads the
 *   server's bundles from V8's code cache; the first start after an install or update (no cache)
 *   is given beside it. Baselines in the same run: spawning a Node process that answers one line
 *   on stdio (the process-start floor), and the smallest server vscode-languageserver makes
 *   (`createConnection` and an `initialize` answer, bundled the same way): the floor of any
 *   server built on it. Every process is started in the environment the extension gives the
 *   server (serverEnvironment.ts).
 *
 * Ratios are measured / target, so ≤ 1 passes; the detail gives the baselines and the ratios
 * against them, so a slow figure on a loaded machine can be told from a slow extension.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { serverEnvironment } from '../../client/language/serverEnvironment';
import { LspTestClient, type StartOptions } from '../lsp/lspTestClient';
import type { BenchResult } from './benchResult';

const root = join(__dirname, '..', '..');
const SAMPLES = 15;

/** Required in a fresh process, after what an extension host has loaded; prints the ms it took. */
function loadProbe(bundle: string): string {
  return `
const Module = require('module');
const load = Module._load;
const vscode = new Proxy({}, { get: () => function () { return {}; } });
Module._load = function (request, ...rest) { return request === 'vscode' ? vscode : load.call(this, request, ...rest); };
for (const m of ['child_process', 'net', 'crypto', 'http', 'https', 'stream', 'util', 'os', 'path', 'fs', 'url', 'events', 'zlib', 'worker_threads', 'readline']) require(m);
const cpu = process.cpuUsage();
const started = process.hrtime.bigint();
require(${JSON.stringify(bundle)});
const wall = Number(process.hrtime.bigint() - started) / 1e6;
const used = process.cpuUsage(cpu);
process.stdout.write(JSON.stringify([wall, (used.user + used.system) / 1000]));
`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export async function benchExtensionStartup(): Promise<BenchResult[]> {
  const work = mkdtempSync(join(tmpdir(), 'noarkq-p7-'));
  try {
    execFileSync(process.execPath, [join(root, 'esbuild.mjs'), '--only', 'client', '--production', '--outdir', work], { cwd: root, stdio: 'inherit' });
    const client = join(work, 'client.js');
    const baseline = join(work, 'languageclient.js');
    await build({
      stdin: { contents: "export { LanguageClient, TransportKind } from 'vscode-languageclient/node';", resolveDir: root, loader: 'ts' },
      outfile: baseline,
      bundle: true,
      minify: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['vscode'],
      mainFields: ['module', 'main'],
      logLevel: 'warning',
    });
    const clientProbe = join(work, 'client-probe.js');
    const baselineProbe = join(work, 'baseline-probe.js');
    writeFileSync(clientProbe, loadProbe(client));
    writeFileSync(baselineProbe, loadProbe(baseline));
    const loads: number[] = [];
    const loadsCpu: number[] = [];
    const baselineLoads: number[] = [];
    // Interleaved, so that a burst of load on the machine hits both alike.
    for (let i = 0; i < SAMPLES; i++) {
      const [wall, cpu] = JSON.parse(execFileSync(process.execPath, [clientProbe], { encoding: 'utf8' })) as [number, number];
      loads.push(wall);
      loadsCpu.push(cpu);
      baselineLoads.push((JSON.parse(execFileSync(process.execPath, [baselineProbe], { encoding: 'utf8' })) as [number, number])[0]);
    }

    execFileSync(process.execPath, [join(root, 'esbuild.mjs'), '--only', 'server', '--production', '--outdir', work], { cwd: root, stdio: 'inherit' });
    const server = join(work, 'server.js');
    const smallest = join(work, 'smallest-server.js');
    await build({
      stdin: {
        contents: "import { createConnection, ProposedFeatures } from 'vscode-languageserver/node'; const c = createConnection(ProposedFeatures.all); c.onInitialize(() => ({ capabilities: {} })); c.listen();",
        resolveDir: root,
        loader: 'ts',
      },
      outfile: smallest,
      bundle: true,
      minify: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      mainFields: ['module', 'main'],
      logLevel: 'warning',
    });
    const codeCache = join(work, 'code-cache');
    /** Milliseconds from spawn to the `initialize` answer; `shutdown` and `exit` after. */
    const initialize = async (options: StartOptions): Promise<number> => {
      const started = performance.now();
      const client = await LspTestClient.start(options);
      const ms = performance.now() - started;
      await client.shutdown();
      return ms;
    };
    // The first start makes the cache (as it exits) that the others read.
    const firstStart = await initialize({ server, codeCache });
    const initializes: number[] = [];
    const uncached: number[] = [];
    const smallestStarts: number[] = [];
    const starts: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      initializes.push(await initialize({ server, codeCache }));
      uncached.push(await initialize({ server, codeCache: 'off' }));
      smallestStarts.push(await initialize({ server: smallest, codeCache: 'off' }));
      const started = performance.now();
      await nodeAnswers();
      starts.push(performance.now() - started);
    }

    const load = median(loads);
    const loadBaseline = median(baselineLoads);
    const init = median(initializes);
    const start = median(starts);
    const floor = median(smallestStarts);
    return [
      {
        name: 'P7 extension bundle load',
        ratio: load / 30,
        target: 1,
        detail: `median ${load.toFixed(1)} ms (CPU ${median(loadsCpu).toFixed(1)} ms) of ${SAMPLES} fresh processes (target 30 ms); baseline vscode-languageclient alone ${loadBaseline.toFixed(1)} ms, ratio ${(load / loadBaseline).toFixed(2)}`,
      },
      {
        name: 'P7 language server initialize',
        ratio: init / 150,
        target: 1,
        detail:
          `median ${init.toFixed(1)} ms from spawn to the initialize answer, code cached (target 150 ms); ` +
          `without the cache ${median(uncached).toFixed(1)} ms (the first start made it in ${firstStart.toFixed(1)} ms); ` +
          `baselines: a Node process answering on stdio ${start.toFixed(1)} ms (ratio ${(init / start).toFixed(2)}), ` +
          `the smallest vscode-languageserver server ${floor.toFixed(1)} ms (ratio ${(init / floor).toFixed(2)})`,
      },
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Spawns Node, writes a line to it and waits for its answer. */
function nodeAnswers(): Promise<void> {
  return new Promise((resolve, reject) => {
    // In the environment the extension gives the server, so that both start alike.
    const env = serverEnvironment(process.env, 'off');
    const child = spawn(process.execPath, ['-e', "process.stdin.once('data', (d) => { process.stdout.write(d); process.exit(0); })"], { stdio: 'pipe', env });
    child.once('error', reject);
    child.stdout.once('data', () => resolve());
    child.stdin.write('ping\n');
  });
}

if (require.main === module) {
  void benchExtensionStartup().then((results) => {
    for (const r of results) console.log(`${r.ratio <= r.target ? 'ok    ' : 'MISSED'} ${r.name}: ratio ${r.ratio.toFixed(2)} (target <= ${r.target})  ${r.detail}`);
  });
}
