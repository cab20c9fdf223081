import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { extractPdfText } from '../../sandbox/fulltext/fileText';
import { checkAnswerContract } from './contractCheck';
import { useTestSandbox } from './sandboxHarness';

const maxUploadBytes = 256 * 1024;
const env = useTestSandbox({ maxUploadBytes, unlinkedFileLifetimeSeconds: 600 }, { structure: true });

async function upload(body: Buffer | ReadableStream<Uint8Array>, disposition: string | undefined, as = env.token) {
  const headers: Record<string, string> = { Authorization: `Bearer ${as}`, 'Content-Type': 'application/octet-stream', 'X-Service-Error-Response-Type': 'application/json' };
  if (disposition !== undefined) headers['Content-Disposition'] = disposition;
  const init: RequestInit & { duplex?: 'half' } = { method: 'POST', headers, body };
  if (body instanceof ReadableStream) init.duplex = 'half';
  const response = await fetch(`${env.sandbox.sandbox.apiUrl}/upload`, init);
  const text = await response.text();
  const json = text.startsWith('{') ? JSON.parse(text) : undefined;
  checkAnswerContract('POST', '/upload', response.status, json);
  return { status: response.status, json, text };
}

async function download(id: string, as = env.token) {
  const response = await fetch(`${env.sandbox.sandbox.apiUrl}/download?id=${id}`, { headers: { Authorization: `Bearer ${as}` } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

function versionActions(key: string, fileId: string, dokument: string | { entry: string }) {
  const doc = typeof dokument === 'string' ? dokument : `${key}-doc`;
  return [
    ...(typeof dokument === 'string'
      ? []
      : [
          { action: 'save', type: 'Dokument', id: doc, fields: { tittel: `Dokument ${key}` } },
          { action: 'link', type: 'Dokument', id: doc, ref: 'refRegistrering', linkToId: dokument.entry },
        ]),
    { action: 'save', type: 'Dokumentversjon', id: key, fields: { referanseDokumentfil: fileId, variantformat: 'A' } },
    { action: 'link', type: 'Dokumentversjon', id: key, ref: 'refDokument', linkToId: doc },
  ];
}

test('upload, link to a Dokumentversjon, download: service fields and headers [endpoint POST /upload] [endpoint GET /download] [upload rule filename*, download headers]', async () => {
  const content = Buffer.from('%PDF-1.7\nhello archive\n');
  const up = await upload(content, "attachment; filename*=UTF-8''S%C3%B8knad%20om%20l%C3%B8yve.pdf");
  assert.equal(up.status, 200, up.text);
  assert.match(up.json.id, /^\d+$/);
  const linked = await env.sandbox.transaction(env.token, versionActions('v1', up.json.id, { entry: env.structure.journalpost }));
  assert.equal(linked.status, 200, linked.text);
  const v = linked.json.saved.v1;
  assert.equal(v.fields.filnavn, 'Søknad om løyve.pdf');
  assert.equal(v.fields.sjekksum, createHash('sha256').update(content).digest('hex'));
  assert.equal(v.fields.sjekksumAlgoritme, 'SHA-256');
  assert.equal(v.fields.filstoerrelse, content.length);
  assert.equal(v.fields.innholdstype, 'application/pdf');
  assert.equal(v.fields.format, 'application/pdf');
  assert.equal(v.fields.versjonsnummer, 1);
  assert.equal(v.fields.referanseDokumentfil, up.json.id);
  assert.notEqual(v.id, up.json.id);

  // Once linked, any account may download; the download is logged.
  const other = await env.sandbox.token('ordinary');
  const down = await download(up.json.id, other);
  assert.equal(down.status, 200);
  assert.deepEqual(down.bytes, content);
  assert.equal(down.headers.get('content-type'), 'application/pdf');
  assert.equal(down.headers.get('content-length'), String(content.length));
  assert.match(down.headers.get('content-disposition') ?? '', /filename\*=UTF-8''S%C3%B8knad%20om%20l%C3%B8yve\.pdf/);
  const { rows } = await env.sandbox.sandbox.services.db.query<{ user_name: string; dokumentversjon_uuid: string }>('SELECT user_name, dokumentversjon_uuid FROM download_log WHERE file_id = $1', [Number(up.json.id)]);
  assert.deepEqual(rows, [{ user_name: 'noarkq-demo-2', dokumentversjon_uuid: v.fields.uuid }]);

  // A second version of the same Dokument gets the next number.
  const up2 = await upload(Buffer.from('second'), 'attachment; filename="v2.txt"');
  const second = await env.sandbox.transaction(env.token, versionActions('v2', up2.json.id, linked.json.saved['v1-doc'].id));
  assert.equal(second.status, 200, second.text);
  assert.equal(second.json.saved.v2.fields.versjonsnummer, 2);
  assert.equal(second.json.saved.v2.fields.innholdstype, 'text/plain');
});

test('plain filename works; a missing or broken name is 400 [upload rule filename, name required]', async () => {
  const plain = await upload(Buffer.from('abc'), 'attachment; filename="notes.txt"');
  assert.equal(plain.status, 200, plain.text);
  const down = await download(plain.json.id);
  assert.match(down.headers.get('content-disposition') ?? '', /^attachment; filename="notes\.txt"/);
  const missing = await upload(Buffer.from('abc'), undefined);
  assert.equal(missing.status, 400);
  assert.match(missing.json.description, /file name/);
  const broken = await upload(Buffer.from('abc'), "attachment; filename*=UTF-8''%ZZ.txt");
  assert.equal(broken.status, 400);
  assert.match(broken.json.description, /RFC 5987/);
});

test('before linking only the uploader can download; linking by another account is 500 and rolls back [upload rule another account] [auth rule 2] [error rule 2, 3]', async () => {
  const up = await upload(Buffer.from('private'), 'attachment; filename="p.txt"');
  const other = await env.sandbox.token('ordinary');
  assert.equal((await download(up.json.id, other)).status, 403);
  assert.equal((await download(up.json.id)).status, 200);
  const docsBefore = (await env.sandbox.query(env.token, { type: 'Dokument', limit: 500 })).json.results.length;
  const r = await env.sandbox.transaction(other, versionActions('x', up.json.id, { entry: env.structure.journalpost }));
  assert.equal(r.status, 500);
  assert.match(r.json.description, /actions\[2\].*another account/);
  assert.equal((await env.sandbox.query(env.token, { type: 'Dokument', limit: 500 })).json.results.length, docsBefore);
  // The uploader can still link it.
  const mine = await env.sandbox.transaction(env.token, versionActions('y', up.json.id, { entry: env.structure.journalpost }));
  assert.equal(mine.status, 200, mine.text);
});

test('an unlinked file expires after its lifetime [upload rule expiry]', async () => {
  const up = await upload(Buffer.from('soon gone'), 'attachment; filename="gone.txt"');
  env.sandbox.clock.advance(599);
  assert.equal((await download(up.json.id)).status, 200);
  env.sandbox.clock.advance(1);
  assert.equal((await download(up.json.id)).status, 404);
  const r = await env.sandbox.transaction(env.token, versionActions('late', up.json.id, { entry: env.structure.journalpost }));
  assert.equal(r.status, 400);
  assert.match(r.json.description, /expired/);
  assert.ok((await env.sandbox.sandbox.services.files.sweep()) >= 1);
  const { rows } = await env.sandbox.sandbox.services.db.query('SELECT id FROM uploaded_file WHERE id = $1', [Number(up.json.id)]);
  assert.deepEqual(rows, []);
});

test('uploads stream in chunks; a file over the limit is 413 and nothing is kept', async () => {
  const chunk = Buffer.alloc(64 * 1024, 7);
  const streamOf = (n: number) =>
    new ReadableStream<Uint8Array>({
      pull(controller) {
        if (n-- > 0) controller.enqueue(chunk);
        else controller.close();
      },
    });
  const ok = await upload(streamOf(3), 'attachment; filename="big.bin"');
  assert.equal(ok.status, 200, ok.text);
  const down = await download(ok.json.id);
  assert.equal(down.bytes.length, 3 * chunk.length);
  const tooBig = await upload(streamOf(5), 'attachment; filename="huge.bin"');
  assert.equal(tooBig.status, 413);
  const { rows } = await env.sandbox.sandbox.services.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM uploaded_file WHERE file_name = 'huge.bin'`);
  assert.equal(rows[0].n, 0);
  const declared = await upload(Buffer.alloc(maxUploadBytes + 1), 'attachment; filename="declared.bin"');
  assert.equal(declared.status, 413);
});

test('download type=lightpdf: a PDF is its own light PDF, a text file is set as a PDF, other files have none (404); type=original is the file [download rule type]', async () => {
  const text = 'Søknad om løyve\n\nVi søkjer om løyve til å byggje ein garasje på eigedomen (gnr. 12, bnr. 4).\n';
  const files = {
    text: await upload(Buffer.from(text, 'utf8'), "attachment; filename*=utf-8''s%C3%B8knad.txt"),
    pdf: await upload(Buffer.from('%PDF-1.4\n%%EOF\n'), 'attachment; filename="vedtak.pdf"'),
    image: await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), 'attachment; filename="kart.png"'),
  };
  for (const f of Object.values(files)) assert.equal(f.status, 200, f.text);
  const get = async (id: string, type: string) => {
    const response = await fetch(`${env.sandbox.sandbox.apiUrl}/download?id=${id}&type=${type}`, { headers: { Authorization: `Bearer ${env.token}`, 'X-Documaster-Error-Response-Type': 'application/json' } });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  };
  const asPdf = await get(files.text.json.id, 'lightpdf');
  assert.equal(asPdf.status, 200);
  assert.equal(asPdf.headers.get('content-type'), 'application/pdf');
  assert.match(asPdf.headers.get('content-disposition') ?? '', /filename\*=UTF-8''s%C3%B8knad\.pdf/);
  assert.equal(asPdf.bytes.subarray(0, 5).toString('latin1'), '%PDF-');
  assert.equal(Number(asPdf.headers.get('content-length')), asPdf.bytes.length);
  // The PDF shows the text's lines (read back the way the full-text index reads PDFs).
  assert.deepEqual(extractPdfText(asPdf.bytes).split('\n').filter((l) => l !== ''), text.split('\n').filter((l) => l !== ''));
  const original = await get(files.text.json.id, 'original');
  assert.equal(original.bytes.toString('utf8'), text);
  const pdf = await get(files.pdf.json.id, 'lightpdf');
  assert.equal(pdf.status, 200);
  assert.equal(pdf.bytes.toString('latin1'), '%PDF-1.4\n%%EOF\n');
  const image = await get(files.image.json.id, 'lightpdf');
  assert.equal(image.status, 404);
  assert.match(JSON.parse(image.bytes.toString('utf8')).description, /no light PDF of file \d+ \(image\/png\).*type=original/);
});
