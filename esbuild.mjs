// Bundles each runtime into dist/. Entry points that do not exist yet are skipped, so the build
// grows with the project instead of carrying placeholders.
import { build } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const entries = [
  // The CLI's entry loads its commands, a bundle beside it, through V8's code cache.
  { in: 'cli/launch.ts', out: 'cli' },
  { in: 'cli/main.ts', out: 'cliCommands', runtime: 'cli' },
  // The server's entry reads its arguments and loads two bundles beside it through V8's code
  // cache: the connection, which answers `initialize`, and what it computes with, loaded after.
  { in: 'server/main.ts', out: 'server' },
  { in: 'server/serverConnection.ts', out: 'serverConnection', runtime: 'server', plugins: [lazyBuiltins(['child_process', 'crypto'], /[\\/]node_modules[\\/]vscode-(jsonrpc|languageserver)[\\/]/)] },
  { in: 'server/serverAnalyses.ts', out: 'serverAnalyses', runtime: 'server' },
  { in: 'client/extension.ts', out: 'client', external: ['vscode'] },
  // The extension's activation is a small bundle; the rest is loaded after activation returns.
  { in: 'client/extensionServices.ts', out: 'clientServices', external: ['vscode'], runtime: 'client' },
  // `noarkq mcp` (the MCP SDK) is a bundle apart, so that `noarkq check` does not load it.
  { in: 'cli/mcpMain.ts', out: 'mcp', runtime: 'cli' },
  { in: 'sandbox/main.ts', out: 'sandbox' },
];
// Browser bundles for webviews: everything they load sits in dist/webview/, the only folder a
// webview may read (its localResourceRoots). A page's script is a classic script (`iife`); the
// notebook renderer is an ES module VS Code imports (`esm`), which finds its stylesheet and the
// codicons beside it by its own URL.
const webviews = [
  { in: 'client/webview/results.ts', css: 'client/webview/results.css', out: 'webview/results', format: 'iife' },
  { in: 'client/webview/model.ts', css: 'client/webview/model.css', out: 'webview/model', format: 'iife' },
  { in: 'client/webview/notebookRenderer.ts', css: 'client/webview/notebookRenderer.css', out: 'webview/notebookRenderer', format: 'esm' },
  // The neighbourhood picture shares the model picture's stylesheet (model.css holds both).
  { in: 'client/webview/neighbourhood.ts', css: 'client/webview/model.css', out: 'webview/neighbourhood', format: 'iife' },
];
const webviewAssets = ['node_modules/@vscode/codicons/dist/codicon.css', 'node_modules/@vscode/codicons/dist/codicon.ttf'];
// `--production` minifies; `--only cli,server,webview` builds some runtimes; `--outdir DIR`
// builds elsewhere than dist/ (tests bundle into a temp folder with exactly this configuration).
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

/**
 * vscode-languageserver requires node:child_process (to find global modules) and node:crypto (to
 * name pipes) as it loads, for features a stdio or IPC server never uses; loading them took
 * 5–10 ms of a start on the 2-core machine P7 is measured on. Their `require` from those packages
 * gets a stand-in that loads the module on first use.
 */
function lazyBuiltins(names, importers) {
  const lazy = 'lazy-builtin';
  return {
    name: lazy,
    setup(b) {
      b.onResolve({ filter: new RegExp(`^(node:)?(${names.join('|')})$`) }, (args) =>
        args.kind === 'require-call' && importers.test(args.importer) ? { path: args.path.replace(/^node:/, ''), namespace: lazy } : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: lazy }, (args) => ({
        contents: `let loaded;
const load = () => (loaded ??= require(${JSON.stringify(`node:${args.path}`)}));
module.exports = new Proxy({}, {
  get: (_, key) => load()[key],
  has: (_, key) => key in load(),
  ownKeys: () => Reflect.ownKeys(load()),
  getOwnPropertyDescriptor: (_, key) => ({ ...Reflect.getOwnPropertyDescriptor(load(), key), configurable: true }),
});`,
        loader: 'js',
      }));
    },
  };
}

for (const e of entries.filter((x) => existsSync(root + x.in) && (!only || only.includes(x.runtime ?? x.out)))) {
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
    plugins: e.plugins ?? [],
    define: { NOARKQ_VERSION: JSON.stringify(pkg.version) },
    // Prefer ES module builds: some dependencies (jsonc-parser) ship a UMD `main` whose dynamic
    // requires esbuild cannot follow.
    mainFields: ['module', 'main'],
    logLevel: 'warning',
  });
}

if (!only || only.includes('webview')) {
  for (const w of webviews.filter((x) => existsSync(root + x.in))) {
    await build({
      entryPoints: [root + w.in],
      outfile: `${outdir}/${w.out}.js`,
      bundle: true,
      platform: 'browser',
      format: w.format,
      target: 'chrome120',
      // Inline source maps would be a `data:` load the page's CSP refuses; a map file beside the
      // bundle is read only by the developer tools.
      sourcemap: !production,
      minify: production,
      logLevel: 'warning',
    });
    // Bundled, so that a stylesheet can @import the view's rules it shares with another.
    await build({ entryPoints: [root + w.css], outfile: `${outdir}/${w.out}.css`, bundle: true, target: 'chrome120', minify: production, logLevel: 'warning' });
  }
  mkdirSync(`${outdir}/webview`, { recursive: true });
  for (const asset of webviewAssets) copyFileSync(root + asset, `${outdir}/webview/${asset.split('/').pop()}`);
}
