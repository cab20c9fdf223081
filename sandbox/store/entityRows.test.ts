/**
 * `selectResults` reads entities and their links in one statement and one JSON document;
 * `toResults` reads links of rows already read with a second query. Over the demo archive both
 * must give every type's entities alike, in the statement's order, forward and inverse links.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { prepareSeeding } from '../seed/seedSelection';
import { startSandbox, type RunningSandbox } from '../startSandbox';
import { returnedLinks, selectResults, toResults, type EntityRow } from './entityRows';

let sandbox: RunningSandbox;

before(async () => {
  sandbox = await startSandbox(prepareSeeding({ memory: true, port: 0, fullTextIndexIntervalSeconds: 0, seedArchive: 'demo' }));
});

after(async () => {
  await sandbox.close();
});

const select = 'SELECT id, type, version, fields FROM entity WHERE type = ANY($1) ORDER BY fields->>\'tittel\' NULLS LAST, id';

test('selectResults gives every type of the demo archive as toResults does, in the statement\'s order', async () => {
  const { db, model, timeZone } = sandbox.services;
  const types = (await db.query<{ type: string }>('SELECT DISTINCT type FROM entity ORDER BY type')).rows.map((r) => r.type);
  assert.ok(types.length > 10, `the demo archive holds ${types.length} types`);
  const linkKinds = new Set<string>();
  for (const type of types) {
    const { rows } = await db.query<EntityRow>(select, [[type]]);
    const expected = await toResults(db, model, rows, timeZone);
    const actual = await selectResults(db, model, select, [[type]], [type], timeZone);
    assert.deepEqual(actual, expected, type);
    for (const r of actual) for (const name of Object.keys(r.links)) linkKinds.add(returnedLinks(model, type).find((l) => l.name === name)?.hop.kind ?? '');
  }
  assert.deepEqual([...linkKinds].sort(), ['forward', 'inverse'], 'the demo archive has returned links of both directions');
});

test('selectResults reads entities of several types together, and nothing as an empty list', async () => {
  const { db, model, timeZone } = sandbox.services;
  const types = ['Saksmappe', 'Journalpost', 'Dokumentbeskrivelse'];
  const { rows } = await db.query<EntityRow>(select, [types]);
  assert.ok(rows.length > 3);
  assert.deepEqual(await selectResults(db, model, select, [types], types, timeZone), await toResults(db, model, rows, timeZone));
  assert.deepEqual(await selectResults(db, model, select, [['Saksmappe']], [], timeZone).then((r) => r.length), rows.filter((r) => r.type === 'Saksmappe').length);
  assert.deepEqual(await selectResults(db, model, select, [['NoSuchType']], ['NoSuchType'], timeZone), []);
});
