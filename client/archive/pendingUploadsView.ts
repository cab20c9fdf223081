/**
 * The "Pending Uploads" view: each file uploaded and not attached yet, with the time the archive
 * still keeps it, a warning icon and a notification shortly before it is dropped, and an action
 * to attach it. The list redraws itself when a warning falls due or an upload expires, and every
 * half minute while it shows a time left.
 */
import * as vscode from 'vscode';
import { PendingUploadList, timeLeft, warnBeforeMs, type PendingUpload } from './pendingUploads';

const redrawEveryMs = 30_000;

export class PendingUploadsProvider implements vscode.TreeDataProvider<PendingUpload>, vscode.Disposable {
  readonly list: PendingUploadList;
  private readonly redraw = new vscode.EventEmitter<PendingUpload | undefined>();
  readonly onDidChangeTreeData = this.redraw.event;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly now: () => number) {
    this.list = new PendingUploadList(now);
  }

  /** The list changed: redraw, warn about what falls due, and set the next timer. */
  changed(): void {
    for (const upload of this.list.dueWarnings()) {
      void vscode.window
        .showWarningMessage(`noarkq: the archive "${upload.environment}" drops ${upload.fileName} in ${timeLeft(upload.expiresAt - this.now())} unless it is attached to a registration.`, 'Attach…')
        .then((choice) => {
          if (choice) void vscode.commands.executeCommand('noarkq.pendingUploads.attach', upload);
        });
    }
    this.redraw.fire(undefined);
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const next = this.list.nextChangeAt();
    if (next === undefined) return;
    this.timer = setTimeout(() => this.changed(), Math.max(1000, Math.min(next - this.now(), redrawEveryMs)));
    this.timer.unref();
  }

  /** The upload a command was given (a node of this view). */
  uploadOf(arg: unknown): PendingUpload | undefined {
    if (typeof arg !== 'object' || arg === null) return undefined;
    const { id, environment } = arg as { id?: unknown; environment?: unknown };
    return typeof id === 'string' && typeof environment === 'string' ? this.list.get(environment, id) : undefined;
  }

  getTreeItem(upload: PendingUpload): vscode.TreeItem {
    const left = upload.expiresAt - this.now();
    const item = new vscode.TreeItem(upload.fileName, vscode.TreeItemCollapsibleState.None);
    item.id = `${upload.environment}/${upload.id}`;
    item.description = `${timeLeft(left)} · ${upload.environment}`;
    item.iconPath = new vscode.ThemeIcon(left <= warnBeforeMs ? 'warning' : 'cloud-upload', left <= warnBeforeMs ? new vscode.ThemeColor('list.warningForeground') : undefined);
    item.tooltip = `Uploaded to "${upload.environment}" at ${new Date(upload.uploadedAt).toLocaleTimeString()} as file id ${upload.id}. The archive drops it at ${new Date(upload.expiresAt).toLocaleTimeString()} unless a Dokumentversjon names it (referanseDokumentfil).`;
    item.contextValue = 'pendingUpload';
    return item;
  }

  getChildren(upload?: PendingUpload): PendingUpload[] {
    return upload ? [] : this.list.list();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.redraw.dispose();
  }
}
