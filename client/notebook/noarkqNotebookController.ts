/**
 * Runs the cells of a `.noarkq` notebook: the code cells, each ended with a newline, are the
 * document (see `noarkqCells.ts`), and its blocks run through the block runner exactly as the text
 * editor's do (the blocks a cell's references read run first, `EXPECT` lines are judged, values are
 * asked for, a protected environment confirms writes, a notebook with errors is refused), with one
 * session per notebook and environment. Each block's result replaces its cell's output, a
 * dependency's too. Runs of one notebook go one after another; a cell's stop button aborts the run's
 * HTTP request.
 */
import * as vscode from 'vscode';
import { allBlocks, parseDocument, type DocumentBlock, type NoarkqDocument } from '../../core/document';
import type { NoarkqDiagnostic } from '../../core/diagnostics';
import type { BlockRunResult } from '../../runner/blocks/blockRunResult';
import type { RunOutcome } from '../../runner/blocks/runSession';
import type { BlockRunner, ShownResult } from '../run/blockRunner';
import { noarkqNotebookType } from '../webview/notebookMessages';
import { codeCellsText } from './noarkqCells';
import type { NotebookResultSessions } from './notebookResultSessions';

export const noarkqControllerId = 'noarkq-notebook-controller';

/** The notebook's code cells as one document, and which cell each offset of it is in. */
class CellsDocument {
  readonly parsed: NoarkqDocument;
  private readonly starts: number[] = [];

  constructor(readonly cells: readonly vscode.NotebookCell[]) {
    const texts = cells.map((c) => c.document.getText().replace(/\r\n/g, '\n'));
    let offset = 0;
    for (const text of texts) {
      this.starts.push(offset);
      offset += text.length + 1;
    }
    this.parsed = parseDocument(codeCellsText(texts.map((value) => ({ kind: 'code' as const, value }))));
  }

  /** The cell holding `offset` of the document. */
  cellAt(offset: number): { cell: vscode.NotebookCell; start: number } | undefined {
    let i = this.starts.length - 1;
    while (i > 0 && this.starts[i] > offset) i--;
    return i < 0 ? undefined : { cell: this.cells[i], start: this.starts[i] };
  }

  /** The blocks with a request whose first line is in `cell`. */
  blocksOf(cell: vscode.NotebookCell): DocumentBlock[] {
    return allBlocks(this.parsed).filter((b) => b.parsed.request !== undefined && this.cellAt(b.start)?.cell === cell);
  }

  /** Where a diagnostic is, in the words of the notebook: "cell 3, line 2". */
  place(offset: number): string {
    const at = this.cellAt(offset);
    if (!at) return 'the notebook';
    const line = this.parsed.text.slice(at.start, offset).split('\n').length;
    return `cell ${at.cell.index + 1}, line ${line}`;
  }
}

/** A requested cell's execution and the blocks it waits for. */
interface CellRun {
  execution: vscode.NotebookCellExecution;
  blocks: Set<number>;
  outputs: vscode.NotebookCellOutput[];
  ok: boolean;
  started: boolean;
  ended: boolean;
}

export class NoarkqNotebookController implements vscode.Disposable {
  private readonly controller: vscode.NotebookController;
  /** Per notebook: the run under way and those waiting, one after another. */
  private readonly queues = new Map<string, Promise<void>>();
  private executionOrder = 0;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly runner: BlockRunner,
    private readonly outputs: NotebookResultSessions,
  ) {
    this.controller = vscode.notebooks.createNotebookController(noarkqControllerId, noarkqNotebookType, 'noarkq');
    this.controller.supportedLanguages = ['noarkq'];
    this.controller.supportsExecutionOrder = true;
    this.controller.description = 'runs blocks in the active environment';
    this.controller.executeHandler = (cells, notebook) => this.execute(cells, notebook);
    const prefer = (notebook: vscode.NotebookDocument) => {
      if (notebook.notebookType === noarkqNotebookType) this.controller.updateNotebookAffinity(notebook, vscode.NotebookControllerAffinity.Preferred);
    };
    vscode.workspace.notebookDocuments.forEach(prefer);
    this.subscriptions = [vscode.workspace.onDidOpenNotebookDocument(prefer), vscode.workspace.onDidCloseNotebookDocument((n) => this.queues.delete(n.uri.toString()))];
  }

  /** `noarkq.notebook.runAbove(cell?)`: the code cells above the cell (the selected one by default). */
  async runAbove(cellArg?: unknown): Promise<void> {
    const cell = vscode.workspace.notebookDocuments.flatMap((n) => (n.notebookType === noarkqNotebookType ? n.getCells() : [])).find((c) => c === cellArg) ?? selectedCell();
    if (!cell) {
      void vscode.window.showInformationMessage('noarkq: select a cell of a .noarkq notebook first.');
      return;
    }
    const above = cell.notebook.getCells(new vscode.NotebookRange(0, cell.index)).filter((c) => c.kind === vscode.NotebookCellKind.Code);
    if (above.length === 0) {
      void vscode.window.showInformationMessage('noarkq: no code cell is above this one.');
      return;
    }
    await this.execute(above, cell.notebook);
  }

  /**
   * Runs again, from the run history, the block of the notebook of `uri` named `blockName` (or the
   * unnamed one whose request is on `line` of its code cells): its cell runs, in the notebook open
   * now, which is opened as a notebook when it is not. False when the notebook has no such block.
   */
  async runAgain(uri: vscode.Uri, blockName: string | undefined, line: number): Promise<boolean> {
    const key = uri.toString();
    const openNow = () => vscode.workspace.notebookDocuments.find((n) => n.notebookType === noarkqNotebookType && n.uri.toString() === key);
    let notebook = openNow();
    if (!notebook) {
      await vscode.commands.executeCommand('vscode.openWith', uri, noarkqNotebookType);
      notebook = openNow();
    }
    if (!notebook) return false;
    const document = new CellsDocument(notebook.getCells().filter((c) => c.kind === vscode.NotebookCellKind.Code));
    const lineStart = document.parsed.text.split('\n').slice(0, line).reduce((offset, text) => offset + text.length + 1, 0);
    const block = allBlocks(document.parsed).find((b) => b.parsed.request !== undefined && (blockName !== undefined ? b.parsed.name?.text === blockName : b.parsed.name === undefined && b.start <= lineStart && lineStart < b.end));
    const cell = block ? document.cellAt(block.start)?.cell : undefined;
    if (!cell) {
      void vscode.window.showWarningMessage(`noarkq: ${vscode.workspace.asRelativePath(uri)} has no block ${blockName ?? `on line ${line + 1}`} now.`);
      return false;
    }
    await this.execute([cell], notebook);
    return true;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.controller.dispose();
  }

  private execute(cells: readonly vscode.NotebookCell[], notebook: vscode.NotebookDocument): Promise<void> {
    const key = notebook.uri.toString();
    const executions = cells.filter((c) => c.kind === vscode.NotebookCellKind.Code).flatMap((cell) => {
      try {
        return [this.controller.createNotebookCellExecution(cell)];
      } catch {
        // Already running or waiting: that run shows its result.
        return [];
      }
    });
    const run = (this.queues.get(key) ?? Promise.resolve()).then(() => this.run(notebook, executions));
    this.queues.set(
      key,
      run.catch(() => undefined),
    );
    return run;
  }

  private async run(notebook: vscode.NotebookDocument, executions: vscode.NotebookCellExecution[]): Promise<void> {
    const document = new CellsDocument(notebook.getCells().filter((c) => c.kind === vscode.NotebookCellKind.Code));
    const runs: CellRun[] = [];
    const blocks: DocumentBlock[] = [];
    for (const execution of executions) {
      const own = document.blocksOf(execution.cell);
      if (own.length === 0) {
        // Variables, comments: nothing to send; the cells that run read them.
        execution.start(Date.now());
        execution.end(undefined, Date.now());
        continue;
      }
      runs.push({ execution, blocks: new Set(own.map((b) => b.index)), outputs: [], ok: true, started: false, ended: false });
      blocks.push(...own);
    }
    if (runs.length === 0) return;
    blocks.sort((a, b) => a.index - b.index);

    const abort = new AbortController();
    const subscriptions = runs.map((r) => r.execution.token.onCancellationRequested(() => abort.abort()));
    const start = (r: CellRun | undefined) => {
      if (!r || r.started) return;
      r.started = true;
      r.execution.start(Date.now());
    };
    const end = (r: CellRun, success: boolean | undefined) => {
      r.ended = true;
      r.execution.end(success, Date.now());
    };
    // Results come in order; each is placed before the next is, so outputs follow the run.
    let placing = Promise.resolve();
    start(runs[0]);
    let outcome: RunOutcome | undefined;
    try {
      // A cell stopped while it waited is stopped here: the session sends nothing on an aborted signal.
      outcome = await this.runner.runBlocks(notebook.uri, document.parsed, blocks, abort.signal, {
        onResult: (result, shown) => {
          const owner = runs.find((r) => r.blocks.has(result.blockIndex));
          const cell = owner?.execution.cell ?? document.cellAt(allBlocks(document.parsed).find((b) => b.index === result.blockIndex)?.start ?? 0)?.cell;
          if (!cell) return;
          placing = placing.then(() => this.place(cell, owner, result, shown, runs, start, end)).catch((error: unknown) => {
            void vscode.window.showErrorMessage(`noarkq: could not show the result of ${titleOf(result)}: ${error instanceof Error ? error.message : String(error)}`);
          });
        },
      });
      await placing;
    } catch (error) {
      await placing;
      // A bug of noarkq's: shown in the cells it stopped, as a failure.
      await this.finish(runs, end, false, vscode.NotebookCellOutputItem.error(error instanceof Error ? error : new Error(String(error))));
      return;
    } finally {
      for (const s of subscriptions) s.dispose();
    }
    if (outcome === undefined) {
      // No environment to run in: the user was told, and nothing ran.
      await this.finish(runs, end, undefined, undefined);
    } else if (outcome.kind === 'refused') {
      await this.finish(runs, end, false, vscode.NotebookCellOutputItem.text(refusal(document, outcome.errors)));
    } else {
      const stopped = outcome.results.find((r) => !r.ok);
      await this.finish(runs, end, undefined, vscode.NotebookCellOutputItem.text(`Not run: ${stopped ? `${titleOf(stopped)} failed` : 'the run stopped'} before this cell's turn.`));
    }
  }

  /** A result as its cell's output: a requested cell ends when its last block's result is there;
   * a dependency's cell gets an execution of its own. */
  private async place(
    cell: vscode.NotebookCell,
    owner: CellRun | undefined,
    result: BlockRunResult,
    shown: ShownResult,
    runs: CellRun[],
    start: (r: CellRun | undefined) => void,
    end: (r: CellRun, success: boolean | undefined) => void,
  ): Promise<void> {
    if (!owner) {
      let execution: vscode.NotebookCellExecution;
      try {
        execution = this.controller.createNotebookCellExecution(cell);
      } catch {
        // Waiting for a run of its own, which will show its result.
        return;
      }
      const { output, placed } = await this.outputs.output(cell, titleOf(result), shown);
      execution.executionOrder = ++this.executionOrder;
      execution.start(Date.now() - Math.round(result.elapsedMs ?? result.durationMs));
      await execution.replaceOutput(output);
      placed();
      execution.end(result.ok, Date.now());
      return;
    }
    const { output, placed } = await this.outputs.output(cell, titleOf(result), shown);
    start(owner);
    // The order results came in: a cell's dependencies ran before it, though it started first.
    owner.execution.executionOrder = ++this.executionOrder;
    owner.outputs.push(output);
    owner.ok &&= result.ok;
    owner.blocks.delete(result.blockIndex);
    await owner.execution.replaceOutput(owner.outputs);
    placed();
    if (owner.blocks.size === 0) {
      end(owner, owner.ok);
      start(runs.find((r) => !r.ended));
    }
  }

  /** Ends the cells the run did not get to, with `note` as their output. */
  private async finish(runs: CellRun[], end: (r: CellRun, success: boolean | undefined) => void, success: boolean | undefined, note: vscode.NotebookCellOutputItem | undefined): Promise<void> {
    for (const r of runs) {
      if (r.ended) continue;
      // A cell the run did not get to has no place in the execution order.
      if (!r.started) {
        r.started = true;
        r.execution.start(Date.now());
      }
      if (note) await r.execution.replaceOutput([...r.outputs, new vscode.NotebookCellOutput([note])]);
      end(r, success);
    }
  }
}

function selectedCell(): vscode.NotebookCell | undefined {
  const editor = vscode.window.activeNotebookEditor;
  if (editor?.notebook.notebookType !== noarkqNotebookType) return undefined;
  const range = editor.selections[0];
  return range ? editor.notebook.cellAt(range.start) : undefined;
}

function titleOf(result: BlockRunResult): string {
  return result.blockName ?? (result.blockIndex < 0 ? 'the request' : `block ${result.blockIndex + 1}`);
}

function refusal(document: CellsDocument, errors: readonly NoarkqDiagnostic[]): string {
  const count = errors.length === 1 ? 'an error' : `${errors.length} errors`;
  return [`Nothing was sent: the notebook has ${count}. Fix ${errors.length === 1 ? 'it' : 'them'} first.`, ...errors.map((e) => `${document.place(e.start)}: ${e.message}`)].join('\n');
}
