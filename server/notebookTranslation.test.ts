import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NotebookLayout } from './notebookLayout';
import { diagnosticsByCell, paramsToText, resultToCell } from './notebookTranslation';

const text = 'noarkq-notebook-text:file:///n.noarkq';
// Lines of the text: 0 preamble | 1-3 findCase | 4-6 register
const layout = new NotebookLayout([
  { uri: 'cell:pre', text: '@year = 2024' },
  { uri: 'cell:find', text: '### findCase\nQUERY Saksmappe\nWHERE saksaar = @year' },
  { uri: 'cell:reg', text: '### register\nGET /x/{{findCase.results[0].id}}\n' },
]);
const [, find, reg] = layout.cells;
const at = (line: number, character: number) => ({ line, character });
const range = (l1: number, c1: number, l2: number, c2: number) => ({ start: at(l1, c1), end: at(l2, c2) });

describe('params into the text', () => {
  it('names the text and moves every position by the cell\'s first line', () => {
    const params = { textDocument: { uri: 'cell:reg' }, position: at(1, 9), context: { includeDeclaration: true } };
    assert.deepEqual(paramsToText(params, layout, reg, text), { textDocument: { uri: text }, position: at(5, 9), context: { includeDeclaration: true } });
  });

  it("moves a code action's diagnostics, their fixes, and a related location in another cell", () => {
    const params = {
      textDocument: { uri: 'cell:find' },
      range: range(2, 0, 2, 5),
      context: {
        diagnostics: [
          {
            range: range(2, 16, 2, 21),
            message: 'm',
            data: { fixes: [{ title: 't', edits: [{ range: range(2, 16, 2, 21), newText: '@y' }] }] },
            relatedInformation: [{ location: { uri: 'cell:pre', range: range(0, 0, 0, 5) }, message: 'declared here' }],
          },
        ],
      },
    };
    const moved = paramsToText(params, layout, find, text);
    assert.deepEqual(moved.range, range(3, 0, 3, 5));
    const [diagnostic] = moved.context.diagnostics;
    assert.deepEqual(diagnostic.range, range(3, 16, 3, 21));
    assert.deepEqual(diagnostic.data.fixes[0].edits[0].range, range(3, 16, 3, 21));
    assert.deepEqual(diagnostic.relatedInformation[0].location, { uri: text, range: range(0, 0, 0, 5) });
  });

  it("leaves another document's positions as they are", () => {
    const other = { uri: 'file:///other.noarkq', range: range(1, 0, 1, 1) };
    assert.deepEqual(paramsToText({ textDocument: { uri: 'cell:reg' }, other }, layout, reg, text).other, other);
  });
});

describe('answers into the cell', () => {
  it('sends a location in another cell to that cell', () => {
    const locations = [
      { uri: text, range: range(1, 4, 1, 12) },
      { uri: text, range: range(5, 11, 5, 19) },
    ];
    assert.deepEqual(resultToCell(locations, layout, reg, text), [
      { uri: 'cell:find', range: range(0, 4, 0, 12) },
      { uri: 'cell:reg', range: range(1, 11, 1, 19) },
    ]);
  });

  it("sends a link's target to its cell and keeps its origin in the cell asked about", () => {
    const link = { originSelectionRange: range(5, 11, 5, 19), targetUri: text, targetRange: range(1, 0, 3, 21), targetSelectionRange: range(1, 4, 1, 12) };
    assert.deepEqual(resultToCell([link], layout, reg, text), [
      { originSelectionRange: range(1, 11, 1, 19), targetUri: 'cell:find', targetRange: range(0, 0, 2, 21), targetSelectionRange: range(0, 4, 0, 12) },
    ]);
  });

  it("splits a workspace edit's changes into the cells they are in, and leaves other documents'", () => {
    const edit = {
      changes: {
        [text]: [
          { range: range(1, 4, 1, 12), newText: 'lookUp' },
          { range: range(5, 11, 5, 19), newText: 'lookUp' },
        ],
        'file:///other.noarkq': [{ range: range(9, 0, 9, 1), newText: 'x' }],
      },
    };
    assert.deepEqual(resultToCell(edit, layout, reg, text), {
      changes: {
        'cell:find': [{ range: range(0, 4, 0, 12), newText: 'lookUp' }],
        'cell:reg': [{ range: range(1, 11, 1, 19), newText: 'lookUp' }],
        'file:///other.noarkq': [{ range: range(9, 0, 9, 1), newText: 'x' }],
      },
    });
  });

  it("keeps of a document's lists what starts in the cell: symbols, folding ranges, edits", () => {
    const symbols = [
      { name: 'year', range: range(0, 0, 0, 12), selectionRange: range(0, 1, 0, 5), children: [] },
      { name: 'findCase', range: range(1, 0, 3, 21), selectionRange: range(1, 4, 1, 12), children: [{ name: 'QUERY', range: range(2, 0, 2, 15), selectionRange: range(2, 0, 2, 5) }] },
    ];
    assert.deepEqual(resultToCell(symbols, layout, find, text), [
      { name: 'findCase', range: range(0, 0, 2, 21), selectionRange: range(0, 4, 0, 12), children: [{ name: 'QUERY', range: range(1, 0, 1, 15), selectionRange: range(1, 0, 1, 5) }] },
    ]);
    const folds = [
      { startLine: 1, endLine: 3 },
      { startLine: 4, endLine: 6, kind: 'region' },
    ];
    assert.deepEqual(resultToCell(folds, layout, reg, text), [{ startLine: 0, endLine: 2, kind: 'region' }]);
    const edits = [
      { range: range(0, 5, 0, 6), newText: ' ' },
      { range: range(3, 13, 4, 0), newText: '\n\n' },
    ];
    // An edit running past the cell's end keeps its end there: the editor clamps it to the cell.
    assert.deepEqual(resultToCell(edits, layout, find, text), [{ range: range(2, 13, 3, 0), newText: '\n\n' }]);
  });

  it("moves a completion's edits and a hover's range, which are where the request was", () => {
    const list = { isIncomplete: false, items: [{ label: 'findCase', textEdit: { insert: range(5, 9, 5, 11), replace: range(5, 9, 5, 17), newText: 'findCase' } }] };
    assert.deepEqual(resultToCell(list, layout, reg, text), { isIncomplete: false, items: [{ label: 'findCase', textEdit: { insert: range(1, 9, 1, 11), replace: range(1, 9, 1, 17), newText: 'findCase' } }] });
    assert.deepEqual(resultToCell({ contents: 'x', range: range(3, 16, 3, 21) }, layout, find, text), { contents: 'x', range: range(2, 16, 2, 21) });
  });

  it("gives a command's [uri, position] arguments the position's cell", () => {
    const action = { title: 'Explain', command: { title: 'Explain', command: 'noarkq.explainQuery', arguments: [text, at(2, 0)] } };
    assert.deepEqual(resultToCell([action], layout, find, text), [{ title: 'Explain', command: { title: 'Explain', command: 'noarkq.explainQuery', arguments: ['cell:find', at(1, 0)] } }]);
  });

  it("keeps the semantic tokens on the cell's lines", () => {
    const tokens = { resultId: 'r', data: [0, 0, 4, 1, 0, 1, 0, 3, 2, 0, 3, 0, 3, 2, 0] };
    assert.deepEqual(resultToCell(tokens, layout, find, text), { resultId: 'r', data: [0, 0, 3, 2, 0] });
  });
});

describe('diagnostics by cell', () => {
  it("gives each cell its share, a fix's edits whole in its data, and a related location its own cell", () => {
    const diagnostics = [
      { range: range(5, 11, 5, 19), message: 'unknown block', relatedInformation: [{ location: { uri: text, range: range(1, 4, 1, 12) }, message: 'similar' }] },
      { range: range(3, 16, 3, 21), message: 'm', data: { fixes: [{ title: 't', edits: [{ range: range(0, 0, 0, 12), newText: '' }, { range: range(3, 16, 3, 21), newText: '2024' }] }] } },
    ];
    const shares = diagnosticsByCell(diagnostics, layout, text);
    assert.deepEqual([...shares.keys()], ['cell:pre', 'cell:find', 'cell:reg']);
    assert.deepEqual(shares.get('cell:pre'), []);
    assert.deepEqual(shares.get('cell:reg'), [{ range: range(1, 11, 1, 19), message: 'unknown block', relatedInformation: [{ location: { uri: 'cell:find', range: range(0, 4, 0, 12) }, message: 'similar' }] }]);
    const [inFind] = shares.get('cell:find')!;
    assert.deepEqual(inFind.range, range(2, 16, 2, 21));
    // The preamble edit stays, above the cell: it comes back through a code action's params.
    assert.deepEqual(inFind.data, { fixes: [{ title: 't', edits: [{ range: range(-1, 0, -1, 12), newText: '' }, { range: range(2, 16, 2, 21), newText: '2024' }] }] });
    const back = paramsToText({ textDocument: { uri: 'cell:find' }, context: { diagnostics: [inFind] } }, layout, find, text);
    assert.deepEqual(back.context.diagnostics[0].data, diagnostics[1].data);
  });
});
