/**
 * Starts the sandbox archive: HTTP listener, data-folder lock, database, schema, seed data. Used
 * by `main.ts` (the command) and by the tests, which start it on a free port and hit it over real
 * HTTP. The port is bound first, so a port in use is reported before seconds of seeding; until the
 * archive is ready, requests are answered 503.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { noarkModel } from '../core/schema';
import { defaultSandboxAccounts } from '../core/api/sandboxContract';
import { AccountDirectory } from './auth/accounts';
import { authenticate, authenticateDeferred } from './auth/bearerAuth';
import { DatabaseTokenStore, tokenSchemaStatements } from './auth/databaseTokenStore';
import { MemoryTokenStore } from './auth/tokenStore';
import { builtInModules, revokePaths, tokenPaths } from './coreModules';
import { DatabaseContent, fileContentSchemaStatements } from './files/fileContent';
import { FileStore } from './files/fileStore';
import { limitBodyIdleTime } from './http/bodyIdleTimeout';
import { sendError, ServiceError } from './http/errors';
import { hostProblem, hostRule, type HostRule } from './http/hostCheck';
import { discardUnreadBody } from './http/requestBody';
import { apiRoot, Router } from './http/router';
import { defaultDataDir, defaultPort, defaultTemplateCacheDir, sandboxTimeZone, type SandboxOptions } from './sandboxOptions';
import { onProcessExit } from './exitCleanup';
import type { SandboxServices } from './sandboxServices';
import { RegistryCache } from './registries/registryCache';
import { resetArchiveFolder } from './seed/seedSelection';
import { lockDataFolder, type DataFolderLock } from './store/dataFolderLock';
import { loadCodeLists } from './store/codeListStore';
import { openPGliteDatabase, type Database } from './store/database';
import { compactEntityRanks } from './store/entityRanks';
import { analyzeStaleTables, statisticsIntervalMs } from './store/plannerStatistics';
import { openPostgresDatabase } from './store/postgresDatabase';

export interface RunningSandbox {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** `<url>/rms/api/public/noark5/v1` */
  apiUrl: string;
  /** `<url>/idp/oauth2/token`, the real tenants' path (`<url>/oauth2/token` works too) */
  tokenUrl: string;
  /** `<url>/idp/oauth2/revoke`, where sign-out revokes a token (RFC 7009) */
  revocationUrl: string;
  port: number;
  /** Where the archive lives, or undefined for a throwaway one. */
  dataDir?: string;
  services: SandboxServices;
  /** Stops the server, closes the database and removes a throwaway archive's files. */
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const now = options.now ?? (() => Date.now());
  const log = options.log ?? (() => undefined);
  // Checked before anything is opened, so a bad zone name fails the start with nothing to clean up.
  const timeZone = sandboxTimeZone(options.timeZone);
  if (typeof timeZone !== 'string') throw new Error(timeZone.error);
  const memory = options.memory ?? false;
  const dataDir = memory ? undefined : (options.dataDir ?? defaultDataDir());
  // A PGlite cluster in a folder has one writer; a PostgreSQL server is shared by design.
  const lockedDir = options.databaseUrl ? undefined : dataDir;
  const host = options.host ?? '127.0.0.1';
  const bodyIdleMs = (options.bodyIdleTimeoutSeconds ?? defaultBodyIdleTimeoutSeconds) * 1000;

  let serve: ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | undefined;
  let hosts: HostRule | undefined;
  const server = createServer((req, res) => {
    limitBodyIdleTime(req, res, bodyIdleMs);
    const misdirected = hosts && hostProblem(req.headers.host, hosts);
    if (misdirected || !serve) {
      discardUnreadBody(req);
      if (misdirected) sendError(req, res, 421, misdirected);
      else sendError(req, res, 503, 'The sandbox is still starting (opening and filling its archive); try again in a moment.', { 'Retry-After': '1' });
      return;
    }
    void serve(req, res);
  });
  // Node's request timeout counts a whole request, which would cut a long upload; a body that
  // stops arriving is ended by the idle time above instead (headers keep their own timeout).
  server.requestTimeout = 0;
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });
  const port = await listen(server, options.port ?? defaultPort, host);
  hosts = hostRule(host, port);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const closeServer = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });

  let lock: DataFolderLock | undefined;
  let scratch: string | undefined;
  let db: Database | undefined;
  // Also run when the process exits without closing the sandbox (a signal during start-up).
  const removeFiles = () => {
    lock?.release();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  };
  const forgetExit = onProcessExit(removeFiles);
  try {
    if (lockedDir) {
      lock = lockDataFolder(lockedDir, { pid: process.pid, url, startedAt: new Date().toISOString() }, log);
      // Only now: a second sandbox started with --reset must not wipe the folder of a running one.
      if (options.reset) resetArchiveFolder(lockedDir);
    }
    if (memory) scratch = mkdtempSync(join(tmpdir(), 'noarkq-sandbox-'));
    db = options.databaseUrl
      ? await openPostgresDatabase({ url: options.databaseUrl, maxConnections: options.databaseConnections })
      : await openPGliteDatabase({
          dataDir: dataDir ? join(dataDir, 'database') : undefined,
          templateCacheDir: options.templateCacheDir ?? defaultTemplateCacheDir(),
        });
    const database = db;
    const accounts = new AccountDirectory({ ...defaultSandboxAccounts, ...options.accounts });
    const fileLifetime = options.unlinkedFileLifetimeSeconds ?? 3600;
    const tokenLifetime = options.tokenLifetimeSeconds ?? 3600;
    const refreshLifetime = options.refreshTokenLifetimeSeconds ?? 86400;
    // Processes sharing a server accept each other's tokens; one PGlite process keeps its own.
    const shared = options.databaseUrl !== undefined;
    const services: SandboxServices = {
      model: noarkModel,
      db: database,
      // Processes sharing a server share the uploads too: their content goes in the database.
      files: new FileStore(database, join(dataDir ?? (scratch as string), 'files'), now, fileLifetime, shared ? new DatabaseContent(database) : undefined),
      tokens: shared ? new DatabaseTokenStore(database, now, tokenLifetime, refreshLifetime) : new MemoryTokenStore(now, tokenLifetime, refreshLifetime),
      accounts,
      now,
      timeZone,
      limits: {
        maxBodyBytes: options.maxBodyBytes ?? 10 * 1024 * 1024,
        maxUploadBytes: options.maxUploadBytes ?? 2 * 1024 * 1024 * 1024,
        maxQueryLimit: 500,
      },
      bsmRegistry: async () => undefined,
      codeLists: new RegistryCache(database, 'code-lists', shared, (session) => loadCodeLists(session, noarkModel)),
      options,
    };
    // A module given again (e.g. a test naming a built-in one) is loaded once.
    const modules = [...new Set([...builtInModules, ...(options.modules ?? [])])];
    // Processes starting together on one server take turns: concurrent `CREATE … IF NOT EXISTS`
    // can fail, and each seed checks what is there before it writes.
    await database.exclusively(async () => {
      if (shared) for (const statement of [...tokenSchemaStatements(), ...fileContentSchemaStatements()]) await database.exec(statement);
      for (const module of modules) for (const statement of module.schema?.(services) ?? []) await database.exec(statement);
      for (const module of modules) await module.seed?.(services);
      await options.seed?.(services);
    });
    // A PostgreSQL server keeps its statistics itself (autovacuum); PGlite needs the sandbox to.
    const keepsStatistics = !options.databaseUrl;
    if (keepsStatistics) await analyzeStaleTables(database);
    const router = new Router();
    for (const module of modules) module.routes?.(router, services);

    serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
      try {
        const requestUrl = new URL(req.url ?? '/', 'http://sandbox.invalid');
        const route = router.match(req.method ?? 'GET', requestUrl.pathname);
        if (route.auth && route.confirmsToken) {
          const auth = await authenticateDeferred(req, services.tokens);
          try {
            await route.handler({ req, res, url: requestUrl, account: auth.account, confirmToken: auth.confirm });
          } catch (error) {
            // A token taken on trust and never confirmed is checked before anything else is answered.
            await auth.settle();
            throw error;
          }
        } else if (route.auth) await route.handler({ req, res, url: requestUrl, account: await authenticate(req, services.tokens), confirmToken: async () => undefined });
        else await route.handler({ req, res, url: requestUrl });
      } catch (error) {
        discardUnreadBody(req);
        if (error instanceof ServiceError) {
          sendError(req, res, error.status, error.message, error.headers);
          return;
        }
        log(`internal error on ${req.method} ${req.url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        sendError(req, res, 500, `The sandbox failed on this request: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    const sweeper = setInterval(() => {
      services.files.sweep().catch((error: unknown) => log(`file cleanup failed: ${String(error)}`));
    }, Math.min(60_000, fileLifetime * 1000));
    sweeper.unref();
    let analyzing: Promise<unknown> | undefined;
    const statistics = keepsStatistics
      ? setInterval(() => {
          analyzing ??= analyzeStaleTables(database)
            .catch((error: unknown) => log(`updating the planner statistics failed: ${String(error)}`))
            .finally(() => (analyzing = undefined));
        }, statisticsIntervalMs)
      : undefined;
    statistics?.unref();
    // On a server the entity counts are appended (entityRanks.ts): folded together each minute.
    let compacting: Promise<unknown> | undefined;
    const ranks = shared
      ? setInterval(() => {
          compacting ??= compactEntityRanks(database)
            .catch((error: unknown) => log(`folding the entity counts failed: ${String(error)}`))
            .finally(() => (compacting = undefined));
        }, 60_000)
      : undefined;
    ranks?.unref();
    let closing: Promise<void> | undefined;
    return {
      url,
      apiUrl: url + apiRoot,
      tokenUrl: `${url}${tokenPaths[0]}`,
      revocationUrl: `${url}${revokePaths[0]}`,
      port,
      dataDir,
      services,
      close() {
        closing ??= (async () => {
          clearInterval(sweeper);
          clearInterval(statistics);
          clearInterval(ranks);
          await analyzing;
          await compacting;
          await closeServer();
          for (const module of modules) await module.close?.(services);
          await database.close();
          removeFiles();
          forgetExit();
        })();
        return closing;
      },
    };
  } catch (error) {
    try {
      await closeServer();
      await db?.close();
    } finally {
      removeFiles();
      forgetExit();
    }
    throw error;
  }
}

/** Seconds a request body may go without a byte before it is answered 408. */
export const defaultBodyIdleTimeoutSeconds = 30;

/** Binds `server`; a port in use or an address not on this machine is an error saying what to do. */
async function listen(server: Server, port: number, host: string): Promise<number> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const problem =
      code === 'EADDRINUSE'
        ? `port ${port} on ${host} is in use (another sandbox or program listens there): pick another with --port <n>, or --port 0 for a free one`
        : code === 'EADDRNOTAVAIL'
          ? `${host} is not an address of this machine: --host takes one of its interfaces (default 127.0.0.1)`
          : code === 'EACCES'
            ? `port ${port} on ${host} may not be used by this user: pick one above 1023 with --port, or --port 0 for a free one`
            : undefined;
    if (problem) throw Object.assign(new Error(problem), { code });
    throw error;
  }
  return (server.address() as AddressInfo).port;
}
