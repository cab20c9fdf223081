import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { FormattingOptions } from 'vscode-languageserver-types';
import { formatDocument, formatRange, lineDiff } from './formatting';
import fc from 'fast-check';
import { outlineSample } from '../../test/fixtures/outlineSample';
import { documentOf, markedDocument } from '../../test/fixtures/markedText';

const spaces2: FormattingOptions = { tabSize: 2, insertSpaces: true };

function format(text: string, options: FormattingOptions = spaces2): string {
  const { document, parsed } = documentOf(text);
  return TextDocument.applyEdits(document, formatDocument(document, parsed, options));
}

const cases: { name: string; before: string[]; after: string[]; options?: FormattingOptions }[] = [
  {
    name: 'QUERY clauses: keywords upper case, expression blanks normalised',
    before: ['query Saksmappe', 'where saksaar=@year&&tittel  %=@t', '  join #k1=refSekundaerKlasse', 'sort tittel desc,saksaar', 'limit 10', 'publicuse TRUE', ''],
    after: ['QUERY Saksmappe', 'WHERE saksaar = @year && tittel %= @t', 'JOIN #k1 = refSekundaerKlasse', 'SORT tittel DESC, saksaar', 'LIMIT 10', 'PUBLICUSE true', ''],
  },
  {
    name: 'a WHERE broken over lines keeps its breaks, indented, operator first',
    before: ['QUERY Saksmappe', 'WHERE saksaar = @year &&', 'tittel %= @t', '        && (a=@a||b=@b)', 'LIMIT 1', ''],
    after: ['QUERY Saksmappe', 'WHERE saksaar = @year', '    && tittel %= @t', '    && (a = @a || b = @b)', 'LIMIT 1', ''],
    options: { tabSize: 4, insertSpaces: true },
  },
  {
    name: 'separator, variables and trailing blanks',
    before: ['@year=2024   ', '  @name =   "x"', '###   find    Look up the case  ', 'QUERY Saksmappe  ', ''],
    after: ['@year = 2024', '@name = "x"', '### find Look up the case', 'QUERY Saksmappe', ''],
  },
  {
    name: 'a JSON body with the editor options, comments kept',
    before: ['### tx', 'transaction', '{', '"actions": [', '# a .noarkq comment', '{"action":"save", "type":"Journalpost","id":"jp"},', '    // a JSON comment', '   {"action":"link"},', ']', '}', ''],
    after: ['### tx', 'TRANSACTION', '{', '\t"actions": [', '\t\t# a .noarkq comment', '\t\t{ "action": "save", "type": "Journalpost", "id": "jp" },', '\t\t// a JSON comment', '\t\t{ "action": "link" },', '\t]', '}', ''],
    options: { tabSize: 4, insertSpaces: false },
  },
  {
    name: 'the compact `{ "actions": [` style stays one level deep',
    before: ['TRANSACTION', '{ "actions": [', '      {"action":"link", "linkToId": [ "1","2" ], "fields":{}},', '{ "action": "save", "fields": {', '"tittel": "T" } }', '    ] }', ''],
    after: ['TRANSACTION', '{ "actions": [', '  { "action": "link", "linkToId": ["1", "2"], "fields": {} },', '  { "action": "save", "fields": {', '    "tittel": "T" } }', '] }', ''],
  },
  {
    name: 'an HTTP body and method',
    before: ['### s', 'post full-text/search', '{"query":   "plan"}', ''],
    after: ['### s', 'POST full-text/search', '{ "query": "plan" }', ''],
  },
  {
    name: 'parts with syntax errors stay as written',
    before: ['QUERY Saksmappe', 'WHERE tittel ==   @t &&', 'LIMIT   5', '### tx', 'TRANSACTION', '{"actions": [ {"action":  "save",, } ]}', ''],
    after: ['QUERY Saksmappe', 'WHERE tittel ==   @t &&', 'LIMIT 5', '### tx', 'TRANSACTION', '{"actions": [ {"action":  "save",, } ]}', ''],
  },
  {
    name: 'EXPECT and RETRY lines: keywords, blanks around operators, no indentation; a broken line stays',
    before: ['### s', 'post full-text/search', '{"query":   "plan"}', '  retry 3   every 2s', 'expect total>=1', 'EXPECT  header  content-type %=  "a  b%"', 'Expect hits[*].id EXISTS', 'EXPECT   status ==  200', ''],
    after: ['### s', 'POST full-text/search', '{ "query": "plan" }', 'RETRY 3 EVERY 2s', 'EXPECT total >= 1', 'EXPECT header content-type %= "a  b%"', 'EXPECT hits[*].id exists', 'EXPECT   status ==  200', ''],
  },
  {
    name: 'CRLF line ends are kept',
    before: ['query Saksmappe\r', 'where  a=@b\r', '   && c=@d\r', ''],
    after: ['QUERY Saksmappe\r', 'WHERE a = @b\r', '  && c = @d\r', ''],
  },
];

describe('formatting', () => {
  for (const c of cases) {
    it(c.name, () => {
      const once = format(c.before.join('\n'), c.options);
      assert.equal(once, c.after.join('\n'));
      const { document, parsed } = documentOf(once);
      assert.deepEqual(formatDocument(document, parsed, c.options ?? spaces2), [], 'formatting twice changes nothing');
    });
  }

  it('edits only the lines that change', () => {
    const { document, parsed } = documentOf('QUERY Saksmappe\nWHERE a=@b\nLIMIT 1\n');
    const edits = formatDocument(document, parsed, spaces2);
    assert.deepEqual(edits, [
      { range: { start: { line: 1, character: 7 }, end: { line: 1, character: 8 } }, newText: ' = ' },
    ]);
  });

  it('formatRange formats the blocks the range touches, and only those', () => {
    const m = markedDocument(['### a', 'query Saksmappe', '### b', 'query Mappe|', '### c', 'query Mappe', ''].join('\n'));
    const position = m.document.positionAt(m.cursor!);
    const edits = formatRange(m.document, m.parsed, { start: position, end: position }, spaces2);
    assert.equal(TextDocument.applyEdits(m.document, edits), ['### a', 'query Saksmappe', '### b', 'QUERY Mappe', '### c', 'query Mappe', ''].join('\n'));
  });

  it('lineDiff turns one text into the other', () => {
    const pairs: [string, string][] = [
      ['a\nb\nc\n', 'a\nB\nc\n'],
      ['a\nb\nc', 'a\nx\ny\nc'],
      ['a\nb\nc\n', 'c\n'],
      ['', 'new\n'],
      ['x', ''],
    ];
    for (const [before, after] of pairs) {
      const edits = lineDiff(before, after);
      let out = before;
      for (const e of [...edits].sort((p, q) => q.start - p.start)) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
      assert.equal(out, after);
    }
  });
});

describe('formatting properties', () => {
  it('on damaged text: idempotent, and only blanks and keyword case change', () => {
    const pieces = ['{', '}', '[', ']', '"', ',', ':', ' ', '\n', '  ', '#', '//', '@x', '=', '&&', '||', '{{a.b}}', 'where', 'JOIN #k1 =', '\t', '/*', '*/'];
    fc.assert(
      fc.property(
        fc.array(fc.record({ at: fc.nat(), remove: fc.nat({ max: 3 }), insert: fc.constantFrom(...pieces) }), { maxLength: 4 }),
        (damage) => {
          let text = outlineSample;
          for (const d of damage) {
            const at = d.at % (text.length + 1);
            text = text.slice(0, at) + d.insert + text.slice(at + d.remove);
          }
          const once = format(text);
          assert.equal(once.replace(/\s+/g, '').toLowerCase(), text.replace(/\s+/g, '').toLowerCase());
          assert.equal(format(once), once);
        },
      ),
      { numRuns: 300, seed: 7 },
    );
  });
});
