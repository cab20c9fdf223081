/**
 * A throwaway PostgreSQL server for the team tests and the team benchmark: `initdb` in a temp
 * folder, `pg_ctl start` on 127.0.0.1 and a free port, stopped (and the folder removed) by `stop`.
 * PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` user Debian's
 * package creates, and its commands run through `runuser`.
 *
 * When no PostgreSQL server is installed, `findPostgres` says so: the tests skip with that message,
 * except under CI (`CI=true`), which installs it (test/team/install-postgres.sh) and must run them.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

export interface PostgresBinaries {
  /** The folder holding initdb and pg_ctl. */
  bin: string;
}

/** Debian keeps the server binaries out of PATH, under /usr/lib/postgresql/<major>/bin. */
export function findPostgres(): PostgresBinaries | undefined {
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const majors = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name) && existsSync(join(debian, name, 'bin', 'pg_ctl')))
      .sort((a, b) => Number(b) - Number(a));
    if (majors[0]) return { bin: join(debian, majors[0], 'bin') };
  }
  const found = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' });
  const path = found.status === 0 ? found.stdout.trim() : '';
  return path ? { bin: path.replace(/\/pg_ctl$/, '') } : undefined;
}

export const missingPostgresMessage =
  'no PostgreSQL server is installed (initdb and pg_ctl not found): install Debian\'s with `test/team/install-postgres.sh` (or `apt-get install -y postgresql`) to run the team tests';

/**
 * The options of node:test's `test()` for a test that needs a PostgreSQL server: skipped with the
 * reason when none is installed, except under CI, where the test then runs and fails at `start`.
 */
export function postgresTestOptions(): { skip?: string } {
  if (findPostgres() || process.env.CI === 'true') return {};
  return { skip: missingPostgresMessage };
}

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/<database>` */
  url: string;
  port: number;
  /** The server's log (removed with the cluster by `stop`). */
  logFile: string;
  /** The server's main process (its backends are its children). */
  pid: number;
  /** Creates an empty database on the cluster and answers its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server at once and removes its folder. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface ClusterOptions {
  /** Settings written to postgresql.conf, e.g. `{ max_connections: '200' }`. */
  settings?: Record<string, string>;
}

/** Starts a fresh cluster; throws with what PostgreSQL said when it cannot. */
export async function startPostgresCluster(options: ClusterOptions = {}): Promise<PostgresCluster> {
  const binaries = findPostgres();
  if (!binaries) throw new Error(missingPostgresMessage);
  const asRoot = userInfo().uid === 0;
  const folder = mkdtempSync(join(tmpdir(), 'noarkq-postgres-'));
  const data = join(folder, 'data');
  const run = (command: string, args: string[]) => {
    const full = join(binaries.bin, command);
    try {
      return asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { encoding: 'utf8', stdio: 'pipe' }) : execFileSync(full, args, { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      const e = error as { stderr?: string; stdout?: string; message: string };
      throw new Error(`${command} failed: ${e.stderr || e.stdout || e.message}`);
    }
  };
  const owner = asRoot
    ? { uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()), gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()) }
    : undefined;
  if (owner) {
    chownSync(folder, owner.uid, owner.gid);
    chmodSync(folder, 0o700);
  }
  const port = await freePort();
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-instructions', '-E', 'UTF8', '--locale=C']);
    const settings: Record<string, string> = {
      listen_addresses: "'127.0.0.1'",
      port: String(port),
      unix_socket_directories: `'${folder}'`,
      max_connections: '200',
      ...options.settings,
    };
    const conf = Object.entries(settings)
      .map(([k, v]) => `${k} = ${v}`)
      .join('\n');
    const confPath = join(data, 'postgresql.auto.conf');
    writeFileSync(confPath, `${conf}\n`);
    if (owner) chownSync(confPath, owner.uid, owner.gid);
    run('pg_ctl', ['-D', data, '-l', join(folder, 'server.log'), '-w', '-t', '60', 'start']);
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    logFile: join(folder, 'server.log'),
    pid: Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    async createDatabase(name) {
      const pg = (await import('pg')).default;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return url.replace(/\/postgres$/, `/${name}`);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
