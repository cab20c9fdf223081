/**
 * The environments a `.noarkq` file can run against in this window: those of
 * `noarkq.environments.json` at the workspace root, those of the `noarkq.environments` setting
 * (same shape), and the sandbox's while it runs. The active one is remembered per workspace.
 *
 * The file and the setting are checked by the same parser as `noarkq run` (secrets written in
 * either are refused), so an environment means the same in the editor and on the command line.
 */
import * as vscode from 'vscode';
import { formatProblem, loadEnvironments, parseEnvironmentsFile, EnvironmentFileError, type EnvironmentFileProblem } from '../../runner/environments/environmentsFile';
import { environmentsFileName, type Environment } from '../../runner/environments/environmentsSchema';

export type EnvironmentSource = 'file' | 'settings' | 'sandbox';

export interface ListedEnvironment {
  environment: Environment;
  source: EnvironmentSource;
}

const activeKey = 'noarkq.activeEnvironment';
const settingsLabel = 'setting noarkq.environments';

export class EnvironmentList implements vscode.Disposable {
  private fromFile: Environment[] = [];
  private fromSettings: Environment[] = [];
  private sandbox: Environment | undefined;
  private problems: string[] = [];
  private loading: Promise<void> | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly disposables: vscode.Disposable[] = [this.changed];
  /** Fires when the list or the active environment changes. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly state: vscode.Memento,
    private readonly log: vscode.LogOutputChannel,
  ) {
    const watcher = vscode.workspace.createFileSystemWatcher(`**/${environmentsFileName}`);
    const reload = () => void (this.loading = this.reload());
    watcher.onDidChange(reload, undefined, this.disposables);
    watcher.onDidCreate(reload, undefined, this.disposables);
    watcher.onDidDelete(reload, undefined, this.disposables);
    this.disposables.push(
      watcher,
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('noarkq.environments')) reload();
      }),
      vscode.workspace.onDidChangeWorkspaceFolders(reload),
    );
  }

  /** Settles when the file and the setting have been read (the latest reading after a change). */
  ready(): Promise<void> {
    this.loading ??= this.reload();
    return this.loading;
  }

  all(): ListedEnvironment[] {
    const listed: ListedEnvironment[] = [];
    const taken = new Set<string>();
    // The sandbox first: it was started on purpose, in this window, to be used.
    const add = (environment: Environment, source: EnvironmentSource) => {
      if (taken.has(environment.name)) return;
      taken.add(environment.name);
      listed.push({ environment, source });
    };
    if (this.sandbox) add(this.sandbox, 'sandbox');
    for (const e of this.fromFile) add(e, 'file');
    for (const e of this.fromSettings) add(e, 'settings');
    return listed;
  }

  /** What is wrong in the file or the setting, one line each. */
  currentProblems(): readonly string[] {
    return this.problems;
  }

  active(): Environment | undefined {
    const all = this.all();
    const name = this.state.get<string>(activeKey);
    return all.find((e) => e.environment.name === name)?.environment ?? (all.length === 1 ? all[0].environment : undefined);
  }

  async select(name: string): Promise<Environment> {
    const found = this.all().find((e) => e.environment.name === name);
    if (!found) throw new Error(`There is no environment "${name}": it has ${this.all().map((e) => `"${e.environment.name}"`).join(', ') || 'none'}.`);
    await this.state.update(activeKey, name);
    this.changed.fire();
    return found.environment;
  }

  /** The running sandbox's environment (undefined once it stops). */
  setSandbox(environment: Environment | undefined): void {
    this.sandbox = environment;
    this.changed.fire();
  }

  private async reload(): Promise<void> {
    const problems: string[] = [];
    const root = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file')?.uri.fsPath;
    try {
      this.fromFile = (await loadEnvironments({ workspaceRoot: root }))?.environments ?? [];
    } catch (error) {
      this.fromFile = [];
      if (error instanceof EnvironmentFileError) problems.push(...error.problems.map(formatProblem));
      else problems.push(`${environmentsFileName}: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.fromSettings = this.readSetting(problems);
    this.problems = problems;
    if (problems.length > 0) {
      for (const p of problems) this.log.warn(p);
      void vscode.window
        .showWarningMessage(`noarkq: ${problems.length === 1 ? 'an environment has a problem' : `${problems.length} problems in the environments`}: ${problems[0]}`, 'Show all')
        .then((choice) => {
          if (choice) this.log.show(true);
        });
    }
    this.changed.fire();
  }

  private readSetting(problems: string[]): Environment[] {
    const value: unknown = vscode.workspace.getConfiguration('noarkq').get('environments');
    if (value === undefined || (Array.isArray(value) && value.length === 0)) return [];
    // The same parser as the file, so a secret or a bad URL in settings is refused just the same.
    const parsed = parseEnvironmentsFile(JSON.stringify({ environments: value }), settingsLabel);
    if (parsed.ok) return parsed.value.environments;
    problems.push(...parsed.problems.map((p: EnvironmentFileProblem) => formatProblem({ ...p, line: undefined, column: undefined })));
    return [];
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
