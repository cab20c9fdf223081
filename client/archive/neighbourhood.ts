/**
 * An entity's neighbourhood, one hop, as "Show Neighbourhood" draws it: its children as the
 * archive tree lists them (archiveTreeModel.ts's child sources), and every entity its other
 * references link it to, parents and peers included. A reference is followed from the far side,
 * through its inverse (`QUERY Klasse WHERE refMappeSomSekundaer.id = @id`), so each group is one
 * paged query; one the archive returns in `links` (vendor notes §1.5: the many-to-one ones) is asked
 * only when the entity has it. No vscode: the panel draws what this gives, and the tests run it
 * against the sandbox.
 */
import type { JsonValue } from '../../core/jsonValue';
import type { NoarkModel, ReferenceDef, ReferenceDirection } from '../../core/schema/types';
import type { ArchiveApi, CallOptions, EntityObject } from '../../runner/archive/archiveApi';
import { childSources, fetchEntity, listChildren, listingStart, lookupType, type ChildSource, type ChildSources, type ListingCursor } from './archiveTreeModel';
import type { EntityRef } from './entityRef';

/** Neighbours shown per reference, and per "more". */
export const neighbourPageSize = 25;

/** How a neighbour stands to the entity: above it (`parent`), below it (`child`), or beside it. */
export type NeighbourRole = ReferenceDirection;

/** Where a reference's neighbours come from. */
export interface NeighbourSource {
  /** The reference on the entity's side (`refMappe`, `refDokument`, …): the edge's label. */
  reference: string;
  /** The same link's name on the neighbour's side, where the model knows it. */
  inverse?: string;
  role: NeighbourRole;
  listing: ChildSources;
}

/** Where the next page of a reference's neighbours starts: kept by the caller until asked for. */
export interface NeighbourCursor {
  source: NeighbourSource;
  at: ListingCursor;
}

export interface NeighbourGroup {
  reference: string;
  inverse?: string;
  role: NeighbourRole;
  entities: EntityObject[];
  /** Undefined when every neighbour through this reference is here. */
  next: NeighbourCursor | undefined;
}

export interface Neighbourhood {
  /** The entity as the archive has it now. */
  entity: EntityObject;
  /** One group per reference that links it to something, in the model's order (children first). */
  groups: NeighbourGroup[];
}

const byId = [{ field: 'id', order: 'asc' as const }];

/** The reference a child source's query follows (`refArkivdel` in `refArkivdel.id = @id && …`). */
function followed(source: ChildSource): string | undefined {
  return /^(\w+)\.id = @id\b/.exec(source.query)?.[1];
}

function overlaps(model: NoarkModel, a: string, b: string): boolean {
  const concrete = new Set(model.concreteTypes(a));
  return model.concreteTypes(b).some((t) => concrete.has(t));
}

/**
 * The queries that find an entity's neighbours, one source per reference. The children come as
 * the tree lists them (a series' records only where they hang on it directly); every other
 * reference of its type is followed from the far side, or through the ids in `links` where the
 * model knows no inverse. A reference the archive returns, absent from `links`, links nothing.
 */
export function neighbourSources(model: NoarkModel, entity: EntityObject): NeighbourSource[] {
  const references: readonly ReferenceDef[] = model.getType(entity.type)?.references ?? [];
  const id: Record<string, JsonValue> = { id: entity.id };
  const sources: NeighbourSource[] = [];
  const covered = new Set<string>();
  for (const child of childSources(model, entity)?.sources ?? []) {
    const far = followed(child);
    const own = references.find((r) => r.inverse !== undefined && r.inverse === far && overlaps(model, r.target, child.type));
    if (own) covered.add(own.name);
    sources.push({ reference: own?.name ?? far ?? child.type, ...(far === undefined ? {} : { inverse: far }), role: 'child', listing: { sources: [child], exclusive: false } });
  }
  for (const r of references) {
    if (covered.has(r.name) || model.getType(r.target)?.queryable === false) continue;
    const linked = entity.links[r.name];
    if (r.returned && linked === undefined) continue;
    const base = { reference: r.name, ...(r.inverse === undefined ? {} : { inverse: r.inverse }), role: r.direction };
    if (r.inverse !== undefined) {
      sources.push({ ...base, listing: { sources: [{ type: r.target, query: `${r.inverse}.id = @id`, parameters: id, sortOrder: byId }], exclusive: false } });
    } else if (linked !== undefined) {
      const ids = Array.isArray(linked) ? linked : [linked];
      sources.push({ ...base, listing: { sources: ids.map((linkedId) => ({ type: lookupType(model, r.target), query: 'id = @id', parameters: { id: linkedId }, sortOrder: byId })), exclusive: false } });
    }
  }
  return sources;
}

/** Names what was being read when the archive failed, and keeps the archive's own words. */
export class NeighbourhoodError extends Error {
  override readonly name = 'NeighbourhoodError';
  constructor(what: string, cause: unknown) {
    super(`Could not read ${what}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

async function reading<T>(what: string, options: CallOptions, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new NeighbourhoodError(what, error);
  }
}

function describe(ref: Pick<EntityRef, 'type' | 'id'>): string {
  return `${ref.type} ${ref.id}`;
}

/** One page of a source's neighbours from `at`. */
async function page(api: ArchiveApi, of: Pick<EntityRef, 'type' | 'id'>, source: NeighbourSource, at: ListingCursor, options: CallOptions, pageSize: number): Promise<NeighbourGroup> {
  const listed = await reading(`the ${source.reference} of ${describe(of)}`, options, () => listChildren(api, source.listing, at, options, pageSize));
  return {
    reference: source.reference,
    ...(source.inverse === undefined ? {} : { inverse: source.inverse }),
    role: source.role,
    entities: listed.entities,
    next: listed.next === undefined ? undefined : { source, at: listed.next },
  };
}

/**
 * The entity (read again: it may have changed) and the first page of each reference's
 * neighbours; references that link nothing are left out. Undefined when the archive no longer has
 * the entity. An archive's error is a NeighbourhoodError naming the entity and the reference.
 */
export async function fetchNeighbourhood(api: ArchiveApi, model: NoarkModel, ref: Pick<EntityRef, 'type' | 'id'>, options: CallOptions = {}, pageSize = neighbourPageSize): Promise<Neighbourhood | undefined> {
  const entity = await reading(describe(ref), options, () => fetchEntity(api, model, ref.type, ref.id, options));
  if (entity === undefined) return undefined;
  const groups = await Promise.all(neighbourSources(model, entity).map((source) => page(api, entity, source, listingStart, options, pageSize)));
  return { entity, groups: groups.filter((g) => g.entities.length > 0) };
}

/** The next page of one reference's neighbours of `of`. */
export function fetchMoreNeighbours(api: ArchiveApi, of: Pick<EntityRef, 'type' | 'id'>, cursor: NeighbourCursor, options: CallOptions = {}, pageSize = neighbourPageSize): Promise<NeighbourGroup> {
  return page(api, of, cursor.source, cursor.at, options, pageSize);
}
