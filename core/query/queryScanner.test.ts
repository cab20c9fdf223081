import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanQueryTokens } from './queryScanner';

/** `kind:text` per token, for compact assertions. */
function tokens(text: string, start?: number, end?: number): string[] {
  return scanQueryTokens(text, start, end).map((t) => `${t.kind}:${text.slice(t.start, t.end)}`);
}

describe('query scanner', () => {
  it('scans a comparison with a chain, a range and both logical operators', () => {
    assert.deepEqual(tokens('refArkivdel.refArkiv.tittel %= @t && (saksaar=[@a:@b} || x != @c)'), [
      'ident:refArkivdel', 'dot:.', 'ident:refArkiv', 'dot:.', 'ident:tittel', 'like:%=', 'param:@t', 'and:&&',
      'lparen:(', 'ident:saksaar', 'eq:=', 'lbracket:[', 'param:@a', 'colon::', 'param:@b', 'rbrace:}', 'or:||',
      'ident:x', 'neq:!=', 'param:@c', 'rparen:)',
    ]);
  });

  it('tokenizes near-misses so they can be explained', () => {
    assert.deepEqual(tokens('@my_param #a_1 == < > <= >= & | ! 12 -3.5e2 "x y" \'z\' *'), [
      'param:@my_param', 'alias:#a_1', 'eqeq:==', 'lt:<', 'gt:>', 'le:<=', 'ge:>=', 'amp:&', 'pipe:|', 'bang:!',
      'number:12', 'number:-3.5e2', 'string:"x y"', "string:'z'", 'star:*',
    ]);
  });

  it('keeps a bare @ and # as empty names, and unknown characters as single tokens', () => {
    assert.deepEqual(tokens('@ # ; % -'), ['param:@', 'alias:#', 'unknown:;', 'unknown:%', 'unknown:-']);
  });

  it('reads non-ASCII letters as part of a name', () => {
    assert.deepEqual(tokens('år = @år'), ['ident:år', 'eq:=', 'param:@år']);
  });

  it('stops an unterminated string at the end of the line', () => {
    assert.deepEqual(tokens('"abc\nx = @y'), ['string:"abc', 'ident:x', 'eq:=', 'param:@y']);
  });

  it('handles escaped quotes inside strings', () => {
    assert.deepEqual(tokens('"a\\"b" x'), ['string:"a\\"b"', 'ident:x']);
  });

  it('scans only the given slice and reports offsets in the whole text', () => {
    const text = 'QUERY X\nWHERE a = @b\nLIMIT 1';
    const start = text.indexOf('a =');
    const result = scanQueryTokens(text, start, text.indexOf('\nLIMIT'));
    assert.deepEqual(result.map((t) => [t.start, t.end]), [[start, start + 1], [start + 2, start + 3], [start + 4, start + 6]]);
  });

  it('returns no tokens for blank input', () => {
    assert.deepEqual(tokens(' \t\r\n '), []);
  });
});
