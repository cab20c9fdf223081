/**
 * `noarkq mcp` over stdio: stdout carries the protocol and nothing else; stderr gets one line per
 * call and per HTTP exchange, as `noarkq run --verbose` prints them, with every secret taken out.
 * The server ends when the client closes stdin (or on SIGINT/SIGTERM), and lets its archive go:
 * a sandbox it started stops with it.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { ArchiveAccess, type OpenConnection } from './archiveAccess';
import { createMcpServer, type McpServerOptions } from './mcpServer';

export interface ServeOptions extends Omit<McpServerOptions, 'access'> {
  open: OpenConnection;
  /** Open the archive at once (a sandbox seeds while the client starts). */
  openAtStart: boolean;
  /** Where the log lines go (stderr). */
  log: (line: string) => void;
  /** What the server talks to, for its first log line. */
  archiveDescription: string;
}

/** Arguments longer than this are cut in the log: a whole .noarkq file is not a log line. */
const loggedArgumentLength = 300;

export async function serveMcp(options: ServeOptions): Promise<number> {
  const access = new ArchiveAccess(options.open);
  const log = (line: string) => options.log(access.redact(line) + '\n');
  const server = createMcpServer({ ...options, access });
  const transport = new StdioServerTransport();
  await server.connect(transport);
  logCalls(transport, log);
  log(`noarkq mcp ${options.version}: ${options.archiveDescription}; ${options.allowWrites ? 'writes allowed (never to a protected environment)' : 'read-only'}; at most ${options.caps.maxRows} rows and ${options.caps.maxBytes} bytes per answer.`);
  if (options.openAtStart) access.warmUp();

  await new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
    transport.onclose = chain(transport.onclose, resolve);
  });
  await server.close().catch(() => undefined);
  await access.close();
  log('noarkq mcp: stopped.');
  return 0;
}

function chain(first: (() => void) | undefined, then: () => void): () => void {
  return () => {
    first?.();
    then();
  };
}

/** One line when a call comes in and one when it is answered, with its outcome and time. */
function logCalls(transport: StdioServerTransport, log: (line: string) => void): void {
  const pending = new Map<string | number, { what: string; started: number }>();
  const receive = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage) => {
    if ('method' in message && 'id' in message && (message.method === 'tools/call' || message.method === 'resources/read')) {
      const params = (message.params ?? {}) as { name?: unknown; arguments?: unknown; uri?: unknown };
      const what = message.method === 'tools/call' ? `tool ${String(params.name)}` : `resource ${String(params.uri)}`;
      const args = message.method === 'tools/call' ? ` ${cut(JSON.stringify(params.arguments ?? {}))}` : '';
      log(`→ ${what}${args}`);
      pending.set(message.id, { what, started: performance.now() });
    }
    receive?.(message);
  };
  const send = transport.send.bind(transport);
  transport.send = async (message: JSONRPCMessage) => {
    if ('id' in message && message.id !== undefined && message.id !== null && pending.has(message.id)) {
      const call = pending.get(message.id)!;
      pending.delete(message.id);
      const ms = Math.round(performance.now() - call.started);
      const outcome =
        'error' in message ? `error ${message.error.message}` : 'result' in message && (message.result as { isError?: boolean }).isError ? `failed: ${cut(firstText(message.result))}` : 'ok';
      log(`← ${call.what} ${outcome} ${ms} ms`);
    }
    return send(message);
  };
}

function firstText(result: unknown): string {
  const content = (result as { content?: { type?: string; text?: string }[] }).content;
  return content?.find((c) => c.type === 'text')?.text?.split('\n')[0] ?? '';
}

function cut(text: string): string {
  return text.length > loggedArgumentLength ? `${text.slice(0, loggedArgumentLength)}… (${text.length} characters)` : text;
}
