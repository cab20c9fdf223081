/**
 * A full-text search as the results panel shows it: the first page of hits, and the next pages
 * through "Load next page" (the archive counts its hits in `total`; a page is `offset`/`limit`).
 */
import type { JsonValue } from '../../core/jsonValue';
import type { ArchiveApi, FullTextSearchBody } from '../../runner/archive/archiveApi';
import type { BlockRunResult } from '../../runner/blocks/blockRunResult';
import type { MorePages } from '../panel/resultsSession';
import { failureResult, responseResult } from './archiveCallResult';
import type { Doctype } from './searchArguments';

/** Hits per page: a screenful with their highlights. */
export const searchPageSize = 20;

export interface PanelContent {
  result: BlockRunResult;
  more?: MorePages;
}

export async function searchFullText(
  client: ArchiveApi,
  search: { doctype: Doctype; query: string; pageSize?: number },
  signal?: AbortSignal,
  redact?: (text: string) => string,
): Promise<PanelContent> {
  const limit = search.pageSize ?? searchPageSize;
  const body: FullTextSearchBody = { doctype: search.doctype, query: search.query, offset: 0, limit };
  try {
    const response = await client.fullTextSearch(body, { signal });
    let offset = response.body.results.length;
    let total = response.body.total;
    const more: MorePages = {
      next: async (pageSignal) => {
        const page = await client.fullTextSearch({ ...body, offset }, { signal: pageSignal });
        offset += page.body.results.length;
        total = page.body.total;
        // Parsed JSON that the client's schema only normalised: the panel keeps hits as JSON.
        return { results: page.body.results as unknown as JsonValue[], hasMore: offset < total };
      },
    };
    return { result: responseResult(response), more: offset < total ? more : undefined };
  } catch (error) {
    return { result: failureResult(error, redact) };
  }
}
