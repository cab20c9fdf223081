/**
 * "Explain this query" in a real VS Code: the hover on `WHERE` gives the query in plain words
 * (English: the suite's display language), the code action "Explain this query" runs
 * `noarkq.explainQuery`, which opens the explanation beside the editor, and the editor-agnostic
 * action writes it above the query as `#` comments.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { NoarkqExtensionApi } from '../../../client/extension';
import { discardUntitled, extensionId, openUntitled, waitFor } from './suiteHelpers';

const content = ['@e = "4551"', '@sys = "Ekstern"', '', '### byExternalId', 'QUERY Saksmappe', 'WHERE refEksternId.eksternID = @e && refEksternId.eksterntSystem = @sys', 'LIMIT 10', ''].join('\n');
const whereAt = new vscode.Position(5, 2);

function hoverText(hovers: readonly vscode.Hover[]): string {
  return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
}

export function registerExplainTests(): void {
  suite('noarkq explain this query', () => {
    let document: vscode.TextDocument | undefined;

    suiteSetup(async () => {
      const extension = vscode.extensions.getExtension<NoarkqExtensionApi>(extensionId);
      document = await openUntitled('noarkq', content);
      const api = await waitFor('activation', () => extension?.isActive && extension.exports);
      await api.languageServerReady;
    });

    suiteTeardown(async () => {
      const previews = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.label.includes('byExternalId.md'));
      await vscode.window.tabGroups.close(previews);
      await discardUntitled(document);
    });

    test('hover on WHERE explains the query: conditions, the reference walked, one path per reference', async () => {
      const text = await waitFor('the explanation on hover', async () => {
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document!.uri, whereAt);
        const value = hoverText(hovers);
        return value.includes('Finds case files') && value;
      });
      assert.ok(text.startsWith('Finds case files (`Saksmappe`) with 2 conditions, at most 10 per answer.'), text);
      assert.ok(text.includes('via `refEksternId` to its external IDs (`EksternId`)'), text);
      assert.ok(text.includes('both conditions must hold on the same external ID'), text);
    });

    test('the code action "Explain this query" opens the explanation beside the editor', async () => {
      const range = new vscode.Range(whereAt, whereAt);
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document!.uri, range);
      const explain = actions.find((a) => a.title === 'Explain this query');
      assert.ok(explain?.command, `no "Explain this query" among: ${actions.map((a) => a.title).join(', ')}`);
      assert.equal(explain.command.command, 'noarkq.explainQuery');
      const shown = await vscode.commands.executeCommand<vscode.Uri | undefined>(explain.command.command, ...(explain.command.arguments ?? []));
      assert.ok(shown, 'the command showed nothing');
      assert.equal(shown.scheme, 'noarkq-explanation');
      const markdown = (await vscode.workspace.openTextDocument(shown)).getText();
      assert.ok(markdown.startsWith('# Query byExternalId in plain words\n\n```noarkq\nQUERY Saksmappe\n'), markdown);
      assert.ok(markdown.includes('`refEksternId.eksterntSystem` equals `@sys`'), markdown);
      // The Markdown preview (or, without the Markdown extension, the document) beside the editor.
      const name = shown.path.slice(1);
      await waitFor('the explanation beside the editor', () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).some((t) => t.label.includes(name)));
    });

    test('the editor-agnostic action writes the explanation above the query as # comments', async () => {
      const range = new vscode.Range(whereAt, whereAt);
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document!.uri, range);
      const comments = actions.find((a) => a.title === 'Explain this query in # comments above it');
      assert.ok(comments?.edit, `no comments action among: ${actions.map((a) => a.title).join(', ')}`);
      assert.ok(await vscode.workspace.applyEdit(comments.edit));
      const lines = document!.getText().split('\n');
      const query = lines.indexOf('QUERY Saksmappe');
      assert.equal(lines[4], '# Finds case files (Saksmappe) with 2 conditions, at most 10 per answer.');
      assert.ok(lines.slice(4, query).every((l) => l.startsWith('# ')), lines.join('\n'));
    });
  });
}
