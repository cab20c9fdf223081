/**
 * Notebooks through the real server (LSP 3.17 `notebookDocument/*`): the `noarkq` cells of a
 * noarkq notebook are checked and answered as one text, each cell getting its share in its own
 * coordinates. The mapping's own tests are in server/notebookLayout.test.ts and
 * server/notebookTranslation.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CompletionList, Diagnostic, DocumentSymbol, FoldingRange, Hover, Location, SemanticTokens, SemanticTokensLegend, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { noarkqNotebookType as clientNotebookType } from '../../client/webview/notebookMessages';
import { noarkqNotebookType } from '../../server/serverCapabilities';
import { LspTestClient, applyEdits, decodeSemanticTokens, offsetAt, parseMarkers, positionAt } from './lspTestClient';

type Position = { line: number; character: number };
type Range = { start: Position; end: Position };

interface Cell {
  uri: string;
  text: string;
  version: number;
  kind: 1 | 2;
  language: string;
}

let notebooks = 0;

/** A notebook as a client syncs it: the cells' texts kept here, every change sent as VS Code's
 * client sends it. */
class TestNotebook {
  private version = 1;
  private cellCount = 0;
  readonly cells: Cell[] = [];

  private constructor(
    private readonly client: LspTestClient,
    readonly uri: string,
  ) {}

  /** `texts`: a `noarkq` code cell each; one starting with `md:` is a markdown cell. */
  static async open(client: LspTestClient, texts: string[]): Promise<TestNotebook> {
    const notebook = new TestNotebook(client, `file:///notebooks/n${++notebooks}.noarkq`);
    notebook.cells.push(...texts.map((t) => notebook.newCell(t)));
    await client.connection.sendNotification('notebookDocument/didOpen', {
      notebookDocument: { uri: notebook.uri, notebookType: noarkqNotebookType, version: 1, cells: notebook.cells.map((c) => ({ kind: c.kind, document: c.uri })) },
      cellTextDocuments: notebook.cells.map((c) => ({ uri: c.uri, languageId: c.language, version: c.version, text: c.text })),
    });
    return notebook;
  }

  uriOf(index: number): string {
    return this.cells[index].uri;
  }

  /** The code cells' texts joined as the server joins them. */
  get text(): string {
    return this.cells
      .filter((c) => c.kind === 2)
      .map((c) => `${c.text}\n`)
      .join('');
  }

  /** `sent`: the range as the client counts it, when not in UTF-16. */
  async edit(index: number, range: Range, text: string, sent = range): Promise<number> {
    const cell = this.cells[index];
    cell.text = cell.text.slice(0, offsetAt(cell.text, range.start)) + text + cell.text.slice(offsetAt(cell.text, range.end));
    cell.version++;
    await this.change({ textContent: [{ document: { uri: cell.uri, version: cell.version }, changes: [{ range: sent, text }] }] });
    return cell.version;
  }

  /** Moves a cell as VS Code reports it: the stretch between the two places, replaced. */
  async move(from: number, to: number): Promise<void> {
    const start = Math.min(from, to);
    const [cell] = this.cells.splice(from, 1);
    this.cells.splice(to, 0, cell);
    const stretch = this.cells.slice(start, Math.max(from, to) + 1);
    await this.change({ structure: { array: { start, deleteCount: stretch.length, cells: stretch.map((c) => ({ kind: c.kind, document: c.uri })) } } });
  }

  async remove(index: number): Promise<void> {
    const [cell] = this.cells.splice(index, 1);
    await this.change({ structure: { array: { start: index, deleteCount: 1 }, didClose: [{ uri: cell.uri }] } });
  }

  async insert(index: number, text: string): Promise<string> {
    const cell = this.newCell(text);
    this.cells.splice(index, 0, cell);
    await this.change({
      structure: { array: { start: index, deleteCount: 0, cells: [{ kind: cell.kind, document: cell.uri }] }, didOpen: [{ uri: cell.uri, languageId: cell.language, version: 1, text }] },
    });
    return cell.uri;
  }

  async close(): Promise<void> {
    await this.client.connection.sendNotification('notebookDocument/didClose', { notebookDocument: { uri: this.uri }, cellTextDocuments: this.cells.map((c) => ({ uri: c.uri })) });
  }

  private async change(cells: Record<string, unknown>): Promise<void> {
    await this.client.connection.sendNotification('notebookDocument/didChange', { notebookDocument: { uri: this.uri, version: ++this.version }, change: { cells } });
  }

  private newCell(text: string): Cell {
    const markdown = text.startsWith('md:');
    const uri = `vscode-notebook-cell:${this.uri.slice('file:'.length)}#W${this.cellCount++}`;
    return { uri, text: markdown ? text.slice(3) : text, version: 1, kind: markdown ? 1 : 2, language: markdown ? 'markdown' : 'noarkq' };
  }
}

const codes = (items: readonly Diagnostic[]): string[] => items.map((d) => String(d.code));
const messageOf = (d: Diagnostic): string => (typeof d.message === 'string' ? d.message : d.message.value);
const spanOf = (text: string, range: Range): string => text.slice(offsetAt(text, range.start), offsetAt(text, range.end));
/** A cell's text with markers (`|`, `[[...]]`, lspTestClient.ts), and where they are. */
const marked = (text: string): { text: string; cursor: Position; ranges: Range[] } => {
  const parsed = parseMarkers(text);
  return { text: parsed.text, cursor: positionAt(parsed.text, parsed.cursor ?? 0), ranges: parsed.ranges.map((r) => ({ start: positionAt(parsed.text, r.start), end: positionAt(parsed.text, r.end) })) };
};

const preamble = '@year = 2024';
const findCase = '### findCase\nQUERY Saksmappe\nWHERE saksaar = @year\nLIMIT 1';
const register = marked(`### register
TRANSACTION
{
  "actions": [
    { "action": "link", "type": "Journalpost", "id": "{{findCase.results[0].id}}", "ref": "refMappe",
      "linkToId": "{{[[nope]].results[0].id}}" }
  ]
}`);

describe('notebook cells with pushed diagnostics', { timeout: 60_000 }, () => {
  let client: LspTestClient;
  before(async () => {
    client = await LspTestClient.start();
  });
  after(() => client.dispose());

  test('the server asks for the noarkq cells of noarkq notebooks, the type the extension names', () => {
    assert.equal(noarkqNotebookType, clientNotebookType);
    assert.deepEqual(client.initializeResult?.capabilities.notebookDocumentSync, { notebookSelector: [{ notebook: { notebookType: 'noarkq-notebook' }, cells: [{ language: 'noarkq' }] }] });
  });

  test('a reference to another cell has no false error; an unknown one has, in its cell at its range', async () => {
    const notebook = await TestNotebook.open(client, [preamble, 'md:Find the case first.', findCase, register.text]);
    // The markdown cell is not the server's: the client syncs only the `noarkq` ones.
    const [, find, reg] = await Promise.all([0, 2, 3].map((i) => client.pushedDiagnostics(notebook.uriOf(i), 1)));
    assert.deepEqual(codes(find.diagnostics), [], 'the preamble\'s @year is known in the query');
    const unknown = reg.diagnostics.filter((d) => d.code === 'noarkq.reference-unknown-block');
    assert.equal(unknown.length, 1, JSON.stringify(reg.diagnostics));
    assert.deepEqual(unknown[0].range, register.ranges[0]);
    assert.equal(reg.version, 1);
  });

  test("a notebook's cells get what its text gets as one document, each its share", async () => {
    const texts = [preamble, findCase, '### other\nQUERY Journalpst\nWHERE tittel = @title', register.text];
    const notebook = await TestNotebook.open(client, texts);
    // The same file open as text too, under the notebook's own uri: the two are kept apart.
    const whole = notebook.uri;
    await client.open(whole, notebook.text);
    const expected = (await client.pushedDiagnostics(whole)).diagnostics;
    assert.ok(expected.length >= 3, JSON.stringify(expected));
    const pushed = await Promise.all(texts.map((_, i) => client.pushedDiagnostics(notebook.uriOf(i), 1)));
    let line = 0;
    for (const [i, text] of texts.entries()) {
      const lines = text.split('\n').length;
      const share = expected
        .filter((d) => d.range.start.line >= line && d.range.start.line < line + lines)
        .map((d) => ({ code: d.code, message: d.message, range: { start: { ...d.range.start, line: d.range.start.line - line }, end: { ...d.range.end, line: d.range.end.line - line } } }));
      assert.deepEqual(
        pushed[i].diagnostics.map((d) => ({ code: d.code, message: d.message, range: d.range })),
        share,
        `cell ${i}`,
      );
      line += lines;
    }
  });

  test('edits, a moved cell, a removed one, and a block removed that another cell reads', async () => {
    const other = marked('### other\nQUERY [[Journalpst]]');
    const notebook = await TestNotebook.open(client, [preamble, findCase, other.text, register.text]);
    const [otherUri, registerUri] = [notebook.uriOf(2), notebook.uriOf(3)];
    assert.deepEqual(codes((await client.pushedDiagnostics(otherUri, 1)).diagnostics), ['noarkq.unknown-type']);

    // An edit in the cell above moves nothing in the cells below.
    await notebook.edit(1, { start: { line: 3, character: 7 }, end: { line: 3, character: 7 } }, '\n\n');
    const afterEdit = await client.pushedDiagnostics(notebook.uriOf(1), 2);
    assert.deepEqual(codes(afterEdit.diagnostics), []);

    // `other` moved below `register`: its error moves with it, in its own coordinates.
    await notebook.move(2, 3);
    await notebook.edit(3, { start: { line: 0, character: 9 }, end: { line: 0, character: 9 } }, ' ');
    const moved = await client.pushedDiagnostics(otherUri, 2);
    assert.deepEqual(codes(moved.diagnostics), ['noarkq.unknown-type']);
    assert.deepEqual(moved.diagnostics[0].range, other.ranges[0]);

    // Removed: its diagnostics are cleared.
    const cleared = client.nextPush(otherUri, (p) => p.diagnostics.length === 0);
    await notebook.remove(3);
    await cleared;

    // The block `register` reads removed: the error is in `register`'s cell, at the name.
    const broken = client.nextPush(registerUri, (p) => p.diagnostics.some((d) => d.code === 'noarkq.reference-unknown-block' && messageOf(d).includes('findCase')));
    await notebook.remove(1);
    const found = (await broken).diagnostics.find((d) => messageOf(d).includes('findCase'))!;
    assert.equal(spanOf(register.text, found.range), 'findCase');

    // And a cell added back with it mends it.
    const mended = client.nextPush(registerUri, (p) => !p.diagnostics.some((d) => messageOf(d).includes('findCase')));
    const added = await notebook.insert(1, findCase);
    await mended;
    assert.deepEqual(codes((await client.pushedDiagnostics(added, 1)).diagnostics), []);
  });

  test('closing the notebook clears the diagnostics of its cells', async () => {
    const notebook = await TestNotebook.open(client, [findCase, register.text]);
    assert.ok((await client.pushedDiagnostics(notebook.uriOf(1), 1)).diagnostics.length > 0);
    const cleared = client.nextPush(notebook.uriOf(1), (p) => p.diagnostics.length === 0);
    await notebook.close();
    await cleared;
    const hover = await client.request('textDocument/hover', { textDocument: { uri: notebook.uriOf(0) }, position: { line: 1, character: 8 } });
    assert.equal(hover, null, 'a closed notebook\'s cells are not known any more');
  });

  test("a noarkq cell of another notebook comes as a document and is checked alone, as before", async () => {
    const uri = 'vscode-notebook-cell:/other/jupyter.ipynb#W3';
    await client.open(uri, '### a\nQUERY Saksmappe\nWHERE saksaar = @year');
    assert.deepEqual(codes((await client.pushedDiagnostics(uri)).diagnostics), ['noarkq.param-undefined']);
  });
});

describe('notebook cells with pulled diagnostics', { timeout: 60_000 }, () => {
  let client: LspTestClient;
  let refreshed: () => void = () => undefined;
  before(async () => {
    client = await LspTestClient.start({ pullDiagnostics: true });
    client.connection.onRequest('workspace/diagnostic/refresh', () => {
      refreshed();
      return null;
    });
  });
  after(() => client.dispose());

  test("a cell pulls its share; unchanged while it is; changed by another cell's edit, the client is asked to pull again", async () => {
    const notebook = await TestNotebook.open(client, [preamble, findCase, register.text]);
    const first = await client.pull(notebook.uriOf(2));
    assert.equal(first.kind, 'full');
    if (first.kind !== 'full') return;
    const unknown = first.items.filter((d) => d.code === 'noarkq.reference-unknown-block');
    assert.deepEqual(
      unknown.map((d) => d.range),
      [register.ranges[0]],
    );
    assert.deepEqual(await client.pullItems(notebook.uriOf(1)), []);
    assert.deepEqual(await client.pull(notebook.uriOf(2), first.resultId), { kind: 'unchanged', resultId: first.resultId });

    // `findCase` renamed in its cell: `register` reads a block that is no more.
    const refresh = new Promise<void>((resolve) => (refreshed = resolve));
    await notebook.edit(1, { start: { line: 0, character: 4 }, end: { line: 0, character: 12 } }, 'lookUp');
    assert.deepEqual(await client.pullItems(notebook.uriOf(1)), []);
    await refresh;
    const second = await client.pull(notebook.uriOf(2), first.resultId);
    assert.equal(second.kind, 'full');
    if (second.kind === 'full') {
      const unknownNow = second.items.filter((d) => d.code === 'noarkq.reference-unknown-block');
      assert.deepEqual(
        unknownNow.map((d) => spanOf(register.text, d.range)),
        ['findCase', 'nope'],
      );
    }
  });

  test('a cell that is not part of an open notebook has none', async () => {
    assert.deepEqual(await client.pullItems('vscode-notebook-cell:/notebooks/never.noarkq#W0'), []);
  });
});

describe('editor features in notebook cells', { timeout: 60_000 }, () => {
  let client: LspTestClient;
  let notebook: TestNotebook;
  const find = marked('### [[findCase]]\nQUERY [[Saksmappe]]\nWHERE saksaar = @y|ear\nLIMIT 1');
  const reg = marked('### register\nDOWNLOAD {{[[findCa|se]].results[0].id}}\n\n### d\nDOWNLOAD {{');
  before(async () => {
    client = await LspTestClient.start({ pullDiagnostics: true, initializationOptions: { explainCommand: 'noarkq.explainQuery' } });
    notebook = await TestNotebook.open(client, [preamble, find.text, reg.text]);
  });
  after(() => client.dispose());

  test("completion offers the blocks and variables of other cells", async () => {
    const end = positionAt(reg.text, reg.text.length);
    const list = await client.request<CompletionList | null>('textDocument/completion', { textDocument: { uri: notebook.uriOf(2) }, position: end });
    const labels = (list?.items ?? []).map((i) => i.label);
    assert.ok(labels.includes('findCase') && labels.includes('year'), labels.join(', '));
  });

  test('hover on a variable of the preamble, with the range in the cell', async () => {
    const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri: notebook.uriOf(1) }, position: find.cursor });
    assert.ok(hover && typeof hover.contents === 'object' && 'value' in hover.contents, JSON.stringify(hover));
    assert.match(hover.contents.value, /2024/);
    assert.equal(hover.range?.start.line, 2);
  });

  test("the responses the client records for the notebook's file are the cells' context", async () => {
    await client.connection.sendNotification('noarkq/setResponses', {
      uri: notebook.uri,
      responses: { findCase: { status: 200, body: { results: [{ type: 'Saksmappe', id: '7300012', version: '1', fields: {} }] }, receivedAt: Date.UTC(2024, 7, 19) } },
    });
    const line = reg.text.split('\n')[1];
    const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri: notebook.uriOf(2) }, position: { line: 1, character: line.indexOf('.id}}') + 2 } });
    assert.ok(hover && typeof hover.contents === 'object' && 'value' in hover.contents, JSON.stringify(hover));
    assert.match(hover.contents.value, /7300012/);
  });

  test('definition goes into the cell that declares it', async () => {
    const block = await client.request<Location[]>('textDocument/definition', { textDocument: { uri: notebook.uriOf(2) }, position: reg.cursor });
    assert.deepEqual(block, [{ uri: notebook.uriOf(1), range: find.ranges[0] }]);
    const variable = await client.request<Location[]>('textDocument/definition', { textDocument: { uri: notebook.uriOf(1) }, position: find.cursor });
    assert.deepEqual(variable, [{ uri: notebook.uriOf(0), range: { start: { line: 0, character: 1 }, end: { line: 0, character: 5 } } }]);
  });

  test('references and rename reach every cell', async () => {
    const references = await client.request<Location[]>('textDocument/references', { textDocument: { uri: notebook.uriOf(2) }, position: reg.cursor, context: { includeDeclaration: true } });
    assert.deepEqual(
      references.map((l) => l.uri),
      [notebook.uriOf(1), notebook.uriOf(2)],
    );
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: notebook.uriOf(2) }, position: reg.cursor, newName: 'sak' });
    assert.deepEqual(Object.keys(edit.changes ?? {}).sort(), [notebook.uriOf(1), notebook.uriOf(2)].sort());
    assert.equal(applyEdits(find.text, edit.changes![notebook.uriOf(1)]), find.text.replace('### findCase', '### sak'));
    assert.equal(applyEdits(reg.text, edit.changes![notebook.uriOf(2)]), reg.text.replace('{{findCase.', '{{sak.'));
  });

  test("semantic tokens, symbols and folding ranges are the cell's, counted from its start", async () => {
    const legend = (client.initializeResult!.capabilities.semanticTokensProvider as { legend: SemanticTokensLegend }).legend;
    const tokens = await client.request<SemanticTokens>('textDocument/semanticTokens/full', { textDocument: { uri: notebook.uriOf(1) } });
    const decoded = decodeSemanticTokens(find.text, tokens.data, legend);
    assert.ok(decoded.some(([t, type]) => t === 'Saksmappe' && type === 'type'), JSON.stringify(decoded));
    assert.ok(decoded.some(([t]) => t === 'saksaar'), JSON.stringify(decoded));
    assert.ok(!decoded.some(([t]) => t === 'register' || t === '' || t === 'DOWNLOAD'), JSON.stringify(decoded));

    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: notebook.uriOf(2) } });
    assert.deepEqual(
      symbols.map((s) => [s.name, s.range.start.line]),
      [
        ['register', 0],
        ['d', 3],
      ],
    );
    const folds = await client.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri: notebook.uriOf(1) } });
    assert.deepEqual(
      folds.map((f) => [f.startLine, f.endLine]),
      [[0, 3]],
    );
  });

  test('formatting a cell edits that cell only', async () => {
    const messy = await TestNotebook.open(client, ['@year=2024', '### a\nquery Saksmappe\nwhere saksaar=@year', '### b\nquery Journalpost']);
    const edits = await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri: messy.uriOf(1) }, options: { tabSize: 2, insertSpaces: true } });
    assert.equal(applyEdits(messy.cells[1].text, edits), '### a\nQUERY Saksmappe\nWHERE saksaar = @year');
  });

  test("\"Explain this query\" names the cell, and noarkq/explainQuery and noarkq/queryRequestBody answer on it", async () => {
    const actions = await client.request<Array<{ title: string; command?: { command: string; arguments?: unknown[] } }>>('textDocument/codeAction', {
      textDocument: { uri: notebook.uriOf(1) },
      range: { start: find.cursor, end: find.cursor },
      context: { diagnostics: [] },
    });
    const explain = actions.find((a) => a.command?.command === 'noarkq.explainQuery');
    assert.deepEqual(explain?.command?.arguments, [notebook.uriOf(1), { line: 1, character: 0 }]);
    const [uri, position] = explain!.command!.arguments!;
    const explained = await client.request<{ ok: boolean; blockName?: string; markdown?: string }>('noarkq/explainQuery', { uri, position });
    assert.equal(explained.ok, true, JSON.stringify(explained));
    assert.equal(explained.blockName, 'findCase');
    // The preamble's @year, read from another cell, is the value the query sends.
    const body = await client.request<{ ok: boolean; body?: unknown }>('noarkq/queryRequestBody', { uri: notebook.uriOf(1), position: find.cursor });
    assert.equal(body.ok, true, JSON.stringify(body));
    assert.match(JSON.stringify(body.body), /2024/);
  });

  test('a quick fix from a cell\'s diagnostic edits the cell', async () => {
    const typo = marked('### t\nQUERY [[Saksmape]]');
    const fixable = await TestNotebook.open(client, [preamble, typo.text]);
    const diagnostics = await client.pullItems(fixable.uriOf(1));
    assert.deepEqual(codes(diagnostics), ['noarkq.unknown-type']);
    assert.equal(diagnostics[0].data, undefined, 'the diagnostic goes out without its fixes');
    const actions = await client.request<Array<{ title: string; isPreferred?: boolean; edit?: WorkspaceEdit }>>('textDocument/codeAction', {
      textDocument: { uri: fixable.uriOf(1) },
      range: typo.ranges[0],
      context: { diagnostics, only: ['quickfix'] },
    });
    const fix = actions.find((a) => a.isPreferred) ?? actions[0];
    assert.deepEqual(Object.keys(fix.edit?.changes ?? {}), [fixable.uriOf(1)]);
    assert.equal(applyEdits(typo.text, fix.edit!.changes![fixable.uriOf(1)]), '### t\nQUERY Saksmappe');
  });
});

describe('notebook cells in UTF-8', { timeout: 60_000 }, () => {
  let client: LspTestClient;
  before(async () => {
    client = await LspTestClient.start({ positionEncodings: ['utf-8'] });
  });
  after(() => client.dispose());

  const bytes = (text: string, position: Position): Position => {
    const line = text.split('\n')[position.line];
    return { line: position.line, character: Buffer.byteLength(line.slice(0, position.character), 'utf8') };
  };

  test('positions in and out count bytes, in cells with æøå and emoji, edits included', async () => {
    const cell = marked('### register\nTRANSACTION\n{ "actions": [ { "action": "link", "type": "Journalpost", "id": "æøå 😀 {{[[nope]].results[0].id}}", "ref": "refMappe", "linkToId": "{{[[findCa|se]].results[0].id}}" } ] }');
    const notebook = await TestNotebook.open(client, ['@tittel = "Søknad om løyve 😀"', findCase, cell.text]);
    const pushed = await client.pushedDiagnostics(notebook.uriOf(2), 1);
    const unknown = pushed.diagnostics.filter((d) => d.code === 'noarkq.reference-unknown-block');
    assert.deepEqual(
      unknown.map((d) => d.range),
      [{ start: bytes(cell.text, cell.ranges[0].start), end: bytes(cell.text, cell.ranges[0].end) }],
    );

    const definition = await client.request<Location[]>('textDocument/definition', { textDocument: { uri: notebook.uriOf(2) }, position: bytes(cell.text, cell.cursor) });
    assert.deepEqual(definition, [{ uri: notebook.uriOf(1), range: { start: { line: 0, character: 4 }, end: { line: 0, character: 12 } } }]);

    // `nope` replaced by `findCase`, the range given in bytes.
    const nope = { start: bytes(cell.text, cell.ranges[0].start), end: bytes(cell.text, cell.ranges[0].end) };
    const version = await notebook.edit(2, cell.ranges[0], 'findCase', nope);
    const after = await client.pushedDiagnostics(notebook.uriOf(2), version);
    assert.deepEqual(codes(after.diagnostics).filter((c) => c === 'noarkq.reference-unknown-block'), []);
  });

  test("a quick fix for a cell's diagnostic after æøå and an emoji on its line edits that cell, counted in bytes", async () => {
    const cell = marked('### q\nQUERY Saksmappe\nWHERE tittel = "æøå 😀" && [[titel]] = @t');
    const notebook = await TestNotebook.open(client, ['@t = "Søknad 😀"', cell.text]);
    const pushed = await client.pushedDiagnostics(notebook.uriOf(1), 1);
    const inBytes = { start: bytes(cell.text, cell.ranges[0].start), end: bytes(cell.text, cell.ranges[0].end) };
    const typo = pushed.diagnostics.find((d) => d.range.start.line === inBytes.start.line && d.range.start.character === inBytes.start.character);
    assert.ok(typo, JSON.stringify(pushed.diagnostics));
    assert.equal(typo.data, undefined);
    assert.deepEqual(typo.range, inBytes);
    const actions = await client.request<Array<{ title: string; isPreferred?: boolean; diagnostics?: Diagnostic[]; edit?: WorkspaceEdit }>>('textDocument/codeAction', {
      textDocument: { uri: notebook.uriOf(1) },
      range: typo.range,
      context: { diagnostics: [typo], only: ['quickfix'] },
    });
    const fix = actions.find((a) => a.isPreferred) ?? actions[0];
    assert.ok(fix, 'a quick fix is offered');
    assert.deepEqual(fix.diagnostics, [typo]);
    assert.deepEqual(Object.keys(fix.edit?.changes ?? {}), [notebook.uriOf(1)]);
    const [edit] = fix.edit!.changes![notebook.uriOf(1)];
    assert.deepEqual(edit.range, inBytes, 'the edit is counted in bytes, in the cell');
    assert.equal(edit.newText, 'tittel');
  });
});
