/**
 * Every endpoint the spec lists (the index in `test/spec/requirements.ts`), over real HTTP: without a
 * bearer token, or with one the identity provider never issued, it answers 401 with
 * `WWW-Authenticate: Bearer`; with a token from the identity provider it answers the success
 * code the spec gives it (200 when its section names none, as for the download's byte stream).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkAnswerContract } from './contractCheck';
import { sendApi, useTestSandbox, waitFor } from './sandboxHarness';
import { specEndpoints } from './specRequirements';

let fileId: string;
const env = useTestSandbox({ fullTextIndexIntervalSeconds: 0 }, { structure: true });
env.before(async () => {
  const up = await fetch(`${env.sandbox.sandbox.apiUrl}/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${env.token}`, 'Content-Type': 'application/octet-stream', 'Content-Disposition': 'attachment; filename=brev.txt' },
    body: Buffer.from('brev'),
  });
  fileId = ((await up.json()) as { id: string }).id;
});

interface Call {
  /** Path under the API root, with a query string where the endpoint takes one. */
  path: string;
  body?: unknown;
  /** Upload bodies are bytes with their own headers. */
  raw?: { body: Buffer; headers: Record<string, string> };
  /** What must exist for the call to succeed (run with a valid token, before the call). */
  prepare?: () => Promise<void>;
}

async function ok(method: string, path: string, body?: unknown): Promise<void> {
  const r = await sendApi(env.sandbox, env.token, method, path, body);
  assert.ok(r.status >= 200 && r.status < 300, `${method} ${path}: ${r.text}`);
}

let n = 0;
/** A call that succeeds, per spec endpoint `METHOD /path`. */
const calls: Record<string, () => Call> = {
  'POST /query': () => ({ path: '/query', body: { type: 'Saksmappe', query: 'id = @id', parameters: { '@id': env.structure.saksmappe } } }),
  'POST /transaction': () => ({ path: '/transaction', body: { actions: [{ action: 'save', type: 'Saksmappe', id: env.structure.saksmappe, fields: { beskrivelse: `status ${++n}` } }] } }),
  'POST /upload': () => ({ path: '/upload', raw: { body: Buffer.from('vedlegg'), headers: { 'Content-Type': 'application/octet-stream', 'Content-Disposition': 'attachment; filename=vedlegg.txt' } } }),
  'GET /download': () => ({ path: `/download?id=${fileId}` }),
  'GET /bsm-registry': () => ({ path: '/bsm-registry' }),
  'PUT /bsm-registry/group/{groupId}': () => ({ path: '/bsm-registry/group/status', body: { groupName: 'Status' } }),
  'PUT /bsm-registry/group/{groupId}/field/{fieldId}': () => ({
    path: '/bsm-registry/group/status/field/status-felt',
    body: { fieldName: 'Felt', fieldType: 'string' },
    prepare: () => ok('PUT', '/bsm-registry/group/status', { groupName: 'Status' }),
  }),
  'DELETE /bsm-registry/group/{groupId}': () => ({ path: '/bsm-registry/group/slett', prepare: () => ok('PUT', '/bsm-registry/group/slett', { groupName: 'Slett' }) }),
  'DELETE /bsm-registry/group/{groupId}/field/{fieldId}': () => ({
    path: '/bsm-registry/group/status/field/slett-felt',
    prepare: async () => {
      await ok('PUT', '/bsm-registry/group/status', { groupName: 'Status' });
      await ok('PUT', '/bsm-registry/group/status/field/slett-felt', { fieldName: 'Slett', fieldType: 'long' });
    },
  }),
  'GET /code-lists': () => ({ path: '/code-lists?type=Journalpost&field=journalposttype' }),
  'PUT /code-lists/{field}/{code}': () => ({ path: '/code-lists/dokumenttype/STATUS', body: { name: 'Status', description: 'Status check' } }),
  'DELETE /code-lists/{field}/{code}': () => ({ path: '/code-lists/dokumenttype/SLETT', prepare: () => ok('PUT', '/code-lists/dokumenttype/SLETT', { name: 'Slett' }) }),
  'POST /logs/change-log': () => ({ path: '/logs/change-log', body: { type: 'Saksmappe', id: env.structure.saksmappe } }),
  'POST /logs/access-log': () => ({ path: '/logs/access-log', body: { limit: 10 } }),
  'POST /logs/download-log': () => ({ path: '/logs/download-log', body: { limit: 10 } }),
  'POST /bulk/open': () => ({ path: '/bulk/open', body: { type: 'Klassifikasjonssystem', id: env.structure.system } }),
  'POST /bulk/close': () => ({ path: '/bulk/close', body: { type: 'Klasse', id: env.structure.klasser[2] } }),
  'POST /full-text/search': () => ({ path: '/full-text/search', body: { query: 'brev' } }),
};

async function send(method: string, call: Call, authorization: string | undefined) {
  const headers: Record<string, string> = { 'X-Service-Error-Response-Type': 'application/json', ...(call.raw ? call.raw.headers : { 'Content-Type': 'application/json' }) };
  if (authorization !== undefined) headers.Authorization = authorization;
  const body = call.raw ? call.raw.body : call.body === undefined ? undefined : JSON.stringify(call.body);
  const response = await fetch(env.sandbox.sandbox.apiUrl + call.path, { method, headers, body });
  const text = await response.text();
  checkAnswerContract(method, call.path, response.status, /^\s*[{[]/.test(text) ? JSON.parse(text) : undefined);
  return { status: response.status, headers: response.headers, text };
}

test('every endpoint needs a bearer token from the identity provider, and answers its success code with one [auth rule 1] [error rule 4]', async () => {
  const endpoints = specEndpoints;
  assert.deepEqual(
    endpoints.map((e) => `${e.method} ${e.path}`).filter((key) => !(key in calls)),
    [],
    'every endpoint of the spec has a call here',
  );
  for (const endpoint of endpoints) {
    const key = `${endpoint.method} ${endpoint.path}`;
    const expected = endpoint.successStatus;
    for (const authorization of [undefined, 'Bearer not-issued-by-the-identity-provider', `Basic ${Buffer.from('noarkq-demo:noarkq-demo-secret').toString('base64')}`]) {
      const call = calls[key]();
      const refused = await send(endpoint.method, call, authorization);
      assert.equal(refused.status, 401, `${key} with ${authorization ?? 'no Authorization'}: ${refused.text}`);
      assert.match(refused.headers.get('www-authenticate') ?? '', /^Bearer/, key);
      assert.equal(JSON.parse(refused.text).status, 401);
    }
    const call = calls[key]();
    await call.prepare?.();
    const accepted = await send(endpoint.method, call, `Bearer ${env.token}`);
    assert.equal(accepted.status, expected, `${key}: ${accepted.text}`);
    if (expected === 202 || expected === 204) assert.equal(accepted.text, '', `${key} answers ${expected} with no body`);
  }
  // Bulk jobs run one after another after the 202; the close of the class is the last one, and
  // the sandbox is closed only once it has run.
  await waitFor(async () => {
    const r = await env.sandbox.query(env.token, { type: 'Klasse', query: 'id = @id', parameters: { '@id': env.structure.klasser[2] } });
    return r.json.results[0]?.fields.avsluttetDato !== undefined;
  });
});
