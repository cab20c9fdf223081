/**
 * The results webview's page. Pure (no vscode) so the chromium tests load exactly what VS Code
 * loads, Content-Security-Policy included.
 */
import { randomBytes } from 'node:crypto';

export interface ResultsPageUris {
  /** The webview's resource origin (`webview.cspSource`). */
  cspSource: string;
  script: string;
  stylesheet: string;
  codicons: string;
}

export function newNonce(): string {
  return randomBytes(18).toString('base64url');
}

export const attribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Only the bundle's own script (by nonce) runs; styles and fonts come from the bundle folder
 * (vscode-elements' shadow roots use constructed stylesheets, which CSP does not govern); nothing
 * else loads: no inline script or style, no remote resource, no frames, no form posts.
 */
export function resultsContentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    "img-src 'none'",
    "connect-src 'none'",
    "frame-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/** A webview page of the extension: its stylesheet and codicons, one `<main id="app">` the bundle
 * fills (with `mainAttributes`), the bundle's script by nonce, under the policy above. */
export function webviewPage(title: string, uris: ResultsPageUris, nonce: string, mainAttributes = ''): string {
  const a = attribute;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${a(resultsContentSecurityPolicy(uris.cspSource, nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${a(uris.codicons)}" id="vscode-codicon-stylesheet">
<link rel="stylesheet" href="${a(uris.stylesheet)}">
<title>${title.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</title>
</head>
<body>
<main id="app"${mainAttributes}></main>
<script nonce="${a(nonce)}" src="${a(uris.script)}"></script>
</body>
</html>
`;
}

export function resultsHtml(uris: ResultsPageUris, nonce: string): string {
  return webviewPage('noarkq results', uris, nonce, ' aria-live="polite"');
}
