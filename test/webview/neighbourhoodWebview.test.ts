/**
 * The neighbourhood picture ("Show Neighbourhood") in headless chromium, loaded with the page VS
 * Code would give it (neighbourhoodHtml, CSP included) and the messages its host sends: every
 * node drawn and none overlapping, an expansion adding nodes while the centre stays on screen,
 * "More …" asking for the next page, the side pane's Open Details and Reveal, an error on its
 * node, and archive text with markup drawn as text. Needs chromium (see webviewPage.ts). With
 * NOARKQ_SCREENSHOTS set to a folder, it also writes neighbourhood.png there (the README's picture).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { neighbourhoodHtml } from '../../client/archive/neighbourhoodHtml';
import { linkKey } from '../../client/archive/neighbourhoodSession';
import type { MoreView, NeighbourhoodHostMessage, NeighbourLinkView, NeighbourView } from '../../client/webview/neighbourhoodMessages';
import { assertCentred, overlap, PicturePage, type PageGlobals, type Rect } from './picturePage';
import { scriptPayloads } from './scriptPayloads';
import { withChromium, type BuiltWebview } from './chromiumSuite';

let browser: Browser;
let bundle: BuiltWebview;
withChromium((b, w) => {
  browser = b;
  bundle = w;
});

const node = (id: string, type: string, label: string): NeighbourView => ({ id, type, label });
const link = (from: NeighbourView, to: NeighbourView, reference: string, inverse: string, peer = false): NeighbourLinkView => ({ key: linkKey(from.id, to.id, reference, inverse), from: from.id, to: to.id, reference, peer });

const caseFile = node('1046', 'Saksmappe', '2024/17 Søknad om byggeløyve – Fjordvegen 12');
const series = node('1003', 'Arkivdel', 'Saksarkiv 2024');
const klasse = node('1010', 'Klasse', '611 Byggesaker');
const external = node('1051', 'EksternId', 'eByggesak 2024-0117');
const entries = Array.from({ length: 25 }, (_, i) => node(String(1100 + i), 'Journalpost', `2024/${300 + i} ${i % 3 === 0 ? 'Søknad om løyve' : i % 3 === 1 ? 'Nabovarsel' : 'Vedtak i byggesak'}`));

/** The case file with its series and class above, 25 of its journal entries below (more to come), an external id beside. */
function centreMessage(): Extract<NeighbourhoodHostMessage, { type: 'centre' }> {
  return {
    type: 'centre',
    centre: caseFile,
    entities: [series, klasse, ...entries, external],
    links: [
      link(series, caseFile, 'refArkivdel', 'refMappe'),
      link(klasse, caseFile, 'refPrimaerKlasse', 'refMappeSomPrimaer'),
      ...entries.map((e) => link(caseFile, e, 'refRegistrering', 'refMappe')),
      link(caseFile, external, 'refEksternId', 'refMappe'),
    ],
    more: [{ of: caseFile.id, reference: 'refRegistrering', role: 'child' }],
  };
}

/** The first journal entry's own neighbours: its case file again, documents and a party. */
function entryNeighbours(entry = entries[0]!): Extract<NeighbourhoodHostMessage, { type: 'neighbours' }> {
  const documents = [node('1200', 'Dokument', 'Søknad om løyve'), node('1201', 'Dokument', 'Situasjonsplan')];
  const party = node('1202', 'Korrespondansepart', 'Åse Ødegård');
  return {
    type: 'neighbours',
    of: entry.id,
    entities: [caseFile, ...documents, party],
    links: [link(caseFile, entry, 'refMappe', 'refRegistrering'), ...documents.map((d) => link(entry, d, 'refDokument', 'refRegistrering')), link(entry, party, 'refKorrespondansepart', 'refRegistrering')],
    more: [],
  };
}

class NeighbourhoodPage {
  private drawn = 0;
  private constructor(readonly picture: PicturePage) {}

  static async open(viewport = { width: 1200, height: 800 }): Promise<NeighbourhoodPage> {
    const page = new NeighbourhoodPage(await PicturePage.open(browser, bundle.dir, 'neighbourhood', neighbourhoodHtml, viewport));
    await page.picture.waitForReady();
    return page;
  }

  /** Posts a message that changes the picture and waits until the page has drawn it. */
  async draw(message: NeighbourhoodHostMessage): Promise<void> {
    const next = ++this.drawn;
    await this.picture.post(message);
    await this.picture.page.waitForFunction((n) => Number((globalThis as unknown as PageGlobals).document.body.dataset.drawn ?? '0') >= n, next);
  }

  async ids(selector: string, attribute: string): Promise<string[]> {
    return this.picture.page.locator(selector).evaluateAll((nodes, a) => nodes.map((n) => n.getAttribute(a) ?? ''), attribute);
  }

  entity(id: string): string {
    return `.node.entity[data-id="${id}"] > rect`;
  }

  async nodeRects(): Promise<Rect[]> {
    const rects: Rect[] = [];
    for (const box of await this.picture.page.locator('.node > rect').all()) {
      const r = await box.boundingBox();
      assert.ok(r);
      rects.push(r);
    }
    return rects;
  }

  async lastSent(): Promise<unknown> {
    return (await this.picture.sent()).at(-1);
  }
}

function assertNoOverlap(rects: readonly Rect[]): void {
  for (const [i, a] of rects.entries()) {
    for (const b of rects.slice(i + 1)) assert.ok(!overlap(a, b), `two nodes overlap: ${JSON.stringify(a)} and ${JSON.stringify(b)}`);
  }
}

function inside(inner: Rect, outer: Rect): boolean {
  return inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5;
}

describe('the neighbourhood picture', () => {
  test('draws every node once, the entity centred, no two nodes overlapping, each link labelled with its reference', async () => {
    const page = await NeighbourhoodPage.open();
    try {
      await page.draw(centreMessage());
      const drawn = await page.ids('.node.entity', 'data-id');
      assert.deepEqual([...drawn].sort(), [caseFile, series, klasse, ...entries, external].map((n) => n.id).sort());
      assert.deepEqual(await page.ids('.node.more', 'data-reference'), ['refRegistrering']);
      assertNoOverlap(await page.nodeRects());
      assertCentred(await page.picture.offCentre(page.entity(caseFile.id)), 'the case file');
      assert.equal(await page.picture.page.locator('.node.centre').getAttribute('data-id'), caseFile.id);

      const edges = await page.picture.page.locator('.edge').count();
      assert.equal(edges, 28 + 1, 'one edge per link, and one to the "more" node');
      // One label per group of links: the 25 journal entries' edges say refRegistrering once.
      const labels = await page.picture.page.locator('.edge-label:not(.measure)').allTextContents();
      assert.deepEqual([...labels].sort(), ['refArkivdel', 'refEksternId', 'refPrimaerKlasse', 'refRegistrering']);
      const titles = await page.picture.page.locator('.edge > title').allTextContents();
      assert.equal(titles.filter((t) => t.endsWith(': refRegistrering')).length, 25, 'each edge names its reference in its tooltip');

      // Parents to the left of the entity, children to the right, in the order the host sent them.
      const centre = await page.picture.rect(page.entity(caseFile.id));
      assert.ok((await page.picture.rect(page.entity(series.id))).x + 1 < centre.x, 'the series is to the left');
      const rows = await Promise.all(entries.map(async (e) => page.picture.rect(page.entity(e.id))));
      assert.ok(rows.every((r) => r.x > centre.x + centre.width), 'the journal entries are to the right');
      assert.ok(rows.slice(1).every((r, i) => r.y > rows[i]!.y), 'one under the other, in the order sent');

      // The side pane shows the centre, with what it can do.
      assert.equal(await page.picture.page.locator('.entity-label').textContent(), caseFile.label);
      assert.equal(await page.picture.page.locator('.entity-kind').textContent(), 'Saksmappe 1046');
      await page.picture.assertClean();
    } finally {
      await page.picture.close();
    }
  });

  test('clicking a neighbour fetches its neighbours; the new nodes are added, the centre stays on screen, the link met again is drawn once', async () => {
    const page = await NeighbourhoodPage.open();
    try {
      await page.draw(centreMessage());
      // The column of 25 is taller than the canvas: all of it in view, to click one.
      await page.picture.page.locator('button[aria-label="Fit the whole picture"]').click();
      const canvas = await page.picture.rect('.canvas');
      let entry: NeighbourView | undefined;
      for (const e of entries) if (inside(await page.picture.rect(page.entity(e.id)), canvas)) entry ??= e;
      assert.ok(entry, 'a journal entry is on screen');
      const before = await page.picture.rect(page.entity(entry.id));
      await page.picture.page.locator(`.node.entity[data-id="${entry.id}"]`).click();
      assert.deepEqual(await page.lastSent(), { type: 'expand', id: entry.id });
      assert.equal(await page.picture.page.locator('.node.loading').getAttribute('data-id'), entry.id);
      assert.equal(await page.picture.page.locator('.entity-label').textContent(), entry.label, 'the clicked entity is selected');

      await page.draw(entryNeighbours(entry));
      const drawn = await page.ids('.node.entity', 'data-id');
      for (const added of ['1200', '1201', '1202']) assert.ok(drawn.includes(added), `${added} is drawn`);
      assert.equal(new Set(drawn).size, drawn.length, 'the case file, met again, is one node');
      assert.equal(await page.picture.page.locator('.edge').count(), 29 + 3, 'the case file\'s link to the entry is not drawn again');
      assertNoOverlap(await page.nodeRects());

      const after = await page.picture.rect(page.entity(entry.id));
      assert.ok(Math.abs(after.x - before.x) < 1 && Math.abs(after.y - before.y) < 1, 'the expanded node stays where it was clicked');
      assert.ok(inside(await page.picture.rect(page.entity(caseFile.id)), canvas), 'the centre is still on screen');
      assert.equal(await page.picture.page.locator(`.node.expanded[data-id="${entry.id}"]`).count(), 1);

      // Expanded once: a second click asks nothing.
      const sent = (await page.picture.sent()).length;
      await page.picture.page.locator(`.node.entity[data-id="${entry.id}"]`).click();
      assert.equal((await page.picture.sent()).length, sent);
      await page.picture.assertClean();
    } finally {
      await page.picture.close();
    }
  });

  test('"More" asks for the next page of its group, which replaces it', async () => {
    const page = await NeighbourhoodPage.open();
    try {
      await page.draw(centreMessage());
      await page.picture.page.locator('button[aria-label="Fit the whole picture"]').click();
      await page.picture.page.locator('.node.more').click();
      assert.deepEqual(await page.lastSent(), { type: 'more', of: caseFile.id, reference: 'refRegistrering' });
      const rest = Array.from({ length: 3 }, (_, i) => node(String(1125 + i), 'Journalpost', `2024/${325 + i} Melding om vedtak`));
      const more: MoreView[] = [];
      await page.draw({ type: 'neighbours', of: caseFile.id, reference: 'refRegistrering', entities: rest, links: rest.map((e) => link(caseFile, e, 'refRegistrering', 'refMappe')), more });
      assert.equal(await page.picture.page.locator('.node.more').count(), 0, 'the last page: no "more" left');
      assert.equal(await page.picture.page.locator('.node.entity').count(), 1 + 2 + 25 + 1 + 3);
      assertNoOverlap(await page.nodeRects());
      await page.picture.assertClean();
    } finally {
      await page.picture.close();
    }
  });

  test('the side pane opens the selected entity\'s details and reveals it; a failed fetch shows on its node', async () => {
    const page = await NeighbourhoodPage.open();
    try {
      await page.draw(centreMessage());
      await page.picture.page.locator(`.node.entity[data-id="${klasse.id}"]`).click();
      await page.picture.page.locator('.action', { hasText: 'Open Details' }).click();
      assert.deepEqual(await page.lastSent(), { type: 'open', id: klasse.id });
      await page.picture.page.locator('.action', { hasText: 'Reveal in Archive Tree' }).click();
      assert.deepEqual(await page.lastSent(), { type: 'reveal', id: klasse.id });

      await page.picture.post({ type: 'failed', of: klasse.id, message: 'Could not read the refBarnKlasse of Klasse 1010: POST query: 503: maintenance' });
      assert.equal(await page.picture.page.locator('.node.failed').getAttribute('data-id'), klasse.id);
      assert.equal(await page.picture.page.locator('.details .problem').textContent(), 'Could not read the refBarnKlasse of Klasse 1010: POST query: 503: maintenance');
      // A failed expansion is asked again on the next click.
      await page.picture.page.locator(`.node.entity[data-id="${klasse.id}"]`).click();
      assert.deepEqual(await page.lastSent(), { type: 'expand', id: klasse.id });

      // A picture the host could not start says why, and shows nothing else.
      await page.picture.post({ type: 'failed', message: 'The archive has no Saksmappe with id 9.' });
      assert.equal(await page.picture.page.locator('.status').textContent(), 'The archive has no Saksmappe with id 9.');
      assert.equal(await page.picture.page.locator('.node').count(), 0);
      await page.picture.assertClean();
    } finally {
      await page.picture.close();
    }
  });

  test('archive text with markup is drawn as text: labels, tooltips and the side pane', async () => {
    const page = await NeighbourhoodPage.open();
    try {
      const hostile = scriptPayloads.map((p, i) => node(String(2000 + i), 'Journalpost', p));
      await page.draw({ type: 'centre', centre: caseFile, entities: hostile, links: hostile.map((h) => link(caseFile, h, 'refRegistrering', 'refMappe')), more: [] });
      for (const h of hostile) {
        const shown = await page.picture.page.locator(`.node.entity[data-id="${h.id}"] .label`).textContent();
        assert.ok(shown !== null && (h.label.startsWith(shown.replace(/…$/, '')) || shown === h.label), `${h.label} drawn as ${shown}`);
        const tooltip = await page.picture.page.locator(`.node.entity[data-id="${h.id}"] > title`).textContent();
        assert.ok(tooltip?.startsWith(`${h.label}\n`), `the tooltip holds the whole label: ${tooltip}`);
      }
      const first = hostile[0]!;
      await page.picture.page.locator('button[aria-label="Fit the whole picture"]').click();
      await page.picture.page.locator(`.node.entity[data-id="${first.id}"]`).click();
      assert.equal(await page.picture.page.locator('.entity-label').textContent(), first.label);
      const injected = await page.picture.page.evaluate(() => (globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }).document.querySelectorAll('#app :is(script, img, iframe, object, embed, style, link, a, foreignObject, [onerror], [onload])').length);
      assert.equal(injected, 0, 'an element came from archive data');
      await page.picture.assertClean();
    } finally {
      await page.picture.close();
    }
  });

  test('the README\'s picture: a case file with one journal entry expanded, all in view (written with NOARKQ_SCREENSHOTS)', async () => {
    const page = await NeighbourhoodPage.open({ width: 1400, height: 760 });
    try {
      const few = centreMessage();
      const shown = new Set([caseFile.id, series.id, klasse.id, external.id, ...entries.slice(0, 4).map((e) => e.id)]);
      await page.draw({ ...few, entities: few.entities.filter((e) => shown.has(e.id)), links: few.links.filter((l) => shown.has(l.from) && shown.has(l.to)) });
      await page.picture.page.locator('button[aria-label="Fit the whole picture"]').click();
      await page.picture.page.locator(`.node.entity[data-id="${entries[1]!.id}"]`).click();
      await page.draw(entryNeighbours(entries[1]));
      await page.picture.page.locator('button[aria-label="Fit the whole picture"]').click();
      const entities = await page.picture.page.locator('.node.entity').count();
      assert.ok(entities > shown.size, `the expanded entry's neighbours are drawn beside the ${shown.size} shown first (found ${entities} nodes)`);
      const folder = process.env.NOARKQ_SCREENSHOTS;
      if (folder) await page.picture.page.screenshot({ path: join(folder, 'neighbourhood.png') });
    } finally {
      await page.picture.close();
    }
  });
});
