/**
 * `noarkq mcp` registered for VS Code's agent mode, following the active environment: the
 * definition runs dist/mcp.js with the extension host's own Node, given the active environment in
 * a file of its own (whatever its source: the workspace file, the setting, the sandbox) and its
 * secrets from SecretStorage in the process environment, as `noarkq mcp` reads them. Switching
 * environments changes the definition, and VS Code restarts the server.
 *
 * `vscode.lm.registerMcpServerDefinitionProvider` came after the VS Code this extension supports
 * (1.100): it is typed here and used only where the running VS Code has it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { secretEnvironmentVariables, type SecretName } from '../../runner/environments/environmentSecrets';
import type { Environment } from '../../runner/environments/environmentsSchema';
import type { EnvironmentList } from '../environments/environmentList';
import type { EnvironmentSecretStore } from '../environments/environmentSecretStore';

/** The id package.json declares, under `mcpServerDefinitionProviders` (VS Code 1.101 and later)
 * and under `modelContextServerCollections`, the name VS Code 1.100 reads. */
export const mcpProviderId = 'noarkq.mcpServer';

/** The part of the proposed-then-finalised MCP API this file uses (VS Code 1.101+). */
interface McpStdioServerDefinition {
  label: string;
  /** Where the server runs: `check` and `run` read paths relative to it. */
  cwd?: vscode.Uri;
}
type McpStdioServerDefinitionClass = new (label: string, command: string, args?: string[], env?: Record<string, string | number | null>, version?: string) => McpStdioServerDefinition;
interface McpServerDefinitionProvider {
  onDidChangeMcpServerDefinitions?: vscode.Event<void>;
  provideMcpServerDefinitions(token: vscode.CancellationToken): vscode.ProviderResult<McpStdioServerDefinition[]>;
}
interface McpLanguageModelApi {
  registerMcpServerDefinitionProvider(id: string, provider: McpServerDefinitionProvider): vscode.Disposable;
}

/** How VS Code starts `noarkq mcp` for the active environment: what a definition is made of. */
export interface McpServerLaunch {
  label: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  /** Names what the server serves, so that a switch of environment restarts it. */
  version: string;
  /** Where the server runs: `check` and `run` read paths relative to it. */
  cwd?: vscode.Uri;
}

/** The launch of `noarkq mcp` that follows the active environment, and when it changes. */
export class McpServerLaunches implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly subscription: vscode.Disposable;
  readonly onDidChange = this.changed.event;

  constructor(private readonly options: { extensionUri: vscode.Uri; storage: vscode.Uri; version: string; environments: EnvironmentList; secrets: EnvironmentSecretStore }) {
    this.subscription = options.environments.onDidChange(() => this.changed.fire());
  }

  async current(): Promise<McpServerLaunch> {
    const { environments, secrets, extensionUri, storage, version } = this.options;
    await environments.ready();
    const environment = environments.active();
    const bundle = vscode.Uri.joinPath(extensionUri, 'dist', 'mcp.js').fsPath;
    // ELECTRON_RUN_AS_NODE: the extension host's executable runs the bundle as plain Node.
    const env: Record<string, string> = { ELECTRON_RUN_AS_NODE: '1' };
    const args = [bundle];
    if (environment) {
      const file = writeEnvironmentFile(storage, environment);
      args.push('--environments', file, '--env', environment.name);
      const values = await secrets.read(environment);
      for (const [name, value] of Object.entries(values) as [SecretName, string | undefined][]) if (value) env[secretEnvironmentVariables[name]] = value;
    }
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    return {
      label: environment ? `noarkq (${environment.name})` : 'noarkq',
      command: process.execPath,
      args,
      env,
      version: `${version}${environment ? `+${environment.name}` : ''}`,
      ...(folder ? { cwd: folder } : {}),
    };
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

/** Registers the provider where VS Code has the API; undefined (and nothing registered) where it has not. */
export function registerMcpServerProvider(launches: McpServerLaunches): vscode.Disposable | undefined {
  const lm = vscode.lm as unknown as Partial<McpLanguageModelApi> | undefined;
  const Definition = (vscode as unknown as { McpStdioServerDefinition?: McpStdioServerDefinitionClass }).McpStdioServerDefinition;
  if (typeof lm?.registerMcpServerDefinitionProvider !== 'function' || typeof Definition !== 'function') return undefined;
  try {
    return lm.registerMcpServerDefinitionProvider(mcpProviderId, {
      onDidChangeMcpServerDefinitions: launches.onDidChange,
      provideMcpServerDefinitions: async () => {
        const launch = await launches.current();
        const definition = new Definition(launch.label, launch.command, launch.args, launch.env, launch.version);
        if (launch.cwd) definition.cwd = launch.cwd;
        return [definition];
      },
    });
  } catch (error) {
    // VS Code 1.100 has the function behind a proposal (it throws for an extension that has not
    // enabled it); a VS Code whose API differs from the one typed here likewise: agent mode goes
    // without noarkq's server, the rest of the extension is unaffected.
    console.warn(`noarkq: the MCP server was not registered with VS Code: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

/** The environment as an environments file of one, for `noarkq mcp --environments`. Time limits
 * are written back as milliseconds (the file reads a bare number as seconds). */
function writeEnvironmentFile(storage: vscode.Uri, environment: Environment): string {
  const folder = join(storage.fsPath, 'mcp');
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'noarkq.environments.json');
  const timeout = environment.timeout ? Object.fromEntries(Object.entries(environment.timeout).map(([key, ms]) => [key, `${ms}ms`])) : undefined;
  writeFileSync(file, JSON.stringify({ environments: [{ ...environment, ...(timeout ? { timeout } : {}) }] }, null, 2));
  return file;
}
