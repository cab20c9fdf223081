/**
 * The results webview in headless chromium: archive data never runs as code, 50,000 rows
 * scroll with only the visible ones in the DOM, sorting and resizing work, and the buttons
 * send their messages. Needs chromium (see webviewPage.ts): without it these tests fail.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import type { EntityObject } from '../../runner/archive/archiveApi';
import { firstRows, ResultsSession, type MorePages } from '../../client/panel/resultsSession';
import { archiveErrorResult, caseFile, fullTextResult, queryResult, transactionResult } from './resultFixtures';
import { scriptPayloads } from './scriptPayloads';
import { assertClean, ResultsPage } from './webviewPage';
import { withChromium, type BuiltWebview } from './chromiumSuite';

let browser: Browser;
let bundle: BuiltWebview;
withChromium((b, w) => {
  browser = b;
  bundle = w;
});


describe('results webview in chromium', () => {
  test('fifty script and HTML payloads in archive data show as text and never run', async () => {
    const results = await ResultsPage.open(browser, bundle.dir, { width: 1200, height: 1500 });
    try {
      const page = results.page;
      // Types, field names and field values, and headers.
      const entities: EntityObject[] = scriptPayloads.map((p, i) => ({ type: p, id: String(i), version: '1', fields: { tittel: p, [p]: p }, links: {} }));
      const headers = Object.fromEntries(scriptPayloads.map((p, i) => [`x-payload-${i}`, p]));
      await results.show('payloads', queryResult(entities, false, headers));
      await page.locator('.grid-row').first().waitFor();
      const cells = await page.locator('.grid-row .grid-cell[data-column="0"]').allTextContents();
      assert.deepEqual(cells, [...scriptPayloads], 'every type name shows as its text');
      const headerCells = await page.locator('.grid-header-cell .grid-header-label').allTextContents();
      for (const p of scriptPayloads) assert.ok(headerCells.includes(p), `field name ${p} shows as text`);
      const titles = await page.locator('.grid-row .grid-cell[data-column="2"]').allTextContents();
      assert.deepEqual(titles, [...scriptPayloads]);

      await page.locator('vscode-tab-header[data-tab="json"]').click();
      await page.locator('pre.json').waitFor();
      const json = (await page.locator('pre.json').textContent()) ?? '';
      for (const p of scriptPayloads) assert.ok(json.includes(JSON.stringify(p).slice(1, -1)), `JSON view holds ${p}`);
      await page.locator('vscode-tab-header[data-tab="raw"]').click();
      const headerValues = await page.locator('.headers td').allTextContents();
      assert.deepEqual(headerValues, [...scriptPayloads], 'header values show as text');
      await page.locator('vscode-tab-header[data-tab="results"]').click();

      // Error descriptions and ids.
      await results.show('error', archiveErrorResult(400, scriptPayloads[0]!, scriptPayloads.join('\n'), { 'x-request-id': scriptPayloads[1]! }));
      await page.locator('.error-description').waitFor();
      assert.equal(await page.locator('.error-description').textContent(), scriptPayloads.join('\n'));
      assert.equal(await page.locator('.error-id').textContent(), scriptPayloads[0]);

      // Full-text hits: ids keys, highlight keys and the snippets around and inside the marks.
      const hits = scriptPayloads.map((p) => ({ ids: { [p]: [p] }, highlights: { [p]: [`${p} |=hlstart=|${p}|=hlstop=| ${p}`] } }));
      await results.show('search', fullTextResult(hits));
      // The message is handled asynchronously: wait until the last hit has drawn its mark.
      await page.locator('.snippet mark').nth(scriptPayloads.length - 1).waitFor();
      const marks = await page.locator('.snippet mark').allTextContents();
      assert.deepEqual(marks, [...scriptPayloads], 'highlights show as marks holding the text');
      const snippets = await page.locator('.snippet').allTextContents();
      assert.deepEqual(snippets, scriptPayloads.map((p) => `${p} ${p} ${p}`));

      // Transaction temp ids and types.
      const saved = Object.fromEntries(scriptPayloads.map((p, i) => [p, { type: p, id: String(i), version: '1', fields: {}, links: {} }]));
      await results.show('transaction', transactionResult(saved));
      // A show after another waits for the previous one's frames: wait for its last row.
      await page.locator('.transaction tbody tr').nth(scriptPayloads.length - 1).waitFor();
      const tempIds = await page.locator('.transaction tbody tr td:first-child').allTextContents();
      assert.deepEqual(tempIds, [...scriptPayloads]);

      await assertClean(results);
    } finally {
      await results.close();
    }
  });

  test("a block's expectations show under its grid, passed and failed, archive text as text", async () => {
    const results = await ResultsPage.open(browser, bundle.dir, { width: 1200, height: 800 });
    try {
      const payload = scriptPayloads[0]!;
      await results.show('expect', {
        ...queryResult([caseFile(1)]),
        ok: false,
        error: { kind: 'expectation', message: 'EXPECT results[0].fields.tittel = "x" does not hold' },
        expectations: [
          { line: 5, passed: true, subject: 'status', operator: '=', expected: '200', actual: '200' },
          { line: 6, passed: false, subject: 'results[0].fields.tittel', operator: '=', expected: '"x"', actual: JSON.stringify(payload) },
        ],
      });
      const page = results.page;
      await page.locator('.expectations li').nth(1).waitFor();
      assert.equal(await page.locator('.grid-row').count(), 1, 'the grid of the answer is still shown');
      assert.equal(await page.locator('.expectations h2').textContent(), 'Expectations: 1 of 2 passed');
      assert.deepEqual(await page.locator('.expectations li.passed').allTextContents(), [' line 5 EXPECT status = 200']);
      assert.deepEqual(await page.locator('.expectations li.failed').allTextContents(), [` line 6 EXPECT results[0].fields.tittel = "x" — actual ${JSON.stringify(payload)}`]);
      await assertClean(results);
    } finally {
      await results.close();
    }
  });

  test('50,000 rows: the first screen shows, only visible rows are in the DOM, scrolling shows later rows', async () => {
    const results = await ResultsPage.open(browser, bundle.dir);
    try {
      const page = results.page;
      const rows = Array.from({ length: 50_000 }, (_, i) => caseFile(i + 1));
      await results.show('50,000', queryResult(rows));
      // How fast is P8's business (`npm run bench`): a timed assertion here would only measure the machine's load.
      await page.locator('.grid-row[aria-rowindex="2"]').waitFor();
      const rendered = await page.locator('.grid-row').count();
      assert.ok(rendered > 10 && rendered < 80, `${rendered} rows in the DOM`);
      assert.match((await page.locator('.facts').textContent()) ?? '', /50,000 rows/);

      await page.locator('.grid-scroller').evaluate((el) => {
        el.scrollTop = el.scrollHeight;
      });
      const last = page.locator('.grid-row[aria-rowindex="50001"]');
      await last.waitFor();
      assert.match((await last.locator('.grid-cell').nth(2).textContent()) ?? '', /^Sak 50000:/);
      assert.ok((await page.locator('.grid-row').count()) < 80, 'still only the visible rows');
      assert.equal(await page.locator('.grid-row[aria-rowindex="2"]').count(), 0, 'the first row left the DOM');

      await page.locator('.grid-scroller').evaluate((el) => {
        el.scrollTop = 22 * 25_000;
      });
      await page.locator('.grid-row[aria-rowindex="25001"]').waitFor();
      await assertClean(results);
    } finally {
      await results.close();
    }
  });

  test('the rest of a result fills in the rows shown before it arrived and keeps the others', async () => {
    const results = await ResultsPage.open(browser, bundle.dir);
    try {
      const page = results.page;
      // The host's two messages, held back so the test decides when the rest arrives.
      const messages: string[] = [];
      const host = new ResultsSession({ post: (m) => messages.push(JSON.stringify(m)), copy: async () => undefined, saveTarget: async () => undefined, report: () => undefined });
      host.show('rest', queryResult(Array.from({ length: 2_000 }, (_, i) => caseFile(i + 1))));
      await page.waitForFunction(() => (globalThis as unknown as { __sent: { type: string }[] }).__sent.some((m) => m.type === 'ready'));
      await host.receive({ type: 'ready' });
      assert.deepEqual(
        messages.map((m) => (JSON.parse(m) as { type: string }).type),
        ['show', 'rows'],
      );
      const deliver = (json: string): Promise<boolean> =>
        page.evaluate((m) => (globalThis as unknown as { dispatchEvent(e: MessageEvent): boolean }).dispatchEvent(new MessageEvent('message', { data: JSON.parse(m) as unknown })), json);
      await deliver(messages[0]!);
      // Scrolled to where the first 500 rows end: the last of them and the first still on their way.
      await page.locator('.grid-row[aria-rowindex="2"]').waitFor();
      await page.locator('.grid-scroller').evaluate((el, top) => {
        el.scrollTop = top;
      }, 22 * (firstRows - 10));
      const arrived = page.locator(`.grid-row[data-row="${firstRows - 1}"]`);
      const pending = page.locator(`.grid-row[data-row="${firstRows + 5}"]`);
      await pending.waitFor();
      assert.match((await arrived.locator('.grid-cell').nth(2).textContent()) ?? '', new RegExp(`^Sak ${firstRows}:`));
      assert.equal(await pending.locator('.grid-cell').nth(2).textContent(), '');
      await arrived.evaluate((row) => ((row as unknown as { __kept?: boolean }).__kept = true));

      await deliver(messages[1]!);
      await pending.locator('.grid-cell:nth-child(3)', { hasText: /^Sak / }).waitFor();
      assert.match((await pending.locator('.grid-cell').nth(2).textContent()) ?? '', new RegExp(`^Sak ${firstRows + 6}:`));
      assert.equal(await arrived.evaluate((row) => (row as unknown as { __kept?: boolean }).__kept), true, 'a row that had its data is the same element');
      await assertClean(results);
    } finally {
      await results.close();
    }
  });

  test('sorting: numbers as numbers, ascending, descending, then the original order', async () => {
    const results = await ResultsPage.open(browser, bundle.dir);
    try {
      const page = results.page;
      const rows = [12, 3, 100, 7].map((n) => caseFile(n));
      await results.show('sort', queryResult(rows));
      const column = page.locator('.grid-header-cell', { hasText: 'sakssekvensnummer' });
      const index = await column.getAttribute('data-column');
      const values = (): Promise<string[]> => page.locator(`.grid-row .grid-cell[data-column="${index}"]`).allTextContents();
      const sortedRows = async (): Promise<string[]> => {
        const rowsNow = await page.locator('.grid-row').evaluateAll((els) => els.map((e) => [e.getAttribute('aria-rowindex'), e.querySelector(`[data-column="2"]`)?.textContent]));
        return rowsNow.sort((a, b) => Number(a[0]) - Number(b[0])).map((r) => (r[1] ?? '').split(':')[0]!);
      };
      assert.deepEqual((await values()).sort(), ['100', '12', '3', '7']);
      await column.click();
      assert.equal(await column.getAttribute('aria-sort'), 'ascending');
      assert.deepEqual(await sortedRows(), ['Sak 3', 'Sak 7', 'Sak 12', 'Sak 100']);
      await column.click();
      assert.equal(await column.getAttribute('aria-sort'), 'descending');
      assert.deepEqual(await sortedRows(), ['Sak 100', 'Sak 12', 'Sak 7', 'Sak 3']);
      await column.click();
      assert.equal(await column.getAttribute('aria-sort'), 'none');
      assert.deepEqual(await sortedRows(), ['Sak 12', 'Sak 3', 'Sak 100', 'Sak 7']);
      await assertClean(results);
    } finally {
      await results.close();
    }
  });

  test('arrow keys move the selection and keep it in view, below the sticky header', async () => {
    const results = await ResultsPage.open(browser, bundle.dir);
    try {
      const page = results.page;
      await results.show('keys', queryResult(Array.from({ length: 500 }, (_, i) => caseFile(i + 1))));
      await page.locator('.grid-row[aria-rowindex="2"] .grid-cell[data-column="2"]').click();
      const assertInView = async (rowIndex: number): Promise<void> => {
        const selected = page.locator(`.grid-row[aria-rowindex="${rowIndex}"] .grid-cell.selected[data-column="2"]`);
        await selected.waitFor();
        assert.equal(await page.locator('.grid-cell.selected').count(), 1);
        const cell = (await selected.boundingBox())!;
        const header = (await page.locator('.grid-header').boundingBox())!;
        const scroller = (await page.locator('.grid-scroller').boundingBox())!;
        assert.ok(cell.y >= header.y + header.height - 0.5, `row ${rowIndex} at ${cell.y}, under the header ending at ${header.y + header.height}`);
        assert.ok(cell.y + cell.height <= scroller.y + scroller.height + 0.5, `row ${rowIndex} ends at ${cell.y + cell.height}, below the scroller ending at ${scroller.y + scroller.height}`);
      };
      for (let i = 0; i < 60; i++) await page.keyboard.press('ArrowDown');
      await assertInView(62);
      for (let i = 0; i < 60; i++) await page.keyboard.press('ArrowUp');
      await assertInView(2);
      await page.keyboard.press('Control+c');
      await page.waitForFunction(() => (globalThis as unknown as { __sent: { type: string }[] }).__sent.some((m) => m.type === 'copyCell'));
      assert.deepEqual((await results.sent()).find((m) => m.type === 'copyCell'), { type: 'copyCell', row: 0, column: 2 });
      await assertClean(results);
    } finally {
      await results.close();
    }
  });

  test('a column resizes by dragging its edge, header and cells alike', async () => {
    const results = await ResultsPage.open(browser, bundle.dir);
    try {
      const page = results.page;
      await results.show('resize', queryResult([caseFile(1), caseFile(2)]));
      const header = page.locator('.grid-header-cell[data-column="1"]');
      const before = (await header.boundingBox())!;
      const handle = (await header.locator('.grid-resizer').boundingBox())!;
      await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
      await page.mouse.down();
      await page.mouse.move(handle.x + handle.width / 2 + 60, handle.y + handle.height / 2, { steps: 4 });
      await page.mouse.move(handle.x + handle.width / 2 + 120, handle.y + handle.height / 2, { steps: 4 });
      await page.mouse.up();
      const afterBox = (await header.boundingBox())!;
      assert.ok(Math.abs(afterBox.width - before.width - 120) <= 2, `width ${before.width} → ${afterBox.width}`);
      const cell = (await page.locator('.grid-row').first().locator('.grid-cell[data-column="1"]').boundingBox())!;
      assert.ok(Math.abs(cell.width - afterBox.width) <= 1, 'the cells follow the header');
      // A resize is no sort.
      assert.equal(await header.getAttribute('aria-sort'), 'none');
      await assertClean(results);
    } finally {
      await results.close();
    }
  });

  test('Load next page and Load all ask the host, show progress, and cancel', async () => {
    const results = await ResultsPage.open(browser, bundle.dir);
    try {
      const page = results.page;
      let served = 2;
      let release: (() => void) | undefined;
      const more: MorePages = {
        next: async (signal) => {
          if (served >= 4) {
            // The fourth page hangs until cancelled: Load all stays busy.
            await new Promise<void>((resolve, reject) => {
              release = resolve;
              signal.addEventListener('abort', () => reject(signal.reason), { once: true });
            });
          }
          const page = [served * 2 + 1, served * 2 + 2].map(caseFile);
          served++;
          return { results: page, hasMore: true };
        },
      };
      await results.show('paged', queryResult([caseFile(1), caseFile(2), caseFile(3), caseFile(4)], true), more);
      const facts = page.locator('.facts');
      assert.match((await facts.textContent()) ?? '', /4 rows, more available/);

      await page.locator('vscode-button.load-next').click();
      await page.locator('.facts', { hasText: '6 rows' }).waitFor();
      assert.deepEqual((await results.sent()).filter((m) => m.type === 'loadMore'), [{ type: 'loadMore', all: false }]);

      await page.locator('vscode-button.load-all').click();
      await page.locator('vscode-button.cancel').waitFor({ state: 'visible' });
      await page.locator('.load-note', { hasText: '8 rows' }).waitFor();
      assert.ok(await page.locator('vscode-progress-bar.progress').isVisible());
      assert.ok(release, 'Load all asked for the hanging page');
      await page.locator('vscode-button.cancel').click();
      await page.locator('.load-note', { hasText: /^Cancelled\.$/ }).waitFor();
      assert.ok(await page.locator('vscode-button.cancel').isHidden());
      const sent = (await results.sent()).filter((m) => m.type === 'loadMore' || m.type === 'cancelLoad');
      assert.deepEqual(sent, [{ type: 'loadMore', all: false }, { type: 'loadMore', all: true }, { type: 'cancelLoad' }]);
      assert.match((await facts.textContent()) ?? '', /8 rows, more available/);
      await assertClean(results);
    } finally {
      await results.close();
    }
  });

  test('copy a cell or a row, export to CSV and JSON', async () => {
    const results = await ResultsPage.open(browser, bundle.dir);
    try {
      const page = results.page;
      await results.show('copy', queryResult([caseFile(1), caseFile(2)]));
      const cell = page.locator('.grid-row[aria-rowindex="3"] .grid-cell[data-column="2"]');
      await cell.click();
      await page.keyboard.press('Control+c');
      await page.waitForFunction(() => (globalThis as unknown as { __sent: { type: string }[] }).__sent.some((m) => m.type === 'copyCell'));
      await page.locator('vscode-button.copy-row').click();
      await page.locator('vscode-button', { hasText: 'CSV' }).click();
      await page.locator('vscode-button', { hasText: 'JSON' }).click();
      await page.waitForFunction(() => (globalThis as unknown as { __sent: { type: string }[] }).__sent.filter((m) => m.type === 'export').length === 2);
      const sent = (await results.sent()).filter((m) => m.type !== 'ready' && m.type !== 'requestBody');
      assert.deepEqual(sent, [
        { type: 'copyCell', row: 1, column: 2 },
        { type: 'copyRow', row: 1 },
        { type: 'export', format: 'csv' },
        { type: 'export', format: 'json' },
      ]);
      await results.settled();
      assert.equal(results.copied[0], caseFile(2).fields.tittel);
      assert.deepEqual(JSON.parse(results.copied[1]!), caseFile(2));
      assert.deepEqual(results.saved, [
        { format: 'csv', name: 'copy.csv' },
        { format: 'json', name: 'copy.json' },
      ]);
      await assertClean(results);
    } finally {
      await results.close();
    }
  });
});
