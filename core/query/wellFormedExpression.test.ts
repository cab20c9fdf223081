import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ExpressionParser } from './queryParser';
import { QueryScanner } from './queryScanner';
import { readWellFormedExpression } from './wellFormedExpression';

/** The fast path's result and the recovering parser's, on `text[start, end)` shifted by `delta`. */
function both(text: string, start = 0, end = text.length, delta = 0) {
  const fast = readWellFormedExpression(new QueryScanner(text, start, end, delta));
  const parser = new ExpressionParser(text, start, end, delta);
  const full = parser.parseExpression();
  return { fast, full, diagnostics: parser.diagnostics };
}

describe('well-formed expression fast path', () => {
  it('builds exactly the AST of the recovering parser', () => {
    for (const text of [
      'tittel %= @title && saksaar = @year',
      'saksaar = [@from:@to}',
      '  refArkivdel.refArkiv.tittel%=@t&&saksaar={ @a : @b ]  ',
      'refPrimaerKlasse.id = @c && (refEksternId = @n || refEksternId.eksterntSystem != @sys)',
      '#a1.id = @p1 && #a2 = @p2',
      'a = @a || b = @b && c = @c || (d = @d)',
      '((a = @a))',
      'a=@a && b=@b && c=@c && d=@d && e=@e',
      'a=@a || b=@b || c=@c || d=@d || e=@e',
      'år\t=\n@år && x_1 != @y_2',
      'a\u00a0=\u00a0@b',
      '   ',
      '',
    ]) {
      const { fast, full, diagnostics } = both(text);
      assert.deepEqual(diagnostics, [], text);
      // Five operands are left to the recovering parser; every other case here is read directly.
      if (!/e=@e/.test(text)) assert.notEqual(fast, null, text);
      if (fast !== null) assert.deepStrictEqual(fast, full, text);
    }
  });

  it('reports offsets of a slice and of a masked copy like the recovering parser', () => {
    const text = 'QUERY X\nWHERE a.b = @c && (#k = [@d:@e})\nLIMIT 1';
    const start = text.indexOf('a.b');
    const end = text.indexOf('\nLIMIT');
    const slice = both(text, start, end);
    assert.deepStrictEqual(slice.fast, slice.full);
    assert.equal(slice.fast?.start, start);
    const masked = both(text.slice(start, end), 0, end - start, start);
    assert.deepStrictEqual(masked.fast, slice.full);
  });

  it('leaves everything that needs a diagnostic or a literal to the recovering parser', () => {
    for (const text of [
      'tittel == @t',
      'tittel = ',
      'tittel = @t &&',
      'tittel = @t and x = @y',
      'tittel = "Søknad"',
      'saksaar = [1:2]',
      'a . b = @c',
      '(a = @a',
      'a = @a)',
      '()',
      'a = @',
      '# = @x',
      'a = @a b = @b',
      'a = @a & b = @b',
    ]) {
      assert.equal(readWellFormedExpression(new QueryScanner(text, 0, text.length)), null, text);
    }
  });
});
