/**
 * Tells the language server what only the extension knows: the active environment's variables
 * (whenever it changes) and, once a connection to an archive is made, its live code lists and BSM
 * registry, so completion offers the archive's own codes and BSM fields and the checks use them.
 * The archive is asked only when the user connects to it (a run), never at activation.
 */
import type * as vscode from 'vscode';
import type { BsmGroup, CodeList } from '../../runner/archive/archiveApi';
import type { SetContextParams } from '../../server/protocol';
import type { ArchiveConnection, ArchiveConnections } from '../environments/archiveConnections';
import type { EnvironmentList } from '../environments/environmentList';

export class ArchiveContextSync implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[];
  private lastEnvironment: string | undefined;

  constructor(
    private readonly environments: EnvironmentList,
    connections: ArchiveConnections,
    private readonly send: (params: SetContextParams) => Promise<void>,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.subscriptions = [environments.onDidChange(() => this.environmentChanged()), connections.onDidConnect((connection) => void this.fetchLive(connection))];
  }

  private environmentChanged(): void {
    const active = this.environments.active();
    const fingerprint = active ? JSON.stringify([active.name, active.baseUrl, active.variables]) : undefined;
    if (fingerprint === this.lastEnvironment) return;
    const switchedArchive = this.lastEnvironment === undefined || active === undefined || JSON.parse(this.lastEnvironment)[1] !== active.baseUrl;
    this.lastEnvironment = fingerprint;
    // Another archive's code lists and registry say nothing about this one: forget them until it is reached.
    void this.send({ environment: active ? { ...active.variables } : null, ...(switchedArchive ? { codeLists: null, bsmRegistry: null } : {}) }).catch((error: unknown) => this.warn('variables', error));
  }

  private async fetchLive(connection: ArchiveConnection): Promise<void> {
    if (this.environments.active()?.name !== connection.environment.name) return;
    const [codeLists, registry] = await Promise.allSettled([connection.client.codeLists(), connection.client.bsmRegistry()]);
    const params: SetContextParams = {};
    if (codeLists.status === 'fulfilled') params.codeLists = byField(codeLists.value.body.results);
    else this.warn('code lists', codeLists.reason);
    if (registry.status === 'fulfilled') params.bsmRegistry = registry.value.body.results.map(bsmGroup);
    else this.warn('BSM registry', registry.reason);
    if (params.codeLists !== undefined || params.bsmRegistry !== undefined) await this.send(params).catch((error: unknown) => this.warn('live context', error));
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
