/**
 * How references map onto stored links. A reference and its inverse are one link seen from its two
 * sides (Journalpost `refMappe` = Saksmappe `refRegistrering`), so each link is stored ONCE, under
 * its canonical side: the side pointing up the structure (`parent`), or for links between peers
 * the side whose name sorts first; a reference without a known inverse is its own canonical side.
 * A stored row is `(from_id, from_type, ref, to_id)` named from that side. Following a reference is
 * then either forward (`from_id = x AND ref = R`) or inverse (`to_id = x AND ref = inverse AND
 * from_type IN (the target's types that hold the inverse)`), and both are served by an index.
 */
import type { NoarkModel, ReferenceDef } from '../../core/schema';

export type LinkHop =
  /** Stored from this side: the linked id is `to_id`. */
  | { kind: 'forward'; ref: string }
  /** Stored from the other side under `ref`, by entities of `fromTypes`: the linked id is `from_id`. */
  | { kind: 'inverse'; ref: string; fromTypes: string[] };

export function isCanonicalSide(reference: ReferenceDef): boolean {
  if (!reference.inverse) return true;
  if (reference.direction === 'parent') return true;
  if (reference.direction === 'child') return false;
  return reference.name < reference.inverse;
}

export function isToOne(reference: ReferenceDef): boolean {
  return reference.cardinality === '0..1' || reference.cardinality === '1';
}

const hopCache = new WeakMap<NoarkModel, Map<string, LinkHop | null>>();

/** How to follow `refName` from an entity of the concrete type `type`; undefined when it has no such reference. */
export function linkHop(model: NoarkModel, type: string, refName: string): LinkHop | undefined {
  let cache = hopCache.get(model);
  if (!cache) hopCache.set(model, (cache = new Map()));
  const key = `${type}\u0000${refName}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached ?? undefined;
  const member = model.lookupMember(type, refName);
  let hop: LinkHop | undefined;
  if (member?.kind === 'reference') {
    const reference = member.reference;
    if (isCanonicalSide(reference)) hop = { kind: 'forward', ref: reference.name };
    else {
      const inverse = reference.inverse as string;
      const fromTypes = model.concreteTypes(reference.target).filter((t) => model.lookupMember(t, inverse)?.kind === 'reference');
      hop = { kind: 'inverse', ref: inverse, fromTypes };
    }
  }
  cache.set(key, hop ?? null);
  return hop;
}

export interface StoredLink {
  fromId: number;
  fromType: string;
  ref: string;
  toId: number;
}

/** The row that stores "entity (type, id) references `target` through `refName`". */
export function storedLink(model: NoarkModel, type: string, id: number, refName: string, targetType: string, targetId: number): StoredLink | undefined {
  const hop = linkHop(model, type, refName);
  if (!hop) return undefined;
  return hop.kind === 'forward'
    ? { fromId: id, fromType: type, ref: hop.ref, toId: targetId }
    : { fromId: targetId, fromType: targetType, ref: hop.ref, toId: id };
}
