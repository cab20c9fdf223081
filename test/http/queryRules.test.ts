/**
 * Query rule 8 over real HTTP: every example query string the spec gives (kept in the
 * requirements index, `test/spec/requirements.ts`) is run against case files and entries made in
 * three different years (the test clock moves a year between them), so each example has
 * entities it must and must not find.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useTestSandbox } from './sandboxHarness';
import { specRequirements } from './specRequirements';

/** Case files: A (2024, external id of system A), B (2025, system B), C (2026, no external id,
 * another primary class, closed by its saksstatus); E2025 is an entry made in 2025. */
const ids: Record<string, string> = {};
const year = 366 * 24 * 3600;

// Tokens outlive the two years the clock moves.
const env = useTestSandbox({ tokenLifetimeSeconds: 10 * year }, { structure: true });
env.before(async () => {
  const caseFile = async (key: string, tittel: string, klasse: string, external?: string) => {
    const r = await env.sandbox.transaction(env.token, [
      { action: 'save', type: 'Saksmappe', id: key, fields: { tittel } },
      { action: 'link', type: 'Saksmappe', id: key, ref: 'refArkivdel', linkToId: env.structure.arkivdel },
      { action: 'link', type: 'Saksmappe', id: key, ref: 'refPrimaerKlasse', linkToId: klasse },
      ...(external
        ? [
            { action: 'save', type: 'EksternId', id: `${key}-ext`, fields: { eksterntSystem: external, eksternID: `${key}-1` } },
            { action: 'link', type: 'EksternId', id: `${key}-ext`, ref: 'refMappe', linkToId: key },
          ]
        : []),
    ]);
    assert.equal(r.status, 200, r.text);
    ids[key] = r.json.saved[key].id;
  };
  await caseFile('A', 'Byggesak Storgata', env.structure.klasser[0], 'A');
  env.sandbox.clock.advance(year);
  await caseFile('B', 'Byggesak Lillegata', env.structure.klasser[0], 'B');
  const entry = await env.sandbox.transaction(env.token, [
    { action: 'save', type: 'Journalpost', id: 'E2025', fields: { tittel: 'Innspill', journalposttype: 'I' } },
    { action: 'link', type: 'Journalpost', id: 'E2025', ref: 'refMappe', linkToId: ids.B },
    { action: 'save', type: 'Korrespondansepart', id: 'kp', fields: { korrespondansepartNavn: 'Per' } },
    { action: 'link', type: 'Korrespondansepart', id: 'kp', ref: 'refRegistrering', linkToId: 'E2025' },
  ]);
  assert.equal(entry.status, 200, entry.text);
  ids.E2025 = entry.json.saved.E2025.id;
  env.sandbox.clock.advance(year);
  await caseFile('C', 'Byggesak Torget', env.structure.klasser[1]);
  const closed = await env.sandbox.transaction(env.token, [{ action: 'save', type: 'Saksmappe', id: ids.C, fields: { saksstatus: 'A' } }]);
  assert.equal(closed.status, 200, closed.text);
});

interface ExampleRun {
  type: string;
  parameters: Record<string, unknown>;
  /** Keys of `ids` (or the structure's case file, "S") the query must return, and nothing else. */
  expected: string[];
}

/** How each example of rule 8 is run. The structure's own case file S is from 2024, class K1,
 * no external id, saksstatus B. */
const runs: Record<string, ExampleRun[]> = {
  'tittel %= @title && saksaar = @year': [
    { type: 'Saksmappe', parameters: { '@title': 'Byggesak%', '@year': 2025 }, expected: ['B'] },
    { type: 'Saksmappe', parameters: { '@title': 'Byggesak%', '@year': 2024 }, expected: ['A'] },
  ],
  'saksaar = [@from:@to}': [
    { type: 'Saksmappe', parameters: { '@from': 2024, '@to': 2026 }, expected: ['S', 'A', 'B'] },
    { type: 'Saksmappe', parameters: { '@from': 2025, '@to': 2027 }, expected: ['B', 'C'] },
  ],
  'registreringsDato = [@start:@end]': [
    { type: 'Journalpost', parameters: { '@start': '2025-01-01', '@end': '2025-12-31' }, expected: ['E2025'] },
    { type: 'Journalpost', parameters: { '@start': '2024-08-19', '@end': '2024-08-19' }, expected: ['S.journalpost'] },
  ],
  'refPrimaerKlasse.id = @c && (refEksternId = @nullParam || refEksternId.eksterntSystem != @sys)': [
    { type: 'Saksmappe', parameters: { '@c': 'K1', '@nullParam': null, '@sys': 'A' }, expected: ['S', 'B'] },
    { type: 'Saksmappe', parameters: { '@c': 'K1', '@nullParam': null, '@sys': 'B' }, expected: ['S', 'A'] },
  ],
  'saksstatus = @s && opprettetDato = [@start:@end]': [
    { type: 'Saksmappe', parameters: { '@s': 'B', '@start': '2025-01-01T00:00:00.000+0000', '@end': '2026-12-31T23:59:59.999+0000' }, expected: ['B'] },
    { type: 'Saksmappe', parameters: { '@s': 'A', '@start': '2025-01-01T00:00:00.000+0000', '@end': '2026-12-31T23:59:59.999+0000' }, expected: ['C'] },
    { type: 'Saksmappe', parameters: { '@s': 'B', '@start': '2024-01-01T00:00:00.000+0000', '@end': '2024-12-31T23:59:59.999+0000' }, expected: ['S', 'A'] },
  ],
};

function idOf(key: string): string {
  if (key === 'S') return env.structure.saksmappe;
  if (key === 'S.journalpost') return env.structure.journalpost;
  return ids[key];
}

test('rule 8: every example query string of the spec runs and finds exactly the entities it describes [query rule 8]', async () => {
  const examples = specRequirements.find((r) => r.kind === 'query rule' && r.key === '8')?.examples ?? [];
  assert.ok(examples.length > 0, 'the requirements index has the example queries of query rule 8');
  assert.deepEqual([...examples].sort(), Object.keys(runs).sort(), 'each example of the spec has runs here, and no run is for an example the spec dropped');
  for (const query of examples) {
    const names = new Set(query.match(/@\w+/g));
    for (const run of runs[query]) {
      assert.deepEqual(Object.keys(run.parameters).sort(), [...names].sort(), `${query}: the run gives exactly the example's parameters`);
      const parameters = Object.fromEntries(Object.entries(run.parameters).map(([k, v]) => [k, v === 'K1' ? env.structure.klasser[0] : v]));
      const r = await env.sandbox.query(env.token, { type: run.type, query, parameters, limit: 500 });
      assert.equal(r.status, 200, `${query}: ${r.text}`);
      const found = r.json.results.map((x: { id: string }) => x.id).sort();
      assert.deepEqual(found, run.expected.map(idOf).sort(), `${query} with ${JSON.stringify(run.parameters)}`);
    }
  }
});
