/** The results panel's host with full-text hits and log entries: pages that the archive counts
 * with `total`, hits appended as hits, and "Reveal" naming the hit's entity. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { EntityRef } from '../../client/archive/entityRef';
import { ResultsSession, type MorePages, type ResultsHost } from '../../client/panel/resultsSession';
import type { HostMessage } from '../../client/webview/resultsMessages';
import type { JsonValue } from '../../core/jsonValue';
import type { BlockRunResult } from '../../runner/blocks/blockRunResult';

function hit(i: number): { ids: Record<string, string[]>; highlights: Record<string, string[]> } {
  return {
    ids: { 'AbstraktRegistrering.id': [String(1000 + i)], 'Korrespondansepart.id': [String(3000 + i)], 'Dokumentversjon.id': [String(2000 + i)] },
    highlights: { Tekst: [`brev ${i} om |=hlstart=|byggesak|=hlstop=|`] },
  };
}

function searchResult(doctype: string, hits: JsonValue[], total: number): BlockRunResult {
  const body = { results: hits, facets: [], total } as JsonValue;
  return {
    blockName: undefined,
    blockIndex: -1,
    line: 0,
    kind: 'http',
    ok: true,
    request: { method: 'POST', path: 'full-text/search', url: 'http://127.0.0.1/full-text/search', body: { doctype, query: 'byggesak', offset: 0, limit: hits.length } },
    status: 200,
    body,
    durationMs: 3,
    bytes: 10,
    receivedAt: 0,
  };
}

function fakeHost(withReveal = true) {
  const posted: HostMessage[] = [];
  const revealed: EntityRef[] = [];
  const reports: string[] = [];
  const host: ResultsHost = {
    post: (m) => posted.push(m),
    copy: async () => undefined,
    saveTarget: async () => undefined,
    report: (severity, message) => reports.push(`${severity}: ${message}`),
    ...(withReveal
      ? {
          reveal: async (entity: EntityRef) => {
            revealed.push(entity);
          },
        }
      : {}),
  };
  return { host, posted, revealed, reports };
}

describe('ResultsSession with full-text hits', () => {
  test('a search counted by total loads its next pages as hits, and a reload shows them all', async () => {
    const { host, posted } = fakeHost();
    const session = new ResultsSession(host);
    let offset = 2;
    const more: MorePages = {
      next: async () => {
        const results = [hit(offset), hit(offset + 1)].slice(0, 5 - offset);
        offset += results.length;
        return { results, hasMore: offset < 5 };
      },
    };
    session.show('Search', searchResult('Tekst', [hit(0), hit(1)], 5), more);
    await session.receive({ type: 'ready' });
    const shown = posted.find((m) => m.type === 'show');
    assert.ok(shown?.type === 'show' && shown.view.content.kind === 'fullText');
    assert.equal(shown.canLoadMore, true);
    assert.equal(shown.view.content.hasMore, true);
    assert.deepEqual(shown.view.content.hits[0]?.entity, { type: 'Dokumentversjon', id: '2000' }, 'each hit says what Reveal shows');

    await session.receive({ type: 'loadMore', all: true });
    const appended = posted.filter((m) => m.type === 'hits');
    assert.deepEqual(
      appended.map((m) => (m.type === 'hits' ? [m.hits.map((h) => h.ids[0]?.ids[0]), m.hasMore] : [])),
      [
        [['1002', '1003'], true],
        [['1004'], false],
      ],
    );
    assert.equal(posted.filter((m) => m.type === 'rows').length, 0, 'hits never become grid rows');
    const idle = posted.at(-1);
    assert.ok(idle?.type === 'loading' && idle.state === 'idle' && idle.loaded === 5 && idle.note === undefined, JSON.stringify(idle));

    // The webview reloads (hidden and shown again): every hit comes back, and no more to load.
    posted.length = 0;
    await session.receive({ type: 'ready' });
    const again = posted[0];
    assert.ok(again?.type === 'show' && again.view.content.kind === 'fullText');
    assert.equal(again.view.content.hits.length, 5);
    assert.equal(again.canLoadMore, false);

    // The JSON view holds every hit loaded.
    await session.receive({ type: 'requestBody' });
    const body = posted.find((m) => m.type === 'body');
    assert.ok(body?.type === 'body');
    assert.equal((JSON.parse(body.pretty) as { results: unknown[] }).results.length, 5);
  });

  test('"Reveal" sends the entity of the hit at that position: the subject of the searched collection', async () => {
    const { host, revealed, reports } = fakeHost();
    const session = new ResultsSession(host);
    // Something that is not a hit in a later page is left out, so positions still match the webview's.
    const more: MorePages = { next: async () => ({ results: [{ ids: 'x' }, hit(7)], hasMore: false }) };
    session.show('Search', searchResult('Registrering', [hit(0), hit(1)], 3), more);
    await session.receive({ type: 'ready' });
    await session.receive({ type: 'revealHit', hit: 1 });
    await session.receive({ type: 'loadMore', all: false });
    await session.receive({ type: 'revealHit', hit: 2 });
    assert.deepEqual(revealed, [
      { type: 'AbstraktRegistrering', id: '1001' },
      { type: 'AbstraktRegistrering', id: '1007' },
    ]);
    // Positions that hold no hit, and messages that are not what they claim, do nothing.
    for (const message of [{ type: 'revealHit', hit: 3 }, { type: 'revealHit', hit: -1 }, { type: 'revealHit', hit: 0.5 }, { type: 'revealHit', hit: '0' }, { type: 'revealHit' }]) await session.receive(message);
    assert.equal(revealed.length, 2);
    assert.deepEqual(reports, []);

    session.show('Search', searchResult('Tekst', [hit(0)], 1));
    await session.receive({ type: 'revealHit', hit: 0 });
    assert.deepEqual(revealed.at(-1), { type: 'Dokumentversjon', id: '2000' });
  });

  test('a hit that names no entity, or a host without a tree, says so', async () => {
    const { host, posted, revealed, reports } = fakeHost();
    const session = new ResultsSession(host);
    session.show('Search', searchResult('Tekst', [{ ids: { 'Noe.id': ['1'] }, highlights: {} }], 1));
    await session.receive({ type: 'ready' });
    const shown = posted[0];
    assert.ok(shown?.type === 'show' && shown.view.content.kind === 'fullText');
    assert.equal(shown.view.content.hits[0]?.entity, undefined, 'no Reveal for it');
    await session.receive({ type: 'revealHit', hit: 0 });
    assert.deepEqual(revealed, []);
    assert.deepEqual(reports, ['info: Hit 1 names no entity the archive tree can show.']);

    const failing = fakeHost();
    failing.host.reveal = async () => {
      throw new Error('no connection');
    };
    const other = new ResultsSession(failing.host);
    other.show('Search', searchResult('Tekst', [hit(0)], 1));
    await other.receive({ type: 'revealHit', hit: 0 });
    assert.deepEqual(failing.reports, ['error: Could not reveal Dokumentversjon 2000: no connection']);
  });
});

describe('ResultsSession with log entries', () => {
  test('a change log counted by total is a grid with more to load until the offset reaches it', async () => {
    const { host, posted } = fakeHost(false);
    const session = new ResultsSession(host);
    const entry = (i: number) => ({ id: '41', type: 'Saksmappe', revisionId: String(i), revisionType: 'UPDATE', modifiedBy: '<b>demo</b>' });
    const result: BlockRunResult = {
      ...searchResult('Tekst', [], 0),
      request: { method: 'POST', path: 'logs/change-log', url: 'http://127.0.0.1/logs/change-log', body: { type: 'Saksmappe', id: '41', offset: 0, limit: 2 } },
      body: { results: [entry(1), entry(2)], total: 3 },
    };
    let calls = 0;
    session.show('Change log', result, { next: async () => ((calls += 1), { results: [entry(3)], hasMore: false }) });
    await session.receive({ type: 'ready' });
    const shown = posted[0];
    assert.ok(shown?.type === 'show' && shown.view.content.kind === 'grid');
    assert.equal(shown.view.content.hasMore, true);
    assert.equal(shown.canLoadMore, true);
    assert.deepEqual(shown.view.content.columns, ['id', 'type', 'revisionId', 'revisionType', 'modifiedBy']);
    await session.receive({ type: 'loadMore', all: true });
    assert.equal(calls, 1);
    const rows = posted.find((m) => m.type === 'rows');
    assert.ok(rows?.type === 'rows' && rows.hasMore === false);

    // An offset further on: the total counts from the start.
    const later: BlockRunResult = { ...result, request: { ...result.request!, body: { type: 'Saksmappe', id: '41', offset: 1, limit: 2 } } };
    session.show('Change log', later);
    const last = posted.at(-1);
    assert.ok(last?.type === 'show' && last.view.content.kind === 'grid' && last.view.content.hasMore === false);
  });
});
