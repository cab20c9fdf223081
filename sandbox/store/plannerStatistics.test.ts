import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { defaultTemplateCacheDir } from '../sandboxOptions';
import { openPGliteDatabase, type Database } from './database';
import { analyzeStaleTables } from './plannerStatistics';

let db: Database;

before(async () => {
  db = await openPGliteDatabase({ templateCacheDir: defaultTemplateCacheDir() });
  await db.exec(`CREATE TABLE big (id int PRIMARY KEY, kind text NOT NULL); CREATE TABLE small (id int PRIMARY KEY)`);
  await db.query(`INSERT INTO big SELECT g, CASE WHEN g % 100 = 0 THEN 'rare' ELSE 'common' END FROM generate_series(1, 5000) g`);
  await db.query(`INSERT INTO small SELECT g FROM generate_series(1, 20) g`);
});

after(async () => {
  await db.close();
});

async function reltuples(table: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT reltuples::int AS n FROM pg_class WHERE relname = $1`, [table]);
  return rows[0].n;
}

test('a table never analysed is analysed; a table of a few pages is left to the planner’s guesses', async () => {
  assert.deepEqual(await analyzeStaleTables(db), ['big']);
  assert.equal(await reltuples('big'), 5000);
  assert.equal(await reltuples('small'), -1);
  // The statistics are what tell the planner that `kind = 'common'` is nearly the whole table.
  const { rows } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT * FROM big WHERE kind = 'common'`);
  assert.match(rows[0]['QUERY PLAN'], /rows=49\d\d /);
});

test('analysed statistics are kept until a tenth of the table changed', async () => {
  assert.deepEqual(await analyzeStaleTables(db), []);
  await db.query(`INSERT INTO big SELECT g, 'common' FROM generate_series(5001, 5300) g`);
  assert.deepEqual(await analyzeStaleTables(db), []);
  await db.query(`INSERT INTO big SELECT g, 'common' FROM generate_series(5301, 6000) g`);
  assert.deepEqual(await analyzeStaleTables(db), ['big']);
  assert.equal(await reltuples('big'), 6000);
});

test('updates count as changes, not only growth', async () => {
  await db.query(`UPDATE big SET kind = 'rare' WHERE id <= 1000`);
  assert.deepEqual(await analyzeStaleTables(db), ['big']);
});
