/**
 * The access log's rows: every entity a query returns counts as one read by the calling account
 * (spec `POST /logs/access-log`: createdDate, userName, objectType, objectUUID, version).
 *
 * The rows are written after the answer, not before it: a read is taken down (its time, account
 * and entities) when the query has its results, queued, and the queue is written with one INSERT
 * `accessLogDelayMs` later, so the queries of that time (a test suite sends hundreds a second)
 * cost one write and one commit instead of one each, in the order the reads were taken. Whoever
 * reads the log writes the queue first (`flushAccessLog`), and so does the module's close, so no
 * read is missing from the log; a killed process loses the reads of its last moments.
 *
 * The table belongs to the log module. The query endpoint calls `recordReads` unconditionally, so
 * it records only where the log module created the table (its seed marks the database), and a
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

/** How long reads wait in the queue for others to be written with. */
export const accessLogDelayMs = 20;

/** Reads taken down and not yet written, per database whose log module is loaded. */
class AccessLogQueue {
  private created: string[] = [];
  private userNames: string[] = [];
  private userIds: string[] = [];
  private types: string[] = [];
  private uuids: string[] = [];
  private versions: string[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** The writes in progress, one after another. */
  private written: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly log: (line: string) => void,
  ) {}

  add(createdDate: string, account: Account, entities: readonly ReadEntity[]): void {
    for (const e of entities) {
      const uuid = e.fields.uuid;
      if (typeof uuid !== 'string') continue;
      this.created.push(createdDate);
      this.userNames.push(account.displayName);
      this.userIds.push(account.userId);
      this.types.push(e.type);
      this.uuids.push(uuid);
      this.versions.push(e.version);
    }
    if (this.created.length > 0 && !this.timer) this.timer = setTimeout(() => void this.flush(), accessLogDelayMs);
  }

  /** Writes what is queued; resolves when it and every earlier write are done. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.created.length > 0) {
      const rows = [this.created, this.userNames, this.userIds, this.types, this.uuids, this.versions];
      this.created = [];
      this.userNames = [];
      this.userIds = [];
      this.types = [];
      this.uuids = [];
      this.versions = [];
      this.written = this.written.then(() =>
        this.db
          .query(
            `INSERT INTO access_log (created_date, user_name, user_id, object_type, object_uuid, version)
             SELECT r.c, r.un, r.ui, r.t, r.u, r.v FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS r(c, un, ui, t, u, v, n) ORDER BY r.n`,
            rows,
          )
          .then(
            () => undefined,
            // Nobody waits on the answer of a read that was already sent; the failure is told where the sandbox tells its errors.
            (error: unknown) => this.log(`writing ${rows[0].length} access-log entries failed: ${error instanceof Error ? error.message : String(error)}`),
          ),
      );
    }
    return this.written;
  }
}

const queues = new WeakMap<Database, AccessLogQueue>();

/** Called by the log module once its table exists. */
export function enableAccessLog(db: Database, log: (line: string) => void = () => undefined): void {
  if (!queues.has(db)) queues.set(db, new AccessLogQueue(db, log));
}

/** What a read needs of an entity as returned by a query. */
export interface ReadEntity {
  type: string;
  version: string;
  fields: Readonly<Record<string, unknown>>;
}

/** Takes down the reads of one answer; they are written shortly after, in the order taken. */
export function recordReads(services: { db: Database; now: () => number }, account: Account, entities: readonly ReadEntity[]): void {
  if (entities.length === 0) return;
  queues.get(services.db)?.add(formatTimestamp(services.now()), account, entities);
}

/** Writes the reads taken down so far: before the log is read, and before the database closes. */
export async function flushAccessLog(db: Database): Promise<void> {
  await queues.get(db)?.flush();
}
