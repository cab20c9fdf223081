/**
 * The `Database` interface over a PostgreSQL server (`--database postgres://…`), for a sandbox a
 * team shares. It runs the same SQL as PGlite; what differs is made to behave the same:
 *
 * - Values: `pg` returns bigint as a string where PGlite returns a number (a bigint beyond 2^53),
 *   so the pool parses int8 the way PGlite does. Objects are sent as JSON, as PGlite does for jsonb.
 * - Concurrency: PGlite runs one statement at a time, so its transactions never interleave. On a
 *   server they do, and several sandbox processes may share it: each transaction locks the rows
 *   it reads and then writes on (the executor's `FOR NO KEY UPDATE` / `FOR SHARE`, the counters'
 *   upsert), so unrelated transactions run side by side and numbering stays gap-free (a counter's
 *   row stays locked until its transaction commits or rolls back). A deadlock or serialization
 *   failure between them runs the transaction again, up to `maxAttempts`, and is never answered.
 *   Work over whole subtrees or registries asks for `exclusive`: every transaction holds one
 *   advisory lock shared, an exclusive one waits for them all and holds them off.
 * - Round trips: each costs both sides more CPU than the sandbox's short statements (a write
 *   that wakes the other side, a wake-up to read the answer), so the connection is pipelined and
 *   a transaction sends what it can before it waits, in one write (`OutgoingBatch`): its BEGIN
 *   with its first reads, its last writes with its COMMIT (`sendWrite`, `sendCommit`).
 */
import type { Duplex } from 'node:stream';
import type { Client, Pool as PgPool, PoolClient, PoolConfig } from 'pg';
import type { Database, QueryOptions, SqlSession, SqlValue, TransactionOptions } from './database';

// Loaded by a computed name, like PGlite: `pg` optionally requires `pg-native`, which a bundle
// cannot resolve, and the default (PGlite) sandbox should not load it at all.
const pgModule: string = 'pg';

/** Arbitrary but fixed: the key of the advisory lock every transaction holds shared and an
 * exclusive one alone. */
const writeLockKey = 0x6e6f61726b71; // "noarkq"
/** The key of the session lock that lets one process at a time create the schema and seed. */
const setupLockKey = 0x6e6f61726b72;

/** Runs of one transaction before a deadlock or serialization failure is given up on. */
const maxAttempts = 20;

/** deadlock_detected, serialization_failure: the transaction did nothing, run it again. */
const retriedCodes = new Set(['40P01', '40001']);

function isRetried(error: unknown): boolean {
  return typeof error === 'object' && error !== null && retriedCodes.has(String((error as { code?: unknown }).code));
}

/** A short random pause, longer after each failed attempt, so that two transactions that
 * deadlocked do not meet again in the same order. */
function backoff(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 * attempt)));
}

const int8Oid = 20;
const int8ArrayOid = 1016;

function parseInt8(text: string): number | bigint {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : BigInt(text);
}

/** `pg` sends a JS array as a PostgreSQL array; an array of objects can only be meant as JSON. */
function toParam(value: SqlValue): unknown {
  if (Array.isArray(value)) return value.some((v) => v !== null && typeof v === 'object') ? JSON.stringify(value) : value;
  return value;
}

/**
 * Names under which statements are prepared on the server: a named statement is parsed and
 * planned once per connection (PostgreSQL keeps its plan, or re-plans it when statistics or the
 * schema change), then only bound, where an unnamed one is parsed and planned on every call, for
 * the sandbox's short statements much of their cost, as on PGlite (preparedStatements.ts). The
 * same text has the same name on every connection of the process; `pg` prepares it on a
 * connection the first time it runs there. Texts built with varying shapes (queries with other
 * conditions) beyond `capacity` run unnamed, so a connection never holds more than that.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();

  constructor(private readonly capacity = 256) {}

  nameOf(sql: string): string | undefined {
    let name = this.names.get(sql);
    if (name === undefined && this.names.size < this.capacity) {
      name = `noarkq_${this.names.size + 1}`;
      this.names.set(sql, name);
    }
    return name;
  }
}

/** What `query` sends: named (prepared) when it has parameters, unless planned for each run. */
function send(client: Pick<PgPool, 'query'>, names: StatementNames, sql: string, params: readonly SqlValue[], options: QueryOptions = {}) {
  const values = params.map(toParam);
  // Only statements with parameters are named: a text without may hold several statements,
  // which a prepared statement cannot.
  const name = values.length > 0 && !options.planEachRun ? names.nameOf(sql) : undefined;
  return name === undefined ? client.query(sql, values) : client.query({ name, text: sql, values });
}

function session(client: Pick<PgPool, 'query'>, names: StatementNames): SqlSession {
  return {
    async query<Row>(sql: string, params: readonly SqlValue[] = [], options?: QueryOptions) {
      const result = await send(client, names, sql, params, options);
      return { rows: result.rows as Row[] };
    },
    async sendWrite(sql: string, params: readonly SqlValue[]) {
      await send(client, names, sql, params);
    },
  };
}

/**
 * The statements of one transaction, BEGIN first, whether or not their answers are awaited (the
 * BEGIN's and `sendWrite`'s are not): the connection is pipelined, so what is sent next goes out
 * at once, behind them, and the server runs it after them, in their transaction. Their first
 * failure is the transaction's: a later statement fails only because of it ("current transaction
 * is aborted"), and a COMMIT sent behind it was a rollback.
 */
class SentStatements {
  private readonly answers: Promise<void>[] = [];
  private failure: { error: unknown } | undefined;

  track(answer: Promise<unknown>): void {
    this.answers.push(
      answer.then(
        () => undefined,
        (error: unknown) => {
          this.failure ??= { error };
        },
      ),
    );
  }

  /** Resolves when every statement sent so far is answered: with the first failure, if any. */
  async failed(): Promise<{ error: unknown } | undefined> {
    await Promise.all(this.answers);
    return this.failure;
  }
}

/**
 * Statements a transaction sends before it waits leave in one write: `pg` writes each statement to
 * the socket on its own, a system call each, and each wakes the server's backend to read it, which
 * costs both sides more than the statements themselves. So the socket is corked while they are
 * sent, and uncorked once the sender waits (a microtask after a send), or, for a write that goes
 * with the COMMIT, when the COMMIT is sent behind it.
 */
class OutgoingBatch {
  private corked = false;

  constructor(private readonly stream: Duplex) {}

  hold(): void {
    if (this.corked) return;
    this.corked = true;
    this.stream.cork();
  }

  readonly release = (): void => {
    if (!this.corked) return;
    this.corked = false;
    this.stream.uncork();
  };

  /** Sends now: the caller waits for the answer next. */
  send<T>(sending: () => T): T {
    this.hold();
    const sent = sending();
    queueMicrotask(this.release);
    return sent;
  }

  /** Sends with what follows: a statement sent later (at the latest the COMMIT or ROLLBACK) takes it along. */
  sendLater<T>(sending: () => T): T {
    this.hold();
    return sending();
  }
}

/** A transaction's session: every statement is tracked in `sent` (in the order sent, which is the
 * order the server runs them), so that its first failure is the one the transaction fails with. */
class TransactionSession implements SqlSession {
  readonly concurrent = true;
  /** The COMMIT's answer, once sent (`sendCommit`). */
  committed: Promise<{ error: unknown } | undefined> | undefined;

  constructor(
    private readonly client: PoolClient,
    private readonly names: StatementNames,
    private readonly sent: SentStatements,
    private readonly batch: OutgoingBatch,
  ) {}

  private sendStatement(sql: string, params: readonly SqlValue[], later: boolean, options?: QueryOptions) {
    if (this.committed) throw new Error('a statement was sent after the COMMIT of its transaction');
    const sending = () => send(this.client, this.names, sql, params, options);
    const answer = later ? this.batch.sendLater(sending) : this.batch.send(sending);
    this.sent.track(answer);
    return answer;
  }

  async query<Row>(sql: string, params: readonly SqlValue[] = [], options?: QueryOptions) {
    const result = await this.sendStatement(sql, params, false, options);
    return { rows: result.rows as Row[] };
  }

  async sendWrite(sql: string, params: readonly SqlValue[]) {
    this.sendStatement(sql, params, true);
  }

  sendCommit(): void {
    this.commit();
  }

  /** Sends the COMMIT unless it was sent; its answer (a failure as `{ error }`). */
  commit(): Promise<{ error: unknown } | undefined> {
    this.committed ??= this.batch
      .send(() => this.client.query('COMMIT'))
      .then(
        () => undefined,
        (error: unknown) => ({ error }),
      );
    this.batch.release();
    return this.committed;
  }
}

export interface PostgresOpenOptions {
  /** `postgres://user:password@host:port/database` */
  url: string;
  /** Pool size (10). */
  maxConnections?: number;
}

/** Connects to a PostgreSQL server and checks the connection before the sandbox starts on it. */
export async function openPostgresDatabase(options: PostgresOpenOptions): Promise<Database> {
  const pg = (await import(pgModule)) as typeof import('pg');
  const Pool = pg.Pool ?? (pg as unknown as { default: typeof import('pg') }).default.Pool;
  const Client = pg.Client ?? (pg as unknown as { default: typeof import('pg') }).default.Client;
  const defaultParser = (pg.types ?? (pg as unknown as { default: typeof import('pg') }).default.types).getTypeParser;
  const config: PoolConfig = {
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    // Statements sent one after another without waiting for answers travel together (a
    // transaction's BEGIN and its first reads, its last writes and its COMMIT); the server still
    // runs them one at a time, in the order sent.
    pipeline: true,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (format !== 'binary' && oid === int8Oid) return parseInt8;
        if (format !== 'binary' && oid === int8ArrayOid) {
          const parseArray = defaultParser(int8ArrayOid as Parameters<typeof defaultParser>[0], 'text') as (text: string) => (string | null)[];
          return (text: string) => parseArray(text).map((v) => (v === null ? null : parseInt8(v)));
        }
        return defaultParser(oid, format as 'text');
      }) as NonNullable<PoolConfig['types']>['getTypeParser'],
    },
  };
  const pool: PgPool = new Pool(config);
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    const where = redactPassword(options.url);
    throw new Error(`cannot reach the PostgreSQL database ${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let closed = false;
  // A role is held by a session lock on a connection of its own, kept while the process runs:
  // when the process ends, so does the session, and another process takes the role.
  const roles = new Map<string, { client: InstanceType<typeof Client>; held: boolean }>();
  const names = new StatementNames();
  return {
    ...session(pool, names),
    async transaction<T>(fn: (tx: SqlSession) => Promise<T>, transactionOptions: TransactionOptions = {}): Promise<T> {
      // One round trip: BEGIN and the lock as one simple query.
      const begin = `BEGIN; SELECT ${transactionOptions.exclusive ? 'pg_advisory_xact_lock' : 'pg_advisory_xact_lock_shared'}(${writeLockKey})`;
      for (let attempt = 1; ; attempt++) {
        const client: PoolClient = await pool.connect();
        const sent = new SentStatements();
        // Every client of the pool is a `pg.Client`.
        const batch = new OutgoingBatch((client as unknown as Client).connection.stream);
        let broken: Error | undefined;
        let retry = false;
        try {
          // Not waited for: `fn`'s first statements go out right behind it, in the same write.
          sent.track(batch.send(() => client.query(begin)));
          const tx = new TransactionSession(client, names, sent, batch);
          const result = await fn(tx);
          const committed = tx.commit();
          const failed = (await sent.failed()) ?? (await committed);
          if (failed) throw failed.error;
          return result;
        } catch (thrown) {
          // What is held back goes out (and is answered) before the ROLLBACK.
          batch.release();
          const error = (await sent.failed())?.error ?? thrown;
          try {
            await client.query('ROLLBACK');
          } catch (rollbackError) {
            // A connection that cannot roll back is not handed to the next request.
            broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
          }
          retry = isRetried(error) && attempt < maxAttempts;
          if (!retry) throw error;
        } finally {
          client.release(broken);
        }
        if (retry) await backoff(attempt);
      }
    },
    async exclusively<T>(fn: () => Promise<T>): Promise<T> {
      // Its own connection, outside the pool: `fn` may need every pooled one.
      const client = new Client({ connectionString: options.url });
      await client.connect();
      try {
        await client.query(`SELECT pg_advisory_lock(${setupLockKey})`);
        return await fn();
      } finally {
        // Ending the session releases its lock too.
        await client.end().catch(() => undefined);
      }
    },
    async claim(role: string): Promise<boolean> {
      if (closed) return false;
      let entry = roles.get(role);
      if (entry?.held) return true;
      try {
        if (!entry) {
          const client = new Client({ connectionString: options.url });
          client.on('error', () => roles.delete(role));
          await client.connect();
          entry = { client, held: false };
          roles.set(role, entry);
        }
        const { rows } = await entry.client.query<{ held: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS held', [`noarkq:${role}`]);
        entry.held = rows[0]?.held === true;
        return entry.held;
      } catch {
        if (entry) await entry.client.end().catch(() => undefined);
        roles.delete(role);
        return false;
      }
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const { client } of roles.values()) await client.end().catch(() => undefined);
      await pool.end();
    },
  };
}

/** The URL as it may be shown in messages: without its password. */
export function redactPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'given by --database';
  }
}
