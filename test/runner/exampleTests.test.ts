/**
 * The example test suite (examples/tests) passes as shipped: `noarkq test examples/tests` against
 * the sandbox with its demo archive, each file in its own session and several at once, as the
 * files' comments promise. (test/examples.test.ts checks the same files without an archive.)
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { noarkModel } from '../../core/schema';
import type { RunIo } from '../../cli/runCommand';
import { connectForRun } from '../../cli/runConnection';
import { runTest } from '../../cli/testCommand';
import { seedDemoArchive } from '../../sandbox/seed/demoArchive';
import { useTestSandbox } from '../http/sandboxHarness';

const suite = new URL('../../examples/tests', import.meta.url).pathname;

describe('examples/tests against the sandbox', () => {
  // full-text-search.noarkq waits (RETRY) for the index; a short interval keeps that wait short.
  const env = useTestSandbox({ fullTextIndexIntervalSeconds: 1, seed: async (services) => void (await seedDemoArchive(services)) });
  let dir: string;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'noarkq-example-tests-'));
    const sandbox = env.sandbox.sandbox;
    writeFileSync(
      join(dir, 'noarkq.environments.json'),
      JSON.stringify({ environments: [{ name: 'sandbox', baseUrl: sandbox.apiUrl, auth: { kind: 'client_credentials', tokenUrl: sandbox.tokenUrl, clientId: 'noarkq-demo' } }] }),
    );
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('every file passes, every block of it a passing test or step', { timeout: 120_000 }, async () => {
    let out = '';
    let err = '';
    const io: RunIo = {
      cwd: dir,
      out: (t) => void (out += t),
      err: (t) => void (err += t),
      env: { NOARKQ_CLIENT_SECRET: 'noarkq-demo-secret' },
      columns: undefined,
      colour: false,
      progress: false,
      onInterrupt: () => () => undefined,
    };
    const code = await runTest([suite, '--env', 'sandbox'], io, noarkModel, connectForRun);
    assert.equal(code, 0, out + err);
    const files = readdirSync(suite).filter((name) => name.endsWith('.noarkq'));
    for (const name of files) assert.match(out, new RegExp(`^PASS \\S*${name.replace(/\./g, '\\.')} `, 'm'), `${name} passed`);
    assert.match(out, new RegExp(`^Files {2}${files.length} passed \\(${files.length}\\)$`, 'm'));
    assert.doesNotMatch(out, /skipped|failed/);
  });
});
