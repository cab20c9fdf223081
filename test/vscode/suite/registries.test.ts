/**
 * The Code Lists and BSM Registry views in a real VS Code, against the sandbox: a change made with
 * a view's command reaches the language server (completion offers it), archive text with HTML in
 * it stays text in the trees and their tooltips, deletes and a protected environment's writes are
 * confirmed, and ids breaking the rule are never sent.
 */
import * as assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { NoarkqExtensionApi } from '../../../client/extension';
import type { DeleteConfirmation, PickRequest, TextRequest, WriteConfirmation } from '../../../client/run/runPrompts';
import type { BsmField, CodeListValue } from '../../../runner/archive/archiveApi';
import { discardUntitled, extensionId, openUntitled, screenshot, waitFor } from './suiteHelpers';

const script = '<script>alert(1)</script>';
const img = '<img src=x onerror=alert(1)>';

/** The labels completion offers at the end of `marker` in `document`. */
async function completionLabels(document: vscode.TextDocument, marker: string): Promise<string[]> {
  const offset = document.getText().indexOf(marker);
  assert.ok(offset >= 0, `${marker} is in the document`);
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, document.positionAt(offset + marker.length));
  return list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
}

function tooltipOf(item: vscode.TreeItem): vscode.MarkdownString {
  assert.ok(item.tooltip instanceof vscode.MarkdownString, `the tooltip of ${String(item.label)} is Markdown`);
  return item.tooltip;
}

/** The tooltip shows the archive's HTML as text: escaped, with HTML rendering and commands off. */
function assertInertTooltip(item: vscode.TreeItem): void {
  const tooltip = tooltipOf(item);
  assert.doesNotMatch(tooltip.value, /<(script|img)\b/i, tooltip.value);
  assert.ok(!tooltip.supportHtml, 'no HTML in tooltips');
  assert.ok(!tooltip.isTrusted, 'no command links in tooltips');
}

function byLabel(items: readonly vscode.TreeItem[], label: string): vscode.TreeItem | undefined {
  return items.find((i) => i.label === label);
}

export function registerRegistriesTests(): void {
  suite('noarkq registries: the Code Lists and BSM Registry views', () => {
    let api: NoarkqExtensionApi;
    let sandboxUrl: string;
    let document: vscode.TextDocument;
    const deletes: DeleteConfirmation[] = [];
    const writes: WriteConfirmation[] = [];
    let answerDelete = false;
    let answerWrite = false;
    let answerText: (request: TextRequest) => string | undefined = () => undefined;
    let answerPick: (request: PickRequest) => string | undefined = () => undefined;
    const codeMarker = '"journalposttype": "';
    const bsmMarker = '"virksomhetsspesifikkeMetadata": { ';

    suiteSetup(async () => {
      const extension = vscode.extensions.getExtension<NoarkqExtensionApi>(extensionId);
      assert.ok(extension, `${extensionId} is installed`);
      api = await extension.activate();
      await api.languageServerReady;
      sandboxUrl = await vscode.commands.executeCommand<string>('noarkq.startSandbox');
      assert.equal(await vscode.commands.executeCommand('noarkq.selectEnvironment', 'sandbox'), 'sandbox');
      api.setPrompts({
        confirmDelete: async (request) => {
          deletes.push(request);
          return answerDelete;
        },
        confirmWrite: async (request) => {
          writes.push(request);
          return answerWrite;
        },
        askText: async (request) => answerText(request),
        pick: async (request) => answerPick(request),
        askSecret: async () => 'noarkq-demo-secret',
      });
      document = await openUntitled(
        'noarkq',
        ['### save', 'TRANSACTION', '{ "actions": [', `{ "action": "save", "type": "Journalpost", "id": "jp", "fields": { ${codeMarker}", ${bsmMarker} } } }`, '] }', ''].join('\n'),
      );
    });

    suiteTeardown(async () => {
      api.setPrompts(undefined);
      await vscode.workspace.getConfiguration('noarkq').update('environments', undefined, vscode.ConfigurationTarget.Global);
      await discardUntitled(document);
    });

    test('a code-list value added with the command is offered by completion, and shows in the view', async () => {
      assert.ok(!(await completionLabels(document, codeMarker)).includes('VSCT'), 'not offered before it exists');
      const saved = await vscode.commands.executeCommand<CodeListValue | undefined>('noarkq.codeLists.addValue', { field: 'journalposttype', code: 'VSCT', name: 'Fra testen', description: 'Added by the VS Code suite' });
      assert.equal(saved?.code, 'VSCT');
      // The command resolves once the server was told; completion asks it after that.
      const labels = await completionLabels(document, codeMarker);
      assert.ok(labels.includes('VSCT'), labels.join(', '));
      const values = await api.registryItems('noarkq.codeLists', ['journalposttype']);
      const item = byLabel(values, 'VSCT');
      assert.equal(item?.description, 'Fra testen');
      assert.equal(item?.contextValue, 'codeValue');
    });

    test('edited through the input boxes: HTML in the name and description shows as text in the tree and its tooltip', async () => {
      const asked: TextRequest[] = [];
      answerText = (request) => {
        asked.push(request);
        return request.title.startsWith('The name') ? img : script;
      };
      // A node of the view, as its context menu passes it: the values are only the boxes' defaults.
      const saved = await vscode.commands.executeCommand<CodeListValue | undefined>('noarkq.codeLists.editValue', { kind: 'codeValue', field: 'journalposttype', code: 'VSCT', name: 'Fra testen' });
      assert.deepEqual(
        asked.map((r) => [r.title, r.value]),
        [
          ['The name of VSCT in journalposttype', 'Fra testen'],
          ['The description of VSCT in journalposttype', 'Added by the VS Code suite'],
        ],
      );
      assert.equal(saved?.name, img);
      const item = byLabel(await api.registryItems('noarkq.codeLists', ['journalposttype']), 'VSCT');
      assert.ok(item);
      assert.equal(item.label, 'VSCT');
      assert.equal(item.description, img, 'the name is the description, as text');
      assertInertTooltip(item);
      assert.match(tooltipOf(item).value, /&lt;img src=x onerror=alert\\\(1\\\)&gt;/);
      assert.match(tooltipOf(item).value, /&lt;script&gt;alert\\\(1\\\)&lt;\/script&gt;/);
      answerText = () => undefined;
    });

    test('a delete is sent only when confirmed; then completion no longer offers the code', async () => {
      answerDelete = false;
      assert.equal(await vscode.commands.executeCommand('noarkq.codeLists.deleteValue', { field: 'journalposttype', code: 'VSCT' }), false);
      assert.deepEqual(deletes.at(-1), { environment: 'sandbox', description: `the code "VSCT" (${img}) of the code list journalposttype` });
      assert.ok(byLabel(await api.registryItems('noarkq.codeLists', ['journalposttype']), 'VSCT'), 'still there');

      answerDelete = true;
      assert.equal(await vscode.commands.executeCommand('noarkq.codeLists.deleteValue', { field: 'journalposttype', code: 'VSCT' }), true);
      assert.equal(byLabel(await api.registryItems('noarkq.codeLists', ['journalposttype']), 'VSCT'), undefined);
      assert.ok(!(await completionLabels(document, codeMarker)).includes('VSCT'));
    });

    test('BSM: ids against the rule and values against the type are refused before sending; a group and field added show in the view and in completion', async () => {
      const groups = async () => (await api.registryItems('noarkq.bsmRegistry', [])).map((i) => i.label);
      assert.equal(await vscode.commands.executeCommand('noarkq.bsm.addGroup', { groupId: 'VS Code', groupName: 'Bad' }), undefined);
      assert.ok(!(await groups()).includes('VS Code'), 'nothing was sent');

      const group = await vscode.commands.executeCommand<{ groupId: string } | undefined>('noarkq.bsm.addGroup', { groupId: 'vscode-suite', groupName: script, groupDescription: img });
      assert.equal(group?.groupId, 'vscode-suite');
      assert.equal(await vscode.commands.executeCommand('noarkq.bsm.addField', { groupId: 'vscode-suite', fieldId: 'prioritet', fieldName: 'Prioritet', fieldType: 'long', fieldValues: ['1', 'høy'] }), undefined);
      assert.equal(await vscode.commands.executeCommand('noarkq.bsm.addField', { groupId: 'vscode-suite', fieldId: 'Prioritet_1', fieldName: 'Prioritet', fieldType: 'long' }), undefined);
      const field = await vscode.commands.executeCommand<BsmField | undefined>('noarkq.bsm.addField', { groupId: 'vscode-suite', fieldId: 'prioritet', fieldName: 'Prioritet', fieldType: 'long', fieldValues: ['1', '2', '3'] });
      assert.deepEqual(field?.fieldValues, ['1', '2', '3']);

      const groupItem = byLabel(await api.registryItems('noarkq.bsmRegistry', []), 'vscode-suite');
      assert.ok(groupItem);
      assert.equal(groupItem.description, script);
      assertInertTooltip(groupItem);
      const [fieldItem] = await api.registryItems('noarkq.bsmRegistry', ['vscode-suite']);
      assert.deepEqual([fieldItem.label, fieldItem.description, fieldItem.contextValue], ['prioritet', 'long · Prioritet', 'bsmField']);
      assert.deepEqual((await api.registryItems('noarkq.bsmRegistry', ['vscode-suite', 'prioritet'])).map((i) => i.label), ['1', '2', '3']);
      const labels = await completionLabels(document, bsmMarker);
      assert.ok(labels.includes('vscode-suite'), labels.join(', '));

      // From the command palette: everything is picked or typed, each answer checked.
      const picks: PickRequest[] = [];
      answerPick = (request) => {
        picks.push(request);
        return request.items.some((i) => i.label === 'vscode-suite') ? 'vscode-suite' : 'string';
      };
      const typed: Record<string, string> = { 'A new field in vscode-suite': 'merknad', 'The name of the BSM field vscode-suite/merknad': 'Merknad', 'The description of the BSM field vscode-suite/merknad': '' };
      answerText = (request) => typed[request.title] ?? (request.title.startsWith('The allowed values') ? 'ja, nei' : undefined);
      const asked = await vscode.commands.executeCommand<BsmField | undefined>('noarkq.bsm.addField');
      assert.deepEqual(asked, { fieldId: 'merknad', fieldName: 'Merknad', fieldType: 'string', fieldValues: ['ja', 'nei'] });
      assert.deepEqual(picks.map((p) => p.title), ['Add a field to which BSM group?', 'The type of merknad (it cannot change once set)']);
      assert.deepEqual(picks[1].items.map((i) => i.label), ['string', 'long', 'double', 'timestamp', 'encrypted', 'uri', 'boolean']);
      answerText = () => undefined;
      answerPick = () => undefined;

      // For people: the group's HTML name as the tree shows it.
      await vscode.commands.executeCommand('noarkq.bsmRegistry.focus');
      await screenshot('bsm-registry-view', '.monaco-list-row[aria-label*="vscode-suite"]');
    });

    test('a protected environment: registry writes are confirmed, deletes need the name typed', async () => {
      await vscode.workspace.getConfiguration('noarkq').update(
        'environments',
        [{ name: 'guarded-sandbox', baseUrl: `${sandboxUrl}/rms/api/public/noark5/v1`, auth: { kind: 'client_credentials', tokenUrl: `${sandboxUrl}/oauth2/token`, clientId: 'noarkq-demo', clientAuth: 'basic' }, protected: true }],
        vscode.ConfigurationTarget.Global,
      );
      assert.equal(await vscode.commands.executeCommand('noarkq.selectEnvironment', 'guarded-sandbox'), 'guarded-sandbox');

      answerWrite = false;
      assert.equal(await vscode.commands.executeCommand('noarkq.bsm.editGroup', { groupId: 'vscode-suite', groupName: 'Renamed' }), undefined);
      assert.deepEqual(writes.at(-1), { environment: 'guarded-sandbox', block: 'The BSM Registry view', description: 'PUT bsm-registry/group/vscode-suite', typeName: false });
      assert.equal(byLabel(await api.registryItems('noarkq.bsmRegistry', []), 'vscode-suite')?.description, script, 'not renamed');

      answerWrite = true;
      assert.equal((await vscode.commands.executeCommand<{ groupName: string } | undefined>('noarkq.bsm.editGroup', { groupId: 'vscode-suite', groupName: 'Renamed' }))?.groupName, 'Renamed');
      assert.equal(byLabel(await api.registryItems('noarkq.bsmRegistry', []), 'vscode-suite')?.description, 'Renamed');

      const deletesBefore = deletes.length;
      assert.equal(await vscode.commands.executeCommand('noarkq.bsm.deleteField', { groupId: 'vscode-suite', fieldId: 'prioritet' }), true);
      assert.equal(writes.at(-1)?.typeName, true, 'a delete asks for the environment name');
      assert.equal(writes.at(-1)?.description, 'DELETE bsm-registry/group/vscode-suite/field/prioritet');
      assert.equal(deletes.length, deletesBefore, 'asked once, the protected way');
      assert.deepEqual((await api.registryItems('noarkq.bsmRegistry', ['vscode-suite'])).map((i) => i.label), ['merknad']);
      assert.equal(await vscode.commands.executeCommand('noarkq.selectEnvironment', 'sandbox'), 'sandbox');
    });

    test('an archive that refuses: the view says so (its answer as text); the lists it gives are read once for the view and the server', async () => {
      const requests: string[] = [];
      const server = createServer((request, response) => {
        requests.push(`${request.method} ${request.url}`);
        if (request.url?.includes('/code-lists')) {
          const lists = [{ type: 'Journalpost', field: 'journalposttype', defaultValue: null, values: [{ code: 'HTMLX', name: img, description: script }] }];
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results: lists }));
        } else {
          response.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ errorId: 'no-bsm', description: `Forbidden ${img}` }));
        }
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      assert.equal((await vscode.commands.executeCommand<CodeListValue | undefined>('noarkq.codeLists.addValue', { field: 'journalposttype', code: 'BACK', name: 'Tilbake' }))?.code, 'BACK');
      try {
        const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        await vscode.workspace.getConfiguration('noarkq').update('environments', [{ name: 'refusing', baseUrl, auth: { kind: 'token' } }], vscode.ConfigurationTarget.Global);
        assert.equal(await vscode.commands.executeCommand('noarkq.selectEnvironment', 'refusing'), 'refusing');

        const [list] = await api.registryItems('noarkq.codeLists', []);
        assert.equal(list.label, 'journalposttype', tooltipOf(list).value);
        assert.equal(requests.filter((r) => r.startsWith('GET ') && r.includes('/code-lists')).length, 1, `one GET for the view and the language server: ${requests.join(', ')}`);
        const [value] = await api.registryItems('noarkq.codeLists', ['journalposttype']);
        assert.deepEqual([value.label, value.description], ['HTMLX', img]);
        assertInertTooltip(value);
        const labels = await completionLabels(document, codeMarker);
        assert.ok(labels.includes('HTMLX'), `the server has the copy the view shows: ${labels.join(', ')}`);
        assert.ok(!labels.includes('BACK'), 'the sandbox\'s codes are forgotten');

        const [message] = await api.registryItems('noarkq.bsmRegistry', []);
        assert.equal(message.label, 'Could not read the BSM registry of "refusing"');
        assert.equal(message.contextValue, 'message');
        assert.equal(message.command?.command, 'noarkq.bsm.refresh');
        assertInertTooltip(message);
        // Markdown escapes aside, the archive's answer is all there, its HTML as entities.
        assert.ok(tooltipOf(message).value.replace(/\\/g, '').includes('403 (errorId no-bsm): Forbidden &lt;img src=x onerror=alert(1)&gt;'), tooltipOf(message).value);
      } finally {
        assert.equal(await vscode.commands.executeCommand('noarkq.selectEnvironment', 'sandbox'), 'sandbox');
        server.closeAllConnections();
        server.close();
      }
      // Back to the sandbox, still connected: its lists are read again without anything else asking.
      await waitFor('completion to offer the sandbox\'s code again', async () => (await completionLabels(document, codeMarker)).includes('BACK'), 20_000);
      answerDelete = true;
      assert.equal(await vscode.commands.executeCommand('noarkq.codeLists.deleteValue', { field: 'journalposttype', code: 'BACK' }), true);
    });
  });
}
