import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { parseQueryExpression, type Path } from '../../core/query';
import { noarkModel } from '../../core/schema';
import { defaultTemplateCacheDir } from '../sandboxOptions';
import { openPGliteDatabase, type Database } from './database';
import { deepOffsetFrom, rankBucketBits } from './entityRanks';
import { compileQuery, type CompileQueryInput } from './queryCompiler';
import { coreSchemaStatements } from './schema.sql';

let db: Database;
const bucketSize = 2 ** rankBucketBits;

/** Inserts entities of `type` at the given ids; every `screenedEvery`-th one is screened. */
async function insert(ids: readonly number[], type: string, screenedEvery = 7): Promise<void> {
  const rows = ids.map((id) => ({ id, type, fields: id % screenedEvery === 0 ? { tittel: `t${id}`, skjerming: 'S' } : { tittel: `t${id}` } }));
  await db.query(`INSERT INTO entity (id, type, fields, created_by) SELECT x.id, x.type, x.fields, 'test' FROM jsonb_to_recordset($1::jsonb) AS x(id bigint, type text, fields jsonb)`, [JSON.stringify(rows)]);
}

const range = (from: number, to: number, step = 1) => Array.from({ length: Math.floor((to - from) / step) }, (_, i) => from + i * step);

before(async () => {
  db = await openPGliteDatabase({ templateCacheDir: defaultTemplateCacheDir() });
  for (const statement of coreSchemaStatements(noarkModel)) await db.exec(statement);
  // Ids over several buckets, with gaps, full buckets and near-empty ones, two concrete types
  // mixed in the same buckets.
  await insert(range(1001, 4000), 'Saksmappe');
  await insert(range(4000, 9000, 3), 'Journalpost');
  await insert(range(4001, 9000, 3), 'Saksmappe', 5);
  await insert([bucketSize * 20, bucketSize * 20 + 1, bucketSize * 31 - 1], 'Saksmappe');
});

after(async () => {
  await db.close();
});

async function page(input: Partial<CompileQueryInput>, deep: boolean): Promise<string[]> {
  const compiled = compileQuery({
    model: noarkModel,
    type: 'Saksmappe',
    joins: new Map(),
    parameters: new Map(),
    sort: [],
    limit: 10,
    offset: 0,
    publicUse: true,
    ...input,
    deepOffsetFrom: deep ? 0 : Number.POSITIVE_INFINITY,
  });
  assert.equal(compiled.sql.includes('rank_anchor'), deep, compiled.sql);
  const { rows } = await db.query<{ id: string | number }>(compiled.sql, compiled.params);
  return rows.map((r) => String(r.id));
}

function path(text: string): Path {
  const e = parseQueryExpression(`${text} = @x`).expression;
  assert.ok(e && e.kind === 'comparison' && e.path);
  return e.path;
}

const idSort = (order: 'asc' | 'desc'): CompileQueryInput['sort'] => [{ path: path('id'), order }];

async function assertSameAsOffset(label: string): Promise<void> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM entity WHERE type = 'Saksmappe'`);
  const total = rows[0].n;
  const offsets = [0, 1, 9, 10, 511, 1023, 1024, 1025, 2047, 2999, 3000, 3001, total - 11, total - 10, total - 1, total, total + 5, 100_000];
  for (const type of ['Saksmappe', 'AbstraktMappe']) {
    for (const publicUse of [true, false]) {
      for (const sort of [[], idSort('desc'), idSort('asc')]) {
        for (const offset of offsets) {
          const input = { type, publicUse, sort, offset };
          assert.deepEqual(await page(input, true), await page(input, false), `${label}: ${type}, publicUse ${publicUse}, sort ${JSON.stringify(sort.map((s) => s.order))}, offset ${offset}`);
        }
      }
    }
  }
}

test('a deep page of a listing is exactly the page OFFSET gives, in either id order, with and without screened entities', async () => {
  await assertSameAsOffset('as inserted');
});

test('the counts follow deletes, screening set and lifted, and a rolled-back transaction', async () => {
  await db.query(`DELETE FROM entity WHERE type = 'Saksmappe' AND id % 4 = 1 AND id < 3000`);
  await db.query(`UPDATE entity SET fields = fields || '{"skjerming": "S"}' WHERE id BETWEEN 2000 AND 2100`);
  await db.query(`UPDATE entity SET fields = fields - 'skjerming' WHERE id BETWEEN 4000 AND 4500`);
  // An update that leaves type and screening alone changes no count.
  await db.query(`UPDATE entity SET version = version + 1 WHERE id BETWEEN 1000 AND 1500`);
  await assert.rejects(
    db.transaction(async (tx) => {
      await tx.query(`DELETE FROM entity WHERE id BETWEEN 3000 AND 3500`);
      throw new Error('rolled back');
    }),
    /rolled back/,
  );
  await assertSameAsOffset('after changes');
});

test('the counts of an archive made before them are taken once, at start', async () => {
  await db.exec('DROP TABLE entity_rank');
  for (const statement of coreSchemaStatements(noarkModel)) await db.exec(statement);
  await assertSameAsOffset('counted afresh');
  const { rows } = await db.query<{ n: number }>(`SELECT sum(total)::int AS n FROM entity_rank`);
  const { rows: entities } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM entity`);
  assert.equal(rows[0].n, entities[0].n);
});

test('a shallow page, a query with a condition and one sorted on a field walk their rows as before', () => {
  const base = { model: noarkModel, type: 'Saksmappe', joins: new Map(), parameters: new Map(), limit: 10, publicUse: true };
  assert.doesNotMatch(compileQuery({ ...base, sort: [], offset: deepOffsetFrom - 1 }).sql, /rank_anchor/);
  assert.match(compileQuery({ ...base, sort: [], offset: deepOffsetFrom }).sql, /rank_anchor/);
  const titleSort = [{ path: path('tittel'), order: 'asc' as const }];
  assert.doesNotMatch(compileQuery({ ...base, sort: titleSort, offset: 5000 }).sql, /rank_anchor/);
  assert.doesNotMatch(compileQuery({ ...base, sort: [...idSort('asc'), ...titleSort], offset: 5000 }).sql, /rank_anchor/);
});
