/**
 * Where a noarkq webview panel's page comes from: the folder esbuild writes the webview bundles to,
 * which is the only one the panel may load from, and the files of one page in it (`<page>.js`,
 * `<page>.css` and the codicons), as the webview may load them.
 */
import * as vscode from 'vscode';
import type { ResultsPageUris } from './resultsHtml';

/** The panel options' `localResourceRoots` entry: `dist/webview` of the extension. */
export function webviewBundleFolder(extensionUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
}

/** The URIs of page `page` (e.g. `results`) for `webview`, with its resource origin. */
export function webviewPageUris(webview: vscode.Webview, extensionUri: vscode.Uri, page: string): ResultsPageUris {
  const folder = webviewBundleFolder(extensionUri);
  const uri = (file: string): string => webview.asWebviewUri(vscode.Uri.joinPath(folder, file)).toString();
  return { cspSource: webview.cspSource, script: uri(`${page}.js`), stylesheet: uri(`${page}.css`), codicons: uri('codicon.css') };
}
