/** `full-text/search` and `full-text/set` (vendor, since 3.5.1). */
import { z } from 'zod';
import { entitySchema } from './entityBodies';
import { idSchema, looseJsonObject } from './wireValues';

export const fullTextFilterValueSchema = z.union([z.string(), z.number(), z.boolean()]);
export type FullTextFilterValue = z.infer<typeof fullTextFilterValueSchema>;

export const fullTextSearchBodySchema = z
  .object({
    doctype: z.string().optional(),
    /** The free text; the checker does not require it, though archives answer 400 without it. */
    query: z.string().optional(),
    limit: z.number().optional(),
    offset: z.number().optional(),
    /** Default true: screened entities are neither matched by a filter nor expanded. */
    publicUse: z.boolean().optional(),
    /** `<Type>.<field>` → the values, ORed; a single value stands for a list of one. */
    filters: z.record(z.string(), z.union([fullTextFilterValueSchema, z.array(fullTextFilterValueSchema)])).optional(),
    /** Entity types whose objects each hit returns in `expand`. */
    expand: z.array(z.string()).optional(),
  })
  .strict();

export const fullTextSetBodySchema = z
  .object({
    dokumentversjonId: z.string(),
    /** Left out (or null), the text is set to null. */
    tekst: z.string().nullable().optional(),
  })
  .strict();

export const fullTextHitSchema = looseJsonObject({
  /** `<EntityType>.id` → ids, normalised to strings (one id alone is read as a list of one). */
  ids: z.record(z.string(), z.union([z.array(idSchema), idSchema.transform((id) => [id])])),
  /** `<EntityType>.<field>` (or `Tekst`) → snippets with `|=hlstart=|`…`|=hlstop=|` (or `|=hlend=|`). */
  highlights: z.record(z.string(), z.array(z.string())),
  /** Requested type (as the request named it) → its objects in the hit, as `query` returns them. */
  expand: z.record(z.string(), z.array(entitySchema)).optional(),
});

/** Per filtered field, the number of hits with each value. */
export const fullTextFacetSchema = looseJsonObject({ field: z.string(), values: z.record(z.string(), z.number()) });

export const fullTextResponseSchema = looseJsonObject({
  results: z.array(fullTextHitSchema),
  facets: z.array(fullTextFacetSchema),
  /** The number of matched index entries. */
  total: z.number(),
});

export type FullTextSearchBody = z.infer<typeof fullTextSearchBodySchema>;
export type FullTextSetBody = z.infer<typeof fullTextSetBodySchema>;
export type FullTextHit = z.output<typeof fullTextHitSchema>;
export type FullTextHitWire = z.input<typeof fullTextHitSchema>;
export type FullTextFacet = z.output<typeof fullTextFacetSchema>;
export type FullTextFacetWire = z.input<typeof fullTextFacetSchema>;
export type FullTextResponse = z.output<typeof fullTextResponseSchema>;
export type FullTextResponseWire = z.input<typeof fullTextResponseSchema>;

export const highlightStartMarker = '|=hlstart=|';
/** Real archives end a highlight with `|=hlstop=|`; the vendor's documentation says `|=hlend=|`. */
export const highlightEndMarkers = ['|=hlstop=|', '|=hlend=|'] as const;

/** A highlight snippet cut into plain and matched parts, whichever end marker it uses. */
export function highlightSegments(snippet: string): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = [];
  const pattern = /\|=hlstart=\|([\s\S]*?)(?:\|=hlstop=\||\|=hlend=\|)/g;
  let at = 0;
  for (let m = pattern.exec(snippet); m; m = pattern.exec(snippet)) {
    if (m.index > at) parts.push({ text: snippet.slice(at, m.index), match: false });
    parts.push({ text: m[1], match: true });
    at = m.index + m[0].length;
  }
  if (at < snippet.length) parts.push({ text: snippet.slice(at), match: false });
  return parts;
}
