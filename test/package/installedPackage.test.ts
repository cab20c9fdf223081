/**
 * The package as a user of another editor gets it: `npm pack` of the repository, installed from
 * the tarball into a project of its own (no repository, no build), then `npx noarkq lsp`,
 * `noarkq check` and `noarkq --version` from there. The tarball packs the built dist/ that
 * `npm test` builds first.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import type { InitializeResult } from 'vscode-languageserver-protocol';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
let work: string;
let project: string;
let packed: string[];

before(() => {
  assert.ok(existsSync(join(root, 'dist', 'cli.js')), 'dist/ is built (npm run build) before this test packs it');
  work = mkdtempSync(join(tmpdir(), 'noarkq-package-'));
  // Scripts are left out of the pack only: prepack's production build would rewrite the dist/
  // other tests are reading. The install below runs every script a user's install runs.
  const pack = spawnSync(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8' });
  assert.equal(pack.status, 0, pack.stderr);
  const [info] = JSON.parse(pack.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  packed = info.files.map((f) => f.path);
  project = join(work, 'project');
  spawnSync('mkdir', [project]);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'an-integration', private: true }));
  const install = spawnSync(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', join(work, info.filename)], { cwd: project, encoding: 'utf8' });
  assert.equal(install.status, 0, install.stdout + install.stderr);
});

after(() => rmSync(work, { recursive: true, force: true }));

test('the tarball holds the command and its bundles, and none of the sources, tests or source maps', () => {
  // The grammar and language configuration too: JetBrains IDEs read the package's folder as a
  // TextMate bundle (package.json's contributes.grammars). The tree-sitter grammar and the Helix
  // and Zed files: those editors are set up from the installed package's folder.
  const editors = ['editors/tree-sitter-noarkq/src/parser.c', 'editors/tree-sitter-noarkq/src/scanner.c', 'editors/tree-sitter-noarkq/src/tree_sitter/parser.h', 'editors/tree-sitter-noarkq/queries/highlights.scm', 'editors/helix/highlights.scm', 'editors/helix/injections.scm', 'editors/zed/extension.toml', 'editors/zed/src/lib.rs', 'editors/zed/languages/noarkq/config.toml', 'editors/zed/languages/noarkq/highlights.scm', 'editors/sublime/noarkq.tmLanguage'];
  for (const file of [...editors, 'package.json', 'syntaxes/noarkq.tmLanguage.json', 'language-configuration.json', 'bin/noarkq.js', 'dist/cli.js', 'dist/cliCommands.js', 'dist/server.js', 'dist/serverConnection.js', 'dist/serverAnalyses.js', 'dist/sandbox.js', 'dist/mcp.js', 'docs/noarkq-format.md', 'docs/query-language.md']) {
    assert.ok(packed.includes(file), `${file} is packed`);
  }
  const stray = packed.filter((f) => /\.(ts|map)$/.test(f) || f.startsWith('test/') || f.startsWith('node_modules/'));
  assert.deepEqual(stray, []);
});

test('the installed package needs only what it declares: its bundles carry the rest', () => {
  const installed = JSON.parse(readFileSync(join(project, 'node_modules', 'noarkq', 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  assert.deepEqual(Object.keys(installed.dependencies ?? {}), ['@electric-sql/pglite']);
  assert.ok(readdirSync(join(project, 'node_modules')).includes('@electric-sql'));
});

test('noarkq --version and noarkq check run from the installed package', () => {
  const version = spawnSync(npx, ['--offline', 'noarkq', '--version'], { cwd: project, encoding: 'utf8' });
  assert.equal(version.status, 0, version.stderr);
  assert.equal(version.stdout.trim(), (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version);
  writeFileSync(join(project, 'bad.noarkq'), '### a\nQUERY Saksmappe\nWHERE tittle = "x"\n');
  const check = spawnSync(npx, ['--offline', 'noarkq', 'check', 'bad.noarkq'], { cwd: project, encoding: 'utf8' });
  assert.equal(check.status, 1, check.stderr);
  assert.match(check.stdout, /bad\.noarkq:3:\d+.*tittle/);
});

test('npx noarkq lsp from the installed package speaks LSP on stdio', async () => {
  const child = spawn(npx, ['--offline', 'noarkq', 'lsp'], { cwd: project, stdio: 'pipe' });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  connection.listen();
  const result: InitializeResult = await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
  assert.equal(result.serverInfo?.name, 'noarkq');
  assert.ok(result.capabilities.hoverProvider);
  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
  assert.equal(await exit, 0, stderr);
  connection.dispose();
});

test('npx noarkq mcp from the installed package lists its tools and serves the format it documents', async () => {
  const transport = new StdioClientTransport({ command: npx, args: ['--offline', 'noarkq', 'mcp'], cwd: project, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }, stderr: 'pipe' });
  const client = new Client({ name: 'noarkq-package-test', version: '1.0.0' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    assert.ok(tools.some((t) => t.name === 'check'));
    const format = await client.readResource({ uri: 'noarkq://docs/format' });
    const text = format.contents[0] && 'text' in format.contents[0] ? String(format.contents[0].text) : '';
    assert.match(text, /EXPECT/);
  } finally {
    await client.close();
  }
});
