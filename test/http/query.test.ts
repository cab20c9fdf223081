import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useTestSandbox } from './sandboxHarness';

const ids: Record<string, string> = {};

/** Case files M1..M4 besides the structure's own case file; M3 is screened. */
const env = useTestSandbox({}, { structure: true });
env.before(async () => {
  const [, k2, k3] = env.structure.klasser;
  const folder = (key: string, fields: Record<string, unknown>, secondary: string[], external: [string, string][]) => [
    { action: 'save', type: 'Saksmappe', id: key, fields },
    { action: 'link', type: 'Saksmappe', id: key, ref: 'refArkivdel', linkToId: env.structure.arkivdel },
    { action: 'link', type: 'Saksmappe', id: key, ref: 'refPrimaerKlasse', linkToId: env.structure.klasser[0] },
    ...(secondary.length ? [{ action: 'link', type: 'Saksmappe', id: key, ref: 'refSekundaerKlasse', linkToId: secondary }] : []),
    ...external.flatMap(([system, id], i) => [
      { action: 'save', type: 'EksternId', id: `${key}-e${i}`, fields: { eksterntSystem: system, eksternID: id } },
      { action: 'link', type: 'EksternId', id: `${key}-e${i}`, ref: 'refMappe', linkToId: key },
    ]),
  ];
  const r = await env.sandbox.transaction(env.token, [
    ...folder('M1', { tittel: 'Byggesak Storgata' }, [k2, k3], [['A', '1'], ['B', '2']]),
    ...folder('M2', { tittel: 'Byggesak Lillegata' }, [k2], [['A', '3']]),
    ...folder('M3', { tittel: 'Klage_100%', skjerming: 'P' }, [], []),
    ...folder('M4', { tittel: 'Annet' }, [], []),
  ]);
  assert.equal(r.status, 200, r.text);
  for (const key of ['M1', 'M2', 'M3', 'M4']) ids[key] = r.json.saved[key].id;
});

async function found(body: Record<string, unknown>): Promise<string[]> {
  const r = await env.sandbox.query(env.token, { limit: 500, ...body });
  assert.equal(r.status, 200, r.text);
  return r.json.results.map((x: { id: string }) => x.id).sort();
}

const sorted = (...keys: string[]) => keys.map((k) => ids[k] ?? k).sort();

test('rule 1: a literal in the query is refused with the checker message [query rule 1]', async () => {
  const r = await env.sandbox.query(env.token, { type: 'Saksmappe', query: 'tittel = "Annet"' });
  assert.equal(r.status, 400);
  assert.match(r.json.description, /Values are never written in the query/);
});

test('rule 2: = is exact and case-sensitive, != excludes, %= matches with % [query rule 2]', async () => {
  assert.deepEqual(await found({ type: 'Saksmappe', query: 'tittel = @t', parameters: { '@t': 'Annet' } }), sorted('M4'));
  assert.deepEqual(await found({ type: 'Saksmappe', query: 'tittel = @t', parameters: { '@t': 'annet' } }), []);
  assert.deepEqual(await found({ type: 'Saksmappe', query: 'tittel %= @t', parameters: { '@t': 'Bygge%' } }), sorted('M1', 'M2'));
  assert.deepEqual(await found({ type: 'Saksmappe', query: 'tittel %= @t', parameters: { '@t': '%gata' } }), sorted('M1', 'M2'));
  // `_` is not a wildcard: only the title with a literal underscore matches.
  assert.deepEqual(await found({ type: 'Saksmappe', query: 'tittel %= @t', parameters: { '@t': 'Klage_%' }, publicUse: false }), sorted('M3'));
  assert.deepEqual(await found({ type: 'Saksmappe', query: 'tittel %= @t', parameters: { '@t': 'Klage__%' }, publicUse: false }), []);
  assert.deepEqual(await found({ type: 'Saksmappe', query: 'tittel != @t && tittel %= @p', parameters: { '@t': 'Byggesak Storgata', '@p': 'Bygge%' } }), sorted('M2'));
});

test('rule 2: a parameter value * matches any value [query rule 2]', async () => {
  const all = await found({ type: 'Saksmappe', query: 'tittel = @any', parameters: { '@any': '*' } });
  assert.deepEqual(all, sorted(env.structure.saksmappe, 'M1', 'M2', 'M4'));
});

test('rule 3: ranges with inclusive, exclusive and mixed brackets, and * as an open bound [query rule 3]', async () => {
  const seq = async (q: string, a: number | string, b: number | string) =>
    (await env.sandbox.query(env.token, { type: 'Saksmappe', query: `sakssekvensnummer = ${q}`, parameters: { '@a': a, '@b': b }, limit: 500 })).json.results.map((r: { fields: { sakssekvensnummer: number } }) => r.fields.sakssekvensnummer).sort();
  // The structure's case file is number 1, M1..M4 are 2..5 (M3 is screened and hidden).
  assert.deepEqual(await seq('[@a:@b]', 2, 4), [2, 3]);
  assert.deepEqual(await seq('{@a:@b}', 1, 5), [2, 3]);
  assert.deepEqual(await seq('[@a:@b}', 1, 5), [1, 2, 3]);
  assert.deepEqual(await seq('{@a:@b]', 1, 5), [2, 3, 5]);
  assert.deepEqual(await seq('[@a:@b]', 3, '*'), [3, 5]);
  assert.deepEqual(await seq('[@a:@b]', '*', 2), [1, 2]);
  const dates = await found({ type: 'Journalpost', query: 'registreringsDato = [@a:@b]', parameters: { '@a': '2024-08-19', '@b': '2024-08-19' } });
  assert.deepEqual(dates, [env.structure.journalpost]);
});

test('rule 4: && binds tighter than ||, parentheses group [query rule 4]', async () => {
  const p = { '@a': 'Annet', '@b': 'Byggesak Lillegata', '@k': env.structure.klasser[1] };
  assert.deepEqual(await found({ type: 'Saksmappe', query: '(tittel = @a || tittel = @b) && refSekundaerKlasse.id = @k', parameters: p }), sorted('M2'));
  assert.deepEqual(await found({ type: 'Saksmappe', query: 'tittel = @a || tittel = @b && refSekundaerKlasse.id = @k', parameters: p }), sorted('M2', 'M4'));
});

test('rule 5: chains follow references up and down the structure [query rule 5]', async () => {
  assert.deepEqual(await found({ type: 'Saksmappe', query: 'refArkivdel.refArkiv.tittel = @t && tittel = @n', parameters: { '@t': 'S arkiv', '@n': 'Annet' } }), sorted('M4'));
  assert.deepEqual(await found({ type: 'Saksmappe', query: 'refPrimaerKlasse.refKlassifikasjonssystem.id = @sys && tittel = @n', parameters: { '@sys': env.structure.system, '@n': 'Annet' } }), sorted('M4'));
  // Down: from the case file to its registry entry's correspondence party.
  assert.deepEqual(await found({ type: 'AbstraktMappe', query: 'refRegistrering.refKorrespondansepart.korrespondansepartNavn = @n', parameters: { '@n': 'Kari' } }), [env.structure.saksmappe]);
  assert.deepEqual(await found({ type: 'Arkiv', query: 'refArkivdel.refMappe.id = @m', parameters: { '@m': ids.M2 } }), [env.structure.arkiv]);
});

test('rule 6: one path is one linked entity; rule 7: joins give two distinct ones [query rule 6, 7]', async () => {
  const [, k2, k3] = env.structure.klasser;
  const p = { '@k2': k2, '@k3': k3 };
  assert.deepEqual(await found({ type: 'Saksmappe', query: 'refSekundaerKlasse.id = @k2 && refSekundaerKlasse.id = @k3', parameters: p }), []);
  assert.deepEqual(await found({ type: 'Saksmappe', query: 'refSekundaerKlasse.id = @k2 || refSekundaerKlasse.id = @k3', parameters: p }), sorted('M1', 'M2'));
  const joins = { '#a1': 'refSekundaerKlasse', '#a2': 'refSekundaerKlasse' };
  assert.deepEqual(await found({ type: 'Saksmappe', query: '#a1.id = @k2 && #a2.id = @k3', joins, parameters: p }), sorted('M1'));
  assert.deepEqual(await found({ type: 'Saksmappe', query: '#a1.id = @k2 && #a2.klasseIdent = @i', joins, parameters: { '@k2': k2, '@i': 'S-K3' } }), sorted('M1'));
  // Two external ids: same path (one entity) vs joins (two entities).
  const ext = { '@s1': 'A', '@s2': 'B' };
  assert.deepEqual(await found({ type: 'Saksmappe', query: 'refEksternId.eksterntSystem = @s1 && refEksternId.eksterntSystem = @s2', parameters: ext }), []);
  assert.deepEqual(await found({ type: 'Saksmappe', query: '#e1.eksterntSystem = @s1 && #e2.eksterntSystem = @s2', joins: { '#e1': 'refEksternId', '#e2': 'refEksternId' }, parameters: ext }), sorted('M1'));
  // Same path for system and id: the id must belong to that system.
  assert.deepEqual(await found({ type: 'Saksmappe', query: 'refEksternId.eksterntSystem = @s && refEksternId.eksternID = @i', parameters: { '@s': 'B', '@i': '1' } }), []);
  assert.deepEqual(await found({ type: 'Saksmappe', query: 'refEksternId.eksterntSystem = @s && refEksternId.eksternID = @i', parameters: { '@s': 'A', '@i': '1' } }), sorted('M1'));
  // An alias chained from an alias.
  assert.deepEqual(
    await found({ type: 'Saksmappe', query: '#fonds.id = @f && tittel = @t', joins: { '#series': 'refArkivdel', '#fonds': '#series.refArkiv' }, parameters: { '@f': env.structure.arkiv, '@t': 'Annet' } }),
    sorted('M4'),
  );
});

test('rule 2: a null parameter on a reference means "not set"; any other value on a bare reference is refused [query rule 2]', async () => {
  assert.deepEqual(await found({ type: 'Saksmappe', query: 'refEksternId = @none', parameters: { '@none': null } }), sorted(env.structure.saksmappe, 'M4'));
  assert.deepEqual(
    await found({ type: 'Saksmappe', query: 'refPrimaerKlasse.id = @c && (refEksternId = @nullParam || refEksternId.eksterntSystem != @sys)', parameters: { '@c': env.structure.klasser[0], '@nullParam': null, '@sys': 'A' } }),
    sorted(env.structure.saksmappe, 'M1', 'M4'),
  );
  const notNull = await env.sandbox.query(env.token, { type: 'Saksmappe', query: 'refEksternId = @x', parameters: { '@x': 'A' } });
  assert.equal(notNull.status, 400);
  assert.match(notNull.json.description, /reference/);
});

test('abstract types return concrete types; results look like the real archive [endpoint POST /query]', async () => {
  const r = await env.sandbox.query(env.token, { type: 'AbstraktRegistrering', query: 'id = @id', parameters: { '@id': env.structure.journalpost } });
  assert.equal(r.status, 200);
  const [jp] = r.json.results;
  assert.equal(jp.type, 'Journalpost');
  assert.equal(typeof jp.id, 'string');
  assert.equal(typeof jp.version, 'string');
  assert.equal(jp.links.refMappe, Number(env.structure.saksmappe));
  assert.match(jp.fields.opprettetDato, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{4}$/);
  assert.equal(jp.fields.journalstatus, 'J');
  assert.equal(jp.fields.journalaar, 2024);
  assert.equal(jp.fields.skjermKorrespondanseParterEInnsyn, false);
  assert.equal('id' in jp.fields, false);
  const folders = await env.sandbox.query(env.token, { type: 'AbstraktMappe', limit: 500 });
  assert.ok(folders.json.results.every((x: { type: string }) => x.type === 'Saksmappe'));
});

test('publicUse (default true) hides screened entities', async () => {
  assert.deepEqual(await found({ type: 'Saksmappe', query: 'tittel %= @t', parameters: { '@t': 'Klage%' } }), []);
  assert.deepEqual(await found({ type: 'Saksmappe', query: 'tittel %= @t', parameters: { '@t': 'Klage%' }, publicUse: false }), sorted('M3'));
});

test('sortOrder, default id descending, limit above 500 taken as 500, paging with hasMore [endpoint POST /query] [limit maximum limit, query paging]', async () => {
  const byDefaultPage = await env.sandbox.query(env.token, { type: 'Saksmappe', limit: 500 });
  const byDefault = byDefaultPage.json.results.map((r: { id: string }) => Number(r.id));
  assert.deepEqual(byDefault, [...byDefault].sort((a, b) => b - a));
  const asc = await env.sandbox.query(env.token, { type: 'Saksmappe', sortOrder: [{ field: 'tittel', order: 'asc' }], limit: 500 });
  const titles = asc.json.results.map((r: { fields: { tittel: string } }) => r.fields.tittel);
  assert.deepEqual(titles, [...titles].sort());
  const tooMany = await env.sandbox.query(env.token, { type: 'Saksmappe', limit: 501 });
  assert.equal(tooMany.status, 200, tooMany.text);
  assert.deepEqual(tooMany.json.results, byDefaultPage.json.results);
  const refSort = await env.sandbox.query(env.token, { type: 'Saksmappe', sortOrder: [{ field: 'refArkivdel', order: 'asc' }] });
  assert.equal(refSort.status, 400);

  const seen: string[] = [];
  let offset = 0;
  for (;;) {
    const page = await env.sandbox.query(env.token, { type: 'Saksmappe', limit: 2, offset });
    assert.equal(page.status, 200);
    seen.push(...page.json.results.map((r: { id: string }) => r.id));
    if (!page.json.hasMore) break;
    assert.equal(page.json.results.length, 2);
    offset += 2;
  }
  assert.deepEqual([...seen].sort(), sorted(env.structure.saksmappe, 'M1', 'M2', 'M4'));
});

test('unknown fields and types are refused with the checker message', async () => {
  const field = await env.sandbox.query(env.token, { type: 'Saksmappe', query: 'titel = @t', parameters: { '@t': 'x' } });
  assert.equal(field.status, 400);
  assert.match(field.json.description, /Did you mean `tittel`/);
  const type = await env.sandbox.query(env.token, { type: 'Sakmappe' });
  assert.equal(type.status, 400);
  assert.match(type.json.description, /Saksmappe/);
  const param = await env.sandbox.query(env.token, { type: 'Saksmappe', query: 'tittel = @t' });
  assert.equal(param.status, 400);
  assert.match(param.json.description, /@t has no value/);
});
