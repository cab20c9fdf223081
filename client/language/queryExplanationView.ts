/**
 * "Explain this query" in VS Code: `noarkq.explainQuery` asks the language server for the QUERY
 * block's explanation (`noarkq/explainQuery`) and opens it beside the editor as a read-only
 * Markdown preview of a virtual document (`noarkq-explanation:`), which this provider serves. The
 * code action of that name runs the command with the document's URI and the QUERY line; from the
 * command palette it explains the block under the cursor.
 */
import * as vscode from 'vscode';
import type { ExplainQueryParams, ExplainQueryResult } from '../../protocol/customMessages';

export const explanationScheme = 'noarkq-explanation';

export class QueryExplanationView implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly documents = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registration: vscode.Disposable;

  constructor(private readonly explain: (params: ExplainQueryParams) => Promise<ExplainQueryResult>) {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(explanationScheme, this);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.documents.get(uri.toString()) ?? '';
  }

  /**
   * Explains the QUERY block at `position` of `uri` (the active editor's cursor when not given)
   * and shows it beside; returns the virtual document's URI, or undefined when there is nothing
   * to show (the reason is shown to the user).
   */
  async show(uri?: unknown, position?: unknown): Promise<vscode.Uri | undefined> {
    const target = this.target(uri, position);
    if (!target) {
      void vscode.window.showWarningMessage('noarkq: open a .noarkq file and put the cursor in a QUERY block to explain it.');
      return undefined;
    }
    const result = await this.explain({ uri: target.uri.toString(), position: target.position });
    if (!result.ok) {
      void vscode.window.showWarningMessage(`noarkq: ${result.error}`);
      return undefined;
    }
    // One virtual document per block: explaining it again refreshes the preview already open.
    const name = (target.uri.path.split('/').pop() ?? 'query').replace(/\.noarkq$/, '');
    const virtual = vscode.Uri.from({ scheme: explanationScheme, path: `/${name}-${result.blockName ?? `line-${target.position.line + 1}`}.md`, query: target.uri.toString() });
    this.documents.set(virtual.toString(), result.markdown);
    this.changed.fire(virtual);
    try {
      await vscode.commands.executeCommand('markdown.showPreviewToSide', virtual);
    } catch {
      // Without the built-in Markdown extension the Markdown itself is shown.
      await vscode.window.showTextDocument(virtual, { viewColumn: vscode.ViewColumn.Beside, preview: true, preserveFocus: true });
    }
    return virtual;
  }

  private target(uri: unknown, position: unknown): { uri: vscode.Uri; position: { line: number; character: number } } | undefined {
    const given = typeof uri === 'string' ? vscode.Uri.parse(uri) : uri instanceof vscode.Uri ? uri : undefined;
    if (given && isPosition(position)) return { uri: given, position: { line: position.line, character: position.character } };
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document.languageId !== 'noarkq' || (given && editor.document.uri.toString() !== given.toString())) return undefined;
    const cursor = editor.selection.active;
    return { uri: editor.document.uri, position: { line: cursor.line, character: cursor.character } };
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
    this.documents.clear();
  }
}

function isPosition(value: unknown): value is { line: number; character: number } {
  if (typeof value !== 'object' || value === null) return false;
  const { line, character } = value as Record<string, unknown>;
  return Number.isInteger(line) && Number.isInteger(character) && (line as number) >= 0 && (character as number) >= 0;
}
