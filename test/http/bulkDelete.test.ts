/**
 * `POST /bulk/delete` over real HTTP: the vendor's endpoint (since 3.7.0) that the spec does not
 * show and the vendor notes list (§1.5 "bulk"), as the vendor's web-services doc describes it and
 * its Java client sends it (client/bulk/delete/DeleteRequest.java).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sendApi, useTestSandbox, waitFor } from './sandboxHarness';

const env = useTestSandbox({}, { structure: true });

/** A case file with two entries (each with its party), a Dokument and a Dokumentversjon on the first. */
async function caseFile(label: string): Promise<{ sak: string; jp1: string; jp2: string; doc: string; version: string; file: string }> {
  const up = await fetch(`${env.sandbox.sandbox.apiUrl}/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${env.token}`, 'Content-Type': 'application/octet-stream', 'Content-Disposition': `attachment; filename="${label}.txt"` },
    body: Buffer.from(`Brev ${label}`),
  });
  const file = ((await up.json()) as { id: string }).id;
  const r = await env.sandbox.transaction(env.token, [
    { action: 'save', type: 'Saksmappe', id: 'sak', fields: { tittel: `Sak ${label}` } },
    { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refArkivdel', linkToId: env.structure.arkivdel },
    { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refPrimaerKlasse', linkToId: env.structure.klasser[0] },
    ...['jp1', 'jp2'].flatMap((jp) => [
      { action: 'save', type: 'Journalpost', id: jp, fields: { tittel: `${label} ${jp}`, journalposttype: 'I' } },
      { action: 'link', type: 'Journalpost', id: jp, ref: 'refMappe', linkToId: 'sak' },
      { action: 'save', type: 'Korrespondansepart', id: `kp-${jp}`, fields: { korrespondansepartNavn: 'Kari' } },
      { action: 'link', type: 'Korrespondansepart', id: `kp-${jp}`, ref: 'refRegistrering', linkToId: jp },
    ]),
    { action: 'save', type: 'Dokument', id: 'doc', fields: { tittel: 'Brev' } },
    { action: 'link', type: 'Dokument', id: 'doc', ref: 'refRegistrering', linkToId: 'jp1' },
    { action: 'save', type: 'Dokumentversjon', id: 'ver', fields: { referanseDokumentfil: file, variantformat: 'A' } },
    { action: 'link', type: 'Dokumentversjon', id: 'ver', ref: 'refDokument', linkToId: 'doc' },
  ]);
  assert.equal(r.status, 200, r.text);
  const s = r.json.saved;
  return { sak: s.sak.id, jp1: s.jp1.id, jp2: s.jp2.id, doc: s.doc.id, version: s.ver.id, file };
}

async function exists(type: string, id: string): Promise<boolean> {
  const r = await env.sandbox.query(env.token, { type, query: 'id = @id', parameters: { '@id': id }, publicUse: false });
  assert.equal(r.status, 200, r.text);
  return r.json.results.length === 1;
}

const bulkDelete = (body: unknown, token = env.token) => sendApi(env.sandbox, token, 'POST', '/bulk/delete', body);

test('bulk/delete: 202 with no body, then the entity and everything inside it are gone; their change log stays [vendor endpoint POST /bulk/delete]', async () => {
  const c = await caseFile('a');
  const r = await bulkDelete({ type: 'Saksmappe', id: c.sak, version: '1', deleteObjectsLinkedToPrecedents: false });
  assert.equal(r.status, 202, r.text);
  assert.equal(r.text, '');
  await waitFor(async () => !(await exists('Saksmappe', c.sak)));
  for (const [type, id] of [['Journalpost', c.jp1], ['Journalpost', c.jp2], ['Dokument', c.doc], ['Dokumentversjon', c.version]]) assert.equal(await exists(type, id), false, `${type} ${id}`);
  // The series and the class it was filed under stay.
  assert.equal(await exists('Arkivdel', env.structure.arkivdel), true);
  const log = await sendApi(env.sandbox, env.token, 'POST', '/logs/change-log', { id: c.sak, limit: 100 });
  assert.equal(log.status, 200, log.text);
  const deletes = log.json.results.filter((e: { revisionType: string }) => e.revisionType === 'DELETE').map((e: { type: string }) => e.type);
  assert.ok(deletes.includes('Saksmappe'), JSON.stringify(deletes));
});

test('bulk/delete: a version older than the entity is 409 and deletes nothing; a number version is taken as well [vendor: 409 on a version mismatch]', async () => {
  const c = await caseFile('b');
  const rename = await env.sandbox.transaction(env.token, [{ action: 'save', type: 'Saksmappe', id: c.sak, version: '1', fields: { tittel: 'Renamed' } }]);
  assert.equal(rename.status, 200, rename.text);
  const stale = await bulkDelete({ type: 'Saksmappe', id: c.sak, version: '1' });
  assert.equal(stale.status, 409, stale.text);
  assert.match(stale.json.description, /version 2, not 1/);
  assert.equal(await exists('Saksmappe', c.sak), true);
  const current = await bulkDelete({ type: 'AbstraktMappe', id: Number(c.sak), version: 2 });
  assert.equal(current.status, 202, current.text);
  await waitFor(async () => !(await exists('Saksmappe', c.sak)));
});

test('bulk/delete: deleteObjectsLinkedToPrecedents false keeps an entry linked to a precedent and the folder holding it; true deletes it too', async () => {
  const code = await sendApi(env.sandbox, env.token, 'PUT', '/code-lists/rettskildefaktor/L', { name: 'Lov' });
  assert.equal(code.status, 200, code.text);
  const c = await caseFile('c');
  const p = await env.sandbox.transaction(env.token, [
    { action: 'save', type: 'Presedens', id: 'p', fields: { tittel: 'Presedens', presedensDato: '2024-08-19', rettskildefaktor: 'L' } },
    { action: 'link', type: 'Journalpost', id: c.jp2, ref: 'refPresedens', linkToId: 'p' },
  ]);
  assert.equal(p.status, 200, p.text);
  const ignoring = await bulkDelete({ type: 'Saksmappe', id: c.sak });
  assert.equal(ignoring.status, 202, ignoring.text);
  await waitFor(async () => !(await exists('Journalpost', c.jp1)));
  assert.equal(await exists('Dokument', c.doc), false);
  assert.equal(await exists('Journalpost', c.jp2), true, 'the entry linked to the precedent stays');
  assert.equal(await exists('Saksmappe', c.sak), true, 'and so does the folder that holds it');
  const all = await bulkDelete({ type: 'Saksmappe', id: c.sak, deleteObjectsLinkedToPrecedents: true });
  assert.equal(all.status, 202, all.text);
  await waitFor(async () => !(await exists('Saksmappe', c.sak)));
  assert.equal(await exists('Journalpost', c.jp2), false);
  assert.equal(await exists('Presedens', p.json.saved.p.id), true, 'the precedent itself is not inside the folder');
});

test('bulk/delete refuses what it cannot do, naming the problem: an undocumented key, a type it does not take, an unknown id, another type, an account without delete rights', async () => {
  const c = await caseFile('d');
  const cases: [unknown, number, RegExp, string?][] = [
    [{ type: 'Saksmappe', id: c.sak, recursive: true }, 400, /Unrecognized key: "recursive"/],
    [{ type: 'Saksmappe', id: c.sak, deleteObjectsLinkedToPrecedents: 'yes' }, 400, /deleteObjectsLinkedToPrecedents is true or false/],
    [{ type: 'Dokument', id: c.doc }, 400, /bulk\/delete takes `type` Arkiv, Arkivdel, AbstraktMappe, .*not "Dokument"/],
    [{ type: 'Saksmappe', id: '987654321' }, 404, /No entity has id 987654321/],
    [{ type: 'Journalpost', id: c.sak }, 400, /is a Saksmappe, not a Journalpost/],
    [{ type: 'Saksmappe', id: c.sak }, 403, /needs the special permission to delete/, 'ordinary'],
  ];
  for (const [body, status, says, account] of cases) {
    const token = account ? await env.sandbox.token('ordinary') : env.token;
    const r = await bulkDelete(body, token);
    assert.equal(r.status, status, `${JSON.stringify(body)}: ${r.text}`);
    assert.match(r.json.description, says);
  }
  assert.equal(await exists('Saksmappe', c.sak), true);
});
