/**
 * Several writing statements sent as one: each becomes a data-modifying `WITH` item of a single
 * statement, which PostgreSQL runs to completion in order of appearance, all seeing the same
 * snapshot, with foreign keys checked when the whole statement ends (so a link may reference an
 * entity inserted by an earlier item). One round trip instead of one per statement; at the end
 * of a transaction run, that is also less time holding the counter rows it locked.
 */
import type { SqlSession, SqlValue } from './database';

/** One INSERT, UPDATE or DELETE with its `$n` parameters (and no `$` anywhere else). */
export interface SqlStatement {
  sql: string;
  params: readonly SqlValue[];
}

/** Runs `statements` (writes whose results are not needed) in one round trip; `last`: the
 * transaction's last statement, sent with its COMMIT where the session can (`sendWrite`). */
export async function runTogether(session: SqlSession, statements: readonly SqlStatement[], last = false): Promise<void> {
  if (statements.length === 0) return;
  const run = (sql: string, params: readonly SqlValue[]) => (last && session.sendWrite ? session.sendWrite(sql, params) : session.query(sql, params));
  if (statements.length === 1) {
    await run(statements[0].sql, statements[0].params);
    return;
  }
  const params: SqlValue[] = [];
  const items = statements.map((statement, i) => {
    const offset = params.length;
    params.push(...statement.params);
    return `w${i} AS (${statement.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`)})`;
  });
  await run(`WITH ${items.join(',\n')}\nSELECT 1`, params);
}
