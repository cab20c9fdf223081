/**
 * Rules the webview's source keeps: browser code only (checked by its own TypeScript project,
 * which has the DOM and no Node), no way to turn text into HTML, and a page whose CSP lets
 * nothing but the bundle run or load.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { newNonce, resultsContentSecurityPolicy, resultsHtml } from '../../client/panel/resultsHtml';

const root = new URL('../..', import.meta.url).pathname;
const webviewDir = join(root, 'client/webview');
const sources = readdirSync(webviewDir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => ({ file: f, text: readFileSync(join(webviewDir, f), 'utf8') }));

describe('webview source', () => {
  test('typechecks as browser code: DOM, no Node types (tsc -p client/webview)', () => {
    const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', webviewDir, '--noEmit'], { encoding: 'utf8' });
    assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
  });

  test('imports neither vscode nor Node', () => {
    for (const { file, text } of sources) {
      assert.doesNotMatch(text, /from ['"](vscode|node:[\w/]+|fs|path|child_process|os|crypto)['"]/, file);
    }
  });

  test('never sets HTML from text', () => {
    for (const { file, text } of sources) {
      assert.doesNotMatch(text, /\.(innerHTML|outerHTML)\s*=|insertAdjacentHTML|document\.write|createContextualFragment|DOMParser|\beval\(|new Function\(/, file);
    }
  });
});

describe('results page', () => {
  test('the CSP runs only the nonce script and loads only from the webview origin', () => {
    const csp = resultsContentSecurityPolicy('https://origin.test', 'abc');
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'nonce-abc'(;|$)/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\*|https?:(?!\/\/origin\.test)/);
  });

  test('the page carries the CSP and the nonce, and escapes what goes in attributes', () => {
    const nonce = newNonce();
    assert.match(nonce, /^[\w-]{24}$/);
    assert.notEqual(nonce, newNonce());
    const html = resultsHtml({ cspSource: 'https://o.test', script: 'https://o.test/r.js?a="b"', stylesheet: 'https://o.test/r.css', codicons: 'https://o.test/c.css' }, nonce);
    assert.match(html, new RegExp(`<script nonce="${nonce}" src="https://o.test/r.js\\?a=&quot;b&quot;"></script>`));
    assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'nonce-/);
    assert.equal(html.match(/<script/g)?.length, 1);
  });
});
