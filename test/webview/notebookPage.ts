/**
 * Loads the notebook renderer's bundle into headless chromium as VS Code's notebook webview does:
 * imported as an ES module, `activate` given a renderer context, each output item rendered into an
 * element of its own. The context's messaging is a fake that records what the renderer sends and
 * hands it to the test's host; the test delivers host messages to the renderer's listener. The
 * page's CSP is stricter than the notebook webview's (no inline script or style, no eval), and
 * everything the page tries to load from elsewhere, every violation, dialog and error is recorded.
 */
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { noarkqResultMime, notebookRendererMessage, type NotebookHostMessage, type NotebookRendererMessage } from '../../client/webview/notebookMessages';
import { bundledFile, darkTheme } from './webviewPage';

const origin = 'https://noarkq-notebook.test';

const csp = [
  "default-src 'none'",
  `script-src ${origin}`,
  `style-src ${origin}`,
  `font-src ${origin}`,
  "img-src 'none'",
  "connect-src 'none'",
  "frame-src 'none'",
  "form-action 'none'",
  "base-uri 'none'",
].join('; ');

const indexHtml = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<title>notebook</title>
</head>
<body>
<div id="container"></div>
<script type="module" src="${origin}/harness.js"></script>
</body>
</html>
`;

// What VS Code's notebook preload does for a renderer, reduced to what the renderer uses.
const harness = `
import { activate } from './notebookRenderer.js';
const listeners = [];
const ctx = {
  workspace: { isTrusted: true },
  getState: () => window.__state,
  setState: (state) => { window.__state = JSON.parse(JSON.stringify(state)); },
  getRenderer: async () => undefined,
};
if (window.__messaging) {
  ctx.postMessage = (message) => {
    const copy = JSON.parse(JSON.stringify(message));
    window.__sent.push(copy);
    window.__toHost(copy);
  };
  ctx.onDidReceiveMessage = (listener) => {
    listeners.push(listener);
    return { dispose: () => listeners.splice(listeners.indexOf(listener), 1) };
  };
}
const renderer = await activate(ctx);
window.__fromHost = (message) => { for (const listener of listeners) listener(message); };
window.__render = async (id, text) => {
  let element = document.getElementById('output-' + id);
  if (!element) {
    element = document.createElement('div');
    element.id = 'output-' + id;
    element.className = 'output';
    document.getElementById('container').append(element);
  }
  const bytes = new TextEncoder().encode(text);
  const item = { id, mime: ${JSON.stringify(noarkqResultMime)}, metadata: undefined, text: () => text, json: () => JSON.parse(text), data: () => bytes, blob: () => new Blob([bytes]) };
  await renderer.renderOutputItem(item, element, new AbortController().signal);
};
window.__dispose = (id) => {
  renderer.disposeOutputItem(id);
  if (id !== undefined) document.getElementById('output-' + id)?.remove();
};
window.__activated = true;
`;

// Runs before the page's own script, as VS Code's preload does.
const initScript = (messaging: boolean): string => `
  window.__sent = [];
  window.__csp = [];
  window.__messaging = ${messaging};
  document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));
  document.addEventListener('readystatechange', () => {
    for (const [name, value] of Object.entries(${JSON.stringify(darkTheme)})) document.documentElement.style.setProperty(name, value);
  }, { once: true });
`;

// Functions given to page.evaluate run in the page: they name the globals there by this cast.
interface PageGlobals {
  __sent: NotebookRendererMessage[];
  __csp: string[];
  __state: unknown;
  __pwned?: unknown;
  __activated?: boolean;
  __render(id: string, text: string): Promise<void>;
  __dispose(id?: string): void;
  __fromHost(message: unknown): void;
}
export class NotebookPage {
  /** Where what the renderer sends goes, validated as the controller validates it. */
  toHost: (message: NotebookRendererMessage) => void = () => undefined;
  private readonly dialogs: string[] = [];
  private readonly blocked: string[] = [];
  private readonly pageErrors: string[] = [];
  private delivering: Promise<unknown> = Promise.resolve();

  private constructor(readonly page: Page) {}

  /** `messaging: false` is a notebook without renderer messaging: no `postMessage` in the context. */
  static async open(browser: Browser, bundleDir: string, options: { messaging: boolean; viewport?: { width: number; height: number } }): Promise<NotebookPage> {
    const context = await browser.newContext({ viewport: options.viewport ?? { width: 1000, height: 1200 } });
    const page = await context.newPage();
    const self = new NotebookPage(page);
    page.on('dialog', (dialog) => {
      self.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    page.on('pageerror', (error) => self.pageErrors.push(error.message));
    await page.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (url.origin !== origin) {
        self.blocked.push(url.href);
        return route.abort();
      }
      if (url.pathname === '/index.html') return route.fulfill({ status: 200, contentType: 'text/html', body: indexHtml });
      if (url.pathname === '/harness.js') return route.fulfill({ status: 200, contentType: 'text/javascript', body: harness });
      const served = bundledFile(bundleDir, url.pathname);
      if (served) return route.fulfill({ status: 200, ...served });
      self.blocked.push(url.href);
      return route.fulfill({ status: 404, body: '' });
    });
    await page.exposeBinding('__toHost', (_source, message: unknown) => self.toHost(notebookRendererMessage.parse(message)));
    await page.addInitScript(initScript(options.messaging));
    await page.goto(`${origin}/index.html`);
    await page.waitForFunction(() => (globalThis as unknown as PageGlobals).__activated === true);
    return self;
  }

  /** Renders an output item whose data is `data` (as JSON), or `text` as it is. */
  async render(itemId: string, data: unknown, asText = false): Promise<void> {
    const text = asText ? String(data) : JSON.stringify(data);
    await this.page.evaluate(([id, t]) => (globalThis as unknown as PageGlobals).__render(id, t), [itemId, text] as const);
  }

  async dispose(itemId?: string): Promise<void> {
    await this.page.evaluate((id) => (globalThis as unknown as PageGlobals).__dispose(id), itemId);
  }

  /** Hands a host message to the renderer's listener, in order; `settled()` waits for them all. */
  deliver(message: NotebookHostMessage): Promise<void> {
    // As JSON text: playwright's own serialization of many rows is slow.
    const json = JSON.stringify(message);
    const delivered = this.delivering.then(() => this.page.evaluate((m) => (globalThis as unknown as PageGlobals).__fromHost(JSON.parse(m)), json));
    this.delivering = delivered;
    return delivered;
  }

  async settled(): Promise<void> {
    let last: Promise<unknown>;
    do {
      last = this.delivering;
      await last;
    } while (last !== this.delivering);
  }

  /** What the renderer keeps in the webview's state (`ctx.setState`). */
  async state(): Promise<unknown> {
    return this.page.evaluate(() => (globalThis as unknown as PageGlobals).__state);
  }

  async sent(): Promise<NotebookRendererMessage[]> {
    return this.page.evaluate(() => (globalThis as unknown as PageGlobals).__sent);
  }

  /** The output item's element. */
  output(itemId: string): ReturnType<Page['locator']> {
    return this.page.locator(`#output-${itemId}`);
  }

  /** Nothing ran, loaded from elsewhere, broke the CSP or failed on the page. */
  async assertClean(): Promise<void> {
    const inPage = await this.page.evaluate(() => ({ pwned: (globalThis as unknown as PageGlobals).__pwned, csp: (globalThis as unknown as PageGlobals).__csp }));
    assert.equal(inPage.pwned, undefined, 'a payload ran');
    assert.deepEqual(inPage.csp, [], 'the page broke its Content-Security-Policy');
    assert.deepEqual(this.dialogs, [], 'a payload opened a dialog');
    assert.deepEqual(this.blocked, [], 'the page tried to load something from elsewhere');
    assert.deepEqual(this.pageErrors, []);
  }

  async close(): Promise<void> {
    await this.page.context().close();
  }
}
