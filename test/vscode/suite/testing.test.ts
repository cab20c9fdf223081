/**
 * The Testing view in a real VS Code, against the sandbox's demo archive: a small suite written
 * into the workspace (a file whose tests pass, one with an expectation that does not hold) is
 * listed by the test controller from the language server's parse, the passing file passes, and the
 * broken expectation fails at its line with what it expected and what came; the Run CodeLens then
 * says how each block's expectations went. A write in a protected environment (a stand-in archive)
 * is sent only when confirmed, as a run of the block asks; deleting the suite's folder removes its
 * items.
 */
import * as assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { NoarkqExtensionApi } from '../../../client/extension';
import type { WriteConfirmation } from '../../../client/run/runPrompts';
import { extensionId, screenshot, waitFor, workspaceFile } from './suiteHelpers';

const passing = `# Tests of the demo archive's case file 2024/17.
@year = 2024
@seq = 17

### findCase Find the demo case file
QUERY Saksmappe
WHERE saksaar = @year && sakssekvensnummer = @seq
LIMIT 1
EXPECT status = 200
EXPECT results.length = 1
EXPECT results[0].fields.mappeIdent = "2024/17"

### anyCase A step: no EXPECT line, it must only succeed
QUERY Saksmappe
LIMIT 1

### entries The case file's journal entries
@case = {{findCase.results[0].id}}
QUERY Journalpost
WHERE refMappe.id = @case
EXPECT status = 200
EXPECT time < 60000
`;

const broken = `@year = 2024
@seq = 17

### findCase There is one such case file, not two
QUERY Saksmappe
WHERE saksaar = @year && sakssekvensnummer = @seq
EXPECT status = 200
EXPECT results.length = 2

### after Skipped: the block above failed
QUERY Saksmappe
LIMIT 1
EXPECT status = 200
`;

const write = `### rename A write: a protected environment asks first
PUT code-lists/dokumenttype/XY
{ "name": "Test" }
EXPECT status = 200
`;

/** The 0-based line of `EXPECT results.length = 2` in `broken`. */
const brokenLine = broken.split('\n').indexOf('EXPECT results.length = 2');

export function registerTestingTests(): void {
  suite('noarkq Testing view', () => {
    let api: NoarkqExtensionApi;
    const folder = () => workspaceFile('testing-suite');
    const passingFile = () => vscode.Uri.joinPath(folder(), 'cases.noarkq');
    const brokenFile = () => vscode.Uri.joinPath(folder(), 'broken-expectation.noarkq');
    const writeFile = () => vscode.Uri.joinPath(folder(), 'protected-write.noarkq');

    const fileItem = async (uri: vscode.Uri, children: number): Promise<vscode.TestItem> =>
      waitFor(`the test item of ${vscode.workspace.asRelativePath(uri)}`, async () => {
        const item = (await api.testItems()).find((i) => i.id === uri.toString());
        return item !== undefined && item.children.size === children && item;
      });
    const childrenOf = (item: vscode.TestItem): vscode.TestItem[] => {
      const out: vscode.TestItem[] = [];
      item.children.forEach((c) => out.push(c));
      return out.sort((a, b) => (a.range?.start.line ?? 0) - (b.range?.start.line ?? 0));
    };

    suiteSetup(async () => {
      await vscode.workspace.fs.createDirectory(folder());
      await vscode.workspace.fs.writeFile(passingFile(), new TextEncoder().encode(passing));
      await vscode.workspace.fs.writeFile(brokenFile(), new TextEncoder().encode(broken));
      await vscode.workspace.fs.writeFile(writeFile(), new TextEncoder().encode(write));
      await vscode.commands.executeCommand('noarkq.startSandbox');
      assert.equal(await vscode.commands.executeCommand('noarkq.selectEnvironment', 'sandbox'), 'sandbox');
      const extension = vscode.extensions.getExtension<NoarkqExtensionApi>(extensionId);
      api = await waitFor('activation', () => extension?.isActive && extension.exports);
      await api.languageServerReady;
    });

    suiteTeardown(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(folder(), { recursive: true }).then(undefined, () => undefined);
    });

    test('lists each file with expectations, its tested blocks as children (steps are not tests)', async () => {
      const file = await fileItem(passingFile(), 2);
      assert.equal(file.uri?.toString(), passingFile().toString());
      assert.equal(file.label, 'testing-suite/cases.noarkq');
      const [findCase, entries] = childrenOf(file);
      assert.deepEqual(
        [findCase, entries].map((c) => [c?.label, c?.range?.start.line, c?.range?.end.line, c?.uri?.toString()]),
        [
          ['findCase', 4, 10, passingFile().toString()],
          ['entries', 16, 21, passingFile().toString()],
        ],
      );
      await fileItem(brokenFile(), 2);
    });

    test('an edit in the editor is followed: a new EXPECT line makes a step a test', async () => {
      const document = await vscode.workspace.openTextDocument(passingFile());
      const editor = await vscode.window.showTextDocument(document);
      const stepEnd = passing.split('\n').indexOf('### entries The case file\'s journal entries') - 1;
      await editor.edit((edit) => edit.insert(new vscode.Position(stepEnd, 0), 'EXPECT status = 200\n'));
      await fileItem(passingFile(), 3);
      await editor.edit((edit) => edit.delete(new vscode.Range(stepEnd, 0, stepEnd + 1, 0)));
      await fileItem(passingFile(), 2);
      assert.equal(document.getText(), passing);
      await document.save();
    });

    test('running the passing file passes it and each of its tests', async () => {
      const file = await fileItem(passingFile(), 2);
      const reported = await api.runTests([file]);
      for (const item of [file, ...childrenOf(file)]) {
        assert.equal(reported.get(item.id)?.state, 'passed', `${item.label}: ${JSON.stringify(reported.get(item.id))}`);
      }
    });

    test('a broken expectation fails at its line with what it expected and what came; the block after it is skipped', async () => {
      const file = await fileItem(brokenFile(), 2);
      const [findCase, after] = childrenOf(file);
      const reported = await api.runTests([file]);
      assert.equal(reported.get(file.id)?.state, 'failed');
      const failed = reported.get(findCase!.id);
      assert.equal(failed?.state, 'failed');
      assert.equal(failed.messages.length, 1, JSON.stringify(failed.messages));
      const [message] = failed.messages;
      assert.match(message!.message, /^✘ EXPECT results\.length = 2 — /);
      assert.deepEqual({ line: message!.line, expected: message!.expected, actual: message!.actual }, { line: brokenLine, expected: '2', actual: '1' });
      assert.equal(reported.get(after!.id)?.state, 'skipped');
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(brokenFile()));
      await vscode.commands.executeCommand('workbench.view.testing.focus');
      await vscode.commands.executeCommand('vscode.revealTestInExplorer', findCase);
      await screenshot('testing-view', '.test-explorer .monaco-list-row');
    });

    test('one block runs with the blocks it reads; the Run CodeLens says how its expectations went', async () => {
      const file = await fileItem(passingFile(), 2);
      const [findCase, entries] = childrenOf(file);
      const reported = await api.runTests([entries!]);
      assert.equal(reported.get(entries!.id)?.state, 'passed', JSON.stringify(reported.get(entries!.id)));
      assert.equal(reported.get(findCase!.id)?.state, 'passed', 'findCase ran first: entries reads it');
      const titles = async (uri: vscode.Uri): Promise<string[]> => {
        const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
        return lenses.map((l) => l.command?.title ?? '');
      };
      await waitFor('the lenses of cases.noarkq', async () => {
        const found = await titles(passingFile());
        return found.includes('$(play) Run ✔ 3/3') && found.includes('$(play) Run ✔ 2/2') && found.includes('$(play) Run') && found;
      });
      // The lenses of a document are asked of its open model.
      await vscode.workspace.openTextDocument(brokenFile());
      const lenses = await titles(brokenFile());
      assert.ok(lenses.includes('$(play) Run ✘ 1/2'), lenses.join(' | '));
    });

    test('a write in a protected environment is sent only when confirmed', async () => {
      const puts: string[] = [];
      const archive = createServer((request, response) => {
        const url = request.url ?? '';
        if (request.method === 'PUT') puts.push(url);
        const body = request.method === 'GET' && /code-lists|bsm-registry/.test(url) ? { results: [] } : { code: 'XY', name: 'Test' };
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
      await new Promise<void>((resolve) => archive.listen(0, '127.0.0.1', resolve));
      const baseUrl = `http://127.0.0.1:${(archive.address() as AddressInfo).port}`;
      const confirmations: WriteConfirmation[] = [];
      let confirm = false;
      try {
        await vscode.workspace.getConfiguration('noarkq').update('environments', [{ name: 'guarded', baseUrl, auth: { kind: 'token' }, protected: true }], vscode.ConfigurationTarget.Global);
        api.setPrompts({
          askSecret: async () => 'test-token',
          confirmWrite: async (request) => {
            confirmations.push(request);
            return confirm;
          },
        });
        assert.equal(await vscode.commands.executeCommand('noarkq.selectEnvironment', 'guarded'), 'guarded');
        const file = await fileItem(writeFile(), 1);
        const [rename] = childrenOf(file);
        assert.equal(rename!.description, 'writes');

        const refused = await api.runTests([file]);
        assert.equal(refused.get(rename!.id)?.state, 'errored', JSON.stringify(refused.get(rename!.id)));
        assert.deepEqual(puts, [], 'nothing was sent');
        assert.deepEqual(confirmations.map((c) => [c.environment, c.description, c.typeName]), [['guarded', 'PUT code-lists/dokumenttype/XY', false]]);

        confirm = true;
        const sent = await api.runTests([file]);
        assert.equal(sent.get(rename!.id)?.state, 'passed', JSON.stringify(sent.get(rename!.id)));
        assert.equal(puts.length, 1, puts.join(', '));
        assert.match(puts[0]!, /\/code-lists\/dokumenttype\/XY$/);
      } finally {
        api.setPrompts(undefined);
        await vscode.workspace.getConfiguration('noarkq').update('environments', undefined, vscode.ConfigurationTarget.Global);
        await vscode.commands.executeCommand('noarkq.selectEnvironment', 'sandbox');
        archive.closeAllConnections();
        archive.close();
      }
    });

    test("deleting the suite's folder removes its items", async () => {
      await fileItem(passingFile(), 2);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(folder(), { recursive: true });
      await waitFor('the items of the deleted files to go', async () => !(await api.testItems()).some((i) => i.id.startsWith(folder().toString())));
    });
  });
}
