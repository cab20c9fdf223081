/**
 * The access log's rows: every entity a query returns counts as one read by the calling account
 * (spec `POST /logs/access-log`: createdDate, userName, objectType, objectUUID, version). The rows
 * of one query are written with one INSERT.
 *
 * The table belongs to the log module. The query endpoint calls `recordReads` unconditionally, so
 * it writes only where the log module created the table (its seed marks the database), and a
 * sandbox started without the module answers queries exactly as before.
 */
import type { Account } from '../auth/accounts';
import type { Database } from '../store/database';
import { formatTimestamp } from '../store/fieldValues';

export const accessLogSchema: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS access_log (
    id bigserial PRIMARY KEY,
    created_date text NOT NULL,
    user_name text NOT NULL,
    user_id text NOT NULL,
    object_type text NOT NULL,
    object_uuid text NOT NULL,
    version text NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS access_log_uuid ON access_log (object_uuid)`,
];

const enabled = new WeakSet<Database>();

/** Called by the log module once its table exists. */
export function enableAccessLog(db: Database): void {
  enabled.add(db);
}

/** What a read needs of an entity as returned by a query. */
export interface ReadEntity {
  type: string;
  version: string;
  fields: Readonly<Record<string, unknown>>;
}

export async function recordReads(services: { db: Database; now: () => number }, account: Account, entities: readonly ReadEntity[]): Promise<void> {
  if (!enabled.has(services.db) || entities.length === 0) return;
  const types: string[] = [];
  const uuids: string[] = [];
  const versions: string[] = [];
  for (const e of entities) {
    const uuid = e.fields.uuid;
    if (typeof uuid !== 'string') continue;
    types.push(e.type);
    uuids.push(uuid);
    versions.push(e.version);
  }
  if (uuids.length === 0) return;
  await services.db.query(
    `INSERT INTO access_log (created_date, user_name, user_id, object_type, object_uuid, version)
     SELECT $1, $2, $3, r.t, r.u, r.v FROM unnest($4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS r(t, u, v, n) ORDER BY r.n`,
    [formatTimestamp(services.now()), account.displayName, account.userId, types, uuids, versions],
  );
}
