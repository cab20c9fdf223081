/**
 * What every endpoint module gets: the model, the database, files, tokens and the clock. Later
 * modules (code lists, BSM registry, logs, bulk, full text) register their routes with these.
 */
import type { BsmGroup } from '../core/transaction';
import type { NoarkModel } from '../core/schema';
import type { AccountDirectory } from './auth/accounts';
import type { TokenStore } from './auth/tokenStore';
import type { FileStore } from './files/fileStore';
import type { Router } from './http/router';
import type { SandboxOptions } from './sandboxOptions';
import type { RegistryCache } from './registries/registryCache';
import type { Database, SqlSession } from './store/database';

export interface SandboxLimits {
  /** Largest JSON body (query, transaction, ...), in bytes. */
  maxBodyBytes: number;
  /** Largest uploaded file, in bytes. */
  maxUploadBytes: number;
  /** Largest `limit` of a query (the spec's 500). */
  maxQueryLimit: number;
}

export interface SandboxServices {
  model: NoarkModel;
  db: Database;
  files: FileStore;
  tokens: TokenStore;
  accounts: AccountDirectory;
  /** The sandbox clock in epoch milliseconds (tests may pass their own). */
  now: () => number;
  /** The IANA zone timestamps are answered in and date-only values read in (options.timeZone,
   * Europe/Oslo by default); stored timestamps stay UTC, so they are converted on the way out. */
  timeZone: string;
  limits: SandboxLimits;
  /** The BSM registry the transaction checks see, as `session` (a transaction's own, to check
   * against it until the commit; the database's by default) sees it; the BSM module replaces it. */
  bsmRegistry: (session?: SqlSession) => Promise<readonly BsmGroup[] | undefined>;
  /** The code lists (list name → codes, as the transaction checks take them), cached; changed
   * only through `codeLists.change` (registryCache.ts). */
  codeLists: RegistryCache<Map<string, string[]>>;
  /** The options the sandbox was started with, for modules that take settings (e.g. the full-text interval). */
  options?: Readonly<SandboxOptions>;
}

/**
 * A piece of the sandbox: its tables and its routes. The built-in endpoints are modules too, so a
 * later endpoint is one more module passed to `startSandbox`, not an edit of the server.
 */
export interface SandboxModule {
  name: string;
  /** DDL run at start-up (`CREATE ... IF NOT EXISTS`, so a persistent archive keeps its data). */
  schema?: (services: Pick<SandboxServices, 'model' | 'options'>) => readonly string[];
  /** Seeds data into a new or existing archive after every module's schema exists. */
  seed?: (services: SandboxServices) => Promise<void>;
  routes?: (router: Router, services: SandboxServices) => void;
  /** Stops the module's background work (timers, queues) before the database closes. */
  close?: (services: SandboxServices) => Promise<void>;
}
