import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { noarkModel } from '../schema';
import { documentOf } from '../../test/fixtures/markedText';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { encodeTokens, getSemanticTokens, semanticTokensLegend } from './semanticTokens';

/** Decodes LSP's relative encoding back into `text type.modifier...` strings, in order. */
function decode(text: string, data: number[]): string[] {
  const lines = text.split('\n');
  const out: string[] = [];
  let line = 0;
  let char = 0;
  for (let i = 0; i < data.length; i += 5) {
    const [deltaLine, deltaStart, length, type, modifiers] = data.slice(i, i + 5);
    line += deltaLine;
    char = deltaLine === 0 ? char + deltaStart : deltaStart;
    const names = semanticTokensLegend.tokenModifiers.filter((_, bit) => modifiers & (1 << bit));
    out.push([lines[line].slice(char, char + length), [semanticTokensLegend.tokenTypes[type], ...names].join('.')].join(' '));
  }
  return out;
}

function tokens(text: string): string[] {
  const { document, parsed } = documentOf(text);
  return decode(text, getSemanticTokens(document, parsed, { model: noarkModel }).data);
}

describe('semantic tokens', () => {
  it('EXPECT and RETRY lines: keywords, paths, operators, values', () => {
    const text = [
      '@year = 2024',
      '### find',
      'GET code-lists',
      'RETRY 3 EVERY 2s',
      'EXPECT status = 200',
      'EXPECT header content-type %= "application/json%"',
      'EXPECT results[*].fields.saksaar >= @year',
      'EXPECT hasMore exists',
      'EXPECT name ~ /^a/i',
      '',
    ].join('\n');
    assert.deepEqual(tokens(text), [
      '@year variable.declaration',
      'find function.declaration',
      'GET keyword',
      'code-lists string',
      'RETRY keyword',
      '3 number',
      'EVERY keyword',
      '2s number',
      'EXPECT keyword',
      'status keyword',
      '= operator',
      '200 number',
      'EXPECT keyword',
      'header keyword',
      'content-type string',
      '%= operator',
      '"application/json%" string',
      'EXPECT keyword',
      'results property',
      'fields property',
      'saksaar property',
      '>= operator',
      '@year variable',
      'EXPECT keyword',
      'hasMore property',
      'exists keyword',
      'EXPECT keyword',
      'name property',
      '~ operator',
      '/^a/i string',
    ]);
  });

  it('a QUERY: types, fields, references, aliases, parameters, keywords', () => {
    const text = [
      '@year = 2024',
      '### find',
      'QUERY Saksmappe',
      'WHERE saksaar = @year && #k1.klasseIdent %= @k',
      '  || refPrimaerKlasse.klasseIdent = @k',
      'JOIN #k1 = refSekundaerKlasse',
      'SORT tittel desc',
      'LIMIT 10',
      '',
    ].join('\n');
    assert.deepEqual(tokens(text), [
      '@year variable.declaration',
      'find function.declaration',
      'QUERY keyword',
      'Saksmappe type',
      'WHERE keyword',
      'saksaar property',
      '= operator',
      '@year parameter',
      '&& operator',
      '#k1 namespace',
      'klasseIdent property',
      '%= operator',
      '@k parameter',
      '|| operator',
      'refPrimaerKlasse property.reference',
      'klasseIdent property',
      '= operator',
      '@k parameter',
      'JOIN keyword',
      '#k1 namespace.declaration',
      'refSekundaerKlasse property.reference',
      'SORT keyword',
      'tittel property',
      'desc keyword',
      'LIMIT keyword',
      '10 number',
    ]);
  });

  it('a TRANSACTION: types, refs, fields, temp ids and {{references}}', () => {
    const text = [
      '### register',
      '# creates the record',
      'TRANSACTION',
      '[ { "action": "save", "type": "Journalpost", "id": "jp", "fields": { "tittel": "{{title}}" } },',
      '  { "action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe", "linkToId": "{{find.results[0].id}}" } ]',
      '### next',
      'DOWNLOAD {{register.saved.jp.id}} TO ./a.pdf',
      '',
    ].join('\n');
    assert.deepEqual(tokens(text), [
      'register function.declaration',
      '# creates the record comment',
      'TRANSACTION keyword',
      'Journalpost type',
      'jp variable.declaration',
      'tittel property',
      'title variable',
      'Journalpost type',
      'jp variable',
      'refMappe property.reference',
      'find function',
      'results property',
      'id property',
      'next function.declaration',
      'DOWNLOAD keyword',
      'register function',
      'saved property',
      'jp variable',
      'id property',
      './a.pdf string',
    ]);
  });

  it('a range request returns only the tokens in the range', () => {
    const text = 'QUERY Saksmappe\nWHERE tittel = @t\n';
    const { document, parsed } = documentOf(text);
    const data = getSemanticTokens(document, parsed, { model: noarkModel }, { start: { line: 1, character: 0 }, end: { line: 1, character: 12 } }).data;
    assert.deepEqual(decode(text, data), ['WHERE keyword', 'tittel property']);
  });

  it('a range request gives what the full tokens give in the range, though it looks only at the blocks there', () => {
    const text = [
      '@t = "x"',
      '### findCase',
      'QUERY Saksmappe',
      'WHERE tittel = @t',
      '### register',
      'TRANSACTION',
      '[{"action": "save", "type": "Journalpost", "id": "jp", "fields": {"tittel": "T"}},',
      ' {"action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe", "linkToId": "{{findCase.results[0].id}}"}]',
      '### letter',
      'UPLOAD ./a.pdf',
      'EXPECT status = 200',
      '### again',
      'DOWNLOAD {{letter.id}}',
    ].join('\n');
    const { document, parsed } = documentOf(text);
    const context = { model: noarkModel };
    const lines = text.split('\n').length;
    const full = decode(text, getSemanticTokens(document, parsed, context).data);
    const tokenLines = (data: number[]): number[] => {
      const out: number[] = [];
      let line = 0;
      for (let i = 0; i < data.length; i += 5) out.push((line += data[i]));
      return out;
    };
    const fullLines = tokenLines(getSemanticTokens(document, parsed, context).data);
    for (let start = 0; start < lines; start++) {
      for (let end = start; end <= lines; end++) {
        const range = { start: { line: start, character: 0 }, end: { line: end, character: 0 } };
        const expected = full.filter((_, i) => fullLines[i] >= start && fullLines[i] < end);
        assert.deepEqual(decode(text, getSemanticTokens(document, parsed, context, range).data), expected, `lines ${start}-${end}`);
      }
    }
  });
});

describe('token encoding', () => {
  it('is relative, and splits a token that crosses a line break', () => {
    const document = TextDocument.create('file:///a.noarkq', 'noarkq', 1, 'ab cd\r\nef\nghij');
    const data = encodeTokens(document, [
      { start: 3, end: 9, type: 'string', modifiers: [] }, // `cd\r\nef`
      { start: 11, end: 13, type: 'keyword', modifiers: ['declaration', 'reference'] },
    ]);
    const string = semanticTokensLegend.tokenTypes.indexOf('string');
    const keyword = semanticTokensLegend.tokenTypes.indexOf('keyword');
    assert.deepEqual(data, [0, 3, 2, string, 0, 1, 0, 2, string, 0, 1, 1, 2, keyword, 0b1001]);
  });
});
