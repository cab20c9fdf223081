import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TextEdit } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { getDefinition, getReferences, getRenameEdits, prepareRename } from './navigation';
import { markedDocument } from '../../test/fixtures/markedText';

interface Case {
  name: string;
  /** `|` is the cursor; `[[...]]` marks every occurrence of the symbol under it. */
  text: string;
  /** Index (in text order) of the marked range that is the declaration; undefined: none. */
  definition: number | undefined;
  rename: string;
}

const cases: Case[] = [
  {
    name: 'file variable used in EXPECT values, as @name and {{name}}',
    text: ['@[[year]] = 2024', '### a', 'QUERY Saksmappe', 'WHERE saksaar = @[[year]]', 'EXPECT results[*].fields.saksaar = @[[ye|ar]]', 'EXPECT results[0].fields.tittel = "{{[[year]]}}"', ''].join('\n'),
    definition: 0,
    rename: 'aar',
  },
  {
    name: 'file variable from a parameter',
    text: ['@[[year]] = 2024', '### a', 'QUERY Saksmappe', 'WHERE saksaar = @[[ye|ar]]', '### b', 'QUERY Saksmappe', 'WHERE saksaar = @[[year]] || saksaar = @[[year]]', ''].join('\n'),
    definition: 0,
    rename: 'aar',
  },
  {
    name: 'file variable from its declaration, {{name}} uses included',
    text: ['@[[ye|ar]] = 2024', '@label = "{{[[year]]}}"', '### a', 'QUERY Saksmappe', 'WHERE saksaar = @[[year]]', ''].join('\n'),
    definition: 0,
    rename: 'aar',
  },
  {
    name: 'block variable shadows the file variable',
    text: ['@year = 2024', '### a', '@[[year]] = 2023', 'QUERY Saksmappe', 'WHERE saksaar = @[[ye|ar]]', '### b', 'QUERY Saksmappe', 'WHERE saksaar = @year', ''].join('\n'),
    definition: 0,
    rename: 'y2',
  },
  {
    name: 'file variable skips a block that shadows it',
    text: ['@[[year]] = 2024', '### a', '@year = 2023', 'QUERY Saksmappe', 'WHERE saksaar = @year', '### b', 'QUERY Saksmappe', 'WHERE saksaar = @[[|year]]', ''].join('\n'),
    definition: 0,
    rename: 'y2',
  },
  {
    name: 'block name from a reference',
    text: [
      '### [[findCase]]',
      'QUERY Saksmappe',
      '### b',
      'TRANSACTION',
      '[{ "action": "link", "type": "Journalpost", "id": "1", "ref": "refMappe", "linkToId": "{{[[find|Case]].results[0].id}}" }]',
      '### c',
      'DOWNLOAD {{[[findCase]].results[0].id}}',
      '',
    ].join('\n'),
    definition: 0,
    rename: 'case1',
  },
  {
    name: 'block name from its header',
    text: ['### [[let|ter]]', 'UPLOAD ./a.pdf', '### b', '@file = {{[[letter]].id}}', 'DOWNLOAD {{file}}', ''].join('\n'),
    definition: 0,
    rename: 'upload-1',
  },
  {
    name: 'JOIN alias from a use in WHERE',
    text: ['### a', 'QUERY Saksmappe', 'WHERE #[[k|1]].klasseIdent = @x && #k2.klasseIdent = @x', 'JOIN #[[k1]] = refSekundaerKlasse', 'JOIN #k2 = refPrimaerKlasse', 'SORT #[[k1]].klasseIdent', ''].join('\n'),
    definition: 1,
    rename: 'sek',
  },
  {
    name: 'temp id from a link, with a later {{block.saved.id.id}}',
    text: [
      '### register',
      'TRANSACTION',
      '{ "actions": [',
      '  { "action": "save", "type": "Journalpost", "id": "[[jp]]", "fields": { "tittel": "T" } },',
      '  { "action": "link", "type": "Journalpost", "id": "[[jp]]", "ref": "refMappe", "linkToId": "12" },',
      '  { "action": "save", "type": "Korrespondansepart", "id": "kp", "fields": {} },',
      '  { "action": "link", "type": "Korrespondansepart", "id": "kp", "ref": "refRegistrering", "linkToId": "[[j|p]]" }',
      '] }',
      '### attach',
      'TRANSACTION',
      '[{ "action": "link", "type": "Dokument", "id": "d", "ref": "refRegistrering", "linkToId": "{{register.saved.[[jp]].id}}" }]',
      '',
    ].join('\n'),
    definition: 0,
    rename: 'post',
  },
  {
    name: 'temp id from the later {{block.saved.id.id}}',
    text: [
      '### register',
      'TRANSACTION',
      '[{ "action": "save", "type": "Journalpost", "id": "[[jp]]" }]',
      '### attach',
      '@x = "{{register.saved.[[j|p]].id}}"',
      'GET code-lists',
      '',
    ].join('\n'),
    definition: 0,
    rename: 'post',
  },
];

function textOf(document: TextDocument, range: { start: { line: number; character: number }; end: { line: number; character: number } }): [number, number] {
  return [document.offsetAt(range.start), document.offsetAt(range.end)];
}

function applyEdits(text: string, document: TextDocument, edits: TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => document.offsetAt(b.range.start) - document.offsetAt(a.range.start));
  let out = text;
  for (const e of sorted) out = out.slice(0, document.offsetAt(e.range.start)) + e.newText + out.slice(document.offsetAt(e.range.end));
  return out;
}

describe('definition, references and rename', () => {
  for (const c of cases) {
    it(c.name, () => {
      const m = markedDocument(c.text);
      const position = m.document.positionAt(m.cursor!);
      const expected = m.ranges.map((r) => [r.start, r.end]);

      const definition = getDefinition(m.document, m.parsed, position).map((l) => textOf(m.document, l.range));
      assert.deepEqual(definition, c.definition === undefined ? [] : [expected[c.definition]]);

      const references = getReferences(m.document, m.parsed, position, true).map((l) => textOf(m.document, l.range));
      assert.deepEqual(references, expected);
      const uses = getReferences(m.document, m.parsed, position, false).map((l) => textOf(m.document, l.range));
      assert.deepEqual(uses, expected.filter((_, i) => i !== c.definition));

      const prepared = prepareRename(m.document, m.parsed, position);
      assert.ok(prepared);
      assert.ok(expected.some(([s, e]) => s === m.document.offsetAt(prepared.range.start) && e === m.document.offsetAt(prepared.range.end)));
      assert.equal(prepared.placeholder, m.text.slice(...expected[0]));

      const result = getRenameEdits(m.document, m.parsed, position, c.rename);
      assert.ok('edit' in result, 'error' in result ? result.error : '');
      const edits = result.edit.changes![m.document.uri];
      assert.deepEqual(edits.map((e) => textOf(m.document, e.range)), expected);
      // After the rename, the new name resolves to the same set of places.
      const renamed = applyEdits(m.text, m.document, edits);
      const delta = c.rename.length - (expected[0][1] - expected[0][0]);
      const before = expected.filter(([s]) => s < m.cursor!).length;
      const again = markedDocument(renamed.slice(0, m.cursor! + before * delta) + '|' + renamed.slice(m.cursor! + before * delta));
      const renamedRefs = getReferences(again.document, again.parsed, again.document.positionAt(again.cursor!), true);
      assert.equal(renamedRefs.length, expected.length);
      for (const l of renamedRefs) assert.equal(again.document.getText(l.range), c.rename);
    });
  }
});

describe('rename validation', () => {
  const errorCases: { name: string; text: string; newName: string; error: RegExp }[] = [
    { name: 'parameter names are letters and digits', text: '@year = 1\nQUERY Saksmappe\nWHERE saksaar = @ye|ar\n', newName: 'my_year', error: /letters and digits/ },
    { name: 'a variable not declared in the file', text: 'QUERY Saksmappe\nWHERE saksaar = @ye|ar\n', newName: 'aar', error: /not declared in this file/ },
    { name: 'a name already declared in the scope', text: '@year = 1\n@seq = 2\nQUERY Saksmappe\nWHERE saksaar = @ye|ar\n', newName: 'seq', error: /already declared/ },
    {
      name: 'a block variable would hide the renamed file variable',
      text: '@ye|ar = 1\n### a\n@aar = 2\nQUERY Saksmappe\nWHERE saksaar = @year && sakssekvensnummer = @aar\n',
      newName: 'aar',
      error: /would hide/,
    },
    { name: 'block names', text: '### fi|nd\nQUERY Saksmappe\n', newName: '1st', error: /not a valid block name/ },
    { name: 'unique block names', text: '### fi|nd\nQUERY Saksmappe\n### other\nQUERY Mappe\n', newName: 'other', error: /already named/ },
    { name: 'aliases', text: 'QUERY Saksmappe\nWHERE #k|1.klasseIdent = @x\nJOIN #k1 = refSekundaerKlasse\n', newName: 'k-1', error: /letters and digits/ },
    { name: 'temp ids are not numeric', text: 'TRANSACTION\n[{ "action": "save", "type": "Journalpost", "id": "j|p" }]\n', newName: '42', error: /numeric/ },
    { name: 'nothing under the cursor', text: 'QUERY Saks|mappe\n', newName: 'x', error: /Nothing to rename/ },
  ];
  for (const c of errorCases) {
    it(c.name, () => {
      const m = markedDocument(c.text);
      const result = getRenameEdits(m.document, m.parsed, m.document.positionAt(m.cursor!), c.newName);
      assert.ok('error' in result, 'expected an error');
      assert.match(result.error, c.error);
    });
  }

  it('accepts the sigil in the new name', () => {
    const m = markedDocument('@year = 1\nQUERY Saksmappe\nWHERE saksaar = @ye|ar\nJOIN #k1 = refSekundaerKlasse\n');
    const result = getRenameEdits(m.document, m.parsed, m.document.positionAt(m.cursor!), '@aar');
    assert.ok('edit' in result);
    assert.deepEqual(result.edit.changes![m.document.uri].map((e) => e.newText), ['aar', 'aar']);
  });

  it('prepareRename refuses what cannot be renamed', () => {
    const m = markedDocument('QUERY Saksmappe\nWHERE saksaar = @ye|ar\n');
    assert.equal(prepareRename(m.document, m.parsed, m.document.positionAt(m.cursor!)), null);
    const env = markedDocument('QUERY Saksmappe\nWHERE saksaar = @year && x = @ye|ar\n');
    // An environment variable has no declaration in the file, but its uses are still found.
    assert.deepEqual(getDefinition(env.document, env.parsed, env.document.positionAt(env.cursor!)), []);
    assert.equal(getReferences(env.document, env.parsed, env.document.positionAt(env.cursor!), true).length, 2);
  });
});
