// Long fuzzing run of the parser/checker properties: `npm run fuzz -- --runs 100000 [--seed N]`.
import fc from 'fast-check';
import { parseArgs } from 'node:util';
import { allProperties } from './noarkqProperties';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10000' },
    seed: { type: 'string' },
    property: { type: 'string' },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs <= 0) {
  console.error(`--runs must be a positive whole number, got "${values.runs}"`);
  process.exit(2);
}
const seed = values.seed === undefined ? Date.now() ^ (Math.random() * 0x7fffffff) : Number(values.seed);
const selected = allProperties.filter((p) => !values.property || p.name === values.property);
if (selected.length === 0) {
  console.error(`unknown --property "${values.property}"; one of: ${allProperties.map((p) => p.name).join(', ')}`);
  process.exit(2);
}
let failed = 0;
for (const { name, check } of selected) {
  const started = Date.now();
  const result = check({ numRuns: runs, seed });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.failed) {
    failed++;
    console.log(`FAIL ${name} after ${result.numRuns} runs (${seconds} s), seed ${seed}, path "${result.counterexamplePath}"`);
    console.log(fc.defaultReportMessage(result));
  } else {
    console.log(`ok   ${name}: ${result.numRuns} runs in ${seconds} s (seed ${seed})`);
  }
}
process.exit(failed ? 1 : 0);
