/**
 * The access log: every entity a query returns counts as one read by the calling account (spec
 * `POST /logs/access-log`: createdDate, userName, objectType, objectUUID, version).
 *
 * The reads are written after the answer, not before it: an answer's reads (its time, account and
 * entities) are taken down when the query has its results, queued, and the queue is written
 * `accessLogDelayMs` later, in the order the reads were taken. Whoever reads the log writes the
 * queue first (`flushAccessLog`), and so does the module's close, so no read is missing from the
 * log; a killed process loses the reads of its last moments.
 *
 * An answer's reads are one row, their types, uuids and versions as arrays, which the log's
 * reader unnests in order. A page of 500 entities written as 500 rows, each with its place in the
 * primary key and the uuid's index, cost the archive 2.7 ms, more than answering the query; as one
 * row, 0.8 ms. Reading by uuid scans the rows: the log is read far less often than written.
 *
 * The table belongs to the log module. The query endpoint calls `recordReads` unconditionally, so
 * it records only where the log module created the table (its seed marks the database), and a
 * sandbox started without the module answers queries exactly as before.
 */
import type { Account } from '../auth/accounts';
import type { Database } from '../store/database';
import { formatTimestamp } from '../store/fieldValues';

export const accessLogSchema: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS access_log_read (
    id bigserial PRIMARY KEY,
    created_date text NOT NULL,
    user_name text NOT NULL,
    user_id text NOT NULL,
    object_types text[] NOT NULL,
    object_uuids text[] NOT NULL,
    versions text[] NOT NULL
  )`,
  // An archive written before answers were kept as one row each: its rows, one read each, in order.
  `DO $$ BEGIN
    IF to_regclass('access_log') IS NOT NULL THEN
      INSERT INTO access_log_read (created_date, user_name, user_id, object_types, object_uuids, versions)
        SELECT created_date, user_name, user_id, ARRAY[object_type], ARRAY[object_uuid], ARRAY[version] FROM access_log ORDER BY id;
      DROP TABLE access_log;
    END IF;
  END $$`,
];

/** The rows of the log as one per read, oldest first (`n` orders the reads of one answer). */
export const accessLogEntries = `(SELECT a.id, e.n, a.created_date, a.user_name, a.user_id, e.object_type, e.object_uuid, e.version
  FROM access_log_read a CROSS JOIN LATERAL unnest(a.object_types, a.object_uuids, a.versions) WITH ORDINALITY AS e(object_type, object_uuid, version, n)) AS entries`;

/** How long reads wait in the queue for others to be written with. */
export const accessLogDelayMs = 20;

/** One answer's reads. */
interface AnswerReads {
  createdDate: string;
  userName: string;
  userId: string;
  types: string[];
  uuids: string[];
  versions: string[];
}

/** Reads taken down and not yet written, per database whose log module is loaded. */
class AccessLogQueue {
  private answers: AnswerReads[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** The writes in progress, one after another. */
  private written: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly log: (line: string) => void,
  ) {}

  add(createdDate: string, account: Account, entities: readonly ReadEntity[]): void {
    const answer: AnswerReads = { createdDate, userName: account.displayName, userId: account.userId, types: [], uuids: [], versions: [] };
    for (const e of entities) {
      const uuid = e.fields.uuid;
      if (typeof uuid !== 'string') continue;
      answer.types.push(e.type);
      answer.uuids.push(uuid);
      answer.versions.push(e.version);
    }
    if (answer.uuids.length === 0) return;
    this.answers.push(answer);
    if (!this.timer) this.timer = setTimeout(() => void this.flush(), accessLogDelayMs);
  }

  /** Writes what is queued; resolves when it and every earlier write are done. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.answers.length > 0) {
      const answers = this.answers;
      this.answers = [];
      // One statement for them all (a thousand at most), each answer a row of six parameters.
      for (let from = 0; from < answers.length; from += 1000) {
        const chunk = answers.slice(from, from + 1000);
        const rows = chunk.map((_, i) => `($${6 * i + 1}, $${6 * i + 2}, $${6 * i + 3}, $${6 * i + 4}, $${6 * i + 5}, $${6 * i + 6})`);
        const params = chunk.flatMap((a) => [a.createdDate, a.userName, a.userId, a.types, a.uuids, a.versions]);
        this.written = this.written.then(() =>
          this.db.query(`INSERT INTO access_log_read (created_date, user_name, user_id, object_types, object_uuids, versions) VALUES ${rows.join(', ')}`, params).then(
            () => undefined,
            // Nobody waits on the answer of a read that was already sent; the failure is told where the sandbox tells its errors.
            (error: unknown) => this.log(`writing the access log of ${chunk.length} answers failed: ${error instanceof Error ? error.message : String(error)}`),
          ),
        );
      }
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
