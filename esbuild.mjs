// Bundles each runtime into dist/. Entry points that do not exist yet are skipped, so the build
// grows with the project instead of carrying placeholders.
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const entries = [
  { in: 'cli/main.ts', out: 'cli' },
  { in: 'server/main.ts', out: 'server' },
  { in: 'client/extension.ts', out: 'client', external: ['vscode'] },
  { in: 'sandbox/main.ts', out: 'sandbox' },
];
// `--production` minifies; `--only cli,server` builds some runtimes; `--outdir DIR` builds
// elsewhere than dist/ (tests bundle into a temp folder with exactly this configuration).
const { values: options } = parseArgs({
  options: {
    production: { type: 'boolean', default: false },
    only: { type: 'string' },
    outdir: { type: 'string' },
  },
});
const production = options.production;
const only = options.only?.split(',');
const root = new URL('.', import.meta.url).pathname;
const outdir = options.outdir ?? root + 'dist';
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

for (const e of entries.filter((x) => existsSync(root + x.in) && (!only || only.includes(x.out)))) {
  await build({
    entryPoints: [root + e.in],
    outfile: `${outdir}/${e.out}.js`,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: !production,
    minify: production,
    external: e.external ?? [],
    define: { NOARKQ_VERSION: JSON.stringify(pkg.version) },
    // Prefer ES module builds: some dependencies (jsonc-parser) ship a UMD `main` whose dynamic
    // requires esbuild cannot follow.
    mainFields: ['module', 'main'],
    logLevel: 'warning',
  });
}
