/**
 * The embedded sandbox archive for this window: started on demand (never at activation) as a
 * child of the extension host, with its data kept in the extension's global storage so that what
 * was written survives a restart. Its environment joins the list and becomes the active one; its
 * demo client's secret goes to SecretStorage like any other.
 */
import * as vscode from 'vscode';
import { startSandboxProcess, type SandboxProcess } from '../../runner/sandbox/sandboxProcess';
import { sandboxEnvironment } from '../../runner/environments/sandboxEnvironment';
import type { EnvironmentList } from './environmentList';
import type { EnvironmentSecretStore } from './environmentSecretStore';
import type { ArchiveConnections } from './archiveConnections';

export class SandboxController implements vscode.Disposable {
  private running: SandboxProcess | undefined;
  private starting: Promise<string> | undefined;

  constructor(
    private readonly globalStorage: vscode.Uri,
    private readonly environments: EnvironmentList,
    private readonly secrets: EnvironmentSecretStore,
    private readonly connections: ArchiveConnections,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  /** The base URL (`http://127.0.0.1:<port>`) of the running sandbox, starting it first when needed. */
  start(): Promise<string> {
    if (this.running) return Promise.resolve(this.running.ready.url);
    this.starting ??= this.launch().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  async stop(): Promise<void> {
    const running = this.running;
    if (!running) return;
    this.running = undefined;
    this.environments.setSandbox(undefined);
    await this.connections.close('sandbox');
    await running.stop();
    this.log.info('Sandbox stopped.');
  }

  private async launch(): Promise<string> {
    const dataDir = vscode.Uri.joinPath(this.globalStorage, 'sandbox');
    await vscode.workspace.fs.createDirectory(dataDir);
    const sandbox = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'noarkq: starting the sandbox archive…' },
      // The extension host's own Node runs the bundle: there may be no `node` on PATH.
      () => startSandboxProcess({ dataDir: dataDir.fsPath, execPath: process.execPath }),
    );
    this.running = sandbox;
    const { environment, secrets } = sandboxEnvironment(sandbox.ready, { id: sandbox.ready.clientId, secret: sandbox.ready.clientSecret });
    if (secrets.clientSecret !== undefined) await this.secrets.store(environment, 'clientSecret', secrets.clientSecret);
    await this.connections.close(environment.name);
    this.environments.setSandbox(environment);
    await this.environments.select(environment.name);
    this.log.info(`Sandbox running at ${sandbox.ready.apiUrl} (data in ${dataDir.fsPath}).`);
    return sandbox.ready.url;
  }

  dispose(): void {
    void this.running?.stop();
  }
}
