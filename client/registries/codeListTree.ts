/**
 * The Code Lists view's nodes, without VS Code: `GET code-lists` answers one list per entity type
 * and field, and a field names one list, so the view shows one node per field (with the types that
 * use it) and its values under it, the default marked.
 */
import type { CodeList } from '../../runner/archive/archiveApi';
import { markdownText } from './markdownText';
import type { ItemModel } from './registryItemModel';

export interface CodeListNode {
  kind: 'codeList';
  field: string;
  types: string[];
  values: CodeValueNode[];
  defaultCode: string | undefined;
}

export interface CodeValueNode {
  kind: 'codeValue';
  field: string;
  code: string;
  name: string | undefined;
  description: string | undefined;
  authority: string | undefined;
  isDefault: boolean;
}

/** One node per field; a field's entries for several types are merged (the values of each once,
 * the first default given), as the language server is given them. */
export function codeListNodes(lists: readonly CodeList[]): CodeListNode[] {
  const byField = new Map<string, CodeListNode>();
  for (const list of lists) {
    let node = byField.get(list.field);
    if (!node) byField.set(list.field, (node = { kind: 'codeList', field: list.field, types: [], values: [], defaultCode: undefined }));
    if (!node.types.includes(list.type)) node.types.push(list.type);
    node.defaultCode ??= list.defaultValue?.code;
    for (const v of list.values) {
      if (node.values.some((known) => known.code === v.code)) continue;
      node.values.push({ kind: 'codeValue', field: list.field, code: v.code, name: v.name, description: v.description, authority: v.authority, isDefault: false });
    }
  }
  for (const node of byField.values()) for (const value of node.values) value.isDefault = value.code === node.defaultCode;
  return [...byField.values()].sort((a, b) => a.field.localeCompare(b.field));
}

export function codeListItem(node: CodeListNode): ItemModel {
  const count = `${node.values.length} value${node.values.length === 1 ? '' : 's'}`;
  const tooltip = [
    `**${markdownText(node.field)}**: code list of ${node.types.map(markdownText).join(', ')}`,
    `${count}${node.defaultCode !== undefined ? `; default ${markdownText(node.defaultCode)}` : ''}`,
  ];
  return { label: node.field, description: count, tooltip: tooltip.join('\n\n'), icon: 'list-unordered', contextValue: 'codeList', collapsible: node.values.length > 0 };
}

export function codeValueItem(node: CodeValueNode): ItemModel {
  const tooltip = [`**${markdownText(node.code)}**${node.name !== undefined ? `: ${markdownText(node.name)}` : ''}${node.isDefault ? ' (default)' : ''}`];
  if (node.description) tooltip.push(markdownText(node.description));
  if (node.authority) tooltip.push(`Authority: ${markdownText(node.authority)}`);
  tooltip.push(`In the code list of ${markdownText(node.field)}.`);
  return {
    label: node.code,
    description: [node.name, node.isDefault ? '(default)' : undefined].filter((part) => part !== undefined && part !== '').join(' '),
    tooltip: tooltip.join('\n\n'),
    icon: node.isDefault ? 'star-full' : 'symbol-enum-member',
    contextValue: node.isDefault ? 'codeValue.default' : 'codeValue',
    collapsible: false,
  };
}
