/**
 * Full-text search and the entity logs in a real VS Code, against the sandbox's demo archive:
 * a search finds the demo letters and shows them in the search panel (the README's screenshot),
 * a hit's "Reveal" hands its entity to the archive tree, and a demo entity's change log opens in
 * its own panel.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { EntityRef } from '../../../client/archive/entityRef';
import type { NoarkqExtensionApi } from '../../../client/extension';
import type { BlockRunResult } from '../../../runner/blocks/blockRunResult';
import { extensionId, screenshot, waitFor } from './suiteHelpers';

type SearchBody = { results: { ids: Record<string, string[]>; highlights: Record<string, string[]> }[]; total: number };

/** A word of the demo archive's letters: the applications for and decisions on serving licences
 * (sandbox/seed/demoCases.ts), more of them than one page holds. */
const demoWord = 'skjenkebevilling';

export function registerSearchTests(): void {
  suite('noarkq search and logs', () => {
    let api: NoarkqExtensionApi;
    let hits: SearchBody | undefined;

    suiteSetup(async () => {
      await vscode.commands.executeCommand('noarkq.startSandbox');
      assert.equal(await vscode.commands.executeCommand('noarkq.selectEnvironment', 'sandbox'), 'sandbox');
      const extension = vscode.extensions.getExtension<NoarkqExtensionApi>(extensionId);
      api = await waitFor('activation', () => extension?.isActive && extension.exports);
    });

    test('noarkq.fullTextSearch finds a demo letter and shows its hits with highlights', async () => {
      // The sandbox indexes on an interval, in rounds: a freshly seeded archive may need a few
      // before more than a page of the letters is found.
      const result = await waitFor(
        'the demo letters in the full-text index',
        async () => {
          const r = await vscode.commands.executeCommand<BlockRunResult | undefined>('noarkq.fullTextSearch', 'Tekst', demoWord);
          return r?.ok && (r.body as SearchBody).total > 20 && r;
        },
        120_000,
      );
      hits = result.body as SearchBody;
      assert.deepEqual(result.request?.body, { doctype: 'Tekst', query: demoWord, offset: 0, limit: 20 });
      assert.equal(hits.results.length, 20, 'a full first page; the panel offers the next');
      for (const hit of hits.results) {
        assert.ok(hit.ids['Dokumentversjon.id']?.length, JSON.stringify(hit.ids));
        assert.ok(Object.values(hit.highlights).flat().some((s) => s.includes('|=hlstart=|')), 'each hit has its match marked');
      }
      assert.ok(api.openResultPanels().includes('noarkq.search'), api.openResultPanels().join(', '));
      await screenshot('search-results', 'iframe.webview @ #app .hit');
    });

    test("a hit's Reveal hands its document version to the archive tree", async () => {
      assert.ok(hits, 'the search test ran first');
      const expected: EntityRef = { type: 'Dokumentversjon', id: hits.results[0]!.ids['Dokumentversjon.id']![0]! };
      await api.sendFromPanel('noarkq.search', { type: 'revealHit', hit: 0 });
      // The archive tree loads the version's ancestors and selects it.
      await waitFor('the hit selected in the archive tree', () => api.archiveSelection().some((e) => e.type === expected.type && e.id === expected.id));
    });

    test('noarkq.showChangeLog shows the change log of a demo document in its panel', async () => {
      assert.ok(hits, 'the search test ran first');
      const dokument = hits.results[0]!.ids['Dokument.id']![0]!;
      // As the tree's context menu passes it: a node carrying its entity (and the selection).
      const node = { entity: { type: 'Dokument', id: dokument, label: 'demo letter' } };
      const result = await vscode.commands.executeCommand<BlockRunResult | undefined>('noarkq.showChangeLog', node, [node]);
      assert.ok(result?.ok, JSON.stringify(result?.error));
      const body = result.body as { results: { revisionType: string; type: string }[]; total: number };
      assert.ok(body.total > 0);
      assert.equal(body.results[0]?.revisionType, 'CREATE');
      assert.ok(api.openResultPanels().includes(`noarkq.log:change:Dokument:${dokument}`), api.openResultPanels().join(', '));
      // (type, id), as a key binding passes it, reads the same log.
      const again = await vscode.commands.executeCommand<BlockRunResult | undefined>('noarkq.showChangeLog', 'Dokument', dokument);
      assert.equal((again?.body as { total: number }).total, body.total);
    });

    test('the access and download logs of a demo document version', async () => {
      assert.ok(hits, 'the search test ran first');
      const version: EntityRef = { type: 'Dokumentversjon', id: hits.results[0]!.ids['Dokumentversjon.id']![0]! };
      const access = await vscode.commands.executeCommand<BlockRunResult | undefined>('noarkq.showAccessLog', version);
      assert.ok(access?.ok, JSON.stringify(access?.error));
      const reads = (access.body as { results: { objectType: string }[] }).results;
      assert.ok(reads.length > 0, 'looking up its uuid read it at least once');
      assert.ok(reads.every((r) => r.objectType === 'Dokumentversjon'));
      const downloads = await vscode.commands.executeCommand<BlockRunResult | undefined>('noarkq.showDownloadLog', version);
      assert.ok(downloads?.ok, JSON.stringify(downloads?.error));
      assert.ok(Array.isArray((downloads.body as { results: unknown[] }).results));
      for (const kind of ['access', 'download']) assert.ok(api.openResultPanels().includes(`noarkq.log:${kind}:Dokumentversjon:${version.id}`), api.openResultPanels().join(', '));
    });

    test('bad arguments are refused, saying which and why, with nothing sent', async () => {
      const panels = api.openResultPanels().length;
      assert.equal(await vscode.commands.executeCommand('noarkq.fullTextSearch', 'Saksmappe', demoWord), undefined);
      assert.equal(await vscode.commands.executeCommand('noarkq.fullTextSearch', 'Tekst', { query: demoWord }), undefined);
      assert.equal(await vscode.commands.executeCommand('noarkq.showChangeLog', { type: 'Saksmappe' }), undefined);
      assert.equal(await vscode.commands.executeCommand('noarkq.showChangeLog', 'Nothing', '1'), undefined);
      assert.equal(api.openResultPanels().length, panels, 'no panel opened');
      await vscode.commands.executeCommand('notifications.clearAll');
    });
  });
}
