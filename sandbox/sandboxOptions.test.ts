import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sandboxChildArguments } from '../core/api/sandboxContract';
import { parseSandboxArguments } from './sandboxOptions';

// The runner starts the sandbox with the contract's command line; the sandbox must read it as meant.
test('the sandbox reads the command line the sandbox contract gives the runner', () => {
  const memory = parseSandboxArguments(sandboxChildArguments({}));
  assert.equal(memory.kind, 'options');
  if (memory.kind === 'options') {
    assert.equal(memory.options.memory, true);
    assert.equal(memory.options.port, 0);
  }
  const folder = parseSandboxArguments(sandboxChildArguments({ dataDir: '/tmp/noarkq-archive', port: 9123 }));
  assert.equal(folder.kind, 'options');
  if (folder.kind === 'options') {
    assert.equal(folder.options.memory, false);
    assert.equal(folder.options.dataDir, '/tmp/noarkq-archive');
    assert.equal(folder.options.port, 9123);
  }
});
