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

const benches: Array<() => Promise<BenchResult | BenchResult[]>> = [benchQueryParser, benchTransactionCheck, benchEditLatency, () => benchSandbox(), () => benchRunnerClient(), benchExtensionStartup,
  () => import('./resultsGrid.bench').then((m) => m.benchResultsGrid()), () => import('./testCommand.bench').then((m) => m.benchTestCommand()),
  () => benchInChild('checkScaling.bench.ts'),
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
