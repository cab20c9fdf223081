import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { JsonValue } from '../jsonValue';
import { parseQueryRequest } from './queryRequestParser';
import { queryParameterNames, serializeQuery } from './querySerializer';

function body(text: string, values: Record<string, JsonValue> = {}) {
  const { request, diagnostics } = parseQueryRequest(text, 0, text.length);
  assert.deepEqual(diagnostics, []);
  return JSON.stringify(serializeQuery(request, new Map(Object.entries(values))));
}

describe('POST query body', () => {
  it('the typical flow: findCase', () => {
    assert.equal(
      body('QUERY Saksmappe\nWHERE saksaar = @year && sakssekvensnummer = @seq\nLIMIT 1\n', { year: 2024, seq: 17 }),
      '{"type":"Saksmappe","query":"saksaar = @year && sakssekvensnummer = @seq","parameters":{"@year":2024,"@seq":17},"limit":1}',
    );
  });

  it('normalises whitespace: one space around operators, none inside ranges', () => {
    assert.equal(
      body('QUERY Saksmappe\nWHERE   tittel%=@title&&saksaar=[ @from : @to }', { title: 'Map%', from: 2020, to: '*' }),
      '{"type":"Saksmappe","query":"tittel %= @title && saksaar = [@from:@to}","parameters":{"@title":"Map%","@from":2020,"@to":"*"}}',
    );
  });

  it('keeps the user\'s parentheses and the rule 8 null-parameter example', () => {
    assert.equal(
      body('QUERY AbstraktRegistrering\nWHERE refPrimaerKlasse.id = @c &&\n  (refEksternId = @nullParam || refEksternId.eksterntSystem != @sys)', { c: '42', nullParam: null, sys: 'ESA' }),
      '{"type":"AbstraktRegistrering","query":"refPrimaerKlasse.id = @c && (refEksternId = @nullParam || refEksternId.eksterntSystem != @sys)","parameters":{"@c":"42","@nullParam":null,"@sys":"ESA"}}',
    );
  });

  it('rule 7: joins keyed by alias, paths as written (alias chains kept)', () => {
    assert.equal(
      body('QUERY Saksmappe\nWHERE #a1.id = @p1 && #a2.id = @p2\nJOIN #a1 = refSekundaerKlasse\nJOIN #a2 = refSekundaerKlasse', { p1: '1', p2: '2' }),
      '{"type":"Saksmappe","query":"#a1.id = @p1 && #a2.id = @p2","joins":{"#a1":"refSekundaerKlasse","#a2":"refSekundaerKlasse"},"parameters":{"@p1":"1","@p2":"2"}}',
    );
    assert.equal(
      body('QUERY Journalpost\nWHERE #fonds.tittel = @t\nJOIN #series = refArkivdel\nJOIN #fonds = #series.refArkiv', { t: 'X' }),
      '{"type":"Journalpost","query":"#fonds.tittel = @t","joins":{"#series":"refArkivdel","#fonds":"#series.refArkiv"},"parameters":{"@t":"X"}}',
    );
  });

  it('sends each used parameter once, and only used ones', () => {
    assert.equal(
      body('QUERY Saksmappe\nWHERE saksdato = [@d:@d] || opprettetDato = [@d:@e]', { d: '2024-01-01', e: '*', unused: 1 }),
      '{"type":"Saksmappe","query":"saksdato = [@d:@d] || opprettetDato = [@d:@e]","parameters":{"@d":"2024-01-01","@e":"*"}}',
    );
  });

  it('sortOrder defaults to asc; limit, offset and publicUse only when written', () => {
    assert.equal(
      body('QUERY Journalpost\nSORT journalaar DESC, journalsekvensnummer\nOFFSET 0\nPUBLICUSE false'),
      '{"type":"Journalpost","sortOrder":[{"field":"journalaar","order":"desc"},{"field":"journalsekvensnummer","order":"asc"}],"offset":0,"publicUse":false}',
    );
    assert.equal(body('QUERY Arkiv'), '{"type":"Arkiv"}');
  });

  it('throws when a used parameter has no value (a programming error)', () => {
    const text = 'QUERY Saksmappe\nWHERE tittel = @t';
    const { request } = parseQueryRequest(text, 0, text.length);
    assert.throws(() => serializeQuery(request, new Map()), /@t/);
  });

  it('lists the parameters a request needs, in first-use order', () => {
    const text = 'QUERY Saksmappe\nWHERE b = @b && a = [@a:@b] || c = @c';
    assert.deepEqual(queryParameterNames(parseQueryRequest(text, 0, text.length).request), ['b', 'a', 'c']);
  });
});
