import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { NotebookLayout, textChange, tokensInCell } from './notebookLayout';

const cells = [
  { uri: 'cell:0', text: '@year = 2024' },
  { uri: 'cell:1', text: '### findCase\nQUERY Saksmappe\nWHERE saksaar = @year\n' },
  { uri: 'cell:2', text: '### register\r\nGET /api/{{findCase.results[0].id}}' },
];

describe('a notebook layout', () => {
  const layout = new NotebookLayout(cells);
  const document = TextDocument.create('text', 'noarkq', 1, layout.text);

  it('joins the cells in order, each ended with "\\n"', () => {
    assert.equal(layout.text, cells.map((c) => `${c.text}\n`).join(''));
  });

  it('places each cell at its offset and line, counting lines as the text document does', () => {
    for (const cell of layout.cells) {
      const source = cells[cell.index];
      assert.equal(layout.text.slice(cell.start, cell.start + cell.length), source.text);
      assert.equal(document.positionAt(cell.start).line, cell.startLine);
      assert.equal(cell.lineCount, TextDocument.create('c', 'noarkq', 1, source.text).lineCount);
    }
    assert.deepEqual(
      layout.cells.map((c) => [c.startLine, c.lineCount]),
      [
        [0, 1],
        [1, 4],
        [5, 2],
      ],
    );
  });

  it('moves every position of every cell into the text and back, to the same character', () => {
    for (const cell of layout.cells) {
      const own = TextDocument.create(cell.uri, 'noarkq', 1, cells[cell.index].text);
      for (let offset = 0; offset <= own.getText().length; offset++) {
        const position = own.positionAt(offset);
        const inText = layout.toText(cell, position);
        // Between "\r" and "\n" a position means the offset before them, in the cell as in the text.
        assert.equal(document.offsetAt(inText), cell.start + own.offsetAt(position), `${cell.uri} offset ${offset}`);
        assert.equal(layout.cellAtLine(inText.line), cell);
        assert.ok(layout.holds(cell, inText.line));
        assert.deepEqual(layout.toCell(cell, inText), position);
      }
    }
  });

  it('keeps a position outside a cell outside it, so that it comes back unchanged', () => {
    const [, second] = layout.cells;
    const before = layout.toCell(second, { line: 0, character: 3 });
    assert.equal(before.line, -1);
    assert.ok(!layout.holds(second, 0) && !layout.holds(second, 5));
    assert.deepEqual(layout.toText(second, before), { line: 0, character: 3 });
  });

  it('gives the last cell the text\'s empty last line, and no cell when there is none', () => {
    assert.equal(layout.cellAtLine(document.lineCount - 1)?.uri, 'cell:2');
    assert.equal(new NotebookLayout([]).cellAtLine(0), undefined);
    assert.equal(new NotebookLayout([]).text, '');
  });

  it('gives a cell ending with a lone "\\r" its empty last line in the text too', () => {
    const odd = new NotebookLayout([
      { uri: 'a', text: 'x\r' },
      { uri: 'b', text: 'y' },
    ]);
    const text = TextDocument.create('t', 'noarkq', 1, odd.text);
    const [a, b] = odd.cells;
    assert.equal(a.lineCount, 2);
    assert.equal(text.lineCount, 4);
    assert.equal(odd.cellAtLine(1), a);
    assert.equal(text.getText({ start: odd.toText(a, { line: 1, character: 0 }), end: { line: 2, character: 0 } }), '\n');
    assert.deepEqual(text.positionAt(b.start), odd.toText(b, { line: 0, character: 0 }));
    assert.equal(text.getText().slice(b.start), 'y\n');
  });

  it('finds a cell by uri', () => {
    assert.equal(layout.cell('cell:1')?.index, 1);
    assert.equal(layout.cell('cell:9'), undefined);
  });
});

describe('the edit between two texts', () => {
  it('is the stretch between their common start and end', () => {
    assert.deepEqual(textChange('### a\nGET x\n', '### ab\nGET x\n'), { start: 5, end: 5, text: 'b' });
    assert.deepEqual(textChange('abcabc', 'abc'), { start: 3, end: 6, text: '' });
    assert.deepEqual(textChange('', 'x'), { start: 0, end: 0, text: 'x' });
    assert.deepEqual(textChange('one\ntwo\n', 'two\none\n'), { start: 0, end: 7, text: 'two\none' });
    assert.equal(textChange('same', 'same'), undefined);
  });

  it('turns the one into the other', () => {
    const pairs = [
      ['@a = 1\n### x\nGET /\n', '@a = 1\n### y\nGET /\n### x\nGET /\n'],
      ['æøå 😀\n', 'æøå 😁\n'],
      ['aaaa', 'aa'],
    ];
    for (const [before, after] of pairs) {
      const change = textChange(before, after)!;
      assert.equal(before.slice(0, change.start) + change.text + before.slice(change.end), after);
    }
  });
});

describe("a cell's semantic tokens", () => {
  it('keeps the tokens on its lines, the first counted from its first line', () => {
    const layout = new NotebookLayout([
      { uri: 'a', text: 'x\ny' },
      { uri: 'b', text: 'z z\nw' },
      { uri: 'c', text: 'v' },
    ]);
    // Absolute (line, start, length, type): (0,0,1,1) (1,0,1,2) | (2,0,1,3) (2,2,1,4) (3,0,1,5) | (4,0,1,6)
    const data = [0, 0, 1, 1, 0, 1, 0, 1, 2, 0, 1, 0, 1, 3, 0, 0, 2, 1, 4, 0, 1, 0, 1, 5, 0, 1, 0, 1, 6, 0];
    assert.deepEqual(tokensInCell(data, layout.cells[0]), [0, 0, 1, 1, 0, 1, 0, 1, 2, 0]);
    assert.deepEqual(tokensInCell(data, layout.cells[1]), [0, 0, 1, 3, 0, 0, 2, 1, 4, 0, 1, 0, 1, 5, 0]);
    assert.deepEqual(tokensInCell(data, layout.cells[2]), [0, 0, 1, 6, 0]);
  });
});
