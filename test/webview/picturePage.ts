/**
 * A picture webview (the model, an entity's neighbourhood) in headless chromium, loaded with the
 * page VS Code would give it (CSP included) from the bundle esbuild built, with a stub
 * `acquireVsCodeApi` that records what the page sends. What the page tries to load from
 * elsewhere, its CSP violations and its errors are recorded for `assertClean`.
 */
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import type { ResultsPageUris } from '../../client/panel/resultsHtml';
import { bundledFile } from './webviewPage';

const origin = 'https://noarkq-webview.test';

export interface PageGlobals {
  __sent: unknown[];
  __csp: string[];
  __pwned?: unknown;
  dispatchEvent(event: MessageEvent): boolean;
  document: { body: { dataset: Record<string, string | undefined> } };
}
// Functions given to page.evaluate run in the page: they name the globals there by this cast.

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export class PicturePage {
  readonly blocked: string[] = [];
  readonly pageErrors: string[] = [];
  readonly dialogs: string[] = [];

  private constructor(readonly page: Page) {}

  /** `html` makes the page from its bundle's URIs (`bundle`.js and .css, the codicons). */
  static async open(browser: Browser, bundleDir: string, bundle: string, html: (uris: ResultsPageUris, nonce: string) => string, viewport = { width: 1200, height: 800 }): Promise<PicturePage> {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const self = new PicturePage(page);
    page.on('pageerror', (error) => self.pageErrors.push(error.message));
    page.on('dialog', (dialog) => {
      self.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await page.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (url.origin === origin && url.pathname === '/index.html') {
        const body = html({ cspSource: origin, script: `${origin}/${bundle}.js`, stylesheet: `${origin}/${bundle}.css`, codicons: `${origin}/codicon.css` }, 'n0nceF0rTheTests');
        return route.fulfill({ status: 200, contentType: 'text/html', body });
      }
      const served = url.origin === origin ? bundledFile(bundleDir, url.pathname) : undefined;
      if (served) return route.fulfill({ status: 200, ...served });
      self.blocked.push(url.href);
      return route.abort();
    });
    await page.addInitScript(`
      window.__sent = [];
      window.__csp = [];
      window.acquireVsCodeApi = () => ({ postMessage: (m) => window.__sent.push(JSON.parse(JSON.stringify(m))), getState: () => undefined, setState: () => undefined });
      document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));
    `);
    await page.goto(`${origin}/index.html`);
    return self;
  }

  async waitForReady(): Promise<void> {
    await this.page.waitForFunction(() => (globalThis as unknown as PageGlobals).__sent.some((m) => (m as { type?: string }).type === 'ready'));
  }

  /** Hands the page a message as the host's postMessage does, handled by the time this returns. */
  async post(message: unknown): Promise<void> {
    const json = JSON.stringify(message);
    await this.page.evaluate((m) => (globalThis as unknown as PageGlobals).dispatchEvent(new MessageEvent('message', { data: JSON.parse(m) as unknown })), json);
  }

  async sent(): Promise<unknown[]> {
    return this.page.evaluate(() => (globalThis as unknown as PageGlobals).__sent);
  }

  async rect(selector: string): Promise<Rect> {
    const box = await this.page.locator(selector).first().boundingBox();
    assert.ok(box, `${selector} is not on the page`);
    return box;
  }

  /** The offset of an element's centre from the canvas's centre, in screen pixels. */
  async offCentre(selector: string): Promise<{ dx: number; dy: number }> {
    const canvas = await this.rect('.canvas');
    const box = await this.rect(selector);
    return { dx: box.x + box.width / 2 - (canvas.x + canvas.width / 2), dy: box.y + box.height / 2 - (canvas.y + canvas.height / 2) };
  }

  async assertClean(): Promise<void> {
    const inPage = await this.page.evaluate(() => ({ csp: (globalThis as unknown as PageGlobals).__csp, pwned: (globalThis as unknown as PageGlobals).__pwned }));
    assert.deepEqual(inPage.csp, [], 'the page broke its own Content-Security-Policy');
    assert.equal(inPage.pwned, undefined, 'a payload ran');
    assert.deepEqual(this.dialogs, [], 'a payload opened a dialog');
    assert.deepEqual(this.blocked, [], 'the page tried to load something from elsewhere');
    assert.deepEqual(this.pageErrors, []);
  }

  async close(): Promise<void> {
    await this.page.context().close();
  }
}

export function overlap(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

export function assertCentred(off: { dx: number; dy: number }, what: string): void {
  assert.ok(Math.abs(off.dx) < 1 && Math.abs(off.dy) < 1, `${what} is ${off.dx.toFixed(1)}, ${off.dy.toFixed(1)} px off the centre`);
}
