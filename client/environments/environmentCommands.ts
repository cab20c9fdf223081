/**
 * `noarkq.selectEnvironment`, `noarkq.setCredentials` and `noarkq.signOut`.
 */
import * as vscode from 'vscode';
import { requiredSecrets, type SecretName } from '../../runner/environments/environmentSecrets';
import type { Environment } from '../../runner/environments/environmentsSchema';
import type { ArchiveConnections } from './archiveConnections';
import type { EnvironmentList, EnvironmentSource } from './environmentList';
import { secretLabels, type EnvironmentSecretStore } from './environmentSecretStore';

const sourceLabels: Record<EnvironmentSource, string> = { file: 'noarkq.environments.json', settings: 'settings', sandbox: 'local sandbox' };

/** Asks for a secret in a password box (the answer is never shown, logged or kept elsewhere). */
export async function askSecret(environment: Environment, name: SecretName): Promise<string | undefined> {
  const user = environment.auth.kind === 'password' && name === 'password' ? ` of ${environment.auth.user}` : '';
  return vscode.window.showInputBox({
    title: `noarkq: ${environment.name}`,
    prompt: `The ${secretLabels[name]}${user} for "${environment.name}" (kept in VS Code's secret storage)`,
    password: true,
    ignoreFocusOut: true,
  });
}

export class EnvironmentCommands {
  constructor(
    private readonly environments: EnvironmentList,
    private readonly secrets: EnvironmentSecretStore,
    private readonly connections: ArchiveConnections,
    private readonly promptSecret: (environment: Environment, name: SecretName) => Promise<string | undefined>,
  ) {}

  /** `noarkq.selectEnvironment(name?)`: the chosen environment's name; undefined when dismissed. */
  async selectEnvironment(name?: unknown): Promise<string | undefined> {
    await this.environments.ready();
    if (typeof name === 'string') return (await this.environments.select(name)).name;
    const active = this.environments.active();
    type Item = vscode.QuickPickItem & { name?: string; command?: string };
    const items: Item[] = this.environments.all().map(({ environment, source }) => ({
      label: `${environment.protected ? '$(shield)' : '$(server-environment)'} ${environment.name}`,
      description: environment.name === active?.name ? `${sourceLabels[source]} · active` : sourceLabels[source],
      detail: environment.baseUrl,
      name: environment.name,
    }));
    items.push({ label: '', kind: vscode.QuickPickItemKind.Separator }, { label: '$(play) Start the local sandbox archive', command: 'noarkq.startSandbox' });
    if (this.environments.currentProblems().length > 0) items.push({ label: '$(warning) Show the environments\' problems', command: 'noarkq.showRequestLog' });
    const picked = await vscode.window.showQuickPick(items, { title: 'noarkq: run .noarkq files against', placeHolder: 'Environments from noarkq.environments.json and settings' });
    if (!picked) return undefined;
    if (picked.command) {
      await vscode.commands.executeCommand(picked.command);
      return picked.command === 'noarkq.startSandbox' ? this.environments.active()?.name : undefined;
    }
    return picked.name === undefined ? undefined : (await this.environments.select(picked.name)).name;
  }

  /** `noarkq.setCredentials`: asks for every secret the active environment needs and stores it. */
  async setCredentials(): Promise<void> {
    const environment = await this.activeOrAsk();
    if (!environment) return;
    const needed = requiredSecrets(environment.auth);
    if (needed.length === 0) {
      void vscode.window.showInformationMessage(`noarkq: "${environment.name}" needs no credentials (auth "none").`);
      return;
    }
    const values: Partial<Record<SecretName, string>> = {};
    for (const name of needed) {
      const value = await this.promptSecret(environment, name);
      if (value === undefined || value === '') return;
      values[name] = value;
    }
    for (const name of needed) await this.secrets.store(environment, name, values[name]!);
    await this.connections.close(environment.name);
    void vscode.window.showInformationMessage(`noarkq: credentials for "${environment.name}" stored.`);
  }

  /** `noarkq.signOut`: revokes the tokens got for the active environment at its identity provider
   * (when the environment names a revocation endpoint), then forgets them and its secrets; a
   * revocation that fails is a warning, and the sign-out goes on here. */
  async signOut(): Promise<void> {
    const environment = await this.activeOrAsk();
    if (!environment) return;
    // Before the secrets go: revoking authenticates the client with its secret.
    const { failure } = await this.connections.signOut(environment.name);
    await this.secrets.forget(environment);
    if (failure !== undefined) {
      void vscode.window.showWarningMessage(`noarkq: signed out of "${environment.name}" on this machine, but its tokens may still be valid: ${failure}`);
      return;
    }
    void vscode.window.showInformationMessage(`noarkq: signed out of "${environment.name}".`);
  }

  /** The active environment, or the one the user picks now. */
  async activeOrAsk(): Promise<Environment | undefined> {
    await this.environments.ready();
    const active = this.environments.active();
    if (active) return active;
    const name = await this.selectEnvironment();
    return name === undefined ? undefined : this.environments.active();
  }
}
