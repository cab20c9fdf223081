/**
 * `noarkq.showModel` (registered in extension.ts, as every command is, so that it exists as soon
 * as the extension is active): the Noark model as a picture in a webview panel (one, reused), with the
 * type given as the command's argument, if any, selected and centred.
 */
import * as vscode from 'vscode';
import type { NoarkModel } from '../../core/schema';
import { newNonce } from '../panel/resultsHtml';
import { webviewBundleFolder, webviewPageUris } from '../panel/webviewBundle';
import { modelWebviewMessage, type ModelHostMessage } from '../webview/modelMessages';
import { modelHtml } from './modelHtml';
import { modelTypeViews, typeNamed, typeOnLine } from './modelView';

export class ModelPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  /** The type to select when the page (re)loads and says it is ready. */
  private selected: string | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly model: NoarkModel,
  ) {}

  /** Opens (or reveals) the picture; `type`, a type's name, is selected and centred. Without one
   * (the palette, or the editor's context menu, which passes the file's URI), the type on the
   * cursor's line of a `.noarkq` file is. */
  show(type?: unknown): void {
    if (typeof type === 'string' && typeNamed(this.model, type) === undefined) void vscode.window.showWarningMessage(`noarkq: "${type}" is not a Noark entity type; showing the whole model.`);
    const name = typeof type === 'string' ? typeNamed(this.model, type) : this.typeAtCursor();
    if (name !== undefined) this.selected = name;
    if (this.panel) {
      this.panel.reveal(undefined, false);
      if (name !== undefined) this.post({ type: 'select', name });
      return;
    }
    this.panel = this.open();
  }

  private typeAtCursor(): string | undefined {
    const editor = vscode.window.activeTextEditor;
    if (editor?.document.languageId !== 'noarkq') return undefined;
    const at = editor.selection.active;
    return typeOnLine(this.model, editor.document.lineAt(at.line).text, at.character);
  }

  dispose(): void {
    this.panel?.dispose();
  }

  private open(): vscode.WebviewPanel {
    const panel = vscode.window.createWebviewPanel('noarkq.model', 'Noark Model', vscode.ViewColumn.Active, { enableScripts: true, localResourceRoots: [webviewBundleFolder(this.extensionUri)] });
    const webview = panel.webview;
    webview.html = modelHtml(webviewPageUris(webview, this.extensionUri, 'model'), newNonce());
    const received = webview.onDidReceiveMessage((message: unknown) => {
      // The page is a browser page: its messages are input, and anything unknown is ignored.
      const parsed = modelWebviewMessage.safeParse(message);
      if (!parsed.success) return;
      if (parsed.data.type === 'ready') this.post({ type: 'model', types: modelTypeViews(this.model), ...(this.selected === undefined ? {} : { select: this.selected }) });
      else this.selected = typeNamed(this.model, parsed.data.name) ?? this.selected;
    });
    panel.onDidDispose(() => {
      received.dispose();
      if (this.panel === panel) this.panel = undefined;
    });
    return panel;
  }

  private post(message: ModelHostMessage): void {
    void this.panel?.webview.postMessage(message);
  }
}
