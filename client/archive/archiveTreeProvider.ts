/**
 * The archive in the sidebar (view `noarkq.archive`): the archives and the classification systems
 * of the active environment, expanded lazily — one page of 100 children per expansion or
 * "Load more…", never a whole listing at once. What to ask and how to label it is in
 * archiveTreeModel.ts; this file keeps what is loaded and turns it into TreeItems.
 *
 * Archive text is shown as text: labels, descriptions and tooltips are plain strings, never
 * Markdown or HTML.
 */
import * as vscode from 'vscode';
import type { NoarkModel } from '../../core/schema/types';
import type { EntityObject } from '../../runner/archive/archiveApi';
import type { ActiveArchive } from '../environments/activeArchive';
import {
  ancestry,
  categoryOf,
  childSources,
  classificationSources,
  entityLabel,
  fetchEntity,
  isClosed,
  listChildren,
  listingStart,
  rootSources,
  shownEntity,
  tooltipLines,
  treePageSize,
  type ChildSources,
  type ListingCursor,
} from './archiveTreeModel';
import type { EntityRef } from './entityRef';

export interface EntityNode {
  kind: 'entity';
  /** Unique in the tree: the path from the top (one folder can show under its series and its class). */
  key: string;
  /** What commands read (`entityRefOf`): type, id and label. */
  entity: EntityRef;
  object: EntityObject;
  parent: ContainerNode | undefined;
}

export interface GroupNode {
  kind: 'group';
  key: string;
  label: string;
  parent: undefined;
}

export interface MoreNode {
  kind: 'more';
  key: string;
  parent: ContainerNode | undefined;
  loading: boolean;
}

export interface MessageNode {
  kind: 'message';
  key: string;
  text: string;
  error: boolean;
  parent: ContainerNode | undefined;
}

export type ContainerNode = EntityNode | GroupNode;
export type ArchiveNode = EntityNode | GroupNode | MoreNode | MessageNode;

interface Children {
  nodes: (EntityNode | GroupNode)[];
  next: ListingCursor | undefined;
  /** Set while a page is being fetched: a second expansion waits for it instead of asking again. */
  pending: Promise<void> | undefined;
  error: string | undefined;
}

const icons: Record<string, string> = {
  Arkiv: 'archive',
  Arkivdel: 'library',
  Klassifikasjonssystem: 'list-tree',
  Klasse: 'symbol-namespace',
  Mappe: 'folder',
  Saksmappe: 'briefcase',
  Moetemappe: 'organization',
  Journalpost: 'mail',
  Arkivnotat: 'note',
  Basisregistrering: 'file',
  Moeteregistrering: 'comment-discussion',
  Dokument: 'file-text',
  Dokumentversjon: 'file-binary',
};

export class ArchiveTreeProvider implements vscode.TreeDataProvider<ArchiveNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ArchiveNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly children = new Map<string, Children>();
  private readonly classificationGroup: GroupNode = { kind: 'group', key: 'classification', label: 'Klassifikasjonssystemer', parent: undefined };
  /** Bumped by a whole refresh, so a listing that was under way then is dropped, not shown. */
  private generation = 0;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly archive: ActiveArchive,
    private readonly model: NoarkModel,
  ) {
    this.subscription = archive.onDidChange(() => this.refresh());
  }

  /** Forgets everything loaded; the tree asks again when shown. */
  refresh(): void {
    this.generation++;
    this.children.clear();
    this.changed.fire(undefined);
  }

  /** Reloads one node: the entity itself (its label and closed state) and its children. */
  async refreshNode(node: ArchiveNode | undefined): Promise<void> {
    if (!node || node.kind === 'more' || node.kind === 'message') return this.refresh();
    this.forget(node.key);
    if (node.kind === 'entity') {
      const connection = await this.archive.connection(false);
      const fresh = connection ? await fetchEntity(connection.client, this.model, node.object.type, node.object.id).catch(() => undefined) : undefined;
      if (fresh) this.setObject(node, fresh);
    }
    this.changed.fire(node);
  }

  getTreeItem(node: ArchiveNode): vscode.TreeItem {
    switch (node.kind) {
      case 'group': {
        const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.Collapsed);
        item.id = node.key;
        item.iconPath = new vscode.ThemeIcon('list-tree');
        item.contextValue = 'group';
        return item;
      }
      case 'more': {
        const item = new vscode.TreeItem(node.loading ? 'Loading…' : 'Load more…', vscode.TreeItemCollapsibleState.None);
        item.id = node.key;
        item.iconPath = new vscode.ThemeIcon(node.loading ? 'loading~spin' : 'ellipsis');
        item.tooltip = `The next ${treePageSize} children`;
        item.contextValue = 'loadMore';
        item.command = { command: 'noarkq.archive.loadMore', title: 'Load more…', arguments: [node] };
        return item;
      }
      case 'message': {
        const item = new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
        item.id = node.key;
        item.iconPath = new vscode.ThemeIcon(node.error ? 'error' : 'info');
        item.tooltip = node.text;
        item.contextValue = node.error ? 'error' : 'message';
        return item;
      }
      case 'entity':
        return this.entityItem(node);
    }
  }

  private entityItem(node: EntityNode): vscode.TreeItem {
    const { object } = node;
    const leaf = childSources(this.model, object) === undefined;
    const item = new vscode.TreeItem(node.entity.label ?? `${object.type} ${object.id}`, leaf ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Collapsed);
    item.id = node.key;
    const closed = isClosed(object);
    item.description = closed ? `${object.type} · closed` : object.type;
    item.iconPath = new vscode.ThemeIcon(icons[object.type] ?? 'symbol-object', closed ? new vscode.ThemeColor('disabledForeground') : undefined);
    // A plain-string tooltip: whatever the archive holds is shown as the text it is.
    const lines = tooltipLines(this.model, object).map(([name, value]) => `${name}: ${value.length > 200 ? `${value.slice(0, 200)}…` : value}`);
    item.tooltip = [...lines, ...(closed ? ['(closed)'] : [])].join('\n');
    item.contextValue = `entity.${object.type}`;
    return item;
  }

  getParent(node: ArchiveNode): ArchiveNode | undefined {
    return node.parent;
  }

  async getChildren(node?: ArchiveNode): Promise<ArchiveNode[]> {
    if (node && (node.kind === 'more' || node.kind === 'message')) return [];
    if (!node && this.archive.activeName() === undefined) return []; // the welcome view says what to do
    const key = node?.key ?? '';
    let state = this.children.get(key);
    if (!state) {
      state = { nodes: [], next: listingStart, pending: undefined, error: undefined };
      this.children.set(key, state);
      await this.loadPage(node, state);
    } else if (state.pending) await state.pending;
    return this.shown(node, state);
  }

  /** The next page of `more`'s parent. */
  async loadMore(more: MoreNode): Promise<void> {
    const state = this.children.get(more.parent?.key ?? '');
    if (!state || !state.next) return;
    more.loading = true;
    this.changed.fire(more);
    await this.loadPage(more.parent, state);
    this.changed.fire(more.parent);
  }

  private shown(node: ContainerNode | undefined, state: Children): ArchiveNode[] {
    const key = node?.key ?? '';
    const out: ArchiveNode[] = [...state.nodes];
    if (state.error !== undefined) out.push({ kind: 'message', key: `${key}/!error`, text: state.error, error: true, parent: node });
    else if (state.next) out.push({ kind: 'more', key: `${key}/!more${state.nodes.length}`, parent: node, loading: false });
    else if (out.length === 0 && node) out.push({ kind: 'message', key: `${key}/!empty`, text: 'Nothing under it', error: false, parent: node });
    return out;
  }

  private listingOf(node: ContainerNode | undefined): ChildSources | undefined {
    if (!node) return rootSources;
    if (node.kind === 'group') return classificationSources;
    return childSources(this.model, node.object);
  }

  private loadPage(node: ContainerNode | undefined, state: Children): Promise<void> {
    state.pending ??= this.fetchPage(node, state).finally(() => {
      state.pending = undefined;
    });
    return state.pending;
  }

  private async fetchPage(node: ContainerNode | undefined, state: Children): Promise<void> {
    const listing = this.listingOf(node);
    const cursor = state.next;
    if (!listing || !cursor) return;
    const generation = this.generation;
    try {
      const connection = await this.archive.connection(false);
      if (!connection) {
        state.error = 'No environment is active: select one or start the sandbox.';
        return;
      }
      const page = await listChildren(connection.client, listing, cursor).catch((error: unknown) => {
        throw new Error(connection.redact(error instanceof Error ? error.message : String(error)));
      });
      if (generation !== this.generation) return;
      const known = new Set(state.nodes.map((n) => n.key));
      for (const object of page.entities) {
        const child = this.entityNode(object, node);
        if (!known.has(child.key)) state.nodes.push(child);
      }
      if (!node && cursor === listingStart) state.nodes.push(this.classificationGroup);
      state.next = page.next;
      state.error = undefined;
    } catch (error) {
      state.error = `Could not list: ${error instanceof Error ? error.message : String(error)}`;
      // Asked again on the next refresh or expansion.
      this.children.delete(node?.key ?? '');
    }
  }

  private entityNode(object: EntityObject, parent: ContainerNode | undefined): EntityNode {
    const label = entityLabel(this.model, object);
    return { kind: 'entity', key: `${parent?.key ?? ''}/${object.type}:${object.id}`, entity: { type: object.type, id: object.id, label }, object, parent };
  }

  private setObject(node: EntityNode, object: EntityObject): void {
    node.object = object;
    node.entity = { type: object.type, id: object.id, label: entityLabel(this.model, object) };
  }

  private forget(key: string): void {
    for (const k of [...this.children.keys()]) if (k === key || k.startsWith(`${key}/`)) this.children.delete(k);
  }

  /**
   * The node of an entity found elsewhere (a search hit, a command's argument), with every node
   * above it loaded: its ancestors are asked for, and a node beyond the pages loaded so far is
   * added to its parent's children, so it can be shown without loading thousands of siblings.
   */
  async nodeFor(ref: EntityRef): Promise<EntityNode | undefined> {
    const connection = await this.archive.connection();
    if (!connection) return undefined;
    const asked = await fetchEntity(connection.client, this.model, ref.type, ref.id);
    const entity = asked && (await shownEntity(connection.client, this.model, asked));
    if (!entity) return undefined;
    const chain = await ancestry(connection.client, this.model, entity);
    const top = categoryOf(this.model, chain[0]!.type);
    if (top !== 'arkiv' && top !== 'klassifikasjonssystem') return undefined;
    let parent: ContainerNode | undefined = top === 'arkiv' ? undefined : this.classificationGroup;
    // The classification group is one of the root's children: the root is listed first.
    if (parent) await this.getChildren(undefined);
    let found: EntityNode | undefined;
    for (const object of chain) {
      await this.getChildren(parent);
      const state = this.children.get(parent?.key ?? '');
      if (!state) return undefined;
      const key = `${parent?.key ?? ''}/${object.type}:${object.id}`;
      found = state.nodes.find((n): n is EntityNode => n.kind === 'entity' && n.key === key);
      if (!found) {
        found = this.entityNode(object, parent);
        state.nodes.push(found);
        this.changed.fire(parent);
      }
      parent = found;
    }
    return found;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
