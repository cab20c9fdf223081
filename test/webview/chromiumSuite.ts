/**
 * What every chromium test file of this folder sets up once: the webview bundle built into a
 * temporary folder and a headless chromium, made before the file's tests and removed after them.
 */
import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { buildWebview, launchChromium } from './webviewPage';

export interface BuiltWebview {
  dir: string;
  remove(): void;
}

/** Calls `use` with the browser and the bundle before the file's tests; closes and removes both after them. */
export function withChromium(use: (browser: Browser, bundle: BuiltWebview) => void): void {
  let browser: Browser | undefined;
  let bundle: BuiltWebview | undefined;
  before(async () => {
    bundle = buildWebview();
    browser = await launchChromium();
    use(browser, bundle);
  });
  after(async () => {
    await browser?.close();
    bundle?.remove();
  });
}
