/**
 * One row per diagnostic code: a bad fixture that must produce the code exactly on the marked
 * `«range»`, and a good fixture that must not produce it at all. A catalogue code without a row
 * fails the suite.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { JsonValue } from '../jsonValue';
import { noarkModel } from '../schema/index';
import type { NoarkModel } from '../schema/types';
import { queryDiagnosticCodes } from './queryDiagnosticCodes';
import { describeDiagnostics, runQuery, unmark } from '../../test/fixtures/queryFixtures';

interface Row {
  code: string;
  bad: string;
  good: string;
  fileVariables?: Record<string, JsonValue>;
  model?: NoarkModel;
}

/** The real model with Sakspart marked not queryable (the real model has no such type). */
const modelWithUnqueryableType: NoarkModel = {
  ...noarkModel,
  types: noarkModel.types.map((t) => (t.name === 'Sakspart' ? { ...t, queryable: false } : t)),
  getType: (name) => {
    const t = noarkModel.getType(name);
    return t && t.name === 'Sakspart' ? { ...t, queryable: false } : t;
  },
  concreteTypes: (n) => noarkModel.concreteTypes(n),
  isAssignable: (a, b) => noarkModel.isAssignable(a, b),
  lookupMember: (t, n) => noarkModel.lookupMember(t, n),
  memberNames: (t) => noarkModel.memberNames(t),
  codeLists: noarkModel.codeLists,
};

const vars = { t: 'Søknad', y: 2024, s: 'B', a: 'A1', b: 'B2', d: '2024-01-31', ts: '2024-08-01T00:00:00.000+0200', n: null, from: 2020, to: 2024 };

const rows: Row[] = [
  // syntax
  { code: 'noarkq.syntax-unexpected-token', bad: 'QUERY Saksmappe\nWHERE tittel = @t && «@a :» saksaar = @y', good: 'QUERY Saksmappe\nWHERE tittel = @t && saksaar = @y' },
  { code: 'noarkq.syntax-missing-operand', bad: 'QUERY Saksmappe\nWHERE tittel «=» && saksaar = @y', good: 'QUERY Saksmappe\nWHERE tittel = @t && saksaar = @y' },
  { code: 'noarkq.syntax-missing-operator', bad: 'QUERY Saksmappe\nWHERE tittel = @t «saksaar» = @y', good: 'QUERY Saksmappe\nWHERE tittel = @t && saksaar = @y' },
  { code: 'noarkq.syntax-invalid-operator', bad: 'QUERY Saksmappe\nWHERE tittel «==» @t', good: 'QUERY Saksmappe\nWHERE tittel = @t' },
  { code: 'noarkq.syntax-unbalanced', bad: 'QUERY Saksmappe\nWHERE «(»tittel = @t || saksaar = @y', good: 'QUERY Saksmappe\nWHERE (tittel = @t || saksaar = @y)' },
  { code: 'noarkq.syntax-malformed-range', bad: 'QUERY Saksmappe\nWHERE saksaar = «[@from @to»]', good: 'QUERY Saksmappe\nWHERE saksaar = [@from:@to]' },
  { code: 'noarkq.syntax-missing-field', bad: 'QUERY Saksmappe\nWHERE refArkivdel«.» = @t', good: 'QUERY Saksmappe\nWHERE refArkivdel.id = @t' },
  { code: 'noarkq.syntax-unterminated-string', bad: 'QUERY Saksmappe\nWHERE tittel = «"Søknad»', good: 'QUERY Saksmappe\nWHERE tittel = @t' },
  { code: 'noarkq.syntax-empty-expression', bad: 'QUERY Saksmappe\n«WHERE»\nLIMIT 1', good: 'QUERY Saksmappe\nWHERE\n  tittel = @t\nLIMIT 1' },
  // request structure
  { code: 'noarkq.missing-type', bad: '«QUERY»\nWHERE tittel = @t', good: 'QUERY Saksmappe\nWHERE tittel = @t' },
  { code: 'noarkq.unknown-clause', bad: 'QUERY Saksmappe\n«ORDER» BY tittel', good: 'QUERY Saksmappe\nSORT tittel' },
  { code: 'noarkq.duplicate-clause', bad: 'QUERY Saksmappe\nLIMIT 1\n«LIMIT» 2', good: 'QUERY Saksmappe\nLIMIT 1\nOFFSET 2' },
  { code: 'noarkq.invalid-number', bad: 'QUERY Saksmappe\nLIMIT «ten»', good: 'QUERY Saksmappe\nLIMIT 10' },
  { code: 'noarkq.invalid-boolean', bad: 'QUERY Saksmappe\nPUBLICUSE «yes»', good: 'QUERY Saksmappe\nPUBLICUSE false' },
  { code: 'noarkq.join-malformed', bad: 'QUERY Saksmappe\nWHERE #k1.klasseIdent = @a\nJOIN «k1» = refSekundaerKlasse', good: 'QUERY Saksmappe\nWHERE #k1.klasseIdent = @a\nJOIN #k1 = refSekundaerKlasse' },
  { code: 'noarkq.sort-malformed', bad: 'QUERY Saksmappe\nSORT tittel «UP»', good: 'QUERY Saksmappe\nSORT tittel DESC, saksaar' },
  // types, fields, references
  { code: 'noarkq.unknown-type', bad: 'QUERY «Saksmapp»\nWHERE tittel = @t', good: 'QUERY Saksmappe\nWHERE tittel = @t' },
  { code: 'noarkq.type-not-queryable', bad: 'QUERY «Sakspart»', good: 'QUERY Saksmappe', model: modelWithUnqueryableType },
  { code: 'noarkq.unknown-field', bad: 'QUERY Saksmappe\nWHERE refArkivdel.«tittl» = @t', good: 'QUERY Saksmappe\nWHERE refArkivdel.tittel = @t' },
  { code: 'noarkq.not-a-reference', bad: 'QUERY Saksmappe\nWHERE «tittel».id = @t', good: 'QUERY Saksmappe\nWHERE refPrimaerKlasse.id = @t' },
  { code: 'noarkq.partial-member', bad: 'QUERY AbstraktMappe\nWHERE «saksaar» = @y', good: 'QUERY AbstraktMappe\nWHERE tittel = @t' },
  { code: 'noarkq.field-not-queryable', bad: 'QUERY Saksmappe\nWHERE «virksomhetsspesifikkeMetadata» = @t', good: 'QUERY Saksmappe\nWHERE offentligTittel = @t' },
  { code: 'noarkq.literal-in-query', bad: 'QUERY Saksmappe\nWHERE tittel = «"Søknad"»', good: 'QUERY Saksmappe\nWHERE tittel = @t' },
  { code: 'noarkq.like-on-non-string', bad: 'QUERY Saksmappe\nWHERE saksaar «%=» @y', good: 'QUERY Saksmappe\nWHERE tittel %= @t' },
  { code: 'noarkq.range-on-invalid-type', bad: 'QUERY Saksmappe\nWHERE tittel = «[@a:@b]»', good: 'QUERY Saksmappe\nWHERE saksdato = [@d:@d}' },
  { code: 'noarkq.range-needs-equals', bad: 'QUERY Saksmappe\nWHERE saksaar «!=» [@from:@to]', good: 'QUERY Saksmappe\nWHERE saksaar = [@from:@to]' },
  { code: 'noarkq.reference-comparison', bad: 'QUERY Saksmappe\nWHERE refEksternId = «@t»', good: 'QUERY Saksmappe\nWHERE refEksternId = @n' },
  // parameters
  { code: 'noarkq.param-name-invalid', bad: '@my_title = "x"\nQUERY Saksmappe\nWHERE tittel = «@my_title»', good: '@myTitle = "x"\nQUERY Saksmappe\nWHERE tittel = @myTitle' },
  { code: 'noarkq.param-undefined', bad: 'QUERY Saksmappe\nWHERE tittel = «@title»', good: '@title = "x"\nQUERY Saksmappe\nWHERE tittel = @title' },
  { code: 'noarkq.param-unused', bad: '«@extra» = 1\nQUERY Saksmappe\nWHERE tittel = @t', good: '@extra = "x"\nQUERY Saksmappe\nWHERE tittel = @extra' },
  { code: 'noarkq.param-type-mismatch', bad: 'QUERY Saksmappe\nWHERE saksaar = «@t»', good: 'QUERY Saksmappe\nWHERE saksaar = @y' },
  { code: 'noarkq.param-coerced', bad: 'QUERY Saksmappe\nWHERE tittel = «@y»', good: 'QUERY Saksmappe\nWHERE saksaar = @y' },
  { code: 'noarkq.param-date-on-timestamp', bad: 'QUERY Journalpost\nWHERE opprettetDato = [«@d»:@d]', good: 'QUERY Journalpost\nWHERE registreringsDato = [@d:@d]' },
  { code: 'noarkq.param-timestamp-on-date', bad: 'QUERY Saksmappe\nWHERE saksdato = [«@ts»:@d]', good: 'QUERY Saksmappe\nWHERE saksdato = [@d:@d]' },
  // joins
  { code: 'noarkq.alias-name-invalid', bad: 'QUERY Saksmappe\nWHERE #k_1.klasseIdent = @a\nJOIN «#k_1» = refSekundaerKlasse', good: 'QUERY Saksmappe\nWHERE #k1.klasseIdent = @a\nJOIN #k1 = refSekundaerKlasse' },
  { code: 'noarkq.alias-undefined', bad: 'QUERY Saksmappe\nWHERE «#k2».klasseIdent = @a\nJOIN #k1 = refSekundaerKlasse', good: 'QUERY Saksmappe\nWHERE #k1.klasseIdent = @a\nJOIN #k1 = refSekundaerKlasse' },
  { code: 'noarkq.alias-unused', bad: 'QUERY Saksmappe\nWHERE tittel = @t\nJOIN «#k1» = refSekundaerKlasse', good: 'QUERY Saksmappe\nWHERE #k1.id = @a\nJOIN #k1 = refSekundaerKlasse' },
  { code: 'noarkq.alias-duplicate', bad: 'QUERY Saksmappe\nWHERE #k1.id = @a\nJOIN #k1 = refSekundaerKlasse\nJOIN «#k1» = refEksternId', good: 'QUERY Saksmappe\nWHERE #k1.id = @a && #k2.id = @b\nJOIN #k1 = refSekundaerKlasse\nJOIN #k2 = refSekundaerKlasse' },
  { code: 'noarkq.alias-cycle', bad: 'QUERY Arkivdel\nWHERE #a.tittel = @t\nJOIN #a = #b.refArkivdel\nJOIN #b = «#a».refArkiv', good: 'QUERY Journalpost\nWHERE #fonds.tittel = @t\nJOIN #fonds = #series.refArkiv\nJOIN #series = refArkivdel' },
  { code: 'noarkq.same-path-twice', bad: 'QUERY Saksmappe\nWHERE refSekundaerKlasse.klasseIdent = @a && «refSekundaerKlasse.klasseIdent» = @b', good: 'QUERY Saksmappe\nWHERE refSekundaerKlasse.klasseIdent = @a || refSekundaerKlasse.klasseIdent = @b' },
  // sort, paging, style
  { code: 'noarkq.sort-on-reference', bad: 'QUERY Saksmappe\nSORT «refArkivdel»', good: 'QUERY Saksmappe\nSORT saksdato' },
  { code: 'noarkq.sort-not-sortable', bad: 'QUERY Saksmappe\nSORT «saksstatus»', good: 'QUERY Saksmappe\nSORT saksaar DESC' },
  { code: 'noarkq.limit-too-large', bad: 'QUERY Saksmappe\nLIMIT «501»', good: 'QUERY Saksmappe\nLIMIT 500' },
  { code: 'noarkq.negative-limit', bad: 'QUERY Saksmappe\nLIMIT «-1»', good: 'QUERY Saksmappe\nLIMIT 0' },
  { code: 'noarkq.negative-offset', bad: 'QUERY Saksmappe\nOFFSET «-5»', good: 'QUERY Saksmappe\nOFFSET 5' },
  { code: 'noarkq.mixed-and-or', bad: 'QUERY Saksmappe\nWHERE tittel = @t && saksaar = @y «||» saksstatus = @s', good: 'QUERY Saksmappe\nWHERE (tittel = @t && saksaar = @y) || saksstatus = @s' },
];

describe('query diagnostic catalogue', () => {
  it('has a row for every code, and every row names a catalogued code', () => {
    const catalogued = new Set(queryDiagnosticCodes.map((c) => c.code));
    const covered = new Set(rows.map((r) => r.code));
    assert.deepEqual([...catalogued].filter((c) => !covered.has(c)), [], 'codes without a row');
    assert.deepEqual([...covered].filter((c) => !catalogued.has(c)), [], 'rows for unknown codes');
  });

  it('lists each code once with the noarkq. prefix and a description', () => {
    const codes = queryDiagnosticCodes.map((c) => c.code);
    assert.equal(new Set(codes).size, codes.length);
    for (const c of queryDiagnosticCodes) {
      assert.match(c.code, /^noarkq\.[a-z]+(-[a-z]+)*$/);
      assert.ok(c.description.length > 10, c.code);
    }
  });
});

describe('query diagnostics', () => {
  const severity = new Map(queryDiagnosticCodes.map((c) => [c.code, c.severity]));
  for (const row of rows) {
    const options = { fileVariables: row.fileVariables ?? vars, model: row.model };
    it(`${row.code}: reported on the marked range`, () => {
      const { text, span } = unmark(row.bad);
      assert.ok(span, 'bad fixture needs a «marked» range');
      const { diagnostics } = runQuery(text, options);
      const hit = diagnostics.find((d) => d.code === row.code && d.start === span.start && d.end === span.end);
      assert.ok(hit, `expected ${row.code}@${JSON.stringify(text.slice(span.start, span.end))}, got ${JSON.stringify(describeDiagnostics(text, diagnostics))}`);
      assert.equal(hit.severity, severity.get(row.code));
      assert.ok(hit.message.length > 20, 'the message says what to do');
    });
    it(`${row.code}: the good example is clean`, () => {
      // Not just "without this code": a good example must not trade one diagnostic for another.
      const { diagnostics } = runQuery(row.good, options);
      assert.deepEqual(describeDiagnostics(row.good, diagnostics), []);
    });
  }
});
