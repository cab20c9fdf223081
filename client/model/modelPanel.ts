/**
 * `noarkq.showModel`: the Noark model as a picture in a webview panel (one, reused), with the
 * type given as the command's argument, if any, selected and centred.
 */
import * as vscode from 'vscode';
import type { NoarkModel } from '../../core/schema';
import { newNonce } from '../panel/resultsHtml';
import { modelWebviewMessage, type ModelHostMessage } from '../webview/modelMessages';
import { modelHtml } from './modelHtml';
import { modelTypeViews, typeNamed } from './modelView';

/** Where esbuild puts the webview bundles; the only folder the webview may load from. */
const bundleFolder = ['dist', 'webview'] as const;

export class ModelPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  /** The type to select when the page (re)loads and says it is ready. */
  private selected: string | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly model: NoarkModel,
  ) {}

  /** Opens (or reveals) the picture; `type`, a type's name, is selected and centred. */
  show(type?: unknown): void {
    const name = typeNamed(this.model, type);
    if (type !== undefined && name === undefined) void vscode.window.showWarningMessage(`noarkq: "${String(type)}" is not a Noark entity type; showing the whole model.`);
    if (name !== undefined) this.selected = name;
    if (this.panel) {
      this.panel.reveal(undefined, false);
      if (name !== undefined) this.post({ type: 'select', name });
      return;
    }
    this.panel = this.open();
  }

  dispose(): void {
    this.panel?.dispose();
  }

  private open(): vscode.WebviewPanel {
    const bundle = vscode.Uri.joinPath(this.extensionUri, ...bundleFolder);
    const panel = vscode.window.createWebviewPanel('noarkq.model', 'Noark Model', vscode.ViewColumn.Active, { enableScripts: true, localResourceRoots: [bundle] });
    const webview = panel.webview;
    const uri = (file: string): string => webview.asWebviewUri(vscode.Uri.joinPath(bundle, file)).toString();
    webview.html = modelHtml({ cspSource: webview.cspSource, script: uri('model.js'), stylesheet: uri('model.css'), codicons: uri('codicon.css') }, newNonce());
    const received = webview.onDidReceiveMessage((message: unknown) => {
      // The page is a browser page: its messages are input, and anything unknown is ignored.
      const parsed = modelWebviewMessage.safeParse(message);
      if (parsed.success && parsed.data.type === 'ready') this.post({ type: 'model', types: modelTypeViews(this.model), ...(this.selected === undefined ? {} : { select: this.selected }) });
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

/** Registers `noarkq.showModel` (argument: a type's name, optional). */
export function registerModelPanel(extensionUri: vscode.Uri, model: NoarkModel): vscode.Disposable {
  const panel = new ModelPanel(extensionUri, model);
  return vscode.Disposable.from(panel, vscode.commands.registerCommand('noarkq.showModel', (type?: unknown) => panel.show(type)));
}
