/**
 * `OAuthTokenProvider` against the sandbox's real token endpoint over real HTTP. A recording
 * `fetch` (which sends every request on unchanged) shows which grant and client authentication
 * went out, and how many requests.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { describe, test } from 'node:test';
import { AuthenticationError, RunCancelledError } from '../../runner/archive/archiveErrors';
import { OAuthTokenProvider, type OAuthGrant, type OAuthSettings, type OAuthTokenProviderOptions, type TokenRequestFetch } from '../../runner/auth/oauthTokenProvider';
import { useTestSandbox, waitFor } from '../http/sandboxHarness';

const env = useTestSandbox({ tokenLifetimeSeconds: 60, refreshTokenLifetimeSeconds: 100 });

const demoClient = { clientId: 'noarkq-demo', clientSecret: 'noarkq-demo-secret' };

interface SentRequest {
  grant: string | null;
  authorization: string | undefined;
  body: URLSearchParams;
  signal: AbortSignal | undefined;
}

/** Sends every token request on as is, after recording it; `hold` keeps requests back until
 * `release` is called, to have them in flight. */
function recorder() {
  const sent: SentRequest[] = [];
  let gate: Promise<void> | undefined;
  let open = () => {};
  const fetchImpl: TokenRequestFetch = async (url, init) => {
    sent.push({ grant: init.body.get('grant_type'), authorization: init.headers.authorization, body: new URLSearchParams(init.body), signal: init.signal });
    if (gate) await gate;
    return fetch(url, init);
  };
  return {
    sent,
    fetch: fetchImpl,
    grants: () => sent.map((r) => r.grant),
    hold() {
      gate = new Promise<void>((resolve) => (open = resolve));
    },
    release() {
      gate = undefined;
      open();
    },
  };
}

function provider(grant: OAuthGrant, options: OAuthTokenProviderOptions & { scope?: string; tokenUrl?: string; allowHttp?: boolean } = {}): OAuthTokenProvider {
  const settings: OAuthSettings = { environment: 'sandbox', tokenUrl: options.tokenUrl ?? env.sandbox.sandbox.tokenUrl, grant, scope: options.scope, allowHttp: options.allowHttp };
  return new OAuthTokenProvider(settings, { now: env.sandbox.clock.now, ...options });
}

const opensTheApi = async (token: string) => (await env.sandbox.query(token, { type: 'Arkiv', limit: 1 })).status === 200;

async function refusal(promise: Promise<unknown>): Promise<AuthenticationError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AuthenticationError) return error;
    throw error;
  }
  assert.fail('expected an AuthenticationError');
}

describe('grants and client authentication', () => {
  test('client_credentials with HTTP Basic sends the secret in the Authorization header only', async () => {
    const record = recorder();
    const p = provider({ kind: 'client_credentials', client: { method: 'basic', ...demoClient } }, { fetch: record.fetch, scope: 'openid' });
    const token = await p.token();
    assert.ok(await opensTheApi(token));
    assert.deepEqual(record.grants(), ['client_credentials']);
    const [request] = record.sent;
    // RFC 6749 §2.3.1: each part is form-urlencoded before Base64 (`-` becomes `%2D`).
    const basic = Buffer.from((request.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8');
    assert.deepEqual(basic.split(':').map(decodeURIComponent), ['noarkq-demo', 'noarkq-demo-secret']);
    assert.equal(request.body.get('client_secret'), null);
    assert.equal(request.body.get('scope'), 'openid');
  });

  test('client_credentials with the secret in the form body', async () => {
    const record = recorder();
    const p = provider({ kind: 'client_credentials', client: { method: 'body', ...demoClient } }, { fetch: record.fetch });
    assert.ok(await opensTheApi(await p.token()));
    const [request] = record.sent;
    assert.equal(request.authorization, undefined);
    assert.equal(request.body.get('client_id'), 'noarkq-demo');
    assert.equal(request.body.get('client_secret'), 'noarkq-demo-secret');
    assert.equal(request.body.get('scope'), null, 'no scope is sent when none is configured');
  });

  test('password grant with a confidential client', async () => {
    const record = recorder();
    const p = provider({ kind: 'password', client: { method: 'basic', ...demoClient }, user: 'demo', password: 'demo' }, { fetch: record.fetch, scope: 'openid offline_access' });
    assert.ok(await opensTheApi(await p.token()));
    assert.deepEqual(record.grants(), ['password']);
    assert.equal(record.sent[0].body.get('username'), 'demo');
    assert.match(record.sent[0].authorization ?? '', /^Basic /);
  });

  test('password grant with a public client sends only its client id', async () => {
    const record = recorder();
    const p = provider({ kind: 'password', client: { method: 'none', clientId: 'noarkq-cli' }, user: 'demo', password: 'demo' }, { fetch: record.fetch });
    assert.ok(await opensTheApi(await p.token()));
    assert.equal(record.sent[0].authorization, undefined);
    assert.equal(record.sent[0].body.get('client_id'), 'noarkq-cli');
    assert.equal(record.sent[0].body.get('client_secret'), null);
  });
});

describe('refusals and failures', () => {
  test('a wrong client secret is an AuthenticationError naming the environment and token URL, never the secret', async () => {
    for (const method of ['basic', 'body'] as const) {
      const p = provider({ kind: 'client_credentials', client: { method, clientId: 'noarkq-demo', clientSecret: 'wrong-secret-1f9c' } });
      const error = await refusal(p.token());
      assert.ok(error.message.includes('"sandbox"'), error.message);
      assert.ok(error.message.includes(env.sandbox.sandbox.tokenUrl), error.message);
      assert.match(error.message, /HTTP 401 invalid_client/);
      assert.match(error.message, /Check the client id "noarkq-demo" and the client secret/);
      assert.ok(!error.message.includes('wrong-secret-1f9c'));
      assert.ok(!String(error.stack).includes('wrong-secret-1f9c'));
    }
  });

  test('a wrong password names the user and where the password comes from, not the password', async () => {
    const p = new OAuthTokenProvider(
      { environment: 'sandbox', tokenUrl: env.sandbox.sandbox.tokenUrl, grant: { kind: 'password', client: { method: 'none', clientId: 'noarkq-cli' }, user: 'demo', password: 'not-demo-77' }, secretSources: { password: 'NOARKQ_PASSWORD' } },
      { now: env.sandbox.clock.now },
    );
    const error = await refusal(p.token());
    assert.match(error.message, /HTTP 400 invalid_grant/);
    assert.match(error.message, /Check the user "demo" and NOARKQ_PASSWORD/);
    assert.ok(!error.message.includes('not-demo-77'));
  });

  test('an unreachable token URL says so', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const tokenUrl = `http://127.0.0.1:${closed}/oauth2/token`;
    const error = await refusal(provider({ kind: 'client_credentials', client: { method: 'basic', ...demoClient } }, { tokenUrl }).token());
    assert.ok(error.message.startsWith(`Could not get a token for environment "sandbox" from ${tokenUrl}: could not reach it:`), error.message);
    assert.match(error.message, /could not reach it: nothing is listening on 127\.0\.0\.1:\d+ \(connection refused\)/);
    assert.ok(!error.message.includes('noarkq-demo-secret'));
  });

  test('a URL that is not a token endpoint is reported as such', async () => {
    const tokenUrl = `${env.sandbox.sandbox.url}/oauth2/not-the-token-endpoint`;
    const error = await refusal(provider({ kind: 'client_credentials', client: { method: 'body', ...demoClient } }, { tokenUrl }).token());
    assert.ok(error.message.includes(tokenUrl), error.message);
    assert.match(error.message, /the server answered HTTP 404 Not Found instead of a token \(is this the token URL\?\)/);
    assert.ok(!error.message.includes('noarkq-demo-secret'));
  });

  test('plain http:// to another machine is refused unless the environment allows it; loopback is fine', () => {
    const grant: OAuthGrant = { kind: 'client_credentials', client: { method: 'basic', ...demoClient } };
    assert.throws(() => provider(grant, { tokenUrl: 'http://idp.example.no/oauth2/token' }), (error: unknown) => error instanceof AuthenticationError && /use https:\/\/, or set "allowHttp": true/.test(error.message));
    assert.doesNotThrow(() => provider(grant, { tokenUrl: 'http://idp.example.no/oauth2/token', allowHttp: true }));
    assert.doesNotThrow(() => provider(grant, { tokenUrl: 'http://localhost:9/oauth2/token' }));
    assert.doesNotThrow(() => provider(grant, { tokenUrl: 'https://idp.example.no/oauth2/token' }));
    assert.throws(() => provider(grant, { tokenUrl: 'ftp://idp.example.no/token' }), AuthenticationError);
  });

  test('a token request nobody answers times out with a clear message', async () => {
    const hanging: TokenRequestFetch = (_url, init) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true }));
    const p = provider({ kind: 'client_credentials', client: { method: 'basic', ...demoClient } }, { fetch: hanging, requestTimeoutMs: 20 });
    const error = await refusal(p.token());
    assert.match(error.message, /environment "sandbox" .*: no answer within 20 ms/);
  });
});

describe('caching, renewal and invalidation', () => {
  test('a token is reused until shortly before expiry, then a new grant is made', async () => {
    const record = recorder();
    const p = provider({ kind: 'client_credentials', client: { method: 'basic', ...demoClient } }, { fetch: record.fetch });
    const first = await p.token();
    // Lifetime 60 s: renewed at half of it, since the 60 s margin would leave no time at all.
    env.sandbox.clock.advance(29);
    assert.equal(await p.token(), first);
    env.sandbox.clock.advance(1);
    const second = await p.token();
    assert.notEqual(second, first);
    assert.deepEqual(record.grants(), ['client_credentials', 'client_credentials']);
    assert.ok(await opensTheApi(second));
  });

  test('the refresh_token grant renews a token when the provider issued a refresh token', async () => {
    const record = recorder();
    const p = provider({ kind: 'password', client: { method: 'basic', ...demoClient }, user: 'demo', password: 'demo' }, { fetch: record.fetch, refreshMarginSeconds: 10 });
    const first = await p.token();
    env.sandbox.clock.advance(49);
    assert.equal(await p.token(), first);
    env.sandbox.clock.advance(1);
    const second = await p.token();
    assert.notEqual(second, first);
    assert.deepEqual(record.grants(), ['password', 'refresh_token']);
    assert.match(record.sent[1].authorization ?? '', /^Basic /, 'the refresh request authenticates the client too');
    assert.ok(await opensTheApi(second));
  });

  test('an expired refresh token falls back to the password grant', async () => {
    const record = recorder();
    const p = provider({ kind: 'password', client: { method: 'none', clientId: 'noarkq-cli' }, user: 'demo', password: 'demo' }, { fetch: record.fetch });
    await p.token();
    env.sandbox.clock.advance(150);
    assert.ok(await opensTheApi(await p.token()));
    assert.deepEqual(record.grants(), ['password', 'refresh_token', 'password']);
  });

  test('when renewing early fails, the token is used until it expires, and then the failure shows', async () => {
    const record = recorder();
    let down = false;
    const flaky: TokenRequestFetch = (url, init) => (down ? Promise.reject(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') })) : record.fetch(url, init));
    const p = provider({ kind: 'client_credentials', client: { method: 'basic', ...demoClient } }, { fetch: flaky });
    const first = await p.token();
    down = true;
    env.sandbox.clock.advance(30);
    assert.equal(await p.token(), first, 'renewal due but failed: the unexpired token serves');
    assert.ok(await opensTheApi(first));
    env.sandbox.clock.advance(30);
    await assert.rejects(p.token(), /could not reach it: connect ECONNREFUSED/);
    down = false;
    assert.notEqual(await p.token(), first);
  });

  test('concurrent callers share one token request', async () => {
    const record = recorder();
    const p = provider({ kind: 'client_credentials', client: { method: 'basic', ...demoClient } }, { fetch: record.fetch });
    const tokens = await Promise.all(Array.from({ length: 8 }, () => p.token()));
    assert.equal(new Set(tokens).size, 1);
    assert.equal(record.sent.length, 1);
    // And once more at renewal time.
    env.sandbox.clock.advance(30);
    const renewed = await Promise.all(Array.from({ length: 8 }, () => p.token()));
    assert.equal(new Set(renewed).size, 1);
    assert.notEqual(renewed[0], tokens[0]);
    assert.equal(record.sent.length, 2);
  });

  test('invalidate drops the token so that the next call fetches a new one', async () => {
    const record = recorder();
    const p = provider({ kind: 'client_credentials', client: { method: 'body', ...demoClient } }, { fetch: record.fetch });
    const first = await p.token();
    assert.equal(await p.token(), first);
    assert.equal(p.invalidate(first), true);
    const second = await p.token();
    assert.notEqual(second, first);
    assert.equal(record.sent.length, 2);
    // A token that was already replaced: nothing to drop, the current one stays.
    assert.equal(p.invalidate(first), true);
    assert.equal(await p.token(), second);
    assert.equal(record.sent.length, 2);
  });

  test('secrets() holds the client secret, the password and every token issued', async () => {
    const record = recorder();
    const p = provider({ kind: 'password', client: { method: 'body', ...demoClient }, user: 'demo', password: 'demo' }, { fetch: record.fetch });
    const first = await p.token();
    p.invalidate(first);
    const second = await p.token();
    const secrets = p.secrets();
    for (const s of ['noarkq-demo-secret', 'demo', first, second]) assert.ok(secrets.includes(s), `missing ${s === first || s === second ? 'a token' : s}`);
    assert.equal(secrets.length, 2 + 2 + 2, 'client secret, password, two access tokens and two refresh tokens');
  });
});

describe('cancellation', () => {
  test('an aborted signal rejects at once without a request', async () => {
    const record = recorder();
    const p = provider({ kind: 'client_credentials', client: { method: 'basic', ...demoClient } }, { fetch: record.fetch });
    await assert.rejects(p.token(AbortSignal.abort()), RunCancelledError);
    assert.equal(record.sent.length, 0);
  });

  test('one caller giving up leaves the shared request to the others; the last one aborts it', async () => {
    const record = recorder();
    const p = provider({ kind: 'client_credentials', client: { method: 'basic', ...demoClient } }, { fetch: record.fetch });
    record.hold();
    const quitter = new AbortController();
    const stayer = new AbortController();
    const quitting = p.token(quitter.signal);
    const staying = p.token(stayer.signal);
    await waitFor(() => record.sent.length === 1);
    quitter.abort();
    await assert.rejects(quitting, RunCancelledError);
    assert.equal(record.sent[0].signal?.aborted, false);
    record.release();
    assert.ok(await opensTheApi(await staying));

    env.sandbox.clock.advance(30);
    record.hold();
    const alone = new AbortController();
    const cancelled = p.token(alone.signal);
    await waitFor(() => record.sent.length === 2);
    alone.abort();
    await assert.rejects(cancelled, RunCancelledError);
    assert.equal(record.sent[1].signal?.aborted, true, 'the request itself is aborted once nobody waits for it');
    record.release();
    // The next caller starts over.
    assert.ok(await opensTheApi(await p.token()));
    assert.equal(record.sent.length, 3);
  });
});
