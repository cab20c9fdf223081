/**
 * Loads the results webview, built by esbuild.mjs into a temp folder, into headless chromium
 * with the page VS Code would give it (resultsHtml, CSP included), a stub `acquireVsCodeApi`,
 * and a real `ResultsSession` on the host side of the message channel. Everything the page
 * tries to load from elsewhere, every dialog, CSP violation and message is recorded.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { resultsHtml } from '../../client/panel/resultsHtml';
import { ResultsSession, type MorePages } from '../../client/panel/resultsSession';
import type { HostMessage, WebviewMessage } from '../../client/webview/resultsMessages';
import type { BlockRunResult } from '../../runner/blocks/blockRunResult';

export const chromiumPath = process.env.NOARKQ_CHROMIUM ?? '/usr/bin/chromium';
const origin = 'https://noarkq-webview.test';
const root = new URL('../..', import.meta.url).pathname;

/** Builds the webview bundle exactly as `npm run build` does (or, with `production`, as the
 * packaged extension ships it), into a folder of its own. */
export function buildWebview(options: { production?: boolean } = {}): { dir: string; remove(): void } {
  const out = mkdtempSync(join(tmpdir(), 'noarkq-webview-'));
  const args = [join(root, 'esbuild.mjs'), '--only', 'webview', '--outdir', out, ...(options.production ? ['--production'] : [])];
  const built = spawnSync(process.execPath, args, { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`building the webview failed:\n${built.stderr}`);
  return { dir: join(out, 'webview'), remove: () => rmSync(out, { recursive: true, force: true }) };
}

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`The webview tests need Debian's chromium at ${chromiumPath} (apt-get install -y chromium; CI installs it), or NOARKQ_CHROMIUM set to another build.`);
  }
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
  });
}

/** A few of VS Code's Dark Modern colours, set as VS Code sets them: on <html>, through CSSOM. */
export const darkTheme: Record<string, string> = {
  '--vscode-font-family': '-apple-system, BlinkMacSystemFont, "Segoe UI", "Ubuntu", "Droid Sans", sans-serif',
  '--vscode-font-size': '13px',
  '--vscode-editor-font-family': '"Droid Sans Mono", "monospace", monospace',
  '--vscode-editor-font-size': '13px',
  '--vscode-foreground': '#cccccc',
  '--vscode-descriptionForeground': '#9d9d9d',
  '--vscode-editor-background': '#1f1f1f',
  '--vscode-panel-background': '#181818',
  '--vscode-panel-border': '#2b2b2b',
  '--vscode-settings-headerBorder': '#2b2b2b',
  '--vscode-keybindingTable-headerBackground': 'rgba(204, 204, 204, 0.04)',
  '--vscode-tree-tableOddRowsBackground': 'rgba(204, 204, 204, 0.04)',
  '--vscode-list-hoverBackground': '#2a2d2e',
  '--vscode-list-activeSelectionBackground': '#04395e',
  '--vscode-list-activeSelectionForeground': '#ffffff',
  '--vscode-focusBorder': '#0078d4',
  '--vscode-button-background': '#0078d4',
  '--vscode-button-foreground': '#ffffff',
  '--vscode-button-secondaryBackground': '#313131',
  '--vscode-button-secondaryForeground': '#cccccc',
  '--vscode-badge-background': '#616161',
  '--vscode-badge-foreground': '#f8f8f8',
  '--vscode-errorForeground': '#f85149',
  '--vscode-editor-findMatchHighlightBackground': 'rgba(234, 92, 0, 0.33)',
  '--vscode-tab-activeForeground': '#ffffff',
  '--vscode-tab-inactiveForeground': '#9d9d9d',
  '--vscode-panelTitle-activeBorder': '#0078d4',
  '--vscode-panelTitle-activeForeground': '#cccccc',
  '--vscode-panelTitle-inactiveForeground': '#9d9d9d',
};

// Runs before the page's own script, as VS Code's preload does.
const initScript = `
  window.__sent = [];
  window.__csp = [];
  window.__state = undefined;
  window.acquireVsCodeApi = () => ({
    postMessage: (m) => { const copy = JSON.parse(JSON.stringify(m)); window.__sent.push(copy); window.__toHost(copy); },
    getState: () => window.__state,
    setState: (s) => { window.__state = JSON.parse(JSON.stringify(s)); },
  });
  document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));
  document.addEventListener('readystatechange', () => {
    for (const [name, value] of Object.entries(${JSON.stringify(darkTheme)})) document.documentElement.style.setProperty(name, value);
  }, { once: true });
`;

export const contentTypes: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.ttf': 'font/ttf', '.map': 'application/json' };

/** A file of the built webview bundle for a page's request path, as a route answers it; undefined
 * for a path outside the bundle or a file it does not have. */
export function bundledFile(bundleDir: string, pathname: string): { contentType: string; body: Buffer } | undefined {
  const file = join(bundleDir, pathname.slice(1));
  if (pathname.includes('..') || !existsSync(file)) return undefined;
  return { contentType: contentTypes[extname(file)] ?? 'application/octet-stream', body: readFileSync(file) };
}

export interface Probe {
  /** Set by a payload that ran. */
  pwned: unknown;
  dialogs: string[];
  csp: string[];
  /** Requests for anything but the bundle's files. */
  blocked: string[];
  pageErrors: string[];
}

interface PageGlobals {
  __sent: WebviewMessage[];
  __csp: string[];
  __pwned?: unknown;
  postMessage(message: unknown, targetOrigin: string): void;
  dispatchEvent(event: MessageEvent): boolean;
}
// Functions given to page.evaluate run in the page: they name the globals there by this cast.

export class ResultsPage {
  readonly session: ResultsSession;
  readonly copied: string[] = [];
  readonly saved: { format: string; name: string }[] = [];
  private readonly dialogs: string[] = [];
  private readonly blocked: string[] = [];
  private readonly pageErrors: string[] = [];
  private posting: Promise<unknown> = Promise.resolve();

  private constructor(readonly page: Page) {
    this.session = new ResultsSession({
      post: (message) => this.post(message),
      copy: async (text) => {
        this.copied.push(text);
      },
      saveTarget: async (format, name) => {
        this.saved.push({ format, name });
        return undefined;
      },
      report: () => undefined,
    });
  }

  static async open(browser: Browser, bundleDir: string, viewport = { width: 1000, height: 700 }): Promise<ResultsPage> {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const self = new ResultsPage(page);
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
      if (url.pathname === '/index.html') {
        const html = resultsHtml({ cspSource: origin, script: `${origin}/results.js`, stylesheet: `${origin}/results.css`, codicons: `${origin}/codicon.css` }, 'n0nceF0rTheTests');
        return route.fulfill({ status: 200, contentType: 'text/html', body: html });
      }
      const served = bundledFile(bundleDir, url.pathname);
      if (served) return route.fulfill({ status: 200, ...served });
      self.blocked.push(url.href);
      return route.fulfill({ status: 404, body: '' });
    });
    await page.exposeBinding('__toHost', (_source, message: unknown) => {
      void self.session.receive(message);
    });
    await page.addInitScript(initScript);
    await page.goto(`${origin}/index.html`);
    return self;
  }

  /** Shows a result the way ResultsPanels does, once the webview said it is ready. */
  async show(title: string, result: BlockRunResult, more?: MorePages): Promise<void> {
    await this.page.waitForFunction(() => (globalThis as unknown as PageGlobals).__sent.some((m) => m.type === 'ready'));
    this.session.show(title, result, more);
    await this.settled();
  }

  /** Waits until every message the host posted has reached the page. */
  async settled(): Promise<void> {
    let last: Promise<unknown>;
    do {
      last = this.posting;
      await last;
    } while (last !== this.posting);
  }

  post(message: HostMessage): void {
    // As JSON text, as VS Code carries it: playwright's own serialization of 50,000 rows is slow.
    const json = JSON.stringify(message);
    // Dispatched synchronously (window.postMessage would queue a task that may run after the
    // test's next look at the page), so a message is handled when `settled()` returns.
    this.posting = this.posting.then(() => this.page.evaluate((m) => (globalThis as unknown as PageGlobals).dispatchEvent(new MessageEvent('message', { data: JSON.parse(m) as unknown })), json));
  }

  async sent(): Promise<WebviewMessage[]> {
    return this.page.evaluate(() => (globalThis as unknown as PageGlobals).__sent);
  }

  async probe(): Promise<Probe> {
    const inPage = await this.page.evaluate(() => ({ pwned: (globalThis as unknown as PageGlobals).__pwned, csp: (globalThis as unknown as PageGlobals).__csp }));
    return { ...inPage, dialogs: this.dialogs, blocked: this.blocked, pageErrors: this.pageErrors };
  }

  async close(): Promise<void> {
    await this.page.context().close();
  }
}


/** Nothing from archive data ran, loaded, broke the CSP or became an element of the page. */
export async function assertClean(results: ResultsPage): Promise<void> {
  const probe = await results.probe();
  assert.equal(probe.pwned, undefined, 'a payload ran');
  assert.deepEqual(probe.dialogs, [], 'a payload opened a dialog');
  assert.deepEqual(probe.blocked, [], 'the page tried to load something from elsewhere');
  assert.deepEqual(probe.csp, [], 'the page broke its own Content-Security-Policy');
  assert.deepEqual(probe.pageErrors, []);
  // The page's own DOM, not the controls' shadow roots (which hold their own stylesheet links).
  const injectable = 'script, img, iframe, svg, object, embed, style, link, a, input, video, audio, math, details, form, marquee, base, meta, textarea, select, template, noscript, table[background], [onerror], [onload]';
  const injected = await results.page.evaluate(
    (selector) => (globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }).document.querySelectorAll(`#app :is(${selector})`).length,
    injectable,
  );
  assert.equal(injected, 0, 'an element came from archive data');
}
