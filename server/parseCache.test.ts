import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type * as ChunkedModule from './chunkedTextDocument';
import { ParseCache } from './parseCache';

/** A second copy of chunkedTextDocument.ts, as the server's other bundle holds one. */
function anotherCopyOfChunkedDocuments(): typeof ChunkedModule {
  const path = require.resolve('./chunkedTextDocument');
  const first = require.cache[path];
  delete require.cache[path];
  try {
    return require('./chunkedTextDocument') as typeof ChunkedModule;
  } finally {
    if (first) require.cache[path] = first;
  }
}

const text = '@year = 2024\n### a\nQUERY Saksmappe\n### b\nQUERY Journalpost\n### c\nGET code-lists\n';

describe('parse cache', () => {
  it('answers every request on one version with the same parse', () => {
    const cache = new ParseCache();
    const doc = TextDocument.create('file:///a.noarkq', 'noarkq', 1, text);
    assert.equal(cache.get(doc), cache.get(doc));
  });

  it('reparses a new version, reusing the blocks the edit did not touch (even those it moved)', () => {
    const cache = new ParseCache();
    const v1 = TextDocument.create('file:///a.noarkq', 'noarkq', 1, text);
    const first = cache.get(v1);
    // Two lines added to block a.
    const v2 = TextDocument.update(v1, [{ range: { start: { line: 2, character: 15 }, end: { line: 2, character: 15 } }, text: '\nLIMIT 5\n' }], 2);
    const second = cache.get(v2);
    assert.notEqual(second, first);
    assert.equal(second.preamble.parsed, first.preamble.parsed);
    assert.notEqual(second.blocks[0].parsed, first.blocks[0].parsed);
    assert.equal(second.blocks[1].parsed, first.blocks[1].parsed);
    assert.equal(second.blocks[2].parsed, first.blocks[2].parsed);
    assert.equal(second.blocks[1].start, first.blocks[1].start + '\nLIMIT 5\n'.length);
  });

  it('parses an edit of a chunked document from the stretch it changed, whichever bundle made the document', () => {
    const other = anotherCopyOfChunkedDocuments();
    const own = require('./chunkedTextDocument') as typeof ChunkedModule;
    assert.notEqual(other.ChunkedTextDocument, own.ChunkedTextDocument, 'two copies of the class, as in two bundles');
    const cache = new ParseCache();
    const document = other.chunkedTextDocuments.create('file:///a.noarkq', 'noarkq', 1, text);
    const first = cache.get(document);
    other.chunkedTextDocuments.update(document, [{ range: { start: { line: 2, character: 15 }, end: { line: 2, character: 15 } }, text: '\nLIMIT 5\n' }], 2);
    let wholeTexts = 0;
    const getText = document.getText.bind(document);
    document.getText = (range) => {
      if (range === undefined) wholeTexts++;
      return getText(range);
    };
    const second = cache.get(document);
    assert.equal(wholeTexts, 0, 'the whole text was made to parse an edit');
    assert.equal(second.blocks[1].parsed, first.blocks[1].parsed);
    assert.equal(second.blocks[0].parsed.text, '### a\nQUERY Saksmappe\nLIMIT 5\n\n');
  });

  it('keeps one entry per uri and forgets a closed document', () => {
    const cache = new ParseCache();
    const a = TextDocument.create('file:///a.noarkq', 'noarkq', 1, text);
    const b = TextDocument.create('file:///b.noarkq', 'noarkq', 1, '### x\nQUERY Arkiv\n');
    const parsedA = cache.get(a);
    assert.equal(cache.get(b).blocks[0].parsed.name?.text, 'x');
    assert.equal(cache.get(a), parsedA);
    cache.delete(a.uri);
    assert.notEqual(cache.get(a), parsedA);
  });
});
