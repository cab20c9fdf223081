/**
 * The chunked text document answers as the library's `TextDocument` after any edits (texts with
 * every kind of line break, chunks of a few characters so that edits cross them), and the stretch
 * it says an edit changed holds everything that changed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { ChunkedTextDocument } from './chunkedTextDocument';

const uri = 'file:///chunked.noarkq';
const textArb = fc.array(fc.constantFrom('a', 'b', '#', ' ', '\n', '\r', '\r\n', 'ø'), { maxLength: 40 }).map((parts) => parts.join(''));
/** A change as positions (the line taken modulo the line count: the library's document gives
 * nonsense for a line past the last; the character possibly past the line's end) and its text. */
const changeArb = fc.record({ line: fc.nat(12), character: fc.nat(14), endLine: fc.nat(12), endCharacter: fc.nat(14), text: textArb, whole: fc.nat(30) });

function change(c: { line: number; character: number; endLine: number; endCharacter: number; text: string; whole: number }, lines: number): TextDocumentContentChangeEvent {
  // One change in thirty replaces the whole text.
  if (c.whole === 0) return { text: c.text };
  return { range: { start: { line: c.line % lines, character: c.character }, end: { line: c.endLine % lines, character: c.endCharacter } }, text: c.text };
}

function assertSame(chunked: ChunkedTextDocument, plain: TextDocument): void {
  const text = plain.getText();
  assert.equal(chunked.getText(), text);
  assert.equal(chunked.length, text.length);
  assert.equal(chunked.lineCount, plain.lineCount);
  for (let offset = -1; offset <= text.length + 1; offset++) assert.deepEqual(chunked.positionAt(offset), plain.positionAt(offset), `positionAt(${offset})`);
  for (let line = -1; line <= plain.lineCount; line++) {
    assert.deepEqual(chunked.getLineRange(line), plain.getLineRange(line), `getLineRange(${line})`);
    assert.equal(chunked.getEOLCharacters(line), plain.getEOLCharacters(line), `getEOLCharacters(${line})`);
    for (let character = -1; character < 8; character++) {
      const position = { line, character };
      assert.equal(chunked.offsetAt(position), plain.offsetAt(position), `offsetAt(${line}:${character})`);
      const range = { start: { line: 0, character: 1 }, end: position };
      assert.equal(chunked.getText(range), plain.getText(range));
    }
  }
}

describe('chunked text document', () => {
  it('answers as TextDocument after any changes, and says which stretch they changed', () => {
    fc.assert(
      fc.property(textArb, fc.array(fc.array(changeArb, { minLength: 1, maxLength: 3 }), { maxLength: 8 }), fc.integer({ min: 1, max: 8 }), (text, versions, size) => {
        const chunked = new ChunkedTextDocument(uri, 'noarkq', 1, text, { size, limit: size * 2 });
        let plain = TextDocument.create(uri, 'noarkq', 1, text);
        assertSame(chunked, plain);
        const texts = [text];
        for (const changes of versions) {
          // Each change's positions are in the text the changes before it made.
          const staged = TextDocument.create(uri, 'noarkq', 1, plain.getText());
          const events = changes.map((c) => {
            const event = change(c, staged.lineCount);
            TextDocument.update(staged, [event], 1);
            return event;
          });
          chunked.update(events, chunked.version + 1);
          plain = TextDocument.update(plain, events, plain.version + 1);
          assert.equal(chunked.version, plain.version);
          // Read in pieces first, as the parse does: the whole text is not made between edits.
          assert.equal(chunked.text.slice(0, chunked.length), plain.getText());
          texts.push(plain.getText());
          assertSame(chunked, plain);
          // The stretch since each remembered version holds every difference.
          for (let v = 1; v < chunked.version; v++) {
            const stretch = chunked.changedSince(v)!;
            const old = texts[v - 1];
            const now = plain.getText();
            assert.ok(stretch.prefix + stretch.suffix <= Math.min(old.length, now.length));
            assert.equal(now.slice(0, stretch.prefix), old.slice(0, stretch.prefix));
            assert.equal(now.slice(now.length - stretch.suffix), old.slice(old.length - stretch.suffix));
          }
          assert.equal(chunked.changedSince(chunked.version), undefined);
        }
      }),
      { numRuns: Number(process.env.NOARKQ_PROPERTY_RUNS ?? 300) },
    );
  });

  it('keeps each version readable after later changes', () => {
    const document = new ChunkedTextDocument(uri, 'noarkq', 1, 'one\ntwo\nthree\n', { size: 4, limit: 8 });
    const first = document.text;
    document.update([{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 3 } }, text: 'TWO' }], 2);
    assert.equal(first.getText(), 'one\ntwo\nthree\n');
    assert.equal(first.slice(4, 7), 'two');
    assert.equal(document.getText(), 'one\nTWO\nthree\n');
  });
});
