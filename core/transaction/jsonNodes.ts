/**
 * Small accessors over jsonc-parser's AST, and the text edits the transaction fixes are made of.
 * The checker works on nodes, not text, so edits are built from node offsets alone.
 */
import type { Node as JsonNode } from 'jsonc-parser';
import type { Span, TextEdit } from '../diagnostics';

export interface PropertySyntax {
  key: string;
  /** The property node (key, colon and value). */
  node: JsonNode;
  keyNode: JsonNode;
  /** Undefined when the value is missing (`"id": }`). */
  value: JsonNode | undefined;
}

export function spanOf(node: JsonNode): Span {
  return { start: node.offset, end: node.offset + node.length };
}

export function endOf(node: JsonNode): number {
  return node.offset + node.length;
}

/** A property node read as key and value; undefined for anything else. */
export function propertyOf(p: JsonNode): PropertySyntax | undefined {
  if (p.type !== 'property') return undefined;
  const children = p.children;
  const keyNode = children?.[0];
  if (!keyNode || typeof keyNode.value !== 'string') return undefined;
  return { key: keyNode.value, node: p, keyNode, value: children![1] };
}

/** The properties of an object node, in text order (duplicates included). */
export function propertiesOf(object: JsonNode): PropertySyntax[] {
  const children = object.children;
  if (!children) return [];
  // `map` gives an array of exactly the right size (one grown by `push` reserves 17 slots, and
  // a large transaction has tens of thousands of these); a child that is not a readable
  // property (only after a syntax error) takes the slower path.
  const out = children.map(propertyOf);
  return out.includes(undefined) ? (out.filter((p) => p !== undefined) as PropertySyntax[]) : (out as PropertySyntax[]);
}

export function isString(node: JsonNode | undefined): node is JsonNode & { value: string } {
  return node !== undefined && node.type === 'string' && typeof node.value === 'string';
}

/** The JSON type name used in messages. */
export function jsonTypeName(node: JsonNode): string {
  return node.type === 'null' ? 'null' : node.type;
}

/** Removes a property together with the comma that separates it from its neighbours. */
export function removePropertyEdit(property: JsonNode): TextEdit {
  const siblings = property.parent?.children ?? [property];
  const i = siblings.indexOf(property);
  const next = i >= 0 ? siblings[i + 1] : undefined;
  const prev = i > 0 ? siblings[i - 1] : undefined;
  if (next) return { start: property.offset, end: next.offset, newText: '' };
  if (prev) return { start: endOf(prev), end: endOf(property), newText: '' };
  return { start: property.offset, end: endOf(property), newText: '' };
}

/** Inserts `"key": value` (already JSON) as the first property of an object node. */
export function insertPropertyEdit(object: JsonNode, key: string, valueJson: string): TextEdit {
  const hasProperties = (object.children ?? []).length > 0;
  return { start: object.offset + 1, end: object.offset + 1, newText: ` ${JSON.stringify(key)}: ${valueJson}${hasProperties ? ',' : ' '}` };
}

/** Inserts whole actions (already JSON) into the actions array just after `action`. */
export function insertActionsAfterEdit(action: JsonNode, actionsJson: string[]): TextEdit {
  const at = endOf(action);
  return { start: at, end: at, newText: actionsJson.map((a) => `,\n${a}`).join('') };
}

/** Replaces a node's text with `newText`. */
export function replaceNodeEdit(node: JsonNode, newText: string): TextEdit {
  return { start: node.offset, end: endOf(node), newText };
}

/** One action object written on one line, keys in the order the spec lists them. */
export function actionJson(action: Record<string, unknown>): string {
  const parts = Object.entries(action).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`);
  return `{ ${parts.join(', ')} }`;
}
