/**
 * "noarkq: Show Model" in a real VS Code: the command opens one model picture panel, reused when
 * it runs again; its drawing is tested in headless chromium (test/webview/modelWebview.test.ts).
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { waitFor } from './suiteHelpers';

const modelTabs = (): vscode.Tab[] => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.label === 'Noark Model');

export function registerModelTests(): void {
  suite('noarkq model picture', () => {
    suiteTeardown(async () => {
      await vscode.window.tabGroups.close(modelTabs());
    });

    test('noarkq.showModel opens the picture with the type selected, and reuses it', async () => {
      await vscode.commands.executeCommand('noarkq.showModel', 'Saksmappe');
      await waitFor('the model picture', () => modelTabs().length === 1);
      await vscode.commands.executeCommand('noarkq.showModel', 'journalpost');
      assert.equal(modelTabs().length, 1, 'one panel, reused');
    });
  });
}
