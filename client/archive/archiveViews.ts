/**
 * The sidebar's archive views and what their nodes do: the tree (`noarkq.archive`), the pending
 * uploads (`noarkq.pendingUploads`), an entity's details, copy id, "New Query for Children…",
 * download, "Upload and Attach…", bulk open and close, reveal, and "Show Neighbourhood". The commands are registered in
 * extension.ts (they must exist when activation returns) and call the methods here.
 */
import { mkdir } from 'node:fs/promises';
import { basename } from 'node:path';
import * as vscode from 'vscode';
import type { NoarkModel } from '../../core/schema/types';
import type { ArchiveApi, TransferProgress } from '../../runner/archive/archiveApi';
import type { BlockRunResult } from '../../runner/blocks/blockRunResult';
import type { ArchiveConnection } from '../environments/archiveConnections';
import type { ActiveArchive } from '../environments/activeArchive';
import type { RunPrompts } from '../run/runPrompts';
import { categoryOf, childrenQueryText, fetchEntity } from './archiveTreeModel';
import { ArchiveTreeProvider, type ArchiveNode, type EntityNode, type MoreNode } from './archiveTreeProvider';
import { attachedIds, attachTransaction, attachTransactionErrors, type UploadedFile } from './attachFiles';
import { EntityDetailsProvider, entityScheme, entityUri } from './entityDetails';
import { entityRefOf, type EntityRef } from './entityRef';
import { NeighbourhoodPanel } from './neighbourhoodPanel';
import type { NeighbourhoodShown } from './neighbourhoodSession';
import { PendingUploadsProvider } from './pendingUploadsView';
import { attachedFileIds } from './pendingUploads';

export interface ArchiveViewsDependencies {
  archive: ActiveArchive;
  model: NoarkModel;
  prompts: () => RunPrompts;
  /** Where downloads go (a folder per Dokumentversjon under it). */
  downloads: vscode.Uri;
  /** The extension's folder: the neighbourhood picture's webview bundle is under it. */
  extensionUri: vscode.Uri;
}

/** What "Upload and Attach…" made. */
export interface AttachOutcome {
  /** Real ids of the new Dokument and Dokumentversjon entities, one pair per file. */
  attached: { fileName: string; uploadId: string; documentId: string; versionId: string }[];
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function progressText(name: string, p: TransferProgress): string {
  const mb = (n: number) => `${(n / 1_000_000).toFixed(1)} MB`;
  return p.total ? `${name}: ${mb(p.bytes)} of ${mb(p.total)}` : `${name}: ${mb(p.bytes)}`;
}

export class ArchiveViews implements vscode.Disposable {
  readonly tree: ArchiveTreeProvider;
  readonly treeView: vscode.TreeView<ArchiveNode>;
  readonly pending: PendingUploadsProvider;
  private readonly details: EntityDetailsProvider;
  private readonly neighbourhood: NeighbourhoodPanel;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly deps: ArchiveViewsDependencies) {
    this.tree = new ArchiveTreeProvider(deps.archive, deps.model);
    this.treeView = vscode.window.createTreeView('noarkq.archive', { treeDataProvider: this.tree, showCollapseAll: true });
    this.pending = new PendingUploadsProvider(Date.now);
    this.details = new EntityDetailsProvider(deps.archive, deps.model);
    this.neighbourhood = new NeighbourhoodPanel(deps.extensionUri, deps.archive, deps.model);
    this.disposables.push(
      this.neighbourhood,
      this.tree,
      this.treeView,
      this.pending,
      vscode.window.createTreeView('noarkq.pendingUploads', { treeDataProvider: this.pending }),
      this.details,
      vscode.workspace.registerTextDocumentContentProvider(entityScheme, this.details),
    );
  }

  /** The entity a command is about: its argument, else the node selected in the tree. */
  private entityArg(arg: unknown, second?: unknown): EntityRef | undefined {
    const ref = entityRefOf(arg, second) ?? entityRefOf(this.treeView.selection[0]);
    if (!ref) void vscode.window.showErrorMessage('noarkq: select an entity in the Archive view first.');
    return ref;
  }

  private connection(): Promise<ArchiveConnection | undefined> {
    return this.deps.archive.connectionOrReport();
  }

  refresh(): void {
    this.tree.refresh();
  }

  /** The entities selected in the tree. */
  selection(): EntityRef[] {
    return this.treeView.selection.filter((n): n is EntityNode => n.kind === 'entity').map((n) => ({ type: n.entity.type, id: n.entity.id }));
  }

  refreshNode(node: unknown): Promise<void> {
    return this.tree.refreshNode(isArchiveNode(node) ? node : undefined);
  }

  loadMore(node: unknown): Promise<void> {
    if (!isArchiveNode(node) || node.kind !== 'more') return Promise.resolve();
    return this.tree.loadMore(node as MoreNode);
  }

  async copyId(arg?: unknown): Promise<string | undefined> {
    const ref = this.entityArg(arg);
    if (!ref) return undefined;
    await vscode.env.clipboard.writeText(ref.id);
    vscode.window.setStatusBarMessage(`noarkq: copied the id ${ref.id} of ${ref.type}`, 3000);
    return ref.id;
  }

  async openDetails(arg?: unknown, second?: unknown): Promise<vscode.Uri | undefined> {
    const ref = this.entityArg(arg, second);
    const environment = this.deps.archive.activeName();
    if (!ref || !environment) return undefined;
    const uri = entityUri(environment, ref);
    this.details.refresh(uri);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.languages.setTextDocumentLanguage(document, 'json');
    await vscode.window.showTextDocument(document, { preview: true });
    return uri;
  }

  /** Draws the entity with its parents, children and links; gives what the picture shows first. */
  async showNeighbourhood(arg?: unknown, second?: unknown): Promise<NeighbourhoodShown | undefined> {
    const ref = this.entityArg(arg, second);
    return ref ? this.neighbourhood.show(ref) : undefined;
  }

  refreshDetails(uri?: unknown): void {
    const target = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
    if (target) this.details.refresh(target);
  }

  async newQueryForChildren(arg?: unknown): Promise<vscode.TextDocument | undefined> {
    const ref = this.entityArg(arg);
    if (!ref) return undefined;
    const object = isArchiveNode(arg) && arg.kind === 'entity' ? arg.object : { type: ref.type, id: ref.id, version: '', fields: {}, links: {} };
    const text = childrenQueryText(this.deps.model, object, ref.label ?? `${ref.type} ${ref.id}`);
    if (!text) {
      void vscode.window.showInformationMessage(`noarkq: a ${ref.type} has no children in the archive tree.`);
      return undefined;
    }
    const opened = await vscode.workspace.openTextDocument({ language: 'noarkq', content: text });
    // VS Code may reuse the name of an untitled document just closed, and openTextDocument then
    // gives that closed document's object while the extension host still holds it; the editor's
    // document is the one created, as the editor is known here only after the old one is gone.
    const editor = await vscode.window.showTextDocument(opened);
    return editor.document;
  }

  /** Downloads a Dokumentversjon's file with progress, then opens it; gives the path. */
  async download(arg?: unknown): Promise<string | undefined> {
    const node = this.entityNodeArg(arg);
    const ref = node?.entity ?? this.entityArg(arg);
    if (!ref) return undefined;
    if (ref.type !== 'Dokumentversjon') {
      void vscode.window.showErrorMessage(`noarkq: only a Dokumentversjon has a file to download, not a ${ref.type}.`);
      return undefined;
    }
    const connection = await this.connection();
    if (!connection) return undefined;
    try {
      const version = node?.object ?? (await fetchEntity(connection.client, this.deps.model, ref.type, ref.id));
      const fileId = version?.fields.referanseDokumentfil;
      if (typeof fileId !== 'string' && typeof fileId !== 'number') throw new Error(`Dokumentversjon ${ref.id} names no file (referanseDokumentfil).`);
      const folder = vscode.Uri.joinPath(this.deps.downloads, safeSegment(connection.environment.name), safeSegment(ref.id));
      await mkdir(folder.fsPath, { recursive: true });
      const answer = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `noarkq: downloading ${ref.label ?? ref.id}`, cancellable: true },
        (progress, token) => {
          const abort = new AbortController();
          token.onCancellationRequested(() => abort.abort());
          return connection.client.download(String(fileId), { directory: folder.fsPath }, { signal: abort.signal, onProgress: (p) => progress.report({ message: progressText(ref.label ?? ref.id, p) }) });
        },
      );
      const path = answer.body.path;
      if (!path) throw new Error('the download was written nowhere');
      await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(path));
      return path;
    } catch (error) {
      void vscode.window.showErrorMessage(`noarkq: could not download ${ref.type} ${ref.id}: ${connection.redact(message(error))}`);
      return undefined;
    }
  }

  private entityNodeArg(arg: unknown): EntityNode | undefined {
    if (isArchiveNode(arg) && arg.kind === 'entity') return arg;
    const selected = this.treeView.selection[0];
    return arg === undefined && selected?.kind === 'entity' ? selected : undefined;
  }

  /**
   * Uploads files and attaches them to a registration in one transaction (a Dokument and a
   * Dokumentversjon per file). `files` (Uris or paths) skips the file dialog. Files uploaded
   * but not attached stay under Pending Uploads.
   */
  async uploadAndAttach(arg?: unknown, files?: unknown): Promise<AttachOutcome | undefined> {
    const ref = this.entityArg(arg);
    if (!ref) return undefined;
    if (categoryOf(this.deps.model, ref.type) !== 'registrering') {
      void vscode.window.showErrorMessage(`noarkq: files are attached to a registration (a Journalpost, …), not to a ${ref.type}.`);
      return undefined;
    }
    const given = fileList(files);
    if (given === null) {
      void vscode.window.showErrorMessage('noarkq: Upload and Attach takes a list of files (URIs or paths).');
      return undefined;
    }
    const uris = given ?? (await vscode.window.showOpenDialog({ canSelectMany: true, openLabel: 'Upload and Attach', title: `Attach files to ${ref.label ?? `${ref.type} ${ref.id}`}` }));
    if (!uris || uris.length === 0) return undefined;
    const connection = await this.connection();
    if (!connection) return undefined;
    const environment = connection.environment;
    if (environment.protected) {
      const confirmed = await this.deps.prompts().confirmWrite({
        environment: environment.name,
        block: 'Upload and Attach',
        description: `${uris.length === 1 ? 'a file' : `${uris.length} files`} and a transaction attaching them to ${ref.type} ${ref.id}`,
        typeName: false,
      });
      if (!confirmed) return undefined;
    }
    const uploaded: UploadedFile[] = [];
    try {
      const outcome = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `noarkq: attaching to ${ref.label ?? `${ref.type} ${ref.id}`}`, cancellable: true },
        async (progress, token) => {
          const abort = new AbortController();
          token.onCancellationRequested(() => abort.abort());
          for (const uri of uris) {
            const fileName = basename(uri.fsPath);
            const answer = await connection.client.upload({ path: uri.fsPath, fileName }, { signal: abort.signal, onProgress: (p) => progress.report({ message: progressText(fileName, p) }) });
            uploaded.push({ uploadId: answer.body.id, fileName });
            this.pending.list.add(environment.name, answer.body.id, fileName);
            this.pending.changed();
          }
          progress.report({ message: 'attaching' });
          return this.attach(connection.client, ref.id, uploaded, abort.signal);
        },
      );
      this.pending.list.remove(environment.name, uploaded.map((u) => u.uploadId));
      this.pending.changed();
      await this.refreshEntity(ref);
      void vscode.window.showInformationMessage(`noarkq: attached ${uploaded.length === 1 ? uploaded[0]!.fileName : `${uploaded.length} files`} to ${ref.label ?? `${ref.type} ${ref.id}`}.`);
      return outcome;
    } catch (error) {
      const left = uploaded.length > 0 ? ` ${uploaded.length === 1 ? 'The uploaded file is' : `${uploaded.length} uploaded files are`} listed under Pending Uploads for an hour: attach from there.` : '';
      void vscode.window.showErrorMessage(`noarkq: could not attach to ${ref.type} ${ref.id}: ${connection.redact(message(error))}.${left}`);
      return undefined;
    }
  }

  private async attach(api: ArchiveApi, registrationId: string, files: readonly UploadedFile[], signal: AbortSignal): Promise<AttachOutcome> {
    const main = await api.query({ type: 'Dokument', query: 'refRegistrering.id = @id && tilknyttetRegistreringSom = @main', parameters: { id: registrationId, main: 'H' }, limit: 1 }, { signal });
    const body = attachTransaction(registrationId, files, main.body.results.length > 0);
    const errors = attachTransactionErrors(this.deps.model, body);
    if (errors.length > 0) throw new Error(`the attaching transaction would be refused: ${errors.join(' ')}`);
    const answer = await api.transaction(body, { signal });
    return {
      attached: files.map((file, i) => {
        const ids = attachedIds(i);
        return { fileName: file.fileName, uploadId: file.uploadId, documentId: answer.body.saved[ids.document]?.id ?? '', versionId: answer.body.saved[ids.version]?.id ?? '' };
      }),
    };
  }

  /** Attaches a pending upload to a registration: the selected one in the tree, or an id asked for. */
  async attachPending(arg?: unknown, registration?: unknown): Promise<AttachOutcome | undefined> {
    const upload = this.pending.uploadOf(arg) ?? this.pending.list.list()[0];
    if (!upload) {
      void vscode.window.showInformationMessage('noarkq: no upload is waiting to be attached.');
      return undefined;
    }
    const connection = await this.connection();
    if (!connection) return undefined;
    if (connection.environment.name !== upload.environment) {
      void vscode.window.showErrorMessage(`noarkq: ${upload.fileName} was uploaded to "${upload.environment}"; select that environment to attach it.`);
      return undefined;
    }
    let target = entityRefOf(registration) ?? entityRefOf(this.treeView.selection[0]);
    if (!target || categoryOf(this.deps.model, target.type) !== 'registrering') {
      const id = await vscode.window.showInputBox({
        title: `noarkq: attach ${upload.fileName}`,
        prompt: 'The id of the registration (Journalpost, Arkivnotat, …) to attach the file to. Or select it in the Archive view first.',
        validateInput: (value) => (/^\s*[\w-]+\s*$/.test(value) ? undefined : 'An entity id, such as 1075'),
      });
      if (!id) return undefined;
      target = { type: 'AbstraktRegistrering', id: id.trim() };
    }
    if (connection.environment.protected) {
      const confirmed = await this.deps.prompts().confirmWrite({ environment: connection.environment.name, block: 'Attach Upload', description: `a transaction attaching ${upload.fileName} to ${target.id}`, typeName: false });
      if (!confirmed) return undefined;
    }
    try {
      const outcome = await this.attach(connection.client, target.id, [{ uploadId: upload.id, fileName: upload.fileName }], new AbortController().signal);
      this.pending.list.remove(upload.environment, [upload.id]);
      this.pending.changed();
      await this.refreshEntity(target);
      void vscode.window.showInformationMessage(`noarkq: attached ${upload.fileName} to ${target.label ?? target.id}.`);
      return outcome;
    } catch (error) {
      void vscode.window.showErrorMessage(`noarkq: could not attach ${upload.fileName}: ${connection.redact(message(error))}`);
      return undefined;
    }
  }

  /** Bulk open or close of an entity and everything under it, confirmed (the name typed in a protected environment). */
  async bulk(kind: 'open' | 'close', arg?: unknown): Promise<boolean> {
    const ref = this.entityArg(arg);
    if (!ref) return false;
    const def = this.deps.model.getType(ref.type);
    const bulkType = def?.bulk ? ref.type : def?.supertypes.find((t) => this.deps.model.getType(t)?.bulk);
    if (!bulkType) {
      void vscode.window.showErrorMessage(`noarkq: a ${ref.type} cannot be opened or closed in bulk.`);
      return false;
    }
    const connection = await this.connection();
    if (!connection) return false;
    const what = `${ref.type} ${ref.label ?? ref.id}`;
    const confirmed = await this.deps.prompts().confirmWrite({
      environment: connection.environment.name,
      block: kind === 'close' ? 'Close' : 'Open',
      description: `bulk/${kind} of ${what} and everything under it`,
      typeName: connection.environment.protected === true,
    });
    if (!confirmed) return false;
    try {
      await (kind === 'close' ? connection.client.bulkClose({ type: bulkType, id: ref.id }) : connection.client.bulkOpen({ type: bulkType, id: ref.id }));
      void vscode.window.showInformationMessage(`noarkq: the archive is ${kind === 'close' ? 'closing' : 'opening'} ${what} and everything under it (it works in the background; refresh to see it).`);
      await this.refreshEntity(ref);
      return true;
    } catch (error) {
      void vscode.window.showErrorMessage(`noarkq: could not ${kind} ${what}: ${connection.redact(message(error))}`);
      return false;
    }
  }

  /** Shows the entity in the tree, loading its ancestors; false when the archive has no such entity. */
  async reveal(arg?: unknown, second?: unknown): Promise<boolean> {
    let ref = entityRefOf(arg, second);
    if (!ref) {
      const typed = await vscode.window.showInputBox({ title: 'noarkq: reveal an entity in the archive tree', prompt: 'Type and id, e.g. "Saksmappe 1046"', validateInput: (v) => (/^\s*\w+\s+[\w-]+\s*$/.test(v) ? undefined : 'A type and an id, separated by a space') });
      if (!typed) return false;
      const [type, id] = typed.trim().split(/\s+/);
      ref = { type: type!, id: id! };
    }
    try {
      const node = await this.tree.nodeFor(ref);
      if (!node) {
        void vscode.window.showErrorMessage(`noarkq: the archive tree has no ${ref.type} ${ref.id}.`);
        return false;
      }
      await this.treeView.reveal(node, { select: true, focus: true, expand: false });
      return true;
    } catch (error) {
      void vscode.window.showErrorMessage(`noarkq: could not reveal ${ref.type} ${ref.id}: ${message(error)}`);
      return false;
    }
  }

  private async refreshEntity(ref: EntityRef): Promise<void> {
    const selected = this.treeView.selection.find((n): n is EntityNode => n.kind === 'entity' && n.entity.id === ref.id);
    if (selected) await this.tree.refreshNode(selected);
    else this.tree.refresh();
  }

  /** A block run's upload is pending until a transaction attaches it. */
  recordRun(environment: string, result: BlockRunResult): void {
    if (!result.ok) return;
    if (result.kind === 'upload' && typeof result.body === 'object' && result.body !== null && !Array.isArray(result.body)) {
      const id = result.body.id;
      if (typeof id === 'string' || typeof id === 'number') {
        this.pending.list.add(environment, String(id), uploadName(result));
        this.pending.changed();
      }
    } else if (result.kind === 'transaction' && this.pending.list.remove(environment, attachedFileIds(result.request?.body))) this.pending.changed();
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

/** What a block's upload is called in the list: the block's name, else its line. */
function uploadName(result: BlockRunResult): string {
  return result.blockName ?? `UPLOAD at line ${result.line}`;
}

function isArchiveNode(value: unknown): value is ArchiveNode {
  return typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string' && typeof (value as { key?: unknown }).key === 'string';
}

/** Uris or paths; undefined when none were given; null when what was given is not a list of files. */
function fileList(files: unknown): vscode.Uri[] | undefined | null {
  if (files === undefined) return undefined;
  if (!Array.isArray(files)) return null;
  const out: vscode.Uri[] = [];
  for (const f of files) {
    if (f instanceof vscode.Uri) out.push(f);
    else if (typeof f === 'string' && f !== '') out.push(vscode.Uri.file(f));
    else return null;
  }
  return out;
}

/** A folder name from archive text: no separators, no dots alone. */
function safeSegment(text: string): string {
  const cleaned = text.replace(/[^\p{L}\p{N}._-]+/gu, '_').replace(/^\.+/, '_');
  return cleaned === '' ? '_' : cleaned;
}
