import assert from 'node:assert/strict';
import { test } from 'node:test';
import { codeListModule } from '../../sandbox/registries/registryModules';
import { sendApi, useTestSandbox, type HttpResult } from './sandboxHarness';

const env = useTestSandbox({ modules: [codeListModule] }, { structure: true });

const send = (method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<HttpResult> =>
  sendApi(env.sandbox, env.token, method, path, body, headers);

interface ListResult {
  type: string;
  field: string;
  defaultValue?: { code: string; name: string };
  values: { code: string; name: string; description?: string; authority?: string }[];
}

async function lists(query = ''): Promise<ListResult[]> {
  const r = await send('GET', `/code-lists${query}`);
  assert.equal(r.status, 200, r.text);
  return r.json.results;
}

async function codesOf(type: string, field: string): Promise<string[]> {
  const [list] = await lists(`?type=${type}&field=${field}`);
  return list.values.map((v) => v.code);
}

const saveEntry = (key: string, journalposttype: string) =>
  env.sandbox.transaction(env.token, [
    { action: 'save', type: 'Journalpost', id: key, fields: { tittel: `Entry ${key}`, journalposttype } },
    { action: 'link', type: 'Journalpost', id: key, ref: 'refMappe', linkToId: env.structure.saksmappe },
    { action: 'save', type: 'Korrespondansepart', id: `${key}-kp`, fields: { korrespondansepartNavn: 'Ola' } },
    { action: 'link', type: 'Korrespondansepart', id: `${key}-kp`, ref: 'refRegistrering', linkToId: key },
  ]);

test('GET without filters returns every code list of every type, seeded with the defaults [endpoint GET /code-lists]', async () => {
  const all = await lists();
  const journalposttype = all.find((l) => l.type === 'Journalpost' && l.field === 'journalposttype');
  assert.deepEqual(journalposttype?.values.map((v) => v.code), ['I', 'U', 'N', 'X', 'S']);
  assert.equal(journalposttype?.values[0].name, 'Inngående dokument');
  const arkivstatus = all.find((l) => l.type === 'Arkiv' && l.field === 'arkivstatus');
  assert.deepEqual(arkivstatus?.defaultValue, { code: 'O', name: 'Opprettet' });
  // A list several types use appears once per type.
  const kassasjonsvedtak = all.filter((l) => l.field === 'kassasjonsvedtak').map((l) => l.type);
  assert.ok(kassasjonsvedtak.includes('Saksmappe') && kassasjonsvedtak.includes('Dokument'), kassasjonsvedtak.join());
  // Lists the archive ships empty are there, without values.
  assert.deepEqual(all.find((l) => l.type === 'Dokument' && l.field === 'dokumenttype')?.values, []);
});

test('GET filters by type, by field, and by both [endpoint GET /code-lists]', async () => {
  const journalpost = await lists('?type=Journalpost');
  assert.ok(journalpost.length > 0);
  assert.ok(journalpost.every((l) => l.type === 'Journalpost'));
  assert.deepEqual(journalpost.find((l) => l.field === 'journalstatus')?.defaultValue, { code: 'J', name: 'Journalført' });
  const byField = await lists('?field=journalposttype');
  assert.deepEqual(byField.map((l) => `${l.type}.${l.field}`), ['Journalpost.journalposttype']);
  const both = await lists('?type=Dokument&field=dokumentmedium');
  assert.deepEqual(both.map((l) => [l.type, l.field, l.defaultValue?.code]), [['Dokument', 'dokumentmedium', 'E']]);
  // An abstract type stands for its concrete types.
  const abstract = await lists('?type=AbstraktRegistrering&field=skjerming');
  assert.ok(abstract.some((l) => l.type === 'Journalpost') && abstract.some((l) => l.type === 'Basisregistrering'));
});

test('GET with an unknown type or field, or a field the type lacks, is a 400 that says what exists', async () => {
  const type = await send('GET', '/code-lists?type=Jornalpost');
  assert.equal(type.status, 400);
  assert.match(type.json.description, /no entity type "Jornalpost".*Did you mean "Journalpost"/);
  const field = await send('GET', '/code-lists?field=journalposttyp');
  assert.equal(field.status, 400);
  assert.match(field.json.description, /no code list "journalposttyp".*Did you mean "journalposttype"/);
  const mismatch = await send('GET', '/code-lists?type=Arkiv&field=journalposttype');
  assert.equal(mismatch.status, 400);
  assert.match(mismatch.json.description, /Arkiv has no code-list field "journalposttype"; its code-list fields: arkivstatus, dokumentmedium/);
});

test('a transaction is refused a code outside the live list, with the list and its valid codes named', async () => {
  const r = await saveEntry('jp-z', 'Z');
  assert.equal(r.status, 400, r.text);
  assert.match(r.json.description, /^The transaction was not run: actions\[0\]: "Z" is not a code of the journalposttype code list; valid codes: I, U, N, X, S\.$/);
});

test('PUT adds a value (200 with the value) that a transaction then accepts; DELETE (204) removes it and a transaction is refused again [endpoint PUT /code-lists/{field}/{code}] [endpoint DELETE /code-lists/{field}/{code}]', async () => {
  const put = await send('PUT', '/code-lists/journalposttype/Z', { name: 'Sandkasse', description: 'Test value' });
  assert.equal(put.status, 200, put.text);
  assert.deepEqual(put.json, { code: 'Z', name: 'Sandkasse', description: 'Test value' });
  assert.deepEqual(await codesOf('Journalpost', 'journalposttype'), ['I', 'U', 'N', 'X', 'S', 'Z']);
  const accepted = await saveEntry('jp-z2', 'Z');
  assert.equal(accepted.status, 200, accepted.text);
  assert.equal(accepted.json.saved['jp-z2'].fields.journalposttype, 'Z');

  const del = await send('DELETE', '/code-lists/journalposttype/Z');
  assert.equal(del.status, 204);
  assert.equal(del.text, '');
  assert.deepEqual(await codesOf('Journalpost', 'journalposttype'), ['I', 'U', 'N', 'X', 'S']);
  const refused = await saveEntry('jp-z3', 'Z');
  assert.equal(refused.status, 400, refused.text);
  assert.match(refused.json.description, /"Z" is not a code of the journalposttype code list/);
});

test('PUT updates an existing value; the code stays unique and the name unique in its list', async () => {
  const updated = await send('PUT', '/code-lists/kassasjonsvedtak/V', { description: 'Decided later' });
  assert.equal(updated.status, 200, updated.text);
  assert.deepEqual(updated.json, { code: 'V', name: 'Vurderes senere', description: 'Decided later' });
  const [list] = await lists('?type=Saksmappe&field=kassasjonsvedtak');
  assert.deepEqual(list.values.map((v) => v.code), ['B', 'K', 'V'], 'an update neither adds nor moves the code');
  const renamed = await send('PUT', '/code-lists/kassasjonsvedtak/V', { name: 'Senere' });
  assert.equal(renamed.json.name, 'Senere');
  assert.equal(renamed.json.description, 'Decided later', 'what the body leaves out is kept');

  const clash = await send('PUT', '/code-lists/kassasjonsvedtak/Q', { name: 'Bevares' });
  assert.equal(clash.status, 400);
  assert.match(clash.json.description, /"Bevares" is already used by code "B" of the kassasjonsvedtak code list/);
  const nameless = await send('PUT', '/code-lists/kassasjonsvedtak/Q', { description: 'no name' });
  assert.equal(nameless.status, 400);
  assert.match(nameless.json.description, /new value .* give its `name`/);
  const stray = await send('PUT', '/code-lists/kassasjonsvedtak/Q', { name: 'Q', colour: 'red' });
  assert.equal(stray.status, 400);
  assert.match(stray.json.description, /colour/);
  assert.deepEqual(await codesOf('Saksmappe', 'kassasjonsvedtak'), ['B', 'K', 'V']);
});

test('a percent-encoded code in the path is stored decoded, and an empty list becomes checked once it has a value', async () => {
  const put = await send('PUT', `/code-lists/dokumenttype/${encodeURIComponent('Å/1')}`, { name: 'Årsrapport' });
  assert.equal(put.status, 200, put.text);
  assert.equal(put.json.code, 'Å/1');
  assert.deepEqual(await codesOf('Dokument', 'dokumenttype'), ['Å/1']);
  const saveDoc = (key: string, dokumenttype: string) =>
    env.sandbox.transaction(env.token, [
      { action: 'save', type: 'Dokument', id: key, fields: { tittel: 'Rapport', dokumenttype } },
      { action: 'link', type: 'Dokument', id: key, ref: 'refRegistrering', linkToId: env.structure.journalpost },
    ]);
  assert.equal((await saveDoc('d1', 'Å/1')).status, 200);
  const refused = await saveDoc('d2', 'Brev');
  assert.equal(refused.status, 400);
  assert.match(refused.json.description, /"Brev" is not a code of the dokumenttype code list; valid codes: Å\/1/);
});

test('authority is taken only on skjerming values', async () => {
  const skjerming = await send('PUT', '/code-lists/skjerming/P13', { name: 'Personopplysninger', authority: 'Offl. § 13' });
  assert.equal(skjerming.status, 200, skjerming.text);
  assert.equal(skjerming.json.authority, 'Offl. § 13');
  const [list] = await lists('?type=Journalpost&field=skjerming');
  assert.deepEqual(list.values, [{ code: 'P13', name: 'Personopplysninger', authority: 'Offl. § 13' }]);
  const other = await send('PUT', '/code-lists/journalstatus/Q', { name: 'Q', authority: 'x' });
  assert.equal(other.status, 400);
  assert.match(other.json.description, /Only values of the skjerming code list have an `authority`/);
});

test('deleting every code of a list leaves it empty: its old codes are refused, not taken from the shipped defaults', async () => {
  for (const code of ['H', 'V']) assert.equal((await send('DELETE', `/code-lists/tilknyttetRegistreringSom/${code}`)).status, 204);
  assert.deepEqual(await codesOf('Dokument', 'tilknyttetRegistreringSom'), []);
  const r = await env.sandbox.transaction(env.token, [
    { action: 'save', type: 'Dokument', id: 'd3', fields: { tittel: 'Vedlegg', tilknyttetRegistreringSom: 'H' } },
    { action: 'link', type: 'Dokument', id: 'd3', ref: 'refRegistrering', linkToId: env.structure.journalpost },
  ]);
  assert.equal(r.status, 400, r.text);
  assert.match(r.json.description, /"H" is not a code of the tilknyttetRegistreringSom code list/);
});

test('DELETE refuses a default value, an unknown code and an unknown list', async () => {
  const defaultCode = await send('DELETE', '/code-lists/journalstatus/J');
  assert.equal(defaultCode.status, 400);
  assert.match(defaultCode.json.description, /"J" is the default value of the journalstatus code list/);
  const unknownCode = await send('DELETE', '/code-lists/journalstatus/QQ');
  assert.equal(unknownCode.status, 404);
  assert.match(unknownCode.json.description, /The journalstatus code list has no code "QQ"/);
  const unknownList = await send('DELETE', '/code-lists/journalstatuss/J');
  assert.equal(unknownList.status, 404);
  assert.match(unknownList.json.description, /no code list "journalstatuss". Did you mean "journalstatus"/);
  const putUnknown = await send('PUT', '/code-lists/nosuchlist/A', { name: 'A' });
  assert.equal(putUnknown.status, 404);
  assert.deepEqual(await codesOf('Journalpost', 'journalstatus'), ['J', 'F', 'G', 'E', 'A', 'U', 'M', 'S', 'R']);
});

test('errors come as text without the JSON error header, and every endpoint needs a token', async () => {
  const text = await send('PUT', '/code-lists/kassasjonsvedtak/Q', { name: 'Bevares' }, { 'X-Service-Error-Response-Type': 'text/plain' });
  assert.equal(text.status, 400);
  assert.match(text.headers.get('content-type') ?? '', /^text\/plain/);
  assert.match(text.text, /^400 Bad Request: The name "Bevares" is already used/);
  const anonymous = await fetch(`${env.sandbox.sandbox.apiUrl}/code-lists`);
  assert.equal(anonymous.status, 401);
  const method = await send('POST', '/code-lists/journalstatus/J', {});
  assert.equal(method.status, 405);
  assert.match(method.json.description, /use DELETE, PUT/);
});
