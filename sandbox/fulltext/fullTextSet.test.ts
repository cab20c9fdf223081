/**
 * `POST /full-text/set` over real HTTP: the text set for a Dokumentversjon is what a `Tekst` search
 * finds (at once, and after later index runs), replacing the text read from its file; unknown ids
 * are 404, other types and bad bodies 400.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useTestSandbox } from '../../test/http/sandboxHarness';
import { fullTextIndexer, fullTextModule } from './fullTextModule';

describe('full-text/set', () => {
  const env = useTestSandbox({ modules: [fullTextModule], fullTextIndexIntervalSeconds: 0 }, { structure: true });
  const ids: Record<string, string> = {};

  env.before(async () => {
    const upload = await fetch(`${env.sandbox.sandbox.apiUrl}/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${env.token}`, 'Content-Type': 'application/octet-stream', 'Content-Disposition': 'attachment; filename="skann.bin"' },
      body: Buffer.from([0x00, 0x01, 0x02, 0xff]),
    });
    assert.equal(upload.status, 200);
    const fileId = ((await upload.json()) as { id: string }).id;
    const r = await env.sandbox.transaction(env.token, [
      { action: 'save', type: 'Dokument', id: 'dok', fields: { tittel: 'Innskannet brev' } },
      { action: 'link', type: 'Dokument', id: 'dok', ref: 'refRegistrering', linkToId: env.structure.journalpost },
      { action: 'save', type: 'Dokumentversjon', id: 'ver', fields: { referanseDokumentfil: fileId, variantformat: 'A' } },
      { action: 'link', type: 'Dokumentversjon', id: 'ver', ref: 'refDokument', linkToId: 'dok' },
    ]);
    assert.equal(r.status, 200, r.text);
    ids.version = r.json.saved.ver.id;
    ids.dokument = r.json.saved.dok.id;
  });

  const search = async (query: string) => {
    const r = await env.sandbox.post('/full-text/search', { doctype: 'Tekst', query }, { token: env.token });
    assert.equal(r.status, 200, r.text);
    return r.json as { total: number; results: { ids: Record<string, string[]>; highlights: Record<string, string[]> }[] };
  };

  it('sets the text a Tekst search finds, at once and after later index runs [endpoint POST /full-text/set]', async () => {
    assert.equal((await search('kommunestyret')).total, 0);
    const set = await env.sandbox.post('/full-text/set', { dokumentversjonId: ids.version, tekst: 'Vedtak i kommunestyret om ny barnehage.' }, { token: env.token });
    assert.equal(set.status, 200, set.text);
    assert.deepEqual(set.json, {});
    const found = await search('kommunestyret');
    assert.equal(found.total, 1);
    assert.deepEqual(found.results[0].ids['Dokumentversjon.id'], [ids.version]);
    assert.match(found.results[0].highlights.Tekst[0], /\|=hlstart=\|kommunestyret\|=hlstop=\|/);

    // The change log's own run keeps the set text rather than reading the file again.
    await fullTextIndexer(env.sandbox.sandbox.services)?.runOnce();
    assert.equal((await search('kommunestyret')).total, 1);

    // Setting again replaces the text; a number id is accepted as well.
    const again = await env.sandbox.post('/full-text/set', { dokumentversjonId: Number(ids.version), tekst: 'Klage på reguleringsplan.' }, { token: env.token });
    assert.equal(again.status, 200, again.text);
    assert.equal((await search('kommunestyret')).total, 0);
    assert.equal((await search('reguleringsplan')).total, 1);

    // Without tekst (or with null) the text is set to null: nothing is found by it any more.
    const cleared = await env.sandbox.post('/full-text/set', { dokumentversjonId: ids.version }, { token: env.token });
    assert.equal(cleared.status, 200, cleared.text);
    assert.equal((await search('reguleringsplan')).total, 0);
    await env.sandbox.post('/full-text/set', { dokumentversjonId: ids.version, tekst: 'Klage på reguleringsplan.' }, { token: env.token });
    assert.equal((await search('reguleringsplan')).total, 1);
    const nulled = await env.sandbox.post('/full-text/set', { dokumentversjonId: ids.version, tekst: null }, { token: env.token });
    assert.equal(nulled.status, 200, nulled.text);
    assert.equal((await search('reguleringsplan')).total, 0);
  });

  it('answers 404 for an unknown id and 400 for another type or a bad body', async () => {
    const unknown = await env.sandbox.post('/full-text/set', { dokumentversjonId: '987654321', tekst: 'x' }, { token: env.token });
    assert.equal(unknown.status, 404, unknown.text);
    assert.match(unknown.json.description, /987654321/);
    const other = await env.sandbox.post('/full-text/set', { dokumentversjonId: ids.dokument, tekst: 'x' }, { token: env.token });
    assert.equal(other.status, 400);
    assert.match(other.json.description, /is a Dokument: full-text\/set takes the id of a Dokumentversjon/);
    const notText = await env.sandbox.post('/full-text/set', { dokumentversjonId: ids.version, tekst: 42 }, { token: env.token });
    assert.equal(notText.status, 400);
    assert.match(notText.json.description, /`\$\.tekst`: tekst is a string, or null/);
    const extra = await env.sandbox.post('/full-text/set', { dokumentversjonId: ids.version, tekst: 'x', text: 'y' }, { token: env.token });
    assert.equal(extra.status, 400);
    assert.match(extra.json.description, /"text"/);
    const unauthenticated = await env.sandbox.post('/full-text/set', { dokumentversjonId: ids.version, tekst: 'x' });
    assert.equal(unauthenticated.status, 401);
  });
});
