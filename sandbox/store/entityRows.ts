/**
 * Stored entities as the archive returns them: `{type, id, version, fields, links}` with `id` and
 * `version` as strings, every stored non-reference field, and in `links` the returned to-one
 * references with the linked id as a JSON NUMBER, as the real archive sends them.
 */
import type { JsonValue } from '../../core/jsonValue';
import type { NoarkModel } from '../../core/schema';
import type { SqlSession, SqlValue } from './database';
import { bsmFieldName, zonedBsm } from '../registries/bsmValues';
import { zonedTimestamp } from './fieldValues';
import { isToOne, linkHop, type LinkHop } from './linkModel';

export interface EntityRow {
  id: number | string;
  type: string;
  version: number | string;
  fields: Record<string, JsonValue>;
}

export type EntityResult = {
  type: string;
  id: string;
  version: string;
  fields: Record<string, JsonValue>;
  links: Record<string, number>;
};

interface LinkRow {
  from_id: number | string;
  from_type: string;
  ref: string;
  to_id: number | string;
}

/** The returned (V) to-one references of a concrete type and how each is stored. */
export function returnedLinks(model: NoarkModel, type: string): { name: string; hop: LinkHop }[] {
  const def = model.getType(type);
  if (!def) return [];
  const out: { name: string; hop: LinkHop }[] = [];
  for (const reference of def.references) {
    if (!reference.returned || !isToOne(reference)) continue;
    const hop = linkHop(model, type, reference.name);
    if (hop) out.push({ name: reference.name, hop });
  }
  return out;
}

/** What the `links` of entities of some types are read from: the returned to-one references of each
 * type, and the stored references to follow forward (from the entity) and inverse (to it). */
interface LinkPlans {
  byType: Map<string, { name: string; hop: LinkHop }[]>;
  forwardRefs: string[];
  inverseRefs: string[];
}

function linkPlans(model: NoarkModel, types: Iterable<string>): LinkPlans {
  const byType = new Map<string, { name: string; hop: LinkHop }[]>();
  const forwardRefs = new Set<string>();
  const inverseRefs = new Set<string>();
  for (const type of types) {
    if (byType.has(type)) continue;
    const plan = returnedLinks(model, type);
    byType.set(type, plan);
    for (const p of plan) (p.hop.kind === 'forward' ? forwardRefs : inverseRefs).add(p.hop.ref);
  }
  return { byType, forwardRefs: [...forwardRefs], inverseRefs: [...inverseRefs] };
}

/** One entity's stored references, as the plan reads them into its `links`. */
interface StoredLinks {
  /** ref → the linked id, of the references from the entity. */
  forward(ref: string): number | undefined;
  /** The entities whose `ref` points at it. */
  inverse(ref: string): readonly { fromId: number; fromType: string }[] | undefined;
}

function entityLinks(plans: LinkPlans, type: string, stored: StoredLinks): Record<string, number> {
  const links: Record<string, number> = {};
  for (const p of plans.byType.get(type) ?? []) {
    if (p.hop.kind === 'forward') {
      const to = stored.forward(p.hop.ref);
      if (to !== undefined) links[p.name] = to;
    } else {
      const types = p.hop.fromTypes;
      const from = stored.inverse(p.hop.ref)?.find((x) => types.includes(x.fromType));
      if (from) links[p.name] = from.fromId;
    }
  }
  return links;
}

/** Reads the `links` of many entities with one query. */
export async function loadLinks(session: SqlSession, model: NoarkModel, entities: readonly { id: number; type: string }[]): Promise<Map<number, Record<string, number>>> {
  const result = new Map<number, Record<string, number>>();
  if (entities.length === 0) return result;
  const plans = linkPlans(model, entities.map((e) => e.type));
  const ids = entities.map((e) => e.id);
  // Only the directions the types need: most return forward links alone (a Klasse its system and
  // parent class), and one index scan is cheaper than two OR-ed into a bitmap.
  const directions: string[] = [];
  const params: SqlValue[] = [ids];
  if (plans.forwardRefs.length > 0) directions.push(`(from_id = ANY($1::bigint[]) AND ref = ANY($${params.push(plans.forwardRefs)}::text[]))`);
  if (plans.inverseRefs.length > 0) directions.push(`(to_id = ANY($1::bigint[]) AND ref = ANY($${params.push(plans.inverseRefs)}::text[]))`);
  const { rows } = directions.length === 0 ? { rows: [] } : await session.query<LinkRow>(`SELECT from_id, from_type, ref, to_id FROM link WHERE ${directions.join(' OR ')}`, params);
  const forward = new Map<string, number>();
  const inverse = new Map<string, { fromId: number; fromType: string }[]>();
  for (const r of rows) {
    forward.set(`${Number(r.from_id)}\u0000${r.ref}`, Number(r.to_id));
    const k = `${Number(r.to_id)}\u0000${r.ref}`;
    const list = inverse.get(k);
    const item = { fromId: Number(r.from_id), fromType: r.from_type };
    if (list) list.push(item);
    else inverse.set(k, [item]);
  }
  for (const e of entities) {
    result.set(e.id, entityLinks(plans, e.type, { forward: (ref) => forward.get(`${e.id}\u0000${ref}`), inverse: (ref) => inverse.get(`${e.id}\u0000${ref}`) }));
  }
  return result;
}

/** `timeZone`: the zone the sandbox answers timestamps in (stored ones are UTC). */
export async function toResults(session: SqlSession, model: NoarkModel, rows: readonly EntityRow[], timeZone: string): Promise<EntityResult[]> {
  const entities = rows.map((r) => ({ id: Number(r.id), type: r.type }));
  const links = await loadLinks(session, model, entities);
  return rows.map((r) => ({
    type: r.type,
    id: String(r.id),
    version: String(r.version),
    fields: inModelOrder(model, r.type, r.fields, timeZone),
    links: links.get(Number(r.id)) ?? {},
  }));
}

/** An entity of `selectResults`' document: id, type, version, fields, then its forward links as
 * [ref, to id] and its inverse ones as [ref, from id, from type] (each null when none or not read). */
type SelectedEntity = [number, string, number, Record<string, JsonValue>, [string, number][] | null, [string, number, string][] | null];

/**
 * Runs `select`, a statement whose rows are entities (`id, type, version, fields`, in the order
 * wanted) of the given concrete `types`, and returns them as results with their links.
 *
 * One statement answers with one JSON document of the entities and their stored references, which
 * `JSON.parse` reads at once: a page of 500 rows read as rows, and their links as a second query's
 * 1,000 rows, cost PGlite a decoding of every field of every row (6.5 ms a page of Klasse, against
 * 3.5 ms so). The aggregate takes the rows in the order the statement gives them, as PostgreSQL
 * documents for an aggregate over an ordered subquery.
 */
export async function selectResults(session: SqlSession, model: NoarkModel, select: string, params: readonly SqlValue[], types: readonly string[], timeZone: string): Promise<EntityResult[]> {
  const plans = linkPlans(model, types);
  const all = [...params];
  const forward = plans.forwardRefs.length === 0 ? 'NULL' : `(SELECT json_agg(json_build_array(l.ref, l.to_id)) FROM link l WHERE l.from_id = q.id AND l.ref = ANY($${all.push(plans.forwardRefs)}::text[]))`;
  const inverse = plans.inverseRefs.length === 0 ? 'NULL' : `(SELECT json_agg(json_build_array(l.ref, l.from_id, l.from_type)) FROM link l WHERE l.to_id = q.id AND l.ref = ANY($${all.push(plans.inverseRefs)}::text[]))`;
  const { rows } = await session.query<{ page: string }>(`SELECT coalesce(json_agg(json_build_array(q.id, q.type, q.version, q.fields, ${forward}, ${inverse})), '[]')::text AS page FROM (${select}) q`, all);
  const entities = JSON.parse(rows[0].page) as SelectedEntity[];
  return entities.map(([id, type, version, fields, forwardLinks, inverseLinks]) => ({
    type,
    id: String(id),
    version: String(version),
    fields: inModelOrder(model, type, fields, timeZone),
    links: entityLinks(plans, type, {
      forward: (ref) => forwardLinks?.find((l) => l[0] === ref)?.[1],
      inverse: (ref) => inverseLinks?.filter((l) => l[0] === ref).map((l) => ({ fromId: l[1], fromType: l[2] })),
    }),
  }));
}

/** jsonb keeps keys in its own order; results list them in the model's order, as the archive does,
 * with timestamp fields written in `timeZone`. */
export function inModelOrder(model: NoarkModel, type: string, fields: Record<string, JsonValue>, timeZone: string): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const f of model.getType(type)?.fields ?? []) {
    if (!(f.name in fields)) continue;
    const value = fields[f.name];
    out[f.name] = f.type === 'timestamp' && typeof value === 'string' ? zonedTimestamp(value, timeZone) : f.name === bsmFieldName ? zonedBsm(value, timeZone) : value;
  }
  for (const [k, v] of Object.entries(fields)) if (!(k in out)) out[k] = v;
  return out;
}

export async function loadEntity(session: SqlSession, id: number): Promise<EntityRow | undefined> {
  const { rows } = await session.query<EntityRow>('SELECT id, type, version, fields FROM entity WHERE id = $1', [id]);
  return rows[0];
}
