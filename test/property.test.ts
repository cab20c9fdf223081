// Generated and mutated documents never make a parser or checker throw or report nonsense ranges.
// `npm run fuzz -- --runs N` runs the same properties for long.
import { test } from 'node:test';
import fc from 'fast-check';
import { allProperties } from './fuzz/noarkqProperties';

const numRuns = Number(process.env.NOARKQ_PROPERTY_RUNS ?? 300);

for (const property of allProperties) {
  test(`property: ${property.name}`, () => {
    const details = property.check({ numRuns });
    if (details.failed) throw new Error(fc.defaultReportMessage(details) ?? `${property.name} failed`);
  });
}
