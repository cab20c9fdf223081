/**
 * "Run" and "Copy as…" above each block (and "Run all pages" above queries), "Run all" at the top of the file.
 * The lenses come from the same parser as the run, so a lens is shown exactly where a request is.
 * A block with `EXPECT` lines that ran says how its expectations went last (`✔ 3/3`, `✘ 2/3`),
 * from the run history, which a run of the Testing view adds to as well.
 */
import * as vscode from 'vscode';
import { allBlocks, parseDocument } from '../../core/document';
import type { RunHistory, RunHistoryEntry } from './runHistory';

export class RunCodeLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly history: RunHistory) {
    this.subscriptions = [
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('noarkq.codeLens.enable')) this.changed.fire();
      }),
    ];
    // A run ends with its results added, one block after another: one refresh for them all.
    let pending = false;
    this.subscriptions.push(
      history.onDidAdd(() => {
        if (pending) return;
        pending = true;
        setImmediate(() => {
          pending = false;
          this.changed.fire();
        });
      }),
    );
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!vscode.workspace.getConfiguration('noarkq', document.uri).get<boolean>('codeLens.enable', true)) return [];
    const parsed = parseDocument(document.getText());
    const blocks = allBlocks(parsed).filter((b) => b.parsed.request !== undefined);
    if (blocks.length === 0) return [];
    const lenses: vscode.CodeLens[] = [];
    const top = new vscode.Range(0, 0, 0, 0);
    lenses.push(new vscode.CodeLens(top, { title: '$(run-all) Run all', tooltip: 'Run every block of this file in order', command: 'noarkq.runAll', arguments: [document.uri] }));
    for (const block of blocks) {
      // The `###` line of a block; the request line of a request above the first `###`.
      const offset = block.index < 0 ? block.start + (block.parsed.request?.start ?? 0) : block.start;
      const line = document.positionAt(offset).line;
      const range = new vscode.Range(line, 0, line, 0);
      const name = block.parsed.name?.text;
      const where = { line };
      const requestLine = document.positionAt(block.start + (block.parsed.request?.start ?? 0)).line;
      const last = block.parsed.expectations.length > 0 ? this.history.last(document.uri, name, requestLine) : undefined;
      lenses.push(new vscode.CodeLens(range, { title: `$(play) Run${last ? ` ${expectationSummary(last)}` : ''}`, tooltip: `Run ${name ?? 'this request'} (and the blocks it reads first)`, command: 'noarkq.runBlock', arguments: [document.uri, name, where] }));
      lenses.push(new vscode.CodeLens(range, { title: 'Copy as…', tooltip: 'Copy this request as curl, TypeScript, C#, Java, PHP or Python code', command: 'noarkq.copyAsCode', arguments: [document.uri, name, where] }));
      if (block.parsed.request?.kind === 'query') {
        lenses.push(
          new vscode.CodeLens(range, { title: 'Run all pages', tooltip: 'Run the query and fetch every page while hasMore', command: 'noarkq.runBlock', arguments: [document.uri, name, { ...where, allPages: true }] }),
        );
      }
    }
    return lenses;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}

/** `✔ 3/3` or `✘ 2/3`: how the block's expectations went when it last ran (`✘` alone when it got no answer to judge). */
export function expectationSummary(entry: Pick<RunHistoryEntry, 'ok' | 'expectations'>): string {
  const mark = entry.ok ? '✔' : '✘';
  return entry.expectations ? `${mark} ${entry.expectations.passed}/${entry.expectations.total}` : mark;
}
