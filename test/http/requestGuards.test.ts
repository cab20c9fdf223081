/**
 * What the sandbox refuses before a handler runs, or while it waits on a body: a request naming
 * another host (DNS rebinding), a JSON endpoint called with another content type, a body that
 * stops arriving.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, test } from 'node:test';
import { startTestSandbox, type TestSandbox } from './sandboxHarness';

let env: TestSandbox;
let token: string;

before(async () => {
  env = await startTestSandbox({ bodyIdleTimeoutSeconds: 0.05 });
  token = await env.token();
});
after(() => env.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** node:http, because fetch does not let a caller set `Host`. `body` false: the headers are
 * sent and then nothing more. */
function raw(method: string, path: string, headers: Record<string, string>, body: string | false = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: env.sandbox.port, method, path, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    if (body === false) req.flushHeaders();
    else req.end(body);
  });
}

const api = '/rms/api/public/noark5/v1';
const jsonErrors = { 'X-Service-Error-Response-Type': 'application/json' };

test('a request naming another host is refused 421, naming the host and the accepted ones', async () => {
  const port = env.sandbox.port;
  for (const host of ['rebind.attacker.example', `rebind.attacker.example:${port}`, `127.0.0.1:${port + 1}`, `localhost.attacker.example:${port}`, '127.0.0.2']) {
    const answer = await raw('POST', '/idp/oauth2/token', { Host: host, 'Content-Type': 'application/x-www-form-urlencoded', ...jsonErrors }, 'grant_type=client_credentials&client_id=noarkq-demo&client_secret=noarkq-demo-secret');
    assert.equal(answer.status, 421, `${host}: ${answer.text}`);
    const body = JSON.parse(answer.text) as { description: string; status: number };
    assert.equal(body.status, 421);
    assert.ok(body.description.includes(JSON.stringify(host)), body.description);
    assert.match(body.description, new RegExp(`127\\.0\\.0\\.1\\[:${port}\\], localhost\\[:${port}\\], \\[::1\\]\\[:${port}\\]`));
    assert.doesNotMatch(answer.text, /access_token/);
  }
  const query = await raw('POST', `${api}/query`, { Host: 'rebind.attacker.example', Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, '{"type":"Arkiv"}');
  assert.equal(query.status, 421);
  assert.match(query.text, /^421 Misdirected Request: /);
});

test('requests naming the sandbox by a loopback name, with or without its port, are served', async () => {
  const port = env.sandbox.port;
  for (const host of ['127.0.0.1', `127.0.0.1:${port}`, `localhost:${port}`, `LocalHost:${port}`, 'localhost', `[::1]:${port}`]) {
    const answer = await raw('POST', `${api}/query`, { Host: host, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...jsonErrors }, '{"type":"Arkiv"}');
    assert.equal(answer.status, 200, `${host}: ${answer.text}`);
  }
});

const jsonEndpoints: [string, string][] = [
  ['POST', '/query'],
  ['POST', '/transaction'],
  ['POST', '/logs/change-log'],
  ['POST', '/logs/access-log'],
  ['POST', '/logs/download-log'],
  ['POST', '/bulk/open'],
  ['POST', '/bulk/close'],
  ['POST', '/bulk/delete'],
  ['POST', '/full-text/search'],
  ['POST', '/full-text/set'],
  ['POST', '/expand/folder'],
  ['POST', '/expand/record'],
  ['PUT', '/code-lists/skjerming/X'],
  ['PUT', '/bsm-registry/group/g'],
  ['PUT', '/bsm-registry/group/g/field/f'],
];

test('every JSON endpoint refuses a body of another content type with 415', async () => {
  for (const [method, path] of jsonEndpoints) {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx', 'text/json+x']) {
      const answer = await raw(method, api + path, { Authorization: `Bearer ${token}`, 'Content-Type': type, ...jsonErrors }, '{}');
      assert.equal(answer.status, 415, `${method} ${path} ${type}: ${answer.text}`);
      assert.ok((JSON.parse(answer.text) as { description: string }).description.includes(`got \`${type}\``));
    }
  }
  const latin1 = await raw('POST', `${api}/query`, { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json; charset=ISO-8859-1', ...jsonErrors }, '{"type":"Arkiv"}');
  assert.equal(latin1.status, 415);
  assert.match(latin1.text, /UTF-8.*charset=ISO-8859-1/);
});

test('JSON with a charset, a +json type or no Content-Type at all is read', async () => {
  for (const type of ['application/json; charset=UTF-8', 'application/json;charset="utf-8"', 'application/vnd.noark+json', undefined]) {
    const answer = await raw('POST', `${api}/query`, { Authorization: `Bearer ${token}`, ...(type ? { 'Content-Type': type } : {}), ...jsonErrors }, '{"type":"Arkiv"}');
    assert.equal(answer.status, 200, `${type}: ${answer.text}`);
  }
});

test('a declared body that never arrives is answered 408 after the idle time, and the sandbox keeps serving', { timeout: 60_000 }, async () => {
  const lengthNeverSent = await raw('POST', `${api}/query`, { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': '100', ...jsonErrors }, false);
  assert.equal(lengthNeverSent.status, 408, lengthNeverSent.text);
  assert.equal(lengthNeverSent.headers.connection, 'close');
  assert.match((JSON.parse(lengthNeverSent.text) as { description: string }).description, /declared a body of 100 bytes, but nothing more of it came for 0\.05 s/);
  const chunkedStalled = await raw('POST', `${api}/transaction`, { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked', ...jsonErrors }, false);
  assert.equal(chunkedStalled.status, 408);
  assert.match(chunkedStalled.text, /a chunked body/);
  const upload = await raw('POST', `${api}/upload`, { Authorization: `Bearer ${token}`, 'Content-Disposition': 'attachment; filename="a.txt"', 'Content-Length': '10', ...jsonErrors }, false);
  assert.equal(upload.status, 408, upload.text);
  const next = await env.query(token, { type: 'Arkiv' });
  assert.equal(next.status, 200);
});
