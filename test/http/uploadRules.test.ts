/**
 * The upload's Content-Disposition rules over real HTTP: the two forms the spec writes
 * (`filename=<ascii_name>` unquoted, `filename*=<charset>''<url_encoded_name>`), which one wins
 * when both come, the required name, and the name as it comes back: in the Dokumentversjon's
 * `filnavn` and in the download's headers.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useTestSandbox } from './sandboxHarness';

const env = useTestSandbox({}, { structure: true });

async function upload(content: Buffer, disposition: string | undefined) {
  const headers: Record<string, string> = { Authorization: `Bearer ${env.token}`, 'Content-Type': 'application/octet-stream', 'X-Service-Error-Response-Type': 'application/json' };
  if (disposition !== undefined) headers['Content-Disposition'] = disposition;
  const response = await fetch(`${env.sandbox.sandbox.apiUrl}/upload`, { method: 'POST', headers, body: content });
  const text = await response.text();
  return { status: response.status, json: JSON.parse(text) };
}

async function download(id: string) {
  const response = await fetch(`${env.sandbox.sandbox.apiUrl}/download?id=${id}`, { headers: { Authorization: `Bearer ${env.token}` } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Links the file to a new Dokumentversjon and returns the version's fields. */
async function linkVersion(key: string, fileId: string): Promise<Record<string, unknown>> {
  const r = await env.sandbox.transaction(env.token, [
    { action: 'save', type: 'Dokument', id: `${key}-doc`, fields: { tittel: key } },
    { action: 'link', type: 'Dokument', id: `${key}-doc`, ref: 'refRegistrering', linkToId: env.structure.journalpost },
    { action: 'save', type: 'Dokumentversjon', id: key, fields: { referanseDokumentfil: fileId, variantformat: 'A' } },
    { action: 'link', type: 'Dokumentversjon', id: key, ref: 'refDokument', linkToId: `${key}-doc` },
  ]);
  assert.equal(r.status, 200, JSON.stringify(r.json));
  return r.json.saved[key].fields;
}

test('the unquoted `filename=<ascii_name>` form names the file; the download gives it back with type and length [upload rule filename, download headers]', async () => {
  const content = Buffer.from('%PDF-1.4 rapport');
  const up = await upload(content, 'attachment; filename=rapport-2024.pdf');
  assert.equal(up.status, 200, JSON.stringify(up.json));
  assert.match(up.json.id, /^\d+$/);
  const fields = await linkVersion('v-ascii', up.json.id);
  assert.equal(fields.filnavn, 'rapport-2024.pdf');
  assert.equal(fields.innholdstype, 'application/pdf');
  const down = await download(up.json.id);
  assert.equal(down.status, 200);
  assert.deepEqual(down.bytes, content);
  assert.equal(down.headers.get('content-type'), 'application/pdf');
  assert.equal(down.headers.get('content-length'), String(content.length));
  assert.equal(down.headers.get('content-disposition'), `attachment; filename="rapport-2024.pdf"; filename*=UTF-8''rapport-2024.pdf`);
});

test('`filename*` takes a charset in any case and wins over `filename`; the download keeps an ASCII fallback [upload rule filename*, download headers]', async () => {
  const both = await upload(Buffer.from('notat'), `attachment; filename="notat.txt"; filename*=utf-8''M%C3%B8tenotat%20%C3%A6%C3%B8%C3%A5.txt`);
  assert.equal(both.status, 200, JSON.stringify(both.json));
  const fields = await linkVersion('v-ext', both.json.id);
  assert.equal(fields.filnavn, 'Møtenotat æøå.txt');
  const down = await download(both.json.id);
  assert.equal(down.headers.get('content-type'), 'text/plain');
  const disposition = down.headers.get('content-disposition') ?? '';
  assert.match(disposition, /^attachment; filename="[\x20-\x7e]+"; /, 'the plain filename stays ASCII for old clients');
  assert.equal(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? ''), 'Møtenotat æøå.txt');
  const latin = await upload(Buffer.from('x'), "attachment; filename*=ISO-8859-1''%E6%F8%E5.txt");
  assert.equal(latin.status, 200, JSON.stringify(latin.json));
  assert.equal((await linkVersion('v-latin', latin.json.id)).filnavn, 'æøå.txt');
});

test('the name is required: no header, no name parameter, or an empty name is 400 and nothing is stored [upload rule name required]', async () => {
  const stored = async () => (await env.sandbox.sandbox.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM uploaded_file')).rows[0].n;
  const before = await stored();
  for (const disposition of [undefined, 'attachment', 'attachment; name=a.txt', 'attachment; filename=', 'attachment; filename=""', "attachment; filename*=UTF-8''"]) {
    const r = await upload(Buffer.from('nameless'), disposition);
    assert.equal(r.status, 400, `${disposition}: ${JSON.stringify(r.json)}`);
    assert.match(r.json.description, /file name/, String(disposition));
    assert.match(r.json.description, /Content-Disposition: attachment; filename=/, 'the message shows the header to send');
  }
  assert.equal(await stored(), before);
});
