/** A missing tool chain skips its test with the reason, except on CI, where it fails. */
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { requireToolchain } from './toolchains';

const ci = process.env.CI;
afterEach(() => {
  if (ci === undefined) delete process.env.CI;
  else process.env.CI = ci;
});

const missing = { name: 'javac', missing: 'javac is not installed here: run test/codegen/install-toolchains.sh' };

test('a missing tool chain skips, saying why and how to install it', () => {
  delete process.env.CI;
  const skipped: string[] = [];
  assert.equal(requireToolchain({ skip: (message) => skipped.push(message) }, missing), false);
  assert.deepEqual(skipped, [missing.missing]);
});

test('on CI a missing tool chain fails', () => {
  process.env.CI = 'true';
  assert.throws(() => requireToolchain({ skip: () => assert.fail('skipped on CI') }, missing), /CI=true, yet javac is not installed/);
});

test('a tool chain that is there runs its test', () => {
  process.env.CI = 'true';
  assert.equal(requireToolchain({ skip: () => assert.fail('skipped') }, { name: 'sh', missing: undefined }), true);
});
