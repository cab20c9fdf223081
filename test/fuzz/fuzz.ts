// Long fuzzing run of the parser/checker properties: `npm run fuzz -- --runs 100000 [--seed N]`.
// Besides the properties of `npm test`, it bounds the time of a check, a completion and an
// incremental check on every input (`--limit-ms`, 50 by default).
import fc from 'fast-check';
import { parseArgs } from 'node:util';
import { costStaysBounded } from './costBound';
import { allProperties, type NamedProperty } from './noarkqProperties';
import type { DocumentEdit } from './noarkqArbitraries';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10000' },
    seed: { type: 'string' },
    property: { type: 'string' },
    'limit-ms': { type: 'string', default: '50' },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs <= 0) {
  console.error(`--runs must be a positive whole number, got "${values.runs}"`);
  process.exit(2);
}
const limitMs = Number(values['limit-ms']);
if (!Number.isFinite(limitMs) || limitMs <= 0) {
  console.error(`--limit-ms must be a positive number of milliseconds, got "${values['limit-ms']}"`);
  process.exit(2);
}
const seed = values.seed === undefined ? Date.now() ^ (Math.random() * 0x7fffffff) : Number(values.seed);
const cost = costStaysBounded(limitMs);
const costProperty: NamedProperty = {
  name: 'costStaysBounded',
  check: (params) => fc.check(cost.property, params as fc.Parameters<[string, number, DocumentEdit]>) as fc.RunDetails<unknown>,
};
const properties = [...allProperties, costProperty];
const selected = properties.filter((p) => !values.property || p.name === values.property);
if (selected.length === 0) {
  console.error(`unknown --property "${values.property}"; one of: ${properties.map((p) => p.name).join(', ')}`);
  process.exit(2);
}
if (typeof globalThis.gc !== 'function') console.log('(no --expose-gc: slow inputs are re-timed without a collection first)');
let failed = 0;
for (const { name, check } of selected) {
  const started = Date.now();
  const result = check({ numRuns: runs, seed });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.failed) {
    failed++;
    console.log(`FAIL ${name} after ${result.numRuns} runs (${seconds} s), seed ${seed}, path "${result.counterexamplePath}"`);
    console.log(fc.defaultReportMessage(result));
    if (result.errorInstance instanceof Error) console.log(`Error: ${result.errorInstance.message}`);
  } else {
    console.log(`ok   ${name}: ${result.numRuns} runs in ${seconds} s (seed ${seed})`);
  }
  if (check === costProperty.check) {
    const slowest = cost.slowest();
    if (slowest) {
      const shown = slowest.input.length > 300 ? `${JSON.stringify(slowest.input.slice(0, 300))}… (${slowest.input.length} characters)` : JSON.stringify(slowest.input);
      console.log(`     slowest: ${slowest.work} ${slowest.ms.toFixed(1)} ms${slowest.retimed ? ' CPU (re-timed)' : ''} (limit ${limitMs} ms) on ${shown}`);
    }
    console.log(`     ${cost.cleared()} first timings over the limit were under it when re-timed alone`);
  }
}
process.exit(failed ? 1 : 0);
