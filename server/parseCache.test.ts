import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ParseCache } from './parseCache';

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
