import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { allBlocks, parseDocument } from '../../core/document';
import { anyDocumentArb, documentArb } from '../../test/fuzz/noarkqArbitraries';
import { bytesToCells, cellsToBytes, cellsToText, codeCellsText, textToCells, type CellToSave, type NoarkqCell } from './noarkqCells';

const numRuns = Number(process.env.NOARKQ_PROPERTY_RUNS ?? 300);
const root = new URL('../../', import.meta.url).pathname;

/** Every `.noarkq` file in the repository, found now: examples, fixtures, tests' own. */
function repositoryFiles(dir = root, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', '.git', 'dist'].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) repositoryFiles(path, out);
    else if (entry.name.endsWith('.noarkq')) out.push(path);
  }
  return out;
}

const shapes = (cells: readonly NoarkqCell[]) => cells.map((c) => [c.kind, c.value]);

const roundTrip = (text: string): string => {
  const { cells, metadata } = textToCells(text);
  return cellsToText(cells, metadata);
};

/** What a document's blocks and variables are, comments and positions aside. */
function outline(text: string): unknown {
  const document = parseDocument(text);
  return allBlocks(document).map((b) => ({
    name: b.parsed.name?.text,
    // A cell's value has CRLF read as "\n" once, so a lone CR before a line end (`\r\r\n`) is a CRLF
    // in the value, and a lone CR ending a cell becomes one when the cell is ended with "\n" (the
    // property found both): CRs before a line end, or ending the request, are not compared.
    requests: b.parsed.requests.map((r) => [r.kind, b.parsed.text.slice(r.start, r.end).replace(/\r*\n/g, '\n').replace(/\r+$/, '')]),
    variables: b.parsed.variables.map((v) => b.parsed.text.slice(v.start, v.end)),
    expectations: b.parsed.expectations.length,
  }));
}

/** Generated files: documents of every shape, and the oddities a file on disk may have. */
const fileArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(
      { weight: 4, arbitrary: anyDocumentArb },
      { weight: 1, arbitrary: fc.constantFrom('', '\n', '\r\n', '# only a comment', '// one\n\n# two\n', '###', '###\n###\n', '\n\n### a\nQUERY Saksmappe') },
      {
        weight: 2,
        arbitrary: fc
          .array(fc.constantFrom('# note', '//  spaced', '#', '', '  ', '### b', '###', '@x = 1', 'QUERY Saksmappe', '#k1.tittel = @x', 'WHERE tittel = @x', '\t# tabbed'), { maxLength: 12 })
          .map((lines) => lines.join('\n')),
      },
    ),
    fc.boolean(),
    fc.constantFrom('keep', 'crlf', 'no-final-newline', 'trailing-blank-lines'),
  )
  .map(([text, bom, change]) => {
    const changed =
      change === 'crlf' ? text.replace(/\r?\n/g, '\r\n') : change === 'no-final-newline' ? text.replace(/\r?\n$/, '') : change === 'trailing-blank-lines' ? `${text}\n\n  \n` : text;
    return (bom ? '\uFEFF' : '') + changed;
  });

describe('notebook cells', () => {
  it('makes the preamble and each block a code cell, and comments between blocks markdown', () => {
    const text = [
      '# File variables: visible to every request below.',
      '# Values are JSON literals.',
      '@year = 2024',
      '@seq = 17',
      '',
      '### findCase',
      'QUERY Saksmappe',
      'WHERE saksaar = @year && sakssekvensnummer = @seq',
      '# a comment inside the block stays',
      'LIMIT 1',
      '',
      '// Register the letter,',
      '',
      '// then attach it.',
      '',
      '### register',
      'TRANSACTION',
      '{ "actions": [] }',
      '# after the last block: stays in it',
      '',
    ].join('\n');
    const { cells, metadata } = textToCells(text);
    assert.deepEqual(shapes(cells), [
      ['markdown', 'File variables: visible to every request below.\nValues are JSON literals.'],
      ['code', '@year = 2024\n@seq = 17'],
      ['code', '### findCase\nQUERY Saksmappe\nWHERE saksaar = @year && sakssekvensnummer = @seq\n# a comment inside the block stays\nLIMIT 1'],
      ['markdown', 'Register the letter,\n\nthen attach it.'],
      ['code', '### register\nTRANSACTION\n{ "actions": [] }\n# after the last block: stays in it'],
    ]);
    assert.deepEqual(metadata, { bom: false, leading: '', eol: '\n' });
    assert.deepEqual(
      cells.map((c) => c.metadata),
      [{ trailing: '\n' }, { trailing: '\n\n' }, { trailing: '\n\n' }, { source: '// Register the letter,\n\n// then attach it.', trailing: '\n\n' }, { trailing: '\n' }],
    );
    assert.equal(cellsToText(cells, metadata), text);
  });

  it('keeps a join alias line in the query, and a file with one request needs no ###', () => {
    const text = '# Cases of a class\nQUERY Saksmappe\nJOIN #k1 = refPrimaerKlasse\nWHERE tittel = @t &&\n#k1.klasseIdent = @k\n\n### next\nQUERY Arkiv\n';
    assert.deepEqual(shapes(textToCells(text).cells), [
      ['markdown', 'Cases of a class'],
      ['code', 'QUERY Saksmappe\nJOIN #k1 = refPrimaerKlasse\nWHERE tittel = @t &&\n#k1.klasseIdent = @k'],
      ['code', '### next\nQUERY Arkiv'],
    ]);
  });

  it('keeps CRLF, a byte order mark, blank lines first and no final newline', () => {
    const text = '\uFEFF\r\n\r\n# About\r\n### a\r\nQUERY Saksmappe\r\n\r\n\r\n### b\r\nQUERY Arkiv';
    const { cells, metadata } = textToCells(text);
    assert.deepEqual(metadata, { bom: true, leading: '\r\n\r\n', eol: '\r\n' });
    assert.deepEqual(shapes(cells), [
      ['markdown', 'About'],
      ['code', '### a\nQUERY Saksmappe'],
      ['code', '### b\nQUERY Arkiv'],
    ]);
    assert.equal(cells[2].metadata.trailing, '');
    assert.equal(cellsToText(cells, metadata), text);
  });

  it('has no cells for an empty or blank file, one markdown cell for comments only', () => {
    assert.deepEqual(textToCells('').cells, []);
    assert.deepEqual(textToCells(' \n\n').cells, []);
    assert.equal(roundTrip(' \n\n'), ' \n\n');
    assert.deepEqual(shapes(textToCells('# one\n\n# two\n').cells), [['markdown', 'one\n\ntwo']]);
  });

  it('writes an edited markdown cell as # lines, and new cells each on their own lines', () => {
    const { cells, metadata } = textToCells('// old note\n### a\nQUERY Arkiv');
    const saved: CellToSave[] = [
      { ...cells[0], value: 'New note\n\n## A heading' },
      cells[1],
      { kind: 'markdown', value: 'Then:' },
      { kind: 'code', value: '### b\nQUERY Saksmappe' },
    ];
    const text = cellsToText(saved, metadata);
    assert.equal(text, '# New note\n#\n# ## A heading\n### a\nQUERY Arkiv\n# Then:\n\n### b\nQUERY Saksmappe\n');
    assert.deepEqual(shapes(textToCells(text).cells), [
      ['markdown', 'New note\n\n## A heading'],
      ['code', '### a\nQUERY Arkiv'],
      ['markdown', 'Then:'],
      ['code', '### b\nQUERY Saksmappe'],
    ]);
  });

  it('writes cells without metadata of its own (another notebook, a new one) with defaults', () => {
    assert.equal(cellsToText([{ kind: 'code', value: '@x = 1', metadata: { trailing: 'not blank' } }, { kind: 'code', value: '### a\nQUERY Arkiv' }], { eol: '\r' }), '@x = 1\n\n### a\nQUERY Arkiv\n');
  });

  it('keeps a lone CR before a line end when another cell is edited (a counterexample the property found)', () => {
    const text = '@ = bare\r\n# a comment\r\r\n   # indented';
    const { cells, metadata } = textToCells(text);
    assert.equal(cellsToText(cells, metadata), text);
    assert.equal(cellsToText([...cells, { kind: 'code', value: '### b\nQUERY Arkiv' }], metadata), `${text}\r\n### b\r\nQUERY Arkiv\r\n`);
  });

  it('gives every .noarkq file of the repository back byte for byte', () => {
    const files = repositoryFiles();
    assert.ok(files.length >= 10, `found ${files.length} .noarkq files`);
    for (const file of files) {
      const bytes = readFileSync(file);
      const { cells, metadata } = bytesToCells(bytes);
      assert.ok(Buffer.from(cellsToBytes(cells, metadata)).equals(bytes), relative(root, file));
      assert.deepEqual(outline(codeCellsText(cells)), outline(bytes.toString('utf8').replace(/^\uFEFF/, '')), relative(root, file));
    }
  });

  it('property: any file comes back byte for byte', () => {
    fc.assert(
      fc.property(fileArb, (text) => {
        const bytes = new TextEncoder().encode(text);
        const { cells, metadata } = bytesToCells(bytes);
        assert.deepEqual([...cellsToBytes(cells, metadata)], [...bytes]);
      }),
      { numRuns },
    );
  });

  it('property: the code cells, each ended with a newline, have the file’s blocks and variables', () => {
    fc.assert(
      fc.property(fileArb, (text) => {
        assert.deepEqual(outline(codeCellsText(textToCells(text).cells)), outline(text.replace(/^\uFEFF/, '')));
      }),
      { numRuns },
    );
  });

  it('property: changing one cell changes only that cell’s bytes', () => {
    const editArb = fc.tuple(fc.oneof(documentArb, fileArb), fc.nat(), fc.constantFrom('### edited\nQUERY Arkiv', 'New words\nover two lines', '', '@y = 2'));
    fc.assert(
      fc.property(editArb, ([text, pick, value]) => {
        const { cells, metadata } = textToCells(text);
        fc.pre(cells.length > 0);
        const i = pick % cells.length;
        fc.pre(cells[i].value !== value);
        const start = cellsToText(cells.slice(0, i), metadata).length;
        const end = cellsToText(cells.slice(0, i + 1), metadata).length;
        const edited = cellsToText(
          cells.map((c, j) => (j === i ? { ...c, value } : c)),
          metadata,
        );
        const after = text.length - end;
        assert.equal(edited.slice(0, start), text.slice(0, start));
        assert.equal(edited.slice(edited.length - after), text.slice(end));
        const eol = metadata.eol;
        const written = cells[i].kind === 'code' ? value.replace(/\n/g, eol) : value.split('\n').map((l) => (l ? `# ${l}` : '#')).join(eol);
        assert.equal(edited.slice(start, edited.length - after), written + cells[i].metadata.trailing);
      }),
      { numRuns },
    );
  });
});
