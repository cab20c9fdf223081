/**
 * Deep pages without walking the rows before them.
 *
 * A page at `offset` N of a query in id order makes PostgreSQL read and throw away N rows first:
 * at OFFSET 1,000,000 a million index entries and heap rows, whatever the index. So the archive
 * keeps a count of its entities per type and per bucket of 1,024 consecutive ids (`entity_rank`,
 * kept exact by triggers on `entity` in the same transaction as the change), and a deep page of a
 * listing (a type, no condition, id order) first sums those counts to find the bucket where the
 * page begins, then starts its index scan at that bucket and skips only the rows of that bucket
 * before the page: at most 1,023 instead of N. The answer is exactly what OFFSET gives, in the same
 * order (the spec's paging rule, § Limits, stays offset + limit). Counts are kept for all entities
 * and for the unscreened ones (`publicUse`), as a query asks for one or the other.
 *
 * On a server shared by concurrent transactions, one row per type and bucket would be a lock
 * every transaction creating that type waits for until the other commits (and a deadlock with the
 * counters). There the triggers append rows of changes instead (the readers sum them anyway), and
 * `compactEntityRanks` folds them together now and then.
 */
import type { Database, SqlValue } from './database';

/** Ids per bucket, as a shift: 2^10 = 1,024. */
export const rankBucketBits = 10;

/** Below this offset a page walks its rows as before: skipping a thousand rows costs less than summing the buckets. */
export const deepOffsetFrom = 1000;

/** `shared`: concurrent transactions on a server (see the header). */
export function entityRankStatements(shared = false): string[] {
  return shared ? appendedRankStatements() : rankStatements();
}

/** The triggers both ways of counting share: each calls its way's function of the same name. */
const rankTriggers = [
    `CREATE OR REPLACE TRIGGER entity_rank_added AFTER INSERT ON entity REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION entity_rank_added()`,
    `CREATE OR REPLACE TRIGGER entity_rank_removed AFTER DELETE ON entity REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION entity_rank_removed()`,
    `CREATE OR REPLACE TRIGGER entity_rank_changed AFTER UPDATE ON entity FOR EACH ROW
     WHEN (OLD.type IS DISTINCT FROM NEW.type OR OLD.id IS DISTINCT FROM NEW.id OR OLD.screened IS DISTINCT FROM NEW.screened)
     EXECUTE FUNCTION entity_rank_changed()`,
];

function rankStatements(): string[] {
  const bucket = `id >> ${rankBucketBits}`;
  return [
    `CREATE TABLE IF NOT EXISTS entity_rank (
      type text NOT NULL,
      bucket bigint NOT NULL,
      total bigint NOT NULL,
      unscreened bigint NOT NULL,
      PRIMARY KEY (type, bucket)
    )`,
    // An archive made before the table existed is counted once; afterwards the triggers keep the
    // counts, so an empty table means an empty archive and this finds nothing to do.
    `INSERT INTO entity_rank (type, bucket, total, unscreened)
     SELECT type, ${bucket}, count(*), count(*) FILTER (WHERE NOT screened) FROM entity
     WHERE NOT EXISTS (SELECT 1 FROM entity_rank) GROUP BY 1, 2`,
    // Statement triggers with transition tables: a bulk insert of thousands of rows is one
    // grouped update of the counts, not one per row.
    `CREATE OR REPLACE FUNCTION entity_rank_added() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       INSERT INTO entity_rank AS r (type, bucket, total, unscreened)
       SELECT type, ${bucket}, count(*), count(*) FILTER (WHERE NOT screened) FROM added GROUP BY 1, 2
       ON CONFLICT (type, bucket) DO UPDATE SET total = r.total + EXCLUDED.total, unscreened = r.unscreened + EXCLUDED.unscreened;
       RETURN NULL;
     END $$`,
    `CREATE OR REPLACE FUNCTION entity_rank_removed() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       UPDATE entity_rank r SET total = r.total - d.total, unscreened = r.unscreened - d.unscreened
       FROM (SELECT type, ${bucket} AS bucket, count(*) AS total, count(*) FILTER (WHERE NOT screened) AS unscreened FROM removed GROUP BY 1, 2) d
       WHERE r.type = d.type AND r.bucket = d.bucket;
       RETURN NULL;
     END $$`,
    // Updates rarely change what is counted (a screening set or lifted): a row trigger whose WHEN
    // clause passes over every other update without calling anything.
    `CREATE OR REPLACE FUNCTION entity_rank_changed() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       UPDATE entity_rank SET total = total - 1, unscreened = unscreened - (NOT OLD.screened)::int
       WHERE type = OLD.type AND bucket = OLD.id >> ${rankBucketBits};
       INSERT INTO entity_rank AS r (type, bucket, total, unscreened) VALUES (NEW.type, NEW.id >> ${rankBucketBits}, 1, (NOT NEW.screened)::int)
       ON CONFLICT (type, bucket) DO UPDATE SET total = r.total + 1, unscreened = r.unscreened + EXCLUDED.unscreened;
       RETURN NULL;
     END $$`,
    ...rankTriggers,
  ];
}

function appendedRankStatements(): string[] {
  const bucket = `id >> ${rankBucketBits}`;
  const counts = `count(*), count(*) FILTER (WHERE NOT screened)`;
  return [
    `CREATE TABLE IF NOT EXISTS entity_rank (
      type text NOT NULL,
      bucket bigint NOT NULL,
      total bigint NOT NULL,
      unscreened bigint NOT NULL
    )`,
    `ALTER TABLE entity_rank DROP CONSTRAINT IF EXISTS entity_rank_pkey`,
    `CREATE INDEX IF NOT EXISTS entity_rank_type_bucket ON entity_rank (type, bucket)`,
    `INSERT INTO entity_rank (type, bucket, total, unscreened)
     SELECT type, ${bucket}, ${counts} FROM entity WHERE NOT EXISTS (SELECT 1 FROM entity_rank) GROUP BY 1, 2`,
    `CREATE OR REPLACE FUNCTION entity_rank_added() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       INSERT INTO entity_rank (type, bucket, total, unscreened) SELECT type, ${bucket}, ${counts} FROM added GROUP BY 1, 2;
       RETURN NULL;
     END $$`,
    `CREATE OR REPLACE FUNCTION entity_rank_removed() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       INSERT INTO entity_rank (type, bucket, total, unscreened) SELECT type, ${bucket}, -count(*), -count(*) FILTER (WHERE NOT screened) FROM removed GROUP BY 1, 2;
       RETURN NULL;
     END $$`,
    `CREATE OR REPLACE FUNCTION entity_rank_changed() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       INSERT INTO entity_rank (type, bucket, total, unscreened) VALUES
         (OLD.type, OLD.id >> ${rankBucketBits}, -1, -(NOT OLD.screened)::int),
         (NEW.type, NEW.id >> ${rankBucketBits}, 1, (NOT NEW.screened)::int);
       RETURN NULL;
     END $$`,
    ...rankTriggers,
  ];
}

/** Folds the appended rows of a shared archive into one per type and bucket. Rows appended
 * meanwhile are not in the statement's snapshot and stay, so no count is lost. */
export async function compactEntityRanks(db: Database): Promise<void> {
  await db.query(
    `WITH gone AS (DELETE FROM entity_rank RETURNING *)
     INSERT INTO entity_rank (type, bucket, total, unscreened) SELECT type, bucket, sum(total), sum(unscreened) FROM gone GROUP BY 1, 2`,
  );
}

export interface DeepPage {
  /** A `WITH` item to put before the SELECT. */
  cte: string;
  /** A condition on `e0.id` that starts the scan at the page's bucket. */
  idBound: string;
  /** The OFFSET to use instead: the rows of that bucket before the page. */
  offset: string;
}

/**
 * The parts of a deep page's SQL for entities of `typesParam` in id order `order`. Where the
 * offset lies past the last entity, the bucket is NULL, the id condition holds for no row and the
 * page is empty, as OFFSET would make it.
 */
export function deepPage(typesParam: string, offset: number, order: 'asc' | 'desc', publicUse: boolean, param: (value: SqlValue) => string): DeepPage {
  const counted = publicUse ? 'unscreened' : 'total';
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  const offsetParam = param(offset);
  const cte = `rank_anchor AS (
    SELECT bucket, upto - n AS before FROM (
      SELECT bucket, n, sum(n) OVER (ORDER BY bucket ${direction}) AS upto
      FROM (SELECT bucket, sum(${counted}) AS n FROM entity_rank WHERE type = ANY(${typesParam}) GROUP BY bucket) per_bucket
    ) running
    WHERE upto > ${offsetParam}::bigint ORDER BY bucket ${direction} LIMIT 1)`;
  const bucket = '(SELECT bucket FROM rank_anchor)';
  const idBound = order === 'asc' ? `e0.id >= ${bucket} << ${rankBucketBits}` : `e0.id < (${bucket} + 1) << ${rankBucketBits}`;
  return { cte, idBound, offset: `(${offsetParam}::bigint - (SELECT before FROM rank_anchor))::bigint` };
}
