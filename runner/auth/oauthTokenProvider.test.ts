import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dropIdToken } from './oauthTokenProvider';
import { redact } from '../../core/text/secretRedaction';
import { isLoopbackHost, isSecureEnough } from './loopbackHost';

test('loopback hosts: localhost, 127.0.0.0/8 and ::1, also IPv4-mapped; nothing else', () => {
  for (const url of ['http://localhost:8080/', 'http://LOCALHOST./', 'http://127.0.0.1/', 'http://127.200.3.4/', 'http://[::1]:9/', 'http://[::ffff:127.0.0.1]/']) {
    assert.equal(isLoopbackHost(new URL(url).hostname), true, url);
  }
  for (const url of ['http://10.0.0.1/', 'http://128.0.0.1/', 'http://localhost.example.no/', 'http://127.0.0.1.nip.io/', 'http://[::2]/', 'http://[::ffff:10.0.0.1]/', 'http://example.no/']) {
    assert.equal(isLoopbackHost(new URL(url).hostname), false, url);
  }
});

test('credentials may go over https anywhere, over http only to loopback or when allowed', () => {
  assert.equal(isSecureEnough(new URL('https://idp.example.no/token'), false), true);
  assert.equal(isSecureEnough(new URL('http://idp.example.no/token'), false), false);
  assert.equal(isSecureEnough(new URL('http://idp.example.no/token'), true), true);
  assert.equal(isSecureEnough(new URL('http://127.0.0.1:4000/token'), false), true);
  assert.equal(isSecureEnough(new URL('ftp://127.0.0.1/token'), true), false);
});

test('redact replaces every secret, longest first', () => {
  assert.equal(redact('a secret-long and secret here', ['secret', 'secret-long']), 'a *** and *** here');
  assert.equal(redact('environment "sandbox"', ['x', '']), 'environment "sandbox"', 'a secret too short to matter does not garble the text');
  assert.equal(redact('nothing', ['']), 'nothing');
});

test('dropIdToken removes an ID token from a token response and keeps everything else', async () => {
  const body = { access_token: 'at', token_type: 'Bearer', expires_in: 3600, id_token: 'x.y.z', scope: 'openid' };
  const response = await dropIdToken(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', 'content-length': '999' } }));
  assert.deepEqual(await response.json(), { access_token: 'at', token_type: 'Bearer', expires_in: 3600, scope: 'openid' });
  assert.equal(response.headers.get('content-type'), 'application/json');
  assert.equal(response.headers.get('content-length'), null);
  const error = new Response('{"error":"invalid_client"}', { status: 401 });
  assert.equal(await dropIdToken(error), error, 'error responses pass untouched');
  assert.equal(await (await dropIdToken(new Response('not json', { status: 200 }))).text(), 'not json');
});
