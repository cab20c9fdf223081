/**
 * A registry every transaction is checked against (the BSM registry, the code lists), cached in
 * the process, and changed through `change` only.
 *
 * A change runs alone (an exclusive transaction) and, on a PostgreSQL server, raises the
 * registry's row in `registry_version`; a reader on a server reads that row first and loads the
 * registry again when it moved, so a change answered 2xx by one process is seen by the next
 * request to any other. A transaction reads it through its own session: it then holds the shared
 * lock that every change waits for, so what it was checked against still holds when it commits
 * (a code value deleted meanwhile cannot slip through). On PGlite this process is the only
 * writer: a change drops the cache before it commits (PGlite runs one transaction at a time, so
 * nothing loads the old registry after that) and again when it ends.
 */
import type { Database, SqlSession } from '../store/database';

export type RegistryName = 'bsm' | 'code-lists';

export function registryVersionSchemaStatements(): string[] {
  return [`CREATE TABLE IF NOT EXISTS registry_version (name text PRIMARY KEY, version bigint NOT NULL)`];
}

/** Every registry's version as one transaction reads it: one query for all the registries it checks. */
const versionsRead = new WeakMap<SqlSession, Promise<Map<string, number>>>();

async function readVersions(session: SqlSession): Promise<Map<string, number>> {
  const { rows } = await session.query<{ name: string; version: number | string }>('SELECT name, version FROM registry_version');
  return new Map(rows.map((r) => [r.name, Number(r.version)]));
}

function versionsOf(session: SqlSession): Promise<Map<string, number>> {
  // Outside a transaction every read is fresh; inside one, the versions cannot move until it ends.
  if (!session.concurrent) return readVersions(session);
  let read = versionsRead.get(session);
  if (!read) versionsRead.set(session, (read = readVersions(session)));
  return read;
}

/**
 * The version row `name` as `session` reads it (0 when it has none). Inside a transaction on a
 * server it comes from the one read of all the rows (`SELECT name, version FROM registry_version`),
 * which a transaction sends with its BEGIN: other version rows (the token revocations,
 * databaseTokenStore.ts) ride along at no cost.
 */
export async function registryVersion(session: SqlSession, name: string): Promise<number> {
  return (await versionsOf(session)).get(name) ?? 0;
}

export class RegistryCache<T> {
  private cached: Promise<T> | undefined;
  /** The version row's value the cache was loaded at (shared caches only). */
  private cachedVersion: number | undefined;

  constructor(
    private readonly db: Database,
    private readonly name: RegistryName,
    /** Other processes change the registry too (a shared PostgreSQL server). */
    private readonly shared: boolean,
    private readonly load: (session: SqlSession) => Promise<T>,
  ) {}

  /** The registry as `session` sees it (a transaction's own session, or the database's). */
  async get(session: SqlSession = this.db): Promise<T> {
    if (this.shared) {
      // Read before the registry: what is loaded after it is at least as new.
      const version = (await versionsOf(session)).get(this.name) ?? 0;
      if (version !== this.cachedVersion) {
        this.cached = undefined;
        this.cachedVersion = version;
      }
    }
    if (this.cached) return this.cached;
    const loading = this.load(session).catch((error: unknown) => {
      if (this.cached === loading) {
        this.cached = undefined;
        this.cachedVersion = undefined;
      }
      throw error;
    });
    this.cached = loading;
    return loading;
  }

  /** Runs `fn` as a change of the registry: alone, raising its version, the cache dropped. */
  async change<R>(fn: (tx: SqlSession) => Promise<R>): Promise<R> {
    try {
      return await this.db.transaction(async (tx) => {
        const result = await fn(tx);
        await tx.query(`INSERT INTO registry_version (name, version) VALUES ($1, 1) ON CONFLICT (name) DO UPDATE SET version = registry_version.version + 1`, [this.name]);
        this.forget();
        return result;
      }, { exclusive: true });
    } finally {
      this.forget();
    }
  }

  private forget(): void {
    this.cached = undefined;
    this.cachedVersion = undefined;
  }
}
