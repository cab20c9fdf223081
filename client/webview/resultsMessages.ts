/**
 * The one message union between the results panel's host (client/panel) and its webview
 * (client/webview). The host validates everything the webview sends with `webviewMessage`: a
 * webview is a browser page showing archive data, so its messages are input, not calls. The
 * webview imports only the types, which keeps zod out of its bundle.
 */
import { z } from 'zod';

/** A piece of a full-text highlight snippet: `mark` pieces matched the search. */
export const highlightPart = z.object({ text: z.string(), mark: z.boolean() });

/** One full-text hit: the ids it names and its highlight snippets. */
export const fullTextHit = z.object({
  ids: z.array(z.object({ key: z.string(), ids: z.array(z.string()) })),
  highlights: z.array(z.object({ key: z.string(), snippets: z.array(z.array(highlightPart)) })),
  /** The entity "Reveal" shows in the archive tree (client/search/hitEntity.ts), if the hit names one. */
  entity: z.object({ type: z.string(), id: z.string() }).optional(),
});

/** Rows of cells as display text, packed (see packedCells.ts). */
export const packedCells = z.object({ text: z.string(), lengths: z.array(z.number().int().nonnegative()), columns: z.number().int().nonnegative() });

export const resultContent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('grid'), columns: z.array(z.string()), cells: packedCells, rowCount: z.number(), hasMore: z.boolean() }),
  z.object({
    kind: z.literal('transaction'),
    saved: z.array(z.object({ tempId: z.string(), type: z.string(), id: z.string(), version: z.string() })),
  }),
  z.object({
    kind: z.literal('fullText'),
    total: z.number(),
    hits: z.array(fullTextHit),
    /** The archive's total says there are hits after these. */
    hasMore: z.boolean(),
  }),
  /** Nothing tabular (an upload's id, a download, a generic answer): the JSON view says it all. */
  z.object({ kind: z.literal('none') }),
]);

export const resultError = z.object({
  kind: z.string(),
  message: z.string(),
  status: z.number().optional(),
  errorId: z.string().optional(),
  description: z.string().optional(),
  /** For an outcome-unknown write: how to find out whether it happened. */
  check: z.string().optional(),
});

/** One `EXPECT` line of the block (or the 2xx a block without `EXPECT status` must get), judged. */
export const expectationView = z.object({
  passed: z.boolean(),
  /** 1-based line of the `EXPECT` line (the request's for the implied 2xx). */
  line: z.number().int().nonnegative(),
  /** `EXPECT results.length = 1 — actual 0`, without the mark. */
  text: z.string(),
});

export const resultView = z.object({
  title: z.string(),
  kind: z.string(),
  ok: z.boolean(),
  request: z.object({ method: z.string(), url: z.string() }).optional(),
  status: z.number().optional(),
  durationMs: z.number(),
  bytes: z.number(),
  pages: z.number().optional(),
  receivedAt: z.number(),
  headers: z.array(z.tuple([z.string(), z.string()])),
  error: resultError.optional(),
  content: resultContent,
  /** Whether there is a body for the JSON and raw views (fetched with `requestBody`). */
  hasBody: z.boolean(),
  /** The block's expectations, shown under the results; absent when it has no `EXPECT` line. */
  expectations: z.array(expectationView).optional(),
});

/** Host → webview. `generation` counts the results shown in the panel, so answers about an
 * earlier run are dropped. */
export const showMessage = z.object({ type: z.literal('show'), generation: z.number(), view: resultView, canLoadMore: z.boolean() });

export const hostMessage = z.discriminatedUnion('type', [
  showMessage,
  /** The next page(s): rows to append and the columns after them (new fields come last). */
  z.object({
    type: z.literal('rows'),
    generation: z.number(),
    columns: z.array(z.string()),
    cells: packedCells,
    hasMore: z.boolean(),
  }),
  /** The next page(s) of full-text hits, to append. */
  z.object({ type: z.literal('hits'), generation: z.number(), hits: z.array(fullTextHit), hasMore: z.boolean() }),
  z.object({
    type: z.literal('loading'),
    generation: z.number(),
    state: z.enum(['loading', 'idle']),
    all: z.boolean(),
    /** Rows held so far. */
    loaded: z.number(),
    /** Why loading stopped early (cancelled, failed), shown beside the buttons. */
    note: z.string().optional(),
  }),
  z.object({
    type: z.literal('body'),
    generation: z.number(),
    request: z.string().optional(),
    pretty: z.string(),
    raw: z.string(),
    /** The texts were cut to keep the page responsive (the export has everything). */
    truncated: z.boolean(),
  }),
]);

/** Webview → host. Row indexes are positions in the result as received (not as sorted). */
export const webviewMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('loadMore'), all: z.boolean() }),
  z.object({ type: z.literal('cancelLoad') }),
  z.object({ type: z.literal('export'), format: z.enum(['csv', 'json']) }),
  z.object({ type: z.literal('copyCell'), row: z.number().int().nonnegative(), column: z.number().int().nonnegative() }),
  z.object({ type: z.literal('copyRow'), row: z.number().int().nonnegative() }),
  z.object({ type: z.literal('requestBody') }),
  /** Reveal the entity of the full-text hit at this position (as received) in the archive tree. */
  z.object({ type: z.literal('revealHit'), hit: z.number().int().nonnegative() }),
]);

export type HighlightPart = z.infer<typeof highlightPart>;
export type FullTextHitView = z.infer<typeof fullTextHit>;
export type ResultContent = z.infer<typeof resultContent>;
export type ResultError = z.infer<typeof resultError>;
export type ExpectationView = z.infer<typeof expectationView>;
export type ResultView = z.infer<typeof resultView>;
export type HostMessage = z.infer<typeof hostMessage>;
export type WebviewMessage = z.infer<typeof webviewMessage>;
