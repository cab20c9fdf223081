/**
 * The runs of this window, newest first, in a quick pick that runs the chosen one again. Only
 * what identifies a run and how it went is kept: no bodies (they may be large and confidential).
 */
import * as vscode from 'vscode';
import type { BlockRunResult } from '../../runner/blocks/blockRunResult';

export interface RunHistoryEntry {
  uri: string;
  blockName: string | undefined;
  /** 0-based line of the request, to find an unnamed block again. */
  line: number;
  allPages: boolean;
  environment: string;
  ok: boolean;
  status: number | undefined;
  durationMs: number;
  at: number;
  /** How the block's expectations went (the implied 2xx counted), when it has any `EXPECT` line. */
  expectations?: { passed: number; total: number };
  /** Run from the file opened as a notebook: `line` counts its code cells' lines, and running it
   * again runs its cell. */
  notebook?: true;
}

const limit = 100;

export class RunHistory implements vscode.Disposable {
  private readonly entries: RunHistoryEntry[] = [];
  private readonly added = new vscode.EventEmitter<RunHistoryEntry>();
  /** A run was added (the CodeLens shows how a block's expectations last went). */
  readonly onDidAdd = this.added.event;

  add(uri: vscode.Uri, environment: string, result: BlockRunResult, allPages: boolean, from: 'editor' | 'notebook' = 'editor'): void {
    const entry: RunHistoryEntry = {
      uri: uri.toString(),
      blockName: result.blockName,
      line: result.line - 1,
      allPages,
      environment,
      ok: result.ok,
      status: result.status,
      durationMs: result.durationMs,
      at: result.receivedAt,
    };
    if (from === 'notebook') entry.notebook = true;
    if (result.expectations?.some((e) => !e.implied)) entry.expectations = { passed: result.expectations.filter((e) => e.passed).length, total: result.expectations.length };
    this.entries.unshift(entry);
    this.entries.length = Math.min(this.entries.length, limit);
    this.added.fire(entry);
  }

  /** The last run of a block of `uri` in the text editor: the one named `blockName`, or the
   * unnamed one whose request is on `line` (0-based). A notebook's runs count the lines of its
   * code cells, not of the file. */
  last(uri: vscode.Uri, blockName: string | undefined, line: number): RunHistoryEntry | undefined {
    const key = uri.toString();
    return this.entries.find((e) => e.uri === key && e.notebook === undefined && (blockName !== undefined ? e.blockName === blockName : e.blockName === undefined && e.line === line));
  }

  dispose(): void {
    this.added.dispose();
  }

  list(): readonly RunHistoryEntry[] {
    return this.entries;
  }

  /** `noarkq.showRunHistory`: the chosen entry, run again through `rerun`. */
  async pick(rerun: (entry: RunHistoryEntry) => Thenable<unknown>): Promise<void> {
    if (this.entries.length === 0) {
      void vscode.window.showInformationMessage('noarkq: nothing has run in this window yet.');
      return;
    }
    type Item = vscode.QuickPickItem & { entry: RunHistoryEntry };
    const items: Item[] = this.entries.map((entry) => {
      const file = vscode.workspace.asRelativePath(vscode.Uri.parse(entry.uri));
      const block = entry.blockName ?? `line ${entry.line + 1}`;
      return {
        label: `${entry.ok ? '$(pass)' : '$(error)'} ${block}${entry.allPages ? ' (all pages)' : ''}`,
        description: `${entry.status ?? 'not sent'} · ${Math.round(entry.durationMs)} ms · ${entry.environment}${entry.notebook ? ' · notebook' : ''}`,
        detail: `${file} · ${new Date(entry.at).toLocaleTimeString()}`,
        entry,
      };
    });
    const picked = await vscode.window.showQuickPick(items, { title: 'noarkq: run history', placeHolder: 'Choose a run to run again' });
    if (picked) await rerun(picked.entry);
  }
}
