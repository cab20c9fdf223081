import { markdownText } from './markdownText';

/** What a tree item of the registry views shows, as plain data, so the nodes are built and tested
 * without VS Code; `registryTreeProvider.ts` turns it into a `vscode.TreeItem`. */
export interface ItemModel {
  /** Shown as text (a TreeItem label is never rendered as Markdown or HTML). */
  label: string;
  description?: string;
  /** Markdown in which every piece of archive text is already escaped (`markdownText`). */
  tooltip: string;
  /** A codicon id. */
  icon: string;
  /** Tints the icon (a theme color id), e.g. for an error. */
  iconColor?: string;
  /** What `view/item/context` menus match on (`viewItem == …`). */
  contextValue: string;
  collapsible: boolean;
  /** A command run when the item is clicked (a message node's way out). */
  command?: { id: string; title: string };
}

/** A node that says why a view has nothing to show (no environment, a refusal), and the way out. */
export interface MessageNode {
  kind: 'message';
  text: string;
  detail: string;
  severity: 'info' | 'error';
  command?: { id: string; title: string };
}

export function messageItem(node: MessageNode): ItemModel {
  return {
    label: node.text,
    tooltip: markdownText(node.detail),
    icon: node.severity === 'error' ? 'error' : 'info',
    ...(node.severity === 'error' ? { iconColor: 'errorForeground' } : {}),
    contextValue: 'message',
    collapsible: false,
    ...(node.command ? { command: node.command } : {}),
  };
}
