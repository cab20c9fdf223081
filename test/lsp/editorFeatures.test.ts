/**
 * The editor features through the real server: each is a core function, so these tests check the
 * wiring (the right document, version, positions and context reach it, the answer goes back) on
 * one representative case each; the features' own tests are in core/features.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  ResponseError,
  type CodeAction,
  type CompletionList,
  type DocumentSymbol,
  type FoldingRange,
  type Hover,
  type Location,
  type SemanticTokens,
  type SemanticTokensLegend,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol';
import { LspTestClient, applyEdits, decodeSemanticTokens, parseMarkers, positionAt } from './lspTestClient';

const flow = `@year = 2024
@title = "%bygg%"

### findCase Look up the case
QUERY Saksmappe
WHERE saksaar = @year && tittel %= @title
LIMIT 1

### register
TRANSACTION
{
  "actions": [
    { "action": "save", "type": "Journalpost", "id": "jp",
      "fields": { "tittel": "Søknad", "journalposttype": "I" } },
    { "action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe",
      "linkToId": "{{findCase.results[0].id}}" }
  ]
}
`;

let client: LspTestClient;
let opened = 0;
/** Opens `text` (with markers) as a new document; returns its uri and marker positions. */
async function openMarked(marked: string): Promise<{ uri: string; text: string; cursor: { line: number; character: number }; ranges: Array<{ start: { line: number; character: number }; end: { line: number; character: number } }> }> {
  const { text, cursor, ranges } = parseMarkers(marked);
  const uri = `file:///features/doc${++opened}.noarkq`;
  await client.open(uri, text);
  return { uri, text, cursor: positionAt(text, cursor ?? 0), ranges: ranges.map((r) => ({ start: positionAt(text, r.start), end: positionAt(text, r.end) })) };
}

const labels = (list: CompletionList | null): string[] => (list?.items ?? []).map((i) => i.label);

describe('editor features over LSP', { timeout: 30_000 }, () => {
  before(async () => {
    client = await LspTestClient.start({ pullDiagnostics: true });
  });
  after(() => client.dispose());

  test('completion: entity types after QUERY, fields in WHERE, parameters after @', async () => {
    const types = await openMarked('### a\nQUERY Saks|\n');
    assert.ok(labels(await client.request('textDocument/completion', { textDocument: { uri: types.uri }, position: types.cursor })).includes('Saksmappe'));

    const fields = await openMarked('@year = 2024\n### a\nQUERY Saksmappe\nWHERE saks|\n');
    const fieldLabels = labels(await client.request('textDocument/completion', { textDocument: { uri: fields.uri }, position: fields.cursor }));
    assert.ok(fieldLabels.includes('saksaar'), fieldLabels.join(', '));

    const params = await openMarked('@year = 2024\n### a\nQUERY Saksmappe\nWHERE saksaar = @|\n');
    const paramLabels = labels(await client.request('textDocument/completion', { textDocument: { uri: params.uri }, position: params.cursor, context: { triggerKind: 2, triggerCharacter: '@' } }));
    assert.ok(paramLabels.some((l) => l.includes('year')), paramLabels.join(', '));
  });

  test('completion follows incremental edits (the parse cache is keyed by version)', async () => {
    const doc = await openMarked('### a\nQUERY Journalpost\nWHERE |\n');
    const before = labels(await client.request('textDocument/completion', { textDocument: { uri: doc.uri }, position: doc.cursor }));
    assert.ok(before.includes('journalaar'), before.join(', '));
    // Change the type to Saksmappe: `journalaar` is no longer offered, `saksaar` is.
    await client.change(doc.uri, [{ range: { start: { line: 1, character: 6 }, end: { line: 1, character: 17 } }, text: 'Saksmappe' }]);
    const afterEdit = labels(await client.request('textDocument/completion', { textDocument: { uri: doc.uri }, position: doc.cursor }));
    assert.ok(afterEdit.includes('saksaar'), afterEdit.join(', '));
    assert.ok(!afterEdit.includes('journalaar'));
  });

  test('hover on a field names it, with the range of the word', async () => {
    const doc = await openMarked('### a\nQUERY Saksmappe\nWHERE [[saks|aar]] = @y\n');
    const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri: doc.uri }, position: doc.cursor });
    assert.ok(hover);
    const contents = hover.contents;
    assert.ok(typeof contents === 'object' && 'value' in contents);
    assert.match(contents.value, /saksaar/);
    assert.deepEqual(hover.range, doc.ranges[0]);
  });

  test('hover on a {{reference}} shows the value from the response the client recorded', async () => {
    const doc = await openMarked(flow.replace('"{{findCase.results[0].id}}"', '"{{findCase.results[0].i|d}}"'));
    await client.connection.sendNotification('noarkq/setResponses', {
      uri: doc.uri,
      responses: { findCase: { status: 200, body: { results: [{ type: 'Saksmappe', id: '7300012', version: '1', fields: {} }] }, receivedAt: Date.UTC(2024, 7, 19) } },
    });
    const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri: doc.uri }, position: doc.cursor });
    assert.ok(hover && typeof hover.contents === 'object' && 'value' in hover.contents);
    assert.match(hover.contents.value, /7300012/);
  });

  test('definition and references of a variable', async () => {
    const doc = await openMarked('@[[year]] = 2024\n### a\nQUERY Saksmappe\nWHERE saksaar = [[@ye|ar]] || journalaar = [[@year]]\n');
    const definition = await client.request<Location[]>('textDocument/definition', { textDocument: { uri: doc.uri }, position: doc.cursor });
    assert.deepEqual(definition, [{ uri: doc.uri, range: doc.ranges[0] }]);
    const withDeclaration = await client.request<Location[]>('textDocument/references', { textDocument: { uri: doc.uri }, position: doc.cursor, context: { includeDeclaration: true } });
    assert.equal(withDeclaration.length, 3);
    assert.deepEqual(withDeclaration[0], { uri: doc.uri, range: doc.ranges[0] });
    const uses = await client.request<Location[]>('textDocument/references', { textDocument: { uri: doc.uri }, position: doc.cursor, context: { includeDeclaration: false } });
    assert.equal(uses.length, 2);
    assert.ok(uses.every((l) => l.range.start.line === 3));
  });

  test('rename a block: prepare, edits for every reference, and a name that cannot be used', async () => {
    const doc = await openMarked(flow.replace('### findCase', '### find|Case'));
    const prepared = await client.request<{ range: unknown; placeholder: string } | null>('textDocument/prepareRename', { textDocument: { uri: doc.uri }, position: doc.cursor });
    assert.equal(prepared?.placeholder, 'findCase');

    const edit = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: doc.uri }, position: doc.cursor, newName: 'sak' });
    const renamed = applyEdits(doc.text, edit.changes![doc.uri]);
    assert.equal(renamed, flow.replace('### findCase', '### sak').replace('{{findCase.', '{{sak.'));

    const refused = await client.request('textDocument/rename', { textDocument: { uri: doc.uri }, position: doc.cursor, newName: '1st case' }).catch((e: unknown) => e);
    assert.ok(refused instanceof ResponseError, 'an invalid name is refused');
    assert.equal(refused.code, -32803);
    assert.ok(refused.message.length > 10);

    const nothing = await client.request('textDocument/prepareRename', { textDocument: { uri: doc.uri }, position: { line: 4, character: 2 } });
    assert.equal(nothing, null);
  });

  test('code action: apply the quick fix, and the re-check finds nothing', async () => {
    const doc = await openMarked('@title = "x"\n### a\nQUERY [[Saksmape]]\nWHERE tittel = @title\n');
    const diagnostics = await client.pullItems(doc.uri);
    assert.equal(diagnostics.length, 1);
    assert.equal(diagnostics[0].data, undefined, 'the diagnostic goes out without its fixes');
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: doc.uri }, range: doc.ranges[0], context: { diagnostics, only: ['quickfix'] } });
    assert.ok(actions.length >= 1 && actions.every((a) => a.kind === 'quickfix'));
    const fix = actions.find((a) => a.isPreferred) ?? actions[0];
    assert.equal(fix.title, 'Change to Saksmappe');
    const edits: TextEdit[] = fix.edit!.changes![doc.uri];
    await client.change(doc.uri, edits.map((e) => ({ range: e.range, text: e.newText })));
    assert.deepEqual(await client.pullItems(doc.uri), []);
  });

  test('code action: diagnostics pulled before an edit get the fixes of the version edited where they still stand, and none where they moved', async () => {
    const doc = await openMarked('### a\nQUERY [[Saksmape]]\n### b\nQUERY [[Journalpst]]\n');
    const before = await client.pullItems(doc.uri);
    assert.deepEqual(before.map((d) => d.code), ['noarkq.unknown-type', 'noarkq.unknown-type']);
    const quickFixes = (diagnostics: unknown[]): Promise<CodeAction[]> =>
      client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: doc.uri }, range: doc.ranges[0], context: { diagnostics, only: ['quickfix'] } });

    // The first typo fixed, not yet pulled again: the second's diagnostic is where it was.
    await client.change(doc.uri, [{ range: doc.ranges[0], text: 'Saksmappe' }]);
    let text = doc.text.replace('Saksmape', 'Saksmappe');
    const kept = await quickFixes(before);
    assert.ok(kept.length > 0);
    assert.ok(kept.every((a) => a.diagnostics?.[0].range.start.line === 3), 'only the diagnostic still there gets fixes');
    const preferred = kept.find((a) => a.isPreferred)!;
    assert.equal(applyEdits(text, preferred.edit!.changes![doc.uri]), '### a\nQUERY Saksmappe\n### b\nQUERY Journalpost\n');

    // A line above both: the diagnostic of the version before stands nowhere now.
    await client.change(doc.uri, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '@t = "x"\n' }]);
    text = `@t = "x"\n${text}`;
    assert.deepEqual(await quickFixes(before.filter((d) => d.range.start.line === 3)), []);
    const now = await client.pullItems(doc.uri);
    const fixes = await quickFixes(now);
    assert.equal(applyEdits(text, fixes.find((a) => a.isPreferred)!.edit!.changes![doc.uri]), '@t = "x"\n### a\nQUERY Saksmappe\n### b\nQUERY Journalpost\n');
  });

  test('code action: a source action formats the block, and `only` filters kinds', async () => {
    const doc = await openMarked('### a\nquery Saksmappe\nwhere saksaar=@y\n');
    const range = { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } };
    const source = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: doc.uri }, range, context: { diagnostics: [], only: ['source'] } });
    assert.equal(source.length, 1);
    assert.ok(source[0].kind?.startsWith('source'));
    assert.equal(applyEdits(doc.text, source[0].edit!.changes![doc.uri]), '### a\nQUERY Saksmappe\nWHERE saksaar = @y\n');
    const quickfixes = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: doc.uri }, range, context: { diagnostics: [], only: ['quickfix'] } });
    assert.deepEqual(quickfixes, []);
  });

  test('semantic tokens: full and range, decoded with the legend', async () => {
    const doc = await openMarked('@year = 2024\n### a\nQUERY Saksmappe\nWHERE saksaar = @year\n');
    const legend = (client.initializeResult!.capabilities.semanticTokensProvider as { legend: SemanticTokensLegend }).legend;
    const decode = (tokens: SemanticTokens): Array<[string, string]> => decodeSemanticTokens(doc.text, tokens.data, legend);
    const full = decode(await client.request<SemanticTokens>('textDocument/semanticTokens/full', { textDocument: { uri: doc.uri } }));
    assert.ok(full.some(([text, type]) => text === 'Saksmappe' && type === 'type'), JSON.stringify(full));
    assert.ok(full.some(([text, type]) => text === 'saksaar' && type === 'property'), JSON.stringify(full));
    const lastLine = decode(
      await client.request<SemanticTokens>('textDocument/semanticTokens/range', { textDocument: { uri: doc.uri }, range: { start: { line: 3, character: 0 }, end: { line: 4, character: 0 } } }),
    );
    assert.ok(lastLine.length > 0);
    assert.ok(lastLine.every(([text]) => doc.text.split('\n')[3].includes(text)), JSON.stringify(lastLine));
    assert.ok(!lastLine.some(([text]) => text === 'Saksmappe'));
  });

  test('formatting: the whole document, and a range', async () => {
    const doc = await openMarked('@year=2024\n### a\nquery Saksmappe\nwhere saksaar=@year\n### b\nquery Journalpost\n');
    const all = await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri: doc.uri }, options: { tabSize: 2, insertSpaces: true } });
    assert.equal(applyEdits(doc.text, all), '@year = 2024\n### a\nQUERY Saksmappe\nWHERE saksaar = @year\n### b\nQUERY Journalpost\n');
    const range = await client.request<TextEdit[]>('textDocument/rangeFormatting', {
      textDocument: { uri: doc.uri },
      range: { start: { line: 5, character: 0 }, end: { line: 5, character: 5 } },
      options: { tabSize: 2, insertSpaces: true },
    });
    assert.equal(applyEdits(doc.text, range), '@year=2024\n### a\nquery Saksmappe\nwhere saksaar=@year\n### b\nQUERY Journalpost\n');
  });

  test('document symbols and folding ranges', async () => {
    const doc = await openMarked(flow);
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: doc.uri } });
    const names = symbols.map((s) => s.name);
    assert.ok(names.includes('findCase') && names.includes('register'), names.join(', '));
    const folds = await client.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri: doc.uri } });
    // The blocks, the body object and its `"actions": [...]` (a fold ends above its closing line).
    assert.deepEqual(
      folds.map((f) => [f.startLine, f.endLine]),
      [
        [3, 6],
        [8, 17],
        [10, 16],
        [11, 15],
      ],
    );
  });

  test('a request for a document that is not open gets the empty answer', async () => {
    const uri = 'file:///features/not-open.noarkq';
    const position = { line: 0, character: 0 };
    assert.equal(await client.request('textDocument/hover', { textDocument: { uri }, position }), null);
    assert.equal(await client.request('textDocument/completion', { textDocument: { uri }, position }), null);
    assert.deepEqual(await client.request('textDocument/semanticTokens/full', { textDocument: { uri } }), { data: [] });
  });
});
