/**
 * Lookups over the entity types: built once per model so that checkers, completion and hover can
 * ask per keystroke without scanning lists.
 */
import { defaultCodeLists } from './codeLists';
import { entityTypes, mergeFieldDefs, mergeReferenceDefs } from './entityTypes';
import type {
  CodeListDef,
  EntityTypeDef,
  FieldDef,
  MemberLookup,
  NoarkModel,
  ReferenceDef,
} from './types';

type Member = { kind: 'field'; def: FieldDef } | { kind: 'reference'; def: ReferenceDef };

function membersOf(type: EntityTypeDef): Map<string, Member> {
  const members = new Map<string, Member>();
  // A name used for both a field and a reference (never in the shipped model) is the field.
  for (const def of type.fields) members.set(def.name, { kind: 'field', def });
  for (const def of type.references) if (!members.has(def.name)) members.set(def.name, { kind: 'reference', def });
  return members;
}

export function createNoarkModel(
  types: readonly EntityTypeDef[] = entityTypes,
  codeLists: readonly CodeListDef[] = defaultCodeLists,
): NoarkModel {
  const byName = new Map<string, EntityTypeDef>();
  for (const t of types) if (!byName.has(t.name)) byName.set(t.name, t);

  const concretes = new Map<string, string[]>();
  for (const t of byName.values()) {
    concretes.set(
      t.name,
      t.abstract ? t.subtypes.filter((s) => byName.get(s)?.abstract === false) : [t.name],
    );
  }
  const concreteTypes = (name: string): string[] => [...(concretes.get(name) ?? [])];

  const ownMembers = new Map<string, Map<string, Member>>();
  for (const t of byName.values()) ownMembers.set(t.name, membersOf(t));

  const isAssignable = (type: string, target: string): boolean => {
    if (!byName.has(type) || !byName.has(target)) return false;
    if (type === target) return true;
    const from = concretes.get(type) ?? [];
    const to = concretes.get(target) ?? [];
    return from.length > 0 && from.every((t) => to.includes(t));
  };

  /** The narrowest known type every target is assignable to (for merged partial references). */
  const cover = (targets: string[]): string => {
    let best: string | undefined;
    for (const t of byName.values()) {
      if (!targets.every((x) => isAssignable(x, t.name))) continue;
      if (best === undefined || (concretes.get(t.name)?.length ?? 0) < (concretes.get(best)?.length ?? 0)) best = t.name;
    }
    return best ?? targets[0] ?? '';
  };

  const lookupCache = new Map<string, MemberLookup | null>();

  const resolve = (type: string, name: string): MemberLookup | undefined => {
    const t = byName.get(type);
    if (t === undefined) return undefined;
    const own = ownMembers.get(type)?.get(name);
    if (!t.abstract) {
      if (own === undefined) return undefined;
      return own.kind === 'field'
        ? { kind: 'field', field: own.def, presentIn: [type], partial: false }
        : { kind: 'reference', reference: own.def, presentIn: [type], partial: false };
    }
    const subs = concretes.get(type) ?? [];
    const found = subs
      .map((s) => ({ type: s, member: ownMembers.get(s)?.get(name) }))
      .filter((x): x is { type: string; member: Member } => x.member !== undefined);
    // The abstract type's own (shared) definition wins; otherwise merge what the subtypes have,
    // taking the kind of the first subtype that has the name.
    const kind = own?.kind ?? found[0]?.member.kind;
    if (kind === undefined) return undefined;
    const same = found.filter((x) => x.member.kind === kind);
    const presentIn = same.map((x) => x.type);
    const partial = presentIn.length < subs.length;
    if (kind === 'field') {
      const field =
        own?.kind === 'field'
          ? own.def
          : mergeFieldDefs(same.map((x) => x.member.def as FieldDef));
      return { kind: 'field', field, presentIn, partial };
    }
    const reference =
      own?.kind === 'reference'
        ? own.def
        : mergeReferenceDefs(same.map((x) => x.member.def as ReferenceDef), cover);
    return { kind: 'reference', reference, presentIn, partial };
  };

  const lookupMember = (type: string, name: string): MemberLookup | undefined => {
    const key = `${type}\u0000${name}`;
    const cached = lookupCache.get(key);
    if (cached !== undefined) return cached ?? undefined;
    const result = resolve(type, name);
    // Bounded, so a stream of mistyped names cannot grow it without limit.
    if (byName.has(type) && lookupCache.size < 100_000) lookupCache.set(key, result ?? null);
    return result;
  };

  const memberNameCache = new Map<string, string[]>();
  const memberNames = (type: string): string[] => {
    const cached = memberNameCache.get(type);
    if (cached !== undefined) return [...cached];
    const t = byName.get(type);
    if (t === undefined) return [];
    const names = new Set<string>();
    for (const source of [t.name, ...(t.abstract ? (concretes.get(type) ?? []) : [])]) {
      for (const n of ownMembers.get(source)?.keys() ?? []) names.add(n);
    }
    const list = [...names];
    memberNameCache.set(type, list);
    return [...list];
  };

  const codeListMap = new Map<string, CodeListDef>();
  for (const c of codeLists) if (!codeListMap.has(c.name)) codeListMap.set(c.name, c);

  return {
    types: [...byName.values()],
    getType: (name) => byName.get(name),
    concreteTypes,
    isAssignable,
    lookupMember,
    memberNames,
    codeLists: codeListMap,
  };
}

/** The model of the spec plus the vendor reference, with the vendor's default code lists. */
export const noarkModel: NoarkModel = createNoarkModel();
