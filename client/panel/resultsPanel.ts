/**
 * The results panels: one webview panel per block, beside the editor, reused when the block
 * runs again. The work behind a panel is `ResultsSession`; this file is its VS Code side.
 */
import { createWriteStream } from 'node:fs';
import { Writable } from 'node:stream';
import * as vscode from 'vscode';
import type { BlockRunResult } from '../../runner/blocks/blockRunResult';
import type { EntityRef } from '../archive/entityRef';
import type { HostMessage } from '../webview/resultsMessages';
import { newNonce, resultsHtml } from './resultsHtml';
import { ResultsSession, type MorePages, type ResultsHost } from './resultsSession';
import { webviewBundleFolder, webviewPageUris } from './webviewBundle';

export type { MorePages } from './resultsSession';

interface OpenPanel {
  panel: vscode.WebviewPanel;
  session: ResultsSession;
}

/** Collects a file's content for a workspace file system that is not on disk (a remote). */
class WorkspaceFileWriter extends Writable {
  private readonly chunks: Buffer[] = [];
  constructor(private readonly uri: vscode.Uri) {
    super();
  }
  override _write(chunk: Buffer | string, encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk);
    done();
  }
  override _final(done: (error?: Error | null) => void): void {
    vscode.workspace.fs.writeFile(this.uri, Buffer.concat(this.chunks)).then(
      () => done(),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  }
}

export class ResultsPanels implements vscode.Disposable {
  private readonly panels = new Map<string, OpenPanel>();

  /** `reveal` shows an entity in the archive tree (a full-text hit's "Reveal"). */
  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly reveal: (entity: EntityRef) => Promise<void>,
  ) {}

  /** Shows `result` in the panel of `key` (one per block, reused on re-run), beside the editor. */
  show(key: string, title: string, result: BlockRunResult, more?: MorePages): void {
    let open = this.panels.get(key);
    if (open) {
      open.panel.title = title;
      open.panel.reveal(vscode.ViewColumn.Beside, true);
    } else {
      open = this.open(key, title);
    }
    open.session.show(title, result, more);
  }

  /** Shows `result` in the panel of `key` if one is open, without revealing it (a test run's results). */
  showIfOpen(key: string, title: string, result: BlockRunResult, more?: MorePages): void {
    const open = this.panels.get(key);
    if (!open) return;
    open.panel.title = title;
    open.session.show(title, result, more);
  }

  /** A message for the panel of `key` as its webview would send it (tests use it). */
  async receive(key: string, message: unknown): Promise<void> {
    await this.panels.get(key)?.session.receive(message);
  }

  /** Keys of the panels open now (tests use it). */
  openKeys(): string[] {
    return [...this.panels.keys()];
  }

  dispose(): void {
    for (const { panel } of [...this.panels.values()]) panel.dispose();
    this.panels.clear();
  }

  private open(key: string, title: string): OpenPanel {
    const panel = vscode.window.createWebviewPanel(
      'noarkq.results',
      title,
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      // The webview reloads when hidden (it asks for its result again on `ready`): keeping
      // 50,000 rows alive in every hidden panel would cost more than redrawing them.
      { enableScripts: true, enableFindWidget: true, localResourceRoots: [webviewBundleFolder(this.extensionUri)] },
    );
    const webview = panel.webview;
    const session = new ResultsSession(this.hostFor(webview));
    const nonce = newNonce();
    webview.html = resultsHtml(webviewPageUris(webview, this.extensionUri, 'results'), nonce);
    const subscriptions = [
      webview.onDidReceiveMessage((message: unknown) => {
        void session.receive(message);
      }),
    ];
    const open: OpenPanel = { panel, session };
    panel.onDidDispose(() => {
      session.dispose();
      for (const s of subscriptions) s.dispose();
      if (this.panels.get(key) === open) this.panels.delete(key);
    });
    this.panels.set(key, open);
    return open;
  }

  private hostFor(webview: vscode.Webview): ResultsHost {
    return workbenchResultsHost((message) => {
      void webview.postMessage(message);
    }, this.reveal);
  }
}

/** A `ResultsSession`'s host in VS Code, its messages going through `post` (a panel's webview, a
 * notebook's renderer): the clipboard, a save dialog, notifications and the archive tree. */
export function workbenchResultsHost(post: (message: HostMessage) => void, reveal: (entity: EntityRef) => Promise<void>): ResultsHost {
  return {
    post,
    copy: async (text) => {
      await vscode.env.clipboard.writeText(text);
      vscode.window.setStatusBarMessage('Copied', 2000);
    },
    saveTarget: async (format, suggestedName) => {
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
      const uri = await vscode.window.showSaveDialog({
        defaultUri: folder ? vscode.Uri.joinPath(folder, suggestedName) : undefined,
        filters: format === 'csv' ? { CSV: ['csv'] } : { JSON: ['json'] },
        saveLabel: 'Export',
      });
      if (!uri) return undefined;
      const out = uri.scheme === 'file' ? createWriteStream(uri.fsPath) : new WorkspaceFileWriter(uri);
      return { out, name: vscode.workspace.asRelativePath(uri) };
    },
    report: (severity, message) => {
      if (severity === 'error') void vscode.window.showErrorMessage(message);
      else void vscode.window.showInformationMessage(message);
    },
    reveal,
  };
}
