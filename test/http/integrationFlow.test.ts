import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useTestSandbox } from './sandboxHarness';

const env = useTestSandbox({}, { structure: true });
env.before(async () => {
  const ext = await env.sandbox.transaction(env.token, [
    { action: 'save', type: 'EksternId', id: 'ext', fields: { eksterntSystem: 'Fagsystem', eksternID: 'SAK-77' } },
    { action: 'link', type: 'EksternId', id: 'ext', ref: 'refMappe', linkToId: env.structure.saksmappe },
  ]);
  assert.equal(ext.status, 200, ext.text);
});

test("the spec's typical integration flow, end to end over HTTP [flow step 1, 2, 3, 4, 5]", async () => {
  // 1. A token from the identity provider (the user's password grant this time).
  const tokenResponse = await fetch(env.sandbox.sandbox.tokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'demo', password: 'demo', scope: 'openid' }),
  });
  assert.equal(tokenResponse.status, 200);
  const token = ((await tokenResponse.json()) as { access_token: string }).access_token;

  // 2. Find the case file, by year and sequence number and by its external id.
  const folder = (await env.sandbox.query(token, { type: 'Saksmappe', query: 'id = @id', parameters: { '@id': env.structure.saksmappe } })).json.results[0];
  const byNumber = await env.sandbox.query(token, {
    type: 'Saksmappe',
    query: 'saksaar = @year && sakssekvensnummer = @seq',
    parameters: { '@year': folder.fields.saksaar, '@seq': folder.fields.sakssekvensnummer },
  });
  assert.equal(byNumber.json.results[0].id, env.structure.saksmappe);
  const byExternal = await env.sandbox.query(token, {
    type: 'Saksmappe',
    query: 'refEksternId.eksterntSystem = @sys && refEksternId.eksternID = @id',
    parameters: { '@sys': 'Fagsystem', '@id': 'SAK-77' },
  });
  assert.equal(byExternal.status, 200, byExternal.text);
  const caseFileId = byExternal.json.results[0].id;
  assert.equal(caseFileId, env.structure.saksmappe);

  // 3. Register the entry with its correspondence party.
  const entry = await env.sandbox.transaction(token, [
    { action: 'save', type: 'Journalpost', id: 'jp-1', fields: { tittel: 'Søknad', journalposttype: 'I', dokumentetsDato: '2024-08-18' } },
    { action: 'link', type: 'Journalpost', id: 'jp-1', ref: 'refMappe', linkToId: caseFileId },
    { action: 'save', type: 'Korrespondansepart', id: 'kp-1', fields: { korrespondansepartNavn: 'Ola Nordmann', korrespondanseparttype: 'EA' } },
    { action: 'link', type: 'Korrespondansepart', id: 'kp-1', ref: 'refRegistrering', linkToId: 'jp-1' },
  ]);
  assert.equal(entry.status, 200, entry.text);
  const journalpostId = entry.json.saved['jp-1'].id;
  assert.match(journalpostId, /^\d+$/);
  assert.equal(entry.json.saved['jp-1'].fields.opprettetAv, 'demo');

  // 4. Upload the file.
  const upload = await fetch(`${env.sandbox.sandbox.apiUrl}/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/octet-stream', 'Content-Disposition': "attachment; filename*=UTF-8''s%C3%B8knad.pdf", 'X-Service-Error-Response-Type': 'application/json' },
    body: Buffer.from('%PDF-1.4 søknad'),
  });
  assert.equal(upload.status, 200);
  const fileId = ((await upload.json()) as { id: string }).id;

  // 5. Document and version, linked to the entry and the file.
  const doc = await env.sandbox.transaction(token, [
    { action: 'save', type: 'Dokument', id: 'doc-1', fields: { tittel: 'Søknad', tilknyttetRegistreringSom: 'H' } },
    { action: 'link', type: 'Dokument', id: 'doc-1', ref: 'refRegistrering', linkToId: journalpostId },
    { action: 'save', type: 'Dokumentversjon', id: 'ver-1', fields: { referanseDokumentfil: fileId, variantformat: 'A' } },
    { action: 'link', type: 'Dokumentversjon', id: 'ver-1', ref: 'refDokument', linkToId: 'doc-1' },
  ]);
  assert.equal(doc.status, 200, doc.text);
  const versionId = doc.json.saved['ver-1'].id;
  assert.equal(doc.json.saved['ver-1'].links.refDokument, Number(doc.json.saved['doc-1'].id));

  // The structure reads back through a chain down from the entry, and the file downloads.
  const found = await env.sandbox.query(token, { type: 'AbstraktRegistrering', query: 'refDokument.refDokumentversjon.id = @v', parameters: { '@v': versionId } });
  assert.deepEqual(found.json.results.map((r: { id: string }) => r.id), [journalpostId]);
  const download = await fetch(`${env.sandbox.sandbox.apiUrl}/download?id=${fileId}`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(download.status, 200);
  assert.equal(Buffer.from(await download.arrayBuffer()).toString(), '%PDF-1.4 søknad');
});
