/**
 * `noarkq sandbox` runs the sandbox bundle (dist/sandbox.js) as a child process: the archive and
 * its embedded PostgreSQL stay out of the CLI bundle, which `noarkq check` in CI loads often.
 * `noarkq mcp` runs dist/mcp.js the same way, for the MCP SDK; its stdin and stdout are the
 * protocol's, handed to the child as they are.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CliIo } from './checkCommand';

export function runBundledRuntime(runtime: 'sandbox' | 'mcp', args: readonly string[], io: CliIo): Promise<number> {
  // Bundled, this module lives in dist/cli.js beside the other runtimes.
  const bundle = join(__dirname, `${runtime}.js`);
  if (!existsSync(bundle)) {
    io.err(`noarkq ${runtime}: ${bundle} is missing; run "npm run build" first\n`);
    return Promise.resolve(2);
  }
  return new Promise((resolve) => {
    // The IPC channel lets the child see this process go away, however it ends, and stop with it.
    const child = spawn(process.execPath, [bundle, ...args], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
    // Ctrl-C reaches the child through the terminal's process group; forward other stops too.
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGTERM', forward);
    child.on('error', (error) => {
      io.err(`noarkq ${runtime}: ${error.message}\n`);
      resolve(2);
    });
    child.on('exit', (code, signal) => {
      process.off('SIGTERM', forward);
      resolve(code ?? (signal === 'SIGINT' ? 130 : 1));
    });
  });
}
