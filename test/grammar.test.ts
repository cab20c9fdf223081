// Tokenizes .noarkq text with the same TextMate engine VS Code uses, so an invalid regex or a
// wrong scope in syntaxes/noarkq.tmLanguage.json fails here rather than in the editor.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { loadTextMateGrammar, tokenize } from './textMateGrammar';

const root = join(__dirname, '..');

const loadGrammar = () => loadTextMateGrammar(join(root, 'syntaxes', 'noarkq.tmLanguage.json'));

function scopeOf(tokens: Array<[string, string[]]>, text: string, nth = 0): string[] {
  const hits = tokens.filter(([t]) => t === text);
  assert.ok(hits.length > nth, `no token "${text}" in ${JSON.stringify(tokens.map(([t]) => t))}`);
  return hits[nth][1];
}

const sample = [
  '# a comment',
  '@year = 2024',
  '### findCase the case file',
  'QUERY Saksmappe',
  'WHERE saksaar = @year && refEksternId.eksterntSystem = @sys',
  '  #k1.klasseIdent = @a',
  'JOIN #k1 = refSekundaerKlasse',
  'SORT tittel DESC',
  'LIMIT 10',
  '### register',
  'TRANSACTION',
  '{ "actions": [ { "action": "link", "linkToId": "{{findCase.results[0].id}}" } ] }',
  '### letter',
  'UPLOAD ./files/a.pdf AS Søknad.pdf',
  '### fetch',
  'DOWNLOAD {{letter.id}} TO ./out.pdf',
  '### codes',
  'GET code-lists?type=Journalpost',
].join('\n');

test('grammar scopes the parts of a .noarkq file', async () => {
  const grammar = await loadGrammar();
  const tokens = tokenize(grammar, sample);
  assert.ok(scopeOf(tokens, '# a comment').includes('comment.line.noarkq'));
  assert.ok(scopeOf(tokens, '@year').includes('variable.other.declaration.noarkq'));
  assert.ok(scopeOf(tokens, '2024').includes('constant.numeric.json'));
  assert.ok(scopeOf(tokens, 'findCase').includes('entity.name.section.block.noarkq'));
  assert.ok(scopeOf(tokens, 'QUERY').includes('keyword.control.request.noarkq'));
  assert.ok(scopeOf(tokens, 'Saksmappe').includes('entity.name.type.noarkq'));
  assert.ok(scopeOf(tokens, 'WHERE').includes('keyword.other.clause.noarkq'));
  assert.ok(scopeOf(tokens, '@sys').includes('variable.parameter.noarkq'));
  assert.ok(scopeOf(tokens, '&&').includes('keyword.operator.logical.noarkq'));
  assert.ok(scopeOf(tokens, 'refEksternId').includes('support.type.reference.noarkq'));
  // A continued WHERE line that starts with an alias path is code, not a comment.
  assert.ok(scopeOf(tokens, '#k1').includes('variable.other.alias.noarkq'));
  assert.ok(!scopeOf(tokens, '#k1').includes('comment.line.noarkq'));
  assert.ok(scopeOf(tokens, 'DESC').includes('keyword.other.order.noarkq'));
  assert.ok(scopeOf(tokens, 'TRANSACTION').includes('keyword.control.request.noarkq'));
  assert.ok(scopeOf(tokens, '"actions"').includes('support.type.property-name.json'));
  assert.ok(scopeOf(tokens, 'findCase.results[0].id').includes('variable.other.reference.noarkq'));
  assert.ok(scopeOf(tokens, 'UPLOAD').includes('keyword.control.request.noarkq'));
  assert.ok(scopeOf(tokens, './files/a.pdf').includes('string.unquoted.path.noarkq'));
  assert.ok(scopeOf(tokens, 'letter.id').includes('variable.other.reference.noarkq'));
  assert.ok(scopeOf(tokens, 'GET').includes('keyword.control.request.noarkq'));
});

test('a ### line ends the JSON body of the block before it', async () => {
  const grammar = await loadGrammar();
  const tokens = tokenize(grammar, 'TRANSACTION\n{ "a": 1\n### next\nQUERY Arkiv');
  assert.ok(scopeOf(tokens, 'next').includes('entity.name.section.block.noarkq'));
  assert.ok(scopeOf(tokens, 'Arkiv').includes('entity.name.type.noarkq'));
});

test('EXPECT and RETRY lines after a query and after a JSON body', async () => {
  const grammar = await loadGrammar();
  const text = [
    '### find',
    'QUERY Saksmappe',
    'WHERE saksaar = @year',
    'EXPECT status = 200',
    'EXPECT results[*].fields.saksaar >= @year',
    '### search',
    'POST full-text/search',
    '{ "query": "x" }',
    'RETRY 20 EVERY 500ms',
    'EXPECT header content-type %= "application/json%"',
    'EXPECT hits ABSENT',
    'EXPECT description ~ /^Søk/i',
  ].join('\n');
  const tokens = tokenize(grammar, text);
  assert.ok(scopeOf(tokens, 'EXPECT').includes('keyword.control.expect.noarkq'));
  assert.ok(scopeOf(tokens, 'status').includes('keyword.other.subject.noarkq'));
  assert.ok(scopeOf(tokens, '200').includes('constant.numeric.json'));
  assert.ok(scopeOf(tokens, '[*]').includes('keyword.operator.each.noarkq'));
  assert.ok(scopeOf(tokens, '>=').includes('keyword.operator.comparison.noarkq'));
  assert.ok(scopeOf(tokens, '@year', 1).includes('variable.parameter.noarkq'));
  // The JSON body ends at the first EXPECT or RETRY line.
  assert.ok(scopeOf(tokens, 'RETRY').includes('keyword.control.retry.noarkq'));
  assert.ok(!scopeOf(tokens, 'RETRY').includes('meta.embedded.block.json'));
  assert.ok(scopeOf(tokens, '500ms').includes('constant.numeric.duration.noarkq'));
  assert.ok(scopeOf(tokens, 'EXPECT', 2).includes('keyword.control.expect.noarkq'));
  assert.ok(scopeOf(tokens, 'content-type').includes('string.unquoted.header-name.noarkq'));
  assert.ok(scopeOf(tokens, '%=').includes('keyword.operator.comparison.noarkq'));
  assert.ok(scopeOf(tokens, 'ABSENT').includes('keyword.other.test.noarkq'));
  assert.ok(scopeOf(tokens, '/^Søk/i').includes('string.regexp.noarkq'));
});
