/** Block run results for the results panel's tests: queries, transactions, hits, errors. */
import type { EntityObject } from '../../runner/archive/archiveApi';
import type { BlockRunResult } from '../../runner/blocks/blockRunResult';
import type { JsonValue } from '../../core/jsonValue';

export function caseFile(i: number): EntityObject {
  return {
    type: 'Saksmappe',
    id: `7f3e${String(i).padStart(8, '0')}`,
    version: String(1 + (i % 3)),
    fields: {
      tittel: `Sak ${i}: byggesak gnr ${100 + (i % 57)} bnr ${i % 13}`,
      saksaar: 2000 + (i % 25),
      sakssekvensnummer: i,
      saksstatus: i % 4 === 0 ? 'A' : 'B',
      opprettetDato: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
    },
    links: { refArkivdel: 'a1' },
  };
}

const base = {
  blockName: 'cases',
  blockIndex: 0,
  line: 3,
  durationMs: 84,
  receivedAt: Date.UTC(2025, 10, 25, 9, 30),
} satisfies Partial<BlockRunResult>;

export function queryResult(results: EntityObject[], hasMore = false, headers: Record<string, string> = { 'content-type': 'application/json' }): BlockRunResult {
  const body = { hasMore, results } as unknown as JsonValue;
  return {
    ...base,
    kind: 'query',
    ok: true,
    request: { method: 'POST', path: '/query', url: 'http://localhost:8088/api/v1/query', body: { type: 'Saksmappe', query: 'saksaar >= @aar', parameters: { '@aar': 2020 }, limit: 500 } },
    status: 200,
    headers,
    body,
    bytes: JSON.stringify(body).length,
  };
}

export function transactionResult(saved: Record<string, EntityObject>): BlockRunResult {
  const body = { saved } as unknown as JsonValue;
  return {
    ...base,
    blockName: 'create',
    kind: 'transaction',
    ok: true,
    request: { method: 'POST', path: '/transaction', url: 'http://localhost:8088/api/v1/transaction', body: { actions: [] } },
    status: 200,
    headers: { 'content-type': 'application/json' },
    body,
    bytes: JSON.stringify(body).length,
  };
}

export function fullTextResult(hits: { ids: Record<string, string[]>; highlights: Record<string, string[]> }[]): BlockRunResult {
  const body = { results: hits, facets: [], total: hits.length } as unknown as JsonValue;
  return {
    ...base,
    blockName: 'search',
    kind: 'http',
    ok: true,
    request: { method: 'POST', path: '/full-text/search', url: 'http://localhost:8088/api/v1/full-text/search' },
    status: 200,
    headers: { 'content-type': 'application/json' },
    body,
    bytes: JSON.stringify(body).length,
  };
}

export function archiveErrorResult(status: number, errorId: string, description: string, headers: Record<string, string> = {}): BlockRunResult {
  const body = { errorId, description };
  return {
    ...base,
    kind: 'query',
    ok: false,
    request: { method: 'POST', path: '/query', url: 'http://localhost:8088/api/v1/query' },
    status,
    headers,
    body,
    bytes: JSON.stringify(body).length,
    error: { kind: 'archive', message: `The archive answered ${status}: ${description}`, status, errorId, description },
  };
}
