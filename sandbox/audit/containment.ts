/**
 * What lies inside what: the links that make one entity part of another (Arkivdel in Arkiv, a
 * folder in its series, a record in its folder, a Dokument in its record, a Korrespondansepart or
 * EksternId in its owner, a Klasse in its system or parent class). Bulk open/close walk them down,
 * the closed-entity guard walks them up, and the change log's `includeChildChanges` walks them down.
 *
 * They are the model's `parent`-direction references, which are always stored from the child side
 * (`from_id` = child, `to_id` = parent; see linkModel.ts). The one exception is `refPrimaerKlasse`:
 * a primary class LABELS a folder or record, it does not contain it, so closing a class must not
 * close every case filed under it, and a closed class must not freeze them.
 */
import type { NoarkModel } from '../../core/schema';
import type { SqlSession } from '../store/database';

const classificationRefs = new Set(['refPrimaerKlasse']);

const keyCache = new WeakMap<NoarkModel, string[]>();

/** `<child type>:<ref>` of every stored link that puts the child inside the parent. */
export function containmentKeys(model: NoarkModel): string[] {
  const cached = keyCache.get(model);
  if (cached) return cached;
  const keys: string[] = [];
  for (const type of model.types) {
    if (type.abstract) continue;
    for (const reference of type.references) {
      if (reference.direction === 'parent' && !classificationRefs.has(reference.name)) keys.push(`${type.name}:${reference.name}`);
    }
  }
  keyCache.set(model, keys);
  return keys;
}

/** Longest chain followed; containment has no cycles unless someone linked a folder into itself. */
const maxDepth = 64;

/** The common table `down`: the ids of entity $1 and everything inside it by the containment references $2, as
 * far as `maxDepth` levels. */
const withDown = `WITH RECURSIVE down(id, depth) AS (
  SELECT $1::bigint, 0
  UNION
  SELECT l.from_id, down.depth + 1 FROM link l JOIN down ON l.to_id = down.id
  WHERE (l.from_type || ':' || l.ref) = ANY($2::text[]) AND down.depth < ${maxDepth}
)`;

export interface ContainedEntity {
  id: number;
  type: string;
  version: number;
  fields: Record<string, unknown>;
}

interface EntityRowText {
  id: number | string;
  type: string;
  version: number | string;
  fields: Record<string, unknown>;
}

/** The entity `rootId` and everything inside it, at any depth (root first, then by id). */
export async function loadSubtree(session: SqlSession, model: NoarkModel, rootId: number): Promise<ContainedEntity[]> {
  const { rows } = await session.query<EntityRowText>(
    `${withDown}
     SELECT e.id, e.type, e.version, e.fields FROM entity e WHERE e.id IN (SELECT id FROM down)
     ORDER BY (e.id = $1::bigint) DESC, e.id`,
    [rootId, containmentKeys(model)],
  );
  return rows.map((r) => ({ id: Number(r.id), type: r.type, version: Number(r.version), fields: r.fields }));
}

/** Ids of `rootId` and everything inside it (the change log's `includeChildChanges`). */
export async function subtreeIds(session: SqlSession, model: NoarkModel, rootId: number): Promise<number[]> {
  const { rows } = await session.query<{ id: number | string }>(
    `${withDown}
     SELECT DISTINCT id FROM down`,
    [rootId, containmentKeys(model)],
  );
  return rows.map((r) => Number(r.id));
}

/**
 * On a PostgreSQL server, before an entity is closed: everything inside it row-locked `FOR NO KEY
 * UPDATE` until the commit. A transaction that adds below it (or saves inside it) locks the parent
 * it adds to, which is then the entity or one of those rows, and so either finished before this
 * lock was granted (its entities were there before the close) or waits and then finds its
 * container closed. The closing transaction pays for this, not every insert: closes are rare.
 * Another transaction may have committed new entities inside while the first lock waited for it,
 * which that statement's snapshot did not show, so the walk is repeated until it finds none.
 * Locked in id order, the order bulk work and every repeated walk use.
 */
export async function lockContents(session: SqlSession, model: NoarkModel, rootId: number): Promise<void> {
  const locked: number[] = [rootId];
  for (;;) {
    const { rows } = await session.query<{ id: number | string }>(
      `${withDown}
       SELECT e.id FROM entity e WHERE e.id IN (SELECT id FROM down) AND NOT (e.id = ANY($3::bigint[]))
       ORDER BY e.id FOR NO KEY UPDATE OF e`,
      [rootId, containmentKeys(model), locked],
    );
    if (rows.length === 0) return;
    for (const row of rows) locked.push(Number(row.id));
  }
}

/** SQL of a recursive CTE `up(id, depth)`: `$1` and every entity that contains it (depth 0 = itself). */
export function ancestorsCte(keysParam: string, idParam: string): string {
  return `WITH RECURSIVE up(id, depth) AS (
    SELECT ${idParam}::bigint, 0
    UNION ALL
    SELECT l.to_id, up.depth + 1 FROM link l JOIN up ON l.from_id = up.id
    WHERE (l.from_type || ':' || l.ref) = ANY(${keysParam}::text[]) AND up.depth < ${maxDepth}
  )`;
}
