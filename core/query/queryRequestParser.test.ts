import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseQueryRequest } from './queryRequestParser';
import { expressionText, pathText } from './querySerializer';

function parse(text: string, start = 0, end = text.length) {
  return parseQueryRequest(text, start, end);
}

function codes(text: string): string[] {
  return parse(text).diagnostics.map((d) => `${d.code}@${JSON.stringify(text.slice(d.start, d.end))}`);
}

describe('QUERY request parser', () => {
  it('parses every clause, keywords case-insensitively', () => {
    const text = 'query Saksmappe\nwhere saksaar = @year\nJoin #k1 = refSekundaerKlasse\nsort saksaar desc, tittel\nLimit 10\nOFFSET 20\npublicuse false\n';
    const { request, diagnostics } = parse(text);
    assert.deepEqual(diagnostics, []);
    assert.equal(request.type?.name, 'Saksmappe');
    assert.equal(expressionText(request.where!.expression!), 'saksaar = @year');
    assert.deepEqual(request.joins.map((j) => [j.alias?.name, j.path && pathText(j.path)]), [['k1', 'refSekundaerKlasse']]);
    assert.deepEqual(request.sort!.items.map((i) => [pathText(i.path), i.order]), [['saksaar', 'desc'], ['tittel', 'asc']]);
    assert.equal(request.limit!.value, 10);
    assert.equal(request.offset!.value, 20);
    assert.equal(request.publicUse!.value, false);
  });

  it('keeps document offsets when the request starts inside a larger text', () => {
    const text = '@year = 2024\n### find\nQUERY Saksmappe\nWHERE saksaar = @year\n### next\nGET code-lists';
    const start = text.indexOf('QUERY');
    const end = text.indexOf('### next');
    const { request } = parse(text, start, end);
    assert.equal(request.start, start);
    assert.equal(text.slice(request.type!.start, request.type!.end), 'Saksmappe');
    const where = request.where!.expression!;
    assert.equal(text.slice(where.start, where.end), 'saksaar = @year');
    assert.equal(request.clauseInsertOffset, text.indexOf('WHERE'));
  });

  it('continues WHERE over several lines, masking comments but not alias lines', () => {
    const text = [
      'QUERY Saksmappe',
      'WHERE saksaar = @year',
      '  # a comment with = and && in it',
      '  // another: tittel =',
      '',
      '  && #k1.klasseIdent = @k',
      '  && tittel %= @t',
      '# trailing comment',
      'JOIN #k1 = refSekundaerKlasse',
    ].join('\n');
    const { request, diagnostics } = parse(text);
    assert.deepEqual(diagnostics, []);
    const e = request.where!.expression!;
    assert.equal(expressionText(e), 'saksaar = @year && #k1.klasseIdent = @k && tittel %= @t');
    assert.equal(text.slice(e.start, e.end).split('\n').at(-1), '  && tittel %= @t');
    assert.equal(request.where!.end, text.indexOf('\n# trailing'));
  });

  it('accepts WHERE alone on its line with the expression below', () => {
    const { request, diagnostics } = parse('QUERY Saksmappe\nWHERE\n  tittel = @t\nLIMIT 1');
    assert.deepEqual(diagnostics, []);
    assert.equal(expressionText(request.where!.expression!), 'tittel = @t');
  });

  it('reports unknown clauses with suggestions', () => {
    assert.deepEqual(codes('QUERY Saksmappe\nWHRE tittel = @t'), ['noarkq.unknown-clause@"WHRE"']);
    const d = parse('QUERY Saksmappe\nWHRE tittel = @t').diagnostics[0];
    assert.match(d.message, /Did you mean WHERE/);
    assert.deepEqual(d.fixes?.[0].edits, [{ start: 16, end: 20, newText: 'WHERE' }]);
    assert.match(parse('QUERY Saksmappe\nORDER BY tittel').diagnostics[0].message, /SORT/);
  });

  it('treats a line after another clause as unknown, not as WHERE text', () => {
    assert.deepEqual(codes('QUERY Saksmappe\nWHERE a = @a\nLIMIT 1\n&& b = @b'), ['noarkq.unknown-clause@"&& b = @b"']);
  });

  it('reports duplicates and keeps the first', () => {
    const text = 'QUERY Saksmappe\nWHERE a = @a\nWHERE b = @b\nLIMIT 1\nLIMIT 2';
    const { request } = parse(text);
    assert.deepEqual(codes(text), ['noarkq.duplicate-clause@"WHERE"', 'noarkq.duplicate-clause@"LIMIT"']);
    assert.equal(expressionText(request.where!.expression!), 'a = @a');
    assert.equal(request.limit!.value, 1);
  });

  it('reports a missing type and text after the type', () => {
    assert.deepEqual(codes('QUERY\nLIMIT 1'), ['noarkq.missing-type@"QUERY"']);
    assert.deepEqual(codes('QUERY Saksmappe WHERE a = @a'), ['noarkq.syntax-unexpected-token@"WHERE a = @a"']);
    const fix = parse('QUERY Saksmappe WHERE a = @a').diagnostics[0].fixes![0];
    assert.deepEqual(fix.edits, [{ start: 15, end: 16, newText: '\n' }]);
  });

  it('checks LIMIT, OFFSET and PUBLICUSE values', () => {
    assert.deepEqual(codes('QUERY X\nLIMIT 1.5\nOFFSET @o\nPUBLICUSE maybe'), [
      'noarkq.invalid-number@"1.5"',
      'noarkq.invalid-number@"@o"',
      'noarkq.invalid-boolean@"maybe"',
    ]);
    assert.deepEqual(codes('QUERY X\nLIMIT'), ['noarkq.invalid-number@"LIMIT"']);
    assert.equal(parse('QUERY X\nOFFSET -3').request.offset!.value, -3);
  });

  it('reports malformed JOIN lines', () => {
    assert.deepEqual(codes('QUERY X\nJOIN k1 = refA'), ['noarkq.join-malformed@"k1"']);
    assert.deepEqual(codes('QUERY X\nJOIN #k1 refA'), ['noarkq.join-malformed@"refA"']);
    assert.deepEqual(codes('QUERY X\nJOIN #k1 ='), ['noarkq.join-malformed@"#k1 ="']);
    assert.deepEqual(codes('QUERY X\nJOIN'), ['noarkq.join-malformed@"JOIN"']);
    assert.deepEqual(codes('QUERY X\nJOIN #k1 = refA extra'), ['noarkq.join-malformed@"extra"']);
    const { request } = parse('QUERY X\nJOIN #fonds = #series.refArkiv');
    assert.equal(request.joins[0].path!.alias!.name, 'series');
  });

  it('reports malformed SORT lines', () => {
    assert.deepEqual(codes('QUERY X\nSORT'), ['noarkq.sort-malformed@"SORT"']);
    assert.deepEqual(codes('QUERY X\nSORT a,'), ['noarkq.sort-malformed@","']);
    assert.deepEqual(codes('QUERY X\nSORT BY a'), ['noarkq.sort-malformed@"BY"']);
  });

  it('reports WHERE without an expression', () => {
    assert.deepEqual(codes('QUERY X\nWHERE\n# only a comment\nLIMIT 1'), ['noarkq.syntax-empty-expression@"WHERE"']);
  });
});
