/**
 * The model picture ("noarkq: Show Model") in headless chromium, loaded with the page VS Code
 * would give it (modelHtml, CSP included) and the model the panel sends: every type is drawn, no
 * two boxes overlap, search centres a type, clicking a type lists its fields, and zoom, pan and
 * the references' links move the picture. Needs chromium (see webviewPage.ts). With
 * NOARKQ_SCREENSHOTS set to a folder, it also writes model.png there (the README's picture).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { modelHtml } from '../../client/model/modelHtml';
import { modelTypeViews } from '../../client/model/modelView';
import { pictureEdges } from '../../client/webview/modelLayout';
import type { ModelHostMessage } from '../../client/webview/modelMessages';
import { noarkModel } from '../../core/schema';
import { assertCentred, overlap, PicturePage, type PageGlobals, type Rect } from './picturePage';
import { withChromium, type BuiltWebview } from './chromiumSuite';

let browser: Browser;
let bundle: BuiltWebview;
withChromium((b, w) => {
  browser = b;
  bundle = w;
});

/** The model page (picturePage.ts) and what the model test asks of it. */
class ModelPage {
  private constructor(private readonly picture: PicturePage) {}

  get page(): Page {
    return this.picture.page;
  }

  static async open(viewport = { width: 1200, height: 800 }): Promise<ModelPage> {
    return new ModelPage(await PicturePage.open(browser, bundle.dir, 'model', modelHtml, viewport));
  }

  /** Sends the model as the panel does once the page is ready, and waits until it is drawn. */
  async showModel(select?: string): Promise<void> {
    await this.picture.waitForReady();
    await this.post({ type: 'model', types: modelTypeViews(noarkModel), ...(select === undefined ? {} : { select }) });
    await this.page.waitForFunction(() => (globalThis as unknown as PageGlobals).document.body.dataset.ready === 'true');
  }

  post(message: ModelHostMessage): Promise<void> {
    return this.picture.post(message);
  }

  rect(selector: string): Promise<Rect> {
    return this.picture.rect(selector);
  }

  typeRect(name: string): Promise<Rect> {
    return this.rect(`.type[data-type="${name}"] > rect`);
  }

  /** The offset of a type's centre from the canvas's centre, in screen pixels. */
  offCentre(name: string): Promise<{ dx: number; dy: number }> {
    return this.picture.offCentre(`.type[data-type="${name}"] > rect`);
  }

  assertClean(): Promise<void> {
    return this.picture.assertClean();
  }

  close(): Promise<void> {
    return this.picture.close();
  }
}

describe('the model picture\'s edges', () => {
  const edges = pictureEdges(modelTypeViews(noarkModel));
  const named = (name: string) => edges.filter((e) => e.name === name).map((e) => `${e.source} → ${e.target}${e.peer ? ' (peer)' : ''}`);

  test('a link is drawn once, from the parent down, not again from the child side', () => {
    assert.deepEqual(named('refDokument').sort(), ['Dokument → Dokumentversjon', 'Dokument → EksternId', 'Dokument → Merknad']);
    assert.deepEqual(named('refDokumentversjon'), ['Dokumentversjon → EksternId'], 'not Dokument → Dokumentversjon again: the child side of the same link');
    assert.deepEqual(named('refArkiv'), ['Arkiv → Arkivskaper', 'Arkiv → Arkivdel']);
  });

  test('a peer link is drawn from the side met first, not again as its inverse', () => {
    assert.deepEqual(named('refArkivdelSomPrimaer'), ['Klassifikasjonssystem → Arkivdel (peer)']);
    assert.deepEqual(named('refPrimaerKlassifikasjonssystem'), []);
    assert.deepEqual(named('refArkivdelForloeper'), ['Arkivdel → Arkivdel (peer)']);
    assert.deepEqual(named('refArkivdelArvtaker'), []);
  });

  test('a reference every subtype shares is drawn once, from the group', () => {
    assert.deepEqual(named('refArkivdel').sort(), ['Arkivdel → AbstraktMappe', 'Arkivdel → AbstraktRegistrering']);
    // Moetemappe's own folder nesting and Moeteregistrering's folder are its own, not the group's.
    assert.ok(named('refMappe').includes('Moetemappe → Moeteregistrering'));
    assert.ok(named('refForelderMappe').includes('Moetemappe → Moetemappe'));
  });
});

describe('the model picture', () => {
  test('every type is drawn, abstract types hold their subtypes, and no two boxes overlap', async () => {
    const model = await ModelPage.open();
    try {
      await model.showModel();
      const drawn = await model.page.locator('.type').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-type') ?? ''));
      assert.deepEqual([...drawn].sort(), noarkModel.types.map((t) => t.name).sort());
      const abstract = await model.page.locator('.type.abstract').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-type') ?? ''));
      assert.deepEqual([...abstract].sort(), ['AbstraktMappe', 'AbstraktRegistrering', 'NasjonalIdentifikator']);

      const rects = new Map<string, Rect>();
      for (const t of noarkModel.types) rects.set(t.name, await model.typeRect(t.name));
      const inGroup = (inner: string, outer: string): boolean => noarkModel.getType(inner)?.supertypes.includes(outer) === true;
      for (const t of noarkModel.types.filter((x) => x.abstract)) {
        const group = rects.get(t.name)!;
        for (const s of t.subtypes) {
          const sub = rects.get(s)!;
          assert.ok(sub.x >= group.x && sub.y >= group.y && sub.x + sub.width <= group.x + group.width && sub.y + sub.height <= group.y + group.height, `${s} is drawn outside its group ${t.name}`);
        }
      }
      const names = [...rects.keys()];
      for (const [i, a] of names.entries()) {
        for (const b of names.slice(i + 1)) {
          if (inGroup(a, b) || inGroup(b, a)) continue;
          assert.ok(!overlap(rects.get(a)!, rects.get(b)!), `${a} and ${b} overlap`);
        }
      }
      // Each link once: a path for every parent-side and peer reference a group does not already draw.
      const edges = await model.page.locator('.edge').count();
      assert.ok(edges >= 40, `only ${edges} references drawn`);
      assert.equal(await model.page.locator('.edge title', { hasText: 'Dokument → Dokumentversjon: refDokument (1)' }).count(), 1);
      await model.assertClean();
    } finally {
      await model.close();
    }
  });

  test('search finds a type, centres and selects it; an unknown name says so', async () => {
    const model = await ModelPage.open();
    try {
      await model.showModel();
      const search = model.page.locator('.search');
      await search.fill('dokumentversjon');
      await search.press('Enter');
      assertCentred(await model.offCentre('Dokumentversjon'), 'Dokumentversjon');
      assert.equal(await model.page.locator('.type.selected').getAttribute('data-type'), 'Dokumentversjon');
      assert.equal(await model.page.locator('.details .type-name').textContent(), 'Dokumentversjon');

      // A part of a name finds the first type that starts with it.
      await search.fill('korr');
      await search.press('Enter');
      assertCentred(await model.offCentre('Korrespondansepart'), 'Korrespondansepart');
      assert.equal(await model.page.locator('.status').textContent(), '');

      await search.fill('Saksbehandler');
      await search.press('Enter');
      assert.equal(await model.page.locator('.status').textContent(), 'No type matches');
      assert.equal(await model.page.locator('.type.selected').getAttribute('data-type'), 'Korrespondansepart', 'the selection stays');
      await model.assertClean();
    } finally {
      await model.close();
    }
  });

  test('clicking a type lists its fields and references; a reference\'s target selects that type', async () => {
    const model = await ModelPage.open();
    try {
      await model.showModel();
      await model.page.locator('.type[data-type="Dokumentversjon"]').click();
      assert.equal(await model.page.locator('.type.selected').getAttribute('data-type'), 'Dokumentversjon');
      const sent = await model.page.evaluate(() => (globalThis as unknown as PageGlobals).__sent);
      assert.deepEqual(sent.at(-1), { type: 'selected', name: 'Dokumentversjon' }, 'the host is told, to select it again when the page reloads');
      const rows = await model.page.locator('.details table.fields tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
      const type = noarkModel.getType('Dokumentversjon')!;
      assert.deepEqual(rows.map((r) => r[0]), type.fields.map((f) => f.name));
      const row = (name: string): string[] => rows.find((r) => r[0] === name) ?? [];
      assert.deepEqual(row('referanseDokumentfil'), ['referanseDokumentfil', 'string', '', 'yes', 'yes'], 'a field needed on create says so');
      const coded = type.fields.find((f) => f.codeList !== undefined)!;
      assert.equal(row(coded.name)[2], coded.codeList, 'a code-list field names its list');

      await model.page.locator('.details table.references button', { hasText: 'Dokument' }).first().click();
      assert.equal(await model.page.locator('.details .type-name').textContent(), 'Dokument');
      assertCentred(await model.offCentre('Dokument'), 'Dokument');

      // The host's `select` (the command run again with a type) does the same.
      await model.post({ type: 'select', name: 'Saksmappe' });
      const saksmappe = await model.page.locator('.details table.fields tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
      assert.deepEqual(saksmappe.find((r) => r[0] === 'virksomhetsspesifikkeMetadata')?.slice(3), ['', ''], 'not queryable, not needed on create');
      assert.equal(saksmappe.find((r) => r[0] === 'tittel')?.[3], 'yes');
      assertCentred(await model.offCentre('Saksmappe'), 'Saksmappe');

      // An abstract group is a type too: clicking its name shows the fields its subtypes share.
      const group = await model.typeRect('AbstraktMappe');
      await model.page.mouse.click(group.x + 6, group.y + 6);
      assert.equal(await model.page.locator('.details .type-name').textContent(), 'AbstraktMappe');
      assert.match((await model.page.locator('.details').textContent()) ?? '', /Abstract: stands for Mappe, Saksmappe, Moetemappe\./);
      await model.assertClean();
    } finally {
      await model.close();
    }
  });

  test('opened with a type selected, it is centred; zoom and drag move the picture', async () => {
    const model = await ModelPage.open();
    try {
      await model.showModel('Journalpost');
      assertCentred(await model.offCentre('Journalpost'), 'Journalpost');
      assert.equal(await model.page.locator('.details .type-name').textContent(), 'Journalpost');

      const before = await model.typeRect('Journalpost');
      await model.page.locator('button[aria-label="Zoom in"]').click();
      const zoomed = await model.typeRect('Journalpost');
      assert.ok(Math.abs(zoomed.width / before.width - 1.25) < 0.01, 'the button zooms in by a quarter');
      assertCentred(await model.offCentre('Journalpost'), 'Journalpost after zooming about the centre');

      const canvas = await model.rect('.canvas');
      await model.page.mouse.move(canvas.x + 40, canvas.y + 40);
      await model.page.mouse.wheel(0, 300);
      const wheeled = await model.typeRect('Journalpost');
      assert.ok(wheeled.width < zoomed.width, 'the wheel down zooms out');

      // Drag on empty canvas pans by exactly the drag.
      const start = await model.typeRect('Journalpost');
      await model.page.mouse.move(canvas.x + 5, canvas.y + 5);
      await model.page.mouse.down();
      await model.page.mouse.move(canvas.x + 85, canvas.y + 45, { steps: 4 });
      await model.page.mouse.up();
      const panned = await model.typeRect('Journalpost');
      assert.ok(Math.abs(panned.x - start.x - 80) < 0.5 && Math.abs(panned.y - start.y - 40) < 0.5, `moved ${panned.x - start.x}, ${panned.y - start.y}`);

      await model.page.locator('button[aria-label="Fit the whole model"]').click();
      const all = await model.rect('.viewport');
      const view = await model.rect('.canvas');
      assert.ok(all.x >= view.x - 0.5 && all.y >= view.y - 0.5 && all.x + all.width <= view.x + view.width + 0.5 && all.y + all.height <= view.y + view.height + 0.5, 'the whole model fits the canvas');

      const folder = process.env.NOARKQ_SCREENSHOTS;
      if (folder !== undefined) {
        await model.post({ type: 'select', name: 'Dokumentversjon' });
        await model.page.locator('button[aria-label="Fit the whole model"]').click();
        await model.page.screenshot({ path: join(folder, 'model.png') });
      }
      await model.assertClean();
    } finally {
      await model.close();
    }
  });
});
