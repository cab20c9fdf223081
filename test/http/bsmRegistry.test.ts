import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bsmModule } from '../../sandbox/registries/registryModules';
import { sendApi, useTestSandbox, type HttpResult } from './sandboxHarness';

const env = useTestSandbox({ modules: [bsmModule] }, { structure: true });

const send = (method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<HttpResult> =>
  sendApi(env.sandbox, env.token, method, path, body, headers);

async function registry(query = ''): Promise<any[]> {
  const r = await send('GET', `/bsm-registry${query}`);
  assert.equal(r.status, 200, r.text);
  return r.json.results;
}

async function ok(method: string, path: string, body?: unknown): Promise<HttpResult> {
  const r = await send(method, path, body);
  assert.ok(r.status === 200 || r.status === 204, `${method} ${path}: ${r.text}`);
  return r;
}

const saveBsm = (type: string, id: string, bsm: unknown) => env.sandbox.transaction(env.token, [{ action: 'save', type, id, fields: { virksomhetsspesifikkeMetadata: bsm } }]);

async function storedBsm(type: string, id: string): Promise<unknown> {
  const r = await env.sandbox.query(env.token, { type, query: 'id = @id', parameters: { '@id': id }, publicUse: false });
  assert.equal(r.status, 200, r.text);
  return r.json.results[0].fields.virksomhetsspesifikkeMetadata;
}

test('PUT group creates and updates a group; GET lists it with its fields [endpoint PUT /bsm-registry/group/{groupId}]', async () => {
  const created = await send('PUT', '/bsm-registry/group/arkiv-info', { groupName: 'Arkivinfo', groupDescription: 'Første versjon' });
  assert.equal(created.status, 200, created.text);
  assert.deepEqual(created.json, { groupId: 'arkiv-info', groupName: 'Arkivinfo', groupDescription: 'Første versjon' });
  const updated = await send('PUT', '/bsm-registry/group/arkiv-info', { groupDescription: 'Andre versjon' });
  assert.deepEqual(updated.json, { groupId: 'arkiv-info', groupName: 'Arkivinfo', groupDescription: 'Andre versjon' }, 'a left-out groupName is kept');
  assert.deepEqual(await registry('?groupId=arkiv-info'), [{ groupId: 'arkiv-info', groupName: 'Arkivinfo', groupDescription: 'Andre versjon', fields: [] }]);
  const nameless = await send('PUT', '/bsm-registry/group/uten-navn', { groupDescription: 'x' });
  assert.equal(nameless.status, 400);
  assert.match(nameless.json.description, /"uten-navn" is new: give its `groupName`/);
});

test('ids must be lower-case letters, digits and dashes, starting with a letter and ending with a letter or digit (the spec; the vendor docs allow the digit)', async () => {
  const cases: [string, RegExp][] = [
    ['Prosjekt', /"Prosjekt" is not a valid groupId: it has upper-case letters.*\(e\.g\. "prosjekt"\)/],
    ['1prosjekt', /it does not start with a letter/],
    ['prosjekt-', /it does not end with a letter or digit/],
    ['pro_sjekt', /it has "_"/],
  ];
  for (const [id, message] of cases) {
    const r = await send('PUT', `/bsm-registry/group/${id}`, { groupName: 'x' });
    assert.equal(r.status, 400, id);
    assert.match(r.json.description, message);
    assert.match(r.json.description, /lower-case letters, digits and dashes, and starts with a letter and ends with a letter or digit/);
  }
  await ok('PUT', '/bsm-registry/group/a', { groupName: 'One letter' });
  await ok('PUT', '/bsm-registry/group/a2-b', { groupName: 'Digits inside' });
  await ok('PUT', '/bsm-registry/group/prosjekt2', { groupName: 'A digit at the end' });
  const field = await send('PUT', '/bsm-registry/group/a/field/Felt', { fieldName: 'x', fieldType: 'string' });
  assert.equal(field.status, 400);
  assert.match(field.json.description, /"Felt" is not a valid fieldId/);
  const filter = await send('GET', '/bsm-registry?fieldId=felt_1');
  assert.equal(filter.status, 400);
  assert.match(filter.json.description, /"felt_1" is not a valid fieldId/);
  const del = await send('DELETE', '/bsm-registry/group/A');
  assert.equal(del.status, 400);
  assert.deepEqual((await registry()).map((g) => g.groupId).filter((id) => id.startsWith('a')), ['arkiv-info', 'a', 'a2-b']);
});

// The vendor's docs let an id end with a digit, and its own samples rely on it: the C# sample
// registers group gr-1 with field f-long, the Java sample reads group appr-03 (test/conformance).
test('the vendor samples\' ids ending with a digit: PUT gr-1 and its field f-long, GET ?groupId=appr-03 [endpoint PUT /bsm-registry/group/{groupId}]', async () => {
  await ok('PUT', '/bsm-registry/group/gr-1', { groupName: 'BSM Group Name', groupDescription: 'BSM Group Description' });
  await ok('PUT', '/bsm-registry/group/gr-1/field/f-long', { fieldName: 'BSM Field Long', fieldType: 'long', fieldValues: [1, 2] });
  assert.deepEqual(await registry('?groupId=gr-1&fieldId=f-long'), [
    { groupId: 'gr-1', groupName: 'BSM Group Name', groupDescription: 'BSM Group Description', fields: [{ fieldId: 'f-long', fieldName: 'BSM Field Long', fieldType: 'long', fieldValues: ['1', '2'] }] },
  ]);
  assert.deepEqual(await registry('?groupId=appr-03'), [], 'a group this archive does not have is no malformed id');
});

test('PUT field creates a field in an existing group; a new field needs a name and a type [endpoint PUT /bsm-registry/group/{groupId}/field/{fieldId}]', async () => {
  await ok('PUT', '/bsm-registry/group/sak-data', { groupName: 'Saksdata' });
  const created = await send('PUT', '/bsm-registry/group/sak-data/field/prioritet', {
    fieldName: 'Prioritet',
    fieldDescription: 'Hvor viktig',
    fieldType: 'string',
    fieldValues: ['lav', 'hoy'],
  });
  assert.equal(created.status, 200, created.text);
  assert.deepEqual(created.json, { fieldId: 'prioritet', fieldName: 'Prioritet', fieldDescription: 'Hvor viktig', fieldType: 'string', fieldValues: ['lav', 'hoy'] });
  const noGroup = await send('PUT', '/bsm-registry/group/finnes-ikke/field/felt', { fieldName: 'x', fieldType: 'string' });
  assert.equal(noGroup.status, 404);
  assert.match(noGroup.json.description, /no BSM group "finnes-ikke": create it first with PUT bsm-registry\/group\/finnes-ikke/);
  const noType = await send('PUT', '/bsm-registry/group/sak-data/field/uten-type', { fieldName: 'x' });
  assert.equal(noType.status, 400);
  assert.match(noType.json.description, /give its `fieldType` \(string, long, double, timestamp, encrypted, uri, boolean\)/);
  const badType = await send('PUT', '/bsm-registry/group/sak-data/field/feil-type', { fieldName: 'x', fieldType: 'integer' });
  assert.equal(badType.status, 400);
  assert.match(badType.json.description, /fieldType is one of string, long, double, timestamp, encrypted/);
  const badValues = await send('PUT', '/bsm-registry/group/sak-data/field/antall', { fieldName: 'Antall', fieldType: 'long', fieldValues: [1, 'to'] });
  assert.equal(badValues.status, 400);
  assert.match(badValues.json.description, /"antall" is of type long, so its fieldValues are whole numbers; "to" is not/);
  const twice = await send('PUT', '/bsm-registry/group/sak-data/field/antall', { fieldName: 'Antall', fieldType: 'long', fieldValues: [1, '1'] });
  assert.equal(twice.status, 400);
  assert.match(twice.json.description, /lists "1" twice/);
  assert.deepEqual((await registry('?groupId=sak-data'))[0].fields.map((f: { fieldId: string }) => f.fieldId), ['prioritet']);
});

test('fieldType cannot change once set; other properties can, and field ids are unique in the archive', async () => {
  await ok('PUT', '/bsm-registry/group/endring', { groupName: 'Endring' });
  await ok('PUT', '/bsm-registry/group/endring/field/belop', { fieldName: 'Beløp', fieldType: 'double' });
  const change = await send('PUT', '/bsm-registry/group/endring/field/belop', { fieldType: 'long' });
  assert.equal(change.status, 400);
  assert.match(change.json.description, /fieldType of BSM field "belop" is double and cannot change once set/);
  const same = await send('PUT', '/bsm-registry/group/endring/field/belop', { fieldType: 'double', fieldName: 'Beløp i kroner', fieldValues: ['1.50', 2] });
  assert.equal(same.status, 200, same.text);
  assert.deepEqual(same.json, { fieldId: 'belop', fieldName: 'Beløp i kroner', fieldType: 'double', fieldValues: ['1.5', '2'] });
  const cleared = await send('PUT', '/bsm-registry/group/endring/field/belop', { fieldValues: null });
  assert.equal(cleared.json.fieldValues, undefined, 'null removes the predefined values');
  await ok('PUT', '/bsm-registry/group/annen', { groupName: 'Annen' });
  const reused = await send('PUT', '/bsm-registry/group/annen/field/belop', { fieldName: 'Beløp', fieldType: 'double' });
  assert.equal(reused.status, 400);
  assert.match(reused.json.description, /fieldId "belop" is already used in BSM group "endring"/);
});

test('GET filters by groupId, by fieldId and by both; unknown ids give no results [endpoint GET /bsm-registry]', async () => {
  await ok('PUT', '/bsm-registry/group/filter-en', { groupName: 'En' });
  await ok('PUT', '/bsm-registry/group/filter-en/field/felt-a', { fieldName: 'A', fieldType: 'string' });
  await ok('PUT', '/bsm-registry/group/filter-en/field/felt-b', { fieldName: 'B', fieldType: 'timestamp' });
  await ok('PUT', '/bsm-registry/group/filter-to', { groupName: 'To' });
  await ok('PUT', '/bsm-registry/group/filter-to/field/felt-c', { fieldName: 'C', fieldType: 'encrypted' });
  const group = await registry('?groupId=filter-en');
  assert.deepEqual(group.map((g) => [g.groupId, g.fields.map((f: { fieldId: string }) => f.fieldId)]), [['filter-en', ['felt-a', 'felt-b']]]);
  const field = await registry('?fieldId=felt-c');
  assert.deepEqual(field, [{ groupId: 'filter-to', groupName: 'To', fields: [{ fieldId: 'felt-c', fieldName: 'C', fieldType: 'encrypted' }] }]);
  const both = await registry('?groupId=filter-en&fieldId=felt-b');
  assert.deepEqual(both.map((g) => [g.groupId, g.fields.map((f: { fieldId: string }) => f.fieldId)]), [['filter-en', ['felt-b']]]);
  assert.deepEqual(await registry('?groupId=filter-en&fieldId=felt-c'), []);
  assert.deepEqual(await registry('?groupId=ukjent'), []);
  const all = await registry();
  assert.ok(all.some((g) => g.groupId === 'filter-en') && all.some((g) => g.groupId === 'filter-to'));
});

test('DELETE field and group answer 204, and they are gone; deleting what is not there is a 404 [endpoint DELETE /bsm-registry/group/{groupId}/field/{fieldId}] [endpoint DELETE /bsm-registry/group/{groupId}]', async () => {
  await ok('PUT', '/bsm-registry/group/slett-meg', { groupName: 'Slett' });
  await ok('PUT', '/bsm-registry/group/slett-meg/field/felt-x', { fieldName: 'X', fieldType: 'string' });
  await ok('PUT', '/bsm-registry/group/slett-meg/field/felt-y', { fieldName: 'Y', fieldType: 'string' });
  const field = await send('DELETE', '/bsm-registry/group/slett-meg/field/felt-x');
  assert.equal(field.status, 204);
  assert.equal(field.text, '');
  assert.deepEqual(await registry('?fieldId=felt-x'), []);
  assert.equal((await send('DELETE', '/bsm-registry/group/slett-meg/field/felt-x')).status, 404);
  const group = await send('DELETE', '/bsm-registry/group/slett-meg');
  assert.equal(group.status, 204);
  assert.deepEqual(await registry('?groupId=slett-meg'), []);
  assert.deepEqual(await registry('?fieldId=felt-y'), [], "a group's fields go with it");
  const again = await send('DELETE', '/bsm-registry/group/slett-meg');
  assert.equal(again.status, 404);
  assert.match(again.json.description, /no BSM group "slett-meg"/);
});

test('BSM values on a saved Journalpost are checked against the live registry', async () => {
  await ok('PUT', '/bsm-registry/group/prosjekt', { groupName: 'Prosjekt' });
  await ok('PUT', '/bsm-registry/group/prosjekt/field/prosjektnavn', { fieldName: 'Navn', fieldType: 'string' });
  await ok('PUT', '/bsm-registry/group/prosjekt/field/budsjett', { fieldName: 'Budsjett', fieldType: 'long' });
  await ok('PUT', '/bsm-registry/group/prosjekt/field/fase', { fieldName: 'Fase', fieldType: 'string', fieldValues: ['plan', 'bygg'] });
  const unknownGroup = await saveBsm('Journalpost', env.structure.journalpost, { prosjket: { prosjektnavn: { values: ['X'] } } });
  assert.equal(unknownGroup.status, 400);
  assert.match(unknownGroup.json.description, /actions\[0\]: The BSM registry has no group "prosjket". Did you mean "prosjekt"\?/);
  const unknownField = await saveBsm('Journalpost', env.structure.journalpost, { prosjekt: { farge: { values: ['rød'] } } });
  assert.equal(unknownField.status, 400);
  assert.match(unknownField.json.description, /BSM group "prosjekt" has no field "farge"/);
  const wrongType = await saveBsm('Journalpost', env.structure.journalpost, { prosjekt: { budsjett: { values: ['mye'] } } });
  assert.equal(wrongType.status, 400);
  assert.match(wrongType.json.description, /BSM field "budsjett" is of type long and takes whole numbers/);
  const notAllowed = await saveBsm('Journalpost', env.structure.journalpost, { prosjekt: { fase: { values: ['drift'] } } });
  assert.equal(notAllowed.status, 400);
  assert.match(notAllowed.json.description, /BSM field "fase" accepts only "plan", "bygg"; "drift" is not one of them/);
  assert.equal(await storedBsm('Journalpost', env.structure.journalpost), undefined, 'nothing was saved');

  // A field the registry gains is accepted at once (the registry is read live).
  await ok('PUT', '/bsm-registry/group/prosjekt/field/frist', { fieldName: 'Frist', fieldType: 'timestamp' });
  const good = await saveBsm('Journalpost', env.structure.journalpost, {
    prosjekt: { prosjektnavn: { values: ['Ny skole'] }, budsjett: { values: ['1200000', 5] }, fase: { values: ['bygg'] }, frist: { values: ['2024-09-01T12:00:00.000+0200'] } },
  });
  assert.equal(good.status, 200, good.text);
  const expected = {
    prosjekt: {
      prosjektnavn: { type: 'string', values: ['Ny skole'] },
      budsjett: { type: 'long', values: [1200000, 5] },
      fase: { type: 'string', values: ['bygg'] },
      // Stored as UTC, answered in the sandbox's zone (Europe/Oslo by default): as it was sent.
      frist: { type: 'timestamp', values: ['2024-09-01T12:00:00.000+0200'] },
    },
  };
  assert.deepEqual(good.json.saved[env.structure.journalpost].fields.virksomhetsspesifikkeMetadata, expected);
  assert.deepEqual(await storedBsm('Journalpost', env.structure.journalpost), expected);
});

test('a save replaces the whole BSM object; an empty one removes it', async () => {
  await ok('PUT', '/bsm-registry/group/erstatt', { groupName: 'Erstatt' });
  await ok('PUT', '/bsm-registry/group/erstatt/field/en', { fieldName: 'En', fieldType: 'string' });
  await ok('PUT', '/bsm-registry/group/erstatt/field/to', { fieldName: 'To', fieldType: 'double' });
  const first = await saveBsm('Saksmappe', env.structure.saksmappe, { erstatt: { en: { values: ['a', 'b'] }, to: { values: [2.5] } } });
  assert.equal(first.status, 200, first.text);
  const second = await saveBsm('Saksmappe', env.structure.saksmappe, { erstatt: { to: { values: ['3.25'] }, en: { values: [] } } });
  assert.equal(second.status, 200, second.text);
  assert.deepEqual(await storedBsm('Saksmappe', env.structure.saksmappe), { erstatt: { to: { type: 'double', values: [3.25] } } });
  // A result copied back (with `type`) is a valid save.
  const copied = await saveBsm('Saksmappe', env.structure.saksmappe, { erstatt: { en: { type: 'string', values: ['c'] } } });
  assert.equal(copied.status, 200, copied.text);
  assert.deepEqual(await storedBsm('Saksmappe', env.structure.saksmappe), { erstatt: { en: { type: 'string', values: ['c'] } } });
  const emptied = await saveBsm('Saksmappe', env.structure.saksmappe, {});
  assert.equal(emptied.status, 200, emptied.text);
  assert.equal(await storedBsm('Saksmappe', env.structure.saksmappe), undefined);
});

test('BSM on a type that cannot carry it is refused', async () => {
  await ok('PUT', '/bsm-registry/group/feil-type', { groupName: 'Feil' });
  await ok('PUT', '/bsm-registry/group/feil-type/field/verdi', { fieldName: 'Verdi', fieldType: 'string' });
  const r = await saveBsm('Arkiv', env.structure.arkiv, { 'feil-type': { verdi: { values: ['x'] } } });
  assert.equal(r.status, 400);
  assert.match(r.json.description, /actions\[0\]: Arkiv cannot carry business specific metadata; remove `virksomhetsspesifikkeMetadata`/);
  const klasse = await saveBsm('Klasse', env.structure.klasser[1], { 'feil-type': { verdi: { values: ['x'] } } });
  assert.equal(klasse.status, 200, 'Klasse is one of the types the spec lists');
});

test('a group or field in use by an entity is not deleted', async () => {
  await ok('PUT', '/bsm-registry/group/i-bruk', { groupName: 'I bruk' });
  await ok('PUT', '/bsm-registry/group/i-bruk/field/brukt', { fieldName: 'Brukt', fieldType: 'string' });
  await ok('PUT', '/bsm-registry/group/i-bruk/field/ubrukt', { fieldName: 'Ubrukt', fieldType: 'string' });
  const saved = await saveBsm('Klasse', env.structure.klasser[2], { 'i-bruk': { brukt: { values: ['ja'] } } });
  assert.equal(saved.status, 200, saved.text);
  const field = await send('DELETE', '/bsm-registry/group/i-bruk/field/brukt');
  assert.equal(field.status, 400);
  assert.match(field.json.description, new RegExp(`BSM field "brukt" of group "i-bruk" is still used by 1 entity \\(e\\.g\\. Klasse ${env.structure.klasser[2]}\\)`));
  const group = await send('DELETE', '/bsm-registry/group/i-bruk');
  assert.equal(group.status, 400);
  assert.equal((await send('DELETE', '/bsm-registry/group/i-bruk/field/ubrukt')).status, 204);
  assert.equal((await saveBsm('Klasse', env.structure.klasser[2], null)).status, 200);
  assert.equal((await send('DELETE', '/bsm-registry/group/i-bruk')).status, 204);
});

test('errors come as text without the JSON error header', async () => {
  const r = await send('PUT', '/bsm-registry/group/Feil', { groupName: 'x' }, { 'X-Service-Error-Response-Type': 'text/plain' });
  assert.equal(r.status, 400);
  assert.match(r.headers.get('content-type') ?? '', /^text\/plain/);
  assert.match(r.text, /^400 Bad Request: "Feil" is not a valid groupId/);
  const anonymous = await fetch(`${env.sandbox.sandbox.apiUrl}/bsm-registry/group/x`, { method: 'DELETE' });
  assert.equal(anonymous.status, 401);
});

test('the Java client\'s field types uri and boolean (client/bsm/FieldType.java): registered, and values checked and kept in their type', async () => {
  await ok('PUT', '/bsm-registry/group/lenker', { groupName: 'Lenker' });
  // As the Java client writes a BsmField: no fieldId (write-only), fieldValues left out when null.
  await ok('PUT', '/bsm-registry/group/lenker/field/kilde', { fieldName: 'Kilde', fieldType: 'uri' });
  await ok('PUT', '/bsm-registry/group/lenker/field/publisert', { fieldName: 'Publisert', fieldDescription: 'På nettsidene', fieldType: 'boolean' });
  const fields = (await registry('?groupId=lenker'))[0].fields.map((f: { fieldId: string; fieldType: string }) => `${f.fieldId}:${f.fieldType}`);
  assert.deepEqual(fields.sort(), ['kilde:uri', 'publisert:boolean']);
  const saved = await saveBsm('Saksmappe', env.structure.saksmappe, { lenker: { kilde: { values: ['https://fjordvik.kommune.no/sak/17'] }, publisert: { values: [true, 'false'] } } });
  assert.equal(saved.status, 200, saved.text);
  assert.deepEqual(await storedBsm('Saksmappe', env.structure.saksmappe), {
    lenker: { kilde: { type: 'uri', values: ['https://fjordvik.kommune.no/sak/17'] }, publisert: { type: 'boolean', values: [true, false] } },
  });
  for (const [field, value, says] of [['kilde', 'sak 17', /absolute URIs/], ['publisert', 'ja', /true or false/]] as const) {
    const r = await saveBsm('Saksmappe', env.structure.saksmappe, { lenker: { [field]: { values: [value] } } });
    assert.equal(r.status, 400, r.text);
    assert.match(r.json.description, says);
  }
  const badType = await send('PUT', '/bsm-registry/group/lenker/field/farge', { fieldName: 'Farge', fieldType: 'colour' });
  assert.equal(badType.status, 400);
  assert.match(badType.json.description, /fieldType is one of string, long, double, timestamp, encrypted, uri, boolean/);
});
