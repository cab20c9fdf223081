/**
 * The notebook renderer in headless chromium: outputs drawn from their items (grid, errors,
 * expectations), the host's answers routed by output id (the rest of the rows, the JSON view, the
 * next page), two outputs on a page kept apart, bad data told as such, and an output without a
 * host still shown, saying what needs a run. The host side is the results panel's own session per
 * output, as the notebook controller keeps them. Needs chromium (see webviewPage.ts).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import type { MorePages } from '../../client/panel/resultsSession';
import type { NotebookHostMessage } from '../../client/webview/notebookMessages';
import type { BlockRunResult } from '../../runner/blocks/blockRunResult';
import { NotebookPage } from './notebookPage';
import { everyKindOfResult, notebookOutput, type NotebookOutput } from './notebookOutputs';
import { archiveErrorResult, caseFile, queryResult } from './resultFixtures';
import { scriptPayloads } from './scriptPayloads';
import { withChromium, type BuiltWebview } from './chromiumSuite';

let browser: Browser;
let bundle: BuiltWebview;
withChromium((b, w) => {
  browser = b;
  bundle = w;
});

interface LiveNotebook {
  notebook: NotebookPage;
  /** Renders a result's output with a live session behind it, once the session has answered the
   * renderer's `ready` (its `show` delivered). */
  run(outputId: string, title: string, result: BlockRunResult, more?: MorePages): Promise<NotebookOutput>;
  /** Resolves once a host message of this type for this output has been delivered. */
  answered(outputId: string, type: NotebookHostMessage['message']['type']): Promise<void>;
}

/** A notebook page whose outputs each have a live session behind them, as after a run. */
async function liveNotebook(): Promise<LiveNotebook> {
  const notebook = await NotebookPage.open(browser, bundle.dir, { messaging: true });
  const outputs = new Map<string, NotebookOutput>();
  notebook.toHost = (message) => void outputs.get(message.outputId)?.session.receive(message.message);
  const delivered: NotebookHostMessage[] = [];
  let waiting: { match(m: NotebookHostMessage): boolean; resolve(): void }[] = [];
  const post = (message: NotebookHostMessage): void =>
    void notebook.deliver(message).then(() => {
      delivered.push(message);
      waiting = waiting.filter((w) => !(w.match(message) && (w.resolve(), true)));
    });
  const answered: LiveNotebook['answered'] = (outputId, type) => {
    const match = (m: NotebookHostMessage): boolean => m.outputId === outputId && m.message.type === type;
    return delivered.some(match) ? Promise.resolve() : new Promise((resolve) => waiting.push({ match, resolve }));
  };
  return {
    notebook,
    answered,
    run: async (outputId, title, result, more) => {
      const output = await notebookOutput(outputId, title, result, post, more);
      outputs.set(outputId, output);
      await notebook.render(outputId, output.data);
      await answered(outputId, 'show');
      return output;
    },
  };
}

const rowsOf = (n: number, from = 1): ReturnType<typeof caseFile>[] => Array.from({ length: n }, (_, i) => caseFile(from + i));

describe('notebook renderer in chromium', () => {
  test("an output's grid shows its rows and columns; ready brings the rows after the first 500; the grid is bounded", async () => {
    const { notebook, run, answered } = await liveNotebook();
    try {
      await run('big', 'cases', queryResult(rowsOf(600)));
      await run('small', 'three', queryResult(rowsOf(3)));
      const big = notebook.output('big');
      assert.deepEqual(await big.locator('.grid-header-label').allTextContents(), ['type', 'id', 'tittel', 'saksstatus', 'saksaar', 'sakssekvensnummer', 'opprettetDato']);
      const first = big.locator('.grid-row[aria-rowindex="2"] .grid-cell');
      assert.deepEqual((await first.allTextContents()).slice(0, 3), ['Saksmappe', caseFile(1).id, caseFile(1).fields.tittel]);
      assert.match((await big.locator('.facts').textContent()) ?? '', /POST http:\/\/localhost:8088\/api\/v1\/query · 84 ms · .* · 600 rows ·/);
      assert.equal(await big.locator('.title').textContent(), 'cases');

      const sent = await notebook.sent();
      assert.deepEqual(sent.slice(0, 2), [
        { outputId: 'big', message: { type: 'ready' } },
        { outputId: 'small', message: { type: 'ready' } },
      ]);
      // Rows 501–600 came only from the host, after `ready`.
      await answered('big', 'rows');
      await big.locator('.grid-scroller').evaluate((el) => {
        el.scrollTop = el.scrollHeight;
      });
      const last = big.locator('.grid-row[aria-rowindex="601"] .grid-cell:nth-child(3)', { hasText: /^Sak 600:/ });
      await last.waitFor();

      const bigBox = (await big.locator('.grid-scroller').boundingBox())!;
      const smallBox = (await notebook.output('small').locator('.grid-scroller').boundingBox())!;
      assert.ok(bigBox.height <= 26 + 15 * 22 + 0.5, `the big grid is ${bigBox.height}px tall`);
      assert.ok(bigBox.height >= 26 + 10 * 22, `the big grid is ${bigBox.height}px tall`);
      assert.ok(smallBox.height < 26 + 3 * 22 + 20, `the small grid is ${smallBox.height}px tall: as tall as its rows`);
      assert.ok((await big.locator('.grid-row').count()) < 60, 'only the visible rows are in the DOM');
      await notebook.assertClean();
    } finally {
      await notebook.close();
    }
  });

  test('an archive error and a block\'s expectations show as in the panel', async () => {
    const { notebook, run } = await liveNotebook();
    try {
      await run('error', 'bad query', archiveErrorResult(400, 'E-QUERY', 'Unknown field "tittl"'));
      const [, expectations] = everyKindOfResult().find(([name]) => name === 'expectations')!;
      await run('expect', 'expect', expectations);
      const error = notebook.output('error');
      assert.equal(await error.locator('.error h2').textContent(), ' The archive answered 400');
      assert.equal(await error.locator('.error-id').textContent(), 'E-QUERY');
      assert.equal(await error.locator('.error-description').textContent(), 'Unknown field "tittl"');
      assert.equal(await error.locator('vscode-badge.status').textContent(), '400');
      assert.ok(await error.locator('vscode-badge.status.failed').isVisible());

      const expect = notebook.output('expect');
      assert.equal(await expect.locator('.expectations h2').textContent(), 'Expectations: 1 of 2 passed');
      assert.deepEqual(await expect.locator('.expectations li.passed').allTextContents(), [' line 5 EXPECT status = 200']);
      assert.deepEqual(await expect.locator('.expectations li.failed').allTextContents(), [' line 6 EXPECT results.length = 2 — actual 1']);
      assert.equal(await expect.locator('.grid-row').count(), 1, 'the grid of the answer is still shown');
      await notebook.assertClean();
    } finally {
      await notebook.close();
    }
  });

  test('the JSON and raw views ask the host for the body and show it', async () => {
    const { notebook, run } = await liveNotebook();
    try {
      const q = await run('q', 'cases', queryResult(rowsOf(2)));
      const output = notebook.output('q');
      await output.locator('vscode-tab-header[data-tab="json"]').click();
      await output.locator('pre.json').waitFor();
      assert.deepEqual(JSON.parse((await output.locator('pre.json').textContent()) ?? ''), { hasMore: false, results: rowsOf(2) });
      assert.ok((await notebook.sent()).some((m) => m.outputId === 'q' && m.message.type === 'requestBody'));
      const json = (await output.locator('.pane-json').boundingBox())!;
      assert.ok(json.height <= 360.5, `the JSON view is ${json.height}px tall, scrolled beyond`);
      await output.locator('vscode-tab-header[data-tab="raw"]').click();
      assert.equal(await output.locator('.raw-status').textContent(), 'Status 200');
      assert.ok(await output.locator('.host-note').isHidden(), 'the host answered: no note');
      // Drawn again (as VS Code does when an output is re-rendered), it opens on the tab chosen.
      await notebook.render('q', q.data);
      await output.locator('.raw-status').waitFor();
      assert.ok(await output.locator('.pane-results').isHidden());
      await notebook.assertClean();
    } finally {
      await notebook.close();
    }
  });

  test('Load next page sends loadMore with the output id, and the rows it brings are appended', async () => {
    const { notebook, run } = await liveNotebook();
    try {
      let served = 0;
      const more: MorePages = {
        next: async () => {
          served++;
          return { results: rowsOf(2, 3 + 2 * (served - 1)), hasMore: served < 2 };
        },
      };
      await run('paged', 'paged', queryResult(rowsOf(2), true), more);
      const output = notebook.output('paged');
      assert.match((await output.locator('.facts').textContent()) ?? '', /2 rows, more available/);
      await output.locator('vscode-button.load-next').click();
      await output.locator('.facts', { hasText: '4 rows, more available' }).waitFor();
      assert.match((await output.locator('.grid-row[aria-rowindex="5"] .grid-cell:nth-child(3)').textContent()) ?? '', /^Sak 4:/);
      await output.locator('vscode-button.load-next').click();
      await output.locator('.facts', { hasText: /6 rows · / }).waitFor();
      assert.ok(await output.locator('.more').isHidden(), 'nothing more to load');
      const loads = (await notebook.sent()).filter((m) => m.message.type === 'loadMore');
      assert.deepEqual(loads, [
        { outputId: 'paged', message: { type: 'loadMore', all: false } },
        { outputId: 'paged', message: { type: 'loadMore', all: false } },
      ]);
      await notebook.assertClean();
    } finally {
      await notebook.close();
    }
  });

  test('two outputs on one page are kept apart by their output ids', async () => {
    const { notebook, run } = await liveNotebook();
    try {
      const a = await run('a', 'first', queryResult(rowsOf(2, 1)));
      await run('b', 'second', queryResult(rowsOf(2, 101)));
      const [outA, outB] = [notebook.output('a'), notebook.output('b')];
      // A cell of b copied: the copy goes to b's session.
      await outB.locator('.grid-row[aria-rowindex="3"] .grid-cell[data-column="2"]').click();
      await notebook.page.keyboard.press('Control+c');
      await outB.locator('vscode-tab-header[data-tab="json"]').click();
      await outB.locator('pre.json').waitFor();
      assert.deepEqual(JSON.parse((await outB.locator('pre.json').textContent()) ?? '').results, rowsOf(2, 101));
      assert.ok(await outA.locator('.pane-results').isVisible(), "a's tab did not change");
      assert.equal(await outA.locator('pre.json').count(), 0, 'b\'s body did not reach a');
      const fromB = (await notebook.sent()).filter((m) => m.outputId === 'b').map((m) => m.message);
      assert.deepEqual(fromB, [{ type: 'ready' }, { type: 'copyCell', row: 1, column: 2 }, { type: 'requestBody' }]);
      assert.ok((await notebook.sent()).filter((m) => m.outputId === 'a').every((m) => m.message.type === 'ready'));

      // A message for a reaches a alone; once a is disposed, its messages reach nothing.
      a.session.show('first again', queryResult(rowsOf(1, 50)));
      await notebook.settled();
      await outA.locator('.title', { hasText: 'first again' }).waitFor();
      assert.equal(await outB.locator('.title').textContent(), 'second');
      assert.deepEqual(Object.keys((await notebook.state()) as object).sort(), ['a', 'b'], 'each output keeps its tab and grid state');
      await notebook.dispose('a');
      a.session.show('gone', queryResult(rowsOf(1, 60)));
      await notebook.settled();
      assert.equal(await outB.locator('.title').textContent(), 'second');
      assert.deepEqual(Object.keys((await notebook.state()) as object), ['b'], "a's state went with it");
      await notebook.assertClean();
    } finally {
      await notebook.close();
    }
  });

  test('data that is not a noarkq output is told as such, and other outputs still draw', async () => {
    const notebook = await NotebookPage.open(browser, bundle.dir, { messaging: true });
    try {
      await notebook.render('text', 'not { json', true);
      await notebook.render('shape', { outputId: 'x', show: { type: 'show', view: {} } });
      await notebook.render('null', null);
      const problems = await notebook.page.locator('.noarkq-output-problem').allTextContents();
      assert.equal(problems.length, 3);
      assert.match(problems[0]!, /^ This noarkq result cannot be shown: its data is not JSON \(.+\)\. Run the cell again for a new one\.$/);
      assert.equal(problems[1], ' This noarkq result cannot be shown: output.show.generation: expected a number, found nothing. Run the cell again for a new one.');
      assert.equal(problems[2], ' This noarkq result cannot be shown: output: expected an object, found null. Run the cell again for a new one.');
      assert.equal(await notebook.page.locator('[role="alert"].noarkq-output-problem').count(), 3);
      assert.deepEqual(await notebook.sent(), [], 'nothing was said for outputs that did not draw');

      const good = await notebookOutput('good', 'good', queryResult(rowsOf(1)));
      await notebook.render('good', good.data);
      await notebook.output('good').locator('.grid-row').first().waitFor();
      await notebook.assertClean();
    } finally {
      await notebook.close();
    }
  });

  test('without renderer messaging the output still shows, and says loading more and the JSON need a run', async () => {
    const notebook = await NotebookPage.open(browser, bundle.dir, { messaging: false });
    try {
      const output = await notebookOutput('old', 'cases', queryResult(rowsOf(3), true), undefined, { next: async () => ({ results: [], hasMore: false }) });
      await notebook.render('old', output.data);
      const view = notebook.output('old');
      assert.equal(await view.locator('.grid-row').count(), 3);
      assert.match((await view.locator('.facts').textContent()) ?? '', /3 rows, more available/);
      assert.equal((await view.locator('.host-note').textContent())?.trim(), 'This output keeps what it shows: run the cell again to load more rows, see the JSON or raw response, copy or export.');
      assert.ok(await view.locator('vscode-button.load-next[disabled]').isVisible());
      assert.ok(await view.locator('vscode-button.load-all[disabled]').isVisible());
      assert.equal(await view.locator('vscode-button[disabled]', { hasText: 'CSV' }).count(), 1);
      await view.locator('vscode-tab-header[data-tab="json"]').click();
      assert.equal(await view.locator('.pane-json .placeholder').textContent(), 'The body is not kept with this output.');

      const error = await notebookOutput('failed', 'bad', archiveErrorResult(400, 'E-1', 'No such type'));
      await notebook.render('failed', error.data);
      assert.equal(await notebook.output('failed').locator('.error-description').textContent(), 'No such type');
      await notebook.assertClean();
    } finally {
      await notebook.close();
    }
  });

  test('with messaging but no live run behind the output, asking for more says a run is needed', async () => {
    // A notebook reopened: messaging works, but no session holds this output.
    const notebook = await NotebookPage.open(browser, bundle.dir, { messaging: true });
    try {
      const output = await notebookOutput('orphan', 'cases', queryResult(rowsOf(3), true), undefined, { next: async () => ({ results: [], hasMore: false }) });
      await notebook.render('orphan', output.data);
      const view = notebook.output('orphan');
      assert.equal(await view.locator('.grid-row').count(), 3);
      assert.ok(await view.locator('.host-note').isHidden(), 'nothing asked yet');
      await view.locator('vscode-button.load-next').click();
      await view.locator('.host-note').waitFor();
      assert.match((await view.locator('.host-note').textContent()) ?? '', /No answer yet from the run that made this output: if it has ended, run the cell again/);
      assert.deepEqual(
        (await notebook.sent()).map((m) => m.message.type),
        ['ready', 'loadMore'],
      );
      // A late answer from a host clears the note.
      notebook.deliver({ outputId: 'orphan', message: { type: 'loading', generation: output.data.show.generation, state: 'idle', all: false, loaded: 3 } });
      await notebook.settled();
      assert.ok(await view.locator('.host-note').isHidden());
      await notebook.assertClean();
    } finally {
      await notebook.close();
    }
  });

  test('script and HTML payloads in archive data show as text and never run', async () => {
    const { notebook, run } = await liveNotebook();
    try {
      const entities = scriptPayloads.map((p, i) => ({ type: p, id: String(i), version: '1', fields: { tittel: p, [p]: p }, links: {} }));
      await run('payloads', scriptPayloads[0]!, queryResult(entities));
      await run('error', scriptPayloads[1]!, archiveErrorResult(400, scriptPayloads[2]!, scriptPayloads.join('\n')));
      const output = notebook.output('payloads');
      await output.locator('.grid-row').first().waitFor();
      const shown = await output.locator('.grid-row').evaluateAll((rows) => rows.map((r) => [Number(r.getAttribute('data-row')), r.querySelector('[data-column="0"]')?.textContent]));
      assert.ok(shown.length > 10);
      for (const [row, type] of shown) assert.equal(type, scriptPayloads[row as number], `row ${row} shows its type as text`);
      assert.equal(await output.locator('.title').textContent(), scriptPayloads[0]);
      assert.equal(await notebook.output('error').locator('.error-description').textContent(), scriptPayloads.join('\n'));
      const injectable = 'script, img, iframe, svg, object, embed, style, link, a, input, video, audio, math, details, form, marquee, base, meta, textarea, select, template, noscript, table[background], [onerror], [onload]';
      // The page's own DOM, not the controls' shadow roots (which hold their own stylesheet links).
      const injected = await notebook.page.evaluate(
        (selector) => (globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }).document.querySelectorAll(`#container :is(${selector})`).length,
        injectable,
      );
      assert.equal(injected, 0, 'an element came from archive data');
      await notebook.assertClean();
    } finally {
      await notebook.close();
    }
  });
});
