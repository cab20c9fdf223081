/**
 * The action objects of a TRANSACTION body and their id-like properties, read from the
 * error-tolerant jsonc tree. Navigation, symbols and tokens need only this much of an action; the
 * transaction checker has its own, stricter reader.
 */
import { findNodeAtLocation, type Node as JsonNode } from 'jsonc-parser';

/** Properties whose string value names an entity of the transaction by id. */
export const idProperties = ['id', 'linkToId', 'unlinkFromId'] as const;
export type IdProperty = (typeof idProperties)[number];

export interface ActionView {
  node: JsonNode;
  /** The `action` value as written (`save`, `link`, ...), when it is a string. */
  verb: string | undefined;
  /** The `type` value's node, when it is a string. */
  type: JsonNode | undefined;
  /** The `ref` value's node, when it is a string. */
  ref: JsonNode | undefined;
  /** The `fields` object, when it is one. */
  fields: JsonNode | undefined;
  /** The string value nodes of `id`, `linkToId` and `unlinkFromId`. */
  ids: { property: IdProperty; node: JsonNode }[];
}

/** The action array of `{"actions": [...]}` or of a bare array; undefined for any other shape. */
export function actionArray(tree: JsonNode | undefined): JsonNode | undefined {
  if (!tree) return undefined;
  if (tree.type === 'array') return tree;
  if (tree.type !== 'object') return undefined;
  const actions = findNodeAtLocation(tree, ['actions']);
  return actions?.type === 'array' ? actions : undefined;
}

export function readActionViews(tree: JsonNode | undefined): ActionView[] {
  const array = actionArray(tree);
  const out: ActionView[] = [];
  for (const node of array?.children ?? []) {
    if (node.type !== 'object') continue;
    const view: ActionView = { node, verb: undefined, type: undefined, ref: undefined, fields: undefined, ids: [] };
    for (const prop of node.children ?? []) {
      const [key, value] = prop.children ?? [];
      if (!key || !value || typeof key.value !== 'string') continue;
      const name = key.value;
      if (name === 'fields' && value.type === 'object') view.fields = value;
      if (value.type !== 'string') continue;
      if (name === 'action') view.verb = String(value.value);
      else if (name === 'type') view.type = value;
      else if (name === 'ref') view.ref = value;
      else if ((idProperties as readonly string[]).includes(name)) view.ids.push({ property: name as IdProperty, node: value });
    }
    out.push(view);
  }
  return out;
}

/** The span of a string node's content, without its quotes. */
export function stringContentSpan(node: JsonNode): { start: number; end: number } {
  return { start: node.offset + 1, end: node.offset + Math.max(1, node.length - 1) };
}
