import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { doctypes, maxQueryLength, parseSearchArguments } from './searchArguments';

describe('parseSearchArguments', () => {
  test('takes the five collections and a query; either may be left out', () => {
    assert.deepEqual(
      doctypes.map((d) => d.doctype),
      ['Tekst', 'Korrespondansepart', 'Registrering', 'Mappe', 'Arkivdel'],
    );
    assert.deepEqual(parseSearchArguments('Mappe', '  byggesak '), { ok: true, value: { doctype: 'Mappe', query: 'byggesak' } });
    assert.deepEqual(parseSearchArguments(undefined, undefined), { ok: true, value: { doctype: undefined, query: undefined } });
    assert.deepEqual(parseSearchArguments('Tekst', undefined), { ok: true, value: { doctype: 'Tekst', query: undefined } });
  });

  test('bad arguments get an error naming the argument and the problem', () => {
    const error = (d: unknown, q: unknown) => {
      const parsed = parseSearchArguments(d, q);
      assert.equal(parsed.ok, false);
      return (parsed as { error: string }).error;
    };
    assert.match(error('Saksmappe', 'x'), /first argument: the doctype must be one of Tekst, Korrespondansepart, Registrering, Mappe, Arkivdel, not "Saksmappe"/);
    assert.match(error(3, 'x'), /first argument: .* not number/);
    assert.match(error('Tekst', ''), /second argument: the query is empty/);
    assert.match(error('Tekst', '   '), /second argument: the query is empty/);
    assert.match(error('Tekst', { query: 'x' }), /second argument: the query must be text, not object/);
    assert.match(error('Tekst', 'x'.repeat(maxQueryLength + 1)), /longer than 1000 characters/);
  });
});
