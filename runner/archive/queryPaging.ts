/**
 * Walking every page of a query: pages are requested a few offsets ahead of the one being read
 * (offset = previous offset + limit, as the spec pages), delivered strictly in order, and the
 * window of pages requested but not yet delivered is bounded, so a walk over 50,000 results holds
 * a handful of pages however slowly its consumer reads them.
 */
import type { ArchiveResponse, QueryAllOptions, QueryBody, QueryPage, QueryResponse } from './archiveApi';
import { ResponseShapeError, RunCancelledError, type RequestSummary } from './archiveErrors';

export type PageFetcher = (body: QueryBody, signal: AbortSignal) => Promise<ArchiveResponse<QueryResponse>>;

const maxQueryLimit = 500;

function positiveWhole(value: number | undefined, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) throw new RangeError(`queryAll: ${name} must be a whole number from 1 to ${max}, not ${value}`);
  return value;
}

interface PendingPage {
  offset: number;
  limit: number;
  promise: Promise<ArchiveResponse<QueryResponse>>;
}

/**
 * Every page of `body` from its offset on. Stops at the first page with `hasMore: false`, after
 * `maxResults`, or when the signal aborts (requests in flight are aborted with it). Leaving the
 * loop early (break, an exception in the consumer) aborts the requests still in flight.
 */
export async function* walkQueryPages(fetchPage: PageFetcher, body: QueryBody, options: QueryAllOptions = {}): AsyncGenerator<QueryPage, void, undefined> {
  let limit = positiveWhole(options.pageSize ?? body.limit, 'pageSize', maxQueryLimit, maxQueryLimit);
  const window = positiveWhole(options.concurrency, 'concurrency', 4, 64);
  const maxResults = options.maxResults === undefined ? Number.POSITIVE_INFINITY : positiveWhole(options.maxResults, 'maxResults', 0);
  const start = body.offset ?? 0;
  if (!Number.isInteger(start) || start < 0) throw new RangeError(`queryAll: offset must be a whole number of 0 or more, not ${start}`);

  const controller = new AbortController();
  const outer = options.signal;
  const onAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) throw new RunCancelledError({ method: 'POST', path: 'query' });
  outer?.addEventListener('abort', onAbort, { once: true });

  const pending: PendingPage[] = [];
  let nextOffset = start;
  /** No page past this offset is asked for: the end is known, or `maxResults` is reached. */
  let stopAt = maxResults === Number.POSITIVE_INFINITY ? Number.POSITIVE_INFINITY : start + maxResults;
  let delivered = 0;

  const request = (offset: number, size: number): PendingPage => {
    const promise = fetchPage({ ...body, offset, limit: size }, controller.signal);
    // A page that fails while waiting its turn is reported when its turn comes, not as an
    // unhandled rejection before that.
    promise.catch(() => undefined);
    return { offset, limit: size, promise };
  };
  const fill = () => {
    while (pending.length < window && nextOffset < stopAt) {
      const size = Math.min(limit, stopAt - nextOffset);
      pending.push(request(nextOffset, size));
      nextOffset += size;
    }
  };

  try {
    fill();
    const cancelled = () => new RunCancelledError({ method: 'POST', path: 'query' });
    while (pending.length > 0) {
      // Pages already fetched are not handed out once the caller cancelled.
      if (outer?.aborted) throw cancelled();
      const page = pending.shift() as PendingPage;
      let response: ArchiveResponse<QueryResponse>;
      try {
        response = await page.promise;
      } catch (error) {
        if (outer?.aborted) throw cancelled();
        throw error;
      }
      if (outer?.aborted) throw cancelled();
      const { results, hasMore } = response.body;
      const summary: RequestSummary = { method: response.request.method, path: response.request.path };
      if (hasMore && results.length === 0) {
        throw new ResponseShapeError(summary, '$.results', `the page at offset ${page.offset} is empty although hasMore is true; paging would never end`, JSON.stringify({ hasMore, results: [] }));
      }
      if (results.length > page.limit) {
        throw new ResponseShapeError(summary, '$.results', `the page at offset ${page.offset} has ${results.length} results, more than the limit ${page.limit} asked for`, '');
      }
      const end = !hasMore || page.offset + results.length >= stopAt;
      if (hasMore && results.length < page.limit && !end) {
        // The archive caps pages below the limit asked for: the pages asked ahead start at the
        // wrong offsets. Drop them and go on from what this page really covered, at its size.
        for (const dropped of pending.splice(0)) dropped.promise.catch(() => undefined);
        limit = results.length;
        nextOffset = page.offset + results.length;
      }
      if (end) {
        stopAt = Math.min(stopAt, page.offset + results.length);
        pending.length = 0;
      }
      const kept = Math.min(results.length, maxResults - delivered);
      delivered += kept;
      const pageOut: QueryPage = {
        offset: page.offset,
        limit: page.limit,
        results: kept < results.length ? results.slice(0, kept) : results,
        hasMore: hasMore || kept < results.length,
        response,
      };
      if (end) {
        // Pages asked ahead past the end are of no use: cancel them before handing this one out.
        controller.abort();
        yield pageOut;
        return;
      }
      fill();
      yield pageOut;
    }
  } finally {
    outer?.removeEventListener('abort', onAbort);
    // Whatever ended the walk (the last page, an error, the consumer leaving), nothing stays in flight.
    if (!controller.signal.aborted) controller.abort();
    for (const left of pending) left.promise.catch(() => undefined);
  }
}
