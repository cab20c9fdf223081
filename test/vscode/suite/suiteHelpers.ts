/**
 * What every extension-host test file uses: the extension's id, waiting for a condition (never a
 * sleep), screenshots through the driver, and the workspace (a copy of examples/).
 */
import * as assert from 'node:assert/strict';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';

export const extensionId = 'noarkq.noarkq';

/** Waits until `check` gives a value (not undefined/false), re-checking every 25 ms. */
export async function waitFor<T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Asks the driver (test/vscode/host/drive.js) for a screenshot once `selector` shows, and waits for it.
 * `iframe.webview @ <selector>` waits for a webview that shows `<selector>`. */
export async function screenshot(name: string, selector: string): Promise<void> {
  const folder = process.env.NOARKQ_TEST_SHOTS;
  if (!folder) return;
  const file = join(folder, `${name}.png`);
  // Toasts left by earlier tests would cover what the picture is of.
  await vscode.commands.executeCommand('notifications.clearAll');
  const asked = Date.now();
  console.log(`[noarkq-shot] ${name} ${selector}`);
  await waitFor(`screenshot ${name}`, () => existsSync(file) && statSync(file).mtimeMs >= asked - 1000);
}

export function workspaceFile(name: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the suite runs with a copy of examples/ as its workspace');
  return vscode.Uri.joinPath(folder.uri, name);
}

/** Opens an untitled document with this text in an editor and gives the editor's document. The
 * document openTextDocument gives may be the closed one of an earlier suite when VS Code reuses its
 * name (`Untitled-1`) before the extension host has dropped it; the shown editor's never is. */
export async function openUntitled(language: string, content: string): Promise<vscode.TextDocument> {
  const opened = await vscode.workspace.openTextDocument({ language, content });
  return (await vscode.window.showTextDocument(opened)).document;
}

/** Closes an untitled document a suite made, unsaved and without asking, so that later suites
 * (and their screenshots) do not find it open. */
export async function discardUntitled(document: vscode.TextDocument | undefined): Promise<void> {
  if (!document || document.isClosed) return;
  await vscode.window.showTextDocument(document);
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
}

/** Closes the results panels with these titles (`noarkq: <block>`), which a suite opened. */
export async function closeResultPanels(titles: readonly string[]): Promise<void> {
  const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && titles.includes(t.label));
  await vscode.window.tabGroups.close(tabs);
}
