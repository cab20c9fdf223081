/** Options of the sandbox archive, their defaults, and the command line that sets them. */
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { archiveTimeZone, knownTimeZone } from '../core/query/archiveDay';
import { defaultSandboxAccounts, type SandboxAccounts } from '../core/api/sandboxContract';
import type { SandboxModule, SandboxServices } from './sandboxServices';

export interface SandboxOptions {
  /** Interface to listen on; 127.0.0.1 by default (the sandbox is for this machine only). */
  host?: string;
  /** 8765 by default; 0 picks a free port. */
  port?: number;
  /** Folder of a persistent archive (database and files); ignored with `memory`. */
  dataDir?: string;
  /** A throwaway archive: in-memory database, files in a temporary folder removed on close. */
  memory?: boolean;
  /** `postgres://…`: keep the archive on a PostgreSQL server (a sandbox a team shares: tokens,
   * registries and uploaded files are in the database, for every process on it) instead of PGlite;
   * uploads in progress are written under `dataDir`. */
  databaseUrl?: string;
  /** Connections to the PostgreSQL server of `databaseUrl` (10): as many transactions run at once. */
  databaseConnections?: number;
  accounts?: Partial<SandboxAccounts>;
  /** Access-token lifetime in seconds (3600). */
  tokenLifetimeSeconds?: number;
  /** Refresh-token lifetime in seconds (86400). */
  refreshTokenLifetimeSeconds?: number;
  /** Seconds an uploaded file may stay unlinked before it is deleted (3600). */
  unlinkedFileLifetimeSeconds?: number;
  /** IANA zone the archive answers timestamps in and reads date-only values in (`Europe/Oslo`,
   * as a real Norwegian tenant; `UTC` for the old `+0000` answers). Stored values stay UTC. */
  timeZone?: string;
  /** Clock in epoch milliseconds; tests pass a controllable one. */
  now?: () => number;
  maxBodyBytes?: number;
  maxUploadBytes?: number;
  /** Seconds a declared request body may go without a byte before the request is answered 408
   * (30); counted between chunks, so a long upload that keeps sending is never cut. */
  bodyIdleTimeoutSeconds?: number;
  /** Extra endpoint modules (code lists, logs, ...), after the built-in ones. */
  modules?: readonly SandboxModule[];
  /** Fills the archive after start-up (demo data); the seam for the seeding module. */
  seed?: (services: SandboxServices) => Promise<void>;
  /** Where the initialised empty database is cached between runs; defaults to the user cache. */
  templateCacheDir?: string;
  /** Seconds between full-text index runs (5); 0 indexes only when asked (tests). */
  fullTextIndexIntervalSeconds?: number;
  /** What the command fills a new, empty archive with: the demo archive (default), nothing, or
   * that many generated entities (`--seed-size`). Applied by `prepareSeeding` (seed/seedSelection.ts). */
  seedArchive?: 'demo' | 'none' | { entities: number };
  /** Wipe the archive folder before starting (`--reset`), so it is seeded afresh. */
  reset?: boolean;
  /** Where start-up and request problems are reported; silent by default. */
  log?: (line: string) => void;
}

export const defaultPort = 8765;

/** The user's cache folder for noarkq (XDG on Linux, Library/Caches on macOS, LOCALAPPDATA on Windows). */
export function userCacheDir(): string {
  if (process.platform === 'win32') return join(process.env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'), 'noarkq', 'Cache');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'noarkq');
  return join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'noarkq');
}

export function defaultDataDir(): string {
  return join(userCacheDir(), 'sandbox');
}

export function defaultTemplateCacheDir(): string {
  try {
    return join(userCacheDir(), 'pglite');
  } catch {
    return join(tmpdir(), 'noarkq-pglite');
  }
}

export const sandboxUsage = `Usage: noarkq sandbox [options]

Starts a local archive with the archive API on http://127.0.0.1:<port>.

Options:
  --port <n>                 port (default ${defaultPort}; 0 picks a free one)
  --host <address>           interface to listen on (default 127.0.0.1)
  --data <dir>               folder of the persistent archive (default ${defaultDataDir()})
  --memory                   throwaway archive, gone when the sandbox stops
  --database <url>           keep the archive on a PostgreSQL server (postgres://user:pw@host:5432/db),
                             shared by every sandbox started on it (tokens and uploads included)
  --client <id:secret>       client with full rights (default ${defaultSandboxAccounts.fullClient.id}:${defaultSandboxAccounts.fullClient.secret})
  --client2 <id:secret>      client with ordinary rights (default ${defaultSandboxAccounts.ordinaryClient.id}:${defaultSandboxAccounts.ordinaryClient.secret})
  --user <name:password>     password-grant user (default ${defaultSandboxAccounts.user.id}:${defaultSandboxAccounts.user.secret})
  --token-lifetime <s>       access-token lifetime in seconds (default 3600)
  --file-lifetime <s>        lifetime of an unlinked upload in seconds (default 3600)
  --no-seed                  start a new archive empty instead of with the demo archive
  --seed-size <n>            fill a new archive with n generated entities (benchmarks) instead of the demo
  --reset                    wipe the archive folder first (then seed it afresh)
  --full-text-interval <s>   seconds between full-text index runs (default 5; 0: never)
  --time-zone <IANA name>    zone timestamps are answered in and dates read in (default ${archiveTimeZone}; e.g. UTC)
  -h, --help                 show this help
`;

export type ParsedSandboxArguments = { kind: 'options'; options: SandboxOptions } | { kind: 'help' } | { kind: 'error'; message: string };

function pair(text: string, flag: string): { id: string; secret: string } | string {
  const colon = text.indexOf(':');
  if (colon <= 0 || colon === text.length - 1) return `${flag} takes <id>:<secret>, e.g. ${flag} my-client:my-secret`;
  return { id: text.slice(0, colon), secret: text.slice(colon + 1) };
}

function positiveInteger(text: string | undefined, flag: string, allowZero: boolean): number | string | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < (allowZero ? 0 : 1)) return `${flag} takes a whole number${allowZero ? '' : ' above 0'}, not ${JSON.stringify(text)}`;
  return n;
}

export function parseSandboxArguments(argv: readonly string[]): ParsedSandboxArguments {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        memory: { type: 'boolean' },
        database: { type: 'string' },
        client: { type: 'string' },
        client2: { type: 'string' },
        user: { type: 'string' },
        'token-lifetime': { type: 'string' },
        'file-lifetime': { type: 'string' },
        'no-seed': { type: 'boolean' },
        'seed-size': { type: 'string' },
        reset: { type: 'boolean' },
        'full-text-interval': { type: 'string' },
        'time-zone': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  if (values.help) return { kind: 'help' };
  const options: SandboxOptions = {};
  const port = positiveInteger(values.port, '--port', true);
  if (typeof port === 'string') return { kind: 'error', message: port };
  if (port !== undefined && port > 65535) return { kind: 'error', message: '--port must be at most 65535' };
  options.port = port ?? defaultPort;
  if (values.host) options.host = values.host;
  if (values.memory && values.data) return { kind: 'error', message: '--memory and --data exclude each other: a throwaway archive has no folder' };
  options.memory = values.memory ?? false;
  if (values.database !== undefined) {
    if (values.memory) return { kind: 'error', message: '--memory and --database exclude each other: an archive on a PostgreSQL server is not thrown away' };
    if (!/^postgres(ql)?:\/\//i.test(values.database)) return { kind: 'error', message: `--database takes a postgres:// URL, e.g. postgres://user:password@localhost:5432/noarkq (got ${JSON.stringify(values.database)})` };
    options.databaseUrl = values.database;
  }
  options.dataDir = values.data ?? defaultDataDir();
  const accounts: Partial<SandboxAccounts> = {};
  for (const [flag, key] of [
    ['client', 'fullClient'],
    ['client2', 'ordinaryClient'],
    ['user', 'user'],
  ] as const) {
    const text = values[flag];
    if (text === undefined) continue;
    const parsed = pair(text, `--${flag}`);
    if (typeof parsed === 'string') return { kind: 'error', message: parsed };
    accounts[key] = parsed;
  }
  options.accounts = accounts;
  const tokenLifetime = positiveInteger(values['token-lifetime'], '--token-lifetime', false);
  if (typeof tokenLifetime === 'string') return { kind: 'error', message: tokenLifetime };
  if (tokenLifetime !== undefined) options.tokenLifetimeSeconds = tokenLifetime;
  const fileLifetime = positiveInteger(values['file-lifetime'], '--file-lifetime', false);
  if (typeof fileLifetime === 'string') return { kind: 'error', message: fileLifetime };
  if (fileLifetime !== undefined) options.unlinkedFileLifetimeSeconds = fileLifetime;
  const seedSize = positiveInteger(values['seed-size'], '--seed-size', false);
  if (typeof seedSize === 'string') return { kind: 'error', message: seedSize };
  if (seedSize !== undefined && values['no-seed']) return { kind: 'error', message: '--seed-size and --no-seed exclude each other: pick one way to fill a new archive' };
  options.seedArchive = seedSize !== undefined ? { entities: seedSize } : values['no-seed'] ? 'none' : 'demo';
  if (values.reset) {
    if (values.memory) return { kind: 'error', message: '--reset wipes an archive folder; a --memory archive starts empty anyway' };
    if (options.databaseUrl) return { kind: 'error', message: '--reset wipes a local archive folder; to reset a PostgreSQL database, drop its tables' };
    options.reset = true;
  }
  const interval = values['full-text-interval'];
  if (interval !== undefined) {
    const seconds = Number(interval);
    if (!Number.isFinite(seconds) || seconds < 0) return { kind: 'error', message: `--full-text-interval takes seconds (0 or more, e.g. 0.5), not ${JSON.stringify(interval)}` };
    options.fullTextIndexIntervalSeconds = seconds;
  }
  if (values['time-zone'] !== undefined) {
    const zone = sandboxTimeZone(values['time-zone']);
    if (typeof zone !== 'string') return { kind: 'error', message: zone.error };
    options.timeZone = zone;
  }
  return { kind: 'options', options };
}

/** The zone option checked with Intl (which knows the zones and their daylight-saving rules): its
 * canonical name, or an error naming the bad one. Undefined is the default, Europe/Oslo. */
export function sandboxTimeZone(name: string | undefined): string | { error: string } {
  if (name === undefined) return archiveTimeZone;
  const zone = knownTimeZone(name.trim());
  return zone ?? { error: `--time-zone takes an IANA time-zone name such as Europe/Oslo or UTC; ${JSON.stringify(name)} is not one` };
}
