/**
 * `POST /full-text/search`: `{doctype, query, filters, publicUse, expand, limit, offset}` →
 * `{results: [{ids, highlights, expand}], facets, total}`. The query is free text read with
 * PostgreSQL's `norwegian` text search configuration (`websearch_to_tsquery`: words, "phrases",
 * OR, -exclusions; stemming, so `byggesaker` finds `byggesak`). Results are ranked by `ts_rank`;
 * highlights come from `ts_headline` with the archive's markers `|=hlstart=|` … `|=hlstop=|` (the
 * recorded real responses use `hlstop`, not the `hlend` of the vendor's documentation): metadata
 * fields whole, file text as up to ten fragments around the matches.
 *
 * `filters` and `expand` read the stored entities the hit's `ids` name (fullTextRefinements.ts).
 * `facets` has one entry per filtered field, counted over the hits of the whole search (query and
 * every filter), as a search index counts facets within its filtered result; the recorded real
 * response of an unfiltered search has `facets: []`.
 */
import { fullTextSearchBodySchema as fullTextSearchBody, type FullTextHitWire, type FullTextResponseWire } from '../../core/api';
import { z } from 'zod';
import { fullTextExpandKeys } from '../../core/document/fullTextSearchTerms';
import { recordReads } from '../audit/accessLog';
import { ServiceError } from '../http/errors';
import { readJsonBody, validateBody } from '../http/requestBody';
import { sendJson } from '../http/responses';
import type { Router } from '../http/router';
import type { SandboxServices } from '../sandboxServices';
import type { SqlSession, SqlValue } from '../store/database';
import type { EntityResult } from '../store/entityRows';
import type { NoarkModel } from '../../core/schema';
import { doctypes, textKeyOrder, type Doctype } from './fullTextEntries';
import { fullTextConfiguration } from './fullTextIndexer';
import { countFacets, expandHits, filterConditions, resolveExpand, resolveFilters } from './fullTextRefinements';

export const highlightStart = '|=hlstart=|';
export const highlightStop = '|=hlstop=|';
const fragmentDelimiter = '|=fragment=|';

const filterValue = z.union([z.string(), z.number(), z.boolean()], { error: 'a filter value is a string (a number or boolean is read as its text)' });

export const fullTextBodySchema = fullTextSearchBody.extend({
  doctype: z.enum(doctypes, { error: `doctype is one of ${doctypes.join(', ')}` }).optional(),
  query: z.string({ error: (issue) => (issue.input === undefined ? 'give the text to search for' : 'query is a string of free text') }),
  // The vendor documents a list per field; a single value is read as a list of one.
  filters: z.record(z.string(), z.union([filterValue, z.array(filterValue)]), { error: 'filters is an object: field → value or list of values' }).optional(),
  expand: z.array(z.string(), { error: `expand is a list of entity types (${fullTextExpandKeys.join(', ')})` }).optional(),
  limit: z.number().int('must be a whole number').min(0, 'cannot be negative').optional(),
  offset: z.number().int('must be a whole number').min(0, 'cannot be negative').optional(),
});

/** A hit as the sandbox builds it: core/api's, with its ids already strings and `expand` always present. */
type FullTextResult = FullTextHitWire & { ids: Record<string, string[]>; expand: Record<string, EntityResult[]> };

/** The answer as the sandbox builds it (core/api's `FullTextResponseWire`, narrowed). */
type FullTextResponse = FullTextResponseWire & { results: FullTextResult[] };

export interface FullTextSearchRequest {
  doctype: Doctype;
  query: string;
  limit: number;
  offset: number;
  filters?: Record<string, string | number | boolean | (string | number | boolean)[]>;
  expand?: readonly string[];
  /** Default true: screened entities are neither matched by a filter nor expanded. */
  publicUse?: boolean;
}

const metadataOptions = `StartSel="${highlightStart}", StopSel="${highlightStop}", HighlightAll=true`;
const textOptions = `StartSel="${highlightStart}", StopSel="${highlightStop}", MaxFragments=10, MaxWords=35, MinWords=12, FragmentDelimiter="${fragmentDelimiter}"`;

/** `timeZone`: the zone expanded entities' timestamps are written in. */
export async function searchFullText(session: SqlSession, model: NoarkModel, request: FullTextSearchRequest, timeZone: string): Promise<FullTextResponse> {
  const publicUse = request.publicUse ?? true;
  const filters = resolveFilters(model, request.filters ?? {});
  const expand = resolveExpand(model, request.expand ?? []);
  if (request.query.trim() === '') return { results: [], facets: filters.map((f) => ({ field: f.name, values: {} })), total: 0 };
  const tsquery = `websearch_to_tsquery('${fullTextConfiguration}', $2)`;
  const base = [request.doctype, request.query];
  const filtered = filterConditions(filters, 'e', publicUse, base.length + 1);
  const where = `e.doctype = $1 AND e.document @@ ${tsquery}${filtered.sql.map((c) => ` AND ${c}`).join('')}`;
  const params: SqlValue[] = [...base, ...filtered.params];
  const { rows: counted } = await session.query<{ n: string | number }>(`SELECT count(*) AS n FROM fulltext_entry e WHERE ${where}`, params);
  const total = Number(counted[0]?.n ?? 0);
  const facets = await countFacets(session, filters, where, params, publicUse);
  if (total === 0 || request.limit === 0 || request.offset >= total) return { results: [], facets, total };
  const n = params.length;
  const { rows: page } = await session.query<{ subject_id: string | number; ids: Record<string, string[]> }>(
    `SELECT e.subject_id, e.ids FROM fulltext_entry e WHERE ${where}
     ORDER BY ts_rank(e.document, ${tsquery}) DESC, e.subject_id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...params, request.limit, request.offset],
  );
  const subjectIds = page.map((r) => Number(r.subject_id));
  const { rows: marked } = await session.query<{ subject_id: string | number; key: string; ord: string | number; headline: string }>(
    `SELECT e.subject_id, t.key, v.ord,
       ts_headline('${fullTextConfiguration}', v.value, ${tsquery}, CASE WHEN t.key = 'Tekst' THEN $4 ELSE $5 END) AS headline
     FROM fulltext_entry e
     CROSS JOIN LATERAL jsonb_each(e.texts) AS t(key, value)
     CROSS JOIN LATERAL jsonb_array_elements_text(t.value) WITH ORDINALITY AS v(value, ord)
     WHERE e.doctype = $1 AND e.subject_id = ANY($3::bigint[])`,
    [request.doctype, request.query, subjectIds, textOptions, metadataOptions],
  );
  const order = textKeyOrder(request.doctype);
  const bySubject = new Map<number, { key: string; ord: number; parts: string[] }[]>();
  for (const r of marked) {
    if (!r.headline.includes(highlightStart)) continue;
    const parts = r.key === 'Tekst' ? r.headline.split(fragmentDelimiter).filter((p) => p.includes(highlightStart)) : [r.headline];
    const list = bySubject.get(Number(r.subject_id)) ?? [];
    list.push({ key: r.key, ord: Number(r.ord), parts });
    bySubject.set(Number(r.subject_id), list);
  }
  const expanded = await expandHits(session, model, page.map((row) => row.ids), expand, publicUse, timeZone);
  const results = page.map((row, i): FullTextResult => {
    const found = (bySubject.get(Number(row.subject_id)) ?? []).sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key) || a.ord - b.ord);
    const highlights: Record<string, string[]> = {};
    for (const f of found) (highlights[f.key] ??= []).push(...f.parts);
    return { ids: row.ids, highlights, expand: expanded[i] ?? {} };
  });
  return { results, facets, total };
}

/** The expanded entities of a response, once each, for the access log. */
function expandedEntities(response: FullTextResponse): EntityResult[] {
  const byId = new Map<string, EntityResult>();
  for (const r of response.results) for (const list of Object.values(r.expand)) for (const e of list) byId.set(e.id, e);
  return [...byId.values()];
}

export function registerFullTextSearchEndpoint(router: Router, services: SandboxServices): void {
  router.api('POST', '/full-text/search', async ({ req, res, account }) => {
    const { value } = await readJsonBody(req, services.limits.maxBodyBytes);
    const body = validateBody(fullTextBodySchema, value, 'full-text search');
    const unknownExpand = (body.expand ?? []).filter((t) => resolveExpand(services.model, [t]).length === 0);
    if (unknownExpand.length > 0) {
      throw new ServiceError(400, `The full-text search was not run: expand takes ${fullTextExpandKeys.join(', ')} or one of their concrete types, not ${unknownExpand.map((t) => `"${t}"`).join(', ')}.`);
    }
    const limit = Math.min(body.limit ?? 10, services.limits.maxQueryLimit);
    const response = await searchFullText(services.db, services.model, {
      doctype: body.doctype ?? 'Tekst',
      query: body.query,
      limit,
      offset: body.offset ?? 0,
      filters: body.filters,
      expand: body.expand,
      publicUse: body.publicUse,
    }, services.timeZone);
    recordReads(services, account, expandedEntities(response));
    sendJson(res, 200, response satisfies FullTextResponseWire);
  });
}
