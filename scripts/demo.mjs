// `npm run demo`: what noarkq can show today without an archive. It checks the example of the
// spec's typical integration flow (clean) and a file that shows every diagnostic (one of each),
// exactly as a CI pipeline would run `noarkq check`.
import { spawnSync } from 'node:child_process';

const cli = new URL('../bin/noarkq.js', import.meta.url).pathname;
const run = (title, args, expectedStatus) => {
  console.log(`\n\x1b[1m$ noarkq ${args.join(' ')}\x1b[0m   # ${title}`);
  const r = spawnSync(process.execPath, [cli, ...args], { stdio: 'inherit' });
  if (r.status !== expectedStatus) {
    console.error(`demo: expected exit code ${expectedStatus}, got ${r.status}`);
    process.exit(1);
  }
};

run('the typical integration flow: no problems', ['check', 'examples/integration-flow.noarkq'], 0);
run('every diagnostic noarkq knows, one example each (exit code 1: errors found)', ['check', 'examples/broken.noarkq'], 1);
console.log('\nNext: run `npx noarkq check <files>` on your own .noarkq files, or in CI with --format sarif.');
