/**
 * The model picture's page. Pure (no vscode) so the chromium test loads exactly what VS Code
 * loads; its Content-Security-Policy is the results panel's: only the bundle's own script runs,
 * and nothing loads from elsewhere.
 */
import { attribute, resultsContentSecurityPolicy } from '../panel/resultsHtml';

export interface ModelPageUris {
  /** The webview's resource origin (`webview.cspSource`). */
  cspSource: string;
  script: string;
  stylesheet: string;
  codicons: string;
}

export function modelHtml(uris: ModelPageUris, nonce: string): string {
  const a = attribute;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${a(resultsContentSecurityPolicy(uris.cspSource, nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${a(uris.codicons)}" id="vscode-codicon-stylesheet">
<link rel="stylesheet" href="${a(uris.stylesheet)}">
<title>Noark model</title>
</head>
<body>
<main id="app"></main>
<script nonce="${a(nonce)}" src="${a(uris.script)}"></script>
</body>
</html>
`;
}
