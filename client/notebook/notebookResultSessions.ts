/**
 * The sessions behind a notebook's result outputs: one `ResultsSession` per output (as a results
 * panel has one), whose messages go to the notebook renderer through VS Code's renderer messaging,
 * each tagged with its output's id. The output item holds the session's first `show`, so it draws
 * without the session; loading more rows, the JSON and raw views, copies and exports ask it. A
 * session ends when its output is cleared or replaced, its cell deleted or its notebook closed.
 */
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { BlockRunResult } from '../../runner/blocks/blockRunResult';
import type { EntityRef } from '../archive/entityRef';
import { workbenchResultsHost } from '../panel/resultsPanel';
import { ResultsSession } from '../panel/resultsSession';
import type { ShownResult } from '../run/blockRunner';
import { noarkqRendererId, noarkqResultMime, notebookRendererMessage, type NotebookHostMessage, type NotebookResultOutput } from '../webview/notebookMessages';
import type { HostMessage } from '../webview/resultsMessages';

/** The output's metadata key holding its id, to find the outputs a cell still shows. */
const outputIdKey = 'noarkqOutputId';

/** Bigger answers get no JSON copy beside the result: the output item holds their first rows. */
const jsonFallbackLimit = 1_000_000;

interface LiveOutput {
  cell: vscode.NotebookCell;
  session: ResultsSession;
  /** In the cell's outputs (until then a change of the cell's outputs is an earlier one). */
  placed: boolean;
}

export class NotebookResultSessions implements vscode.Disposable {
  private readonly live = new Map<string, LiveOutput>();
  /** Undefined in a build without the renderer's contribution (VS Code refuses messaging then):
   * the outputs still show, as their JSON, and nothing else of the extension fails with them. */
  private readonly messaging: vscode.NotebookRendererMessaging | undefined;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly reveal: (entity: EntityRef) => Promise<void>) {
    this.messaging = rendererMessaging();
    this.subscriptions = [
      ...(this.messaging ? [this.messaging.onDidReceiveMessage(({ message }) => void this.receive(message))] : []),
      vscode.workspace.onDidChangeNotebookDocument((event) => {
        for (const removed of event.contentChanges.flatMap((c) => c.removedCells)) this.dropWhere((o) => o.cell === removed);
        for (const change of event.cellChanges) if (change.outputs !== undefined) this.dropGone(change.cell);
      }),
      vscode.workspace.onDidCloseNotebookDocument((notebook) => this.dropWhere((o) => o.cell.notebook === notebook)),
    ];
  }

  /** An output showing `shown` in `cell`, with its session; `placed` once it is in the cell. */
  async output(cell: vscode.NotebookCell, title: string, shown: ShownResult): Promise<{ output: vscode.NotebookCellOutput; placed(): void }> {
    const outputId = randomUUID();
    let first: HostMessage[] | undefined = [];
    const session = new ResultsSession(
      workbenchResultsHost((message) => {
        if (first) first.push(message);
        else void this.messaging?.postMessage({ outputId, message } satisfies NotebookHostMessage);
      }, this.reveal),
    );
    session.show(title, shown.result, shown.more);
    // The output item holds what a panel's webview is sent first; the renderer's own `ready` then
    // gets it again with the rest of the rows.
    await session.receive({ type: 'ready' });
    const show = first.find((m): m is Extract<HostMessage, { type: 'show' }> => m.type === 'show');
    first = undefined;
    if (!show) throw new Error(`the results view has nothing to show for ${title}`);
    const live: LiveOutput = { cell, session, placed: false };
    this.live.set(outputId, live);
    const items = [vscode.NotebookCellOutputItem.json({ outputId, show } satisfies NotebookResultOutput, noarkqResultMime), fallbackItem(shown.result)];
    return { output: new vscode.NotebookCellOutput(items, { [outputIdKey]: outputId }), placed: () => (live.placed = true) };
  }

  /** A message from the renderer, whatever it is (validated here: it comes from a webview). */
  async receive(message: unknown): Promise<void> {
    const parsed = notebookRendererMessage.safeParse(message);
    if (!parsed.success) return;
    await this.live.get(parsed.data.outputId)?.session.receive(parsed.data.message);
  }

  /** The ids of the outputs with a session now (tests use it). */
  liveOutputs(): string[] {
    return [...this.live.keys()];
  }

  dispose(): void {
    this.dropWhere(() => true);
    for (const s of this.subscriptions) s.dispose();
  }

  private dropGone(cell: vscode.NotebookCell): void {
    const shown = new Set(cell.outputs.map((o) => o.metadata?.[outputIdKey] as unknown));
    this.dropWhere((o, id) => o.cell === cell && o.placed && !shown.has(id));
  }

  private dropWhere(predicate: (output: LiveOutput, id: string) => boolean): void {
    for (const [id, output] of [...this.live]) {
      if (!predicate(output, id)) continue;
      output.session.dispose();
      this.live.delete(id);
    }
  }
}

function rendererMessaging(): vscode.NotebookRendererMessaging | undefined {
  try {
    return vscode.notebooks.createRendererMessaging(noarkqRendererId);
  } catch {
    return undefined;
  }
}

/** What a notebook shows where the renderer is not there (a diff, a plain viewer): the answer as
 * JSON, or a line saying how the run went. */
function fallbackItem(result: BlockRunResult): vscode.NotebookCellOutputItem {
  if (result.ok && result.body !== undefined && result.bytes <= jsonFallbackLimit) return vscode.NotebookCellOutputItem.json(result.body, 'application/json');
  const facts = [result.status === undefined ? undefined : `HTTP ${result.status}`, `${Math.round(result.durationMs)} ms`].filter((f) => f !== undefined).join(' · ');
  return vscode.NotebookCellOutputItem.text(result.error ? `${result.error.message}\n${facts}` : facts);
}
