/**
 * The layers as a test: dependency-cruiser cruises the sources with the rules of
 * `.dependency-cruiser.cjs` (type-only imports included) and every forbidden import fails the
 * test, listed as `from → to (rule)`. The second test cruises a small tree written for it, with
 * one forbidden import per rule beside imports the rules allow, so a rule that stopped matching
 * (a renamed folder, a wrong pattern) fails too instead of passing quietly.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import type { ICruiseResult } from 'dependency-cruiser';

const root = join(__dirname, '..');
/** The folders whose modules the rules are about; `scripts/` too, since the build scripts are
 * where some product modules are reached from. Tests inside them are cruised, and exempt. */
const cruised = ['core', 'protocol', 'launch', 'server', 'runner', 'mcp', 'client', 'cli', 'sandbox', 'scripts'];

/** Each violation as `from → to (rule)`; a module that breaks a rule by itself (one no bundle
 * reaches) as `module (rule)`. */
async function violations(baseDir: string, folders: readonly string[]): Promise<string[]> {
  // dependency-cruiser is an ES module only; the tests run as CommonJS.
  const { cruise } = await import('dependency-cruiser');
  const { default: extractDepcruiseOptions } = await import('dependency-cruiser/config-utl/extract-depcruise-options');
  const { default: extractTSConfig } = await import('dependency-cruiser/config-utl/extract-ts-config');
  const options = await extractDepcruiseOptions(join(root, '.dependency-cruiser.cjs'));
  const result = await cruise([...folders], { ...options, baseDir }, {}, { tsConfig: extractTSConfig(join(root, 'tsconfig.json')) });
  const { summary } = result.output as ICruiseResult;
  return summary.violations.map((v) => `${v.from}${v.to === v.from ? '' : ` → ${v.to}`} (${v.rule.name})`).sort();
}

test('every import keeps to the layers of .dependency-cruiser.cjs', async () => {
  const found = await violations(root, cruised);
  assert.deepEqual(found, [], `forbidden imports (the rules and why: .dependency-cruiser.cjs, docs/architecture.md):\n${found.join('\n')}`);
});

test('each rule reports its forbidden import, and the imports the layers allow pass', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'noarkq-layers-'));
  try {
    // The project's packages, so that zod, undici and vscode resolve as they do in the sources.
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const files: Record<string, string> = {
      'core/api/archiveSchemas.ts': "import { z } from 'zod';\nexport const id = z.string();\n",
      'core/pure.ts': "import { format } from 'node:util';\nimport { id } from './api/archiveSchemas';\nexport const pure = format('%s', id);\n",
      'core/impure.ts': [
        "import { readFileSync } from 'node:fs';",
        "import type { Uri } from 'vscode';",
        "import { z } from 'zod';",
        "import { request } from 'undici';",
        "import { connect } from '../runner/connect';",
        "import { sample } from '../test/fixtures/sample';",
        'export const all = [readFileSync, z, request, connect, sample] as unknown as Uri;',
        '',
      ].join('\n'),
      'core/onlyTestsUse.ts': 'export const helper = 1;\n',
      'core/impure.test.ts': "import { readFileSync } from 'node:fs';\nimport { test } from 'node:test';\nimport { helper } from './onlyTestsUse';\nimport { sample } from '../test/fixtures/sample';\ntest('x', () => [readFileSync, helper, sample]);\n",
      'runner/connect.ts': "import { pure } from '../core/pure';\nimport { account } from '../sandbox/accounts';\nimport type { Uri } from 'vscode';\nexport const connect = [pure, account] as unknown as Uri;\n",
      'protocol/messages.ts': "import { NotificationType } from 'vscode-languageserver-protocol';\nimport { pure } from '../core/pure';\nimport { state } from '../server/state';\nexport const messages = [NotificationType, pure, state];\n",
      'server/state.ts': 'export const state = 1;\n',
      'launch/codeCache.ts': "import { readFileSync } from 'node:fs';\nimport { pure } from '../core/pure';\nexport const cache = [readFileSync, pure];\n",
      'server/main.ts': "import { join } from 'node:path';\nimport { messages } from '../protocol/messages';\nimport { state } from './state';\nimport { connect } from '../runner/connect';\nimport { cache } from '../launch/codeCache';\nexport const server = [join, messages, state, connect, cache];\n",
      'sandbox/accounts.ts': 'export const account = 1;\n',
      'sandbox/main.ts': "import { id } from '../core/api/archiveSchemas';\nimport { account } from './accounts';\nimport { connect } from '../runner/connect';\nexport const sandbox = [id, account, connect];\n",
      'cli/main.ts': "import { connect } from '../runner/connect';\nimport { all } from '../core/impure';\nimport { account } from '../sandbox/accounts';\nimport { cache } from '../launch/codeCache';\nexport const cli = [connect, all, account, cache];\n",
      'client/extension.ts': "import type { Uri } from 'vscode';\nimport { messages } from '../protocol/messages';\nimport { connect } from '../runner/connect';\nimport { state } from '../server/state';\nimport { results } from './webview/results';\nexport const client = [messages, connect, state, results] as unknown as Uri;\n",
      'client/webview/results.ts': "import type { Uri } from 'vscode';\nimport { join } from 'node:path';\nimport { cell } from './cell';\nexport const results = [join, cell] as unknown as Uri;\n",
      'client/webview/cell.ts': 'export const cell = 1;\n',
      'test/fixtures/sample.ts': 'export const sample = 1;\n',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const found = await violations(dir, ['core', 'protocol', 'launch', 'server', 'runner', 'client', 'cli', 'sandbox']);
    assert.deepEqual(
      found.map((line) => line.replace(/[^ ]*node_modules\/(@types\/)?([^/]+)\/\S*/, '$2')).sort(),
      [
        'cli/main.ts → sandbox/accounts.ts (cli-only-runner-core)',
        'client/extension.ts → server/state.ts (client-not-server-sandbox-cli)',
        'client/webview/results.ts → path (webview-no-node)',
        'client/webview/results.ts → vscode (webview-no-vscode)',
        'core/impure.ts → fs (core-no-node-io)',
        'core/impure.ts → runner/connect.ts (core-only-core)',
        'core/impure.ts → test/fixtures/sample.ts (core-only-core)',
        'core/impure.ts → test/fixtures/sample.ts (product-no-test-code)',
        'core/impure.ts → undici (core-no-undici-or-zod-outside-api)',
        'core/impure.ts → vscode (core-no-vscode)',
        'core/impure.ts → zod (core-no-undici-or-zod-outside-api)',
        'core/onlyTestsUse.ts (product-reached-from-a-bundle)',
        'launch/codeCache.ts → core/pure.ts (launch-only-node)',
        'protocol/messages.ts → server/state.ts (protocol-only-core)',
        'runner/connect.ts → sandbox/accounts.ts (runner-no-vscode-sandbox-client)',
        'runner/connect.ts → vscode (runner-no-vscode-sandbox-client)',
        'sandbox/main.ts → runner/connect.ts (sandbox-only-core)',
        'server/main.ts → runner/connect.ts (server-only-core)',
      ].sort(),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
