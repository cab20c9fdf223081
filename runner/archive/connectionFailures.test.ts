import assert from 'node:assert/strict';
import { test } from 'node:test';
import { connectionTarget, describeFailure, failedBeforeSending, isTransient, unusablePort } from './connectionFailures';
import { defaultTimeLimits } from './timeLimits';

const target = { host: 'arkiv.example.no', port: '8083' };
const coded = (code: string, message = `boom ${code}`) => Object.assign(new Error(message), { code });
/** As fetch (and undici) wrap a system error: `TypeError: fetch failed`, the error in `cause`. */
const wrapped = (cause: Error) => new TypeError('fetch failed', { cause });

test('connection failures are said in words, naming the host and port', () => {
  const cases: [Error, RegExp][] = [
    [coded('ENOTFOUND'), /^the host name arkiv\.example\.no could not be resolved/],
    [coded('EAI_AGAIN'), /^the host name arkiv\.example\.no could not be resolved just now/],
    [wrapped(coded('ECONNREFUSED')), /^nothing is listening on arkiv\.example\.no:8083 \(connection refused\)/],
    [coded('ECONNRESET'), /^the connection to arkiv\.example\.no:8083 was reset/],
    [coded('UND_ERR_SOCKET', 'other side closed'), /^the connection to arkiv\.example\.no:8083 was closed by the other side/],
    [coded('ETIMEDOUT'), /^the connection to arkiv\.example\.no:8083 timed out/],
    [coded('EHOSTUNREACH'), /^arkiv\.example\.no cannot be reached from this machine/],
    [coded('UND_ERR_CONNECT_TIMEOUT'), /^no connection to arkiv\.example\.no:8083 within 10 s \(the connect time limit/],
    [coded('UND_ERR_HEADERS_TIMEOUT'), /^no answer from arkiv\.example\.no:8083 within 1 min of sending the request \(the answer time limit/],
    [coded('UND_ERR_BODY_TIMEOUT'), /^the answer from arkiv\.example\.no:8083 stopped: nothing more came for 1 min \(the idle time limit/],
    [coded('CERT_HAS_EXPIRED'), /^the TLS certificate of arkiv\.example\.no has expired$/],
    [coded('SELF_SIGNED_CERT_IN_CHAIN'), /self-signed, .*NODE_EXTRA_CA_CERTS/],
    [coded('ERR_TLS_CERT_ALTNAME_INVALID'), /is for another host name/],
    [wrapped(new Error('bad port')), /^port 8083 cannot be used: fetch refuses it/],
    [coded('EWHATEVER', 'something odd'), /^something odd \(EWHATEVER\)$/],
  ];
  for (const [error, expected] of cases) {
    const text = describeFailure(error, target, defaultTimeLimits);
    assert.match(text, expected, text);
    assert.ok(!/\b(ENOTFOUND|ECONNREFUSED|UND_ERR_\w+)\b/.test(text), `no bare code in: ${text}`);
  }
});

test('a time limit ends the call: it is not tried again; a reset is', () => {
  for (const code of ['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']) assert.equal(isTransient(coded(code)), false, code);
  for (const code of ['ECONNRESET', 'UND_ERR_SOCKET', 'NOARKQ_TRUNCATED_BODY']) assert.equal(isTransient(coded(code)), true, code);
  assert.equal(failedBeforeSending(wrapped(coded('ENOTFOUND'))), true);
  assert.equal(failedBeforeSending(coded('ECONNRESET')), false);
});

test('a port no server can listen on is named before anything is sent', () => {
  assert.match(unusablePort('http://127.0.0.1:0') ?? '', /^port 0 cannot be used/);
  assert.match(unusablePort('https://arkiv.example.no:70000/rms') ?? '', /^port 70000 cannot be used: ports go from 1 to 65535$/);
  assert.match(unusablePort('http://[::1]:0/x') ?? '', /^port 0 cannot be used/);
  for (const fine of ['https://arkiv.example.no', 'http://127.0.0.1:8083/rms', 'http://[::1]:9', 'not a url']) assert.equal(unusablePort(fine), undefined, fine);
});

test('the target of a URL without a port is the scheme\'s default', () => {
  assert.deepEqual(connectionTarget(new URL('https://arkiv.example.no/rms')), { host: 'arkiv.example.no', port: '443' });
  assert.deepEqual(connectionTarget(new URL('http://127.0.0.1:8083')), { host: '127.0.0.1', port: '8083' });
});
