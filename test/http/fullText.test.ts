/**
 * `POST /full-text/search` over real HTTP: each collection (doctype) with its ids and highlight
 * keys as the recorded real responses show them (test/fixtures/wire has their shapes), paging and total, Norwegian stemming, and the
 * delay of interval indexing (not found before an index run, found after it).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fullTextIndexer, fullTextModule } from '../../sandbox/fulltext/fullTextModule';
import { demoPdf } from '../../sandbox/seed/demoFiles';
import { useTestSandbox, waitFor } from './sandboxHarness';

/** Our bodies with the recorded real responses' shapes (see the README there). */
const wire = join(__dirname, '..', 'fixtures', 'wire');
const hl = (word: string) => `|=hlstart=|${word}|=hlstop=|`;

describe('full-text search', () => {
  const ids: Record<string, string> = {};

  async function search(body: Record<string, unknown>) {
    const r = await env.sandbox.post('/full-text/search', body, { token: env.token });
    assert.equal(r.status, 200, r.text);
    return r.json;
  }

  async function reindex() {
    const indexer = fullTextIndexer(env.sandbox.sandbox.services);
    assert.ok(indexer, 'the full-text module registers an indexer');
    await indexer.runOnce();
  }

  async function upload(bytes: Buffer, name: string): Promise<string> {
    const r = await fetch(`${env.sandbox.sandbox.apiUrl}/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${env.token}`, 'Content-Type': 'application/octet-stream', 'Content-Disposition': `attachment; filename="${name}"` },
      body: bytes,
    });
    assert.equal(r.status, 200);
    return ((await r.json()) as { id: string }).id;
  }

  // Interval 0: indexing happens only when a test asks for it, so "not yet indexed" is certain.
  const env = useTestSandbox({ modules: [fullTextModule], fullTextIndexIntervalSeconds: 0 });
  env.before(async () => {
    const textFile = await upload(Buffer.from('Søknad om tillatelse til tiltak.\nVi søker om å bygge en garasje med carport på eiendommen.\n', 'utf8'), 'soknad.txt');
    const pdfFile = await upload(demoPdf(['Vedtak om skjenkebevilling', 'Restaurant Fjordlyset AS får skjenkebevilling for øl og vin.']), 'vedtak.pdf');
    const r = await env.sandbox.transaction(env.token, [
      { action: 'save', type: 'Arkiv', id: 'arkiv', fields: { tittel: 'Fulltekstarkiv' } },
      { action: 'save', type: 'Arkivskaper', id: 'skaper', fields: { arkivskaperIdent: 'FT', arkivskaperNavn: 'Fjordvik kommune' } },
      { action: 'link', type: 'Arkivskaper', id: 'skaper', ref: 'refArkiv', linkToId: 'arkiv' },
      { action: 'save', type: 'Arkivdel', id: 'del', fields: { tittel: 'Sakarkiv for kommunale tjenester' } },
      { action: 'link', type: 'Arkivdel', id: 'del', ref: 'refArkiv', linkToId: 'arkiv' },
      { action: 'save', type: 'Klassifikasjonssystem', id: 'sys', fields: { tittel: 'Arkivnøkkel' } },
      { action: 'save', type: 'Klasse', id: 'klasse', fields: { klasseIdent: '11', tittel: 'Byggesaker' } },
      { action: 'link', type: 'Klasse', id: 'klasse', ref: 'refKlassifikasjonssystem', linkToId: 'sys' },
      { action: 'save', type: 'Saksmappe', id: 'sak', fields: { tittel: 'Byggesak – Storgata 5 – garasje', saksansvarlig: 'Ola Nordmann' } },
      { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refArkivdel', linkToId: 'del' },
      { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refPrimaerKlasse', linkToId: 'klasse' },
      { action: 'save', type: 'Journalpost', id: 'jp', fields: { tittel: 'Søknad om tillatelse til tiltak', journalposttype: 'I' } },
      { action: 'link', type: 'Journalpost', id: 'jp', ref: 'refMappe', linkToId: 'sak' },
      { action: 'save', type: 'Korrespondansepart', id: 'kp', fields: { korrespondansepartNavn: 'Kari Nordmann', korrespondanseparttype: 'EA', poststed: 'Fjordvik' } },
      { action: 'link', type: 'Korrespondansepart', id: 'kp', ref: 'refRegistrering', linkToId: 'jp' },
      { action: 'save', type: 'Dokument', id: 'dok', fields: { tittel: 'Søknad', tilknyttetRegistreringSom: 'H' } },
      { action: 'link', type: 'Dokument', id: 'dok', ref: 'refRegistrering', linkToId: 'jp' },
      { action: 'save', type: 'Dokumentversjon', id: 'ver', fields: { referanseDokumentfil: textFile, variantformat: 'P' } },
      { action: 'link', type: 'Dokumentversjon', id: 'ver', ref: 'refDokument', linkToId: 'dok' },
      { action: 'save', type: 'Dokument', id: 'dok2', fields: { tittel: 'Vedtak', tilknyttetRegistreringSom: 'V' } },
      { action: 'link', type: 'Dokument', id: 'dok2', ref: 'refRegistrering', linkToId: 'jp' },
      { action: 'save', type: 'Dokumentversjon', id: 'ver2', fields: { referanseDokumentfil: pdfFile, variantformat: 'A' } },
      { action: 'link', type: 'Dokumentversjon', id: 'ver2', ref: 'refDokument', linkToId: 'dok2' },
    ]);
    assert.equal(r.status, 200, r.text);
    for (const [key, value] of Object.entries(r.json.saved as Record<string, { id: string }>)) ids[key] = value.id;
  });


  it('runs on PGlite with the norwegian text search configuration', async () => {
    const { rows } = await env.sandbox.sandbox.services.db.query<{ cfgname: string }>(`SELECT cfgname FROM pg_ts_config WHERE cfgname = 'norwegian'`);
    assert.deepEqual(rows, [{ cfgname: 'norwegian' }]);
  });

  it('finds nothing before the index run and the new entities after it', async () => {
    const before = await search({ query: 'garasje' });
    assert.deepEqual(before, { results: [], facets: [], total: 0 });
    await reindex();
    const found = await search({ query: 'garasje' });
    // Both document versions of the entry: one file says garasje, and so does the case file's title.
    assert.equal(found.total, 2);
  });

  it('Tekst: one result per document version, ids of everything above it keyed like the real archive, file text highlighted', async () => {
    const body = await search({ doctype: 'Tekst', query: 'garasje' });
    // The version whose file holds the word ranks first.
    const real = JSON.parse(readFileSync(join(wire, 'full-text-response-tekst.json'), 'utf8'));
    assert.deepEqual(Object.keys(body).sort(), Object.keys(real).sort());
    assert.deepEqual(Object.keys(body.results[0]).sort(), Object.keys(real.results[0]).sort());
    assert.deepEqual(Object.keys(body.results[0].ids).sort(), Object.keys(real.results[0].ids).sort());
    assert.deepEqual(body.results[0].ids, {
      'AbstraktRegistrering.id': [ids.jp],
      'Arkivdel.id': [ids.del],
      'Dokumentversjon.id': [ids.ver],
      'Klasse.id': [ids.klasse],
      'Korrespondansepart.id': [ids.kp],
      'Dokument.id': [ids.dok],
      'AbstraktMappe.id': [ids.sak],
    });
    const tekst: string[] = body.results[0].highlights.Tekst;
    assert.ok(tekst.some((s) => s.includes(`en ${hl('garasje')} med carport`)), JSON.stringify(tekst));
    assert.ok(body.results[0].highlights['AbstraktMappe.tittel'][0].includes(hl('garasje')));
  });

  it('Tekst: reads the text of PDFs (string operands of Tj) and stems Norwegian words', async () => {
    const body = await search({ query: 'skjenkebevillinger' });
    assert.equal(body.total, 1);
    assert.deepEqual(body.results[0].ids['Dokumentversjon.id'], [ids.ver2]);
    assert.ok(body.results[0].highlights.Tekst.some((s: string) => s.includes(hl('skjenkebevilling'))), JSON.stringify(body.results[0].highlights));
  });

  it('Mappe: "byggesaker" finds the case file titled "Byggesak"', async () => {
    const body = await search({ doctype: 'Mappe', query: 'byggesaker' });
    assert.equal(body.total, 1);
    assert.deepEqual(body.results[0].ids, { 'AbstraktMappe.id': [ids.sak], 'Arkivdel.id': [ids.del], 'Klasse.id': [ids.klasse] });
    assert.deepEqual(body.results[0].highlights, { 'AbstraktMappe.tittel': [`${hl('Byggesak')} – Storgata 5 – garasje`] });
  });

  it('Korrespondansepart: highlights the whole name with the markers, as the real archive', async () => {
    const body = await search({ doctype: 'Korrespondansepart', query: 'Kari' });
    assert.equal(body.total, 1);
    assert.deepEqual(body.results[0].ids['Korrespondansepart.id'], [ids.kp]);
    assert.deepEqual(body.results[0].ids['AbstraktRegistrering.id'], [ids.jp]);
    assert.deepEqual(body.results[0].highlights, { 'Korrespondansepart.korrespondansepartNavn': [`${hl('Kari')} Nordmann`] });
  });

  it('Registrering: searches the entry with its parties and folder', async () => {
    const body = await search({ doctype: 'Registrering', query: 'tiltak' });
    assert.equal(body.total, 1);
    assert.deepEqual(body.results[0].ids['AbstraktRegistrering.id'], [ids.jp]);
    assert.deepEqual(body.results[0].highlights['AbstraktRegistrering.tittel'], [`Søknad om tillatelse til ${hl('tiltak')}`]);
    const byName = await search({ doctype: 'Registrering', query: 'Nordmann' });
    assert.deepEqual(Object.keys(byName.results[0].highlights).sort(), ['AbstraktMappe.saksansvarlig', 'Korrespondansepart.korrespondansepartNavn']);
  });

  it('Arkivdel: searches series titles', async () => {
    const body = await search({ doctype: 'Arkivdel', query: 'kommunal tjeneste' });
    assert.equal(body.total, 1);
    assert.deepEqual(body.results[0].ids, { 'Arkivdel.id': [ids.del] });
    assert.deepEqual(body.results[0].highlights, { 'Arkivdel.tittel': [`Sakarkiv for ${hl('kommunale')} ${hl('tjenester')}`] });
  });

  it('pages with limit and offset (default 10 / 0) and counts every match in total', async () => {
    const actions: unknown[] = [];
    for (let i = 0; i < 12; i++) {
      actions.push(
        { action: 'save', type: 'Journalpost', id: `b${i}`, fields: { tittel: `Brannstasjon – innspill ${i}`, journalposttype: 'I' } },
        { action: 'link', type: 'Journalpost', id: `b${i}`, ref: 'refMappe', linkToId: ids.sak },
        { action: 'save', type: 'Korrespondansepart', id: `bk${i}`, fields: { korrespondansepartNavn: `Innbygger ${i}`, korrespondanseparttype: 'EA' } },
        { action: 'link', type: 'Korrespondansepart', id: `bk${i}`, ref: 'refRegistrering', linkToId: `b${i}` },
      );
    }
    const r = await env.sandbox.transaction(env.token, actions);
    assert.equal(r.status, 200, r.text);
    await reindex();
    const first = await search({ doctype: 'Registrering', query: 'brannstasjonen' });
    assert.equal(first.total, 12);
    assert.equal(first.results.length, 10);
    const second = await search({ doctype: 'Registrering', query: 'brannstasjonen', limit: 5, offset: 10 });
    assert.equal(second.total, 12);
    assert.equal(second.results.length, 2);
    const pages = [];
    for (let offset = 0; offset < 12; offset += 5) pages.push(...(await search({ doctype: 'Registrering', query: 'brannstasjonen', limit: 5, offset })).results);
    const seen = new Set(pages.map((p: { ids: Record<string, string[]> }) => p.ids['AbstraktRegistrering.id'][0]));
    assert.equal(seen.size, 12);
    const created = new Set(Object.keys(r.json.saved).filter((k) => k.startsWith('b') && !k.startsWith('bk')).map((k) => r.json.saved[k].id));
    assert.deepEqual(seen, created);
    assert.deepEqual(await search({ doctype: 'Registrering', query: 'brannstasjonen', offset: 40 }), { results: [], facets: [], total: 12 });
  });

  it('follows changes: a renamed case file reaches the entries below it, a new party its entry, only after an index run', async () => {
    const current = await env.sandbox.query(env.token, { type: 'Saksmappe', query: 'id = @id', parameters: { '@id': ids.sak } });
    const save = await env.sandbox.transaction(env.token, [
      { action: 'save', type: 'Saksmappe', id: ids.sak, version: current.json.results[0].version, fields: { tittel: 'Byggesak – Storgata 5 – carport' } },
      { action: 'save', type: 'Korrespondansepart', id: 'ny', fields: { korrespondansepartNavn: 'Per Hansen', korrespondanseparttype: 'EK' } },
      { action: 'link', type: 'Korrespondansepart', id: 'ny', ref: 'refRegistrering', linkToId: ids.jp },
    ]);
    assert.equal(save.status, 200, save.text);
    assert.equal((await search({ doctype: 'Mappe', query: 'carport' })).total, 0);
    await reindex();
    assert.equal((await search({ doctype: 'Mappe', query: 'carport' })).total, 1);
    const tekst = await search({ query: 'Hansen' });
    assert.equal(tekst.total, 2, 'both document versions of the entry name the new party');
    for (const result of tekst.results) assert.deepEqual([...result.ids['Korrespondansepart.id']].sort(), [ids.kp, save.json.saved.ny.id].sort());
  });

  it('follows moves, deletions and a renamed series: each reaches the entries that show it, and only after an index run', async () => {
    const made = await env.sandbox.transaction(env.token, [
      { action: 'save', type: 'Saksmappe', id: 'sak2', fields: { tittel: 'Byggesak – Fjellveien 9 – tilbygg' } },
      { action: 'link', type: 'Saksmappe', id: 'sak2', ref: 'refArkivdel', linkToId: ids.del },
      { action: 'link', type: 'Saksmappe', id: 'sak2', ref: 'refPrimaerKlasse', linkToId: ids.klasse },
      { action: 'save', type: 'Journalpost', id: 'jp2', fields: { tittel: 'Nabovarsel om tilbygg', journalposttype: 'I' } },
      { action: 'link', type: 'Journalpost', id: 'jp2', ref: 'refMappe', linkToId: 'sak2' },
      { action: 'save', type: 'Korrespondansepart', id: 'kp2', fields: { korrespondansepartNavn: 'Siri Dahl', korrespondanseparttype: 'EA' } },
      { action: 'link', type: 'Korrespondansepart', id: 'kp2', ref: 'refRegistrering', linkToId: 'jp2' },
    ]);
    assert.equal(made.status, 200, made.text);
    const sak2 = made.json.saved.sak2.id as string;
    const jp2 = made.json.saved.jp2.id as string;
    await reindex();
    assert.deepEqual((await search({ doctype: 'Registrering', query: 'Nabovarsel' })).results[0].ids['AbstraktMappe.id'], [sak2]);
    assert.equal((await search({ doctype: 'Registrering', query: 'Dahl' })).total, 1);

    const series = await env.sandbox.query(env.token, { type: 'Arkivdel', query: 'id = @id', parameters: { '@id': ids.del } });
    const changed = await env.sandbox.transaction(env.token, [
      { action: 'unlink', type: 'Journalpost', id: jp2, ref: 'refMappe', unlinkFromId: sak2 },
      { action: 'link', type: 'Journalpost', id: jp2, ref: 'refMappe', linkToId: ids.sak },
      { action: 'delete', type: 'Korrespondansepart', id: made.json.saved.kp2.id },
      { action: 'save', type: 'Arkivdel', id: ids.del, version: series.json.results[0].version, fields: { tittel: 'Sakarkiv for tekniske tjenester' } },
    ]);
    assert.equal(changed.status, 200, changed.text);
    assert.equal((await search({ doctype: 'Arkivdel', query: 'tekniske' })).total, 0, 'not before an index run');
    await reindex();
    const moved = await search({ doctype: 'Registrering', query: 'Nabovarsel' });
    assert.equal(moved.total, 1);
    assert.deepEqual(moved.results[0].ids['AbstraktMappe.id'], [ids.sak], 'the moved entry names its new case file');
    assert.equal((await search({ doctype: 'Mappe', query: 'carport' })).results[0].ids['AbstraktMappe.id'][0], ids.sak);
    assert.equal((await search({ doctype: 'Korrespondansepart', query: 'Dahl' })).total, 0, 'the deleted party has no entry');
    assert.equal((await search({ doctype: 'Registrering', query: 'Dahl' })).total, 0, 'nor does its former entry list it');
    assert.equal((await search({ doctype: 'Arkivdel', query: 'tekniske' })).total, 1, 'the renamed series is found by its new title');
    assert.equal((await search({ doctype: 'Arkivdel', query: 'kommunale' })).total, 0);
  });

  it('indexes on its interval without being asked', async () => {
    const indexer = fullTextIndexer(env.sandbox.sandbox.services);
    assert.ok(indexer);
    indexer.start(0.05);
    const r = await env.sandbox.transaction(env.token, [
      { action: 'save', type: 'Journalpost', id: 'x', fields: { tittel: 'Barnehageplass i Solsikken', journalposttype: 'I' } },
      { action: 'link', type: 'Journalpost', id: 'x', ref: 'refMappe', linkToId: ids.sak },
      { action: 'save', type: 'Korrespondansepart', id: 'xk', fields: { korrespondansepartNavn: 'Liv Berg', korrespondanseparttype: 'EA' } },
      { action: 'link', type: 'Korrespondansepart', id: 'xk', ref: 'refRegistrering', linkToId: 'x' },
    ]);
    assert.equal(r.status, 200, r.text);
    await waitFor(async () => (await search({ doctype: 'Registrering', query: 'barnehageplasser' })).total === 1, 20_000);
  });

  it('refuses a bad request with 400 that names the problem', async () => {
    const wrongType = await env.sandbox.post('/full-text/search', { doctype: 'Saksmappe', query: 'x' }, { token: env.token });
    assert.equal(wrongType.status, 400);
    assert.match(wrongType.json.description, /doctype is one of Tekst, Korrespondansepart, Registrering, Mappe, Arkivdel/);
    const noQuery = await env.sandbox.post('/full-text/search', { doctype: 'Tekst' }, { token: env.token });
    assert.equal(noQuery.status, 400);
    assert.match(noQuery.json.description, /query/);
    const unknown = await env.sandbox.post('/full-text/search', { query: 'x', sortOrder: [] }, { token: env.token });
    assert.equal(unknown.status, 400);
    assert.match(unknown.json.description, /sortOrder/);
    const noToken = await env.sandbox.post('/full-text/search', { query: 'x' });
    assert.equal(noToken.status, 401);
  });
});
