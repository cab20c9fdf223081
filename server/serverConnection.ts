/**
 * The connection half of the language server (bundled to dist/serverConnection.js): what answers
 * `initialize`, started by the entry (main.ts) once it has read its arguments. The analyses are
 * a bundle of their own, loaded through `loadAnalyses` once the answer is out.
 */
import { inspect } from 'node:util';
import { createConnection, ProposedFeatures, StreamMessageWriter, type Connection, type MessageReader } from 'vscode-languageserver/node';
import { cachingJsonEncoder } from './messageJson';
import { startNoarkqServer, type ServerOptions } from './noarkqServer';

export function listen(options: ServerOptions): void {
  const connection = process.argv.includes('--stdio') ? stdioConnection() : createConnection(ProposedFeatures.all);
  startNoarkqServer(connection, options);
  connection.listen();
}

/**
 * Over stdio, messages are written by a writer whose JSON keeps each diagnostic's (messageJson.ts);
 * the other transports are read from process.argv (--node-ipc, --socket=, --pipe=). The console,
 * which would write into the protocol's stream, is sent to the client's log, as the library does
 * when it sets up stdio itself.
 */
function stdioConnection(): Connection {
  // stdin goes in as the stream it is, which the library reads as it would a reader of it and
  // ends the process when it closes; its types take two streams, or a reader and a writer.
  const input = process.stdin as unknown as MessageReader;
  const connection = createConnection(ProposedFeatures.all, input, new StreamMessageWriter(process.stdout, { charset: 'utf-8', contentTypeEncoder: cachingJsonEncoder }));
  const text = (args: unknown[]): string => args.map((arg) => (typeof arg === 'string' ? arg : inspect(arg))).join(' ');
  console.log = console.debug = console.trace = (...args: unknown[]) => connection.console.log(text(args));
  console.info = (...args: unknown[]) => connection.console.info(text(args));
  console.warn = (...args: unknown[]) => connection.console.warn(text(args));
  console.error = (...args: unknown[]) => connection.console.error(text(args));
  console.dir = (arg: unknown, dirOptions?: object) => connection.console.log(inspect(arg, dirOptions));
  return connection;
}
