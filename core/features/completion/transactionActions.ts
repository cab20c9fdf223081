/**
 * A light read of a transaction body's actions for editor features: the verb, type, id and ref of
 * each action as written, and the temporary ids saved before a given action. Unlike the checker's
 * reader it reports nothing and reads only what it is asked for, so it stays cheap per keystroke.
 */
import { findNodeAtOffset, type Node as JsonNode } from 'jsonc-parser';
import { classifyId } from '../../transaction';

export interface ActionSummary {
  node: JsonNode;
  /** Position in the actions array. */
  index: number;
  verb: string | undefined;
  typeName: string | undefined;
  /** The `id` as text, when it is a string or number. */
  id: string | undefined;
  idNode: JsonNode | undefined;
  ref: string | undefined;
}

export interface SavedTempId {
  id: string;
  typeName: string | undefined;
  /** The first save of the id. */
  action: ActionSummary;
}

/** The actions array: the body itself, or its `actions` property. */
export function actionsArray(tree: JsonNode | undefined): JsonNode | undefined {
  if (!tree) return undefined;
  if (tree.type === 'array') return tree;
  if (tree.type !== 'object') return undefined;
  for (const p of tree.children ?? []) {
    if (p.type === 'property' && p.children?.[0]?.value === 'actions') {
      const value = p.children[1];
      return value?.type === 'array' ? value : undefined;
    }
  }
  return undefined;
}

function stringProperty(object: JsonNode, key: string): JsonNode | undefined {
  for (const p of object.children ?? []) {
    if (p.type === 'property' && p.children?.[0]?.value === key) return p.children[1];
  }
  return undefined;
}

function textOf(node: JsonNode | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === 'string' && typeof node.value === 'string') return node.value;
  if (node.type === 'number' && typeof node.value === 'number') return String(node.value);
  return undefined;
}

export function summarizeAction(node: JsonNode, index: number): ActionSummary {
  const idNode = stringProperty(node, 'id');
  return {
    node,
    index,
    verb: textOf(stringProperty(node, 'action')),
    typeName: textOf(stringProperty(node, 'type')),
    id: textOf(idNode),
    idNode,
    ref: textOf(stringProperty(node, 'ref')),
  };
}

/** The action object holding `offset` (block-relative, like the tree), if any. */
export function actionAt(tree: JsonNode | undefined, offset: number): ActionSummary | undefined {
  const array = actionsArray(tree);
  if (!tree || !array) return undefined;
  let node = findNodeAtOffset(tree, offset, true);
  while (node && node.parent !== array) node = node.parent;
  if (!node || node.type !== 'object') return undefined;
  return summarizeAction(node, array.children?.indexOf(node) ?? -1);
}

/** Temporary ids created by saves among the first `before` actions (all when undefined), first
 * save first. */
export function savedTempIds(tree: JsonNode | undefined, before?: number): Map<string, SavedTempId> {
  const saved = new Map<string, SavedTempId>();
  const items = actionsArray(tree)?.children ?? [];
  const end = before === undefined ? items.length : Math.min(before, items.length);
  for (let i = 0; i < end; i++) {
    const node = items[i];
    if (node.type !== 'object') continue;
    const action = summarizeAction(node, i);
    if (action.verb !== 'save' || !action.idNode || action.id === undefined || saved.has(action.id)) continue;
    if (classifyId(action.idNode).kind !== 'temp') continue;
    saved.set(action.id, { id: action.id, typeName: action.typeName, action });
  }
  return saved;
}
