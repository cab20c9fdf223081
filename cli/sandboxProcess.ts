/**
 * `noarkq run --sandbox`: the sandbox bundle (dist/sandbox.js) as a child process with a
 * throwaway in-memory archive holding the demo data, on a free port. The child says where it
 * listens over an IPC channel; it stops when told to, or by itself when this process goes away.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SandboxReadyMessage } from '../sandbox/sandboxCommand';

export interface SandboxProcess {
  ready: SandboxReadyMessage;
  stop(): Promise<void>;
}

export function sandboxBundlePath(): string {
  // Bundled, this module lives in dist/cli.js beside dist/sandbox.js; from the sources (tests),
  // the built bundle is in dist/ at the repository root.
  const beside = join(__dirname, 'sandbox.js');
  return existsSync(beside) ? beside : join(__dirname, '..', 'dist', 'sandbox.js');
}

export function startSandboxProcess(extraArgs: readonly string[] = []): Promise<SandboxProcess> {
  const bundle = sandboxBundlePath();
  if (!existsSync(bundle)) return Promise.reject(new Error(`${bundle} is missing; run "npm run build" first`));
  const child = spawn(process.execPath, [bundle, '--memory', '--port', '0', ...extraArgs], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const fail = (why: string) => reject(new Error(`the sandbox did not start: ${why}${stderr.trim() ? `\n${stderr.trim()}` : ''}`));
    child.once('error', (error) => fail(error.message));
    const exitedEarly = (code: number | null, signal: NodeJS.Signals | null) => fail(signal ? `stopped by ${signal}` : `exit code ${code}`);
    child.once('exit', exitedEarly);
    child.on('message', (message: unknown) => {
      if (!isReady(message)) return;
      child.off('exit', exitedEarly);
      resolve({
        ready: message,
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}

function isReady(message: unknown): message is SandboxReadyMessage {
  return typeof message === 'object' && message !== null && (message as { kind?: unknown }).kind === 'sandbox-ready';
}
