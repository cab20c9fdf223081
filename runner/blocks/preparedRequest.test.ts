import assert from 'node:assert/strict';
import { test } from 'node:test';
import { blockByName, parseDocument, ValueResolver, type RecordedResponse } from '../../core/document';
import type { JsonValue } from '../../core/jsonValue';
import { blockDependencies } from './blockDependencies';
import { describeRequest, isDestructive, isWrite, prepareRequest, type Preparation, type PreparedRequest } from './preparedRequest';

const text = `@year = 2024
@case = {{findCase.results[0].id}}

### findCase
QUERY Saksmappe
WHERE saksaar = @year && tittel %= @title
SORT saksaar DESC
LIMIT 5

### register
TRANSACTION
[
  // the bare-array form, with a comment and a trailing comma
  { "action": "link", "type": "Journalpost", "id": "jp", "ref": "refMappe", "linkToId": "{{case}}", },
]

### letter
UPLOAD ./files/{{name}}.pdf AS "Søknad {{year}}.pdf"

### fetch
DOWNLOAD {{letter.id}} TO out/{{letter.id}}.bin

### lists
GET /rms/api/public/noark5/v1/code-lists?field={{field}}

### close
POST bulk/close
{ "type": "Saksmappe", "id": "{{case}}" }

### unrelated
@unused = {{letter.id}}
GET bsm-registry
`;

const doc = parseDocument(text);
const found: RecordedResponse = { status: 200, body: { hasMore: false, results: [{ type: 'Saksmappe', id: '7', version: '1', fields: {}, links: {} }] } };
const uploaded: RecordedResponse = { status: 200, body: { id: '31' } };

function prepare(name: string, environment: Record<string, JsonValue> = {}): Preparation {
  const block = blockByName(doc, name);
  assert.ok(block, name);
  const responses = new Map(Object.entries({ findCase: found, letter: uploaded }));
  return prepareRequest({ doc, block, resolver: new ValueResolver(doc, block, { environment, responses }), baseDir: '/srv/flows' });
}

function request(name: string, environment: Record<string, JsonValue> = {}): PreparedRequest {
  const p = prepare(name, environment);
  assert.ok(p.ok, JSON.stringify(p));
  return p.request;
}

test('QUERY sends the serialised body with every parameter resolved; a missing one is asked for', () => {
  assert.deepEqual(prepare('findCase'), { ok: false, missing: ['title'] });
  assert.deepEqual(request('findCase', { title: 'Bygg%' }), {
    kind: 'query',
    body: { type: 'Saksmappe', query: 'saksaar = @year && tittel %= @title', parameters: { '@year': 2024, '@title': 'Bygg%' }, sortOrder: [{ field: 'saksaar', order: 'desc' }], limit: 5 },
  });
});

test('TRANSACTION: comments and trailing commas dropped, a bare array wrapped, references substituted', () => {
  assert.deepEqual(request('register'), {
    kind: 'transaction',
    body: { actions: [{ action: 'link', type: 'Journalpost', id: 'jp', ref: 'refMappe', linkToId: '7' }] },
  });
});

test('UPLOAD and DOWNLOAD paths are relative to the .noarkq file, with references in them', () => {
  assert.deepEqual(prepare('letter'), { ok: false, missing: ['name'] });
  assert.deepEqual(request('letter', { name: 'soknad' }), { kind: 'upload', path: '/srv/flows/files/soknad.pdf', fileName: 'Søknad 2024.pdf' });
  assert.deepEqual(request('fetch'), { kind: 'download', id: '31', target: '/srv/flows/out/31.bin' });
});

test('other requests: the path is made relative to the API root, the body substituted', () => {
  assert.deepEqual(request('lists', { field: 'journalposttype' }), { kind: 'http', request: { method: 'GET', path: 'code-lists?field=journalposttype' } });
  assert.deepEqual(request('close'), { kind: 'http', request: { method: 'POST', path: 'bulk/close', body: { type: 'Saksmappe', id: '7' } } });
});

test('writes, destructive writes and their descriptions', () => {
  const query = request('findCase', { title: 'x' });
  const tx = request('register');
  const close = request('close');
  const lists = request('lists', { field: 'f' });
  assert.deepEqual([isWrite(query), isWrite(tx), isWrite(request('letter', { name: 'a' })), isWrite(close), isWrite(lists)], [false, true, true, true, false]);
  assert.deepEqual([isDestructive(tx), isDestructive(close)], [false, true]);
  assert.equal(isWrite({ kind: 'http', request: { method: 'POST', path: 'logs/change-log', body: {} } }), false);
  assert.equal(isWrite({ kind: 'http', request: { method: 'POST', path: 'full-text/search' } }), false);
  assert.equal(isWrite({ kind: 'http', request: { method: 'PUT', path: 'code-lists/journalposttype/Z' } }), true);
  assert.equal(isDestructive({ kind: 'http', request: { method: 'DELETE', path: 'code-lists/journalposttype/Z' } }), true);
  assert.equal(describeRequest(tx), 'POST transaction (1 link)');
  assert.equal(describeRequest(close), 'POST bulk/close');
});

test('dependencies: the blocks a request reads, through file variables too; unused variables do not count', () => {
  const names = (name: string) => blockDependencies(doc, blockByName(doc, name)!).map((b) => b.parsed.name?.text);
  assert.deepEqual(names('findCase'), []);
  assert.deepEqual(names('register'), ['findCase']);
  assert.deepEqual(names('fetch'), ['letter']);
  assert.deepEqual(names('close'), ['findCase']);
  assert.deepEqual(names('unrelated'), []);
});
