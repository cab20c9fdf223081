/**
 * Starts the sandbox archive: database, schema, seed data, HTTP server. Used by `main.ts` (the
 * command) and by the tests, which start it on a free port and hit it over real HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { noarkModel } from '../core/schema';
import { AccountDirectory, defaultAccountOptions } from './auth/accounts';
import { authenticate } from './auth/bearerAuth';
import { TokenStore } from './auth/tokenStore';
import { builtInModules, tokenPaths } from './coreModules';
import { FileStore } from './files/fileStore';
import { sendError, ServiceError } from './http/errors';
import { discardUnreadBody } from './http/requestBody';
import { apiRoot, Router } from './http/router';
import { defaultDataDir, defaultPort, defaultTemplateCacheDir, sandboxTimeZone, type SandboxOptions } from './sandboxOptions';
import type { SandboxServices } from './sandboxServices';
import { openPGliteDatabase } from './store/database';
import { analyzeStaleTables, statisticsIntervalMs } from './store/plannerStatistics';
import { openPostgresDatabase } from './store/postgresDatabase';

export interface RunningSandbox {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** `<url>/rms/api/public/noark5/v1` */
  apiUrl: string;
  /** `<url>/idp/oauth2/token`, the real tenants' path (`<url>/oauth2/token` works too) */
  tokenUrl: string;
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
  const scratch = memory ? mkdtempSync(join(tmpdir(), 'noarkq-sandbox-')) : undefined;
  let db;
  try {
    db = options.databaseUrl
      ? await openPostgresDatabase({ url: options.databaseUrl })
      : await openPGliteDatabase({
          dataDir: dataDir ? join(dataDir, 'database') : undefined,
          templateCacheDir: options.templateCacheDir ?? defaultTemplateCacheDir(),
        });
  } catch (error) {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
  try {
    const accounts = new AccountDirectory({ ...defaultAccountOptions, ...options.accounts });
    const fileLifetime = options.unlinkedFileLifetimeSeconds ?? 3600;
    const services: SandboxServices = {
      model: noarkModel,
      db,
      files: new FileStore(db, join(dataDir ?? (scratch as string), 'files'), now, fileLifetime),
      tokens: new TokenStore(now, options.tokenLifetimeSeconds ?? 3600, options.refreshTokenLifetimeSeconds ?? 86400),
      accounts,
      now,
      timeZone,
      limits: {
        maxBodyBytes: options.maxBodyBytes ?? 10 * 1024 * 1024,
        maxUploadBytes: options.maxUploadBytes ?? 2 * 1024 * 1024 * 1024,
        maxQueryLimit: 500,
      },
      bsmRegistry: async () => undefined,
      options,
    };
    // A module given again (e.g. a test naming a built-in one) is loaded once.
    const modules = [...new Set([...builtInModules, ...(options.modules ?? [])])];
    for (const module of modules) for (const statement of module.schema?.(services) ?? []) await db.exec(statement);
    for (const module of modules) await module.seed?.(services);
    await options.seed?.(services);
    // A PostgreSQL server keeps its statistics itself (autovacuum); PGlite needs the sandbox to.
    const keepsStatistics = !options.databaseUrl;
    if (keepsStatistics) await analyzeStaleTables(db);
    const router = new Router();
    for (const module of modules) module.routes?.(router, services);

    const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
      try {
        const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
        const route = router.match(req.method ?? 'GET', url.pathname);
        if (route.auth) await route.handler({ req, res, url, account: authenticate(req, services.tokens) });
        else await route.handler({ req, res, url });
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
    const server = createServer((req, res) => void handle(req, res));
    server.on('clientError', (_error, socket) => {
      if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    });
    const host = options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? defaultPort, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const port = (server.address() as AddressInfo).port;
    const sweeper = setInterval(() => {
      services.files.sweep().catch((error: unknown) => log(`file cleanup failed: ${String(error)}`));
    }, Math.min(60_000, fileLifetime * 1000));
    sweeper.unref();
    let analyzing: Promise<unknown> | undefined;
    const statistics = keepsStatistics
      ? setInterval(() => {
          analyzing ??= analyzeStaleTables(db)
            .catch((error: unknown) => log(`updating the planner statistics failed: ${String(error)}`))
            .finally(() => (analyzing = undefined));
        }, statisticsIntervalMs)
      : undefined;
    statistics?.unref();
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    let closing: Promise<void> | undefined;
    return {
      url,
      apiUrl: url + apiRoot,
      tokenUrl: `${url}${tokenPaths[0]}`,
      port,
      dataDir,
      services,
      close() {
        closing ??= (async () => {
          clearInterval(sweeper);
          clearInterval(statistics);
          await analyzing;
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          });
          for (const module of modules) await module.close?.(services);
          await db.close();
          if (scratch) rmSync(scratch, { recursive: true, force: true });
        })();
        return closing;
      },
    };
  } catch (error) {
    await db.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
}
