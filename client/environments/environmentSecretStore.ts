/**
 * An environment's secrets (bearer token, client secret, password) in VS Code's SecretStorage,
 * the only place the extension keeps them: never settings, files, logs or webviews. Keyed by the
 * environment's name and API root, so two workspaces with a "test" environment on different
 * archives do not share a password.
 */
import type * as vscode from 'vscode';
import { requiredSecrets, type EnvironmentSecrets, type SecretName } from '../../runner/environments/environmentSecrets';
import type { Environment } from '../../runner/environments/environmentsSchema';

const secretNames: readonly SecretName[] = ['token', 'clientSecret', 'password'];

export const secretLabels: Record<SecretName, string> = { token: 'bearer token', clientSecret: 'client secret', password: 'password' };

export class EnvironmentSecretStore {
  constructor(private readonly storage: vscode.SecretStorage) {}

  async read(environment: Environment): Promise<EnvironmentSecrets> {
    const secrets: EnvironmentSecrets = {};
    for (const name of requiredSecrets(environment.auth)) {
      const value = await this.storage.get(key(environment, name));
      if (value !== undefined && value !== '') secrets[name] = value;
    }
    return secrets;
  }

  async store(environment: Environment, name: SecretName, value: string): Promise<void> {
    await this.storage.store(key(environment, name), value);
  }

  async forget(environment: Environment): Promise<void> {
    for (const name of secretNames) await this.storage.delete(key(environment, name));
  }

  /** Where a missing secret is set, for the runner's messages. */
  static readonly sources: Record<SecretName, string> = {
    token: 'the bearer token with "noarkq: Set Credentials"',
    clientSecret: 'the client secret with "noarkq: Set Credentials"',
    password: 'the password with "noarkq: Set Credentials"',
  };
}

function key(environment: Environment, name: SecretName): string {
  return `noarkq:${environment.name}@${environment.baseUrl}:${name}`;
}
