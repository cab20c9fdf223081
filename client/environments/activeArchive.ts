/**
 * The archive the views talk to: the active environment's connection, made on first use (asking
 * for secrets the way a run does). The tree, the registries and the search all go through it, so
 * switching environments refreshes every view at once.
 */
import * as vscode from 'vscode';
import type { ArchiveConnection, ArchiveConnections } from './archiveConnections';
import type { EnvironmentCommands } from './environmentCommands';
import type { EnvironmentList } from './environmentList';
import type { RunPrompts } from '../run/runPrompts';

export class ActiveArchive implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** The active environment (or its definition) changed: what the views show is stale. */
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;
  private lastFingerprint: string | undefined;

  constructor(
    private readonly environments: EnvironmentList,
    private readonly environmentCommands: EnvironmentCommands,
    private readonly connections: ArchiveConnections,
    private readonly prompts: () => RunPrompts,
  ) {
    this.subscription = environments.onDidChange(() => {
      const active = environments.active();
      const fingerprint = active ? JSON.stringify(active) : undefined;
      if (fingerprint === this.lastFingerprint) return;
      this.lastFingerprint = fingerprint;
      this.changed.fire();
    });
  }

  /** The active environment's name, without asking anything. */
  activeName(): string | undefined {
    return this.environments.active()?.name;
  }

  /**
   * The connection to the active environment. With `ask`, picks an environment and asks for
   * missing secrets; without, undefined when there is no active environment.
   */
  async connection(ask = true): Promise<ArchiveConnection | undefined> {
    await this.environments.ready();
    const environment = ask ? await this.environmentCommands.activeOrAsk() : this.environments.active();
    if (!environment) return undefined;
    return this.connections.connect(environment, (e, name) => this.prompts().askSecret(e, name));
  }

  /** The connection for a command: undefined, the user told why, when there is none to be had. */
  async connectionOrReport(): Promise<ArchiveConnection | undefined> {
    try {
      const connection = await this.connection();
      if (!connection) void vscode.window.showErrorMessage('noarkq: no environment is active, or its credentials were not given. Select one or start the sandbox.');
      return connection;
    } catch (error) {
      void vscode.window.showErrorMessage(`noarkq: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
