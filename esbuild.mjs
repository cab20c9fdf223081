// Bundles each runtime into dist/. Entry points that do not exist yet are skipped, so the build
// grows with the project instead of carrying placeholders.
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';

const entries = [
  { in: 'cli/main.ts', out: 'cli' },
  { in: 'server/main.ts', out: 'server' },
  { in: 'client/extension.ts', out: 'client', external: ['vscode'] },
  { in: 'sandbox/main.ts', out: 'sandbox' },
];
const production = process.argv.includes('--production');
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

for (const e of entries.filter((x) => existsSync(x.in))) {
  await build({
    entryPoints: [e.in],
    outfile: `dist/${e.out}.js`,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: !production,
    minify: production,
    external: e.external ?? [],
    define: { NOARKQ_VERSION: JSON.stringify(pkg.version) },
    logLevel: 'warning',
  });
}
