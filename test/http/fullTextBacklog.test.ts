/**
 * The full-text indexer working through a large backlog (a freshly generated archive) must not
 * hold requests back: it rebuilds entries in small SQL transactions and lets waiting requests in
 * between them. Asserted by ordering, not by time: a query sent while indexing is under way is
 * answered before the indexer finishes, after at most a few of its transactions; and the index is
 * complete and correct afterwards.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FullTextIndexer } from '../../sandbox/fulltext/fullTextIndexer';
import { fullTextModule } from '../../sandbox/fulltext/fullTextModule';
import { generateLargeArchive } from '../../sandbox/seed/largeArchive';
import { useTestSandbox } from './sandboxHarness';

const entitiesGenerated = 3000;
const entriesPerTransaction = 20;

describe('full-text indexing of a large backlog', () => {

  // Interval 0: the module's own indexer stays idle; the test drives one it can watch.
  const env = useTestSandbox({ modules: [fullTextModule], fullTextIndexIntervalSeconds: 0, seedArchive: 'none' });
  env.before(async () => {
    await generateLargeArchive(env.sandbox.sandbox.services, entitiesGenerated);
  });


  it('answers queries while the backlog is indexed, between small transactions, and indexes everything', async () => {
    const db = env.sandbox.sandbox.services.db;
    const { rows: folders } = await db.query<{ m: string; id: string | number }>(`SELECT id, fields->>'mappeIdent' AS m FROM entity WHERE type = 'Saksmappe' ORDER BY id DESC LIMIT 1`);
    const sizes: number[] = [];
    let committedFirst: () => void = () => undefined;
    const underWay = new Promise<void>((resolve) => (committedFirst = resolve));
    const indexer = new FullTextIndexer(env.sandbox.sandbox.services, {
      maxEntriesPerTransaction: entriesPerTransaction,
      onTransaction: (entries) => {
        sizes.push(entries);
        committedFirst();
      },
    });
    let finished = false;
    const run = indexer.runOnce().then((n) => {
      finished = true;
      return n;
    });
    await underWay;
    const sentAfter = sizes.length;
    const answer = await env.sandbox.query(env.token, { type: 'Saksmappe', query: 'mappeIdent = @m', parameters: { '@m': folders[0].m } });
    const answeredAfter = sizes.length;
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.json.results[0]?.id, String(folders[0].id));
    assert.equal(finished, false, 'the query was answered while the backlog was still being indexed');
    assert.ok(answeredAfter - sentAfter <= 3, `the query waited for ${answeredAfter - sentAfter} indexer transactions`);

    const indexed = await run;
    assert.ok(
      sizes.every((n) => n <= entriesPerTransaction),
      `no transaction rebuilds more than ${entriesPerTransaction} entries (largest: ${Math.max(...sizes)})`,
    );
    const { rows: subjects } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM entity WHERE type IN ('Saksmappe', 'Journalpost', 'Korrespondansepart', 'Dokumentversjon', 'Arkivdel')`,
    );
    const { rows: entries } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM fulltext_entry');
    assert.equal(indexed, subjects[0].n);
    assert.equal(entries[0].n, subjects[0].n, 'one entry per case file, registry entry, party, document version and series');
    assert.ok(sizes.length >= subjects[0].n / entriesPerTransaction, `${sizes.length} transactions for ${subjects[0].n} entries`);

    const search = await env.sandbox.post('/full-text/search', { doctype: 'Mappe', query: folders[0].m }, { token: env.token });
    assert.equal(search.status, 200, search.text);
    assert.ok(search.json.total >= 1);
    const { rows: versions } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM entity WHERE type = 'Dokumentversjon'`);
    const tekst = await env.sandbox.post('/full-text/search', { query: 'tiltak OR byggesak OR barnehageplass OR skjenkebevilling', limit: 0 }, { token: env.token });
    assert.equal(tekst.json.total, versions[0].n, 'every generated document version is found by the text of its file');
  });
});
