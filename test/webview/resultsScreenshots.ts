/**
 * Screenshots of the results panel for the README's tour, in VS Code's Dark Modern colours:
 * `node --import tsx test/webview/resultsScreenshots.ts` writes docs/images/results-query.png
 * and docs/images/results-transaction.png.
 */
import { mkdirSync } from 'node:fs';
import type { EntityObject } from '../../runner/archive/archiveApi';
import { caseFile, queryResult, transactionResult } from './resultFixtures';
import { buildWebview, launchChromium, ResultsPage } from './webviewPage';

const out = new URL('../../docs/images/', import.meta.url).pathname;

function saved(type: string, id: string, fields: Record<string, string>): EntityObject {
  return { type, id, version: '1', fields, links: {} };
}

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  const bundle = buildWebview();
  const browser = await launchChromium();
  try {
    const query = await ResultsPage.open(browser, bundle.dir, { width: 1100, height: 480 });
    const rows = Array.from({ length: 500 }, (_, i) => caseFile(i + 1));
    await query.show('cases — Saksmappe', { ...queryResult(rows, true), durationMs: 142 }, { next: async () => ({ results: [], hasMore: false }) });
    const page = query.page;
    await page.locator('.grid-header-cell', { hasText: 'saksaar' }).click();
    await page.locator('.grid-header-cell', { hasText: 'saksaar' }).click();
    await page.locator('.grid-row[aria-rowindex="4"] .grid-cell[data-column="2"]').click();
    await page.screenshot({ path: `${out}results-query.png` });
    await query.close();

    const tx = await ResultsPage.open(browser, bundle.dir, { width: 1100, height: 330 });
    await tx.show(
      'register — TRANSACTION',
      {
        ...transactionResult({
          jp: saved('Journalpost', '5f1c2a7e-3b4d-4e8f-9a10-2b3c4d5e6f70', {}),
          kp: saved('Korrespondansepart', '8a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', {}),
          doc: saved('Dokument', 'c0ffee00-1234-4abc-9def-0123456789ab', {}),
          v1: saved('Dokumentversjon', 'd00d2b1e-7e57-4c1a-b2c3-d4e5f6a7b8c9', {}),
        }),
        durationMs: 63,
      },
    );
    await tx.page.screenshot({ path: `${out}results-transaction.png` });
    await tx.close();
  } finally {
    await browser.close();
    bundle.remove();
  }
}

void main();
