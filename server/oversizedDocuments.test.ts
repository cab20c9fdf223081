import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { blockFoldingRanges, DocumentSizes, outlineSymbols, sizeLimitDiagnostic } from './oversizedDocuments';

const text = '# about\r\n### first One\r\nGET code-lists\r\n\r\n###\r\nQUERY Arkiv\r\n### last\r\n';
const document = TextDocument.create('file:///big.noarkq', 'noarkq', 1, text);

describe('documents past the size limit', () => {
  it('outlines and folds the blocks from their ### lines alone', () => {
    assert.deepEqual(
      outlineSymbols(document).map((s) => [s.name, s.selectionRange.start.line, s.range.end.line]),
      [
        ['first One', 1, 3],
        ['block 2', 4, 5],
        ['last', 6, 7],
      ],
    );
    assert.deepEqual(blockFoldingRanges(document), [
      { startLine: 1, endLine: 3 },
      { startLine: 4, endLine: 5 },
      { startLine: 6, endLine: 7 },
    ]);
  });

  it('counts UTF-8 bytes near the limit, and the text length decides far from it', () => {
    const sizes = new DocumentSizes();
    const mb = 1024 * 1024;
    // 0.6 M characters of two bytes each: 1.2 MB.
    const wide = TextDocument.create('file:///wide.noarkq', 'noarkq', 1, 'ø'.repeat(0.6 * mb));
    assert.equal(sizes.oversized(wide, 1), true);
    assert.equal(sizes.oversized(wide, 1.3), false);
    assert.equal(sizes.oversized(wide, 0.5), true);
    assert.equal(sizes.oversized(wide, 2), false);
  });

  it('names the size and the limit', () => {
    const d = sizeLimitDiagnostic(25 * 1024 * 1024, 20);
    assert.match(String(d.message), /^This file is 25 MB, past the language server's limit of 20 MB/);
    assert.equal(d.code, 'noarkq.file-too-large');
  });
});
