/**
 * Per-type name maps over the model, built once per type object, so that checking a large
 * transaction looks each field and reference up in constant time.
 */
import type { EntityTypeDef, FieldDef, NoarkModel, ReferenceDef } from '../schema/types';

interface TypeIndex {
  fields: Map<string, FieldDef>;
  references: Map<string, ReferenceDef>;
  fieldNames: string[];
  referenceNames: string[];
  hasParentReference: boolean;
}

const cache = new WeakMap<EntityTypeDef, TypeIndex>();
/** The last type looked up: consecutive lookups are nearly always about the same type (one
 * action's fields), and this spares the WeakMap lookup on each. */
let lastType: EntityTypeDef | undefined;
let lastIndex: TypeIndex | undefined;

function indexOf(type: EntityTypeDef): TypeIndex {
  if (type === lastType) return lastIndex!;
  let index = cache.get(type);
  if (!index) {
    const fields = new Map<string, FieldDef>();
    for (const f of type.fields) if (!fields.has(f.name)) fields.set(f.name, f);
    const references = new Map<string, ReferenceDef>();
    for (const r of type.references) if (!references.has(r.name)) references.set(r.name, r);
    index = {
      fields,
      references,
      fieldNames: [...fields.keys()],
      referenceNames: [...references.keys()],
      hasParentReference: type.references.some((r) => r.direction === 'parent'),
    };
    cache.set(type, index);
  }
  lastType = type;
  lastIndex = index;
  return index;
}

export function fieldOf(type: EntityTypeDef, name: string): FieldDef | undefined {
  return indexOf(type).fields.get(name);
}

export function referenceOf(type: EntityTypeDef, name: string): ReferenceDef | undefined {
  return indexOf(type).references.get(name);
}

/** Whether the type has any reference pointing up the structure (so it can be linked into it). */
export function hasParentReference(type: EntityTypeDef): boolean {
  return indexOf(type).hasParentReference;
}

export function fieldNamesOf(type: EntityTypeDef): readonly string[] {
  return indexOf(type).fieldNames;
}

export function referenceNamesOf(type: EntityTypeDef): readonly string[] {
  return indexOf(type).referenceNames;
}

const assignable = new WeakMap<NoarkModel, Map<string, Map<string, boolean>>>();

/** `model.isAssignable`, remembered per pair of known types: the checks ask the same few pairs
 * for every link of a large transaction, and the model answers each by comparing type lists.
 * (Names the model does not know, typos included, are passed through, so the memo stays small.) */
export function isAssignable(model: NoarkModel, type: string, target: string): boolean {
  if (type === target || model.getType(type) === undefined) return model.isAssignable(type, target);
  let byType = assignable.get(model);
  if (!byType) assignable.set(model, (byType = new Map()));
  let byTarget = byType.get(type);
  if (!byTarget) byType.set(type, (byTarget = new Map()));
  let answer = byTarget.get(target);
  if (answer === undefined) byTarget.set(target, (answer = model.isAssignable(type, target)));
  return answer;
}

/** `0..1` and `1`: the reference holds a single entity. */
export function isToOne(ref: ReferenceDef): boolean {
  return ref.cardinality === '0..1' || ref.cardinality === '1';
}

/** A reference the entity cannot exist without: its one parent or owner. */
export function isLifeline(ref: ReferenceDef): boolean {
  return ref.cardinality === '1' && (ref.requiredOnCreate || ref.owner || ref.direction === 'parent');
}
