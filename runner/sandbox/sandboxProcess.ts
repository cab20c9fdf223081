/**
 * The sandbox bundle (dist/sandbox.js) as a child process on a free port: a throwaway in-memory
 * archive with the demo data for `noarkq run --sandbox`, or a persistent one for the extension
 * (`--data <folder>`). The child says where it listens over an IPC channel; it stops when told
 * to, when the start is cancelled (`signal`), or by itself when this process goes away (its IPC
 * channel closes), removing its throwaway folder in every case.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sandboxChildArguments, sandboxReadyMessage, type SandboxReadyMessage } from '../../core/api/sandboxContract';

export interface SandboxProcess {
  ready: SandboxReadyMessage;
  stop(): Promise<void>;
}

export function sandboxBundlePath(): string {
  // Bundled, this module lives in dist/cli.js (or dist/client.js) beside dist/sandbox.js; from the
  // sources (tests), the built bundle is in dist/ at the repository root.
  const beside = join(__dirname, 'sandbox.js');
  return existsSync(beside) ? beside : join(__dirname, '..', '..', 'dist', 'sandbox.js');
}

export interface SandboxProcessOptions {
  /** A persistent archive in this folder; a throwaway in-memory one when absent. */
  dataDir?: string;
  /** The Node executable to run the bundle with (the extension host passes its own). */
  execPath?: string;
  extraArgs?: readonly string[];
  /** Cancels a start still under way (Ctrl-C while seeding): the child is stopped, and the
   * promise rejects once it has exited and cleaned up after itself. */
  signal?: AbortSignal;
}

export function startSandboxProcess(options: SandboxProcessOptions = {}): Promise<SandboxProcess> {
  const bundle = sandboxBundlePath();
  if (options.signal?.aborted) return Promise.reject(new Error('the sandbox start was cancelled'));
  if (!existsSync(bundle)) return Promise.reject(new Error(`${bundle} is missing; run "npm run build" first`));
  const args = sandboxChildArguments(options.dataDir !== undefined ? { dataDir: options.dataDir } : {});
  const child = spawn(options.execPath ?? process.execPath, [bundle, ...args, ...(options.extraArgs ?? [])], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const cancel = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  options.signal?.addEventListener('abort', cancel, { once: true });
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      options.signal?.removeEventListener('abort', cancel);
      reject(new Error(options.signal?.aborted ? 'the sandbox start was cancelled; the sandbox stopped' : `the sandbox did not start: ${why}${stderr.trim() ? `\n${stderr.trim()}` : ''}`));
    };
    child.once('error', (error) => fail(error.message));
    const exitedEarly = (code: number | null, signal: NodeJS.Signals | null) => fail(signal ? `stopped by ${signal}` : `exit code ${code}`);
    child.once('exit', exitedEarly);
    child.on('message', (message: unknown) => {
      const ready = sandboxReadyMessage.safeParse(message);
      if (!ready.success) {
        // A sandbox bundle of another version: say so rather than wait for a message that never comes.
        child.kill('SIGTERM');
        fail(`its ready message does not match this version's sandbox contract: ${ready.error.issues.map((issue) => `${issue.path.join('.') || 'the message'}: ${issue.message}`).join('; ')}`);
        return;
      }
      child.off('exit', exitedEarly);
      options.signal?.removeEventListener('abort', cancel);
      resolve({
        ready: ready.data,
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}
