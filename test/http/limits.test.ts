/**
 * The spec's Limits table over real HTTP: the query's maximum `limit` of 500 and paging with
 * `hasMore`, the default 3600-second lifetime of an unlinked upload (on the test clock), the
 * full-text defaults `limit` 10 / `offset` 0, and no pagination on the BSM-registry and
 * code-list reads.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fullTextIndexer } from '../../sandbox/fulltext/fullTextModule';
import { sendApi, useTestSandbox } from './sandboxHarness';

// The default file lifetime (3600 s) is under test, so it is not set here; tokens outlive it.
// Full-text indexing runs only when a test asks for it.
const env = useTestSandbox({ tokenLifetimeSeconds: 24 * 3600, fullTextIndexIntervalSeconds: 0 }, { structure: true });

/** More than any page size the spec or the vendor notes name (query 500, logs 100, full-text 10). */
const beyondAnyPage = 501;

test('query: limit 500 returns 500 entities, 501 (or the vendor PHP sample\'s 1000) is taken as 500, and offset paging with hasMore reaches every one [limit maximum limit, query paging]', async () => {
  const created = await env.sandbox.transaction(
    env.token,
    Array.from({ length: beyondAnyPage }, (_, i) => ({ action: 'save', type: 'Klassifikasjonssystem', id: `k${i}`, fields: { tittel: `System ${i}` } })),
  );
  assert.equal(created.status, 200, created.text);
  const all = new Set([env.structure.system, ...Object.values(created.json.saved as Record<string, { id: string }>).map((x) => x.id)]);
  assert.equal(all.size, beyondAnyPage + 1);

  const max = await env.sandbox.query(env.token, { type: 'Klassifikasjonssystem', limit: 500 });
  assert.equal(max.status, 200, max.text);
  assert.equal(max.json.results.length, 500);
  assert.equal(max.json.hasMore, true);
  // The spec's maximum, and the vendor documents none and its own PHP sample asks for 1000: a page of 500, with hasMore.
  for (const limit of [501, 1000, '1000']) {
    const over = await env.sandbox.query(env.token, { type: 'Klassifikasjonssystem', limit });
    assert.equal(over.status, 200, over.text);
    assert.deepEqual(over.json.results, max.json.results, `limit ${limit}`);
    assert.equal(over.json.hasMore, true);
  }
  const rest = await env.sandbox.query(env.token, { type: 'Klassifikasjonssystem', limit: 500, offset: 500 });
  assert.equal(rest.json.results.length, all.size - 500);
  assert.equal(rest.json.hasMore, false);
  // A last page that is exactly full has no more after it; one short of the end has.
  const exactlyLast = await env.sandbox.query(env.token, { type: 'Klassifikasjonssystem', limit: 2, offset: all.size - 2 });
  assert.deepEqual([exactlyLast.json.results.length, exactlyLast.json.hasMore], [2, false]);
  const oneBefore = await env.sandbox.query(env.token, { type: 'Klassifikasjonssystem', limit: 2, offset: all.size - 3 });
  assert.deepEqual([oneBefore.json.results.length, oneBefore.json.hasMore], [2, true]);

  // The spec's paging: while hasMore, offset = previous offset + previous limit.
  const seen: string[] = [];
  const pages: boolean[] = [];
  let offset = 0;
  const limit = 200;
  for (;;) {
    const page = await env.sandbox.query(env.token, { type: 'Klassifikasjonssystem', limit, offset });
    assert.equal(page.status, 200, page.text);
    seen.push(...page.json.results.map((r: { id: string }) => r.id));
    pages.push(page.json.hasMore);
    if (!page.json.hasMore) break;
    offset += limit;
  }
  assert.deepEqual(pages, [true, true, false]);
  assert.equal(seen.length, all.size, 'no entity twice');
  assert.deepEqual(new Set(seen), all);
});

async function upload(name: string): Promise<string> {
  const r = await fetch(`${env.sandbox.sandbox.apiUrl}/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${env.token}`, 'Content-Type': 'application/octet-stream', 'Content-Disposition': `attachment; filename=${name}` },
    body: Buffer.from(name),
  });
  assert.equal(r.status, 200);
  return ((await r.json()) as { id: string }).id;
}

const linkActions = (key: string, fileId: string) => [
  { action: 'save', type: 'Dokument', id: `${key}-doc`, fields: { tittel: key } },
  { action: 'link', type: 'Dokument', id: `${key}-doc`, ref: 'refRegistrering', linkToId: env.structure.journalpost },
  { action: 'save', type: 'Dokumentversjon', id: key, fields: { referanseDokumentfil: fileId, variantformat: 'A' } },
  { action: 'link', type: 'Dokumentversjon', id: key, ref: 'refDokument', linkToId: `${key}-doc` },
];

test('an unlinked upload lives 3600 seconds by default: linkable at 3599, gone at 3600 [limit lifetime of an unlinked uploaded file] [upload rule expiry]', async () => {
  const early = await upload('early.txt');
  const late = await upload('late.txt');
  env.sandbox.clock.advance(3599);
  const inTime = await env.sandbox.transaction(env.token, linkActions('in-time', early));
  assert.equal(inTime.status, 200, inTime.text);
  env.sandbox.clock.advance(1);
  const download = await fetch(`${env.sandbox.sandbox.apiUrl}/download?id=${late}`, { headers: { Authorization: `Bearer ${env.token}` } });
  assert.equal(download.status, 404);
  const tooLate = await env.sandbox.transaction(env.token, linkActions('too-late', late));
  assert.equal(tooLate.status, 400, tooLate.text);
  assert.match(tooLate.json.description, /expired/);
  // The linked one stays: the lifetime is for unlinked files only.
  env.sandbox.clock.advance(3600);
  const kept = await fetch(`${env.sandbox.sandbox.apiUrl}/download?id=${early}`, { headers: { Authorization: `Bearer ${env.token}` } });
  assert.equal(kept.status, 200);
  assert.equal(Buffer.from(await kept.arrayBuffer()).toString(), 'early.txt');
});

test('full-text search: limit 10 and offset 0 when left out, total counts every match [limit default limit / offset] [endpoint POST /full-text/search]', async () => {
  const actions: unknown[] = [];
  for (let i = 0; i < 12; i++) {
    actions.push(
      { action: 'save', type: 'Journalpost', id: `jp${i}`, fields: { tittel: `Skoleskyss innspill ${i}`, journalposttype: 'I' } },
      { action: 'link', type: 'Journalpost', id: `jp${i}`, ref: 'refMappe', linkToId: env.structure.saksmappe },
      { action: 'save', type: 'Korrespondansepart', id: `kp${i}`, fields: { korrespondansepartNavn: `Innbygger ${i}` } },
      { action: 'link', type: 'Korrespondansepart', id: `kp${i}`, ref: 'refRegistrering', linkToId: `jp${i}` },
    );
  }
  const r = await env.sandbox.transaction(env.token, actions);
  assert.equal(r.status, 200, r.text);
  const indexer = fullTextIndexer(env.sandbox.sandbox.services);
  assert.ok(indexer, 'the full-text module is built in');
  await indexer.runOnce();
  const search = async (body: Record<string, unknown>) => {
    const res = await env.sandbox.post('/full-text/search', body, { token: env.token });
    assert.equal(res.status, 200, res.text);
    return res.json;
  };
  const defaults = await search({ doctype: 'Registrering', query: 'skoleskyss' });
  assert.deepEqual(Object.keys(defaults).sort(), ['facets', 'results', 'total']);
  assert.equal(defaults.total, 12);
  assert.equal(defaults.results.length, 10);
  const entries = new Set(Array.from({ length: 12 }, (_, i) => r.json.saved[`jp${i}`].id));
  for (const result of defaults.results) {
    const [id] = result.ids['AbstraktRegistrering.id'];
    assert.ok(entries.has(id), `${id} is one of the entries`);
    assert.ok(result.highlights['AbstraktRegistrering.tittel'].some((h: string) => h.includes('|=hlstart=|Skoleskyss|=hlstop=|')), JSON.stringify(result.highlights));
  }
  const explicit = await search({ doctype: 'Registrering', query: 'skoleskyss', limit: 10, offset: 0 });
  assert.deepEqual(explicit, defaults);
  const shifted = await search({ doctype: 'Registrering', query: 'skoleskyss', offset: 2 });
  assert.equal(shifted.results.length, 10);
  assert.deepEqual(shifted.results.slice(0, 8), defaults.results.slice(2), 'offset 2 starts two results later, so the default offset is 0');
});

test('GET bsm-registry returns every group, however many: no pagination [limit pagination bsm-registry GET]', async () => {
  const ids = Array.from({ length: beyondAnyPage }, (_, i) => `side-${i}-g`);
  for (let i = 0; i < ids.length; i += 25) {
    await Promise.all(
      ids.slice(i, i + 25).map(async (id) => {
        const put = await sendApi(env.sandbox, env.token, 'PUT', `/bsm-registry/group/${id}`, { groupName: id });
        assert.equal(put.status, 200, put.text);
      }),
    );
  }
  const field = await sendApi(env.sandbox, env.token, 'PUT', `/bsm-registry/group/${ids[0]}/field/siste-felt`, { fieldName: 'Siste', fieldType: 'string' });
  assert.equal(field.status, 200, field.text);
  const all = await sendApi(env.sandbox, env.token, 'GET', '/bsm-registry');
  assert.equal(all.status, 200, all.text);
  assert.deepEqual(new Set(all.json.results.map((g: { groupId: string }) => g.groupId)), new Set(ids));
  assert.equal(all.json.hasMore, undefined, 'there is no next page to ask for');
});

test('GET code-lists returns every value of every list, however many: no pagination [limit pagination code-lists GET]', async () => {
  const codes = Array.from({ length: beyondAnyPage }, (_, i) => `T${i}`);
  for (let i = 0; i < codes.length; i += 25) {
    await Promise.all(
      codes.slice(i, i + 25).map(async (code) => {
        const put = await sendApi(env.sandbox, env.token, 'PUT', `/code-lists/dokumenttype/${code}`, { name: `Type ${code}` });
        assert.equal(put.status, 200, put.text);
      }),
    );
  }
  const one = await sendApi(env.sandbox, env.token, 'GET', '/code-lists?type=Dokument&field=dokumenttype');
  assert.equal(one.status, 200, one.text);
  assert.deepEqual(new Set(one.json.results[0].values.map((v: { code: string }) => v.code)), new Set(codes));
  // Unfiltered, every list comes with all its values: the 501 new ones and the seeded ones.
  const all = await sendApi(env.sandbox, env.token, 'GET', '/code-lists');
  const dokumenttype = all.json.results.find((l: { type: string; field: string }) => l.type === 'Dokument' && l.field === 'dokumenttype');
  assert.equal(dokumenttype.values.length, beyondAnyPage);
  const journalposttype = all.json.results.find((l: { type: string; field: string }) => l.type === 'Journalpost' && l.field === 'journalposttype');
  assert.deepEqual(journalposttype.values.map((v: { code: string }) => v.code), ['I', 'U', 'N', 'X', 'S']);
  assert.equal(all.json.hasMore, undefined, 'there is no next page to ask for');
});
