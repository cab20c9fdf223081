/**
 * The full-text indexer on a PostgreSQL server reads the change log without taking any lock that
 * holds writers off (issue 24). Transactions side by side take revision numbers in one order and
 * commit in another: a number taken by a transaction still in flight must hold the progress mark
 * back until that transaction ends, so that a change committed after later ones is indexed too;
 * and a number whose transaction rolled back must not hold it back for ever.
 *
 * The test holds a transaction open on a connection of its own, writing the change log the way the
 * sandbox does, commits a later transaction through the sandbox, and drives an indexer step by step.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type pg from 'pg';
import { FullTextIndexer } from '../../sandbox/fulltext/fullTextIndexer';
import { buildStructure, startTestSandbox, type Structure, type TestSandbox } from '../http/sandboxHarness';
import { postgresTestOptions, startPostgresCluster, type PostgresCluster } from './postgresCluster';

const options = postgresTestOptions();

describe('full-text indexing past revisions of transactions in flight', options, () => {
  let cluster: PostgresCluster | undefined;
  let databaseUrl: string;
  let t: TestSandbox;
  let token: string;
  let s: Structure;
  let indexer: FullTextIndexer;

  before(async () => {
    cluster = await startPostgresCluster();
    databaseUrl = await cluster.createDatabase('revisiongaps');
    // Interval 0: the test drives the indexer itself, one run at a time.
    t = await startTestSandbox({ databaseUrl, fullTextIndexIntervalSeconds: 0 });
    token = await t.token();
    s = await buildStructure(t, token, 'Gap');
    indexer = new FullTextIndexer(t.sandbox.services);
    await indexer.runOnce();
  });
  after(async () => {
    await t?.close();
    await cluster?.stop();
  });

  async function connect(): Promise<pg.Client> {
    const { default: pgModule } = await import('pg');
    const client = new pgModule.Client({ connectionString: databaseUrl });
    await client.connect();
    return client;
  }

  /** Opens a transaction that renames the case file and logs it, and answers its revision number. */
  async function renameInFlight(client: pg.Client, title: string): Promise<number> {
    await client.query('BEGIN');
    await client.query(`UPDATE entity SET fields = jsonb_set(fields, '{tittel}', to_jsonb($2::text)) WHERE id = $1`, [Number(s.saksmappe), title]);
    const { rows } = await client.query<{ revision_id: string }>(
      `INSERT INTO change_log (entity_id, entity_type, revision_type, modified_date, modified_by, modified_by_user_id, modified_field, modified_field_type, new_value)
       VALUES ($1, 'Saksmappe', 'UPDATE', '2026-11-27T12:00:00.000+01:00', 'test', 'test', 'tittel', 'string', $2) RETURNING revision_id`,
      [Number(s.saksmappe), { tittel: title }],
    );
    return Number(rows[0].revision_id);
  }

  /** A case file saved through the sandbox, committed at once: its revisions come after any taken before. */
  async function saveCaseFile(title: string): Promise<string> {
    const made = await t.transaction(token, [
      { action: 'save', type: 'Saksmappe', id: 'sak', fields: { tittel: title } },
      { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refArkivdel', linkToId: s.arkivdel },
      { action: 'link', type: 'Saksmappe', id: 'sak', ref: 'refPrimaerKlasse', linkToId: s.klasser[0] },
    ]);
    assert.equal(made.status, 200, made.text);
    return made.json.saved.sak.id as string;
  }

  async function indexedTitle(id: string): Promise<string | undefined> {
    const { rows } = await t.sandbox.services.db.query<{ texts: Record<string, unknown> }>(
      `SELECT texts FROM fulltext_entry WHERE doctype = 'Mappe' AND subject_id = $1`,
      [Number(id)],
    );
    return rows[0] === undefined ? undefined : JSON.stringify(rows[0].texts);
  }

  async function progressMark(): Promise<number> {
    const { rows } = await t.sandbox.services.db.query<{ last_revision: number }>('SELECT last_revision FROM fulltext_progress WHERE id = 1');
    return Number(rows[0]?.last_revision ?? 0);
  }

  test('a revision committed after later ones is indexed, not passed over', async () => {
    assert.match((await indexedTitle(s.saksmappe)) ?? '', /Gap sak/);
    const holder = await connect();
    try {
      const held = await renameInFlight(holder, 'Sent omdøpt sak');
      const later = await saveCaseFile('Senere sak');
      await indexer.runOnce();
      assert.ok((await progressMark()) < held, 'the progress mark passed a revision still in flight');
      await holder.query('COMMIT');
      await indexer.runOnce();
      assert.match((await indexedTitle(s.saksmappe)) ?? '', /Sent omdøpt sak/, 'the change committed last is in the index');
      assert.match((await indexedTitle(later)) ?? '', /Senere sak/);
    } finally {
      await holder.end();
    }
  });

  test('a revision whose transaction rolled back holds nothing back once it has ended', async () => {
    const holder = await connect();
    try {
      const held = await renameInFlight(holder, 'Aldri lagret');
      const later = await saveCaseFile('Etter tilbakerulling');
      await indexer.runOnce();
      assert.equal(await indexedTitle(later), undefined, 'indexed past a revision still in flight');
      await holder.query('ROLLBACK');
      await indexer.runOnce();
      assert.match((await indexedTitle(later)) ?? '', /Etter tilbakerulling/);
      assert.ok((await progressMark()) > held);
      assert.doesNotMatch((await indexedTitle(s.saksmappe)) ?? '', /Aldri lagret/);
    } finally {
      await holder.end();
    }
  });
});
