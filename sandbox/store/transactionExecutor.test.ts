/**
 * The executor holds the rows of the entities a transaction creates and writes them, their links,
 * counters and change-log entries as multi-row statements. These tests pin what that must not
 * change: answers equal to the stored rows, change-log order, counters, and all-or-nothing.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { makeAccount } from '../auth/accounts';
import { startSandbox, type RunningSandbox } from '../startSandbox';
import { toResults, type EntityRow } from './entityRows';
import { ActionError, TransactionRun, type TxAction } from './transactionExecutor';

let sandbox: RunningSandbox;
const account = makeAccount('executor-test', 'client', true);
const ids: Record<string, string> = {};

function run(actions: TxAction[]) {
  const s = sandbox.services;
  return s.db.transaction((tx) => new TransactionRun(tx, { model: s.model, files: s.files, now: s.now, timeZone: s.timeZone }, account).run(actions));
}

async function count(table: string): Promise<number> {
  const { rows } = await sandbox.services.db.query<{ n: number | string }>(`SELECT count(*) AS n FROM ${table}`);
  return Number(rows[0].n);
}

const link = (type: string, id: string, ref: string, to: string): TxAction => ({ action: 'link', type, id, ref, linkToId: [to] });
const newEntry = (key: string, title: string): TxAction => ({ action: 'save', type: 'Journalpost', id: key, fields: { tittel: title, journalposttype: 'I' } });

before(async () => {
  sandbox = await startSandbox({ memory: true, port: 0, fullTextIndexIntervalSeconds: 0, now: () => Date.parse('2025-05-06T07:08:09.000Z') });
  const saved = await run([
    { action: 'save', type: 'Arkiv', id: 'arkiv', fields: { tittel: 'A' } },
    { action: 'save', type: 'Arkivdel', id: 'del', fields: { tittel: 'D' } },
    link('Arkivdel', 'del', 'refArkiv', 'arkiv'),
    { action: 'save', type: 'Saksmappe', id: 'sak', fields: { tittel: 'Existing case' } },
    link('Saksmappe', 'sak', 'refArkivdel', 'del'),
  ]);
  for (const [key, r] of Object.entries(saved)) ids[key] = r.id;
});

after(async () => {
  await sandbox?.close();
});

test('entities created in a transaction are answered exactly as their stored rows read back', async () => {
  const saved = await run([
    { action: 'save', type: 'Saksmappe', id: 'sak', fields: { tittel: 'New case' } },
    link('Saksmappe', 'sak', 'refArkivdel', ids.del),
    // Keys out of jsonb order, at depth, and a key longer in bytes than in characters.
    { action: 'save', type: 'Journalpost', id: 'jp', fields: { tittel: 'Entry', journalposttype: 'U', zz: { b: 1, a: [{ y: 2, x: 1 }], 'ø': 0, c: null } } },
    link('Journalpost', 'jp', 'refMappe', 'sak'),
    { action: 'save', type: 'Journalpost', id: 'jp', fields: { tittel: 'Entry, renamed' } },
    { action: 'save', type: 'Korrespondansepart', id: 'kp', fields: { korrespondansepartNavn: 'Kari', korrespondanseparttype: 'EA', yy: { d: [{ f: 1, e: 2 }], c: 'x' } } },
    link('Korrespondansepart', 'kp', 'refRegistrering', 'jp'),
    { action: 'save', type: 'Journalpost', id: 'gone', fields: { tittel: 'Deleted again', journalposttype: 'I' } },
    link('Journalpost', 'gone', 'refMappe', 'sak'),
    { action: 'delete', type: 'Journalpost', id: 'gone' },
  ]);
  assert.deepEqual(Object.keys(saved), ['sak', 'jp', 'kp']);
  const { rows } = await sandbox.services.db.query<EntityRow>('SELECT id, type, version, fields FROM entity WHERE id = ANY($1) ORDER BY id', [
    Object.values(saved).map((r) => Number(r.id)),
  ]);
  const stored = await toResults(sandbox.services.db, sandbox.services.model, rows, sandbox.services.timeZone);
  for (const answer of Object.values(saved)) {
    const row = stored.find((r) => r.id === answer.id);
    // deepEqual ignores key order; the JSON text does not.
    assert.equal(JSON.stringify(answer), JSON.stringify(row), `${answer.type} ${answer.id}`);
  }
  assert.equal(saved.jp.version, '1');
  assert.equal(saved.jp.fields.tittel, 'Entry, renamed');
  assert.equal(saved.jp.links.refMappe, Number(saved.sak.id));
  assert.equal(saved.jp.fields.journalpostnummer, 1);
});

test('change-log rows follow the order of the actions, with consecutive revision ids', async () => {
  const before = await count('change_log');
  const saved = await run([
    newEntry('e1', 'First'),
    link('Journalpost', 'e1', 'refMappe', ids.sak),
    { action: 'save', type: 'Saksmappe', id: ids.sak, fields: { tittel: 'Existing case, renamed' } },
    newEntry('e2', 'Second'),
    link('Journalpost', 'e2', 'refMappe', ids.sak),
    { action: 'save', type: 'Journalpost', id: 'e1', fields: { tittel: 'First, renamed' } },
  ]);
  const { rows } = await sandbox.services.db.query<{ revision_id: number | string; entity_id: number | string; revision_type: string; modified_field: string | null }>(
    'SELECT revision_id, entity_id, revision_type, modified_field FROM change_log ORDER BY revision_id OFFSET $1',
    [before],
  );
  const e1 = Number(saved.e1.id);
  const e2 = Number(saved.e2.id);
  const sak = Number(ids.sak);
  assert.deepEqual(
    rows.map((r) => [Number(r.entity_id), r.revision_type, r.modified_field]),
    [
      [e1, 'CREATE', null],
      [e1, 'LINK', 'refMappe'],
      [sak, 'UPDATE', 'tittel'],
      [e2, 'CREATE', null],
      [e2, 'LINK', 'refMappe'],
      [e1, 'UPDATE', 'tittel'],
    ],
  );
  const revisions = rows.map((r) => Number(r.revision_id));
  assert.deepEqual(revisions, revisions.map((_, i) => revisions[0] + i));
});

test('numbers within a parent and sequence numbers count on across transactions; a failed one takes none', async () => {
  const first = await run([newEntry('a', 'A'), link('Journalpost', 'a', 'refMappe', ids.sak), newEntry('b', 'B'), link('Journalpost', 'b', 'refMappe', ids.sak)]);
  const numberA = first.a.fields.journalpostnummer as number;
  assert.equal(first.b.fields.journalpostnummer, numberA + 1);
  assert.equal(first.b.fields.journalsekvensnummer, (first.a.fields.journalsekvensnummer as number) + 1);
  await assert.rejects(run([newEntry('c', 'C'), link('Journalpost', 'c', 'refMappe', ids.sak), link('Journalpost', 'c', 'refMappe', ids.del)]));
  const third = await run([newEntry('d', 'D'), link('Journalpost', 'd', 'refMappe', ids.sak)]);
  assert.equal(third.d.fields.journalpostnummer, numberA + 2);
  assert.equal(third.d.fields.journalsekvensnummer, (first.a.fields.journalsekvensnummer as number) + 2);
  assert.equal(third.d.fields.registreringsIdent, `2025/${third.d.fields.journalsekvensnummer}`);
  const { rows } = await sandbox.services.db.query<{ value: number | string }>('SELECT value FROM counter WHERE name = $1', [`journalpostnummer:${ids.sak}`]);
  assert.equal(Number(rows[0].value), numberA + 2);
});

test('a failing action rolls back every held row and names its index', async () => {
  const tables = ['entity', 'link', 'change_log', 'counter'];
  const before = await Promise.all(tables.map(count));
  const actions: TxAction[] = [{ action: 'save', type: 'Saksmappe', id: 'big', fields: { tittel: 'Big' } }, link('Saksmappe', 'big', 'refArkivdel', ids.del)];
  for (let i = 0; i < 40; i++) actions.push(newEntry(`j${i}`, `J${i}`), link('Journalpost', `j${i}`, 'refMappe', 'big'));
  actions.push(link('Journalpost', 'j7', 'refMappe', ids.sak));
  const failure = await run(actions).then(
    () => undefined,
    (error: unknown) => error,
  );
  assert.ok(failure instanceof ActionError, String(failure));
  assert.equal(failure.index, actions.length - 1);
  assert.match(failure.message, /already linked through refMappe/);
  assert.deepEqual(await Promise.all(tables.map(count)), before);
});

test('reading the database after held writes sees them', async () => {
  const made = await run([{ action: 'save', type: 'Saksmappe', id: 'target', fields: { tittel: 'Target' } }, link('Saksmappe', 'target', 'refArkivdel', ids.del)]);
  const target = made.target.id;
  // The new entry and its link are held in memory; the delete reads the links of the case and
  // must find the held one.
  const refused = await run([newEntry('m', 'M'), link('Journalpost', 'm', 'refMappe', target), { action: 'delete', type: 'Saksmappe', id: target }]).then(
    () => undefined,
    (error: unknown) => error,
  );
  assert.ok(refused instanceof ActionError, String(refused));
  assert.equal(refused.index, 2);
  assert.match(refused.message, /still has 1 entity below it \(e\.g\. Journalpost \d+ through refMappe\)/);
});
