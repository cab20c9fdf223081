// Bundles the extension-host suite (test/vscode/suite) into dist/vscode-tests/suite/index.js.
// mocha stays external: it loads its reporters by name at run time, from node_modules.
import { build } from 'esbuild';

const root = new URL('../..', import.meta.url).pathname;
await build({
  entryPoints: [`${root}test/vscode/suite/index.ts`],
  outfile: `${root}dist/vscode-tests/suite/index.js`,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: 'inline',
  external: ['vscode', 'mocha'],
  mainFields: ['module', 'main'],
  logLevel: 'warning',
});
