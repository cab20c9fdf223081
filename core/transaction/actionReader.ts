/**
 * Reads a transaction body's AST into one record per action and reports everything that is
 * wrong with its shape: the body, each action's keys, the `action` verb and the `type`. Later
 * passes work on these records only and never re-read the tree.
 */
import type { Node as JsonNode } from 'jsonc-parser';
import { transactionActionNames, type TransactionActionName } from '../api/transactionActionNames';
import type { NoarkqDiagnostic } from '../diagnostics';
import type { EntityTypeDef, NoarkModel } from '../schema/types';
import { didYouMean } from '../text/didYouMean';
import { TxCodes } from './transactionCodes';
import { classifyId, type IdSyntax } from './transactionIds';
import { isString, jsonTypeName, propertiesOf, propertyOf, removePropertyEdit, replaceNodeEdit, spanOf, type PropertySyntax } from './jsonNodes';

export type ActionVerb = TransactionActionName;
const verbs: readonly ActionVerb[] = transactionActionNames;

/** Keys each verb takes besides `action`, `type` and `id`. */
const verbKeys: Record<ActionVerb, readonly string[]> = {
  save: ['fields', 'version'],
  link: ['ref', 'linkToId'],
  unlink: ['ref', 'unlinkFromId'],
  delete: ['version'],
};
const commonKeys = ['action', 'type', 'id'];
/** Every action key, in slot order (see `slotOf`). */
const allKeys = ['action', 'type', 'id', 'fields', 'version', 'ref', 'linkToId', 'unlinkFromId'] as const;
const allowedKeys: Record<ActionVerb, ReadonlySet<string>> = {
  save: new Set([...commonKeys, ...verbKeys.save]),
  link: new Set([...commonKeys, ...verbKeys.link]),
  unlink: new Set([...commonKeys, ...verbKeys.unlink]),
  delete: new Set([...commonKeys, ...verbKeys.delete]),
};
const anyKey: ReadonlySet<string> = new Set<string>(allKeys);

export interface RefSyntax {
  name: string;
  node: JsonNode;
}

export interface ActionSyntax {
  index: number;
  node: JsonNode;
  verb: ActionVerb | undefined;
  /** The `action` value node. */
  verbNode: JsonNode | undefined;
  /** The type as written, when it is a string. */
  typeName: string | undefined;
  typeNode: JsonNode | undefined;
  /** Set only for a known type that transactions may change. */
  type: EntityTypeDef | undefined;
  id: IdSyntax | undefined;
  /** The `fields` object of a save. */
  fields: JsonNode | undefined;
  /** The key of that `fields` property. */
  fieldsKey: JsonNode | undefined;
  ref: RefSyntax | undefined;
  /** `linkToId` of a link, `unlinkFromId` of an unlink: each id given. */
  targets: IdSyntax[];
  /** The `linkToId`/`unlinkFromId` value node. */
  targetsNode: JsonNode | undefined;
}

/** Shared by every action without targets; never written to. */
const noTargets: IdSyntax[] = [];

export interface ReadResult {
  actions: ActionSyntax[];
}

export function readActions(root: JsonNode | undefined, model: NoarkModel, out: NoarkqDiagnostic[]): ReadResult {
  if (!root) return { actions: [] };
  let array: JsonNode | undefined;
  if (root.type === 'array') {
    array = root;
  } else if (root.type === 'object') {
    let actionsProp: PropertySyntax | undefined;
    const props = propertiesOf(root);
    const hasActions = props.some((p) => p.key === 'actions');
    for (const p of props) {
      if (p.key === 'actions') {
        if (actionsProp) out.push(duplicateKey(p));
        else actionsProp = p;
        continue;
      }
      const typo = !hasActions && didYouMean(p.key, ['actions']) !== undefined;
      const remove = { title: `Remove \`${p.key}\``, edits: [removePropertyEdit(p.node)] };
      out.push({
        code: TxCodes.unknownTopLevelKey,
        severity: 'warning',
        ...spanOf(p.keyNode),
        message: typo
          ? `The transaction body takes \`actions\`, not \`${p.key}\`: did you mean \`actions\`?`
          : `The transaction body takes only \`actions\`; remove \`${p.key}\` (the server ignores or rejects it).`,
        fixes: typo ? [{ title: 'Rename to `actions`', preferred: true, edits: [replaceNodeEdit(p.keyNode, '"actions"')] }, remove] : [remove],
      });
    }
    if (!actionsProp) {
      out.push({ code: TxCodes.missingActions, severity: 'error', ...spanOf(root), message: 'A transaction body needs `"actions": [...]`, the list of save, link, unlink and delete actions.' });
      return { actions: [] };
    }
    if (!actionsProp.value) return { actions: [] };
    if (actionsProp.value.type !== 'array') {
      out.push({ code: TxCodes.wrongPropertyType, severity: 'error', ...spanOf(actionsProp.value), message: '`actions` must be an array of action objects.' });
      return { actions: [] };
    }
    array = actionsProp.value;
  } else {
    out.push({ code: TxCodes.notATransaction, severity: 'error', ...spanOf(root), message: 'A transaction body is `{"actions": [...]}` or a bare array of actions.' });
    return { actions: [] };
  }

  const items = array.children ?? [];
  if (items.length === 0) {
    out.push({ code: TxCodes.emptyTransaction, severity: 'warning', ...spanOf(array), message: 'The transaction has no actions: add save, link, unlink or delete actions.' });
  }
  const actions: ActionSyntax[] = [];
  const keys = new ActionKeys();
  for (const item of items) {
    if (item.type !== 'object') {
      out.push({ code: TxCodes.actionNotObject, severity: 'error', ...spanOf(item), message: `An action is an object like \`{ "action": "save", "type": ..., "id": ..., "fields": {...} }\`, not ${article(jsonTypeName(item))}.` });
      continue;
    }
    actions.push(readAction(item, actions.length, keys, model, out));
  }
  return { actions };
}

/** The verb as the string constant: every pass compares it, and constants compare by identity
 * (the text from the tree is a copy that compares character by character). */
function verbOf(text: string): ActionVerb | undefined {
  switch (text) {
    case 'save': return 'save';
    case 'link': return 'link';
    case 'unlink': return 'unlink';
    case 'delete': return 'delete';
    default: return undefined;
  }
}

/** Slots of the action keys, in `allKeys` order. */
const verbSlot = 0;
const typeSlot = 1;
const idSlot = 2;
const fieldsSlot = 3;
const versionSlot = 4;
const refSlot = 5;
const linkToIdSlot = 6;
const unlinkFromIdSlot = 7;

function slotOf(key: string): number {
  switch (key) {
    case 'action': return verbSlot;
    case 'type': return typeSlot;
    case 'id': return idSlot;
    case 'fields': return fieldsSlot;
    case 'version': return versionSlot;
    case 'ref': return refSlot;
    case 'linkToId': return linkToIdSlot;
    case 'unlinkFromId': return unlinkFromIdSlot;
    default: return -1;
  }
}

/**
 * The first property node of each action key (by slot) and the first of each other key, read
 * in one pass over the object. An action has a handful of keys, so nothing here builds a map,
 * and a clean action allocates nothing.
 */
class ActionKeys {
  readonly slots: (JsonNode | undefined)[] = [undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined];
  /** Keys that are not action keys, first occurrences in text order. */
  unknown: PropertySyntax[] | undefined;

  /** Reads the keys of one action (one instance serves every action of a transaction). */
  read(object: JsonNode, out: NoarkqDiagnostic[]): void {
    this.slots.fill(undefined);
    this.unknown = undefined;
    const children = object.children;
    if (!children) return;
    for (let i = 0; i < children.length; i++) {
      const p = children[i];
      if (p.type !== 'property') continue;
      const keyNode = p.children?.[0];
      if (!keyNode || typeof keyNode.value !== 'string') continue;
      const key: string = keyNode.value;
      const slot = slotOf(key);
      if (slot >= 0) {
        if (this.slots[slot] === undefined) this.slots[slot] = p;
        else out.push(duplicateKey(propertyOf(p)!));
      } else if (this.hasUnknown(key)) {
        out.push(duplicateKey(propertyOf(p)!));
      } else {
        (this.unknown ??= []).push(propertyOf(p)!);
      }
    }
  }

  has(key: string): boolean {
    const slot = slotOf(key);
    return slot >= 0 ? this.slots[slot] !== undefined : this.hasUnknown(key);
  }

  // A loop, not `some` with a closure over `key`: that closure would cost `read` a context for
  // every key of every action.
  private hasUnknown(key: string): boolean {
    const unknown = this.unknown;
    if (unknown) for (let i = 0; i < unknown.length; i++) if (unknown[i].key === key) return true;
    return false;
  }
}

/** The value node of a property node (undefined when the value is missing). */
function valueOf(property: JsonNode): JsonNode | undefined {
  return property.children![1];
}

function readAction(node: JsonNode, index: number, keys: ActionKeys, model: NoarkModel, out: NoarkqDiagnostic[]): ActionSyntax {
  keys.read(node, out);
  const slots = keys.slots;
  // Every slot set up front: one object shape for all actions keeps the later passes fast.
  const action: ActionSyntax = {
    index,
    node,
    verb: undefined,
    verbNode: undefined,
    typeName: undefined,
    typeNode: undefined,
    type: undefined,
    id: undefined,
    fields: undefined,
    fieldsKey: undefined,
    ref: undefined,
    targets: noTargets,
    targetsNode: undefined,
  };
  // Every missing key of one action is reported together, on the action.
  let missingKeys: string[] | undefined;

  // The verb decides which other keys belong, so it is read first.
  const verbProp = slots[verbSlot];
  const verbValue = verbProp && valueOf(verbProp);
  if (!verbProp) {
    missingKeys = ['`action` ("save", "link", "unlink" or "delete")'];
  } else if (verbValue && isString(verbValue)) {
    const v = verbValue.value;
    action.verbNode = verbValue;
    const verb = verbOf(v);
    if (verb) {
      action.verb = verb;
    } else {
      const suggestion = didYouMean(v, verbs);
      out.push({
        code: TxCodes.unknownAction,
        severity: 'error',
        ...spanOf(verbValue),
        message: `Unknown action "${v}": use save, link, unlink or delete.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
        fixes: suggestion ? [{ title: `Change to "${suggestion}"`, preferred: true, edits: [replaceNodeEdit(verbValue, JSON.stringify(suggestion))] }] : undefined,
      });
    }
  } else {
    out.push(...wrongType(propertyOf(verbProp)!, 'a string: "save", "link", "unlink" or "delete"'));
  }

  const missingType = readType(action, slots[typeSlot], model, out);
  if (missingType) (missingKeys ??= []).push(missingType);
  const missingId = readId(action, slots[idSlot], out);
  if (missingId) (missingKeys ??= []).push(missingId);
  checkKeys(action, keys, out);

  const verb = action.verb;
  if (verb === 'save') {
    const fields = slots[fieldsSlot];
    const fieldsValue = fields && valueOf(fields);
    if (!fields) (missingKeys ??= []).push('`fields`, the object of field values to save');
    else if (fieldsValue?.type === 'object') {
      action.fields = fieldsValue;
      action.fieldsKey = fields.children![0];
    } else out.push(...wrongType(propertyOf(fields)!, 'an object of field names and values'));
  }
  if (verb === 'save' || verb === 'delete') {
    const version = slots[versionSlot];
    const versionValue = version && valueOf(version);
    if (version && !(versionValue && (versionValue.type === 'string' || versionValue.type === 'number'))) {
      out.push(...wrongType(propertyOf(version)!, 'the entity version as a string (optimistic locking)'));
    }
  }
  if (verb === 'link' || verb === 'unlink') {
    const ref = slots[refSlot];
    const refValue = ref && valueOf(ref);
    if (!ref) (missingKeys ??= []).push('`ref`, the reference field to ' + verb);
    else if (isString(refValue)) action.ref = { name: refValue.value, node: refValue };
    else out.push(...wrongType(propertyOf(ref)!, 'the name of a reference field (a string starting with `ref`)'));
    const targetKey = verb === 'link' ? 'linkToId' : 'unlinkFromId';
    const target = slots[verb === 'link' ? linkToIdSlot : unlinkFromIdSlot];
    if (!target) (missingKeys ??= []).push(`\`${targetKey}\`, the id (or ids) to ${verb === 'link' ? 'link to' : 'unlink from'}`);
    else if (valueOf(target)) readTargets(action, targetKey, valueOf(target)!, out);
    else out.push(...wrongType(propertyOf(target)!, 'an id string or an array of id strings'));
  }
  if (missingKeys !== undefined) {
    // A save without fields is useless but harmless; anything else fails on the server.
    const onlyFields = missingKeys.length === 1 && missingKeys[0].startsWith('`fields`');
    out.push({
      code: TxCodes.missingProperty,
      severity: onlyFields ? 'warning' : 'error',
      ...spanOf(node),
      message: `This ${verb ? `${verb} ` : ''}action needs ${missingKeys.length === 1 ? missingKeys[0] : missingKeys.map((k, i) => `${i + 1}) ${k}`).join('; ')}.`,
    });
  }
  return action;
}

/** Reads `type`; returns the missing-key text when there is none. */
function readType(action: ActionSyntax, property: JsonNode | undefined, model: NoarkModel, out: NoarkqDiagnostic[]): string | undefined {
  if (!property) return '`type`, the entity type (e.g. "Journalpost")';
  const typeValue = valueOf(property);
  if (!isString(typeValue)) {
    out.push(...wrongType(propertyOf(property)!, 'the name of an entity type'));
    return undefined;
  }
  const name = typeValue.value;
  action.typeName = name;
  action.typeNode = typeValue;
  const def = model.getType(name);
  if (!def) {
    const candidates = model.types.filter((t) => t.transactable && !t.abstract).map((t) => t.name);
    const suggestion = didYouMean(name, candidates);
    out.push({
      code: TxCodes.unknownType,
      severity: 'error',
      ...spanOf(typeValue),
      message: `Unknown entity type "${name}".${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
      fixes: suggestion ? [{ title: `Change to "${suggestion}"`, preferred: true, edits: [replaceNodeEdit(typeValue, JSON.stringify(suggestion))] }] : undefined,
    });
    return undefined;
  }
  if (def.abstract) {
    const concrete = model.concreteTypes(name).filter((t) => model.getType(t)?.transactable);
    out.push({
      code: TxCodes.abstractType,
      severity: 'error',
      ...spanOf(typeValue),
      message: `${name} is an abstract type, usable only in queries: name the concrete type${concrete.length ? ` (${concrete.join(', ')})` : ''}.`,
      fixes: concrete.length === 1 ? [{ title: `Change to "${concrete[0]}"`, preferred: true, edits: [replaceNodeEdit(typeValue, JSON.stringify(concrete[0]))] }] : undefined,
    });
    return undefined;
  }
  if (!def.transactable) {
    out.push({ code: TxCodes.typeNotTransactable, severity: 'error', ...spanOf(typeValue), message: `${name} cannot be changed through a transaction.` });
    return undefined;
  }
  action.type = def;
  // The model's own copy of the name, for the same reason as `verbOf`.
  if (def.name === name) action.typeName = def.name;
  return undefined;
}

/** Reads `id`; returns the missing-key text when there is none. */
function readId(action: ActionSyntax, property: JsonNode | undefined, out: NoarkqDiagnostic[]): string | undefined {
  if (!property) return '`id` (a numeric id for an existing entity, a non-numeric temporary id for a new one)';
  const value = valueOf(property);
  if (!value || (value.type !== 'string' && value.type !== 'number')) {
    out.push(...wrongType(propertyOf(property)!, 'an id string'));
    return undefined;
  }
  action.id = checkedId(value, 'id', out);
  return undefined;
}

function readTargets(action: ActionSyntax, key: string, value: JsonNode, out: NoarkqDiagnostic[]): void {
  action.targetsNode = value;
  if (value.type === 'array') {
    const items = value.children ?? [];
    const targets: IdSyntax[] = [];
    action.targets = targets;
    if (items.length === 0) {
      out.push({ code: TxCodes.emptyId, severity: 'error', ...spanOf(value), message: `\`${key}\` is empty: give the id of the entity to ${action.verb === 'link' ? 'link to' : 'unlink from'}.` });
    }
    for (const item of items) {
      if (item.type === 'string' || item.type === 'number') {
        const id = checkedId(item, key, out);
        if (id) targets.push(id);
      } else {
        out.push({ code: TxCodes.wrongPropertyType, severity: 'error', ...spanOf(item), message: `Each id in \`${key}\` is a string, not ${article(jsonTypeName(item))}.` });
      }
    }
  } else if (value.type === 'string' || value.type === 'number') {
    // The usual single id: a one-slot array, not one grown by `push` (17 slots).
    const id = checkedId(value, key, out);
    action.targets = id ? [id] : [];
  } else {
    action.targets = [];
    out.push(...wrongType({ key, value }, 'an id string or an array of id strings'));
  }
}

/** Classifies an id and reports empty, numeric-typed and numeric-looking temporary ids. */
function checkedId(node: JsonNode, key: string, out: NoarkqDiagnostic[]): IdSyntax | undefined {
  const id = classifyId(node);
  if (node.type === 'number') {
    out.push({
      code: TxCodes.idNotString,
      severity: 'warning',
      ...spanOf(node),
      message: `Ids are strings holding numbers: write \`${key}\` as "${id.text}".`,
      fixes: [{ title: `Quote the id`, preferred: true, edits: [replaceNodeEdit(node, JSON.stringify(id.text))] }],
    });
    return id.kind === 'invalid' && key === 'id' ? undefined : id;
  }
  if (id.kind === 'invalid') {
    out.push({ code: TxCodes.emptyId, severity: 'error', ...spanOf(node), message: `\`${key}\` is empty: give a numeric id for an existing entity or a non-numeric temporary id for a new one.` });
    // Still an id the user means to fill in: a link with an empty target is a link all the same.
    return key === 'id' ? undefined : id;
  }
  return id;
}

/** Unknown keys and keys that belong to another verb. */
function checkKeys(action: ActionSyntax, keys: ActionKeys, out: NoarkqDiagnostic[]): void {
  const verb = action.verb;
  const allowedSet = verb ? allowedKeys[verb] : anyKey;
  if (verb) {
    for (let slot = 0; slot < allKeys.length; slot++) {
      const property = keys.slots[slot];
      const key = allKeys[slot];
      if (!property || allowedSet.has(key)) continue;
      const p = propertyOf(property)!;
      // A known key on the wrong verb: the likeliest slip is linkToId/unlinkFromId swapped.
      const counterpart = key === 'linkToId' && verb === 'unlink' ? 'unlinkFromId' : key === 'unlinkFromId' && verb === 'link' ? 'linkToId' : undefined;
      const fixes = counterpart && !keys.has(counterpart)
        ? [{ title: `Rename to \`${counterpart}\``, preferred: true, edits: [replaceNodeEdit(p.keyNode, JSON.stringify(counterpart))] }]
        : [{ title: `Remove \`${key}\``, edits: [removePropertyEdit(p.node)] }];
      out.push({
        code: TxCodes.misplacedProperty,
        severity: 'error',
        ...spanOf(p.keyNode),
        message: `\`${key}\` does not belong to a ${verb} action${misplacedHint(key, verb)}.`,
        fixes,
      });
    }
  }
  if (keys.unknown) reportUnknownKeys(verb, allowedSet, keys, keys.unknown, out);
}

/** Keys that are no action key. (Apart from `checkKeys`, whose every call would otherwise pay
 * for the context the suggestion closure needs.) */
function reportUnknownKeys(verb: ActionVerb | undefined, allowedSet: ReadonlySet<string>, keys: ActionKeys, unknown: readonly PropertySyntax[], out: NoarkqDiagnostic[]): void {
  const allowed = [...allowedSet];
  for (const p of unknown) {
    const key = p.key;
    const suggestion = didYouMean(key, allowed.filter((k) => !keys.has(k)));
    out.push({
      code: TxCodes.unknownProperty,
      severity: 'error',
      ...spanOf(p.keyNode),
      message: `Actions have no key \`${key}\`${verb ? `; a ${verb} action takes ${allowed.map((k) => `\`${k}\``).join(', ')}` : ''}.${suggestion ? ` Did you mean \`${suggestion}\`?` : ''}`,
      fixes: suggestion
        ? [{ title: `Rename to \`${suggestion}\``, preferred: true, edits: [replaceNodeEdit(p.keyNode, JSON.stringify(suggestion))] }]
        : [{ title: `Remove \`${key}\``, edits: [removePropertyEdit(p.node)] }],
    });
  }
}

function misplacedHint(key: string, verb: ActionVerb): string {
  if (key === 'fields') return ': only save sets fields';
  if (key === 'ref') return `: references are set with link and removed with unlink${verb === 'save' ? ', never by save (rule 1)' : ''}`;
  if (key === 'linkToId') return verb === 'unlink' ? ': an unlink names the entity to disconnect with `unlinkFromId`' : ': only link takes `linkToId`';
  if (key === 'unlinkFromId') return verb === 'link' ? ': a link names the entity to connect to with `linkToId`' : ': only unlink takes `unlinkFromId`';
  if (key === 'version') return ': only save and delete take a version';
  return '';
}

function duplicateKey(p: PropertySyntax): NoarkqDiagnostic {
  return {
    code: TxCodes.duplicateProperty,
    severity: 'error',
    ...spanOf(p.keyNode),
    message: `\`${p.key}\` is written twice in this object; only one is used. Remove one of them.`,
    fixes: [{ title: `Remove this \`${p.key}\``, edits: [removePropertyEdit(p.node)] }],
  };
}

/** A wrong JSON type; a missing value is a syntax error, reported by the parser instead. */
function wrongType(p: Pick<PropertySyntax, 'key' | 'value'>, expected: string): NoarkqDiagnostic[] {
  if (!p.value) return [];
  const at = p.value;
  return [{
    code: TxCodes.wrongPropertyType,
    severity: 'error',
    ...spanOf(at),
    message: `\`${p.key}\` must be ${expected}, not ${article(jsonTypeName(p.value))}.`,
  }];
}

function article(typeName: string): string {
  return typeName === 'null' ? 'null' : /^[aeiou]/.test(typeName) ? `an ${typeName}` : `a ${typeName}`;
}
