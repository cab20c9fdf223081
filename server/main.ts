/**
 * Entry of the noarkq language server (bundled to dist/server.js). Any LSP client can start it:
 * `node dist/server.js --stdio` (or `--node-ipc`, `--socket=<port>`, `--pipe=<name>`).
 */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startNoarkqServer, type ServerAnalyses } from './noarkqServer';

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
  const connection = createConnection(ProposedFeatures.all);
  // esbuild leaves this require alone and builds its target as dist/serverAnalyses.js beside this
  // bundle (see esbuild.mjs): it is read and compiled only when the server first needs it.
  startNoarkqServer(connection, { version, loadAnalyses: () => require('./serverAnalyses') as ServerAnalyses });
  connection.listen();
}
