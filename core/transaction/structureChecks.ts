/**
 * What each new entity needs in the transaction that creates it: a link into the structure
 * (rule 2) and whatever its type's creation rules ask for. The rules are data in the model
 * (`creationRules`, `standalone`); this module interprets them and never names a type itself.
 */
import type { Fix, NoarkqDiagnostic } from '../diagnostics';
import type { CreationRule, EntityTypeDef, FieldDef, LinkWay, NoarkModel, ReferenceDef } from '../schema/types';
import type { ActionSyntax } from './actionReader';
import { actionJson, insertActionsAfterEdit, insertPropertyEdit, spanOf } from './jsonNodes';
import { fieldOf, hasParentReference, isAssignable, isToOne, referenceOf } from './modelIndex';
import { TxCodes } from './transactionCodes';
import type { TransactionCheckContext } from './transactionContext';
import type { NewEntity, TransactionGraph } from './transactionGraph';

type LinkRule = Extract<CreationRule, { kind: 'link' }>;

/** One link that meets a way of a rule. */
interface Match {
  action: ActionSyntax;
  target: string;
  ref: string;
  toOne: boolean;
}

export function checkStructure(graph: TransactionGraph, context: TransactionCheckContext, out: NoarkqDiagnostic[]): void {
  const fresh = new FreshIds(graph);
  const matches = new MatchList();
  graph.newEntities.forEach((entity) => {
    const type = entity.type;
    if (!type) return;
    // A reference written into `fields` is reported (with a fix that makes it a link) by the
    // save checks; counting it as linked here keeps that one mistake to one diagnostic.
    const refsInFields = referencesInFields(entity);
    const connected = type.standalone || !hasParentReference(type) || refsInFields.size > 0 || isConnected(entity, context.model);
    if (!connected) out.push(unlinked(entity, type));
    for (const rule of type.creationRules) {
      if (rule.kind === 'field') {
        checkFieldRule(entity, type, rule.field, rule.message, context.model, out);
        continue;
      }
      let selfOnly = true;
      let writtenInFields = false;
      for (const way of rule.anyOf) {
        if (way.from !== 'self') selfOnly = false;
        else if (refsInFields.size > 0 && refsInFields.has(way.ref)) writtenInFields = true;
      }
      // An entity with no link at all is already reported once; its self-link rules would repeat it.
      if ((!connected && selfOnly) || writtenInFields) continue;
      checkLinkRule(entity, type, rule, context.model, fresh, matches, out);
    }
  });
}

const noRefs: ReadonlySet<string> = new Set();

function referencesInFields(entity: NewEntity): ReadonlySet<string> {
  let refs: Set<string> | undefined;
  for (let s = 0; s < entity.saves.length; s++) {
    const children = entity.saves[s].fields?.children;
    if (!children) continue;
    for (let c = 0; c < children.length; c++) {
      const key = children[c].children?.[0]?.value;
      if (typeof key === 'string' && key.startsWith('ref') && /^ref[A-Z]/.test(key)) (refs ??= new Set()).add(key);
    }
  }
  return refs ?? noRefs;
}

/** Linked upward from itself, or downward from its parent (the parent-side exceptions). */
function isConnected(entity: NewEntity, model: NoarkModel): boolean {
  for (let l = 0; l < entity.selfLinks.length; l++) {
    const ref = referenceOf(entity.type!, entity.selfLinks[l].ref!.name);
    // An unknown reference is reported on its own; counting it avoids a second error here.
    if (!ref || ref.direction === 'parent') return true;
  }
  for (let l = 0; l < entity.incoming.length; l++) {
    const action = entity.incoming[l];
    const fromType = action.type ?? (action.typeName ? model.getType(action.typeName) : undefined);
    const ref = fromType && action.ref ? referenceOf(fromType, action.ref.name) : undefined;
    if (!ref || ref.direction === 'child') return true;
  }
  return false;
}

function unlinked(entity: NewEntity, type: EntityTypeDef): NoarkqDiagnostic {
  const ref = structureReference(type);
  const fixes: Fix[] = [];
  if (ref && entity.typeName) {
    fixes.push({
      title: `Link ${entity.id} with ${ref.name}`,
      preferred: true,
      edits: [insertActionsAfterEdit(entity.firstSave.node, [actionJson({ action: 'link', type: entity.typeName, id: entity.id, ref: ref.name, linkToId: '' })])],
    });
  }
  return {
    code: TxCodes.unlinkedNewEntity,
    severity: 'error',
    ...spanOf(entity.firstSave.id!.node),
    message: `The new ${type.name} "${entity.id}" is not linked into the structure: a new entity must be linked in the same transaction (rule 2).${ref ? ` Add { "action": "link", "type": "${type.name}", "id": "${entity.id}", "ref": "${ref.name}", "linkToId": <the ${ref.target}'s id> }.` : ''}`,
    fixes,
  };
}

/** The reference a new entity is normally linked up with: the first one its rules name. */
function structureReference(type: EntityTypeDef): ReferenceDef | undefined {
  for (const rule of type.creationRules) {
    if (rule.kind !== 'link') continue;
    for (const way of rule.anyOf) {
      if (way.from !== 'self') continue;
      const ref = referenceOf(type, way.ref);
      if (ref && ref.direction === 'parent') return ref;
    }
  }
  const parents = type.references.filter((r) => r.direction === 'parent' && r.linkable);
  return parents.find((r) => r.requiredOnCreate) ?? parents[0];
}

function checkFieldRule(entity: NewEntity, type: EntityTypeDef, field: string, message: string, model: NoarkModel, out: NoarkqDiagnostic[]): void {
  for (const save of entity.saves) {
    const children = save.fields?.children;
    if (!children) continue;
    for (let i = 0; i < children.length; i++) {
      const p = children[i];
      if (p.type !== 'property') continue;
      const key = p.children?.[0];
      const value = p.children?.[1];
      if (key && key.value === field && typeof key.value === 'string' && value && value.type !== 'null') return;
    }
  }
  const fieldsNode = entity.firstSave.fields;
  const fieldsKey = entity.firstSave.fieldsKey;
  const def = fieldOf(type, field);
  out.push({
    code: TxCodes.missingRequiredField,
    severity: 'error',
    ...spanOf(fieldsNode && fieldsKey ? fieldsKey : entity.firstSave.id!.node),
    message: `${message} Add "${field}" to the fields of "${entity.id}".`,
    fixes: fieldsNode
      ? [{ title: `Add "${field}"`, preferred: true, edits: [insertPropertyEdit(fieldsNode, field, JSON.stringify(def ? placeholderValue(def, model) : ''))] }]
      : undefined,
  });
}

function checkLinkRule(
  entity: NewEntity,
  type: EntityTypeDef,
  rule: LinkRule,
  model: NoarkModel,
  fresh: FreshIds,
  list: MatchList,
  out: NoarkqDiagnostic[],
): void {
  list.reset();
  // Indexed loops: this runs for every rule of every new entity (see transactionChecker).
  const selfLinks = entity.selfLinks;
  const incoming = entity.incoming;
  for (let w = 0; w < rule.anyOf.length; w++) {
    const way = rule.anyOf[w];
    if (way.from === 'self') {
      const ref = referenceOf(type, way.ref);
      for (let l = 0; l < selfLinks.length; l++) {
        const link = selfLinks[l];
        if (link.ref!.name !== way.ref) continue;
        for (let t = 0; t < link.targets.length; t++) list.add(link, link.targets[t].text, way.ref, ref ? isToOne(ref) : true);
      }
      // The same link made from the other side (e.g. Arkivskaper refArkiv for Arkiv refArkivskaper).
      if (ref?.inverse) {
        for (let l = 0; l < incoming.length; l++) {
          const inc = incoming[l];
          if (inc.ref!.name === ref.inverse && (!inc.typeName || isAssignable(model, inc.typeName, ref.target))) {
            list.add(inc, inc.id!.text, way.ref, isToOne(ref));
          }
        }
      }
    } else {
      for (let l = 0; l < incoming.length; l++) {
        const a = incoming[l];
        if (a.ref!.name !== way.ref || !a.typeName || !isAssignable(model, a.typeName, way.type)) continue;
        if (rule.otherMustBeNew && a.id!.entity === undefined) continue;
        list.add(a, a.id!.text, way.ref, false);
      }
      const otherType = model.getType(way.type);
      const otherRef = otherType ? referenceOf(otherType, way.ref) : undefined;
      if (otherRef?.inverse) {
        for (let l = 0; l < selfLinks.length; l++) {
          const link = selfLinks[l];
          if (link.ref!.name !== otherRef.inverse) continue;
          for (let t = 0; t < link.targets.length; t++) {
            const target = link.targets[t];
            if (rule.otherMustBeNew && target.entity?.typeName !== way.type) continue;
            list.add(link, target.text, otherRef.inverse, false);
          }
        }
      }
    }
  }
  if (list.count === 0) {
    out.push(missingLink(entity, type, rule, model, fresh));
    return;
  }
  if (rule.count !== 'exactly-one' || list.count < 2) return;
  const first = list.at(0);
  // A second id in one link, or the same to-one reference linked twice, is reported by the
  // link checks already (multiple-link-targets, linked-twice).
  let extra: Match | undefined;
  for (let i = 1; i < list.count && !extra; i++) {
    const m = list.at(i);
    if (m.action !== first.action && !(m.ref === first.ref && m.toOne)) extra = m;
  }
  if (!extra) return;
  out.push({
    code: TxCodes.tooManyLinks,
    severity: 'error',
    ...spanOf(extra.action.ref!.node),
    message: `${rule.message} "${entity.id}" is already linked by action ${first.action.index + 1} (${first.ref}); remove one of the links.`,
    related: [{ ...spanOf(first.action.ref!.node), message: 'the other link' }],
  });
}

function missingLink(entity: NewEntity, type: EntityTypeDef, rule: LinkRule, model: NoarkModel, fresh: FreshIds): NoarkqDiagnostic {
  const ways = rule.anyOf.map((w) => describeWay(w, entity, type)).join(', or ');
  const fix = creationFix(entity, type, rule, model, fresh);
  return {
    code: rule.expected ? TxCodes.missingExpectedLink : TxCodes.missingRequiredLink,
    severity: rule.expected ? 'warning' : 'error',
    ...spanOf(entity.firstSave.id!.node),
    message: `${rule.message} ${rule.expected ? 'To give it one, add' : 'Add'} ${ways}.`,
    fixes: fix ? [fix] : undefined,
  };
}

function describeWay(way: LinkWay, entity: NewEntity, type: EntityTypeDef): string {
  if (way.from === 'self') {
    const ref = referenceOf(type, way.ref);
    return `a link of ${type.name} "${entity.id}" with ref ${way.ref}${ref ? ` to a ${ref.target}` : ''}`;
  }
  return `a ${way.type} (save) linked with ref ${way.ref} to "${entity.id}"`;
}

/**
 * The mechanical part of meeting a rule: a new owned entity plus its link where the rule needs
 * one (a Korrespondansepart, an Arkivskaper), else a link whose target the user fills in.
 */
function creationFix(entity: NewEntity, type: EntityTypeDef, rule: LinkRule, model: NoarkModel, fresh: FreshIds): Fix | undefined {
  const after = entity.lastOwnAction.node;
  for (const way of rule.anyOf) {
    if (way.from !== 'other') continue;
    const otherType = model.getType(way.type);
    if (!otherType || otherType.abstract) continue;
    const id = fresh.next(otherType.name);
    return {
      title: `Add a new ${otherType.name} linked to "${entity.id}"`,
      preferred: true,
      edits: [insertActionsAfterEdit(after, [
        actionJson({ action: 'save', type: otherType.name, id, fields: placeholderFields(otherType, model) }),
        actionJson({ action: 'link', type: otherType.name, id, ref: way.ref, linkToId: entity.id }),
      ])],
    };
  }
  for (const way of rule.anyOf) {
    if (way.from !== 'self') continue;
    const ref = referenceOf(type, way.ref);
    const targetType = ref ? model.getType(ref.target) : undefined;
    const back = targetType && ref?.inverse ? referenceOf(targetType, ref.inverse) : undefined;
    if (!ref || !targetType || targetType.abstract || !back?.owner) continue;
    // The target is owned by this entity, so it can only be a new one.
    const id = fresh.next(targetType.name);
    const link = back.linkable
      ? actionJson({ action: 'link', type: targetType.name, id, ref: back.name, linkToId: entity.id })
      : actionJson({ action: 'link', type: type.name, id: entity.id, ref: ref.name, linkToId: id });
    return {
      title: `Add a new ${targetType.name} linked to "${entity.id}"`,
      preferred: true,
      edits: [insertActionsAfterEdit(after, [actionJson({ action: 'save', type: targetType.name, id, fields: placeholderFields(targetType, model) }), link])],
    };
  }
  const way = rule.anyOf.find((w) => w.from === 'self');
  if (!way || way.from !== 'self' || !entity.typeName) return undefined;
  return {
    title: `Link "${entity.id}" with ${way.ref}`,
    preferred: true,
    edits: [insertActionsAfterEdit(after, [actionJson({ action: 'link', type: entity.typeName, id: entity.id, ref: way.ref, linkToId: '' })])],
  };
}

/** Fields a new entity must be given (not null, no default, writable), with values to fill in. */
function placeholderFields(type: EntityTypeDef, model: NoarkModel): Record<string, string | number | boolean> {
  const fields: Record<string, string | number | boolean> = {};
  for (const f of type.fields) {
    if (!f.notNull || f.hasDefault || f.writable !== 'writable' || f.type === 'object') continue;
    fields[f.name] = placeholderValue(f, model);
  }
  return fields;
}

function placeholderValue(field: FieldDef, model: NoarkModel): string | number | boolean {
  if (field.codeList) {
    const list = model.codeLists.get(field.codeList);
    const code = list?.defaultCode ?? list?.values[0]?.code;
    if (code !== undefined) return code;
  }
  if (field.allowedValues?.length) return field.allowedValues[0];
  if (field.type === 'number') return 0;
  if (field.type === 'boolean') return false;
  return '';
}

/** The links that meet one rule of one entity. One list serves every rule of a check, and its
 * records are reused: a large transaction checks thousands of rules, each with a match or two. */
class MatchList {
  /** The first `count` records are the current rule's; the rest wait for reuse. */
  private readonly records: Match[] = [];
  count = 0;
  private seen: Set<string> | undefined;
  reset(): void {
    this.count = 0;
    this.seen = undefined;
  }
  at(i: number): Match {
    return this.records[i];
  }
  add(action: ActionSyntax, target: string, ref: string, toOne: boolean): void {
    const records = this.records;
    const count = this.count;
    // Usually one or two matches, so a scan beats a set, until an entity gathers many links.
    if (count < 16) {
      for (let i = 0; i < count; i++) if (records[i].action === action && records[i].target === target) return;
    } else {
      if (!this.seen) {
        this.seen = new Set();
        for (let i = 0; i < count; i++) this.seen.add(`${records[i].action.index}\u0000${records[i].target}`);
      }
      const key = `${action.index}\u0000${target}`;
      if (this.seen.has(key)) return;
      this.seen.add(key);
    }
    if (count < records.length) {
      const m = records[count];
      m.action = action;
      m.target = target;
      m.ref = ref;
      m.toOne = toOne;
    } else {
      records.push({ action, target, ref, toOne });
    }
    this.count = count + 1;
  }
}

/** Temporary ids for entities a fix adds, unused anywhere in the transaction. The ids in use
 * are collected only when a fix first needs one. */
class FreshIds {
  private used: Set<string> | undefined;
  constructor(private readonly graph: TransactionGraph) {}
  next(typeName: string): string {
    const used = (this.used ??= this.collect());
    const base = typeName.charAt(0).toLowerCase() + typeName.slice(1);
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}${n}`;
    used.add(id);
    return id;
  }
  private collect(): Set<string> {
    const used = new Set<string>();
    for (const a of this.graph.actions) {
      if (a.id) used.add(a.id.text);
      for (const t of a.targets) used.add(t.text);
    }
    return used;
  }
}
