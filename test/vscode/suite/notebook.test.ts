/**
 * A `.noarkq` file as a notebook in a real VS Code: opened with the notebook type, its cells are
 * the preamble, the blocks and the comments between them; running a cell runs the block its
 * reference reads first, against the sandbox, each result an output of its cell in the renderer's
 * mime (with a JSON copy beside it) whose session answers the renderer's messages; run all and
 * Run Above; a cell's stop button aborts the request (a stand-in archive that never answers);
 * saving unchanged gives the bytes back, an edited cell changes only its own lines.
 */
import * as assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { NoarkqExtensionApi } from '../../../client/extension';
import { noarkqResultMime, noarkqNotebookType, type NotebookResultOutput } from '../../../client/webview/notebookMessages';
import { extensionId, waitFor, workspaceFile } from './suiteHelpers';

/** CRLF, a `//` comment and no final newline: what the file must keep through a save. */
const cases = [
  '# Cases of the demo archive, as a notebook.',
  '@year = 2024',
  '@seq = 17',
  '',
  '### findCase',
  'QUERY Saksmappe',
  'WHERE saksaar = @year && sakssekvensnummer = @seq',
  'LIMIT 1',
  'EXPECT results.length = 1',
  '',
  '// The case file’s journal entries, found by its id.',
  '',
  '### entries',
  '@case = {{findCase.results[0].id}}',
  'QUERY Journalpost',
  'WHERE refMappe.id = @case',
].join('\r\n');

/** Cells that read the preamble's variable and another cell's block, a literal in one query and a
 * reference to a block no cell has: what the language server must see as one file. */
const crossCells = [
  '@year = 2024',
  '',
  '### findCase',
  'QUERY Saksmappe',
  'WHERE saksaar = @year',
  'LIMIT 1',
  '',
  '### entries',
  '@case = {{findCase.results[0].id}}',
  'QUERY Journalpost',
  "WHERE refMappe.id = @case && tittel = 'x'",
  '',
  '### lost',
  '@other = {{nowhere.results[0].id}}',
  'QUERY Journalpost',
  'WHERE refMappe.id = @other',
  '',
].join('\n');

const controller = { id: 'noarkq-notebook-controller', extension: extensionId };

export function registerNotebookTests(): void {
  suite('notebook: a .noarkq file as a notebook', () => {
    let api: NoarkqExtensionApi;
    let notebook: vscode.NotebookDocument;
    const folder = () => workspaceFile('notebook-suite');
    const casesFile = () => vscode.Uri.joinPath(folder(), 'cases.noarkq');
    const slowFile = () => vscode.Uri.joinPath(folder(), 'slow.noarkq');
    const brokenFile = () => vscode.Uri.joinPath(folder(), 'broken.noarkq');
    const crossFile = () => vscode.Uri.joinPath(folder(), 'cross.noarkq');
    const read = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    const cell = (index: number) => notebook.cellAt(index);
    const order = (index: number) => cell(index).executionSummary?.executionOrder ?? 0;

    /** Runs cells as their Run buttons do and waits until each has a new execution summary. */
    async function execute(document: vscode.NotebookDocument, indexes: number[]): Promise<void> {
      const before = indexes.map((i) => document.cellAt(i).executionSummary?.executionOrder ?? 0);
      await vscode.commands.executeCommand('notebook.cell.execute', { ranges: indexes.map((i) => ({ start: i, end: i + 1 })), document: document.uri });
      await waitFor('the cells to run', () => indexes.every((i, k) => (document.cellAt(i).executionSummary?.executionOrder ?? 0) > before[k] && document.cellAt(i).executionSummary?.success !== undefined));
    }

    /** "Open With…" the notebook type, as `noarkq.openAsNotebook` does. */
    async function openAsNotebook(uri: vscode.Uri): Promise<vscode.NotebookDocument> {
      await vscode.commands.executeCommand('noarkq.openAsNotebook', uri);
      return waitFor('the notebook editor', () => vscode.window.activeNotebookEditor?.notebook.uri.toString() === uri.toString() && vscode.window.activeNotebookEditor.notebook);
    }

    /** What a cell's outputs say, as text: the message of an assertion about the cell. */
    const said = (c: vscode.NotebookCell) => c.outputs.flatMap((o) => o.items.filter((i) => i.mime !== noarkqResultMime).map((i) => new TextDecoder().decode(i.data).slice(0, 500))).join('\n');

    function resultOf(c: vscode.NotebookCell): { item: NotebookResultOutput; mimes: string[]; fallback: string } {
      const output = c.outputs.at(-1);
      assert.ok(output, `cell ${c.index} has an output`);
      const mimes = output.items.map((i) => i.mime);
      const item = JSON.parse(new TextDecoder().decode(output.items[0].data)) as NotebookResultOutput;
      return { item, mimes, fallback: new TextDecoder().decode(output.items[1]?.data ?? new Uint8Array()) };
    }

    suiteSetup(async () => {
      await vscode.workspace.fs.createDirectory(folder());
      await vscode.workspace.fs.writeFile(casesFile(), new TextEncoder().encode(cases));
      await vscode.workspace.fs.writeFile(slowFile(), new TextEncoder().encode('### slow\nGET code-lists?type=Saksmappe\n'));
      await vscode.workspace.fs.writeFile(brokenFile(), new TextEncoder().encode('### fine\nQUERY Arkiv\n\n### broken\nQUERY Saksmape\n'));
      await vscode.workspace.fs.writeFile(crossFile(), new TextEncoder().encode(crossCells));
      const extension = vscode.extensions.getExtension<NoarkqExtensionApi>(extensionId);
      assert.ok(extension);
      api = await extension.activate();
      await vscode.commands.executeCommand('noarkq.startSandbox');
      assert.equal(await vscode.commands.executeCommand('noarkq.selectEnvironment', 'sandbox'), 'sandbox');
    });

    suiteTeardown(async () => {
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(folder(), { recursive: true }).then(undefined, () => undefined);
    });

    test('opens with the notebook type: the preamble and each block a code cell, comments between them markdown', async () => {
      notebook = await openAsNotebook(casesFile());
      assert.equal(notebook.notebookType, noarkqNotebookType);
      assert.deepEqual(
        notebook.getCells().map((c) => [c.kind === vscode.NotebookCellKind.Code ? c.document.languageId : 'markdown', c.document.getText()]),
        [
          ['markdown', 'Cases of the demo archive, as a notebook.'],
          ['noarkq', '@year = 2024\n@seq = 17'],
          ['noarkq', '### findCase\nQUERY Saksmappe\nWHERE saksaar = @year && sakssekvensnummer = @seq\nLIMIT 1\nEXPECT results.length = 1'],
          ['markdown', 'The case file’s journal entries, found by its id.'],
          ['noarkq', '### entries\n@case = {{findCase.results[0].id}}\nQUERY Journalpost\nWHERE refMappe.id = @case'],
        ],
      );
      await vscode.commands.executeCommand('notebook.selectKernel', controller);
    });

    test('running a cell runs the block its reference reads first; each result is its cell’s output', async () => {
      await execute(notebook, [4]);
      assert.equal(cell(4).executionSummary?.success, true, said(cell(4)));
      assert.equal(cell(2).executionSummary?.success, true, `findCase ran first, in its own cell: ${said(cell(2))}`);
      assert.ok(order(2) < order(4), `findCase's result came first: ${order(2)} < ${order(4)}`);
      const found = resultOf(cell(2));
      assert.deepEqual(found.mimes, [noarkqResultMime, 'application/json']);
      const show = found.item.show;
      assert.ok(show.type === 'show');
      assert.match(found.item.outputId, /\S/);
      assert.equal(show.view.content.kind, 'grid');
      const body = JSON.parse(found.fallback) as { results: { type: string; fields: { mappeIdent: string } }[] };
      assert.equal(body.results[0].fields.mappeIdent, '2024/17');
      const entries = resultOf(cell(4));
      assert.deepEqual(entries.mimes, [noarkqResultMime, 'application/json']);
      assert.ok((JSON.parse(entries.fallback) as { results: { type: string }[] }).results.every((r) => r.type === 'Journalpost'));
    });

    test('its runs are in the run history; running one again runs its cell', async () => {
      const history = await api.runHistory();
      const entries = history.find((e) => e.blockName === 'entries');
      assert.ok(entries, history.map((e) => e.blockName).join());
      assert.equal(entries.uri, notebook.uri.toString());
      assert.equal(entries.notebook, true);
      assert.ok(history.some((e) => e.blockName === 'findCase' && e.notebook && e.expectations?.total === 2), 'the block it read, with its expectations');
      const before = order(4);
      assert.equal(await api.runAgain(entries), true);
      await waitFor('the cell to run again', () => order(4) > before && cell(4).executionSummary?.success === true);
    });

    test('the renderer’s messages reach the output’s session: a row copied, a bad message ignored', async () => {
      const { item } = resultOf(cell(2));
      await vscode.env.clipboard.writeText('');
      await api.sendFromNotebookOutput({ outputId: item.outputId, message: { type: 'copyRow', row: 99 } });
      await api.sendFromNotebookOutput({ outputId: item.outputId, message: { type: 'copyRow', row: 'first' } });
      assert.equal(await vscode.env.clipboard.readText(), '');
      await api.sendFromNotebookOutput({ outputId: item.outputId, message: { type: 'copyRow', row: 0 } });
      assert.match(await vscode.env.clipboard.readText(), /"mappeIdent": "2024\/17"/);
    });

    test('run all runs every code cell in order; Run Above the code cells above a cell', async () => {
      const before = [2, 4].map(order);
      await vscode.commands.executeCommand('notebook.execute', notebook.uri);
      await waitFor('run all', () => order(2) > before[0] && order(4) > before[1] && cell(4).executionSummary?.success !== undefined);
      assert.ok(order(2) < order(4), `findCase's result came first: ${order(2)} < ${order(4)}`);
      assert.equal(cell(4).executionSummary?.success, true, said(cell(4)));
      assert.equal(cell(1).outputs.length, 0, 'the preamble holds no request');

      const findCase = order(2);
      const entries = order(4);
      await vscode.commands.executeCommand('noarkq.notebook.runAbove', cell(4));
      await waitFor('run above', () => order(2) > findCase);
      assert.equal(order(4), entries, 'the cell itself did not run');
    });

    test('cleared outputs end their sessions', async () => {
      const ids = notebook.getCells().flatMap((c) => c.outputs.map((o) => o.metadata?.noarkqOutputId as string));
      assert.ok(ids.length >= 2);
      const live = await api.notebookOutputSessions();
      assert.ok(ids.every((id) => live.includes(id)), 'each output shown has its session');
      await vscode.commands.executeCommand('notebook.clearAllCellsOutputs');
      await waitFor('the sessions to end', async () => {
        const now = await api.notebookOutputSessions();
        return ids.every((id) => !now.includes(id));
      });
    });

    test('saved unchanged, the file keeps its bytes; an edited cell changes only its own lines', async () => {
      // A letter typed and taken out again, and the notebook's metadata set to itself: changes
      // that leave it as it was, but make it dirty, so that saving writes it.
      const typed = new vscode.WorkspaceEdit();
      typed.insert(cell(1).document.uri, new vscode.Position(0, 0), 'x');
      assert.ok(await vscode.workspace.applyEdit(typed), 'typed');
      const erased = new vscode.WorkspaceEdit();
      erased.delete(cell(1).document.uri, new vscode.Range(0, 0, 0, 1));
      erased.set(notebook.uri, [vscode.NotebookEdit.updateNotebookMetadata({ ...notebook.metadata })]);
      assert.ok(await vscode.workspace.applyEdit(erased), 'erased');
      // The dirty state comes from the workbench a moment after the edit is applied.
      await waitFor('the notebook to be dirty', () => notebook.isDirty);
      assert.ok(await notebook.save(), 'saved unchanged');
      assert.equal(await read(casesFile()), cases);

      const code = new vscode.WorkspaceEdit();
      const limit = cell(2).document.getText().split('\n').indexOf('LIMIT 1');
      code.replace(cell(2).document.uri, new vscode.Range(limit, 0, limit, 'LIMIT 1'.length), 'LIMIT 2');
      code.replace(cell(0).document.uri, new vscode.Range(0, 0, 0, cell(0).document.getText().length), 'Cases of the demo archive.\n\nIn two paragraphs.');
      assert.ok(await vscode.workspace.applyEdit(code), 'edited');
      await waitFor('the notebook to be dirty again', () => notebook.isDirty);
      assert.ok(await notebook.save(), 'saved edited');
      assert.equal(
        await read(casesFile()),
        cases.replace('LIMIT 1', 'LIMIT 2').replace('# Cases of the demo archive, as a notebook.', '# Cases of the demo archive.\r\n#\r\n# In two paragraphs.'),
      );
    });

    test('a notebook with an error sends nothing: the cell says where the error is', async () => {
      const broken = await openAsNotebook(brokenFile());
      await vscode.commands.executeCommand('notebook.selectKernel', controller);
      await vscode.commands.executeCommand('notebook.cell.execute', { ranges: [{ start: 0, end: 1 }], document: broken.uri });
      await waitFor('the cell to fail', () => broken.cellAt(0).executionSummary?.success === false);
      const text = said(broken.cellAt(0));
      assert.match(text, /^Nothing was sent: the notebook has an error\. Fix it first\./);
      assert.match(text, /cell 2, line 2: .*Saksmape/);
    });

    test('the language server checks the cells as one file: another cell’s block and the preamble’s variables are known, an unknown block is not', async () => {
      const cross = await openAsNotebook(crossFile());
      const codes = (index: number) => vscode.languages.getDiagnostics(cross.cellAt(index).document.uri).map((d) => `${typeof d.code === 'object' ? d.code.value : d.code} ${d.range.start.line}:${d.range.start.character}`);
      await waitFor('the cells’ diagnostics', () => codes(2).length > 0 && codes(3).length > 0);
      assert.deepEqual(codes(0), [], 'the preamble');
      assert.deepEqual(codes(1), [], 'findCase reads @year of the preamble');
      assert.deepEqual(codes(2), ['noarkq.literal-in-query 3:38'], 'entries reads findCase of another cell; only its literal is wrong');
      assert.deepEqual(codes(3), ['noarkq.reference-unknown-block 1:11'], 'lost reads a block no cell has');
    });

    suite('against a stand-in archive that never answers one request', () => {
      let aborted = 0;
      let asked = 0;
      // The language server's code lists and registry get empty answers; the block's request none.
      const server = createServer((request, response) => {
        if ((request.url ?? '').includes('code-lists?type=Saksmappe')) {
          asked++;
          request.socket.once('close', () => aborted++);
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results: [] }));
      });

      suiteSetup(async () => {
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        await vscode.workspace.getConfiguration('noarkq').update('environments', [{ name: 'silent', baseUrl, auth: { kind: 'token' } }], vscode.ConfigurationTarget.Global);
        api.setPrompts({ askSecret: async () => 'test-token' });
        assert.equal(await vscode.commands.executeCommand('noarkq.selectEnvironment', 'silent'), 'silent');
      });

      suiteTeardown(async () => {
        api.setPrompts(undefined);
        await vscode.workspace.getConfiguration('noarkq').update('environments', undefined, vscode.ConfigurationTarget.Global);
        await vscode.commands.executeCommand('noarkq.selectEnvironment', 'sandbox');
        server.closeAllConnections();
        server.close();
      });

      test('a cell’s stop button aborts its HTTP request', async () => {
        const slow = await openAsNotebook(slowFile());
        await vscode.commands.executeCommand('notebook.selectKernel', controller);
        const range = { ranges: [{ start: 0, end: 1 }], document: slow.uri };
        const running = vscode.commands.executeCommand('notebook.cell.execute', range);
        await waitFor('the block’s request to reach the archive', () => asked > 0);
        await vscode.commands.executeCommand('notebook.cell.cancelExecution', range);
        await running;
        await waitFor('the cell to end', () => slow.cellAt(0).executionSummary?.success === false);
        await waitFor('the connection to close', () => aborted > 0);
        const output = slow.cellAt(0).outputs.at(-1);
        assert.ok(output);
        assert.match(new TextDecoder().decode(output.items.find((i) => i.mime === 'text/plain')?.data), /cancel/i);
      });

      test('noarkq.cancelRun stops a cell’s run as it stops any run', async () => {
        const slow = await openAsNotebook(slowFile());
        const [askedBefore, abortedBefore, orderBefore] = [asked, aborted, slow.cellAt(0).executionSummary?.executionOrder ?? 0];
        const range = { ranges: [{ start: 0, end: 1 }], document: slow.uri };
        const running = vscode.commands.executeCommand('notebook.cell.execute', range);
        await waitFor('the block’s request to reach the archive', () => asked > askedBefore);
        await vscode.commands.executeCommand('noarkq.cancelRun');
        await running;
        await waitFor('the connection to close', () => aborted > abortedBefore);
        await waitFor('the cell to end', () => (slow.cellAt(0).executionSummary?.executionOrder ?? 0) > orderBefore && slow.cellAt(0).executionSummary?.success === false);
        const output = slow.cellAt(0).outputs.at(-1);
        assert.match(new TextDecoder().decode(output?.items.find((i) => i.mime === 'text/plain')?.data), /cancel/i, 'cancelled, not timed out');
      });
    });
  });
}
