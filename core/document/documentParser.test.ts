import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  allBlocks,
  blockAt,
  blockCount,
  blockOf,
  checkDocument,
  parseDocument,
  toDocumentSpan,
  visibleVariables,
  type DocumentBlock,
  type NoarkqDocument,
  type ParsedBlock,
  type RequestSyntax,
} from './index';
import { noarkModel } from '../schema';

/** The text a span of a block covers, read from the document. */
function spanText(doc: NoarkqDocument, block: DocumentBlock, span: { start: number; end: number }): string {
  const s = toDocumentSpan(block, span);
  return doc.text.slice(s.start, s.end);
}

function request<K extends RequestSyntax['kind']>(parsed: ParsedBlock, kind: K): Extract<RequestSyntax, { kind: K }> {
  assert.equal(parsed.request?.kind, kind);
  return parsed.request as Extract<RequestSyntax, { kind: K }>;
}

const sample = [
  '# File variables',
  '@year = 2024',
  '@seq = 17',
  '',
  '### findCase Look up the case',
  'QUERY Saksmappe',
  'WHERE saksaar = @year && sakssekvensnummer = @seq',
  'LIMIT 1',
  '',
  '### register',
  'TRANSACTION',
  '{',
  '  // a comment',
  '  # a .noarkq comment line',
  '  "actions": [',
  '    { "action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe",',
  '      "linkToId": "{{findCase.results[0].id}}" },',
  '  ],',
  '}',
  '',
  '### letter',
  'UPLOAD ./files/application.pdf AS søknad.pdf',
  '',
  '### fetch',
  'DOWNLOAD {{letter.id}} TO ./out/copy.pdf',
  '',
  '### lists',
  'GET code-lists?type=Journalpost',
  '',
].join('\n');

describe('block splitting', () => {
  it('splits the preamble and the ### blocks, each starting at its ### line', () => {
    const doc = parseDocument(sample);
    assert.deepEqual(
      doc.blocks.map((b) => b.parsed.name?.text),
      ['findCase', 'register', 'letter', 'fetch', 'lists'],
    );
    for (const b of doc.blocks) {
      assert.ok(doc.text.startsWith('###', b.start));
      assert.equal(b.parsed.text, doc.text.slice(b.start, b.end));
    }
    assert.equal(doc.preamble.start, 0);
    assert.equal(doc.preamble.end, doc.blocks[0].start);
    assert.equal(doc.blocks[4].end, sample.length);
    assert.deepEqual(doc.diagnostics, []);
  });

  it('parses an empty file as an empty preamble', () => {
    const doc = parseDocument('');
    assert.equal(doc.blocks.length, 0);
    assert.equal(doc.preamble.parsed.text, '');
    assert.equal(doc.preamble.parsed.request, undefined);
    assert.deepEqual(checkDocument(doc, { model: noarkModel }), []);
  });

  it('takes a file without ### as one request in the preamble', () => {
    const doc = parseDocument('@year = 2024\nQUERY Saksmappe\nWHERE saksaar = @year\n');
    assert.equal(doc.blocks.length, 0);
    const q = request(doc.preamble.parsed, 'query');
    assert.equal(q.query.type?.name, 'Saksmappe');
    assert.deepEqual(checkDocument(doc, { model: noarkModel }), []);
  });

  it('handles CRLF line endings: names, requests and spans exclude the \\r', () => {
    const doc = parseDocument(sample.replace(/\n/g, '\r\n'));
    assert.deepEqual(doc.diagnostics, []);
    const [findCase, register, letter] = doc.blocks;
    assert.equal(findCase.parsed.name?.text, 'findCase');
    assert.equal(findCase.parsed.description?.text, 'Look up the case');
    assert.equal(request(findCase.parsed, 'query').query.type?.name, 'Saksmappe');
    assert.equal(request(letter.parsed, 'upload').fileName?.text, 'søknad.pdf');
    const ref = register.parsed.references[0];
    assert.equal(spanText(doc, register, ref), '{{findCase.results[0].id}}');
  });
});

describe('block names and descriptions', () => {
  it('reads the name and the description with their spans', () => {
    const doc = parseDocument(sample);
    const b = doc.blocks[0];
    assert.equal(spanText(doc, b, b.parsed.name!), 'findCase');
    assert.equal(spanText(doc, b, b.parsed.description!), 'Look up the case');
    assert.equal(spanText(doc, b, b.parsed.separator!), '### findCase Look up the case');
  });

  it('treats decoration after ### as a description without a name', () => {
    const doc = parseDocument('### --- setup ---\nGET code-lists\n###\nGET bsm-registry\n');
    assert.equal(doc.blocks[0].parsed.name, undefined);
    assert.equal(doc.blocks[0].parsed.description?.text, '--- setup ---');
    assert.equal(doc.blocks[1].parsed.name, undefined);
    assert.equal(doc.blocks[1].parsed.description, undefined);
    assert.deepEqual(doc.diagnostics, []);
  });

  it('allows digits, _ and - after the first letter', () => {
    const doc = parseDocument('### find_case-2\nGET code-lists\n');
    assert.equal(doc.blocks[0].parsed.name?.text, 'find_case-2');
  });
});

describe('comments', () => {
  it('records # and // lines (indented too), but not ###', () => {
    const doc = parseDocument('# one\n  // two\n@x = 1\n### a\n   # three\nGET code-lists\n');
    assert.deepEqual(
      doc.preamble.parsed.comments.map((c) => doc.text.slice(c.start, c.end)),
      ['# one', '  // two'],
    );
    const a = doc.blocks[0];
    assert.deepEqual(
      a.parsed.comments.map((c) => spanText(doc, a, c)),
      ['   # three'],
    );
  });

  it('keeps #alias lines of a WHERE expression as query text', () => {
    const doc = parseDocument('@a = 1\n@b = 2\nQUERY Journalpost\nJOIN #s1 = refSekundaerKlasse\nWHERE tittel = @a\n  && #s1.klasseIdent = @b\n');
    assert.deepEqual(doc.preamble.parsed.comments, []);
  });
});

describe('variables', () => {
  it('parses JSON literals and references, with spans', () => {
    const text = '@n = 2024\n@s = "2024-01-31"\n@b = true\n@z = null\n@o = {"a": [1]}\n@r = {{findCase.results[0].id}}\n@t = "id-{{letter.id}}"\n';
    const doc = parseDocument(text);
    const vars = doc.preamble.parsed.variables;
    assert.deepEqual(
      vars.map((v) => [v.name, v.value.kind === 'json' ? v.value.value : v.value.kind]),
      [['n', 2024], ['s', '2024-01-31'], ['b', true], ['z', null], ['o', { a: [1] }], ['r', 'reference'], ['t', 'id-{{letter.id}}']],
    );
    assert.equal(text.slice(vars[0].nameSpan.start, vars[0].nameSpan.end), '@n');
    assert.equal(text.slice(vars[1].value.span.start, vars[1].value.span.end), '"2024-01-31"');
    const r = vars[5].value;
    assert.ok(r.kind === 'reference');
    assert.equal(r.reference.name, 'findCase');
    assert.equal(r.reference.wholeValue, true);
    // The reference inside the string is found too, and is not the whole value.
    const inString = doc.preamble.parsed.references.find((x) => x.name === 'letter');
    assert.equal(inString?.wholeValue, false);
    assert.equal(text.slice(inString!.start, inString!.end), '{{letter.id}}');
  });

  it('scopes block variables to their block and marks ones after the request as misplaced', () => {
    const doc = parseDocument('@x = 1\n### a\n@y = 2\nGET code-lists\n@z = 3\n');
    const a = doc.blocks[0].parsed;
    assert.deepEqual(a.variables.map((v) => [v.name, v.misplaced]), [['y', false], ['z', true]]);
    assert.deepEqual(doc.diagnostics.map((d) => d.code), ['noarkq.variable-after-request']);
  });
});

describe('references', () => {
  it('gives spans for the name and every segment', () => {
    const text = '### a\nDOWNLOAD {{findCase.results[12].id}}\n';
    const doc = parseDocument(text);
    const ref = doc.blocks[0].parsed.references[0];
    const b = doc.blocks[0];
    assert.equal(ref.context, 'download-id');
    assert.equal(spanText(doc, b, ref.nameSpan), 'findCase');
    assert.deepEqual(
      ref.segments.map((s) => [s.kind === 'property' ? s.name : s.index, spanText(doc, b, s)]),
      [['results', 'results'], [12, '[12]'], ['id', 'id']],
    );
  });

  it('finds references in JSON strings and HTTP paths, and nowhere else in the body', () => {
    const text = '### a\nPUT code-lists/{{field}}/X\n{ "name": "{{label}} (copy)", "{{key}}": 1 }\n';
    const doc = parseDocument(text);
    const refs = doc.blocks[0].parsed.references;
    assert.deepEqual(refs.map((r) => [r.name, r.context, r.wholeValue]), [['field', 'http-path', false], ['label', 'json', false]]);
  });

  it('tolerates blanks inside the braces', () => {
    const doc = parseDocument('@v = {{ letter.id }}\n');
    assert.equal(doc.preamble.parsed.references[0].name, 'letter');
    assert.deepEqual(doc.diagnostics, []);
  });
});

describe('requests', () => {
  it('QUERY: delegates to the query parser in block offsets', () => {
    const doc = parseDocument(sample);
    const b = doc.blocks[0];
    const q = request(b.parsed, 'query');
    assert.equal(spanText(doc, b, q.query.type!), 'Saksmappe');
    assert.equal(spanText(doc, b, q.keyword), 'QUERY');
    assert.equal(spanText(doc, b, q), 'QUERY Saksmappe\nWHERE saksaar = @year && sakssekvensnummer = @seq\nLIMIT 1');
  });

  it('TRANSACTION: parses the body with comments and trailing commas, keeping its span', () => {
    const doc = parseDocument(sample);
    const b = doc.blocks[1];
    const t = request(b.parsed, 'transaction');
    assert.ok(t.body);
    assert.equal(spanText(doc, b, t.body).slice(0, 1), '{');
    assert.equal(spanText(doc, b, t.body).slice(-1), '}');
    assert.deepEqual(t.body.value, {
      actions: [{ action: 'link', type: 'Journalpost', id: 'jp', ref: 'refMappe', linkToId: '{{findCase.results[0].id}}' }],
    });
    assert.equal(t.body.tree?.type, 'object');
    // jsonc offsets are block-relative like everything else in the block.
    assert.equal(spanText(doc, b, { start: t.body.tree!.offset, end: t.body.tree!.offset + 1 }), '{');
  });

  it('TRANSACTION: accepts a bare array of actions', () => {
    const doc = parseDocument('TRANSACTION\n[ { "action": "save", "type": "Arkiv", "id": "a", "fields": {} } ]\n');
    const t = request(doc.preamble.parsed, 'transaction');
    assert.ok(Array.isArray(t.body?.value));
    const diagnostics = checkDocument(doc, { model: noarkModel });
    // The shape is right; the transaction rules still apply (a new Arkiv needs its Arkivskaper).
    assert.deepEqual(diagnostics.map((d) => d.code), ['tx.missing-required-link']);
  });

  it('UPLOAD: path and AS name, quoted or with blanks', () => {
    const doc = parseDocument('### a\nUPLOAD ./my files/letter.pdf AS Brev til Kari.pdf\n### b\nupload "./x as y.pdf"\n');
    const a = request(doc.blocks[0].parsed, 'upload');
    assert.equal(a.path?.text, './my files/letter.pdf');
    assert.equal(a.fileName?.text, 'Brev til Kari.pdf');
    const b = request(doc.blocks[1].parsed, 'upload');
    assert.equal(b.path?.text, './x as y.pdf');
    assert.equal(spanText(doc, doc.blocks[1], b.path!), './x as y.pdf');
    assert.equal(b.fileName, undefined);
    assert.deepEqual(doc.diagnostics, []);
  });

  it('DOWNLOAD: an id or a reference, and TO a path', () => {
    const doc = parseDocument(sample);
    const d = request(doc.blocks[3].parsed, 'download');
    assert.equal(d.id?.text, '{{letter.id}}');
    assert.equal(d.target?.text, './out/copy.pdf');
    const plain = request(parseDocument('DOWNLOAD 12345\n').preamble.parsed, 'download');
    assert.equal(plain.id?.text, '12345');
    assert.equal(plain.target, undefined);
  });

  it('GET/POST/PUT/DELETE: method, path, query string and optional body; keywords are case-insensitive', () => {
    const doc = parseDocument('### a\nGET code-lists?type=Journalpost\n### b\npost full-text/search\n{ "doctype": "Tekst", "query": "plan" }\n');
    const a = request(doc.blocks[0].parsed, 'http');
    assert.equal(a.method, 'GET');
    assert.equal(a.path?.text, 'code-lists');
    assert.equal(a.queryString?.text, 'type=Journalpost');
    assert.equal(a.body, undefined);
    const b = request(doc.blocks[1].parsed, 'http');
    assert.equal(b.method, 'POST');
    assert.equal(b.keyword.text, 'post');
    assert.deepEqual(b.body?.value, { doctype: 'Tekst', query: 'plan' });
    assert.deepEqual(checkDocument(doc, { model: noarkModel }), []);
  });
});

describe('block reuse', () => {
  it('reuses unchanged blocks, also when they moved, and re-parses the edited one', () => {
    const before = parseDocument(sample);
    const edited = sample.replace('LIMIT 1', 'LIMIT 10\nOFFSET 10');
    const after = parseDocument(edited, before);
    assert.notEqual(after.blocks[0].parsed, before.blocks[0].parsed);
    assert.equal(after.preamble.parsed, before.preamble.parsed);
    for (let i = 1; i < before.blocks.length; i++) {
      assert.equal(after.blocks[i].parsed, before.blocks[i].parsed, `block ${i} reused`);
      assert.equal(after.blocks[i].start, before.blocks[i].start + 'LIMIT 10\nOFFSET 10'.length - 'LIMIT 1'.length);
    }
  });

  it('reports a reused block\'s diagnostics at its new document offsets', () => {
    const v1 = '### a\nGET code-lists\n### b\nGET code-list\n';
    const first = parseDocument(v1);
    const v2 = '# a new comment line\n' + v1;
    const second = parseDocument(v2, first);
    assert.equal(second.blocks[1].parsed, first.blocks[1].parsed);
    const d = checkDocument(second, { model: noarkModel }).find((x) => x.code === 'noarkq.unknown-endpoint');
    assert.equal(v2.slice(d!.start, d!.end), 'code-list');
  });

  it('places every block as a fresh parse does over many edits at many places, each old version as it was', () => {
    const blockText = (i: number): string => `### b${i}\nQUERY Saksmappe\nWHERE saksaar = ${i}\n`;
    const original = Array.from({ length: 60 }, (_, i) => blockText(i)).join('');
    const editArb = fc.record({ at: fc.nat(), length: fc.nat(30), text: fc.constantFrom('', 'x', '\n', '### c\nGET code-lists\n', '\n###', '#', blockText(99)) });
    const placed = (doc: NoarkqDocument, read: 'each' | 'all'): unknown[] =>
      (read === 'all' ? doc.blocks : Array.from({ length: blockCount(doc) }, (_, i) => blockOf(doc, i))).map((b) => [b.start, b.end, b.index, b.parsed.text]);
    fc.assert(
      fc.property(fc.array(editArb, { minLength: 1, maxLength: 80 }), fc.boolean(), (edits, readAll) => {
        let text = original;
        let doc = parseDocument(text);
        const versions: Array<{ doc: NoarkqDocument; blocks: unknown[] }> = [];
        for (const e of edits) {
          const at = e.at % (text.length + 1);
          text = text.slice(0, at) + e.text + text.slice(Math.min(text.length, at + e.length));
          doc = parseDocument(text, doc);
          const fresh = parseDocument(text);
          // Read block by block, or the whole list, as features do.
          assert.deepEqual(placed(doc, readAll ? 'all' : 'each'), placed(fresh, 'all'));
          assert.equal(doc.preamble.end, fresh.preamble.end);
          versions.push({ doc, blocks: placed(fresh, 'all') });
        }
        // A later parse moved nothing of an earlier one.
        for (const v of versions) assert.deepEqual(placed(v.doc, 'each'), v.blocks);
      }),
      { numRuns: Number(process.env.NOARKQ_PROPERTY_RUNS ?? 100) },
    );
  });

  it('returns the previous document itself when the text is unchanged', () => {
    const doc = parseDocument(sample);
    assert.equal(parseDocument(sample, doc), doc);
  });
});

describe('navigation and scope', () => {
  it('finds the block at an offset and maps spans', () => {
    const doc = parseDocument(sample);
    assert.equal(blockAt(doc, 0), doc.preamble);
    assert.equal(blockAt(doc, doc.blocks[2].start), doc.blocks[2]);
    assert.equal(blockAt(doc, doc.blocks[2].start - 1), doc.blocks[1]);
    assert.equal(blockAt(doc, sample.length), doc.blocks[4]);
    assert.equal(allBlocks(doc).length, 6);
  });

  it('lists block variables first (block-relative), then file variables, then the environment', () => {
    const text = '@year = 2024\n### a\n@year = 2023\n@seq = 1\nQUERY Saksmappe\nWHERE saksaar = @year && sakssekvensnummer = @seq\n';
    const doc = parseDocument(text);
    const block = doc.blocks[0];
    const vars = visibleVariables(doc, block, { token: 'abc' });
    assert.deepEqual(vars.map((v) => [v.name, v.scope]), [['year', 'block'], ['seq', 'block'], ['year', 'file'], ['token', 'environment']]);
    // Every span, shifted by the block's start, lands on the declaration in the document.
    for (const v of vars.filter((x) => x.span)) {
      assert.equal(text.slice(v.span!.start + block.start, v.span!.end + block.start), `@${v.name}`);
    }
  });
});

describe('checkDocument', () => {
  it('runs the query checker with the visible variables and shifts its diagnostics', () => {
    const text = '@year = 2024\n### a\nQUERY Saksmappe\nWHERE saksaar = @year && sakssekvensnummer = @seq\n';
    const diags = checkDocument(parseDocument(text), { model: noarkModel });
    const undefinedParam = diags.find((d) => d.code === 'noarkq.param-undefined');
    assert.ok(undefinedParam, JSON.stringify(diags));
    assert.equal(text.slice(undefinedParam.start, undefinedParam.end), '@seq');
    assert.ok(!diags.some((d) => text.slice(d.start, d.end) === '@year'));
  });

  it('takes environment variables as defined', () => {
    const text = '### a\nQUERY Saksmappe\nWHERE saksaar = @year\n';
    assert.deepEqual(checkDocument(parseDocument(text), { model: noarkModel, environment: { year: 2024 } }), []);
  });

  it('keeps checking the other blocks when one is broken', () => {
    const text = '### a\nQEURY Saksmappe\n### b\nGET code-list\n### c\nTRANSACTION\n{ "actions": [ }\n';
    const codes = checkDocument(parseDocument(text), { model: noarkModel }).map((d) => d.code);
    assert.ok(codes.includes('noarkq.unknown-request'));
    assert.ok(codes.includes('noarkq.unknown-endpoint'));
    assert.ok(codes.includes('noarkq.invalid-json'));
  });

  it('reports several JSON errors at one place as one diagnostic that names them all', () => {
    const text = 'TRANSACTION\n{"actions": [\n';
    const json = checkDocument(parseDocument(text), { model: noarkModel }).filter((d) => d.code === 'noarkq.invalid-json');
    assert.deepEqual(
      json.map((d) => [text.slice(d.start, d.end), d.message]),
      [['[', 'The array is not closed: add `]`. The object is not closed: add `}`.']],
    );
    const separate = 'TRANSACTION\n{"actions": [1 2 3]}\n';
    const two = checkDocument(parseDocument(separate), { model: noarkModel }).filter((d) => d.code === 'noarkq.invalid-json');
    assert.deepEqual(two.map((d) => separate.slice(d.start, d.end)), ['2', '3']);
  });

  it('never throws on any prefix or damaged variant of a real file', () => {
    const variants: string[] = [];
    for (let i = 0; i <= sample.length; i += 3) variants.push(sample.slice(0, i), sample.slice(i));
    for (const cut of ['{{', '}}', '"', '[', '\n', '###', '@', '=']) variants.push(sample.split(cut).join(''));
    for (const v of variants) {
      const doc = parseDocument(v);
      const diags = checkDocument(doc, { model: noarkModel });
      for (const d of diags) {
        assert.ok(d.start >= 0 && d.end <= v.length && d.start <= d.end, `${d.code} ${d.start}-${d.end} in ${v.length}`);
        assert.notEqual(d.code, 'noarkq.internal-error', d.message);
      }
    }
  });
});
