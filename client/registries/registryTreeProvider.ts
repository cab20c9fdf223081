/**
 * The tree of one registry (the code lists or the BSM registry) of the active environment. It asks
 * the archive only when VS Code asks for its top level (the view is visible), through the copy it
 * shares with the language server, and shows a message node when there is nothing to show.
 */
import * as vscode from 'vscode';
import type { ActiveArchive } from '../environments/activeArchive';
import type { ArchiveConnection } from '../environments/archiveConnections';
import type { LiveRegistries, RegistriesCopy, RegistryPart } from './liveRegistries';
import { messageItem, type ItemModel, type MessageNode } from './registryItemModel';

/** What makes one registry's tree: its nodes from what was fetched, and their items. */
export interface RegistryTreeShape<P extends RegistryPart, N extends { kind: string }> {
  part: P;
  /** For the messages: "code lists", "BSM registry". */
  noun: string;
  refreshCommand: string;
  roots(fetched: Extract<NonNullable<RegistriesCopy[P]>, { ok: true }>['value']): N[];
  empty: MessageNode;
  children(node: N): N[];
  item(node: N): ItemModel;
}

export class RegistryTreeProvider<P extends RegistryPart, N extends { kind: string }> implements vscode.TreeDataProvider<N | MessageNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly shape: RegistryTreeShape<P, N>,
    private readonly archive: ActiveArchive,
    private readonly live: LiveRegistries,
  ) {
    this.subscriptions = [
      archive.onDidChange(() => this.changed.fire()),
      live.onDidChange((change) => {
        if (change.parts.includes(shape.part)) this.changed.fire();
      }),
    ];
  }

  /** Shows the tree again from the held copy (the refresh command fetches first). */
  refresh(): void {
    this.changed.fire();
  }

  async getChildren(node?: N | MessageNode): Promise<(N | MessageNode)[]> {
    if (node) return node.kind === 'message' ? [] : this.shape.children(node as N);
    const name = this.archive.activeName();
    if (name === undefined) {
      return [{ kind: 'message', text: 'No active environment', detail: `Select an environment (or start the sandbox) to see its ${this.shape.noun}.`, severity: 'info', command: { id: 'noarkq.selectEnvironment', title: 'Select Environment' } }];
    }
    let connection: ArchiveConnection | undefined;
    try {
      connection = await this.archive.connection(false);
    } catch (error) {
      return [this.failure(name, error instanceof Error ? error.message : String(error))];
    }
    if (!connection) {
      return [{ kind: 'message', text: `Not connected to "${name}"`, detail: `"${name}" needs credentials before its ${this.shape.noun} can be read.`, severity: 'info', command: { id: 'noarkq.setCredentials', title: 'Set Credentials' } }];
    }
    const fetched = await this.live.ensure(connection, this.shape.part);
    if (!fetched.ok) return [this.failure(name, fetched.error)];
    const roots = this.shape.roots(fetched.value as Extract<NonNullable<RegistriesCopy[P]>, { ok: true }>['value']);
    return roots.length > 0 ? roots : [this.shape.empty];
  }

  getTreeItem(node: N | MessageNode): vscode.TreeItem {
    return treeItem(node.kind === 'message' ? messageItem(node as MessageNode) : this.shape.item(node as N));
  }

  /** The items under the path of labels from the top (for the extension-host tests). */
  async itemsAt(path: readonly string[]): Promise<vscode.TreeItem[]> {
    let children = await this.getChildren();
    for (const label of path) {
      const parent = children.find((child) => this.getTreeItem(child).label === label);
      if (!parent) throw new Error(`No item "${label}" in the ${this.shape.noun} view; it has ${children.map((c) => JSON.stringify(this.getTreeItem(c).label)).join(', ')}.`);
      children = await this.getChildren(parent);
    }
    return children.map((child) => this.getTreeItem(child));
  }

  private failure(environment: string, error: string): MessageNode {
    return { kind: 'message', text: `Could not read the ${this.shape.noun} of "${environment}"`, detail: `${error}\n\nRefresh the view to try again.`, severity: 'error', command: { id: this.shape.refreshCommand, title: 'Refresh' } };
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}

function treeItem(model: ItemModel): vscode.TreeItem {
  const item = new vscode.TreeItem(model.label, model.collapsible ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
  if (model.description !== undefined) item.description = model.description;
  // Archive text in the tooltip is escaped already; HTML and commands stay off all the same.
  const tooltip = new vscode.MarkdownString(model.tooltip, false);
  tooltip.supportHtml = false;
  tooltip.isTrusted = false;
  item.tooltip = tooltip;
  item.iconPath = new vscode.ThemeIcon(model.icon, model.iconColor ? new vscode.ThemeColor(model.iconColor) : undefined);
  item.contextValue = model.contextValue;
  if (model.command) item.command = { command: model.command.id, title: model.command.title };
  return item;
}
