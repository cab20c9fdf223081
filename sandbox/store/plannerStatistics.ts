/**
 * Planner statistics for PGlite, which runs no autovacuum daemon: without them the planner takes
 * every table for a handful of rows (a `type = …` condition for 0.5 % of the table), and a page of
 * 500 out of 50,000 Klasse was answered by sorting all 50,000 on disk instead of walking the
 * primary key, some 100 ms per page. So the sandbox does what autovacuum does on a server: it
 * analyses a table that was never analysed, or that changed by a tenth since
 * (`autovacuum_analyze_scale_factor` 0.1), at start-up and then every minute (`autovacuum_naptime`).
 * "Changed" is measured in pages, not in PostgreSQL's change counters: PGlite loses those on every
 * restart and flushes them late (an ANALYZE right after a large insert sees the insert counted
 * again afterwards), while pages persist; and with no VACUUM in PGlite an update or a delete
 * leaves its old row version in place, so every change grows the table.
 */
import type { SqlSession } from './database';

/** Below this many pages (64 KiB) the planner's guesses cannot go far wrong: analysing is skipped. */
const minPages = 8;

export const statisticsIntervalMs = 60_000;

/** Analyses every table of the public schema whose statistics are missing or stale; returns their names. */
export async function analyzeStaleTables(db: SqlSession): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT c.relname AS name
     FROM pg_class c
     CROSS JOIN LATERAL (SELECT pg_relation_size(c.oid) / current_setting('block_size')::int AS pages) size
     WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace AND size.pages >= $1
       AND (c.reltuples < 0 OR size.pages > c.relpages * 1.1)
     ORDER BY c.relname`,
    [minPages],
  );
  // The names come from pg_class, and are quoted all the same.
  for (const { name } of rows) await db.query(`ANALYZE "${name.replace(/"/g, '""')}"`);
  return rows.map((r) => r.name);
}
