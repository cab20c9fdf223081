/**
 * Entry of the noarkq language server (bundled to dist/server.js). Any LSP client can start it:
 * `node dist/server.js --stdio` (or `--node-ipc`, `--socket=<port>`, `--pipe=<name>`).
 *
 * Only the arguments are read here. The server itself is two bundles beside this one, loaded
 * through V8's code cache (codeCache.ts): dist/serverConnection.js, which answers `initialize`,
 * and dist/serverAnalyses.js, loaded once the answer is out. The cache's folder is
 * $NOARKQ_CODE_CACHE (the extension gives its global storage), or one in the system's temp
 * folder; `NOARKQ_CODE_CACHE=off` keeps none.
 */
import { join } from 'node:path';
import { CodeCache, codeCacheFolder } from '../launch/codeCache';
import type { ServerAnalyses } from './noarkqServer';
import type * as Connection from './serverConnection';

/** Set by esbuild from package.json; absent when the sources run directly (tests, tsx). */
declare const NOARKQ_VERSION: string;

const version = typeof NOARKQ_VERSION === 'string' ? NOARKQ_VERSION : '0.0.0-dev';

const usage = `noarkq language server ${version}

Usage: node server.js --stdio | --node-ipc | --socket=<port> | --pipe=<name>

Speaks the Language Server Protocol for .noarkq files over the chosen transport:
diagnostics (pull or push), completion, hover, definition, references, rename,
document symbols, folding, semantic tokens, formatting and code actions.

Options:
  --stdio            read LSP messages from stdin, write them to stdout
  --node-ipc         talk over the Node IPC channel of the parent process
  --socket=<port>    connect to a socket on localhost:<port>
  --pipe=<name>      connect to a named pipe
  --help             show this text
  --version          print the version
`;

const args = process.argv.slice(2);
const transports = ['--stdio', '--node-ipc', '--socket', '--pipe'];

if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(usage);
} else if (args.includes('--version') || args.includes('-v')) {
  process.stdout.write(`${version}\n`);
} else if (!args.some((a) => transports.includes(a.split('=')[0]))) {
  process.stderr.write(`noarkq language server: choose a transport.\n\n${usage}`);
  process.exitCode = 2;
} else {
  const cache = new CodeCache(codeCacheFolder(process.env));
  const { listen } = cache.require(join(__dirname, 'serverConnection.js')) as typeof Connection;
  listen({ version, loadAnalyses: () => cache.require(join(__dirname, 'serverAnalyses.js')) as ServerAnalyses, testHooks: process.env.NOARKQ_TEST_HOOKS === '1' });
  // The code is cached once the server has answered and loaded its analyses, or as it exits.
  const save = (): void => {
    const failure = cache.save();
    if (failure) process.stderr.write(`${failure}\n`);
  };
  setTimeout(save, 3000).unref();
  process.once('exit', save);
}
