/**
 * "Show Neighbourhood" (`noarkq.archive.showNeighbourhood`): an archive entity with its live
 * parents, children and links in a webview panel (one, reused for the next entity), expandable a
 * hop at a time. What the page is sent and what its clicks do is the session's
 * (neighbourhoodSession.ts); this is the panel around it.
 */
import * as vscode from 'vscode';
import type { NoarkModel } from '../../core/schema/types';
import type { ActiveArchive } from '../environments/activeArchive';
import { newNonce } from '../panel/resultsHtml';
import { webviewBundleFolder, webviewPageUris } from '../panel/webviewBundle';
import type { EntityRef } from './entityRef';
import { neighbourhoodHtml } from './neighbourhoodHtml';
import { NeighbourhoodSession, type NeighbourhoodShown } from './neighbourhoodSession';

export class NeighbourhoodPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private session: NeighbourhoodSession | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly archive: ActiveArchive,
    private readonly model: NoarkModel,
  ) {}

  /** Opens (or reuses) the panel on `ref`; gives what it shows first, undefined when it shows nothing. */
  async show(ref: EntityRef): Promise<NeighbourhoodShown | undefined> {
    // No panel without an archive to read (the user has been told why).
    if (!(await this.archive.connectionOrReport())) return undefined;
    const { panel, session } = this.panel && this.session ? { panel: this.panel, session: this.session } : this.open();
    panel.title = title(ref.label ?? `${ref.type} ${ref.id}`);
    panel.reveal(undefined, false);
    try {
      const shown = await session.show(ref);
      if (shown) panel.title = title(shown.centre.label);
      else void vscode.window.showErrorMessage(`noarkq: the archive has no ${ref.type} with id ${ref.id}.`);
      return shown;
    } catch (error) {
      void vscode.window.showErrorMessage(`noarkq: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  dispose(): void {
    this.panel?.dispose();
  }

  private open(): { panel: vscode.WebviewPanel; session: NeighbourhoodSession } {
    const panel = vscode.window.createWebviewPanel('noarkq.neighbourhood', 'Neighbourhood', vscode.ViewColumn.Active, {
      enableScripts: true,
      localResourceRoots: [webviewBundleFolder(this.extensionUri)],
    });
    const webview = panel.webview;
    const session = new NeighbourhoodSession({
      model: this.model,
      archive: () => this.archive.connectionOrReport(),
      post: (message) => void webview.postMessage(message),
      open: (entity) => void vscode.commands.executeCommand('noarkq.archive.openDetails', entity),
      reveal: (entity) => void vscode.commands.executeCommand('noarkq.archive.reveal', entity),
    });
    webview.html = neighbourhoodHtml(webviewPageUris(webview, this.extensionUri, 'neighbourhood'), newNonce());
    const received = webview.onDidReceiveMessage((message: unknown) => void session.receive(message));
    panel.onDidDispose(() => {
      received.dispose();
      if (this.panel === panel) {
        this.panel = undefined;
        this.session = undefined;
      }
    });
    this.panel = panel;
    this.session = session;
    return { panel, session };
  }
}

function title(label: string): string {
  const short = label.length > 40 ? `${label.slice(0, 39)}…` : label;
  return `Neighbourhood: ${short}`;
}
