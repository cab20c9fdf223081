/**
 * `POST /full-text/search`: `{doctype, query, limit, offset}` → `{results: [{ids, highlights,
 * expand}], facets: [], total}`. The query is free text read with PostgreSQL's `norwegian` text
 * search configuration (`websearch_to_tsquery`: words, "phrases", OR, -exclusions; stemming, so
 * `byggesaker` finds `byggesak`). Results are ranked by `ts_rank`; highlights come from
 * `ts_headline` with the archive's markers `|=hlstart=|` … `|=hlstop=|` (the recorded real
 * responses use `hlstop`, not the `hlend` of the vendor's documentation): metadata fields whole,
 * file text as up to ten fragments around the matches. Each result carries `expand: {}`, as the
 * real archive's do (the sandbox does not expand).
 */
import { z } from 'zod';
import { readJsonBody, validateBody } from '../http/requestBody';
import { sendJson } from '../http/responses';
import type { Router } from '../http/router';
import type { SandboxServices } from '../sandboxServices';
import type { SqlSession } from '../store/database';
import { doctypes, textKeyOrder, type Doctype } from './fullTextEntries';
import { fullTextConfiguration } from './fullTextIndexer';

export const highlightStart = '|=hlstart=|';
export const highlightStop = '|=hlstop=|';
const fragmentDelimiter = '|=fragment=|';

export const fullTextBodySchema = z
  .object({
    doctype: z.enum(doctypes, { error: `doctype is one of ${doctypes.join(', ')}` }).optional(),
    query: z.string({ error: (issue) => (issue.input === undefined ? 'give the text to search for' : 'query is a string of free text') }),
    limit: z.number().int('must be a whole number').min(0, 'cannot be negative').optional(),
    offset: z.number().int('must be a whole number').min(0, 'cannot be negative').optional(),
    publicUse: z.boolean().optional(),
  })
  .strict();

export interface FullTextResult {
  ids: Record<string, string[]>;
  highlights: Record<string, string[]>;
  expand: Record<string, never>;
}

export interface FullTextResponse {
  results: FullTextResult[];
  facets: never[];
  total: number;
}

const metadataOptions = `StartSel="${highlightStart}", StopSel="${highlightStop}", HighlightAll=true`;
const textOptions = `StartSel="${highlightStart}", StopSel="${highlightStop}", MaxFragments=10, MaxWords=35, MinWords=12, FragmentDelimiter="${fragmentDelimiter}"`;

export async function searchFullText(session: SqlSession, request: { doctype: Doctype; query: string; limit: number; offset: number }): Promise<FullTextResponse> {
  if (request.query.trim() === '') return { results: [], facets: [], total: 0 };
  const tsquery = `websearch_to_tsquery('${fullTextConfiguration}', $2)`;
  const { rows: counted } = await session.query<{ n: string | number }>(`SELECT count(*) AS n FROM fulltext_entry WHERE doctype = $1 AND document @@ ${tsquery}`, [request.doctype, request.query]);
  const total = Number(counted[0]?.n ?? 0);
  if (total === 0 || request.limit === 0 || request.offset >= total) return { results: [], facets: [], total };
  const { rows: page } = await session.query<{ subject_id: string | number; ids: Record<string, string[]> }>(
    `SELECT subject_id, ids FROM fulltext_entry WHERE doctype = $1 AND document @@ ${tsquery}
     ORDER BY ts_rank(document, ${tsquery}) DESC, subject_id DESC LIMIT $3 OFFSET $4`,
    [request.doctype, request.query, request.limit, request.offset],
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
  const results = page.map((row): FullTextResult => {
    const found = (bySubject.get(Number(row.subject_id)) ?? []).sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key) || a.ord - b.ord);
    const highlights: Record<string, string[]> = {};
    for (const f of found) (highlights[f.key] ??= []).push(...f.parts);
    return { ids: row.ids, highlights, expand: {} };
  });
  return { results, facets: [], total };
}

export function registerFullTextSearchEndpoint(router: Router, services: SandboxServices): void {
  router.api('POST', '/full-text/search', async ({ req, res }) => {
    const { value } = await readJsonBody(req, services.limits.maxBodyBytes);
    const body = validateBody(fullTextBodySchema, value, 'full-text search');
    const limit = Math.min(body.limit ?? 10, services.limits.maxQueryLimit);
    sendJson(res, 200, await searchFullText(services.db, { doctype: body.doctype ?? 'Tekst', query: body.query, limit, offset: body.offset ?? 0 }));
  });
}
