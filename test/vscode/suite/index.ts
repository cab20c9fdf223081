/**
 * The extension-host entry point: `run()` as `@vscode/test-electron` calls it (and the code-server
 * harness in test/vscode/host, which uses the same contract). Mocha runs inside VS Code's
 * extension host, next to the extension under test.
 */
import Mocha from 'mocha';
import { registerAgentToolTests } from './agentTools.test';
import { registerArchiveTreeTests } from './archiveTree.test';
import { registerExplainTests } from './explain.test';
import { registerCopyAsCodeTests } from './copyAsCode.test';
import { registerExtensionTests } from './extension.test';
import { registerModelTests } from './model.test';
import { registerNeighbourhoodTests } from './neighbourhood.test';
import { registerNotebookTests } from './notebook.test';
import { registerRegistriesTests } from './registries.test';
import { registerSearchTests } from './search.test';
import { registerTestingTests } from './testing.test';

export function run(): Promise<void> {
  // NOARKQ_TEST_GREP runs only the tests whose full title matches (while working on one feature).
  const grep = process.env.NOARKQ_TEST_GREP;
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 120_000, reporter: 'spec', ...(grep ? { grep } : {}) });
  mocha.suite.emit('pre-require', globalThis, 'extension.test', mocha);
  registerExtensionTests();
  registerArchiveTreeTests();
  registerRegistriesTests();
  registerSearchTests();
  registerTestingTests();
  registerAgentToolTests();
  registerExplainTests();
  registerCopyAsCodeTests();
  registerModelTests();
  registerNeighbourhoodTests();
  registerNotebookTests();
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      // The plain closing line CI reads, whatever reporter printed above it.
      console.log(`vscode: ${runner.stats?.passes ?? 0} passed, ${failures} failed`);
      if (failures > 0) reject(new Error(`${failures} extension test${failures === 1 ? '' : 's'} failed`));
      else resolve();
    });
  });
}
