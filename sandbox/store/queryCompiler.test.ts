import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { JsonValue } from '../../core/jsonValue';
import { parseQueryExpression, type Path } from '../../core/query';
import { noarkModel } from '../../core/schema';
import { compileQuery, QueryCompileError, type CompileQueryInput } from './queryCompiler';
import { isCanonicalSide, linkHop, storedLink } from './linkModel';

function path(text: string): Path {
  const e = parseQueryExpression(`${text} = @x`).expression;
  assert.ok(e && e.kind === 'comparison' && e.path);
  return e.path;
}

function compile(type: string, query: string, parameters: Record<string, JsonValue>, extra: Partial<CompileQueryInput> = {}) {
  const parsed = parseQueryExpression(query);
  assert.deepEqual(parsed.diagnostics, []);
  return compileQuery({
    model: noarkModel,
    type,
    expression: parsed.expression,
    joins: new Map(),
    parameters: new Map(Object.entries(parameters)),
    sort: [],
    limit: 11,
    offset: 0,
    publicUse: true,
    ...extra,
  });
}

const linkJoins = (sql: string) => sql.split('\n').filter((l) => l.startsWith('LEFT JOIN link')).length;

test('links are stored once, under the side that points up the structure', () => {
  assert.deepEqual(linkHop(noarkModel, 'Journalpost', 'refMappe'), { kind: 'forward', ref: 'refMappe' });
  const inverse = linkHop(noarkModel, 'Saksmappe', 'refRegistrering');
  assert.equal(inverse?.kind, 'inverse');
  assert.equal(inverse?.ref, 'refMappe');
  assert.ok(inverse?.kind === 'inverse' && inverse.fromTypes.includes('Journalpost') && !inverse.fromTypes.includes('Dokument'));
  assert.deepEqual(storedLink(noarkModel, 'Saksmappe', 5, 'refRegistrering', 'Journalpost', 9), { fromId: 9, fromType: 'Journalpost', ref: 'refMappe', toId: 5 });
  // Between peers, exactly one side is canonical.
  const secondary = noarkModel.lookupMember('Saksmappe', 'refSekundaerKlasse');
  const other = noarkModel.lookupMember('Klasse', 'refMappeSomSekundaer');
  assert.ok(secondary?.kind === 'reference' && other?.kind === 'reference');
  assert.notEqual(isCanonicalSide(secondary.reference), isCanonicalSide(other.reference));
});

test('each distinct reference path is one join (rule 6)', () => {
  const { sql } = compile('Saksmappe', 'refEksternId.eksterntSystem = @s && refEksternId.eksternID = @i', { s: 'sys', i: '42' });
  assert.equal(linkJoins(sql), 1);
  assert.match(sql, /GROUP BY e0\.id/);
});

test('each JOIN alias is its own join, and aliases chain from aliases (rule 7)', () => {
  const q = parseQueryExpression('#a1.id = @p1 && #a2.klasseIdent = @p2 && #fonds.tittel = @t').expression;
  const { sql } = compileQuery({
    model: noarkModel,
    type: 'Saksmappe',
    expression: q,
    joins: new Map([
      ['a1', path('refSekundaerKlasse')],
      ['a2', path('refSekundaerKlasse')],
      ['series', path('refArkivdel')],
      ['fonds', path('#series.refArkiv')],
    ]),
    parameters: new Map<string, JsonValue>([
      ['p1', '7'],
      ['p2', 'K'],
      ['t', 'T'],
    ]),
    sort: [],
    limit: 10,
    offset: 0,
    publicUse: false,
  });
  assert.equal(linkJoins(sql), 4);
  assert.doesNotMatch(sql, /NOT e0\.screened/);
});

test('values are parameters, never part of the SQL text', () => {
  const evil = "x' OR 1=1 --";
  const { sql, params } = compile('Journalpost', 'tittel %= @t || tittel = @u', { t: `a_b\\%${evil}`, u: evil });
  assert.ok(!sql.includes(evil));
  assert.ok(params.includes(evil));
  // `_` and `\` are literal for %= (only % is a wildcard).
  assert.ok(params.includes(`a\\_b\\\\%${evil}`));
  assert.match(sql, /LIKE \$\d+/);
});

test('ranges: brackets choose inclusive or exclusive bounds, * is an open bound', () => {
  const mixed = compile('Saksmappe', 'saksaar = [@a:@b}', { a: 2020, b: 2024 });
  assert.match(mixed.sql, />= \$\d+::numeric AND .* < \$\d+::numeric/);
  const open = compile('Journalpost', 'registreringsDato = {@a:@b]', { a: '2024-01-01', b: '*' });
  assert.match(open.sql, /registreringsDato'\) > \$\d+\)/);
  assert.doesNotMatch(open.sql, /registreringsDato'\) <=/);
});

test('a null parameter on a reference asks whether the reference is set', () => {
  const { sql } = compile('Saksmappe', 'refEksternId = @none', { none: null });
  assert.match(sql, /l1\.\w+ IS NULL/);
  const set = compile('Saksmappe', 'refEksternId != @none', { none: null });
  assert.match(set.sql, /l1\.\w+ IS NOT NULL/);
});

test('abstract types query their concrete subtypes; the default order is id descending', () => {
  const { sql, params } = compile('AbstraktMappe', 'tittel = @t', { t: 'x' });
  assert.deepEqual(params[0], ['Mappe', 'Saksmappe', 'Moetemappe']);
  assert.match(sql, /ORDER BY e0\.id DESC/);
});

test('sortOrder sorts by the field with the id as tie-breaker; paths cannot be sorted on', () => {
  const { sql } = compile('Saksmappe', 'tittel = @t', { t: 'x' }, { sort: [{ path: path('saksaar'), order: 'asc' }] });
  assert.match(sql, /ORDER BY \(\(e0\.fields->>'saksaar'\)::numeric\) ASC, e0\.id DESC/);
  assert.throws(() => compile('Saksmappe', 'tittel = @t', { t: 'x' }, { sort: [{ path: path('refArkivdel.tittel'), order: 'asc' }] }), QueryCompileError);
});

test('an inverse hop filters the storing side by type', () => {
  const { sql } = compile('Journalpost', 'refKorrespondansepart.korrespondansepartNavn = @n', { n: 'Kari' });
  assert.match(sql, /l1\.to_id = e0\.id AND l1\.ref = \$\d+ AND l1\.from_type = ANY\(\$\d+\)/);
});
