/**
 * The Code Lists and BSM Registry views and their commands, made together: both trees read the
 * copy of the registries they share with the language server, and the commands change it.
 */
import * as vscode from 'vscode';
import type { ActiveArchive } from '../environments/activeArchive';
import type { ArchiveContextSync } from '../language/archiveContextSync';
import type { RunPrompts } from '../run/runPrompts';
import { allowedValueNodes, bsmAllowedValueItem, bsmFieldItem, bsmGroupItem, bsmGroupNodes, type BsmAllowedValueNode, type BsmFieldNode, type BsmGroupNode } from './bsmRegistryTree';
import { BsmRegistryCommands } from './bsmRegistryCommands';
import { CodeListCommands } from './codeListCommands';
import { codeListItem, codeListNodes, codeValueItem, type CodeListNode, type CodeValueNode } from './codeListTree';
import type { LiveRegistries } from './liveRegistries';
import { RegistryEdits } from './registryEdits';
import { RegistryTreeProvider } from './registryTreeProvider';

export type CodeListsNode = CodeListNode | CodeValueNode;
export type BsmRegistryNode = BsmGroupNode | BsmFieldNode | BsmAllowedValueNode;

export class RegistryViews implements vscode.Disposable {
  readonly codeLists: RegistryTreeProvider<'codeLists', CodeListsNode>;
  readonly bsmRegistry: RegistryTreeProvider<'bsmRegistry', BsmRegistryNode>;
  readonly codeListCommands: CodeListCommands;
  readonly bsmCommands: BsmRegistryCommands;
  private readonly disposables: vscode.Disposable[];

  constructor(archive: ActiveArchive, live: LiveRegistries, sync: ArchiveContextSync, prompts: () => RunPrompts, log: vscode.LogOutputChannel) {
    this.codeLists = new RegistryTreeProvider<'codeLists', CodeListsNode>(
      {
        part: 'codeLists',
        noun: 'code lists',
        refreshCommand: 'noarkq.codeLists.refresh',
        roots: codeListNodes,
        empty: { kind: 'message', text: 'The archive has no code lists', detail: 'GET code-lists answered with no lists.', severity: 'info' },
        children: (node) => (node.kind === 'codeList' ? node.values : []),
        item: (node) => (node.kind === 'codeList' ? codeListItem(node) : codeValueItem(node)),
      },
      archive,
      live,
    );
    this.bsmRegistry = new RegistryTreeProvider<'bsmRegistry', BsmRegistryNode>(
      {
        part: 'bsmRegistry',
        noun: 'BSM registry',
        refreshCommand: 'noarkq.bsm.refresh',
        roots: bsmGroupNodes,
        empty: { kind: 'message', text: 'No BSM groups yet', detail: 'The BSM registry is empty: add a group.', severity: 'info', command: { id: 'noarkq.bsm.addGroup', title: 'Add BSM Group' } },
        children: (node) => (node.kind === 'bsmGroup' ? node.fields : node.kind === 'bsmField' ? allowedValueNodes(node) : []),
        item: (node) => (node.kind === 'bsmGroup' ? bsmGroupItem(node) : node.kind === 'bsmField' ? bsmFieldItem(node) : bsmAllowedValueItem(node)),
      },
      archive,
      live,
    );
    const edits = new RegistryEdits(archive, live, sync, prompts, log);
    this.codeListCommands = new CodeListCommands(edits, sync);
    this.bsmCommands = new BsmRegistryCommands(edits, sync);
    this.disposables = [
      this.codeLists,
      this.bsmRegistry,
      vscode.window.createTreeView('noarkq.codeLists', { treeDataProvider: this.codeLists, showCollapseAll: true }),
      vscode.window.createTreeView('noarkq.bsmRegistry', { treeDataProvider: this.bsmRegistry, showCollapseAll: true }),
    ];
  }

  /** The items under a path of labels in one of the views (for the extension-host tests). */
  itemsAt(view: string, path: readonly string[]): Promise<vscode.TreeItem[]> {
    if (view === 'noarkq.codeLists') return this.codeLists.itemsAt(path);
    if (view === 'noarkq.bsmRegistry') return this.bsmRegistry.itemsAt(path);
    return Promise.reject(new Error(`${JSON.stringify(view)} is not one of the registry views (noarkq.codeLists, noarkq.bsmRegistry).`));
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
