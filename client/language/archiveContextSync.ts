/**
 * Tells the language server what only the extension knows: the active environment's variables
 * (whenever it changes) and, once a connection to an archive is made, its live code lists and BSM
 * registry, so completion offers the archive's own codes and BSM fields and the checks use them.
 * The archive is asked only when the user connects to it (a run, a view) or switches back to one
 * already connected, never at activation, and again after every change made from the views. The lists and the registry are the copy the
 * views share (`../registries/liveRegistries.ts`): whatever it fetches, the server is given.
 */
import type * as vscode from 'vscode';
import type { BsmGroup, CodeList } from '../../runner/archive/archiveApi';
import type { SetContextParams } from '../../protocol/customMessages';
import type { ArchiveConnection, ArchiveConnections } from '../environments/archiveConnections';
import type { EnvironmentList } from '../environments/environmentList';
import type { LiveRegistries, RegistriesChange, RegistryPart } from '../registries/liveRegistries';

export class ArchiveContextSync implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[];
  private lastEnvironment: string | undefined;
  /** The last notification with live data, so that `refresh` can resolve once it is sent. */
  private sending: Promise<void> = Promise.resolve();

  constructor(
    private readonly environments: EnvironmentList,
    private readonly connections: ArchiveConnections,
    private readonly live: LiveRegistries,
    private readonly send: (params: SetContextParams) => Promise<void>,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.subscriptions = [
      environments.onDidChange(() => this.environmentChanged()),
      connections.onDidConnect((connection) => void (this.isActive(connection) && this.refresh(connection))),
      live.onDidChange((change) => (this.sending = this.sendLive(change))),
    ];
  }

  /**
   * Reads the archive's code lists and BSM registry (or the `parts` named) into the shared copy
   * and gives them to the language server (when `connection` is the active environment's);
   * resolves once they are sent. Never throws: what could not be read or sent goes to the log.
   */
  async refresh(connection: ArchiveConnection, parts?: readonly RegistryPart[]): Promise<void> {
    await this.live.fetch(connection, parts);
    await this.sending;
  }

  private environmentChanged(): void {
    const active = this.environments.active();
    const fingerprint = active ? JSON.stringify([active.name, active.baseUrl, active.variables]) : undefined;
    if (fingerprint === this.lastEnvironment) return;
    const switchedArchive = this.lastEnvironment === undefined || active === undefined || JSON.parse(this.lastEnvironment)[1] !== active.baseUrl;
    this.lastEnvironment = fingerprint;
    // Another archive's code lists and registry say nothing about this one: forget them until it is reached.
    void this.send({ environment: active ? { ...active.variables } : null, ...(switchedArchive ? { codeLists: null, bsmRegistry: null } : {}) }).catch((error: unknown) => this.warn('variables', error));
    // Back to an archive already connected to (no new connection, so no onDidConnect): read it again.
    const open = switchedArchive && active ? this.connections.opened(active) : undefined;
    if (open) void this.refresh(open);
  }

  private async sendLive({ connection, parts, copy }: RegistriesChange): Promise<void> {
    if (!this.isActive(connection)) return;
    const params: SetContextParams = {};
    if (parts.includes('codeLists') && copy.codeLists) {
      if (copy.codeLists.ok) params.codeLists = byField(copy.codeLists.value);
      else this.warn('code lists', copy.codeLists.error);
    }
    if (parts.includes('bsmRegistry') && copy.bsmRegistry) {
      if (copy.bsmRegistry.ok) params.bsmRegistry = copy.bsmRegistry.value.map(bsmGroup);
      else this.warn('BSM registry', copy.bsmRegistry.error);
    }
    if (params.codeLists !== undefined || params.bsmRegistry !== undefined) await this.send(params).catch((error: unknown) => this.warn('live context', error));
  }

  private isActive(connection: ArchiveConnection): boolean {
    return this.environments.active()?.name === connection.environment.name;
  }

  private warn(what: string, error: unknown): void {
    this.log.warn(`Could not give the language server the ${what}: ${error instanceof Error ? error.message : String(error)}`);
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}

/** Field name → its values, as the server keys them (a field's lists for several types merged). */
function byField(lists: readonly CodeList[]): NonNullable<SetContextParams['codeLists']> {
  const out: Record<string, { code: string; name: string; description?: string }[]> = {};
  for (const list of lists) {
    const values = (out[list.field] ??= []);
    for (const value of list.values) {
      if (values.some((v) => v.code === value.code)) continue;
      values.push({ code: value.code, name: value.name ?? value.code, ...(value.description !== undefined ? { description: value.description } : {}) });
    }
  }
  return out;
}

type ServerBsmGroup = NonNullable<SetContextParams['bsmRegistry']>[number];

/** Only what the server's protocol describes: an archive may add keys of its own. */
function bsmGroup(group: BsmGroup): ServerBsmGroup {
  return {
    groupId: group.groupId,
    groupName: group.groupName,
    groupDescription: group.groupDescription,
    fields: group.fields.map((f) => ({ fieldId: f.fieldId, fieldName: f.fieldName, fieldDescription: f.fieldDescription, fieldType: f.fieldType, fieldValues: f.fieldValues })),
  };
}
