/**
 * One fetched copy of the active archive's code lists and BSM registry, shared by the two views
 * and by what the language server is told (`../language/archiveContextSync.ts`), so that opening
 * a view after connecting does not ask the archive a second time, and what the views show is
 * what completion offers.
 */
import * as vscode from 'vscode';
import type { BsmGroup, CodeList } from '../../runner/archive/archiveApi';
import type { ArchiveConnection } from '../environments/archiveConnections';

export type RegistryPart = 'codeLists' | 'bsmRegistry';
export const registryParts: readonly RegistryPart[] = ['codeLists', 'bsmRegistry'];

/** What one GET gave: the results, or why there are none (already redacted). */
export type Fetched<T> = { ok: true; value: T } | { ok: false; error: string };

export interface RegistriesCopy {
  codeLists?: Fetched<CodeList[]>;
  bsmRegistry?: Fetched<BsmGroup[]>;
}

export interface RegistriesChange {
  connection: ArchiveConnection;
  /** The parts fetched anew. */
  parts: readonly RegistryPart[];
  copy: RegistriesCopy;
}

export class LiveRegistries implements vscode.Disposable {
  /** Keyed by the connection object: a changed environment gets a new connection, so a copy of
   * another archive (or of the same name with another address) is never taken for this one. */
  private held: { connection: ArchiveConnection; copy: RegistriesCopy } | undefined;
  private readonly inFlight = new Map<RegistryPart, { connection: ArchiveConnection; answers: Promise<RegistriesCopy> }>();
  /** Per part, the number of the latest fetch: an older answer arriving late is not kept. */
  private readonly latest = new Map<RegistryPart, number>();
  private sequence = 0;
  private readonly changed = new vscode.EventEmitter<RegistriesChange>();
  readonly onDidChange = this.changed.event;

  /** What is held for `connection`, without asking the archive. */
  current(connection: ArchiveConnection): RegistriesCopy {
    return this.held?.connection === connection ? this.held.copy : {};
  }

  /** `part` as held, fetched first if nothing is held for it yet (sharing a fetch under way). */
  async ensure<P extends RegistryPart>(connection: ArchiveConnection, part: P): Promise<NonNullable<RegistriesCopy[P]>> {
    const held = this.current(connection)[part];
    if (held) return held as NonNullable<RegistriesCopy[P]>;
    const running = this.inFlight.get(part);
    const answers = running?.connection === connection ? await running.answers : await this.fetch(connection, [part]);
    return answers[part] as NonNullable<RegistriesCopy[P]>;
  }

  /**
   * Asks the archive for `parts` (both by default) and gives their answers. They are kept, and the
   * listeners told, unless a later fetch of the same part was started meanwhile (its answer wins).
   */
  async fetch(connection: ArchiveConnection, parts: readonly RegistryPart[] = registryParts): Promise<RegistriesCopy> {
    const numbers = new Map(parts.map((part) => [part, ++this.sequence] as const));
    for (const [part, n] of numbers) this.latest.set(part, n);
    const answers = Promise.all(parts.map(async (part) => [part, await readPart(connection, part)] as const)).then((pairs) => Object.fromEntries(pairs) as RegistriesCopy);
    for (const part of parts) this.inFlight.set(part, { connection, answers });
    const fetched = await answers;
    for (const part of parts) if (this.inFlight.get(part)?.answers === answers) this.inFlight.delete(part);

    const fresh = parts.filter((part) => this.latest.get(part) === numbers.get(part));
    if (fresh.length > 0) {
      const copy: RegistriesCopy = { ...(this.held?.connection === connection ? this.held.copy : {}) };
      for (const part of fresh) (copy as Record<RegistryPart, unknown>)[part] = fetched[part];
      this.held = { connection, copy };
      this.changed.fire({ connection, parts: fresh, copy });
    }
    return fetched;
  }

  dispose(): void {
    this.changed.dispose();
  }
}

async function readPart(connection: ArchiveConnection, part: RegistryPart): Promise<Fetched<CodeList[]> | Fetched<BsmGroup[]>> {
  try {
    if (part === 'codeLists') return { ok: true, value: (await connection.client.codeLists()).body.results };
    return { ok: true, value: (await connection.client.bsmRegistry()).body.results };
  } catch (error) {
    return { ok: false, error: connection.redact(error instanceof Error ? error.message : String(error)) };
  }
}
