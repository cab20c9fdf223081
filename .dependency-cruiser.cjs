/**
 * The layers of noarkq as dependency-cruiser rules: which folder may import what. A forbidden
 * import fails `test/layers.test.ts` (which cruises the sources with this file and lists each
 * violation); `npx depcruise core protocol launch server runner mcp client cli sandbox scripts` reads it too.
 * docs/architecture.md says why the layers are what they are.
 *
 * Paths are relative to the repository root. npm packages are matched by the folder they resolve
 * to anywhere under a `node_modules/` (a worktree may link to another checkout's), or by their bare
 * name when they do not resolve (`vscode` outside the extension host has only its types).
 */

/** A test file or a test-only helper: exempt from the layer rules, and never imported by product code. */
const testCode = '(^|/)[^/]+\\.test\\.ts$|^test/';

/** The resolved path of an npm package (its types package too), or its bare name when unresolved. */
const npm = (...names) => names.map((name) => `(^|/)node_modules/(@types/)?${name}/|^${name}(/|$)`).join('|');

/** Node built-ins core/ may use: pure computation, no I/O, nothing that ties it to Node's process.
 * Any other built-in (fs, net, http, child_process, worker_threads, os, process, crypto, ...) is
 * forbidden there, so that a new one counts as I/O until someone decides otherwise. */
const pureBuiltins = ['assert', 'assert/strict', 'buffer', 'events', 'path', 'querystring', 'string_decoder', 'url', 'util', 'util/types'];
const builtinNames = (names) => `^(node:)?(${names.map((name) => name.replace('/', '\\/')).join('|')})$`;

/** Where the bundles start (esbuild.mjs's entry points) and the build scripts: every product
 * module is reached from one of them, so a module only tests import is a test helper in the
 * wrong place. A new bundle's entry goes here too, or what only it reaches is reported. */
const entryPoints = [
  'cli/launch.ts',
  'cli/main.ts',
  'cli/mcpMain.ts',
  'server/main.ts',
  'server/serverConnection.ts',
  'server/serverAnalyses.ts',
  'client/extension.ts',
  'client/extensionServices.ts',
  'client/webview/results.ts',
  'client/webview/model.ts',
  'client/webview/notebookRenderer.ts',
  'client/webview/neighbourhood.ts',
  'sandbox/main.ts',
];
const entry = `^(${entryPoints.map((path) => path.replace('.', '\\.')).join('|')}|scripts/[^/]+\\.(ts|mjs))$`;

/** Product modules under `folder` (tests beside them are test code). */
const product = (folder) => ({ path: `^${folder}/`, pathNot: testCode });

/** A module of this repository (not npm, not a Node built-in). */
const local = (pathNot) => ({ dependencyTypes: ['local'], pathNot });

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'core-no-vscode',
      comment: 'core/ is pure: the editor, the CLI, the sandbox and the webview all run it.',
      severity: 'error',
      from: product('core'),
      to: { path: npm('vscode') },
    },
    {
      name: 'core-no-node-io',
      comment: `core/ does no I/O: of Node's built-ins it uses only ${pureBuiltins.join(', ')}.`,
      severity: 'error',
      from: product('core'),
      to: { dependencyTypes: ['core'], pathNot: builtinNames(pureBuiltins) },
    },
    {
      name: 'core-no-undici-or-zod-outside-api',
      comment: "core/ speaks no HTTP; zod is the archive interface's contract and lives in core/api/ only.",
      severity: 'error',
      from: { path: '^core/', pathNot: `^core/api/|${testCode}` },
      to: { path: npm('undici', 'zod') },
    },
    {
      name: 'core-only-core',
      comment: 'core/ is the bottom layer: it imports no other folder of the repository.',
      severity: 'error',
      from: product('core'),
      to: local('^core/'),
    },
    {
      name: 'runner-no-vscode-sandbox-client',
      comment: 'runner/ is shared by the CLI and the extension; what it needs of a sandbox is core/api/sandboxContract.ts.',
      severity: 'error',
      from: product('runner'),
      to: { path: `${npm('vscode')}|^(sandbox|client)/` },
    },
    {
      name: 'protocol-only-core',
      comment: 'protocol/ (the noarkq/... messages) is imported by the client and the server, so it imports neither.',
      severity: 'error',
      from: product('protocol'),
      to: local('^(protocol|core)/'),
    },
    {
      name: 'server-only-core',
      comment: 'server/ is LSP glue over core/, with the custom messages of protocol/; its bundles load through launch/.',
      severity: 'error',
      from: product('server'),
      to: local('^(server|core|protocol|launch)/'),
    },
    {
      name: 'launch-only-node',
      comment: "launch/ (how the server's and the CLI's bundles load) runs before any of them: it imports nothing of the repository.",
      severity: 'error',
      from: product('launch'),
      to: local('^launch/'),
    },
    {
      name: 'sandbox-only-core',
      comment: "sandbox/ checks with core/ and answers with core/api/'s contract; nothing else of the repository.",
      severity: 'error',
      from: product('sandbox'),
      to: local('^(sandbox|core)/'),
    },
    {
      name: 'cli-only-runner-core',
      comment: 'cli/ runs blocks with runner/; the sandbox stays a bundle of its own (cli/bundledRuntime.ts).',
      severity: 'error',
      from: product('cli'),
      to: { path: `${npm('vscode')}|^(sandbox|server|client|protocol)/` },
    },
    {
      name: 'mcp-only-runner-core',
      comment: "mcp/ (noarkq mcp's tools, which the extension's language-model tools call too) runs with core/ and runner/; the CLI hands it its archive connection.",
      severity: 'error',
      from: product('mcp'),
      to: { path: `${npm('vscode')}|^(sandbox|server|client|cli|protocol|launch)/` },
    },
    {
      name: 'client-not-server-sandbox-cli',
      comment: 'client/ talks to the server through protocol/ and to a sandbox through runner/.',
      severity: 'error',
      from: product('client'),
      to: { path: '^(server|sandbox|cli)/' },
    },
    {
      name: 'webview-no-vscode',
      comment: 'client/webview/ runs in the browser, in a page the extension host only posts messages to.',
      severity: 'error',
      from: product('client/webview'),
      to: { path: npm('vscode') },
    },
    {
      name: 'webview-no-node',
      comment: 'client/webview/ runs in the browser: no Node built-ins.',
      severity: 'error',
      from: product('client/webview'),
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'product-no-test-code',
      comment: 'Fixtures and test helpers sit beside the tests (test/fixtures/), never where a bundle could pull them in.',
      severity: 'error',
      from: { pathNot: testCode },
      to: { path: testCode },
    },
    {
      name: 'product-reached-from-a-bundle',
      comment: 'A module of a product folder that no bundle reaches is a test helper (or dead code): test/fixtures/ is its place.',
      severity: 'error',
      from: { path: entry },
      to: { path: '^(core|protocol|server|runner|client|cli|sandbox)/', pathNot: `${testCode}|${entry}`, reachable: false },
    },
  ],
  options: {
    // `import type` counts: a type-only import still ties one layer to another.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // npm packages and built-ins are where the arrows end; what they import is not ours to rule.
    doNotFollow: { path: '(^|/)node_modules/', dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg', 'core'] },
  },
};
