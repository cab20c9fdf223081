import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseSandboxArguments } from '../../sandbox/sandboxOptions';
import { startTestSandbox } from './sandboxHarness';

test('a sandbox with a data folder keeps its archive across restarts', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'noarkq-sandbox-test-'));
  try {
    const first = await startTestSandbox({ memory: false, dataDir });
    const token = await first.token();
    const saved = await first.transaction(token, [{ action: 'save', type: 'Klassifikasjonssystem', id: 'k', fields: { tittel: 'Kept' } }]);
    assert.equal(saved.status, 200, saved.text);
    const up = await fetch(`${first.sandbox.apiUrl}/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Disposition': 'attachment; filename="kept.txt"' },
      body: 'kept bytes',
    });
    const fileId = ((await up.json()) as { id: string }).id;
    await first.close();

    const second = await startTestSandbox({ memory: false, dataDir });
    try {
      const token2 = await second.token();
      const r = await second.query(token2, { type: 'Klassifikasjonssystem' });
      assert.deepEqual(r.json.results.map((x: { fields: { tittel: string } }) => x.fields.tittel), ['Kept']);
      const down = await fetch(`${second.sandbox.apiUrl}/download?id=${fileId}`, { headers: { Authorization: `Bearer ${token2}` } });
      assert.equal(await down.text(), 'kept bytes');
      const { rows } = await second.sandbox.services.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM code_value WHERE field = 'journalstatus'`);
      assert.equal(rows[0].n, 9, 'code lists are seeded once');
      // Ids continue after the restart instead of starting over.
      const next = await second.transaction(token2, [{ action: 'save', type: 'Klassifikasjonssystem', id: 'k2', fields: { tittel: 'Next' } }]);
      assert.ok(Number(next.json.saved.k2.id) > Number(saved.json.saved.k.id));
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('command-line options', () => {
  const parsed = parseSandboxArguments(['--port', '9000', '--memory', '--client', 'me:pw', '--token-lifetime', '5']);
  assert.equal(parsed.kind, 'options');
  if (parsed.kind !== 'options') return;
  assert.equal(parsed.options.port, 9000);
  assert.equal(parsed.options.memory, true);
  assert.deepEqual(parsed.options.accounts, { fullClient: { id: 'me', secret: 'pw' } });
  assert.equal(parsed.options.tokenLifetimeSeconds, 5);
  assert.deepEqual(parseSandboxArguments(['--memory', '--data', '/x']).kind, 'error');
  const badPort = parseSandboxArguments(['--port', 'eighty']);
  assert.ok(badPort.kind === 'error' && /--port/.test(badPort.message));
  assert.ok(parseSandboxArguments(['--client', 'nocolon']).kind === 'error');
  assert.equal(parseSandboxArguments(['--help']).kind, 'help');
});
