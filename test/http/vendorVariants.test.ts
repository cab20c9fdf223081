/**
 * The forms the vendor's own public code sends that the spec writes otherwise (issue 12), over
 * real HTTP: the sandbox accepts them with the meaning a real archive gives them, the same way
 * `noarkq check` warns about them (test/conformance holds the requests themselves).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useTestSandbox } from './sandboxHarness';

const env = useTestSandbox({}, { structure: true });

test('query: offset, limit and publicUse sent as strings (the raw PHP sample) read as their numbers and boolean [endpoint POST /query]', async () => {
  const asStrings = await env.sandbox.query(env.token, { type: 'Klasse', offset: '0', limit: '2', query: 'refKlassifikasjonssystem.id = @ks', parameters: { '@ks': env.structure.system }, publicUse: 'false' });
  assert.equal(asStrings.status, 200, asStrings.text);
  const canonical = await env.sandbox.query(env.token, { type: 'Klasse', offset: 0, limit: 2, query: 'refKlassifikasjonssystem.id = @ks', parameters: { '@ks': env.structure.system }, publicUse: false });
  assert.deepEqual(asStrings.json, canonical.json);
  assert.equal(asStrings.json.results.length, 2);
  assert.equal(asStrings.json.hasMore, true);
  const notANumber = await env.sandbox.query(env.token, { type: 'Klasse', limit: 'two' });
  assert.equal(notANumber.status, 400, notANumber.text);
});

test('query: a number parameter sent as a string ("2015") matches as the number', async () => {
  const year = (await env.sandbox.query(env.token, { type: 'Saksmappe', query: 'id = @id', parameters: { '@id': env.structure.saksmappe } })).json.results[0].fields.saksaar;
  const asText = await env.sandbox.query(env.token, { type: 'Saksmappe', query: 'saksaar = [@from:@to]', parameters: { '@from': String(year), '@to': String(year) } });
  assert.equal(asText.status, 200, asText.text);
  assert.ok(asText.json.results.some((r: { id: string }) => r.id === env.structure.saksmappe));
});

test('query: a date on a timestamp field is the whole day in Europe/Oslo; an inclusive end bound includes that day [query rule 3]', async () => {
  const saved = await env.sandbox.transaction(env.token, [
    { action: 'save', type: 'Saksmappe', id: 'dated', fields: { tittel: 'Closed late on the 10th', avsluttetDato: '2019-03-10T23:30:00.000+0100' } },
    { action: 'link', type: 'Saksmappe', id: 'dated', ref: 'refArkivdel', linkToId: env.structure.arkivdel },
    { action: 'link', type: 'Saksmappe', id: 'dated', ref: 'refPrimaerKlasse', linkToId: env.structure.klasser[0] },
  ]);
  assert.equal(saved.status, 200, saved.text);
  const id = saved.json.saved.dated.id;
  const find = async (query: string, parameters: Record<string, string>) => {
    const r = await env.sandbox.query(env.token, { type: 'Saksmappe', query, parameters });
    assert.equal(r.status, 200, r.text);
    return r.json.results.some((x: { id: string }) => x.id === id);
  };
  // 23:30 in Oslo on the 10th is 22:30 UTC: the 10th in the archive's zone, whatever the server's.
  assert.equal(await find('avsluttetDato = [@from:@to]', { '@from': '2019-03-01', '@to': '2019-03-10' }), true);
  assert.equal(await find('avsluttetDato = [@from:@to}', { '@from': '2019-03-01', '@to': '2019-03-10' }), false);
  assert.equal(await find('avsluttetDato = {@from:@to]', { '@from': '2019-03-10', '@to': '2019-03-31' }), false);
  assert.equal(await find('avsluttetDato = [@from:@to]', { '@from': '2019-03-11', '@to': '2019-03-31' }), false);
  assert.equal(await find('avsluttetDato = @day', { '@day': '2019-03-10' }), true);
  assert.equal(await find('avsluttetDato = @day', { '@day': '2019-03-11' }), false);
  assert.equal(await find('avsluttetDato != @day', { '@day': '2019-03-10' }), false);
  // The full timestamps the checker's fix writes say the same as the days.
  assert.equal(await find('avsluttetDato = [@from:@to]', { '@from': '2019-03-01T00:00:00.000+0100', '@to': '2019-03-10T23:59:59.999+0100' }), true);
});

test('query: a timestamp on a date field is its date in Europe/Oslo, as the Java client sends every date [query rule 3]', async () => {
  const saved = await env.sandbox.transaction(env.token, [
    { action: 'save', type: 'Saksmappe', id: 'august', fields: { tittel: 'Opened on the first of August', saksdato: '2024-08-01' } },
    { action: 'link', type: 'Saksmappe', id: 'august', ref: 'refArkivdel', linkToId: env.structure.arkivdel },
    { action: 'link', type: 'Saksmappe', id: 'august', ref: 'refPrimaerKlasse', linkToId: env.structure.klasser[0] },
  ]);
  assert.equal(saved.status, 200, saved.text);
  const id = saved.json.saved.august.id;
  const find = async (query: string, parameters: Record<string, string>) => {
    const r = await env.sandbox.query(env.token, { type: 'Saksmappe', query, parameters });
    assert.equal(r.status, 200, r.text);
    return r.json.results.some((x: { id: string }) => x.id === id);
  };
  // The Java client's form (yyyy-MM-dd'T'HH:mm:ss.SSSXX): midnight in Oslo is the 1st.
  assert.equal(await find('saksdato = @day', { '@day': '2024-08-01T00:00:00.000+0200' }), true);
  assert.equal(await find('saksdato = @day', { '@day': '2024-07-31T22:00:00.000Z' }), true, 'the same instant in UTC is the same date');
  assert.equal(await find('saksdato = @day', { '@day': '2024-07-31T21:59:59.999Z' }), false, 'a millisecond earlier is the 31st in Oslo');
  assert.equal(await find('saksdato = [@from:@to]', { '@from': '2024-08-01T00:00:00.000+0200', '@to': '2024-08-31T00:00:00.000+0200' }), true);
  assert.equal(await find('saksdato = {@from:@to]', { '@from': '2024-08-01T00:00:00.000+0200', '@to': '*' }), false, 'an exclusive bound leaves the date out');
  assert.equal(await find('saksdato = [@from:@to]', { '@from': '2024-07-01T00:00:00.000+02:00', '@to': '2024-08-01T15:30:00.000+02:00' }), true, 'the time of day is not compared');
  assert.equal(await find('saksdato != @day', { '@day': '2024-08-01T00:00:00.000+0200' }), false);
});

test('transaction: scalars the archive converts are stored converted (versjonsnummer "1", a file id as a number, a boolean as text) [endpoint POST /transaction]', async () => {
  const response = await fetch(`${env.sandbox.sandbox.apiUrl}/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${env.token}`, 'Content-Type': 'application/octet-stream', 'Content-Disposition': 'attachment; filename=brev.pdf' },
    body: Buffer.from('%PDF-1.4\n'),
  });
  const upload = { status: response.status, json: (await response.json()) as { id: string } };
  assert.equal(upload.status, 200, JSON.stringify(upload.json));
  const r = await env.sandbox.transaction(env.token, [
    { action: 'save', type: 'Dokument', id: 'doc', fields: { tittel: 'Brev', tilknyttetRegistreringSom: 'H', bevaringstid: '10' } },
    { action: 'link', type: 'Dokument', id: 'doc', ref: 'refRegistrering', linkToId: env.structure.journalpost },
    { action: 'save', type: 'Dokumentversjon', id: 'v1', fields: { variantformat: 'A', format: 'pdf', versjonsnummer: '1', referanseDokumentfil: Number(upload.json.id), kryptertDokument: 'false' } },
    { action: 'link', type: 'Dokumentversjon', id: 'v1', ref: 'refDokument', linkToId: 'doc' },
  ]);
  assert.equal(r.status, 200, r.text);
  assert.equal(r.json.saved.doc.fields.bevaringstid, 10);
  assert.equal(r.json.saved.v1.fields.referanseDokumentfil, upload.json.id);
  assert.equal(r.json.saved.v1.fields.kryptertDokument, false);
  const wrong = await env.sandbox.transaction(env.token, [{ action: 'save', type: 'Dokument', id: r.json.saved.doc.id, fields: { bevaringstid: 'ten' } }]);
  assert.equal(wrong.status, 400, wrong.text);
});

test('transaction: links from the parent side (Saksmappe refSakspart, Klassifikasjonssystem refKlasse, Arkivdel secondary systems) as the Java sample sends them', async () => {
  const r = await env.sandbox.transaction(env.token, [
    { action: 'save', type: 'Klassifikasjonssystem', id: 'ksSkole', fields: { tittel: 'Skole' } },
    { action: 'save', type: 'Klasse', id: 'klasseSkole', fields: { klasseIdent: '07', tittel: 'Report' } },
    { action: 'link', type: 'Klassifikasjonssystem', id: 'ksSkole', ref: 'refKlasse', linkToId: ['klasseSkole'] },
    { action: 'link', type: 'Arkivdel', id: env.structure.arkivdel, ref: 'refSekundaerKlassifikasjonssystem', linkToId: ['ksSkole'] },
    { action: 'save', type: 'Sakspart', id: 'part', fields: { sakspartNavn: 'Alice', sakspartRolle: 'internal' } },
    { action: 'link', type: 'Saksmappe', id: env.structure.saksmappe, ref: 'refSakspart', linkToId: ['part'] },
  ]);
  assert.equal(r.status, 200, r.text);
  const klasse = await env.sandbox.query(env.token, { type: 'Klasse', query: 'refKlassifikasjonssystem.id = @ks', parameters: { '@ks': r.json.saved.ksSkole.id } });
  assert.deepEqual(klasse.json.results.map((k: { id: string }) => k.id), [r.json.saved.klasseSkole.id]);
  const part = await env.sandbox.query(env.token, { type: 'Sakspart', query: 'refMappe.id = @m', parameters: { '@m': env.structure.saksmappe } });
  assert.deepEqual(part.json.results.map((p: { id: string }) => p.id), [r.json.saved.part.id]);
});

test('transaction: a Moetemappe with its series only (the vendor meeting sample) is created; a Journalpost without a party is not', async () => {
  const meeting = await env.sandbox.transaction(env.token, [
    { action: 'save', type: 'Moetemappe', id: 'mm', fields: { tittel: 'Moetemappe Tittel', moetenummer: 'Moetenummer', utvalg: 'Utvalg' } },
    { action: 'link', type: 'Moetemappe', id: 'mm', ref: 'refArkivdel', linkToId: [env.structure.arkivdel] },
    { action: 'save', type: 'Moetedeltaker', id: 'md', fields: { navn: 'Moetedeltaker Navn' } },
    { action: 'link', type: 'Moetedeltaker', id: 'md', ref: 'refMappe', linkToId: ['mm'] },
  ]);
  assert.equal(meeting.status, 200, meeting.text);
  const noParty = await env.sandbox.transaction(env.token, [
    { action: 'save', type: 'Journalpost', id: 'jp', fields: { tittel: 'Uten part', journalposttype: 'I' } },
    { action: 'link', type: 'Journalpost', id: 'jp', ref: 'refMappe', linkToId: env.structure.saksmappe },
  ]);
  assert.equal(noParty.status, 400, noParty.text);
  assert.match(noParty.json.description, /Korrespondansepart/);
});
