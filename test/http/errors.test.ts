import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useTestSandbox } from './sandboxHarness';

const env = useTestSandbox({ maxBodyBytes: 4096 });

async function raw(path: string, init: RequestInit) {
  const response = await fetch(env.sandbox.sandbox.apiUrl + path, init);
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
}

const auth = () => ({ Authorization: `Bearer ${env.token}`, 'Content-Type': 'application/json' });

test('errors are JSON {errorId, description, status} with either header, plain text without [error rule 1]', async () => {
  for (const header of ['X-Service-Error-Response-Type', 'X-Documaster-Error-Response-Type']) {
    const r = await raw('/query', { method: 'POST', headers: { ...auth(), [header]: 'application/json' }, body: '{"type": 5}' });
    assert.equal(r.status, 400);
    assert.match(r.type, /^application\/json/);
    const body = JSON.parse(r.text);
    assert.deepEqual(Object.keys(body).sort(), ['description', 'errorId', 'status']);
    assert.equal(body.status, 400);
    assert.match(body.description, /`\$\.type`/);
  }
  const text = await raw('/query', { method: 'POST', headers: auth(), body: '{"type": 5}' });
  assert.equal(text.status, 400);
  assert.match(text.type, /^text\/plain/);
  assert.match(text.text, /^400 Bad Request: Invalid query request: `\$\.type`/);
  const a = JSON.parse((await raw('/query', { method: 'POST', headers: { ...auth(), 'X-Service-Error-Response-Type': 'application/json' }, body: '{}' })).text);
  const b = JSON.parse((await raw('/query', { method: 'POST', headers: { ...auth(), 'X-Service-Error-Response-Type': 'application/json' }, body: '{}' })).text);
  assert.notEqual(a.errorId, b.errorId);
});

test('malformed JSON, wrong types and unknown keys are 400 naming the problem', async () => {
  const malformed = await env.sandbox.post('/transaction', '{"actions": [', { token: env.token, raw: true });
  assert.equal(malformed.status, 400);
  assert.match(malformed.json.description, /not valid JSON/);
  const wrongType = await env.sandbox.post('/query', { type: 'Saksmappe', limit: 'ten' }, { token: env.token });
  assert.equal(wrongType.status, 400);
  assert.match(wrongType.json.description, /`\$\.limit`/);
  const unknownKey = await env.sandbox.post('/query', { type: 'Saksmappe', lmit: 5 }, { token: env.token });
  assert.equal(unknownKey.status, 400);
  assert.match(unknownKey.json.description, /lmit/);
  const badAction = await env.sandbox.post('/transaction', { actions: [{ action: 'create', type: 'Arkiv', id: 'a' }] }, { token: env.token });
  assert.equal(badAction.status, 400);
  assert.match(badAction.json.description, /actions\[0\]/);
  const notJson = await raw('/query', { method: 'POST', headers: { ...auth(), 'Content-Type': 'text/plain' }, body: 'type=Arkiv' });
  assert.equal(notJson.status, 415);
});

test('an oversized body is 413 and changes nothing', async () => {
  const actions = Array.from({ length: 200 }, (_, i) => ({ action: 'save', type: 'Klassifikasjonssystem', id: `k${i}`, fields: { tittel: `System ${i}` } }));
  const r = await env.sandbox.transaction(env.token, actions);
  assert.equal(r.status, 413);
  assert.match(r.json.description, /4096 bytes/);
  const count = await env.sandbox.query(env.token, { type: 'Klassifikasjonssystem' });
  assert.deepEqual(count.json.results, []);
});

test('unknown endpoints are 404, wrong methods 405, and the server keeps serving', async () => {
  const unknown = await env.sandbox.get('/nothing-here', { token: env.token });
  assert.equal(unknown.status, 404);
  assert.match(unknown.json.description, /Unknown endpoint GET .*\/nothing-here.*\/query/);
  const method = await env.sandbox.get('/query', { token: env.token });
  assert.equal(method.status, 405);
  assert.match(method.json.description, /POST/);
  const outside = await fetch(`${env.sandbox.sandbox.url}/elsewhere`);
  assert.equal(outside.status, 404);
  const fine = await env.sandbox.query(env.token, { type: 'Arkiv' });
  assert.equal(fine.status, 200);
  assert.deepEqual(fine.json, { hasMore: false, results: [] });
});
