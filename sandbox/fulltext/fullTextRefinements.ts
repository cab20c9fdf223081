/**
 * The parts of a full-text search that read the stored entities a hit names in its `ids`:
 * `filters` (a hit matches when, for every filtered field, one of the entities of that field's
 * type has one of the values; the values of one field are ORed), the facet counts of the filtered
 * fields, and `expand` (the named entities as the query endpoint returns them). With `publicUse`
 * a screened entity is neither matched nor expanded, as the query endpoint hides it.
 */
import type { FullTextFacetWire } from '../../core/api';
import { fullTextFilterField, fullTextKeyOf, type FullTextExpandKey } from '../../core/document/fullTextSearchTerms';
import type { NoarkModel } from '../../core/schema';
import type { SqlSession, SqlValue } from '../store/database';
import { toResults, type EntityResult, type EntityRow } from '../store/entityRows';


type FilterValue = string | number | boolean;

export interface ResolvedFilter {
  /** As the request wrote it; the facet carries it back. */
  name: string;
  values: string[];
  /** Undefined for a name no index entry holds: the filter then matches nothing. */
  target?: { key: FullTextExpandKey; types: string[]; field: string };
}

export function resolveFilters(model: NoarkModel, filters: Record<string, FilterValue | FilterValue[]>): ResolvedFilter[] {
  return Object.entries(filters).map(([name, raw]) => ({
    name,
    values: (Array.isArray(raw) ? raw : [raw]).map(String),
    target: fullTextFilterField(model, name),
  }));
}

export interface ResolvedExpand {
  /** As the request wrote it: the key of the hit's `expand`. */
  name: string;
  key: FullTextExpandKey;
  types: string[];
}

export function resolveExpand(model: NoarkModel, names: readonly string[]): ResolvedExpand[] {
  const out: ResolvedExpand[] = [];
  for (const name of new Set(names)) {
    const key = fullTextKeyOf(model, name);
    if (key) out.push({ name, key, types: model.concreteTypes(name) });
  }
  return out;
}

/** The entities of a filter's type named by entry `alias`, as SQL (`x` is the entity). */
function namedEntities(target: NonNullable<ResolvedFilter['target']>, alias: string, typesParam: string, publicUse: boolean): string {
  return `jsonb_array_elements_text(${alias}.ids->'${target.key}.id') AS f(id)
    JOIN entity x ON x.id = f.id::bigint AND x.type = ANY(${typesParam}::text[])${publicUse ? ' AND NOT x.screened' : ''}`;
}

/** One SQL condition per filter on entry `alias`; parameters are numbered from `firstParam`. */
export function filterConditions(filters: readonly ResolvedFilter[], alias: string, publicUse: boolean, firstParam: number): { sql: string[]; params: SqlValue[] } {
  const sql: string[] = [];
  const params: SqlValue[] = [];
  for (const f of filters) {
    if (!f.target) {
      sql.push('false');
      continue;
    }
    const n = firstParam + params.length;
    params.push(f.target.types, f.target.field, f.values);
    sql.push(`EXISTS (SELECT 1 FROM ${namedEntities(f.target, alias, `$${n}`, publicUse)} WHERE x.fields->>($${n + 1}::text) = ANY($${n + 2}::text[]))`);
  }
  return { sql, params };
}

/** Per filtered field, how many entries of the search (`where` over entry `e`) hold each value. */
export async function countFacets(session: SqlSession, filters: readonly ResolvedFilter[], where: string, params: readonly SqlValue[], publicUse: boolean): Promise<FullTextFacetWire[]> {
  const facets: FullTextFacetWire[] = [];
  for (const f of filters) {
    const values: Record<string, number> = {};
    if (f.target) {
      const n = params.length + 1;
      const { rows } = await session.query<{ value: string; n: string | number }>(
        `SELECT v.value, count(DISTINCT e.subject_id) AS n
         FROM fulltext_entry e
         CROSS JOIN LATERAL (SELECT x.fields->>($${n + 1}::text) AS value FROM ${namedEntities(f.target, 'e', `$${n}`, publicUse)}) AS v
         WHERE ${where} AND v.value IS NOT NULL
         GROUP BY v.value ORDER BY n DESC, v.value`,
        [...params, f.target.types, f.target.field],
      );
      for (const r of rows) values[r.value] = Number(r.n);
    }
    facets.push({ field: f.name, values });
  }
  return facets;
}

/** Each hit's `expand`: per requested type, the entities of its `ids` of that type, in `ids` order. */
export async function expandHits(session: SqlSession, model: NoarkModel, hits: readonly Record<string, string[]>[], expand: readonly ResolvedExpand[], publicUse: boolean, timeZone: string): Promise<Record<string, EntityResult[]>[]> {
  if (expand.length === 0) return hits.map(() => ({}));
  const wanted = new Set<number>();
  for (const ids of hits) for (const e of expand) for (const id of ids[`${e.key}.id`] ?? []) wanted.add(Number(id));
  const { rows } = await session.query<EntityRow>(
    `SELECT id, type, version, fields FROM entity WHERE id = ANY($1::bigint[])${publicUse ? ' AND NOT screened' : ''}`,
    [[...wanted]],
  );
  const results = await toResults(session, model, rows, timeZone);
  const byId = new Map(results.map((r) => [r.id, r]));
  return hits.map((ids) => {
    const out: Record<string, EntityResult[]> = {};
    for (const e of expand) {
      out[e.name] = (ids[`${e.key}.id`] ?? []).flatMap((id) => {
        const entity = byId.get(id);
        return entity && e.types.includes(entity.type) ? [entity] : [];
      });
    }
    return out;
  });
}
