/**
 * "Show Neighbourhood" in a real VS Code against the sandbox's demo archive: the command, given a
 * tree node or `(type, id)`, opens one panel with the entity and its live neighbours (what it
 * shows first is the command's result), reuses it for the next entity, and says so when the
 * archive has no such entity. Its drawing is tested in headless chromium
 * (test/webview/neighbourhoodWebview.test.ts), its fetching against the sandbox (test/archive).
 */
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { NoarkqExtensionApi } from '../../../client/extension';
import type { NeighbourhoodShown } from '../../../client/archive/neighbourhoodSession';
import { extensionId, screenshot, waitFor, workspaceFile } from './suiteHelpers';

const neighbourhoodTabs = (): vscode.Tab[] => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.label.startsWith('Neighbourhood: '));

interface Node {
  kind: string;
  entity?: { type: string; id: string; label?: string };
}

export function registerNeighbourhoodTests(): void {
  suite('the neighbourhood picture', () => {
    let api: NoarkqExtensionApi;

    suiteSetup(async () => {
      const extension = vscode.extensions.getExtension<NoarkqExtensionApi>(extensionId);
      assert.ok(extension);
      api = await extension.activate();
      await vscode.commands.executeCommand('noarkq.startSandbox');
    });

    suiteTeardown(async () => {
      await vscode.window.tabGroups.close(neighbourhoodTabs());
    });

    test('Show Neighbourhood on a case file: its series, its journal entries, in one panel reused for the next entity', async () => {
      const caseFile = await findCaseFile();
      const shown = await vscode.commands.executeCommand<NeighbourhoodShown | undefined>('noarkq.archive.showNeighbourhood', { type: 'Saksmappe', id: caseFile.id });
      assert.ok(shown, 'the picture shows the case file');
      assert.equal(shown.centre.id, caseFile.id);
      assert.match(shown.centre.label, /^2024\/17 /);
      const series = shown.neighbours.find((n) => n.reference === 'refArkivdel');
      assert.equal(series?.type, 'Arkivdel');
      const entries = shown.neighbours.filter((n) => n.reference === 'refRegistrering');
      assert.ok(entries.length > 0 && entries.every((e) => e.type === 'Journalpost' || e.type === 'Basisregistrering' || e.type === 'Arkivnotat'), JSON.stringify(entries));
      // Titled by the archive's label once read (the tab's label follows the panel's title a moment later).
      const title = `Neighbourhood: ${shown.centre.label.length > 40 ? `${shown.centre.label.slice(0, 39)}…` : shown.centre.label}`;
      await waitFor(`one panel titled "${title}"`, () => neighbourhoodTabs().length === 1 && neighbourhoodTabs()[0]!.label === title);
      await screenshot('neighbourhood', 'iframe.webview @ .node.centre');

      // A tree node, as the context menu passes it; the panel is reused.
      const tree = await api.archiveTree();
      const root = ((await tree.getChildren()) ?? []) as Node[];
      const arkiv = root.find((n) => n.entity?.type === 'Arkiv');
      assert.ok(arkiv);
      const fromNode = await vscode.commands.executeCommand<NeighbourhoodShown | undefined>('noarkq.archive.showNeighbourhood', arkiv);
      assert.ok(fromNode);
      assert.equal(fromNode.centre.id, arkiv.entity!.id);
      assert.ok(fromNode.neighbours.some((n) => n.type === 'Arkivdel' && n.reference === 'refArkivdel'));
      assert.equal(neighbourhoodTabs().length, 1, 'one panel, reused');

      // `(type, id)` as two strings, as the other archive commands take them.
      const byArgs = await vscode.commands.executeCommand<NeighbourhoodShown | undefined>('noarkq.archive.showNeighbourhood', 'Arkivdel', series!.id);
      assert.ok(byArgs);
      assert.equal(byArgs.centre.id, series!.id);
      assert.ok(byArgs.neighbours.some((n) => n.type === 'Arkiv' && n.reference === 'refArkiv'), 'the archive above the series');
      assert.ok(byArgs.neighbours.some((n) => n.reference === 'refMappe'), 'its folders below');
    });

    test('an entity the archive does not have: nothing shown', async () => {
      assert.equal(await vscode.commands.executeCommand('noarkq.archive.showNeighbourhood', 'Saksmappe', '999999999'), undefined);
    });
  });
}

async function findCaseFile(): Promise<{ id: string }> {
  const uri = workspaceFile('find-neighbourhood.noarkq');
  writeFileSync(uri.fsPath, ['@m = "2024/17"', '', '### find', 'QUERY Saksmappe', 'WHERE mappeIdent = @m', 'LIMIT 1', ''].join('\n'));
  const result = await vscode.commands.executeCommand<{ ok: boolean; body: { results: { id: string }[] } }>('noarkq.runBlock', uri, 'find');
  assert.ok(result?.ok);
  const found = result.body.results[0];
  assert.ok(found, 'case file 2024/17 in the demo archive');
  return found;
}
