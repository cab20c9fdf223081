import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Range } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { encodedDocuments, LineColumns, negotiatePositionEncoding, positionsFromClient, positionsToClient, semanticTokensToClient, type DocumentLookup } from './positionEncoding';

type Encoded = 'utf-8' | 'utf-32';

/** A column's width in `encoding`, counted independently of the module: by Node's own encoder. */
function measure(text: string, encoding: Encoded): number {
  return encoding === 'utf-8' ? Buffer.byteLength(text, 'utf8') : [...text].length;
}

const line = 'WHERE tittel = "æøå 😀" && t€st = @t 𝄞x';
const uri = 'file:///a.noarkq';
const documentOf = (text: string): TextDocument => TextDocument.create(uri, 'noarkq', 1, text);
const lookup = (...documents: TextDocument[]): DocumentLookup => ({ get: (u) => documents.find((d) => d.uri === u) });

describe('position encoding negotiation', () => {
  it('takes the first encoding of the client that the server supports', () => {
    assert.equal(negotiatePositionEncoding(['utf-32', 'utf-8']), 'utf-32');
    assert.equal(negotiatePositionEncoding(['ascii', 'utf-8', 'utf-16']), 'utf-8');
  });

  it('falls back to utf-16 for a client that lists none, nothing known or nothing usable', () => {
    assert.equal(negotiatePositionEncoding(undefined), 'utf-16');
    assert.equal(negotiatePositionEncoding([]), 'utf-16');
    assert.equal(negotiatePositionEncoding(['latin-1', 7]), 'utf-16');
    assert.equal(negotiatePositionEncoding('utf-8'), 'utf-16');
  });
});

for (const encoding of ['utf-8', 'utf-32'] as const) {
  describe(`a line's columns in ${encoding}`, () => {
    const columns = new LineColumns(line, encoding);

    it('converts every character boundary both ways, as the encoder counts', () => {
      let utf16 = 0;
      for (const character of [...line, '']) {
        const encoded = measure(line.slice(0, utf16), encoding);
        assert.equal(columns.toEncoded(utf16), encoded, `UTF-16 column ${utf16}`);
        assert.equal(columns.toUtf16(encoded), utf16, `${encoding} column ${encoded}`);
        utf16 += character.length;
      }
      assert.equal(columns.encodedLength, measure(line, encoding));
    });

    it('clamps a column inside a surrogate pair, inside a character or past the end', () => {
      const emoji = line.indexOf('😀');
      assert.equal(columns.toEncoded(emoji + 1), measure(line.slice(0, emoji), encoding));
      assert.equal(columns.toEncoded(line.length + 10), measure(line, encoding));
      assert.equal(columns.toUtf16(measure(line, encoding) + 10), line.length);
      assert.equal(columns.toEncoded(-1), 0);
      if (encoding === 'utf-8') {
        const ae = line.indexOf('æ');
        const aeBytes = Buffer.byteLength(line.slice(0, ae));
        assert.equal(columns.toUtf16(aeBytes + 1), ae, 'the second byte of æ is æ');
        const emojiBytes = Buffer.byteLength(line.slice(0, emoji));
        for (const inside of [1, 2, 3]) assert.equal(columns.toUtf16(emojiBytes + inside), emoji, `byte ${inside} of the emoji`);
      }
    });

    it('counts a lone surrogate as one character (U+FFFD, three bytes, in UTF-8)', () => {
      const lone = new LineColumns('a\ud800b', encoding);
      assert.equal(lone.toEncoded(2), encoding === 'utf-8' ? 4 : 2);
      assert.equal(lone.toEncoded(3), measure('a\ud800b', encoding));
    });

    it('is the identity on an ASCII line', () => {
      const ascii = new LineColumns('QUERY Saksmappe', encoding);
      assert.equal(ascii.toEncoded(6), 6);
      assert.equal(ascii.toUtf16(6), 6);
    });
  });
}

describe('positions in messages', () => {
  const text = `### a\r\n${line}\n# 😀 ok\n`;
  const document = documentOf(text);
  const at = (utf16: number) => ({ line: 1, character: utf16 });
  const t = line.indexOf('t€st');
  const tEnd = t + 't€st'.length;

  it('converts every position in a result, in a copy, and leaves a utf-16 one as it is', () => {
    const diagnostic = {
      range: { start: at(t), end: at(tEnd) },
      message: 'x',
      relatedInformation: [{ location: { uri, range: { start: at(0), end: at(t) } }, message: 'y' }],
      data: { fixes: [{ title: 'fix', edits: [{ range: { start: at(t), end: at(tEnd) }, newText: 'test' }] }] },
    };
    const converted = positionsToClient('utf-8', lookup(document), uri, [diagnostic]);
    const bytes = Buffer.byteLength(line.slice(0, t));
    const bytesEnd = Buffer.byteLength(line.slice(0, tEnd));
    assert.deepEqual(converted[0].range, { start: { line: 1, character: bytes }, end: { line: 1, character: bytesEnd } });
    assert.deepEqual(converted[0].relatedInformation[0].location.range.end, { line: 1, character: bytes });
    assert.deepEqual(converted[0].data.fixes[0].edits[0].range.start, { line: 1, character: bytes });
    assert.equal(converted[0].message, 'x');
    assert.deepEqual(diagnostic.range.start, at(t), 'the original is not changed');
    assert.equal(positionsToClient('utf-16', lookup(document), uri, diagnostic), diagnostic);
    assert.deepEqual(positionsFromClient('utf-8', lookup(document), uri, converted), [diagnostic]);
  });

  it("converts a completion item's insert and replace ranges and its additional edits", () => {
    const range = { start: at(t), end: at(tEnd) };
    const item = { label: 'test', textEdit: { newText: 'test', insert: range, replace: range }, additionalTextEdits: [{ range, newText: '' }] };
    const counted = { start: { line: 1, character: [...line.slice(0, t)].length }, end: { line: 1, character: [...line.slice(0, tEnd)].length } };
    assert.deepEqual(positionsToClient('utf-32', lookup(document), uri, { isIncomplete: false, items: [item] }), {
      isIncomplete: false,
      items: [{ label: 'test', textEdit: { newText: 'test', insert: counted, replace: counted }, additionalTextEdits: [{ range: counted, newText: '' }] }],
    });
  });

  it('converts the shapes of the features the server may add: inlay hints, selection ranges, code lenses, document links', () => {
    const range = { start: at(t), end: at(tEnd) };
    const c = (utf16: number) => ({ line: 1, character: Buffer.byteLength(line.slice(0, utf16)) });
    const counted = { start: c(t), end: c(tEnd) };
    const value = {
      hints: [{ position: at(tEnd), label: [{ value: 'x', location: { uri, range } }], textEdits: [{ range, newText: '' }] }],
      selection: { range, parent: { range: { start: at(0), end: at(tEnd) } } },
      lens: { range, command: { title: 'run', command: 'noarkq.run', arguments: [{ uri, position: at(t) }] } },
      link: { range, target: 'file:///x' },
    };
    assert.deepEqual(positionsToClient('utf-8', lookup(document), uri, value), {
      hints: [{ position: c(tEnd), label: [{ value: 'x', location: { uri, range: counted } }], textEdits: [{ range: counted, newText: '' }] }],
      selection: { range: counted, parent: { range: { start: c(0), end: c(tEnd) } } },
      lens: { range: counted, command: { title: 'run', command: 'noarkq.run', arguments: [{ uri, position: c(t) }] } },
      link: { range: counted, target: 'file:///x' },
    });
  });

  it('reads positions in the document their object names, and leaves those of a closed document', () => {
    const other = TextDocument.create('file:///b.noarkq', 'noarkq', 1, '😀😀x\n');
    const edit = {
      changes: { [uri]: [{ range: { start: at(t), end: at(t) }, newText: '' }], 'file:///b.noarkq': [{ range: { start: { line: 0, character: 4 }, end: { line: 0, character: 5 } }, newText: '' }] },
      documentChanges: [{ textDocument: { uri: 'file:///b.noarkq', version: 1 }, edits: [{ range: { start: { line: 0, character: 2 }, end: { line: 0, character: 2 } }, newText: '' }] }],
    };
    const converted = positionsToClient('utf-32', lookup(document, other), uri, edit);
    assert.equal(converted.changes[uri][0].range.start.character, [...line.slice(0, t)].length);
    assert.deepEqual(converted.changes['file:///b.noarkq'][0].range, { start: { line: 0, character: 2 }, end: { line: 0, character: 3 } });
    assert.equal(converted.documentChanges[0].edits[0].range.start.character, 1);
    const closed = { uri: 'file:///closed.noarkq', range: { start: at(t), end: at(t) } };
    assert.deepEqual(positionsToClient('utf-32', lookup(document), uri, closed), closed);
    const link = { originSelectionRange: { start: at(t), end: at(t) }, targetUri: 'file:///b.noarkq', targetRange: { start: { line: 0, character: 4 }, end: { line: 0, character: 4 } } };
    const convertedLink = positionsToClient('utf-32', lookup(document, other), uri, link);
    assert.equal(convertedLink.originSelectionRange.start.character, [...line.slice(0, t)].length);
    assert.equal(convertedLink.targetRange.start.character, 2);
  });

  it("converts a folding range's characters, and none past the document's last line", () => {
    const folding = { startLine: 1, startCharacter: t, endLine: 2, endCharacter: 4 };
    assert.deepEqual(positionsToClient('utf-8', lookup(document), uri, folding), { startLine: 1, startCharacter: Buffer.byteLength(line.slice(0, t)), endLine: 2, endCharacter: 6 });
    const past = { line: 9, character: 3 };
    assert.deepEqual(positionsToClient('utf-8', lookup(document), uri, past), past);
  });

  it('clamps a position past the end of a CRLF line to the line, before its end of line', () => {
    assert.deepEqual(positionsFromClient('utf-8', lookup(document), uri, { line: 0, character: 40 }), { line: 0, character: 5 });
  });

  it('reads only the lines its positions are on, and nothing for utf-16', () => {
    const lines = Array.from({ length: 1000 }, (_, i) => `@v${i} = "æ${i}"`);
    const big = documentOf(lines.join('\n'));
    const read: Range[] = [];
    const spy: TextDocument = Object.assign(Object.create(big) as TextDocument, {
      getText: (range?: Range) => {
        if (range) read.push(range);
        return big.getText(range);
      },
    });
    const position = { textDocument: { uri }, position: { line: 500, character: 11 } };
    const converted = positionsFromClient('utf-8', lookup(spy), uri, position);
    assert.equal(converted.position.character, 10);
    assert.deepEqual(
      read.map((r) => [r.start.line, r.end.line]),
      [[500, 500]],
    );
    read.length = 0;
    assert.equal(positionsFromClient('utf-16', lookup(spy), uri, position), position);
    assert.deepEqual(read, []);
  });
});

describe('semantic tokens', () => {
  it('re-counts each start and length on its line, relative to the previous token on the line', () => {
    const text = `# 😀\n${line}\nQUERY x\n`;
    const document = documentOf(text);
    const lines = text.split('\n');
    // Absolute tokens: [line, start, length] in UTF-16.
    const tokens = [
      [0, 2, 2],
      [1, line.indexOf('æøå'), 3],
      [1, line.indexOf('t€st'), 4],
      [1, line.indexOf('@t'), 2],
      [2, 0, 5],
    ];
    const data: number[] = [];
    let previous = [0, 0];
    for (const [l, s, n] of tokens) {
      data.push(l - previous[0], l === previous[0] ? s - previous[1] : s, n, 1, 0);
      previous = [l, s];
    }
    for (const encoding of ['utf-8', 'utf-32'] as const) {
      const converted = semanticTokensToClient(encoding, lookup(document), uri, { resultId: 'r', data }).data;
      const expected: number[] = [];
      let prev = [0, 0];
      for (const [l, s, n] of tokens) {
        const start = measure(lines[l].slice(0, s), encoding);
        expected.push(l - prev[0], l === prev[0] ? start - prev[1] : start, measure(lines[l].slice(s, s + n), encoding), 1, 0);
        prev = [l, start];
      }
      assert.deepEqual(converted, expected, encoding);
    }
    assert.equal(semanticTokensToClient('utf-16', lookup(document), uri, { data }).data, data);
  });
});

describe("didChange's ranges", () => {
  it('are read in the client encoding, each against the text the previous change left', () => {
    const configuration = encodedDocuments(TextDocument, () => 'utf-8');
    const document = configuration.create(uri, 'noarkq', 1, 'æøå = 1\n');
    // The first change puts an emoji before the second's range: its columns count it.
    const updated = configuration.update(
      document,
      [
        { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '😀' },
        { range: { start: { line: 0, character: 10 }, end: { line: 0, character: 11 } }, text: '=' },
        { range: { start: { line: 0, character: 4 }, end: { line: 0, character: 6 } }, text: '' },
      ],
      2,
    );
    assert.equal(updated.getText(), '😀øå== 1\n');
    assert.equal(updated.version, 2);
    const whole = configuration.update(updated, [{ text: 'x 😀' }], 3);
    assert.equal(whole.getText(), 'x 😀');
  });

  it('are left to the document as they are for a utf-16 client', () => {
    const configuration = encodedDocuments(TextDocument, () => 'utf-16');
    const document = configuration.create(uri, 'noarkq', 1, '😀 = 1\n');
    assert.equal(configuration.update(document, [{ range: { start: { line: 0, character: 2 }, end: { line: 0, character: 3 } }, text: '' }], 2).getText(), '😀= 1\n');
  });
});
