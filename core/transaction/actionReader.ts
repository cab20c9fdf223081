/**
 * Reads a transaction body's AST into one record per action and reports everything that is
 * wrong with its shape: the body, each action's keys, the `action` verb and the `type`. Later
 * passes work on these records only and never re-read the tree.
 */
import type { Node as JsonNode } from 'jsonc-parser';
import type { NoarkqDiagnostic } from '../diagnostics';
import type { EntityTypeDef, NoarkModel } from '../schema/types';
import { didYouMean } from '../text/didYouMean';
import { TxCodes } from './transactionCodes';
import { classifyId, type IdSyntax } from './transactionIds';
import { hasDuplicateKey, isString, jsonTypeName, propertiesOf, PropertyList, removePropertyEdit, replaceNodeEdit, spanOf, type PropertySyntax } from './jsonNodes';

export type ActionVerb = 'save' | 'link' | 'unlink' | 'delete';
const verbs: readonly ActionVerb[] = ['save', 'link', 'unlink', 'delete'];

/** Keys each verb takes besides `action`, `type` and `id`. */
const verbKeys: Record<ActionVerb, readonly string[]> = {
  save: ['fields', 'version'],
  link: ['ref', 'linkToId'],
  unlink: ['ref', 'unlinkFromId'],
  delete: ['version'],
};
const commonKeys = ['action', 'type', 'id'];
const allKeys = ['action', 'type', 'id', 'fields', 'version', 'ref', 'linkToId', 'unlinkFromId'];
const allowedKeys: Record<ActionVerb, ReadonlySet<string>> = {
  save: new Set([...commonKeys, ...verbKeys.save]),
  link: new Set([...commonKeys, ...verbKeys.link]),
  unlink: new Set([...commonKeys, ...verbKeys.unlink]),
  delete: new Set([...commonKeys, ...verbKeys.delete]),
};
const anyKey: ReadonlySet<string> = new Set(allKeys);

export interface RefSyntax {
  name: string;
  node: JsonNode;
}

export interface ActionSyntax {
  index: number;
  node: JsonNode;
  /** First occurrence of each key. */
  props: PropertyList;
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
  for (const item of items) {
    if (item.type !== 'object') {
      out.push({ code: TxCodes.actionNotObject, severity: 'error', ...spanOf(item), message: `An action is an object like \`{ "action": "save", "type": ..., "id": ..., "fields": {...} }\`, not ${article(jsonTypeName(item))}.` });
      continue;
    }
    actions.push(readAction(item, actions.length, model, out));
  }
  return { actions };
}

function readAction(node: JsonNode, index: number, model: NoarkModel, out: NoarkqDiagnostic[]): ActionSyntax {
  const all = propertiesOf(node);
  let props: PropertyList;
  if (!hasDuplicateKey(all)) props = new PropertyList(all);
  else {
    props = new PropertyList();
    for (const p of all) if (!props.add(p)) out.push(duplicateKey(p));
  }
  // Every slot set up front: one object shape for all actions keeps the later passes fast.
  const action: ActionSyntax = {
    index,
    node,
    props,
    verb: undefined,
    verbNode: undefined,
    typeName: undefined,
    typeNode: undefined,
    type: undefined,
    id: undefined,
    fields: undefined,
    ref: undefined,
    targets: noTargets,
    targetsNode: undefined,
  };
  // Every missing key of one action is reported together, on the action.
  const missingKeys: string[] = [];

  // The verb decides which other keys belong, so it is read first.
  const verbProp = props.get('action');
  if (!verbProp) {
    missingKeys.push('`action` ("save", "link", "unlink" or "delete")');
  } else if (verbProp.value && isString(verbProp.value)) {
    const v = verbProp.value.value;
    action.verbNode = verbProp.value;
    if ((verbs as readonly string[]).includes(v)) {
      action.verb = v as ActionVerb;
    } else {
      const suggestion = didYouMean(v, verbs);
      out.push({
        code: TxCodes.unknownAction,
        severity: 'error',
        ...spanOf(verbProp.value),
        message: `Unknown action "${v}": use save, link, unlink or delete.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
        fixes: suggestion ? [{ title: `Change to "${suggestion}"`, preferred: true, edits: [replaceNodeEdit(verbProp.value, JSON.stringify(suggestion))] }] : undefined,
      });
    }
  } else {
    out.push(...wrongType(verbProp, 'a string: "save", "link", "unlink" or "delete"'));
  }

  readType(action, model, missingKeys, out);
  readId(action, missingKeys, out);
  checkKeys(action, out);

  const verb = action.verb;
  if (verb === 'save') {
    const fields = props.get('fields');
    if (!fields) missingKeys.push('`fields`, the object of field values to save');
    else if (fields.value?.type === 'object') action.fields = fields.value;
    else out.push(...wrongType(fields, 'an object of field names and values'));
  }
  if (verb === 'save' || verb === 'delete') {
    const version = props.get('version');
    if (version && !(version.value && (version.value.type === 'string' || version.value.type === 'number'))) {
      out.push(...wrongType(version, 'the entity version as a string (optimistic locking)'));
    }
  }
  if (verb === 'link' || verb === 'unlink') {
    const ref = props.get('ref');
    if (!ref) missingKeys.push('`ref`, the reference field to ' + verb);
    else if (isString(ref.value)) action.ref = { name: ref.value.value, node: ref.value };
    else out.push(...wrongType(ref, 'the name of a reference field (a string starting with `ref`)'));
    const targetKey = verb === 'link' ? 'linkToId' : 'unlinkFromId';
    const target = props.get(targetKey);
    if (!target) missingKeys.push(`\`${targetKey}\`, the id (or ids) to ${verb === 'link' ? 'link to' : 'unlink from'}`);
    else if (target.value) readTargets(action, target, out);
    else out.push(...wrongType(target, 'an id string or an array of id strings'));
  }
  if (missingKeys.length > 0) {
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

function readType(action: ActionSyntax, model: NoarkModel, missingKeys: string[], out: NoarkqDiagnostic[]): void {
  const typeProp = action.props.get('type');
  if (!typeProp) {
    missingKeys.push('`type`, the entity type (e.g. "Journalpost")');
    return;
  }
  if (!isString(typeProp.value)) {
    out.push(...wrongType(typeProp, 'the name of an entity type'));
    return;
  }
  const name = typeProp.value.value;
  action.typeName = name;
  action.typeNode = typeProp.value;
  const def = model.getType(name);
  if (!def) {
    const candidates = model.types.filter((t) => t.transactable && !t.abstract).map((t) => t.name);
    const suggestion = didYouMean(name, candidates);
    out.push({
      code: TxCodes.unknownType,
      severity: 'error',
      ...spanOf(typeProp.value),
      message: `Unknown entity type "${name}".${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
      fixes: suggestion ? [{ title: `Change to "${suggestion}"`, preferred: true, edits: [replaceNodeEdit(typeProp.value, JSON.stringify(suggestion))] }] : undefined,
    });
    return;
  }
  if (def.abstract) {
    const concrete = model.concreteTypes(name).filter((t) => model.getType(t)?.transactable);
    out.push({
      code: TxCodes.abstractType,
      severity: 'error',
      ...spanOf(typeProp.value),
      message: `${name} is an abstract type, usable only in queries: name the concrete type${concrete.length ? ` (${concrete.join(', ')})` : ''}.`,
      fixes: concrete.length === 1 ? [{ title: `Change to "${concrete[0]}"`, preferred: true, edits: [replaceNodeEdit(typeProp.value, JSON.stringify(concrete[0]))] }] : undefined,
    });
    return;
  }
  if (!def.transactable) {
    out.push({ code: TxCodes.typeNotTransactable, severity: 'error', ...spanOf(typeProp.value), message: `${name} cannot be changed through a transaction.` });
    return;
  }
  action.type = def;
}

function readId(action: ActionSyntax, missingKeys: string[], out: NoarkqDiagnostic[]): void {
  const idProp = action.props.get('id');
  if (!idProp) {
    missingKeys.push('`id` (a numeric id for an existing entity, a non-numeric temporary id for a new one)');
    return;
  }
  if (!idProp.value || (idProp.value.type !== 'string' && idProp.value.type !== 'number')) {
    out.push(...wrongType(idProp, 'an id string'));
    return;
  }
  action.id = checkedId(idProp.value, 'id', out);
}

function readTargets(action: ActionSyntax, prop: PropertySyntax, out: NoarkqDiagnostic[]): void {
  const value = prop.value!;
  action.targetsNode = value;
  action.targets = [];
  if (value.type === 'array') {
    const items = value.children ?? [];
    if (items.length === 0) {
      out.push({ code: TxCodes.emptyId, severity: 'error', ...spanOf(value), message: `\`${prop.key}\` is empty: give the id of the entity to ${action.verb === 'link' ? 'link to' : 'unlink from'}.` });
    }
    for (const item of items) {
      if (item.type === 'string' || item.type === 'number') {
        const id = checkedId(item, prop.key, out);
        if (id) action.targets.push(id);
      } else {
        out.push({ code: TxCodes.wrongPropertyType, severity: 'error', ...spanOf(item), message: `Each id in \`${prop.key}\` is a string, not ${article(jsonTypeName(item))}.` });
      }
    }
  } else if (value.type === 'string' || value.type === 'number') {
    // The usual single id: a one-slot array, not one grown by `push` (17 slots).
    const id = checkedId(value, prop.key, out);
    if (id) action.targets = [id];
  } else {
    out.push(...wrongType(prop, 'an id string or an array of id strings'));
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
function checkKeys(action: ActionSyntax, out: NoarkqDiagnostic[]): void {
  const verb = action.verb;
  const allowedSet = verb ? allowedKeys[verb] : anyKey;
  for (const p of action.props.items) {
    const key = p.key;
    if (allowedSet.has(key)) continue;
    const allowed = [...allowedSet];
    if (anyKey.has(key)) {
      // A known key on the wrong verb: the likeliest slip is linkToId/unlinkFromId swapped.
      const counterpart = key === 'linkToId' && verb === 'unlink' ? 'unlinkFromId' : key === 'unlinkFromId' && verb === 'link' ? 'linkToId' : undefined;
      const fixes = counterpart && !action.props.has(counterpart)
        ? [{ title: `Rename to \`${counterpart}\``, preferred: true, edits: [replaceNodeEdit(p.keyNode, JSON.stringify(counterpart))] }]
        : [{ title: `Remove \`${key}\``, edits: [removePropertyEdit(p.node)] }];
      out.push({
        code: TxCodes.misplacedProperty,
        severity: 'error',
        ...spanOf(p.keyNode),
        message: `\`${key}\` does not belong to a ${verb} action${misplacedHint(key, verb!)}.`,
        fixes,
      });
      continue;
    }
    const suggestion = didYouMean(key, allowed.filter((k) => !action.props.has(k)));
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
function wrongType(p: PropertySyntax, expected: string): NoarkqDiagnostic[] {
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
