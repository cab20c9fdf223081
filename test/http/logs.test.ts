import assert from 'node:assert/strict';
import { test } from 'node:test';
import { archiveTimestamp } from '../../core/query/archiveDay';
import { logModule } from '../../sandbox/audit/auditModules';
import { useTestSandbox } from './sandboxHarness';

const env = useTestSandbox({ modules: [logModule] }, { structure: true });

/** The spec's entry fields: always, and per revision type ("only for ..."). */
const alwaysPresent = ['id', 'systemId', 'type', 'revisionId', 'revisionType', 'modifiedDate', 'modifiedBy', 'modifiedByUserId'];
const perRevisionType: Record<string, string[]> = {
  CREATE: ['newValue'],
  UPDATE: ['modifiedField', 'modifiedFieldType', 'newValue', 'oldValue'],
  LINK: ['modifiedField', 'newValue', 'removedValue'],
  UNLINK: ['modifiedField', 'removedValue'],
  MOVE: ['previousParent', 'currentParent'],
  DELETE: ['oldValue'],
};

interface Entry {
  id: string;
  type: string;
  revisionId: string;
  revisionType: string;
  modifiedDate: string;
  modifiedBy: string;
  [key: string]: unknown;
}

async function changeLog(body: Record<string, unknown>): Promise<{ results: Entry[]; total: number }> {
  const r = await env.sandbox.post('/logs/change-log', body, { token: env.token });
  assert.equal(r.status, 200, r.text);
  return r.json;
}

async function tx(actions: unknown[], as = env.token) {
  const r = await env.sandbox.transaction(as, actions);
  assert.equal(r.status, 200, r.text);
  return r.json.saved;
}

const newCase = (key: string, title: string) => [
  { action: 'save', type: 'Saksmappe', id: key, fields: { tittel: title } },
  { action: 'link', type: 'Saksmappe', id: key, ref: 'refArkivdel', linkToId: env.structure.arkivdel },
  { action: 'link', type: 'Saksmappe', id: key, ref: 'refPrimaerKlasse', linkToId: env.structure.klasser[0] },
];

test('change log: CREATE, UPDATE, LINK, UNLINK, MOVE and DELETE from real transactions, with exactly the fields the spec gives each [endpoint POST /logs/change-log]', async () => {
  await tx([{ action: 'save', type: 'Saksmappe', id: env.structure.saksmappe, fields: { tittel: 'S sak, renamed' } }]);
  await tx([{ action: 'link', type: 'Saksmappe', id: env.structure.saksmappe, ref: 'refSekundaerKlasse', linkToId: env.structure.klasser[1] }]);
  await tx([{ action: 'unlink', type: 'Saksmappe', id: env.structure.saksmappe, ref: 'refSekundaerKlasse', unlinkFromId: env.structure.klasser[1] }]);
  const target = (await tx(newCase('sak2', 'Move target'))).sak2.id;
  await tx([
    { action: 'unlink', type: 'Journalpost', id: env.structure.journalpost, ref: 'refMappe', unlinkFromId: env.structure.saksmappe },
    { action: 'link', type: 'Journalpost', id: env.structure.journalpost, ref: 'refMappe', linkToId: target },
  ]);
  const doc = (
    await tx([
      { action: 'save', type: 'Dokument', id: 'd', fields: { tittel: 'Short-lived' } },
      { action: 'link', type: 'Dokument', id: 'd', ref: 'refRegistrering', linkToId: env.structure.journalpost },
    ])
  ).d.id;
  await tx([{ action: 'delete', type: 'Dokument', id: doc }]);

  const folder = await changeLog({ type: 'Saksmappe', id: env.structure.saksmappe, includeChildChanges: false, limit: 100 });
  assert.deepEqual(
    folder.results.map((e) => `${e.revisionType} ${e.modifiedField ?? ''}`.trim()),
    ['CREATE', 'LINK refArkivdel', 'LINK refPrimaerKlasse', 'UPDATE tittel', 'LINK refSekundaerKlasse', 'UNLINK refSekundaerKlasse'],
  );
  const [create, , , update, link, unlink] = folder.results;
  assert.equal((create.newValue as Record<string, unknown>).tittel, 'S sak');
  assert.match(String((create.newValue as Record<string, unknown>).uuid), /^[0-9a-f-]{36}$/);
  assert.deepEqual(update.newValue, { tittel: 'S sak, renamed' });
  assert.deepEqual(update.oldValue, { tittel: 'S sak' });
  assert.equal(update.modifiedFieldType, 'string');
  assert.deepEqual(link.newValue, { refSekundaerKlasse: env.structure.klasser[1] });
  assert.equal(link.removedValue, null);
  assert.deepEqual(unlink.removedValue, { refSekundaerKlasse: env.structure.klasser[1] });

  const entry = await changeLog({ type: 'Journalpost', id: env.structure.journalpost, includeChildChanges: false });
  assert.deepEqual(entry.results.map((e) => e.revisionType), ['CREATE', 'LINK', 'UNLINK', 'LINK', 'MOVE']);
  const move = entry.results[4];
  assert.deepEqual(move.previousParent, { type: 'Saksmappe', id: env.structure.saksmappe });
  assert.deepEqual(move.currentParent, { type: 'Saksmappe', id: target });

  // The deleted Dokument's log outlives it.
  const deleted = await changeLog({ type: 'Dokument', id: doc });
  assert.deepEqual(deleted.results.map((e) => e.revisionType), ['CREATE', 'LINK', 'DELETE']);
  assert.equal((deleted.results[2].oldValue as Record<string, unknown>).tittel, 'Short-lived');

  const all = [...folder.results, ...entry.results, ...deleted.results];
  const me = (await env.sandbox.get('/info/me', { token: env.token })).json.userId;
  // systemId is the uuid, also of an entity that is gone (its CREATE names it).
  const folderUuid = (await env.sandbox.query(env.token, { type: 'Saksmappe', query: 'id = @id', parameters: { '@id': env.structure.saksmappe } })).json.results[0].fields.uuid;
  assert.ok(folder.results.every((e) => e.systemId === folderUuid));
  const deletedUuid = (deleted.results[0].newValue as Record<string, unknown>).uuid;
  assert.equal(typeof deletedUuid, 'string');
  assert.ok(deleted.results.every((e) => e.systemId === deletedUuid));
  assert.deepEqual(new Set(all.map((e) => e.revisionType)), new Set(Object.keys(perRevisionType)));
  for (const e of all) {
    assert.deepEqual(Object.keys(e).sort(), [...alwaysPresent, ...perRevisionType[e.revisionType]].sort(), `${e.revisionType} entry ${JSON.stringify(e)}`);
    assert.equal(e.modifiedBy, 'noarkq-demo');
    // The sandbox answers in Europe/Oslo by default: 07:00 UTC on a summer day is 09:00 +02:00,
    // written with the colon the vendor's Java client needs here (ISO_OFFSET_DATE_TIME).
    assert.equal(e.modifiedDate, '2024-08-19T09:00:00.000+02:00');
    assert.equal(e.modifiedByUserId, me);
    assert.match(e.revisionId, /^\d+$/);
  }
  assert.ok(folder.results.every((e) => e.id === env.structure.saksmappe && e.type === 'Saksmappe'));
});

test('change log: child changes by default, the entity alone with includeChildChanges false, by uuid too', async () => {
  const saved = await tx([
    ...newCase('c', 'Parent'),
    { action: 'save', type: 'Journalpost', id: 'jp', fields: { tittel: 'Child', journalposttype: 'I' } },
    { action: 'link', type: 'Journalpost', id: 'jp', ref: 'refMappe', linkToId: 'c' },
    { action: 'save', type: 'Korrespondansepart', id: 'kp', fields: { korrespondansepartNavn: 'Kari' } },
    { action: 'link', type: 'Korrespondansepart', id: 'kp', ref: 'refRegistrering', linkToId: 'jp' },
  ]);
  const folder = saved.c;
  const withChildren = await changeLog({ type: 'AbstraktMappe', id: folder.id, limit: 100 });
  assert.deepEqual(
    withChildren.results.map((e) => `${e.type} ${e.revisionType}`),
    ['Saksmappe CREATE', 'Saksmappe LINK', 'Saksmappe LINK', 'Journalpost CREATE', 'Journalpost LINK', 'Korrespondansepart CREATE', 'Korrespondansepart LINK'],
  );
  assert.deepEqual(withChildren.results.slice(3).map((e) => e.id), [saved.jp.id, saved.jp.id, saved.kp.id, saved.kp.id]);
  const alone = await changeLog({ type: 'Saksmappe', id: folder.id, includeChildChanges: false });
  assert.equal(alone.total, 3);
  const byUuid = await changeLog({ id: folder.fields.uuid, includeChildChanges: false });
  assert.deepEqual(byUuid, alone);
});

test('change log paging: offset, limit (default 10, at most 100) and total', async () => {
  const folder = (await tx(newCase('p', 'Paged'))).p.id;
  await tx(Array.from({ length: 12 }, (_, i) => ({ action: 'save', type: 'Saksmappe', id: folder, fields: { beskrivelse: `version ${i}` } })));
  const all = await changeLog({ type: 'Saksmappe', id: folder, limit: 100 });
  assert.equal(all.total, 15);
  assert.equal(all.results.length, 15);
  const revisionIds = all.results.map((e) => Number(e.revisionId));
  assert.deepEqual(revisionIds, [...revisionIds].sort((a, b) => a - b));
  const byDefault = await changeLog({ type: 'Saksmappe', id: folder });
  assert.equal(byDefault.results.length, 10);
  assert.equal(byDefault.total, 15);
  const middle = await changeLog({ type: 'Saksmappe', id: folder, offset: 4, limit: 3 });
  assert.deepEqual(middle.results, all.results.slice(4, 7));
  assert.equal(middle.total, 15);
  const past = await changeLog({ type: 'Saksmappe', id: folder, offset: 20 });
  assert.deepEqual(past, { results: [], total: 15 });
  for (const limit of [0, 101]) {
    const r = await env.sandbox.post('/logs/change-log', { type: 'Saksmappe', id: folder, limit }, { token: env.token });
    assert.equal(r.status, 400, `limit ${limit}`);
    assert.match(r.json.description, /limit/);
  }
});

test('change log of the types the vendor added in 3.8.0 (Arkiv, Arkivdel, Klasse, Korrespondansepart, ...)', async () => {
  for (const [type, id] of [['Arkiv', env.structure.arkiv], ['Arkivdel', env.structure.arkivdel], ['Klasse', env.structure.klasser[0]]]) {
    const own = await changeLog({ type, id, includeChildChanges: false, limit: 100 });
    assert.ok(own.results.length > 0 && own.results.every((e) => e.id === id && e.type === type), `${type}: ${JSON.stringify(own.results.map((e) => `${e.type} ${e.id}`))}`);
    assert.equal(own.results[0].revisionType, 'CREATE');
  }
  // Without a type too, and with the entities inside: the fonds holds the whole structure.
  const fonds = await changeLog({ id: env.structure.arkiv, limit: 100 });
  assert.ok(fonds.results.some((e) => e.type === 'Saksmappe' && e.id === env.structure.saksmappe));
});

test('change log refusals: types without a change log, a wrong type, unknown ids', async () => {
  const version = await env.sandbox.post('/logs/change-log', { type: 'Dokumentversjon', id: env.structure.arkiv }, { token: env.token });
  assert.equal(version.status, 400);
  assert.match(version.json.description, /kept for .*Saksmappe.*Korrespondansepart/);
  const wrong = await env.sandbox.post('/logs/change-log', { type: 'Dokument', id: env.structure.saksmappe }, { token: env.token });
  assert.equal(wrong.status, 400);
  assert.match(wrong.json.description, /is a Saksmappe, not a Dokument/);
  assert.equal((await env.sandbox.post('/logs/change-log', { type: 'Saksmappe', id: '99999999' }, { token: env.token })).status, 404);
  assert.equal((await env.sandbox.post('/logs/change-log', { id: '2b3e0a56-0000-4000-8000-000000000000' }, { token: env.token })).status, 404);
  assert.equal((await env.sandbox.post('/logs/change-log', { type: 'Saksmappe' }, { token: env.token })).status, 400);
  const unknownKey = await env.sandbox.post('/logs/change-log', { type: 'Saksmappe', id: env.structure.saksmappe, nestChildChange: true }, { token: env.token });
  assert.equal(unknownKey.status, 400);
  assert.match(unknownKey.json.description, /nestChildChange/);
});

// The web-services doc's own request sends nestChildChanges (test/conformance/ws-change-log.noarkq);
// the vendor documents it (default true) without showing a nested answer.
test('change log takes nestChildChanges, as the vendor documents it; the child changes stay a flat list', async () => {
  const saved = await tx([
    ...newCase('n', 'Nested'),
    { action: 'save', type: 'Journalpost', id: 'jp', fields: { tittel: 'Child', journalposttype: 'I' } },
    { action: 'link', type: 'Journalpost', id: 'jp', ref: 'refMappe', linkToId: 'n' },
    { action: 'save', type: 'Korrespondansepart', id: 'kp', fields: { korrespondansepartNavn: 'Kari' } },
    { action: 'link', type: 'Korrespondansepart', id: 'kp', ref: 'refRegistrering', linkToId: 'jp' },
  ]);
  const plain = await changeLog({ type: 'Saksmappe', id: saved.n.id, limit: 100 });
  for (const nestChildChanges of [true, false]) {
    const r = await env.sandbox.post('/logs/change-log', { type: 'Saksmappe', id: saved.n.id, includeChildChanges: true, nestChildChanges, limit: 100 }, { token: env.token });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.json, plain, `nestChildChanges ${nestChildChanges}`);
  }
});

interface AccessEntry {
  createdDate: string;
  userName: string;
  objectType: string;
  objectUUID: string;
  userId: string;
  version: number;
}

async function accessLog(body: Record<string, unknown>): Promise<{ results: AccessEntry[]; hasMore: boolean }> {
  const r = await env.sandbox.post('/logs/access-log', body, { token: env.token });
  assert.equal(r.status, 200, r.text);
  return r.json;
}

test('access log: one row per entity a query returns, with user, type, uuid and version [endpoint POST /logs/access-log]', async () => {
  const reader = await env.sandbox.token('ordinary');
  const before = await accessLog({ userName: 'noarkq-demo-2', limit: 100 });
  assert.deepEqual(before, { results: [], hasMore: false });
  const q = await env.sandbox.query(reader, { type: 'Klasse', query: 'refKlassifikasjonssystem.id = @s', parameters: { '@s': env.structure.system } });
  assert.equal(q.status, 200, q.text);
  assert.equal(q.json.results.length, 3);
  const empty = await env.sandbox.query(reader, { type: 'Klasse', query: 'id = @id', parameters: { '@id': '99999999' } });
  assert.equal(empty.json.results.length, 0);
  const log = await accessLog({ userName: 'noarkq-demo-2', limit: 100 });
  assert.equal(log.hasMore, false);
  const readerId = (await env.sandbox.get('/info/me', { token: reader })).json.userId;
  assert.deepEqual(
    log.results,
    q.json.results.map((r: { type: string; version: string; fields: { uuid: string } }) => ({
      createdDate: '2024-08-19T09:00:00.000+0200',
      userName: 'noarkq-demo-2',
      userId: readerId,
      objectType: r.type,
      objectUUID: r.fields.uuid,
      // A number here (the vendor's doc and Java client), where an entity's version is a string.
      version: Number(r.version),
    })),
  );
});

test('access log filters: object type (abstract too), uuids, user, dates; paging with hasMore', async () => {
  const reader = await env.sandbox.token('ordinary');
  const folders = await env.sandbox.query(reader, { type: 'AbstraktMappe', limit: 100 });
  const folderUuids: string[] = folders.json.results.map((r: { fields: { uuid: string } }) => r.fields.uuid);
  assert.ok(folderUuids.length >= 3);
  const byType = await accessLog({ userName: 'noarkq-demo-2', objectType: 'AbstraktMappe', limit: 100 });
  assert.deepEqual(byType.results.map((e) => e.objectUUID), folderUuids);
  assert.ok(byType.results.every((e) => e.objectType === 'Saksmappe'));
  const concrete = await accessLog({ userName: 'noarkq-demo-2', objectType: 'Klasse', limit: 100 });
  assert.equal(concrete.results.length, 3);
  const byUuid = await accessLog({ objectUUIDs: [folderUuids[1]], limit: 100 });
  assert.deepEqual(byUuid.results.map((e) => e.objectUUID), [folderUuids[1]]);
  const otherUser = await accessLog({ userName: 'nobody' });
  assert.deepEqual(otherUser, { results: [], hasMore: false });

  const firstPage = await accessLog({ userName: 'noarkq-demo-2', limit: 2 });
  assert.equal(firstPage.results.length, 2);
  assert.equal(firstPage.hasMore, true);
  const all = await accessLog({ userName: 'noarkq-demo-2', limit: 100 });
  const secondPage = await accessLog({ userName: 'noarkq-demo-2', offset: 2, limit: 2 });
  assert.deepEqual(secondPage.results, all.results.slice(2, 4));
  const lastPage = await accessLog({ userName: 'noarkq-demo-2', offset: all.results.length - 1, limit: 2 });
  assert.equal(lastPage.results.length, 1);
  assert.equal(lastPage.hasMore, false);

  env.sandbox.clock.advance(1800);
  await env.sandbox.query(reader, { type: 'Arkiv' });
  const later = await accessLog({ userName: 'noarkq-demo-2', createdDateFrom: '2024-08-19T07:15:00.000+0000', limit: 100 });
  assert.deepEqual(later.results.map((e) => [e.objectType, e.createdDate]), [['Arkiv', '2024-08-19T09:30:00.000+0200']]);
  // Bounds in another offset, with or without the colon, are the same instants.
  const earlier = await accessLog({ userName: 'noarkq-demo-2', createdDateTo: '2024-08-19T09:15:00+02:00', limit: 100 });
  assert.equal(earlier.results.length, all.results.length);
  const exact = await accessLog({ userName: 'noarkq-demo-2', createdDateFrom: '2024-08-19T09:30:00.000+0200', createdDateTo: '2024-08-19T09:30:00.000+0200' });
  assert.equal(exact.results.length, 1);
  // A bare date is the whole day.
  const sameDay = await accessLog({ userName: 'noarkq-demo-2', createdDateFrom: '2024-08-19', createdDateTo: '2024-08-19', limit: 100 });
  assert.equal(sameDay.results.length, all.results.length + 1);
  const dayBefore = await accessLog({ userName: 'noarkq-demo-2', createdDateTo: '2024-08-18' });
  assert.deepEqual(dayBefore, { results: [], hasMore: false });

  for (const body of [{ limit: 101 }, { limit: 0 }, { createdDateFrom: 'yesterday' }, { objectType: 'Sak' }, { objectUUIDs: 'x' }]) {
    const r = await env.sandbox.post('/logs/access-log', body, { token: env.token });
    assert.equal(r.status, 400, JSON.stringify(body));
  }
});

test('download log: a row per download, filtered by Dokumentversjon uuid and user [endpoint POST /logs/download-log]', async () => {
  const upload = await fetch(`${env.sandbox.sandbox.apiUrl}/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${env.token}`, 'Content-Type': 'application/octet-stream', 'Content-Disposition': 'attachment; filename=notat.txt' },
    body: Buffer.from('notat'),
  });
  assert.equal(upload.status, 200);
  const fileId = ((await upload.json()) as { id: string }).id;
  const saved = await tx([
    { action: 'save', type: 'Dokument', id: 'd', fields: { tittel: 'Notat' } },
    { action: 'link', type: 'Dokument', id: 'd', ref: 'refRegistrering', linkToId: env.structure.journalpost },
    { action: 'save', type: 'Dokumentversjon', id: 'v', fields: { referanseDokumentfil: fileId, variantformat: 'A' } },
    { action: 'link', type: 'Dokumentversjon', id: 'v', ref: 'refDokument', linkToId: 'd' },
  ]);
  const uuid: string = saved.v.fields.uuid;
  const none = await env.sandbox.post('/logs/download-log', { dokumentversjonUUIDs: [uuid] }, { token: env.token });
  assert.deepEqual(none.json, { results: [], hasMore: false });
  const demo = await env.sandbox.token('user');
  for (let i = 0; i < 2; i++) {
    const d = await fetch(`${env.sandbox.sandbox.apiUrl}/download?id=${fileId}`, { headers: { Authorization: `Bearer ${demo}` } });
    assert.equal(d.status, 200);
    await d.arrayBuffer();
  }
  const log = await env.sandbox.post('/logs/download-log', { dokumentversjonUUIDs: [uuid] }, { token: env.token });
  assert.equal(log.status, 200, log.text);
  const demoId = (await env.sandbox.get('/info/me', { token: demo })).json.userId;
  const expected = { createdDate: archiveTimestamp(env.sandbox.clock.now()), userName: 'demo', userId: demoId, dokumentversjonUUID: uuid };
  assert.deepEqual(log.json, { results: [expected, expected], hasMore: false });
  const paged = await env.sandbox.post('/logs/download-log', { dokumentversjonUUIDs: [uuid], limit: 1 }, { token: env.token });
  assert.deepEqual(paged.json, { results: [expected], hasMore: true });
  // The spec's sample writes the key without the final s.
  const singular = await env.sandbox.post('/logs/download-log', { dokumentversjonUUID: [uuid], userName: 'demo' }, { token: env.token });
  assert.deepEqual(singular.json, log.json);
  const otherUser = await env.sandbox.post('/logs/download-log', { dokumentversjonUUIDs: [uuid], userName: 'noarkq-demo' }, { token: env.token });
  assert.deepEqual(otherUser.json, { results: [], hasMore: false });
  const bad = await env.sandbox.post('/logs/download-log', { dokumentversjonUUIDs: [uuid], limit: 500 }, { token: env.token });
  assert.equal(bad.status, 400);
});

test('access log: a burst of queries, one after another and side by side, is logged whole and in the order the reads were answered', async () => {
  const reader = await env.sandbox.token('ordinary');
  const targets = [env.structure.arkivdel, env.structure.saksmappe, env.structure.journalpost, ...env.structure.klasser].map(String);
  const types = ['Arkivdel', 'Saksmappe', 'Journalpost', 'Klasse', 'Klasse', 'Klasse'];
  // A time of its own (after the other tests' reads, within the tokens' hour), so that only this test's reads are counted.
  env.sandbox.clock.advance(600);
  const from = archiveTimestamp(env.sandbox.clock.now());
  const expected: { objectUUID: string; createdDate: string }[] = [];
  // One after another, each answer read before the next is sent: the queue is written between them or not at all.
  for (let round = 0; round < 3; round++) {
    for (const [i, id] of targets.entries()) {
      env.sandbox.clock.advance(1);
      const q = await env.sandbox.query(reader, { type: types[i], query: 'id = @id', parameters: { '@id': id } });
      assert.equal(q.status, 200, q.text);
      assert.equal(q.json.results.length, 1);
      expected.push({ objectUUID: q.json.results[0].fields.uuid, createdDate: archiveTimestamp(env.sandbox.clock.now()) });
    }
  }
  const sequential = await accessLog({ userName: 'noarkq-demo-2', createdDateFrom: from, limit: 100 });
  assert.deepEqual(sequential.results.map((e) => ({ objectUUID: e.objectUUID, createdDate: e.createdDate })), expected);

  // Side by side: every read is there once, whatever order the archive answered them in.
  env.sandbox.clock.advance(60);
  const burstFrom = archiveTimestamp(env.sandbox.clock.now());
  const burst = await Promise.all(Array.from({ length: 40 }, (_, n) => env.sandbox.query(reader, { type: types[n % targets.length], query: 'id = @id', parameters: { '@id': targets[n % targets.length] } })));
  const answered = burst.map((q) => {
    assert.equal(q.status, 200, q.text);
    return q.json.results[0].fields.uuid as string;
  });
  const logged = [
    ...(await accessLog({ userName: 'noarkq-demo-2', createdDateFrom: burstFrom, limit: 100 })).results,
  ].map((e) => e.objectUUID);
  assert.deepEqual([...logged].sort(), [...answered].sort());
});

test('access log: the rows of an archive that kept one row per read are read as before, in order, after the next start', async () => {
  const { db } = env.sandbox.sandbox.services;
  env.sandbox.clock.advance(60);
  // As the sandbox kept them before an answer's reads became one row.
  await db.exec(`CREATE TABLE access_log (id bigserial PRIMARY KEY, created_date text NOT NULL, user_name text NOT NULL, user_id text NOT NULL,
    object_type text NOT NULL, object_uuid text NOT NULL, version text NOT NULL)`);
  const old = [
    ['2020-01-02T03:04:05.000Z', 'old-reader', 'u-old', 'Saksmappe', 'uuid-a', '3'],
    ['2020-01-02T03:04:05.000Z', 'old-reader', 'u-old', 'Journalpost', 'uuid-b', '1'],
    ['2020-01-03T00:00:00.000Z', 'old-reader', 'u-old', 'Klasse', 'uuid-c', '2'],
  ];
  for (const row of old) await db.query('INSERT INTO access_log (created_date, user_name, user_id, object_type, object_uuid, version) VALUES ($1, $2, $3, $4, $5, $6)', row);
  const { logModule: module } = await import('../../sandbox/audit/auditModules');
  for (const statement of module.schema!(env.sandbox.sandbox.services)) await db.exec(statement);
  const { rows } = await db.query<{ t: string | null }>(`SELECT to_regclass('access_log')::text AS t`);
  assert.equal(rows[0].t, null, 'the old table is gone once its rows are moved');
  const log = await accessLog({ userName: 'old-reader', limit: 100 });
  assert.deepEqual(
    log.results.map((e) => [e.objectType, e.objectUUID, e.version, e.userId]),
    old.map((r) => [r[3], r[4], Number(r[5]), r[2]]),
  );
  const second = await accessLog({ userName: 'old-reader', offset: 1, limit: 1 });
  assert.deepEqual(second.results.map((e) => e.objectUUID), ['uuid-b']);
  assert.equal(second.hasMore, true);
});

test('access log: the reads of one answer of many entities are its results in order, paged across answers', async () => {
  const reader = await env.sandbox.token('ordinary');
  env.sandbox.clock.advance(60);
  const from = archiveTimestamp(env.sandbox.clock.now());
  const a = await env.sandbox.query(reader, { type: 'Klasse', limit: 100 });
  env.sandbox.clock.advance(1);
  const b = await env.sandbox.query(reader, { type: 'AbstraktMappe', limit: 100 });
  const expected = [...a.json.results, ...b.json.results].map((r: { fields: { uuid: string } }) => r.fields.uuid);
  assert.ok(a.json.results.length >= 3 && b.json.results.length >= 3);
  const all = await accessLog({ userName: 'noarkq-demo-2', createdDateFrom: from, limit: 100 });
  assert.deepEqual(all.results.map((e) => e.objectUUID), expected);
  // A page that begins inside the first answer and ends inside the second.
  const across = await accessLog({ userName: 'noarkq-demo-2', createdDateFrom: from, offset: a.json.results.length - 1, limit: 2 });
  assert.deepEqual(across.results.map((e) => e.objectUUID), expected.slice(a.json.results.length - 1, a.json.results.length + 1));
  const byUuid = await accessLog({ objectUUIDs: [expected[1], expected[expected.length - 1]], createdDateFrom: from, limit: 100 });
  assert.deepEqual(byUuid.results.map((e) => e.objectUUID), [expected[1], expected[expected.length - 1]]);
});
