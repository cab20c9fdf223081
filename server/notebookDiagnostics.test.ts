import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { NotebookDiagnostics } from './notebookDiagnostics';
import type { NotebookText } from './notebookDocuments';
import { NotebookLayout } from './notebookLayout';

const sources = [
  { uri: 'cell:a', text: '### a\nQUERY Saksmappe' },
  { uri: 'cell:b', text: '### b\nDOWNLOAD {{a.results[0].id}}' },
];
const notebookOf = (cells: typeof sources): NotebookText => {
  const layout = new NotebookLayout(cells);
  return { notebookUri: 'file:///n.noarkq', uri: 'text:n', layout, document: TextDocument.create('text:n', 'noarkq', 1, layout.text) };
};
const diagnostic = (line: number, message: string): Diagnostic => ({ range: { start: { line, character: 0 }, end: { line, character: 3 } }, message });

describe("a notebook's diagnostics by cell", () => {
  const cells = sources.map((s) => TextDocument.create(s.uri, 'noarkq', 1, s.text));
  const lookup = { get: (uri: string) => cells.find((c) => c.uri === uri) };

  it('pushes each cell its share, then only the cells whose share changed, or whose text did', () => {
    const diagnostics = new NotebookDiagnostics(lookup);
    const notebook = notebookOf(sources);
    assert.deepEqual(
      diagnostics.toPush(notebook, [diagnostic(3, 'in b')]).map((p) => [p.uri, p.version, p.diagnostics]),
      [
        ['cell:a', 1, []],
        ['cell:b', 1, [diagnostic(1, 'in b')]],
      ],
    );
    assert.deepEqual(diagnostics.toPush(notebook, [diagnostic(3, 'in b')]), []);
    assert.deepEqual(
      diagnostics.toPush(notebook, [diagnostic(3, 'in b'), diagnostic(0, 'in a')]).map((p) => p.uri),
      ['cell:a'],
    );
    // An edit of b that leaves its share as it was: b is sent it again.
    TextDocument.update(cells[1], [{ text: sources[1].text }], 2);
    assert.deepEqual(
      diagnostics.toPush(notebook, [diagnostic(3, 'in b'), diagnostic(0, 'in a')]).map((p) => [p.uri, p.version]),
      [['cell:b', 2]],
    );
    assert.deepEqual(diagnostics.forget(['cell:a', 'cell:c']), ['cell:a']);
  });

  it("keeps a pulled share's result id while the share stays, and tells when another cell's share changed", () => {
    const diagnostics = new NotebookDiagnostics(lookup);
    const notebook = notebookOf(sources);
    const first = diagnostics.pulledShare(notebook, 'cell:b', [diagnostic(3, 'unknown block a')]);
    assert.deepEqual(first.items, [diagnostic(1, 'unknown block a')]);
    assert.equal(diagnostics.pulledShare(notebook, 'cell:b', [diagnostic(3, 'unknown block a'), diagnostic(0, 'in a')]).resultId, first.resultId);
    assert.equal(diagnostics.pulledChanged(notebook, [diagnostic(3, 'unknown block a')], new Set()), false);
    // Cell a fixed: b's share is empty now. Only a cell that was pulled, and was not edited, counts.
    assert.equal(diagnostics.pulledChanged(notebook, [], new Set(['cell:a'])), true);
    assert.equal(diagnostics.pulledChanged(notebook, [], new Set(['cell:b'])), false);
    assert.notEqual(diagnostics.pulledShare(notebook, 'cell:b', []).resultId, first.resultId);
  });
});
