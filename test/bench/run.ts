// `npm run bench`: every benchmark reports a ratio against a baseline measured in the same run,
// so the figures mean the same on a loaded shared machine as on an idle one.
import { benchQueryParser } from './queryParser.bench';
import { benchTransactionCheck } from './transactionCheck.bench';
import { benchEditLatency } from './editLatency.bench';
import { benchSandbox } from './sandbox.bench';
import { benchExtensionStartup } from './extensionStartup.bench';
import { benchRunnerClient } from './runnerClient.bench';
import type { BenchResult } from './benchResult';
import { benchInChild } from './benchInChild';

// The slope of the check comes before the sandbox, upload and CLI benchmarks: run after them (in a
// process of its own or not), a file of errors' 0.1 MB, measured first, read 1.4-1.6 times its
// cost alone or before them, in three whole runs out of three; why, these runs do not tell.
const benches: Array<() => Promise<BenchResult | BenchResult[]>> = [benchQueryParser, benchTransactionCheck, benchEditLatency, () => benchInChild('checkScaling.bench.ts'), () => benchSandbox(), () => benchRunnerClient(), benchExtensionStartup,
  () => import('./resultsGrid.bench').then((m) => m.benchResultsGrid()), () => import('./testCommand.bench').then((m) => m.benchTestCommand()),
  () => import('./serverResponsiveness.bench').then((m) => m.benchServerResponsiveness()),
  () => import('./positionEncoding.bench').then((m) => m.benchPositionEncoding()),
  () => import('./teamSandbox.bench').then((m) => m.benchTeamSandbox())];

async function main(): Promise<void> {
  const results: BenchResult[] = [];
  for (const bench of benches) results.push(...[await bench()].flat());
  let missed = 0;
  for (const r of results) {
    const ok = r.ratio <= r.target;
    if (!ok) missed++;
    console.log(`${ok ? 'ok    ' : 'MISSED'} ${r.name}: ratio ${r.ratio.toFixed(2)} (target <= ${r.target})  ${r.detail}`);
  }
  process.exit(missed ? 1 : 0);
}

void main();
