import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { comparisonOperatorSpan, logicalOperatorSpans, type Comparison, type Expression, type LogicalExpression, type Range } from './queryAst';
import { parseQueryExpression } from './queryParser';
import { expressionText } from './querySerializer';
import { unmark } from '../../test/fixtures/queryFixtures';

function parse(text: string) {
  return parseQueryExpression(text);
}

function codes(text: string): string[] {
  return parse(text).diagnostics.map((d) => `${d.code}@${JSON.stringify(text.slice(d.start, d.end))}`);
}

function slice(text: string, span: { start: number; end: number } | undefined): string | undefined {
  return span && text.slice(span.start, span.end);
}

describe('query parser: valid expressions', () => {
  it('parses the spec examples without diagnostics and prints them back', () => {
    for (const text of [
      'tittel %= @title && saksaar = @year',
      'saksaar = [@from:@to}',
      'registreringsDato = [@start:@end]',
      'refPrimaerKlasse.id = @c && (refEksternId = @nullParam || refEksternId.eksterntSystem != @sys)',
      'saksstatus = @s && opprettetDato = [@start:@end]',
      '#a1.id = @p1 && #a2.id = @p2',
    ]) {
      const { expression, diagnostics } = parse(text);
      assert.deepEqual(diagnostics, [], text);
      assert.ok(expression);
      assert.equal(expressionText(expression), text);
    }
  });

  it('gives every node its exact range', () => {
    const text = '  refArkivdel.refArkiv.tittel %= @t && saksaar=[@a:@b}';
    const e = parse(text).expression as LogicalExpression;
    assert.equal(e.kind, 'logical');
    assert.equal(e.operator, '&&');
    assert.equal(slice(text, e), 'refArkivdel.refArkiv.tittel %= @t && saksaar=[@a:@b}');
    assert.deepEqual(logicalOperatorSpans(e).map((s) => slice(text, s)), ['&&']);
    const [first, second] = e.operands as Comparison[];
    assert.equal(slice(text, first), 'refArkivdel.refArkiv.tittel %= @t');
    assert.equal(slice(text, first.path), 'refArkivdel.refArkiv.tittel');
    assert.deepEqual(first.path!.segments.map((s) => [s.name, slice(text, s)]), [['refArkivdel', 'refArkivdel'], ['refArkiv', 'refArkiv'], ['tittel', 'tittel']]);
    assert.equal(first.operator, '%=');
    assert.equal(slice(text, comparisonOperatorSpan(first)), '%=');
    assert.equal(slice(text, first.operand), '@t');
    const range = second.operand as Range;
    assert.equal(range.kind, 'range');
    assert.equal(slice(text, range), '[@a:@b}');
    assert.equal(range.lowerInclusive, true);
    assert.equal(range.upperInclusive, false);
    assert.equal(slice(text, range.lower), '@a');
    assert.equal(slice(text, range.upper), '@b');
    assert.equal(range.closed, true);
  });

  it('binds && tighter than || and keeps parentheses as groups', () => {
    const e = parse('a = @a || b = @b && c = @c').expression as LogicalExpression;
    assert.equal(e.operator, '||');
    assert.equal(e.operands.length, 2);
    assert.equal((e.operands[1] as LogicalExpression).operator, '&&');
    const g = parse('(a = @a || b = @b) && c = @c').expression as LogicalExpression;
    assert.equal(g.operator, '&&');
    assert.equal(g.operands[0].kind, 'group');
  });

  it('reads aliases as the start of a path', () => {
    const text = '#k1.klasseIdent = @a';
    const c = parse(text).expression as Comparison;
    assert.equal(c.path!.alias!.name, 'k1');
    assert.equal(slice(text, c.path!.alias), '#k1');
    assert.deepEqual(c.path!.segments.map((s) => s.name), ['klasseIdent']);
  });

  it('keeps literals in operand position for the checker', () => {
    const c = parse("tittel = 'Søknad'").expression as Comparison;
    assert.deepEqual({ kind: c.operand!.kind, value: (c.operand as { value?: unknown }).value }, { kind: 'literal', value: 'Søknad' });
    const w = parse('journalposttype = I && x = true && y = 12').expression as LogicalExpression;
    assert.deepEqual(w.operands.map((o) => ((o as Comparison).operand as { value?: unknown }).value), ['I', true, 12]);
  });

  it('offsets are in the whole text when parsing a slice', () => {
    const text = 'QUERY Saksmappe\nWHERE tittel = @t\n';
    const start = text.indexOf('tittel');
    const c = parseQueryExpression(text, start, text.length - 1).expression as Comparison;
    assert.equal(c.start, start);
    assert.equal(slice(text, c.operand), '@t');
  });

  it('returns no expression and no diagnostic for empty input', () => {
    assert.deepEqual(parse('   '), { expression: undefined, diagnostics: [] });
  });
});

describe('query parser: errors and recovery', () => {
  it('reports a missing operand and still parses the rest (the brief example)', () => {
    const text = 'tittel = && saksaar %= @y';
    const { expression, diagnostics } = parse(text);
    assert.deepEqual(codes(text), ['noarkq.syntax-missing-operand@"="']);
    const e = expression as LogicalExpression;
    assert.equal(e.operands.length, 2);
    assert.equal(expressionText(e.operands[1]), 'saksaar %= @y');
    assert.equal(diagnostics.length, 1);
  });

  it('reports several independent errors in one expression', () => {
    assert.deepEqual(codes('a == @x & b < @y | (c = @z'), [
      'noarkq.syntax-invalid-operator@"=="',
      'noarkq.syntax-invalid-operator@"&"',
      'noarkq.syntax-invalid-operator@"<"',
      'noarkq.syntax-invalid-operator@"|"',
      'noarkq.syntax-unbalanced@"("',
    ]);
  });

  it('implies && after a condition whose parameter is missing at a line end', () => {
    const text = 'tittel =\n  saksaar = @y';
    assert.deepEqual(codes(text), ['noarkq.syntax-missing-operand@"="']);
    assert.equal(expressionText(parse(text).expression!), 'tittel = && saksaar = @y');
  });

  it('reports a missing && between two complete conditions', () => {
    assert.deepEqual(codes('a = @x b = @y'), ['noarkq.syntax-missing-operator@"b"']);
  });

  it('reports a stray ) and keeps going', () => {
    const text = 'a = @x) && b = @y';
    assert.deepEqual(codes(text), ['noarkq.syntax-unbalanced@")"']);
    assert.equal(expressionText(parse(text).expression!), 'a = @x && b = @y');
  });

  it('reports junk once, as one range, and resumes at the next condition', () => {
    assert.deepEqual(codes('a = @x && @y : ] b = @z'), ['noarkq.syntax-unexpected-token@"@y : ]"']);
  });

  it('explains SQL-style and/or words', () => {
    assert.deepEqual(codes('a = @x and b = @y OR c = @z'), ['noarkq.syntax-invalid-operator@"and"', 'noarkq.syntax-invalid-operator@"OR"']);
  });

  it('reports a missing field after a dot and before an operator', () => {
    assert.deepEqual(codes('refArkivdel. = @x'), ['noarkq.syntax-missing-field@"."']);
    assert.deepEqual(codes('= @x'), ['noarkq.syntax-missing-field@"="']);
  });

  it('reports a missing operator before an operand', () => {
    assert.deepEqual(codes('tittel @t'), ['noarkq.syntax-missing-operator@"@t"']);
    assert.deepEqual(codes('tittel'), ['noarkq.syntax-missing-operator@"tittel"']);
  });

  it('reports a field compared with a field', () => {
    assert.deepEqual(codes('tittel = refArkivdel.tittel'), ['noarkq.syntax-unexpected-token@"refArkivdel.tittel"']);
  });

  it('reports malformed ranges precisely', () => {
    assert.deepEqual(codes('a = [@x @y]'), ['noarkq.syntax-malformed-range@"[@x @y"']);
    assert.deepEqual(codes('a = [@x,@y]'), ['noarkq.syntax-malformed-range@","']);
    assert.deepEqual(codes('a = [@x:]'), ['noarkq.syntax-malformed-range@"[@x:"']);
    assert.deepEqual(codes('a = [@x:@y && b = @z'), ['noarkq.syntax-malformed-range@"["']);
    const e = parse('a = [@x:@y && b = @z').expression as LogicalExpression;
    assert.equal(e.operands.length, 2, 'the condition after the unclosed range is still parsed');
  });

  it('reports && or || with nothing on one side', () => {
    assert.deepEqual(codes('&& a = @x'), ['noarkq.syntax-missing-operand@"&&"']);
    assert.deepEqual(codes('a = @x ||'), ['noarkq.syntax-missing-operand@"||"']);
    assert.deepEqual(codes('a = @x && && b = @y'), ['noarkq.syntax-missing-operand@"&&"']);
  });

  it('reports an unterminated string', () => {
    const { text, span } = unmark('tittel = «"abc»');
    const d = parse(text).diagnostics;
    assert.deepEqual(d.map((x) => [x.code, x.start, x.end]), [['noarkq.syntax-unterminated-string', span!.start, span!.end]]);
  });

  it('never throws and always terminates on hostile input', () => {
    const alphabet = ['a', '.', '=', '@p', '#k', '(', ')', '[', ']', '{', '}', ':', '&&', '||', '&', '|', '!', '%=', '"', "'", '1', ' ', '\n', '*', ',', '<', '==', 'and'];
    let seed = 1;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let i = 0; i < 3000; i++) {
      let text = '';
      const n = Math.floor(rnd() * 20);
      for (let j = 0; j < n; j++) text += alphabet[Math.floor(rnd() * alphabet.length)];
      const { expression, diagnostics } = parse(text);
      for (const d of diagnostics) assert.ok(d.start >= 0 && d.end <= text.length && d.start <= d.end, `${JSON.stringify(text)}: ${d.code} ${d.start}-${d.end}`);
      if (expression) assert.ok(expression.start >= 0 && expression.end <= text.length);
    }
  });

  it('handles deep nesting, and refuses absurd nesting without overflowing the stack', () => {
    const depth = 200;
    const text = '('.repeat(depth) + 'a = @x' + ')'.repeat(depth);
    const { expression, diagnostics } = parse(text);
    assert.deepEqual(diagnostics, []);
    let e: Expression | undefined = expression;
    let groups = 0;
    while (e?.kind === 'group') {
      groups++;
      e = e.expression;
    }
    assert.equal(groups, depth);
    const absurd = '('.repeat(20000) + 'a = @x' + ')'.repeat(20000);
    const result = parse(absurd);
    assert.ok(result.diagnostics.some((d) => d.code === 'noarkq.syntax-unexpected-token' && /nested/.test(d.message)));
  });
});
