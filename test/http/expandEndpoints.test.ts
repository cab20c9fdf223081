/**
 * `POST expand/folder` and `POST expand/record` over real HTTP, with the bodies the vendor's Java
 * client serializes (`UtvidTilSaksmappe`, `UtvidTilJournalpost`; null fields left out): the
 * entity keeps its id and links, its type changes, the change log says so, and the client's
 * `VoidResponseHandler` gets a 2xx with no body.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useTestSandbox } from './sandboxHarness';

const env = useTestSandbox({}, { structure: true });

async function make(type: 'Mappe' | 'Basisregistrering', parentRef: string, parentId: string, fields: Record<string, unknown>, klasse = true) {
  const actions: unknown[] = [
    { action: 'save', type, id: 'x', fields },
    { action: 'link', type, id: 'x', ref: parentRef, linkToId: parentId },
  ];
  if (klasse) actions.push({ action: 'link', type, id: 'x', ref: 'refPrimaerKlasse', linkToId: env.structure.klasser[0] });
  const r = await env.sandbox.transaction(env.token, actions);
  assert.equal(r.status, 200, r.text);
  return r.json.saved.x.id as string;
}

async function read(type: string, id: string) {
  const r = await env.sandbox.query(env.token, { type, query: 'id = @id', parameters: { '@id': id } });
  assert.equal(r.status, 200, r.text);
  return r.json.results[0];
}

test('expand/folder turns a Mappe into a Saksmappe, keeping its id, fields and links [Java client NoarkClient.expandFolder]', async () => {
  const id = await make('Mappe', 'refArkivdel', env.structure.arkivdel, { tittel: 'Mappe som blir sak' });
  const before = await read('Mappe', id);
  const r = await env.sandbox.post('/expand/folder', { id, saksmappe: { saksansvarlig: 'Ola Nordmann', saksdato: '2024-08-01', administrativEnhet: 'Byggesak', saksstatus: 'B' } }, { token: env.token });
  assert.equal(r.status, 204, r.text);
  assert.equal(r.text, '');
  const after = await read('Saksmappe', id);
  assert.equal(after.type, 'Saksmappe');
  assert.equal(after.fields.tittel, 'Mappe som blir sak');
  assert.equal(after.fields.saksansvarlig, 'Ola Nordmann');
  assert.equal(after.fields.saksdato, '2024-08-01');
  assert.equal(after.links.refArkivdel, before.links.refArkivdel);
  assert.equal((await env.sandbox.query(env.token, { type: 'Mappe', query: 'id = @id', parameters: { '@id': id } })).json.results.length, 0);
  const log = await env.sandbox.post('/logs/change-log', { id }, { token: env.token });
  assert.equal(log.status, 200, log.text);
  assert.ok(log.json.results.some((e: { modifiedField?: string; newValue?: unknown }) => e.modifiedField === 'type'), JSON.stringify(log.json.results));
  const again = await env.sandbox.post('/expand/folder', { id }, { token: env.token });
  assert.equal(again.status, 400);
  assert.match(again.json.description, /turns a Mappe into a Saksmappe; \d+ is a Saksmappe/);
});

test('expand/record turns a Basisregistrering into a Journalpost with its parties [Java client NoarkClient.expandBasicRecord]', async () => {
  const id = await make('Basisregistrering', 'refMappe', env.structure.saksmappe, { tittel: 'Registrering som blir journalpost' }, false);
  const r = await env.sandbox.post(
    '/expand/record',
    { id, journalpost: { journalansvarlig: 'Kari', journalposttype: 'I', journalstatus: 'J' }, korrespondansepart: [{ korrespondansepartNavn: 'Per Hansen', korrespondanseparttype: 'EA' }] },
    { token: env.token },
  );
  assert.equal(r.status, 204, r.text);
  const after = await read('Journalpost', id);
  assert.deepEqual([after.type, after.fields.tittel, after.fields.journalposttype, after.fields.journalstatus], ['Journalpost', 'Registrering som blir journalpost', 'I', 'J']);
  assert.equal(after.links.refMappe, Number(env.structure.saksmappe));
  const parties = await env.sandbox.query(env.token, { type: 'Korrespondansepart', query: 'refRegistrering.id = @id', parameters: { '@id': id } });
  assert.deepEqual(parties.json.results.map((p: { fields: Record<string, unknown> }) => p.fields.korrespondansepartNavn), ['Per Hansen']);
});

test('expand refuses what it cannot do, naming it', async () => {
  const unknownKey = await env.sandbox.post('/expand/folder', { id: '1', saksmappe: { tittel: 'x' } }, { token: env.token });
  assert.equal(unknownKey.status, 400);
  assert.match(unknownKey.json.description, /tittel/);
  const missing = await env.sandbox.post('/expand/record', { id: '999999999' }, { token: env.token });
  assert.equal(missing.status, 404);
  const wrongType = await env.sandbox.post('/expand/record', { id: env.structure.journalpost }, { token: env.token });
  assert.equal(wrongType.status, 400, wrongType.text);
  assert.match(wrongType.json.description, /turns a Basisregistrering into a Journalpost; \d+ is a Journalpost/);
});

test('expand checks the new fields and parties as a transaction does: a code outside its list changes nothing', async () => {
  const record = await make('Basisregistrering', 'refMappe', env.structure.saksmappe, { tittel: 'Skal ikke utvides' }, false);
  const badCode = await env.sandbox.post('/expand/record', { id: record, journalpost: { journalposttype: 'Q' }, korrespondansepart: [{ korrespondansepartNavn: 'Kari', korrespondanseparttype: 'EA' }] }, { token: env.token });
  assert.equal(badCode.status, 400, badCode.text);
  assert.match(badCode.json.description, new RegExp(`^expand/record: ${record} was not expanded, nothing was changed: journalpost: .*journalposttype`));
  const badParty = await env.sandbox.post('/expand/record', { id: record, korrespondansepart: [{ korrespondansepartNavn: 'Kari', korrespondanseparttype: 'ZZ' }] }, { token: env.token });
  assert.equal(badParty.status, 400, badParty.text);
  assert.match(badParty.json.description, /korrespondansepart\[0\]: .*korrespondanseparttype/);
  assert.equal((await read('Basisregistrering', record)).type, 'Basisregistrering');
});
