/**
 * The `Database` interface over a PostgreSQL server (`--database postgres://…`), for a sandbox a
 * team shares. It runs the same SQL as PGlite; what differs is made to behave the same:
 *
 * - Values: `pg` returns bigint as a string where PGlite returns a number (a bigint beyond 2^53),
 *   so the pool parses int8 the way PGlite does. Objects are sent as JSON, as PGlite does for jsonb.
 * - Concurrency: PGlite runs one statement at a time, so its transactions never interleave. On a
 *   server they would, and read-then-write checks (one parent per child, counters) could race.
 *   Every transaction therefore first takes one transaction-scoped advisory lock: writers queue as
 *   they do on PGlite, readers outside transactions are not held up.
 */
import type { Pool as PgPool, PoolClient, PoolConfig } from 'pg';
import type { Database, SqlSession, SqlValue } from './database';

// Loaded by a computed name, like PGlite: `pg` optionally requires `pg-native`, which a bundle
// cannot resolve, and the default (PGlite) sandbox should not load it at all.
const pgModule: string = 'pg';

/** Arbitrary but fixed: the key of the advisory lock that serialises write transactions. */
const writeLockKey = 0x6e6f61726b71; // "noarkq"

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

function session(client: Pick<PgPool, 'query'>): SqlSession {
  return {
    async query<Row>(sql: string, params: readonly SqlValue[] = []) {
      const result = await client.query(sql, params.map(toParam));
      return { rows: result.rows as Row[] };
    },
  };
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
  const defaultParser = (pg.types ?? (pg as unknown as { default: typeof import('pg') }).default.types).getTypeParser;
  const config: PoolConfig = {
    connectionString: options.url,
    max: options.maxConnections ?? 10,
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
  return {
    ...session(pool),
    async transaction<T>(fn: (tx: SqlSession) => Promise<T>): Promise<T> {
      const client: PoolClient = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock($1)', [writeLockKey]);
        const result = await fn(session(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          // A connection that cannot roll back is not handed to the next request.
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        }
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async close() {
      if (closed) return;
      closed = true;
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
