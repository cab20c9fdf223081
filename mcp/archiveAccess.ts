/**
 * The archive the archive tools talk to, opened on first use and kept for the server's life: an
 * agent's session starts with `check` and `describe_type` as often as with a query, and a sandbox
 * takes seconds to seed. How it is opened (environments file, secrets, `--sandbox`) is the
 * caller's: the CLI passes `noarkq run`'s own connection.
 */
import type { ArchiveApi } from '../runner/archive/archiveApi';
import { ArchiveError } from '../runner/archive/archiveErrors';
import type { RunEnvironment } from '../runner/blocks/runSession';
import { problem, type ToolAnswer } from './toolAnswer';

export interface ArchiveConnection {
  environment: RunEnvironment;
  client: ArchiveApi;
  /** `text` without the tokens and secrets held: no answer or log line may contain them. */
  redact(text: string): string;
  close(): Promise<void>;
}

export type OpenConnection = () => Promise<ArchiveConnection | { error: string }>;

export class ArchiveAccess {
  private opening: Promise<ArchiveConnection | { error: string }> | undefined;
  private opened: ArchiveConnection | undefined;
  private closed = false;

  constructor(private readonly open: OpenConnection) {}

  /** The connection, opening it the first time; a failure is told and tried again on the next call. */
  async connection(): Promise<ArchiveConnection | { error: string }> {
    if (this.closed) return { error: 'the server is stopping.' };
    this.opening ??= this.open();
    const result = await this.opening;
    if ('error' in result) this.opening = undefined;
    else this.opened = result;
    return result;
  }

  /** Starts opening now (a sandbox seeds while the client gets ready), without waiting. */
  warmUp(): void {
    void this.connection();
  }

  /** `text` without the connection's secrets, once there is one. */
  redact(text: string): string {
    return this.opened ? this.opened.redact(text) : text;
  }

  async close(): Promise<void> {
    this.closed = true;
    const result = await this.opening;
    if (result && !('error' in result)) await result.close();
  }
}

/** Runs `call` with the connection, answering the connection's failure or the archive's error. */
export async function withArchive(access: ArchiveAccess, call: (connection: ArchiveConnection) => Promise<ToolAnswer>): Promise<ToolAnswer> {
  const connection = await access.connection();
  if ('error' in connection) return problem(`No archive to ask: ${connection.error}`);
  try {
    return await call(connection);
  } catch (error) {
    if (error instanceof ArchiveError) {
      return {
        summary: `The archive (${connection.environment.name}) refused ${error.request.method} ${error.request.path} with status ${error.status}. Its answer is below.`,
        archiveData: { environment: connection.environment.name, value: { status: error.status, errorId: error.errorId ?? null, description: error.description } },
        isError: true,
      };
    }
    return problem(`The request to ${connection.environment.name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
