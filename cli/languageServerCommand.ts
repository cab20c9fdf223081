/**
 * `noarkq lsp` (also `noarkq language-server`): the language server for any editor, so that
 * installing the package is all an editor other than VS Code needs. It speaks LSP on stdin and
 * stdout unless another transport is named.
 *
 * The server (dist/server.js, beside this bundle) runs in a child process because its V8 flags
 * (launch/serverFlags.ts) must be given as a process starts. The child shares this process's
 * stdin, stdout and stderr, so the editor's messages go straight to it; this process only waits,
 * passes on a request to stop, and exits with the server's code. When the editor closes the
 * server's stdin, the server exits, whatever became of this process.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serverNodeFlags } from '../launch/serverFlags';

export const languageServerCommands: readonly string[] = ['lsp', 'language-server'];

export const languageServerUsage = `Usage: noarkq lsp [--stdio | --socket=<port> | --pipe=<name>]

Starts the noarkq language server for an editor (alias: noarkq language-server):
diagnostics, completion, hover, definition, references, rename, symbols,
folding, semantic tokens, formatting and code actions for .noarkq files.

Options:
  --stdio            read LSP messages from stdin, write them to stdout (the default)
  --socket=<port>    connect to a socket on localhost:<port>
  --pipe=<name>      connect to a named pipe
  -h, --help         show this text
`;

type Transport = { ok: true; args: string[] } | { ok: false; error: string } | { ok: true; help: true };

/** The server's transport argument from the command's, `--stdio` when none is named. */
export function languageServerArguments(argv: readonly string[]): Transport {
  const transports: string[] = [];
  for (const arg of argv) {
    if (arg === '-h' || arg === '--help') return { ok: true, help: true };
    const name = arg.split('=')[0];
    if (arg === '--stdio' || ((name === '--socket' || name === '--pipe') && arg.length > name.length + 1)) transports.push(arg);
    else if (name === '--node-ipc') return { ok: false, error: '--node-ipc needs the channel of the process the editor started: start "node dist/server.js --node-ipc" itself instead' };
    // vscode-languageclient and other clients add this to every server's arguments.
    else if (name === '--clientProcessId') continue;
    else return { ok: false, error: `unknown option "${arg}"` };
  }
  if (transports.length > 1) return { ok: false, error: `choose one transport, not ${transports.join(' and ')}` };
  return { ok: true, args: transports.length === 0 ? ['--stdio'] : transports };
}

/** Runs the server until it exits; resolves to the exit code for this process. */
export function runLanguageServer(argv: readonly string[], bundleFolder: string, err: (text: string) => void, out: (text: string) => void): Promise<number> {
  const parsed = languageServerArguments(argv);
  if (!parsed.ok) {
    err(`noarkq lsp: ${parsed.error}\n\n${languageServerUsage}`);
    return Promise.resolve(2);
  }
  if ('help' in parsed) {
    out(languageServerUsage);
    return Promise.resolve(0);
  }
  const bundle = join(bundleFolder, 'server.js');
  if (!existsSync(bundle)) {
    err(`noarkq lsp: ${bundle} is missing; run "npm run build" first\n`);
    return Promise.resolve(2);
  }
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...serverNodeFlags, bundle, ...parsed.args], { stdio: 'inherit' });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    const signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];
    for (const s of signals) process.on(s, forward);
    child.once('error', (error) => {
      err(`noarkq lsp: could not start the server: ${error.message}\n`);
      resolve(2);
    });
    child.once('exit', (code, signal) => {
      for (const s of signals) process.off(s, forward);
      resolve(code ?? (signal === 'SIGINT' ? 130 : signal === 'SIGTERM' ? 143 : 1));
    });
  });
}
