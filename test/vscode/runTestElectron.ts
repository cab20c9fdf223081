/**
 * The same suite under `@vscode/test-electron`, for machines that can download VS Code (this one
 * cannot: it runs the suite through test/vscode/host instead). Usage, after `npm run build` and
 * `node test/vscode/buildSuite.mjs`: `node --import tsx test/vscode/runTestElectron.ts`.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTests } from '@vscode/test-electron';

async function main(): Promise<void> {
  const root = join(__dirname, '..', '..');
  // The suite writes (downloads, settings): it gets a copy of the examples as its workspace.
  const workspace = mkdtempSync(join(tmpdir(), 'noarkq-vscode-'));
  cpSync(join(root, 'examples'), workspace, { recursive: true });
  await runTests({
    version: '1.100.3',
    extensionDevelopmentPath: root,
    extensionTestsPath: join(root, 'dist', 'vscode-tests', 'suite', 'index.js'),
    launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust'],
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
