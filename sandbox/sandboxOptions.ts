/** Options of the sandbox archive, their defaults, and the command line that sets them. */
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultAccountOptions, type AccountOptions } from './auth/accounts';
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
  accounts?: Partial<AccountOptions>;
  /** Access-token lifetime in seconds (3600). */
  tokenLifetimeSeconds?: number;
  /** Refresh-token lifetime in seconds (86400). */
  refreshTokenLifetimeSeconds?: number;
  /** Seconds an uploaded file may stay unlinked before it is deleted (3600). */
  unlinkedFileLifetimeSeconds?: number;
  /** Clock in epoch milliseconds; tests pass a controllable one. */
  now?: () => number;
  maxBodyBytes?: number;
  maxUploadBytes?: number;
  /** Extra endpoint modules (code lists, logs, ...), after the built-in ones. */
  modules?: readonly SandboxModule[];
  /** Fills the archive after start-up (demo data); the seam for the seeding module. */
  seed?: (services: SandboxServices) => Promise<void>;
  /** Where the initialised empty database is cached between runs; defaults to the user cache. */
  templateCacheDir?: string;
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
  --client <id:secret>       client with full rights (default ${defaultAccountOptions.fullClient.id}:${defaultAccountOptions.fullClient.secret})
  --client2 <id:secret>      client with ordinary rights (default ${defaultAccountOptions.ordinaryClient.id}:${defaultAccountOptions.ordinaryClient.secret})
  --user <name:password>     password-grant user (default ${defaultAccountOptions.user.id}:${defaultAccountOptions.user.secret})
  --token-lifetime <s>       access-token lifetime in seconds (default 3600)
  --file-lifetime <s>        lifetime of an unlinked upload in seconds (default 3600)
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
        client: { type: 'string' },
        client2: { type: 'string' },
        user: { type: 'string' },
        'token-lifetime': { type: 'string' },
        'file-lifetime': { type: 'string' },
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
  options.dataDir = values.data ?? defaultDataDir();
  const accounts: Partial<AccountOptions> = {};
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
  return { kind: 'options', options };
}
