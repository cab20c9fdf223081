/**
 * The neighbourhood picture's page. Pure (no vscode) so the chromium test loads exactly what VS
 * Code loads: the results page's Content-Security-Policy, so only the bundle's own script runs
 * and nothing loads from elsewhere.
 */
import { webviewPage, type ResultsPageUris } from '../panel/resultsHtml';

export function neighbourhoodHtml(uris: ResultsPageUris, nonce: string): string {
  return webviewPage('Neighbourhood', uris, nonce);
}
