/**
 * Entry of dist/mcp.js: `noarkq mcp`. A bundle of its own, run by `noarkq mcp` as a child process
 * (like the sandbox) or started directly by an editor, so that the MCP SDK stays out of the
 * commands bundle that every `noarkq check` in CI loads.
 */
import { noarkModel } from '../core/schema';
import { runMcp } from './mcpCommand';

/** Set by esbuild from package.json; absent when the sources run directly (tests, tsx). */
declare const NOARKQ_VERSION: string;

const version = typeof NOARKQ_VERSION === 'string' ? NOARKQ_VERSION : '0.0.0-dev';

runMcp(process.argv.slice(2), { cwd: process.cwd(), out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) }, noarkModel, version).then(
  (code) => {
    process.exitCode = code;
    // What may still hold the event loop (an idle keep-alive socket, a paused stdin) is not a
    // reason to stay: the server has stopped and let its archive go.
    setImmediate(() => process.exit(code));
  },
  (error: unknown) => {
    process.stderr.write(`noarkq mcp: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(2);
  },
);
