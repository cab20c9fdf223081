/**
 * Hover in a TRANSACTION body: action keys and verbs, the entity type, the reference of a link
 * (target, cardinality), fields and their codes, BSM groups and fields, and ids — a temporary id
 * says which save creates it and as what.
 */
import { findNodeAtOffset, type Node as JsonNode } from 'jsonc-parser';
import type { TransactionRequestSyntax } from '../../document';
import type { EntityTypeDef } from '../../schema/types';
import { classifyId } from '../../transaction';
import { fieldValueSet } from '../completion/codeListValues';
import { actionsArray, savedTempIds, summarizeAction, type ActionSummary } from '../completion/transactionActions';
import { keyDefs, verbDocs } from '../completion/transactionVocabulary';
import type { HoverFound, HoverSite } from './hoverResult';
import { codeValueMarkdown, fieldMarkdown, referenceMarkdown, typeMarkdown } from './modelMarkdown';

const bsmFieldName = 'virksomhetsspesifikkeMetadata';

interface Placement {
  action: ActionSummary;
  /** Keys from the action object down to the node (`['fields', 'tittel']`). */
  keys: string[];
  /** The node is a property key (not a value). */
  isKey: boolean;
}

export function transactionHover(site: HoverSite, request: TransactionRequestSyntax): HoverFound | undefined {
  const tree = request.body?.tree;
  const array = actionsArray(tree);
  if (!tree || !array) return undefined;
  const node = findNodeAtOffset(tree, site.offset, false);
  if (!node || (node.type !== 'string' && node.type !== 'number' && node.type !== 'boolean')) return undefined;
  const placement = placementOf(node, array);
  if (!placement) return undefined;
  const span = { start: node.offset, end: node.offset + node.length };
  const markdown = describe(site, node, placement, tree);
  return markdown ? { markdown, span } : undefined;
}

function placementOf(node: JsonNode, array: JsonNode): Placement | undefined {
  const keys: string[] = [];
  let isKey = false;
  let current: JsonNode | undefined = node;
  if (node.parent?.type === 'property' && node.parent.children?.[0] === node) isKey = true;
  while (current && current.parent !== array) {
    const parent: JsonNode | undefined = current.parent;
    if (parent?.type === 'property' && typeof parent.children?.[0]?.value === 'string') keys.unshift(parent.children[0].value as string);
    current = parent;
  }
  if (!current || current.type !== 'object') return undefined;
  return { action: summarizeAction(current, array.children?.indexOf(current) ?? -1), keys, isKey };
}

function describe(site: HoverSite, node: JsonNode, p: Placement, tree: JsonNode): string | undefined {
  const model = site.context.model;
  const type = p.action.typeName !== undefined ? model.getType(p.action.typeName) : undefined;
  const [key, fieldName] = p.keys;
  if (p.keys.length === 1) {
    if (p.isKey) {
      const def = keyDefs.find((k) => k.key === key);
      return def ? `**${key}**\n\n${def.documentation}` : undefined;
    }
    switch (key) {
      case 'action': {
        const verb = verbDocs.find(([v]) => v === node.value);
        return verb ? `**${verb[0]}**\n\n${verb[1]}` : undefined;
      }
      case 'type':
        return type ? typeMarkdown(type, model) : undefined;
      case 'ref': {
        const ref = type?.references.find((r) => r.name === node.value);
        return ref && type ? referenceMarkdown(ref, type.name) : undefined;
      }
      case 'id':
      case 'linkToId':
      case 'unlinkFromId':
        // A single id or one item of an id array: both sit directly under the key.
        return idMarkdown(site, node, p, type, tree);
      default:
        return undefined;
    }
  }
  if (key !== 'fields' || !type || fieldName === undefined) return undefined;
  const field = type.fields.find((f) => f.name === fieldName);
  if (p.keys.length === 2 && p.isKey) return field ? fieldMarkdown(field, type.name) : undefined;
  if (fieldName === bsmFieldName) return bsmMarkdown(site, p.keys.slice(2), p.isKey, node);
  if (p.keys.length !== 2 || !field) return undefined;
  const set = fieldValueSet(field, model, site.context.codeLists);
  const value = set?.values.find((v) => v.code === node.value);
  return value && set?.listName ? codeValueMarkdown(value, set.listName, value.code === set.defaultCode) : undefined;
}

function idMarkdown(site: HoverSite, node: JsonNode, p: Placement, type: EntityTypeDef | undefined, tree: JsonNode): string | undefined {
  const id = classifyId(node);
  const isOwn = p.keys[0] === 'id';
  switch (id.kind) {
    case 'existing':
      return `**${id.text}** — an existing entity (numeric id)${isOwn && type ? ` of type ${type.name}` : ''}.`;
    case 'runtime':
    case 'partial':
      // The `{{reference}}` inside explains itself.
      return undefined;
    case 'invalid':
      return undefined;
    case 'temp': {
      const saved = savedTempIds(tree).get(id.text);
      if (!saved) return `**${id.text}** — a temporary id, but no save in this transaction creates it.`;
      const typeText = saved.typeName ?? 'entity';
      if (saved.action.index === p.action.index && isOwn) return `**${id.text}** — temporary id of a new ${typeText}, created by this save (action ${saved.action.index + 1}).`;
      const lines = [`**${id.text}** — temporary id of the new ${typeText} saved by action ${saved.action.index + 1}.`];
      if (saved.action.index > p.action.index) lines.push('', '⚠ It is saved only further down: actions run in order.');
      if (!isOwn && type && p.action.ref) {
        const ref = type.references.find((r) => r.name === p.action.ref);
        if (ref && saved.typeName && !site.context.model.isAssignable(saved.typeName, ref.target)) {
          lines.push('', `⚠ \`${ref.name}\` points to ${ref.target}, not ${saved.typeName}.`);
        }
      }
      return lines.join('\n');
    }
  }
}

/** Inside `virksomhetsspesifikkeMetadata`: `[group]` key, `[group, field]` key, or a value. */
function bsmMarkdown(site: HoverSite, keys: string[], isKey: boolean, node: JsonNode): string | undefined {
  const registry = site.context.bsmRegistry;
  if (!registry || keys.length === 0) return undefined;
  const group = registry.find((g) => g.groupId === keys[0]);
  if (!group) return isKey && keys.length === 1 ? `**${keys[0]}** — not a group of the BSM registry.` : undefined;
  if (keys.length === 1 && isKey) {
    return [`**${group.groupId}** — BSM group${group.groupName ? ` ${group.groupName}` : ''}`, group.groupDescription ?? '', `Fields: ${group.fields.map((f) => `\`${f.fieldId}\``).join(', ')}`]
      .filter((l) => l.length > 0)
      .join('\n\n');
  }
  const field = group.fields.find((f) => f.fieldId === keys[1]);
  if (!field) return undefined;
  if (keys.length === 2 && (isKey || node.type !== 'string' || !field.fieldValues)) {
    const lines = [`**${field.fieldId}** — BSM field of ${group.groupId} (\`${field.fieldType}\`)`];
    if (field.fieldName) lines.push('', field.fieldName);
    if (field.fieldDescription) lines.push('', field.fieldDescription);
    if (field.fieldValues) lines.push('', `Values: ${field.fieldValues.map((v) => `\`${v}\``).join(', ')}`);
    return lines.join('\n');
  }
  return undefined;
}
