/**
 * `POST /full-text/search` with the vendor's `filters`, `expand`, `facets` and `publicUse` (since
 * 3.5.1) over real HTTP, on the demo archive: filters ORed within a field and ANDed across
 * fields, a single value for a list, expanded entities in the query endpoint's shape under the
 * name the request gave, facet counts of the filtered fields, and screened entities hidden.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fullTextIndexer, fullTextModule } from '../../sandbox/fulltext/fullTextModule';
import { seedDemoArchive } from '../../sandbox/seed/demoArchive';
import { useTestSandbox } from './sandboxHarness';

interface Hit {
  ids: Record<string, string[]>;
  highlights: Record<string, string[]>;
  expand: Record<string, { type: string; id: string; version: string; fields: Record<string, unknown>; links: Record<string, number> }[]>;
}
interface Answer {
  total: number;
  results: Hit[];
  facets: { field: string; values: Record<string, number> }[];
}

describe('full-text search: filters, expand, facets, publicUse', () => {
  const env = useTestSandbox({
    modules: [fullTextModule],
    fullTextIndexIntervalSeconds: 0,
    seed: async (services) => void (await seedDemoArchive(services)),
  });
  env.before(async () => {
    await fullTextIndexer(env.sandbox.sandbox.services)?.runOnce();
  });

  async function search(body: Record<string, unknown>): Promise<Answer> {
    const r = await env.sandbox.post('/full-text/search', body, { token: env.token });
    assert.equal(r.status, 200, r.text);
    return r.json as Answer;
  }

  async function entry(id: string) {
    const r = await env.sandbox.query(env.token, { type: 'AbstraktRegistrering', query: 'id = @id', parameters: { '@id': id }, publicUse: false });
    return r.json.results[0] as { type: string; fields: Record<string, unknown> };
  }

  it('filters: the values of one field are ORed, fields are ANDed, a single value counts as a list of one', async () => {
    const all = await search({ doctype: 'Registrering', query: 'byggesak', limit: 500 });
    assert.ok(all.total > 5, `${all.total} hits without filters`);
    assert.deepEqual(all.facets, [], 'no filter, no facets, as the recorded real response');
    const incoming = await search({ doctype: 'Registrering', query: 'byggesak', filters: { 'Journalpost.journalposttype': ['I'] }, limit: 500 });
    const outgoing = await search({ doctype: 'Registrering', query: 'byggesak', filters: { 'Journalpost.journalposttype': 'U' }, limit: 500 });
    const either = await search({ doctype: 'Registrering', query: 'byggesak', filters: { 'Journalpost.journalposttype': ['I', 'U'] }, limit: 500 });
    assert.ok(incoming.total > 0 && outgoing.total > 0);
    assert.ok(incoming.total < all.total);
    assert.equal(either.total, incoming.total + outgoing.total);
    for (const hit of incoming.results) {
      const e = await entry(hit.ids['AbstraktRegistrering.id'][0]);
      assert.equal(e.type, 'Journalpost');
      assert.equal(e.fields.journalposttype, 'I');
    }
    const year = String((await entry(incoming.results[0].ids['AbstraktRegistrering.id'][0])).fields.journalaar);
    const both = await search({ doctype: 'Registrering', query: 'byggesak', filters: { 'Journalpost.journalposttype': ['I'], 'Journalpost.journalaar': [Number(year)] }, limit: 500 });
    assert.ok(both.total > 0 && both.total <= incoming.total);
    for (const hit of both.results) assert.equal(String((await entry(hit.ids['AbstraktRegistrering.id'][0])).fields.journalaar), year);
  });

  it('facets: per filtered field, the number of hits with each value, over the whole filtered search', async () => {
    const r = await search({ doctype: 'Registrering', query: 'byggesak', filters: { 'Journalpost.journalposttype': ['I', 'U'], 'AbstraktMappe.saksaar': ['2024', '2023'] }, limit: 1 });
    assert.deepEqual(r.facets.map((f) => f.field), ['Journalpost.journalposttype', 'AbstraktMappe.saksaar']);
    const [types, years] = r.facets;
    assert.deepEqual(Object.keys(types.values).sort(), ['I', 'U'].filter((v) => v in types.values).sort());
    const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);
    assert.equal(sum(types.values), r.total, 'each hit is one entry with one type');
    assert.equal(sum(years.values), r.total, 'each hit has one case file with one year');
    for (const [value, count] of Object.entries(types.values)) {
      const narrowed = await search({ doctype: 'Registrering', query: 'byggesak', filters: { 'Journalpost.journalposttype': value, 'AbstraktMappe.saksaar': ['2024', '2023'] }, limit: 0 });
      assert.equal(narrowed.total, count, `facet count of ${value}`);
    }
  });

  it('a filter on a field no index entry holds matches nothing, and is not refused', async () => {
    const r = await search({ doctype: 'Tekst', query: 'byggesak', filters: { documentType: 'Brev' } });
    assert.equal(r.total, 0);
    assert.deepEqual(r.facets, [{ field: 'documentType', values: {} }]);
  });

  it('expand: each hit carries the entities its ids name, in the query result shape, keyed as requested', async () => {
    const r = await search({ doctype: 'Tekst', query: 'byggesak', expand: ['AbstraktMappe', 'Journalpost', 'Dokumentversjon', 'Klasse'], limit: 3 });
    assert.ok(r.results.length > 0);
    for (const hit of r.results) {
      assert.deepEqual(Object.keys(hit.expand), ['AbstraktMappe', 'Journalpost', 'Dokumentversjon', 'Klasse']);
      assert.deepEqual(hit.expand.AbstraktMappe.map((e) => e.id), hit.ids['AbstraktMappe.id']);
      assert.deepEqual(hit.expand.Dokumentversjon.map((e) => e.id), hit.ids['Dokumentversjon.id']);
      assert.deepEqual(hit.expand.Klasse.map((e) => e.id), hit.ids['Klasse.id'] ?? []);
      for (const e of hit.expand.Journalpost) assert.equal(e.type, 'Journalpost');
      const folder = hit.expand.AbstraktMappe[0];
      assert.equal(typeof folder.version, 'string');
      const viaQuery = await env.sandbox.query(env.token, { type: 'AbstraktMappe', query: 'id = @id', parameters: { '@id': folder.id } });
      assert.deepEqual(folder, viaQuery.json.results[0], 'as the query endpoint returns it');
    }
    const none = await search({ doctype: 'Tekst', query: 'byggesak', expand: [], limit: 1 });
    assert.deepEqual(none.results[0].expand, {});
  });

  it('publicUse: screened entities are expanded and matched only with publicUse false', async () => {
    // A case still under treatment: a closed one refuses the change.
    const hit = (await search({ doctype: 'Registrering', query: 'byggesak', filters: { 'Saksmappe.saksstatus': 'B' }, limit: 1 })).results[0];
    const id = hit.ids['AbstraktRegistrering.id'][0];
    const folderId = hit.ids['AbstraktMappe.id'][0];
    const folder = await env.sandbox.query(env.token, { type: 'AbstraktMappe', query: 'id = @id', parameters: { '@id': folderId } });
    const f = folder.json.results[0];
    const code = (await env.sandbox.get('/code-lists?field=skjerming', { token: env.token })).json.results[0]?.values[0]?.code ?? 'UO';
    const saved = await env.sandbox.transaction(env.token, [{ action: 'save', type: f.type, id: folderId, version: f.version, fields: { skjerming: code } }]);
    assert.equal(saved.status, 200, saved.text);
    const body = { doctype: 'Registrering', query: 'byggesak', expand: ['AbstraktMappe'], filters: { 'AbstraktMappe.tittel': f.fields.tittel }, limit: 50 };
    const open = await search({ ...body, publicUse: false });
    const mine = open.results.find((r) => r.ids['AbstraktRegistrering.id'][0] === id);
    assert.ok(mine, 'found with publicUse false');
    assert.equal(mine.expand.AbstraktMappe[0].id, folderId);
    const pub = await search(body);
    assert.equal(pub.total, 0, 'a filter does not read a screened folder for public use');
    const unfiltered = await search({ doctype: 'Registrering', query: 'byggesak', expand: ['AbstraktMappe'], limit: 500 });
    for (const r of unfiltered.results) if (r.ids['AbstraktMappe.id'][0] === folderId) assert.deepEqual(r.expand.AbstraktMappe, []);
  });

  it('refuses an expand type the archive does not expand, and an undocumented key, naming them', async () => {
    const badType = await env.sandbox.post('/full-text/search', { query: 'x', expand: ['Arkiv', 'Klasse'] }, { token: env.token });
    assert.equal(badType.status, 400);
    assert.match(badType.json.description, /expand takes .*not "Arkiv"/);
    const badKey = await env.sandbox.post('/full-text/search', { query: 'x', facets: ['saksaar'] }, { token: env.token });
    assert.equal(badKey.status, 400);
    assert.match(badKey.json.description, /facets/);
  });
});
