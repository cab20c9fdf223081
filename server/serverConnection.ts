/**
 * The connection half of the language server (bundled to dist/serverConnection.js): what answers
 * `initialize`, started by the entry (main.ts) once it has read its arguments. The analyses are
 * a bundle of their own, loaded through `loadAnalyses` once the answer is out.
 */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startNoarkqServer, type ServerOptions } from './noarkqServer';

export function listen(options: ServerOptions): void {
  // The transport is read from process.argv (--stdio, --node-ipc, --socket=, --pipe=).
  const connection = createConnection(ProposedFeatures.all);
  startNoarkqServer(connection, options);
  connection.listen();
}
