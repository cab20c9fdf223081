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

/** Reads the `links` of many entities with one query. */
export async function loadLinks(session: SqlSession, model: NoarkModel, entities: readonly { id: number; type: string }[]): Promise<Map<number, Record<string, number>>> {
  const result = new Map<number, Record<string, number>>();
  if (entities.length === 0) return result;
  const forwardRefs = new Set<string>();
  const inverseRefs = new Set<string>();
  const plans = new Map<string, { name: string; hop: LinkHop }[]>();
  for (const e of entities) {
    if (!plans.has(e.type)) {
      const plan = returnedLinks(model, e.type);
      plans.set(e.type, plan);
      for (const p of plan) (p.hop.kind === 'forward' ? forwardRefs : inverseRefs).add(p.hop.ref);
    }
  }
  const ids = entities.map((e) => e.id);
  // Only the directions the types need: most return forward links alone (a Klasse its system and
  // parent class), and one index scan is cheaper than two OR-ed into a bitmap.
  const directions: string[] = [];
  const params: SqlValue[] = [ids];
  if (forwardRefs.size > 0) directions.push(`(from_id = ANY($1::bigint[]) AND ref = ANY($${params.push([...forwardRefs])}::text[]))`);
  if (inverseRefs.size > 0) directions.push(`(to_id = ANY($1::bigint[]) AND ref = ANY($${params.push([...inverseRefs])}::text[]))`);
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
    const links: Record<string, number> = {};
    for (const p of plans.get(e.type) ?? []) {
      if (p.hop.kind === 'forward') {
        const to = forward.get(`${e.id}\u0000${p.hop.ref}`);
        if (to !== undefined) links[p.name] = to;
      } else {
        const types = p.hop.fromTypes;
        const from = inverse.get(`${e.id}\u0000${p.hop.ref}`)?.find((x) => types.includes(x.fromType));
        if (from) links[p.name] = from.fromId;
      }
    }
    result.set(e.id, links);
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
