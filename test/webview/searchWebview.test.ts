/**
 * Full-text hits and log entries in the results webview, in headless chromium: later pages of
 * hits are appended, each hit's "Reveal" sends only its position, and script and HTML in hits and
 * log entries (ids, keys, snippets, values) show as text and never run. Needs chromium (see
 * webviewPage.ts).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import type { MorePages } from '../../client/panel/resultsSession';
import type { JsonValue } from '../../core/jsonValue';
import type { BlockRunResult } from '../../runner/blocks/blockRunResult';
import { scriptPayloads } from './scriptPayloads';
import { assertClean, ResultsPage } from './webviewPage';
import { withChromium, type BuiltWebview } from './chromiumSuite';

let browser: Browser;
let bundle: BuiltWebview;
withChromium((b, w) => {
  browser = b;
  bundle = w;
});

function answer(path: string, requestBody: JsonValue, body: JsonValue): BlockRunResult {
  return {
    blockName: undefined,
    blockIndex: -1,
    line: 0,
    kind: 'http',
    ok: true,
    request: { method: 'POST', path, url: `http://127.0.0.1:8088/rms/api/public/noark5/v1/${path}`, body: requestBody },
    status: 200,
    headers: { 'content-type': 'application/json' },
    body,
    durationMs: 12,
    bytes: JSON.stringify(body).length,
    receivedAt: Date.UTC(2026, 10, 25, 9, 30),
  };
}

describe('search and logs in the results webview', () => {
  test('hits with script in them: the first page, then the next appended; all text; Reveal sends the position', async () => {
    const results = await ResultsPage.open(browser, bundle.dir, { width: 1200, height: 1200 });
    try {
      const page = results.page;
      const hit = (p: string, i: number) => ({ ids: { 'Dokumentversjon.id': [String(100 + i)], [p]: [p] }, highlights: { [p]: [`${p} |=hlstart=|${p}|=hlstop=|`] } });
      const half = Math.floor(scriptPayloads.length / 2);
      const firstHits = scriptPayloads.slice(0, half).map(hit);
      const laterHits: { ids: Record<string, string[]>; highlights: Record<string, string[]> }[] = scriptPayloads.slice(half).map((p, i) => hit(p, half + i));
      // The last hit names no entity: it gets no Reveal.
      laterHits.push({ ids: { 'Noe.id': ['1'] }, highlights: { Tekst: ['uten |=hlstart=|enhet|=hlstop=|'] } });
      const more: MorePages = { next: async () => ({ results: laterHits as unknown as JsonValue[], hasMore: false }) };
      await results.show(
        'Search "<b>x</b>" in Tekst',
        answer('full-text/search', { doctype: 'Tekst', query: '<b>x</b>', offset: 0, limit: half }, { results: firstHits, facets: [], total: scriptPayloads.length } as unknown as JsonValue),
        more,
      );
      await page.locator('.hit').nth(half - 1).waitFor();
      assert.equal(await page.locator('.title').textContent(), 'Search "<b>x</b>" in Tekst');
      assert.equal(await page.locator('.hit').count(), half);

      await page.locator('.load-next').click();
      await page.locator('.hit').nth(scriptPayloads.length).waitFor();
      const marks = await page.locator('.snippet mark').allTextContents();
      assert.deepEqual(marks, [...scriptPayloads, 'enhet'], 'every highlight of both pages shows as its text');
      const keys = await page.locator('.hit-highlight .hit-key').allTextContents();
      assert.deepEqual(keys, [...scriptPayloads, 'Tekst']);
      assert.equal(await page.locator('.hit-reveal').count(), scriptPayloads.length, 'a Reveal for each hit that names an entity');
      assert.equal(await page.locator('.hit').nth(scriptPayloads.length).locator('.hit-reveal').count(), 0);
      assert.equal(await page.locator('.hit').nth(7).locator('.hit-reveal').getAttribute('title'), 'Reveal Dokumentversjon 107 in the archive tree');
      assert.ok(await page.locator('.more').isHidden(), 'nothing more to load');
      assert.match((await page.locator('.facts').textContent()) ?? '', new RegExp(`· ${scriptPayloads.length + 1} hits ·`));

      await page.locator('.hit').nth(3).locator('.hit-reveal').click();
      await page.locator('.hit').nth(scriptPayloads.length - 1).locator('.hit-reveal').click();
      const reveals = (await results.sent()).filter((m) => m.type === 'revealHit');
      assert.deepEqual(reveals, [
        { type: 'revealHit', hit: 3 },
        { type: 'revealHit', hit: scriptPayloads.length - 1 },
      ]);
      await assertClean(results);
    } finally {
      await results.close();
    }
  });

  test('log entries with script in their values show as text in the grid', async () => {
    const results = await ResultsPage.open(browser, bundle.dir, { width: 1200, height: 1500 });
    try {
      const page = results.page;
      const entries = scriptPayloads.map((p, i) => ({ createdDate: '2024-08-19T09:09:39.315+0200', userName: p, objectType: 'Saksmappe', objectUUID: p, version: String(i) }));
      await results.show('Access log of Saksmappe 41', answer('logs/access-log', { objectUUIDs: ['x'], offset: 0, limit: 50 }, { results: entries, hasMore: false }));
      await page.locator('.grid-row').first().waitFor();
      const headers = await page.locator('.grid-header-cell .grid-header-label').allTextContents();
      assert.deepEqual(headers, ['createdDate', 'userName', 'objectType', 'objectUUID', 'version']);
      const users = await page.locator('.grid-row .grid-cell[data-column="1"]').allTextContents();
      assert.deepEqual(users, [...scriptPayloads]);
      await assertClean(results);
    } finally {
      await results.close();
    }
  });
});
