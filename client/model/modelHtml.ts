/**
 * The model picture's page. Pure (no vscode) so the chromium test loads exactly what VS Code
 * loads; its Content-Security-Policy is the results panel's: only the bundle's own script runs,
 * and nothing loads from elsewhere.
 */
import { webviewPage, type ResultsPageUris } from '../panel/resultsHtml';

/** The same files as the results page's: the model's own bundle and stylesheet, and the codicons. */
export type ModelPageUris = ResultsPageUris;

export function modelHtml(uris: ModelPageUris, nonce: string): string {
  return webviewPage('Noark model', uris, nonce);
}
