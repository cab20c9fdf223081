/**
 * Copy as code in a real VS Code against the sandbox: "Copy as…" on every block's CodeLens, in
 * the editor's context menu and the palette; the command, with the language and the values picked
 * as the user would, puts the code on the clipboard: values from the last run, or placeholders,
 * and the environment's token call with its secret read from NOARKQ_CLIENT_SECRET, never written.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { NoarkqExtensionApi } from '../../../client/extension';
import type { CopiedCode } from '../../../client/run/copyAsCodeCommand';
import type { PickRequest } from '../../../client/run/runPrompts';
import type { BlockRunResult } from '../../../runner/blocks/blockRunResult';
import { extensionId, waitFor, workspaceFile } from './suiteHelpers';

export function registerCopyAsCodeTests(): void {
  suite('copy as code', () => {
    let api: NoarkqExtensionApi;
    const flow = () => workspaceFile('integration-flow.noarkq');
    let caseId: string;

    suiteSetup(async () => {
      const extension = vscode.extensions.getExtension<NoarkqExtensionApi>(extensionId);
      assert.ok(extension);
      api = await extension.activate();
      await vscode.commands.executeCommand('noarkq.startSandbox');
      assert.equal(await vscode.commands.executeCommand('noarkq.selectEnvironment', 'sandbox'), 'sandbox');
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(flow()));
      const found = await vscode.commands.executeCommand<BlockRunResult>('noarkq.runBlock', flow(), 'findCase');
      assert.equal(found?.ok, true, found?.error?.message);
      caseId = (found.body as { results: { id: string }[] }).results[0].id;
    });

    /** Runs `noarkq.copyAsCode` with these arguments, answering its picks with `answers` by title. */
    async function copy(args: unknown[], answers: Record<string, string>): Promise<{ copied: CopiedCode | undefined; asked: PickRequest[]; clipboard: string }> {
      const asked: PickRequest[] = [];
      await vscode.env.clipboard.writeText('');
      api.setPrompts({
        pick: async (request) => {
          asked.push(request);
          const answer = Object.entries(answers).find(([title]) => request.title.startsWith(title))?.[1];
          assert.ok(answer === undefined || request.items.some((i) => i.label === answer), `${answer} among ${request.items.map((i) => i.label).join(', ')}`);
          return answer;
        },
      });
      try {
        const copied = await vscode.commands.executeCommand<CopiedCode | undefined>('noarkq.copyAsCode', ...args);
        return { copied, asked, clipboard: await vscode.env.clipboard.readText() };
      } finally {
        api.setPrompts(undefined);
      }
    }

    test('copy as code: "Copy as…" is on every block\'s CodeLens, in the editor context menu and the palette', async () => {
      const lenses = await waitFor('code lenses', async () => {
        const found = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', flow());
        return found.length > 0 && found;
      });
      const copyLenses = lenses.filter((l) => l.command?.command === 'noarkq.copyAsCode');
      assert.equal(copyLenses.length, lenses.filter((l) => l.command?.command === 'noarkq.runBlock' && !l.command.title.includes('all pages')).length, 'one beside each Run');
      assert.ok(copyLenses.every((l) => l.command?.title === 'Copy as…'));
      const manifest = vscode.extensions.getExtension(extensionId)?.packageJSON as { contributes: { menus: Record<string, { command: string; when?: string }[]> } };
      for (const menu of ['editor/context', 'commandPalette']) {
        assert.ok(manifest.contributes.menus[menu].some((item) => item.command === 'noarkq.copyAsCode' && item.when === 'editorLangId == noarkq'), menu);
      }
      assert.ok((await vscode.commands.getCommands(true)).includes('noarkq.copyAsCode'));
    });

    test('copy as code: the CodeLens copies a block as curl with the values of the last run', async () => {
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', flow());
      const lens = lenses.find((l) => l.command?.command === 'noarkq.copyAsCode' && l.command.arguments?.[1] === 'register');
      assert.ok(lens?.command?.arguments);
      const { copied, asked, clipboard } = await copy(lens.command.arguments, { 'Copy as…': 'curl', 'Copy as code:': 'Values from the last run' });
      assert.deepEqual(
        asked.map((a) => a.items.map((i) => i.label)),
        [
          ['curl', 'TypeScript', 'C#', 'Java', 'PHP', 'Python'],
          ['Values from the last run', 'Placeholders'],
        ],
      );
      assert.equal(copied?.language, 'curl');
      assert.equal(clipboard, copied?.code);
      assert.ok(clipboard.startsWith('#!/bin/sh\n'), clipboard);
      assert.ok(clipboard.includes(`"linkToId": "${caseId}"`), 'the reference read from the last run of findCase');
      assert.ok(clipboard.includes('/rms/api/public/noark5/v1/transaction'));
      assert.ok(clipboard.includes('X-Service-Error-Response-Type: application/json') && clipboard.includes('X-Documaster-Error-Response-Type: application/json'));
      assert.match(clipboard, /oauth2\/token/);
      assert.match(clipboard.split('\n').slice(0, 4).join('\n'), /NOARKQ_CLIENT_SECRET/, 'the comment at the top names the secret variable');
      assert.doesNotMatch(clipboard, /noarkq-demo-secret/, 'the sandbox client secret is never copied');
    });

    test('copy as code: placeholders stay named, in the language picked', async () => {
      const { copied, clipboard } = await copy([flow(), 'checkEntry'], { 'Copy as…': 'Python', 'Copy as code:': 'Placeholders' });
      assert.equal(copied?.language, 'python');
      assert.equal(copied?.values, 'placeholders');
      assert.ok(clipboard.includes('entry = "<entry>"  # @entry = {{register.saved.jp.id}}'), clipboard);
      assert.ok(clipboard.includes('"@entry": entry'), clipboard);
    });

    test('copy as code: nothing is copied when the user escapes the pick', async () => {
      const { copied, clipboard } = await copy([flow(), 'findCase'], {});
      assert.equal(copied, undefined);
      assert.equal(clipboard, '');
    });
  });
}
