/**
 * Starts benchSandboxChild.ts in its own process for the benchmarks that measure a client (the
 * archive client, the CLIs), so that the archive and the client under test do not share one event
 * loop or one process's CPU time.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { BenchSandboxReady } from './benchSandboxChild';

export interface ChildSandbox {
  ready: BenchSandboxReady;
  stop(): Promise<void>;
}

export interface ChildSandboxOptions {
  /** Fill an archive holding fewer Klasse with that many first. */
  seedKlasse?: number;
  /** Fill a new archive with the demo archive (what `noarkq sandbox` and `run --sandbox` serve). */
  demo?: boolean;
}

export function startChildSandbox(dataDir: string, options: ChildSandboxOptions = {}, log: (line: string) => void = () => undefined): Promise<ChildSandbox> {
  const args = [dataDir];
  if (options.seedKlasse) args.push('--seed-klasse', String(options.seedKlasse));
  if (options.demo) args.push('--demo');
  const child: ChildProcess = fork(join(__dirname, 'benchSandboxChild.ts'), args, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    for (const line of chunk.split('\n')) if (line.trim()) log(`  sandbox: ${line}`);
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the benchmark sandbox stopped before it was ready (exit ${code})`)));
    child.once('message', (message) => {
      child.removeAllListeners('exit');
      resolve({
        ready: message as BenchSandboxReady,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.disconnect();
          }),
      });
    });
  });
}
