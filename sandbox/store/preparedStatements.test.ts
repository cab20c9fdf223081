import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { PGlite as PGliteClass } from '@electric-sql/pglite';
import { PreparedStatements, type PGliteProtocol } from './preparedStatements';

let db: PGliteClass;
let pglite: { PGlite: typeof PGliteClass } & PGliteProtocol;

before(async () => {
  pglite = (await import('@electric-sql/pglite')) as typeof pglite;
  db = await pglite.PGlite.create();
  await db.exec(`CREATE TABLE item (id int PRIMARY KEY, name text, tags text[], doc jsonb)`);
});

after(async () => {
  await db.close();
});

async function preparedCount(): Promise<number> {
  return (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_prepared_statements`)).rows[0].n;
}

test('a statement run again with other values answers each time as PGlite.query does', async () => {
  const statements = new PreparedStatements(db, pglite);
  const insert = 'INSERT INTO item (id, name, tags, doc) VALUES ($1, $2, $3, $4) RETURNING id';
  await statements.query(insert, [1, 'one', ['a', 'b'], { k: [1, 'x'] }]);
  await statements.query(insert, [2, null, [], { k: null }]);
  await statements.query(insert, [3, 'it\'s "three"', ['c'], null]);
  const select = 'SELECT id, name, tags, doc FROM item WHERE id = ANY($1::int[]) ORDER BY id';
  for (const ids of [[1], [2, 3], [1, 2, 3], []]) {
    assert.deepEqual(await statements.query(select, [ids]), (await db.query(select, [ids])).rows);
  }
  assert.deepEqual(await statements.query(select, [[3]]), [{ id: 3, name: 'it\'s "three"', tags: ['c'], doc: null }]);
  assert.equal(await preparedCount(), 2);
});

test('an SQL error is thrown: a text that does not parse is not kept, a statement that failed on its values runs again', async () => {
  const statements = new PreparedStatements(db, pglite);
  const before = await preparedCount();
  await assert.rejects(statements.query('SELEC 1', []), /syntax error/);
  assert.equal(await preparedCount(), before);
  const divide = 'SELECT 10 / $1::int AS q';
  await assert.rejects(statements.query(divide, [0]), /division by zero/);
  assert.deepEqual(await statements.query(divide, [5]), [{ q: 2 }]);
});

test('beyond its capacity the least recently used statement is closed, and prepared again when it runs', async () => {
  const statements = new PreparedStatements(db, pglite, 2);
  const before = await preparedCount();
  const texts = ['SELECT $1::int + 1 AS n', 'SELECT $1::int + 2 AS n', 'SELECT $1::int + 3 AS n'];
  for (const text of texts) await statements.query(text, [1]);
  assert.equal(await preparedCount(), before + 2);
  assert.deepEqual(await statements.query(texts[0], [1]), [{ n: 2 }]);
  assert.equal(await preparedCount(), before + 2);
});

test('a statement whose table changed its columns is prepared again', async () => {
  const statements = new PreparedStatements(db, pglite);
  await db.exec(`CREATE TABLE shape (id int)`);
  await db.query(`INSERT INTO shape VALUES (1)`);
  const all = 'SELECT * FROM shape WHERE id = $1';
  assert.deepEqual(await statements.query(all, [1]), [{ id: 1 }]);
  await db.exec(`ALTER TABLE shape ADD COLUMN label text DEFAULT 'x'`);
  assert.deepEqual(await statements.query(all, [1]), [{ id: 1, label: 'x' }]);
});

test('a statement waits for a transaction in progress instead of running inside it', async () => {
  const statements = new PreparedStatements(db, pglite);
  const count = 'SELECT count(*)::int AS n FROM item WHERE id = $1';
  let pending: Promise<{ n: number }[]> | undefined;
  await assert.rejects(
    db.transaction(async (tx) => {
      await tx.query(`INSERT INTO item (id) VALUES (99)`);
      pending = statements.query<{ n: number }>(count, [99]);
      await tx.query('SELECT 1');
      throw new Error('rolled back');
    }),
    /rolled back/,
  );
  // Inside the transaction it would have seen the row the rollback removed.
  assert.deepEqual(await pending, [{ n: 0 }]);
});
