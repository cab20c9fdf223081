/**
 * The sandbox's storage behind a two-method interface, so the same SQL can run on PGlite (embedded
 * PostgreSQL in WebAssembly, the default) or on a PostgreSQL server (`--database postgres://…`,
 * postgresDatabase.ts). All SQL uses PostgreSQL `$n` placeholders and portable PostgreSQL features only.
 *
 * Durability: PGlite runs with `fsync=off` but `synchronous_commit=on`, so a commit has written its
 * WAL to the operating system before the answer goes out. A killed sandbox process (SIGKILL) loses
 * no acknowledged transaction (test/http/crashSafety.test.ts); a power cut may.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { PGlite as PGliteClass } from '@electric-sql/pglite';
import { PreparedStatements, type PGliteProtocol } from './preparedStatements';

export type SqlValue = string | number | boolean | null | readonly string[] | readonly number[] | Record<string, unknown> | unknown[] | Uint8Array;

export interface QueryOptions {
  /**
   * Parsed and planned for this run's values and the tables as they are now instead of prepared
   * once: for rare statements whose best plan depends on them. A prepared statement's plan may be
   * kept from when a table was small (a sequential scan), and only statistics taken again replace
   * it, which on a new archive can be minutes of growth later.
   */
  planEachRun?: boolean;
}

export interface SqlSession {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly SqlValue[], options?: QueryOptions): Promise<{ rows: Row[] }>;
  /** True in a transaction that may run beside others (a PostgreSQL server): what it reads and
   * then writes on must be row-locked. PGlite runs one statement at a time and leaves it unset. */
  readonly concurrent?: boolean;
  /**
   * Runs a write whose answer is not needed. A transaction on a server sends it without waiting
   * and its COMMIT right behind it, one round trip for both; if the write failed, the commit was a
   * rollback and the transaction fails with the write's error (a deadlock is retried as any
   * other). Elsewhere it is run before the returned promise resolves. Absent, callers use `query`.
   */
  sendWrite?(sql: string, params: readonly SqlValue[]): Promise<void>;
  /**
   * Sends the COMMIT now, right behind what was sent, for a transaction that sends nothing more
   * and only has answers to await (it must not fail after this but for a failed statement). The
   * transaction still fails, rolled back, if a statement before the COMMIT failed. A server's
   * transaction only; PGlite commits when the transaction's function returns.
   */
  sendCommit?(): void;
}

export interface TransactionOptions {
  /** Runs alone, with no other transaction of any process beside it: for work over whole
   * subtrees or registries (bulk delete, bulk close, BSM changes) that row locks would not cover. */
  exclusive?: boolean;
}

export interface Database extends SqlSession {
  /** Runs `fn` in one SQL transaction: committed when it resolves, rolled back when it throws. On a
   * server, a deadlock or serialization failure runs `fn` again in a new transaction, so `fn`
   * must keep its effects to the database (and state it creates itself). */
  transaction<T>(fn: (tx: SqlSession) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Runs `fn` while no other process sharing the database runs its own `exclusively` (start-up:
   * schema and seed data, which concurrent `CREATE … IF NOT EXISTS` would break). */
  exclusively<T>(fn: () => Promise<T>): Promise<T>;
  /** Whether this process holds the named role among the processes sharing the database (one
   * holds it at a time, until it stops; background work one of them does for all). Always true
   * on PGlite. */
  claim(role: string): Promise<boolean>;
  /** Runs several statements (DDL) without parameters. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

// Loaded by a computed name so that bundlers leave it alone: PGlite finds its WebAssembly and data
// files next to its own module, which a bundle would break.
const pgliteModule: string = '@electric-sql/pglite';

async function loadPGlite(): Promise<{ PGlite: typeof PGliteClass } & PGliteProtocol> {
  return (await import(pgliteModule)) as { PGlite: typeof PGliteClass } & PGliteProtocol;
}

export interface PGliteOpenOptions {
  /** Directory of a persistent database; undefined for an in-memory one. */
  dataDir?: string;
  /** Folder where a freshly initialised empty cluster is cached: `initdb` in WebAssembly takes
   * seconds, loading the cached copy a fraction of that (tests start many sandboxes). */
  templateCacheDir?: string;
}

function templatePath(cacheDir: string, version: string): string {
  return join(cacheDir, `pglite-empty-${version}.tar`);
}

function pgliteVersion(): string {
  try {
    // The package's exports hide package.json: find it next to the resolved entry point.
    const entry = require.resolve(pgliteModule);
    const pkg = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Opens PGlite (persistent when `dataDir` is given) behind the `Database` interface. */
export async function openPGliteDatabase(options: PGliteOpenOptions = {}): Promise<Database> {
  const pglite = await loadPGlite();
  const PGlite = pglite.PGlite;
  const template = options.templateCacheDir ? templatePath(options.templateCacheDir, pgliteVersion()) : undefined;
  const fresh = !options.dataDir || !existsSync(join(options.dataDir, 'PG_VERSION'));
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  let db: PGliteClass | undefined;
  if (fresh && template && existsSync(template)) {
    try {
      db = await PGlite.create({ dataDir: options.dataDir, loadDataDir: new Blob([readFileSync(template)]) });
    } catch {
      db = undefined;
    }
  }
  if (!db) {
    db = await PGlite.create(options.dataDir ? { dataDir: options.dataDir } : {});
    if (fresh && template && options.templateCacheDir) await saveTemplate(db, template, options.templateCacheDir);
  }
  return wrapPGlite(db, pglite);
}

async function saveTemplate(db: PGliteClass, template: string, cacheDir: string): Promise<void> {
  try {
    const dump = await db.dumpDataDir('none');
    mkdirSync(cacheDir, { recursive: true });
    // Written under a unique name and renamed: parallel test processes may race here.
    const tmp = `${template}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, template);
  } catch {
    // The cache only saves start-up time.
  }
}

function wrapPGlite(db: PGliteClass, pglite: PGliteProtocol): Database {
  let closed = false;
  const statements = new PreparedStatements(db, pglite);
  return {
    async query<Row>(sql: string, params: readonly SqlValue[] = [], options: QueryOptions = {}) {
      if (options.planEachRun) return { rows: (await db.query<Row>(sql, params as unknown[])).rows };
      return { rows: await statements.query<Row>(sql, params) };
    },
    async sendWrite(sql: string, params: readonly SqlValue[]) {
      await statements.query(sql, params);
    },
    // PGlite runs one transaction at a time: every one is exclusive already.
    async transaction<T>(fn: (tx: SqlSession) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) =>
        fn({
          // PGlite's own query, unnamed: every statement of a transaction is planned for its run.
          async query<Row>(sql: string, params: readonly SqlValue[] = []) {
            const result = await tx.query<Row>(sql, params as unknown[]);
            return { rows: result.rows };
          },
          async sendWrite(sql: string, params: readonly SqlValue[]) {
            await tx.query(sql, params as unknown[]);
          },
        }),
      );
    },
    async exclusively<T>(fn: () => Promise<T>): Promise<T> {
      return fn();
    },
    async claim(): Promise<boolean> {
      return true;
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.close();
    },
  };
}
