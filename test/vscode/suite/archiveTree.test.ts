/**
 * The archive tree in a real VS Code against the sandbox's demo archive: expanding from Arkiv down
 * to a Dokumentversjon, "Load more…" past 100 children, Upload and Attach with a non-ASCII file
 * name then the download compared byte for byte, reveal, details, and archive text with markup
 * shown as text.
 */
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { NoarkqExtensionApi } from '../../../client/extension';
import { extensionId, screenshot, waitFor, workspaceFile } from './suiteHelpers';

/** A node of the tree as the provider gives it (client/archive/archiveTreeProvider.ts). */
interface Node {
  kind: 'entity' | 'group' | 'more' | 'message';
  key: string;
  entity?: { type: string; id: string; label?: string };
  text?: string;
}

export function registerArchiveTreeTests(): void {
  suite('the archive tree', () => {
    let api: NoarkqExtensionApi;
    let tree: vscode.TreeDataProvider<unknown>;
    const children = async (node?: Node): Promise<Node[]> => ((await tree.getChildren(node)) ?? []) as Node[];
    const entities = async (node?: Node): Promise<Node[]> => (await children(node)).filter((n) => n.kind === 'entity');
    const item = async (node: Node): Promise<vscode.TreeItem> => tree.getTreeItem(node);
    async function childOfType(node: Node | undefined, types: string[]): Promise<Node> {
      const found = (await entities(node)).find((n) => types.includes(n.entity!.type));
      assert.ok(found, `a ${types.join('/')} under ${node?.key ?? 'the root'}: ${(await children(node)).map((n) => n.key).join(', ')}`);
      return found;
    }

    suiteSetup(async () => {
      const extension = vscode.extensions.getExtension<NoarkqExtensionApi>(extensionId);
      assert.ok(extension);
      api = await extension.activate();
      await vscode.commands.executeCommand('noarkq.startSandbox');
      tree = await api.archiveTree();
      await vscode.commands.executeCommand('workbench.view.extension.noarkq');
    });

    test('expands from Arkiv down to a Dokumentversjon of the demo archive', async () => {
      const root = await children();
      const arkiv = root.find((n) => n.entity?.type === 'Arkiv');
      assert.ok(arkiv, root.map((n) => n.key).join());
      assert.ok(root.some((n) => n.kind === 'group'), 'the classification systems have their group');
      const arkivItem = await item(arkiv);
      assert.equal(arkivItem.contextValue, 'entity.Arkiv');
      assert.equal(arkivItem.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);

      // 2024/17, the integration flow's open case file, has journal entries with documents.
      let caseFile: Node | undefined;
      for (const series of await entities(arkiv)) {
        let page = await children(series);
        for (;;) {
          caseFile = page.find((n) => n.entity?.label?.startsWith('2024/17 '));
          const more = page.find((n) => n.kind === 'more');
          if (caseFile || !more) break;
          await vscode.commands.executeCommand('noarkq.archive.loadMore', more);
          page = await children(series);
        }
        if (caseFile) break;
      }
      assert.ok(caseFile, 'case file 2024/17 under a series');
      assert.equal(caseFile.entity!.type, 'Saksmappe');
      const entry = await childOfType(caseFile, ['Journalpost']);

      assert.equal(await vscode.commands.executeCommand('noarkq.archive.copyId', caseFile), caseFile.entity!.id);
      assert.equal(await vscode.env.clipboard.readText(), caseFile.entity!.id);
      const query = await vscode.commands.executeCommand<vscode.TextDocument>('noarkq.archive.newQueryForChildren', caseFile);
      assert.equal(query.languageId, 'noarkq');
      assert.equal(query.isUntitled, true);
      assert.match(query.getText(), new RegExp(`@id = "${caseFile.entity!.id}"\\nQUERY AbstraktRegistrering\\nWHERE refMappe.id = @id`));
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');

      const documents = await entities(entry);
      let version: Node | undefined;
      for (const document of documents) {
        assert.equal(document.entity!.type, 'Dokument');
        version = (await entities(document))[0];
        if (version) break;
      }
      assert.ok(version, 'a document version under a journal entry of 2024/17');
      assert.equal(version.entity!.type, 'Dokumentversjon');
      const versionItem = await item(version);
      assert.equal(versionItem.collapsibleState, vscode.TreeItemCollapsibleState.None);
      assert.equal(versionItem.contextValue, 'entity.Dokumentversjon');
      assert.match(String(versionItem.tooltip), /referanseDokumentfil|filnavn|versjonsnummer/);

      assert.equal(await vscode.commands.executeCommand('noarkq.archive.reveal', version.entity), true);
      await screenshot('archive-tree', '.pane-body .monaco-list-row.selected');

      const details = await vscode.commands.executeCommand<vscode.Uri>('noarkq.archive.openDetails', version);
      const text = await waitFor('details', () => {
        const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === details.toString());
        return document && document.getText().includes(`"id": "${version!.entity!.id}"`) && document;
      });
      assert.equal(text.languageId, 'json');
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    });

    test('"Load more…" appears past 100 children and loads the rest, a page at a time', async () => {
      // The test before may have loaded further pages: start from a fresh tree.
      await vscode.commands.executeCommand('noarkq.archive.refresh');
      const arkiv = (await entities()).find((n) => n.entity?.type === 'Arkiv')!;
      const counts: { series: Node; first: Node[] }[] = [];
      for (const series of await entities(arkiv)) counts.push({ series, first: await children(series) });
      const big = counts.find((c) => c.first.some((n) => n.kind === 'more'));
      assert.ok(big, 'a series of the demo archive has more than 100 case files');
      assert.equal(big.first.filter((n) => n.kind === 'entity').length, 100);
      const more = big.first.find((n) => n.kind === 'more')!;
      assert.equal((await item(more)).label, 'Load more…');
      await vscode.commands.executeCommand('noarkq.archive.loadMore', more);
      const after = await children(big.series);
      const listed = after.filter((n) => n.kind === 'entity');
      assert.ok(listed.length > 100 && listed.length <= 200, `${listed.length} listed after one more page`);
      assert.equal(new Set(listed.map((n) => n.key)).size, listed.length, 'no child twice');
      assert.deepEqual(
        listed.slice(0, 100).map((n) => n.key),
        big.first.filter((n) => n.kind === 'entity').map((n) => n.key),
      );
    });

    test('Upload and Attach a file with a non-ASCII name; the download gives the same bytes', async () => {
      const entry = await openJournalEntry();
      const file = workspaceFile('Søknad om løyve – Åse.txt');
      const bytes = Buffer.from(`Brev frå Åse Ødegård\n${'æøå '.repeat(5000)}\n`, 'utf8');
      writeFileSync(file.fsPath, bytes);
      const outcome = await vscode.commands.executeCommand<{ attached: { fileName: string; versionId: string; documentId: string }[] }>('noarkq.archive.uploadAndAttach', entry, [file]);
      assert.ok(outcome, 'attached');
      assert.equal(outcome.attached.length, 1);
      assert.equal(outcome.attached[0].fileName, 'Søknad om løyve – Åse.txt');
      const document = (await entities(entry)).find((n) => n.entity!.id === outcome.attached[0].documentId);
      assert.ok(document, 'the new Dokument shows under the entry after the refresh');
      const version = (await entities(document)).find((n) => n.entity!.id === outcome.attached[0].versionId);
      assert.ok(version);
      const path = await vscode.commands.executeCommand<string>('noarkq.archive.download', version);
      assert.ok(path?.endsWith('Søknad om løyve – Åse.txt'), path);
      assert.deepEqual(readFileSync(path), bytes);
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    });

    test('archive text with markup shows as text in labels and tooltips', async () => {
      const entry = await openJournalEntry();
      // A Dokument is titled after its file: a file name can carry the markup (no slash in it).
      const hostile = '<img src=x onerror=alert(1)><svg onload=alert(2)> **bold** [x](command:noarkq.stopSandbox)';
      const outcome = await vscode.commands.executeCommand<{ attached: { documentId: string }[] }>('noarkq.archive.uploadAndAttach', entry, [writeTemp(`${hostile}.txt`, 'x')]);
      assert.ok(outcome);
      const document = (await entities(entry)).find((n) => n.entity!.id === outcome.attached[0].documentId);
      assert.ok(document);
      const shown = await item(document);
      assert.equal(typeof shown.label, 'string');
      assert.ok(String(shown.label).includes(hostile), String(shown.label));
      assert.equal(typeof shown.tooltip, 'string', 'a plain-text tooltip, never Markdown');
      assert.ok(String(shown.tooltip).includes(hostile));
      assert.equal(await vscode.commands.executeCommand('noarkq.archive.reveal', document.entity), true);
      await screenshot('archive-tree-markup', '.pane-body .monaco-list-row.selected');
    });

    test('an UPLOAD block\'s file waits under Pending Uploads until it is attached', async () => {
      const pending = await api.pendingUploads();
      const uri = workspaceFile('pending.noarkq');
      writeTemp('pending-letter.txt', 'brev\n');
      writeFileSync(uri.fsPath, ['### letterUpload', 'UPLOAD ./pending-letter.txt', ''].join('\n'));
      const run = await vscode.commands.executeCommand<{ ok: boolean; body: { id: string } }>('noarkq.runBlock', uri, 'letterUpload');
      assert.ok(run?.ok);
      const listed = ((await pending.getChildren()) ?? []) as { id: string; environment: string; fileName: string }[];
      const upload = listed.find((u) => u.id === run.body.id);
      assert.ok(upload, 'listed as pending');
      const shown = await pending.getTreeItem(upload);
      assert.match(String(shown.description), /^60 min left · sandbox$/);
      const entry = await openJournalEntry();
      const outcome = await vscode.commands.executeCommand<{ attached: { uploadId: string; versionId: string }[] }>('noarkq.pendingUploads.attach', upload, entry);
      assert.equal(outcome?.attached[0].uploadId, upload.id);
      assert.ok(!(((await pending.getChildren()) ?? []) as { id: string }[]).some((u) => u.id === upload.id), 'no longer pending');
    });

    test('Close (Bulk) asks first, then the archive closes the case file', async () => {
      const caseId = await caseFileId('2024/16');
      assert.equal(await caseFileShown(caseId), 'Saksmappe', 'open before');
      const asked: { typeName: boolean; description: string }[] = [];
      api.setPrompts({ confirmWrite: async (request) => (asked.push(request), false) });
      try {
        assert.equal(await vscode.commands.executeCommand('noarkq.archive.close', { type: 'Saksmappe', id: caseId }), false, 'declined: nothing sent');
        api.setPrompts({ confirmWrite: async (request) => (asked.push(request), true) });
        assert.equal(await vscode.commands.executeCommand('noarkq.archive.close', { type: 'Saksmappe', id: caseId }), true);
      } finally {
        api.setPrompts(undefined);
      }
      assert.equal(asked.length, 2);
      assert.equal(asked[0].typeName, false, 'the sandbox is not protected: a confirmation, no name to type');
      assert.match(asked[0].description, /bulk\/close of Saksmappe/);
      await waitFor('the case file shows closed', async () => (await caseFileShown(caseId)).includes('closed'));
    });

    /** The description of the case file's node in a freshly loaded tree ("Saksmappe · closed" when closed). */
    async function caseFileShown(caseId: string): Promise<string> {
      await vscode.commands.executeCommand('noarkq.archive.refresh');
      assert.equal(await vscode.commands.executeCommand('noarkq.archive.reveal', { type: 'Saksmappe', id: caseId }), true);
      const arkiv = (await entities()).find((n) => n.entity?.type === 'Arkiv')!;
      for (const series of await entities(arkiv)) {
        const node = (await entities(series)).find((n) => n.entity?.id === caseId);
        if (node) return String((await item(node)).description);
      }
      throw new Error(`case file ${caseId} is not in the tree`);
    }

    /** A journal entry in the open case file 2024/17 (closed ones refuse new documents). */
    async function openJournalEntry(): Promise<Node> {
      assert.equal(await vscode.commands.executeCommand('noarkq.archive.reveal', { type: 'Saksmappe', id: await caseFileId('2024/17') }), true);
      const arkiv = (await entities()).find((n) => n.entity?.type === 'Arkiv')!;
      for (const series of await entities(arkiv)) {
        const caseFile = (await entities(series)).find((n) => n.entity?.label?.startsWith('2024/17 '));
        if (caseFile) return childOfType(caseFile, ['Journalpost']);
      }
      throw new Error('no case file 2024/17 in the tree');
    }
  });
}

async function caseFileId(mappeIdent: string): Promise<string> {
  const uri = workspaceFile('find-case.noarkq');
  writeFileSync(uri.fsPath, ['### find', 'QUERY Saksmappe', `WHERE mappeIdent = @m`, 'LIMIT 1', '', ''].join('\n').replace('### find', `@m = ${JSON.stringify(mappeIdent)}\n\n### find`));
  const result = await vscode.commands.executeCommand<{ ok: boolean; body: { results: { id: string }[] } }>('noarkq.runBlock', uri, 'find');
  assert.ok(result?.ok);
  return result.body.results[0].id;
}

function writeTemp(name: string, content: string): vscode.Uri {
  const uri = workspaceFile(name);
  writeFileSync(uri.fsPath, content);
  return uri;
}
