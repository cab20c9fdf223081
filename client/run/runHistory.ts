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
}

const limit = 100;

export class RunHistory {
  private readonly entries: RunHistoryEntry[] = [];

  add(uri: vscode.Uri, environment: string, result: BlockRunResult, allPages: boolean): void {
    this.entries.unshift({
      uri: uri.toString(),
      blockName: result.blockName,
      line: result.line - 1,
      allPages,
      environment,
      ok: result.ok,
      status: result.status,
      durationMs: result.durationMs,
      at: result.receivedAt,
    });
    this.entries.length = Math.min(this.entries.length, limit);
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
        description: `${entry.status ?? 'not sent'} · ${Math.round(entry.durationMs)} ms · ${entry.environment}`,
        detail: `${file} · ${new Date(entry.at).toLocaleTimeString()}`,
        entry,
      };
    });
    const picked = await vscode.window.showQuickPick(items, { title: 'noarkq: run history', placeHolder: 'Choose a run to run again' });
    if (picked) await rerun(picked.entry);
  }
}
