import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { JsonValue } from '../jsonValue';
import { blockByName, parseDocument } from './index';
import { ValueResolver, type RecordedResponse, type ValueSources } from './valueResolver';

const text = `@year = 2024
@case = {{findCase.results[0].id}}
@loop = {{other}}
@other = {{loop}}

### findCase
QUERY Saksmappe
WHERE saksaar = @year

### use
@year = 2023
@title = "Brev"
GET code-lists
`;

function resolverFor(blockName: string, sources: ValueSources = {}): ValueResolver {
  const doc = parseDocument(text);
  const block = blockByName(doc, blockName);
  assert.ok(block);
  return new ValueResolver(doc, block, sources);
}

const responses = (entries: Record<string, RecordedResponse>) => new Map(Object.entries(entries));
const found: RecordedResponse = { status: 200, body: { hasMore: false, results: [{ id: '42', type: 'Saksmappe' }] } };

test('a block variable shadows the file variable, which shadows the environment, which shadows what was supplied', () => {
  assert.deepEqual(resolverFor('use', { environment: { year: 1999 } }).variable('year'), { value: 2023 });
  assert.deepEqual(resolverFor('findCase', { environment: { year: 1999 } }).variable('year'), { value: 2024 });
  assert.deepEqual(resolverFor('use', { environment: { unit: 'A' }, supplied: { unit: 'B' } }).variable('unit'), { value: 'A' });
  assert.deepEqual(resolverFor('use', { supplied: { unit: 'B' } }).variable('unit'), { value: 'B' });
  assert.deepEqual(resolverFor('use').variable('unit'), { missing: 'unit' });
});

test('a variable holding a reference reads the last response of its block', () => {
  assert.deepEqual(resolverFor('use', { responses: responses({ findCase: found }) }).variable('case'), { value: '42' });
});

test('a reference to a block that has not run, that failed, or whose path is absent is a clear error', () => {
  const notRun = resolverFor('use').variable('case');
  assert.match((notRun as { error: string }).error, /needs the response of block `findCase`, which has not run/);
  const failed = resolverFor('use', { responses: responses({ findCase: { status: 400, body: {} } }) }).variable('case');
  assert.match((failed as { error: string }).error, /failed \(status 400\)/);
  const empty = resolverFor('use', { responses: responses({ findCase: { status: 200, body: { hasMore: false, results: [] } } }) }).variable('case');
  assert.match((empty as { error: string }).error, /has no `findCase.results\[0\]` \(the query found nothing\)/);
});

test('variables defined through each other are reported, not followed forever', () => {
  assert.match((resolverFor('use').variable('loop') as { error: string }).error, /@loop is defined through itself \(@loop → @other → @loop\)/);
});

test('substitute: a string that is exactly one reference keeps the JSON type; otherwise values are spliced as text', () => {
  const r = resolverFor('use', { responses: responses({ findCase: found }) });
  assert.deepEqual(r.substitute('{{findCase.results[0].id}}'), { value: '42' });
  assert.deepEqual(r.substitute('{{year}}'), { value: 2023 });
  assert.deepEqual(r.substitute('case {{case}} of {{year}}: {{title}}'), { value: 'case 42 of 2023: Brev' });
  assert.deepEqual(r.substitute('{{findCase.results}}'), { value: [{ id: '42', type: 'Saksmappe' }] });
  assert.deepEqual(r.substitute('no references'), { value: 'no references' });
  assert.match((r.substitute('{{ broken') as { error: string }).error, /never closed/);
});

test('substituteJson replaces inside nested strings and leaves keys and other values alone', () => {
  const r = resolverFor('use', { responses: responses({ findCase: found }) });
  const body: JsonValue = { actions: [{ action: 'link', id: 'jp', linkToId: '{{findCase.results[0].id}}', n: 1, ok: true, none: null, '{{year}}': 'k' }] };
  assert.deepEqual(r.substituteJson(body), { value: { actions: [{ action: 'link', id: 'jp', linkToId: '42', n: 1, ok: true, none: null, '{{year}}': 'k' }] } });
  assert.deepEqual(r.substituteJson(['{{unknown}}']), { missing: 'unknown' });
});
