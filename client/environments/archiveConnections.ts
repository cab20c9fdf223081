/**
 * One archive client per environment, made on first use and kept while the environment and its
 * secrets stay the same, so the token provider keeps its token and renews it silently. Every
 * exchange goes to the request log; the secrets and tokens the provider held are redacted from
 * anything written about a failure.
 */
import * as vscode from 'vscode';
import { ArchiveClient } from '../../runner/archive/archiveClient';
import type { ArchiveApi, ExchangeLogEntry } from '../../runner/archive/archiveApi';
import { timeLimitsOf } from '../../runner/archive/timeLimits';
import { redact } from '../../core/text/secretRedaction';
import { missingSecrets, type SecretName } from '../../runner/environments/environmentSecrets';
import type { Environment } from '../../runner/environments/environmentsSchema';
import { createTokenProvider } from '../../runner/environments/environmentTokenProvider';
import type { TokenProvider } from '../../runner/auth/tokenProvider';
import { EnvironmentSecretStore } from './environmentSecretStore';

export interface ArchiveConnection {
  environment: Environment;
  client: ArchiveApi;
  /** Redacts every secret and token this connection has held. */
  redact(text: string): string;
}

/** Asks the user for a secret the environment needs; undefined when they give none. */
export type SecretPrompt = (environment: Environment, name: SecretName) => Promise<string | undefined>;

export class ArchiveConnections implements vscode.Disposable {
  private readonly open = new Map<string, { fingerprint: string; connection: ArchiveConnection; auth: TokenProvider | undefined }>();
  private readonly opening = new Map<string, { fingerprint: string; connection: Promise<ArchiveConnection | undefined> }>();
  private readonly connected = new vscode.EventEmitter<ArchiveConnection>();
  /** A new connection was made (the extension then sends the server what it can fetch). */
  readonly onDidConnect = this.connected.event;

  constructor(
    private readonly secrets: EnvironmentSecretStore,
    private readonly onExchange: (environment: Environment, entry: ExchangeLogEntry) => void,
  ) {}

  /** The connection to `environment`, asking for missing secrets with `prompt` (and storing them). */
  async connect(environment: Environment, prompt: SecretPrompt): Promise<ArchiveConnection | undefined> {
    const fingerprint = JSON.stringify(environment);
    const known = this.open.get(environment.name);
    if (known && known.fingerprint === fingerprint) return known.connection;
    // Callers at the same moment (a view and a command) share one connection and one secret prompt.
    const opening = this.opening.get(environment.name);
    if (opening && opening.fingerprint === fingerprint) return opening.connection;
    const connection = this.openConnection(environment, fingerprint, prompt);
    this.opening.set(environment.name, { fingerprint, connection });
    try {
      return await connection;
    } finally {
      if (this.opening.get(environment.name)?.connection === connection) this.opening.delete(environment.name);
    }
  }

  private async openConnection(environment: Environment, fingerprint: string, prompt: SecretPrompt): Promise<ArchiveConnection | undefined> {
    const known = this.open.get(environment.name);
    if (known) await this.close(environment.name);

    let secrets = await this.secrets.read(environment);
    for (const name of missingSecrets(environment, secrets)) {
      const value = await prompt(environment, name);
      if (value === undefined || value === '') return undefined;
      await this.secrets.store(environment, name, value);
    }
    secrets = await this.secrets.read(environment);
    const auth = createTokenProvider(environment, secrets, { secretSources: EnvironmentSecretStore.sources });
    const held = (): readonly string[] => [...(auth?.secrets() ?? []), ...Object.values(secrets).filter((s): s is string => typeof s === 'string')];
    const client = new ArchiveClient({
      apiUrl: environment.baseUrl,
      auth,
      timeouts: timeLimitsOf(environment.timeout),
      onExchange: (entry) => this.onExchange(environment, { ...entry, ...(entry.error !== undefined ? { error: redact(entry.error, held()) } : {}) }),
    });
    const connection: ArchiveConnection = { environment, client, redact: (text) => redact(text, held()) };
    this.open.set(environment.name, { fingerprint, connection, auth });
    this.connected.fire(connection);
    return connection;
  }

  /** The connection already open to `environment` as it is now, without connecting or asking. */
  opened(environment: Environment): ArchiveConnection | undefined {
    const known = this.open.get(environment.name);
    return known && known.fingerprint === JSON.stringify(environment) ? known.connection : undefined;
  }

  /**
   * Sign-out: revokes the tokens the connection to `name` holds at the identity provider, where it
   * has a revocation endpoint, and drops the connection. A failed revocation is given back, not
   * thrown: the tokens are forgotten here all the same.
   */
  async signOut(name: string): Promise<{ revoked: number; failure?: string }> {
    const known = this.open.get(name);
    let outcome: { revoked: number; failure?: string } = { revoked: 0 };
    try {
      outcome = { revoked: (await known?.auth?.revoke?.()) ?? 0 };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      outcome = { revoked: 0, failure: known ? known.connection.redact(message) : message };
    }
    await this.close(name);
    return outcome;
  }

  /** Drops the connection (and the tokens it held) to the environment called `name`. */
  async close(name: string): Promise<void> {
    const known = this.open.get(name);
    this.open.delete(name);
    await known?.connection.client.close();
  }

  dispose(): void {
    for (const name of [...this.open.keys()]) void this.close(name);
    this.connected.dispose();
  }
}

