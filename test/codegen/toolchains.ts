/**
 * The tool chains the generated code is checked and run with, found on this machine. A test
 * whose tool chain is missing skips with a message that says how to install it, except on CI
 * (`CI=true`), where test/codegen/install-toolchains.sh has installed them and a missing one fails.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface Toolchain {
  name: string;
  /** Why it is missing, or undefined when it is there. */
  missing: string | undefined;
}

const install = 'run test/codegen/install-toolchains.sh (as root) to install it';

function probe(name: string, command: string, args: string[], extra?: () => string | undefined): Toolchain {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 60_000 });
  if (result.error || result.status !== 0) return { name, missing: `${name} is not installed here (\`${[command, ...args].join(' ')}\` failed): ${install}` };
  return { name, missing: extra?.() };
}

/** Debian's Guzzle (php-guzzlehttp-guzzle) and its autoloader. */
export const debianGuzzleAutoload = '/usr/share/php/GuzzleHttp/autoload.php';

const probed = new Map<string, Toolchain>();
/** Each tool chain is looked for once, when a test first asks for it. */
const once = (key: string, find: () => Toolchain): Toolchain => {
  if (!probed.has(key)) probed.set(key, find());
  return probed.get(key)!;
};

export const toolchains = {
  get sh() {
    return once('sh', () => probe('curl', 'curl', ['--version']));
  },
  get python() {
    return once('python', () => probe('python3', 'python3', ['--version']));
  },
  get pythonRequests() {
    return once('pythonRequests', () => probe('python3 with requests', 'python3', ['-c', 'import requests']));
  },
  get php() {
    return once('php', () => probe('php', 'php', ['--version']));
  },
  get phpGuzzle() {
    return once('phpGuzzle', () => probe('php', 'php', ['--version'], () => (existsSync(debianGuzzleAutoload) ? undefined : `Guzzle (Debian's php-guzzlehttp-guzzle) is not installed here: ${install}`)));
  },
  get java() {
    return once('java', () => probe('javac', 'javac', ['-version']));
  },
  // dotnet is not in Debian: mono's compiler checks the C# syntax (`mcs --parse`), nothing more.
  get csharp() {
    return once('csharp', () => probe('mcs (mono-mcs)', 'mcs', ['--version']));
  },
};

/** Skips `t` (with why) when `toolchain` is missing; on CI a missing tool chain fails instead. */
export function requireToolchain(t: { skip(message: string): void }, toolchain: Toolchain): boolean {
  if (toolchain.missing === undefined) return true;
  if (process.env.CI === 'true') throw new Error(`CI=true, yet ${toolchain.missing}`);
  t.skip(toolchain.missing);
  return false;
}

export interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command` and gives what it printed. Not spawnSync: the sandbox the code talks to answers
 * from this process's event loop. */
export function run(command: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
