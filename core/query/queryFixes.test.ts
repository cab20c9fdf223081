/** Quick fixes: applying a fix's edits gives the expected text (and that text is clean). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { JsonValue } from '../jsonValue';
import { applyEdits, describeDiagnostics, runQuery } from '../../test/fixtures/queryFixtures';

const fileVariables: Record<string, JsonValue> = { t: 'x', a: 'A', b: 'B', y: 2024, s: 'B' };

function fixed(text: string, code: string, index = 0): string {
  const { diagnostics } = runQuery(text, { fileVariables });
  const d = diagnostics.filter((x) => x.code === code)[index];
  assert.ok(d, `no ${code} in ${JSON.stringify(describeDiagnostics(text, diagnostics))}`);
  assert.ok(d.fixes && d.fixes.length > 0, `${code} has no fix`);
  return applyEdits(text, d.fixes[0].edits);
}

function assertClean(text: string): void {
  assert.deepEqual(describeDiagnostics(text, runQuery(text, { fileVariables }).diagnostics), []);
}

describe('query quick fixes', () => {
  it('moves a literal into a block variable named after the field', () => {
    const out = fixed('QUERY Saksmappe\nWHERE tittel = "Søknad"', 'noarkq.literal-in-query');
    assert.equal(out, '@tittel = "Søknad"\nQUERY Saksmappe\nWHERE tittel = @tittel');
    assertClean(out);
  });

  it('keeps literal names unique against variables and other literals', () => {
    const text = '@saksaar = 1999\nQUERY Saksmappe\nWHERE saksaar = 2024 || saksaar = @saksaar || saksdato = [\'2024-01-01\':*]';
    const { diagnostics } = runQuery(text, { fileVariables });
    const literalFixes = diagnostics.filter((d) => d.code === 'noarkq.literal-in-query').map((d) => d.fixes![0].edits[0].newText);
    assert.deepEqual(literalFixes, ['@saksaar2 = 2024\n', '@saksdatoFrom = "2024-01-01"\n', '@saksdatoTo = "*"\n']);
  });

  it('turns bare words into JSON strings, and true/false/null into JSON literals', () => {
    assert.equal(fixed('QUERY Journalpost\nWHERE journalposttype = I', 'noarkq.literal-in-query'), '@journalposttype = "I"\nQUERY Journalpost\nWHERE journalposttype = @journalposttype');
    assert.equal(fixed('QUERY Journalpost\nWHERE refMappe = null', 'noarkq.literal-in-query'), '@refMappe = null\nQUERY Journalpost\nWHERE refMappe = @refMappe');
  });

  it('defines an undefined parameter above the QUERY line', () => {
    assert.equal(fixed('QUERY Saksmappe\nWHERE tittel = @title', 'noarkq.param-undefined'), '@title = \nQUERY Saksmappe\nWHERE tittel = @title');
  });

  it('renames an invalid parameter everywhere, its block variable included', () => {
    const out = fixed('@my_title = "x"\nQUERY Saksmappe\nWHERE tittel = @my_title || offentligTittel = @my_title', 'noarkq.param-name-invalid');
    assert.equal(out, '@myTitle = "x"\nQUERY Saksmappe\nWHERE tittel = @myTitle || offentligTittel = @myTitle');
    assertClean(out);
  });

  it('rule 6: splits the same to-many path into two JOIN aliases', () => {
    const out = fixed('QUERY Saksmappe\nWHERE refSekundaerKlasse.klasseIdent = @a && refSekundaerKlasse.klasseIdent = @b\nLIMIT 10', 'noarkq.same-path-twice');
    assert.equal(
      out,
      'QUERY Saksmappe\nJOIN #sekundaerKlasse1 = refSekundaerKlasse\nJOIN #sekundaerKlasse2 = refSekundaerKlasse\nWHERE #sekundaerKlasse1.klasseIdent = @a && #sekundaerKlasse2.klasseIdent = @b\nLIMIT 10',
    );
    assertClean(out);
  });

  it('adds the parentheses that show && precedence', () => {
    const out = fixed('QUERY Saksmappe\nWHERE tittel = @t && saksaar = @y || saksstatus = @s && tittel = @a', 'noarkq.mixed-and-or');
    assert.equal(out, 'QUERY Saksmappe\nWHERE (tittel = @t && saksaar = @y) || (saksstatus = @s && tittel = @a)');
    assertClean(out);
  });

  it('corrects misspelt fields, types and aliases', () => {
    assert.equal(fixed('QUERY Saksmappe\nWHERE tittl = @t', 'noarkq.unknown-field'), 'QUERY Saksmappe\nWHERE tittel = @t');
    assert.equal(fixed('QUERY journalpost\nWHERE tittel = @t', 'noarkq.unknown-type'), 'QUERY Journalpost\nWHERE tittel = @t');
    const alias = fixed('QUERY Saksmappe\nWHERE #klase.id = @a\nJOIN #klasse = refSekundaerKlasse', 'noarkq.alias-undefined');
    assert.equal(alias, 'QUERY Saksmappe\nWHERE #klasse.id = @a\nJOIN #klasse = refSekundaerKlasse');
    assertClean(alias);
  });

  it('compares a reference by id', () => {
    const out = fixed('QUERY Journalpost\nWHERE refMappe = @a', 'noarkq.reference-comparison');
    assert.equal(out, 'QUERY Journalpost\nWHERE refMappe.id = @a');
    assertClean(out);
  });

  it('replaces operators: %= on a number, != before a range, == and &', () => {
    assert.equal(fixed('QUERY Saksmappe\nWHERE saksaar %= @y', 'noarkq.like-on-non-string'), 'QUERY Saksmappe\nWHERE saksaar = @y');
    assert.equal(fixed('QUERY Saksmappe\nWHERE saksaar != [@y:@y]', 'noarkq.range-needs-equals'), 'QUERY Saksmappe\nWHERE saksaar = [@y:@y]');
    assert.equal(fixed('QUERY Saksmappe\nWHERE tittel == @t & saksaar = @y', 'noarkq.syntax-invalid-operator', 1), 'QUERY Saksmappe\nWHERE tittel == @t && saksaar = @y');
  });

  it('removes an unused JOIN line and caps LIMIT', () => {
    const out = fixed('QUERY Saksmappe\nJOIN #k1 = refSekundaerKlasse\nLIMIT 1000', 'noarkq.alias-unused');
    assert.equal(out, 'QUERY Saksmappe\nLIMIT 1000');
    assert.equal(fixed(out, 'noarkq.limit-too-large'), 'QUERY Saksmappe\nLIMIT 500');
  });

  it('puts a clause written on the QUERY line on its own line', () => {
    const out = fixed('QUERY Saksmappe WHERE tittel = @t', 'noarkq.syntax-unexpected-token');
    assert.equal(out, 'QUERY Saksmappe\nWHERE tittel = @t');
    assertClean(out);
  });
});
