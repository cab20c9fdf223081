import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AuthenticationError } from '../../runner/archive/archiveErrors';
import { OAuthTokenProvider, type OAuthSettings } from '../../runner/auth/oauthTokenProvider';
import { useTestSandbox } from './sandboxHarness';

const env = useTestSandbox({ tokenLifetimeSeconds: 60 });

async function tokenRequest(body: string, headers: Record<string, string> = {}) {
  const response = await fetch(env.sandbox.sandbox.tokenUrl, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers }, body });
  return { status: response.status, headers: response.headers, json: (await response.json()) as Record<string, unknown> };
}

const probe = (token: string) => env.sandbox.query(token, { type: 'Arkiv', limit: 1 });

test('client_credentials with the secret in the body gives a bearer token that opens the API [auth rule 1]', async () => {
  const r = await tokenRequest('grant_type=client_credentials&client_id=noarkq-demo&client_secret=noarkq-demo-secret&scope=openid');
  assert.equal(r.status, 200);
  assert.equal(r.json.token_type, 'bearer');
  assert.equal(r.json.expires_in, 60);
  assert.equal(r.json.scope, 'openid');
  assert.equal(r.json.refresh_token, undefined);
  assert.equal((await probe(r.json.access_token as string)).status, 200);
});

test('client_credentials through HTTP Basic', async () => {
  const basic = Buffer.from('noarkq-demo-2:noarkq-demo-2-secret').toString('base64');
  const r = await tokenRequest('grant_type=client_credentials', { Authorization: `Basic ${basic}` });
  assert.equal(r.status, 200);
  assert.equal((await probe(r.json.access_token as string)).status, 200);
});

test('a wrong client secret is 401 invalid_client; a wrong password is 400 invalid_grant', async () => {
  const client = await tokenRequest('grant_type=client_credentials&client_id=noarkq-demo&client_secret=nope');
  assert.equal(client.status, 401);
  assert.equal(client.json.error, 'invalid_client');
  assert.match(String(client.json.error_description), /noarkq-demo/);
  const user = await tokenRequest('grant_type=password&username=demo&password=wrong');
  assert.equal(user.status, 400);
  assert.equal(user.json.error, 'invalid_grant');
  const grant = await tokenRequest('grant_type=implicit');
  assert.equal(grant.status, 400);
  assert.equal(grant.json.error, 'unsupported_grant_type');
});

test('password grant returns a refresh token; refresh_token rotates it', async () => {
  const r = await tokenRequest('grant_type=password&username=demo&password=demo&scope=openid%20offline_access');
  assert.equal(r.status, 200);
  assert.equal(r.json.scope, 'openid offline_access');
  const refresh = r.json.refresh_token as string;
  assert.ok(refresh);
  const renewed = await tokenRequest(`grant_type=refresh_token&refresh_token=${encodeURIComponent(refresh)}`);
  assert.equal(renewed.status, 200);
  assert.notEqual(renewed.json.access_token, r.json.access_token);
  assert.equal((await probe(renewed.json.access_token as string)).status, 200);
  const reused = await tokenRequest(`grant_type=refresh_token&refresh_token=${encodeURIComponent(refresh)}`);
  assert.equal(reused.status, 400);
  assert.equal(reused.json.error, 'invalid_grant');
});

test('without a token, with a bad one, or with an expired one the API answers 401 with WWW-Authenticate: Bearer [auth rule 1]', async () => {
  const none = await env.sandbox.post('/query', { type: 'Arkiv' });
  assert.equal(none.status, 401);
  assert.match(none.headers.get('www-authenticate') ?? '', /^Bearer/);
  assert.equal(none.json.status, 401);
  const bad = await probe('not-a-token');
  assert.equal(bad.status, 401);
  assert.match(bad.headers.get('www-authenticate') ?? '', /^Bearer .*invalid_token/);

  const r = await tokenRequest('grant_type=client_credentials&client_id=noarkq-demo&client_secret=noarkq-demo-secret');
  const token = r.json.access_token as string;
  env.sandbox.clock.advance(59);
  assert.equal((await probe(token)).status, 200);
  env.sandbox.clock.advance(1);
  const expired = await probe(token);
  assert.equal(expired.status, 401);
  assert.match(expired.json.description, /expired/);
  assert.match(expired.headers.get('www-authenticate') ?? '', /^Bearer/);
});

test("the token endpoint answers at the real tenants' path /idp/oauth2/token, which the sandbox advertises, and at /oauth2/token", async () => {
  const { url, tokenUrl } = env.sandbox.sandbox;
  assert.equal(tokenUrl, `${url}/idp/oauth2/token`);
  for (const path of ['/idp/oauth2/token', '/oauth2/token']) {
    const response = await fetch(url + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=noarkq-demo&client_secret=noarkq-demo-secret',
    });
    assert.equal(response.status, 200, path);
    const body = (await response.json()) as { access_token: string };
    assert.equal((await probe(body.access_token)).status, 200, path);
  }
  const unauthenticated = await env.sandbox.query('', { type: 'Arkiv' });
  assert.match(unauthenticated.text, /get a token from \/idp\/oauth2\/token/);
});

test('GET info/me tells whose token it is: {userId}, as the vendor Java client reads it', async () => {
  const r = await env.sandbox.get('/info/me', { token: await env.sandbox.token('user') });
  assert.equal(r.status, 200);
  assert.deepEqual(Object.keys(r.json), ['userId']);
  assert.match(r.json.userId, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
  const other = await env.sandbox.get('/info/me', { token: await env.sandbox.token('full') });
  assert.notEqual(other.json.userId, r.json.userId);
  assert.equal((await env.sandbox.get('/info/me')).status, 401);
});

test('sign-out at /idp/oauth2/revoke (RFC 7009) ends the login: its access token, its refresh token and the pair a refresh gave', async () => {
  const revokeUrl = env.sandbox.sandbox.tokenUrl.replace(/\/token$/, '/revoke');
  const revoke = (body: string) => fetch(revokeUrl, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
  const login = await tokenRequest('grant_type=password&username=demo&password=demo');
  const refreshed = await tokenRequest(`grant_type=refresh_token&refresh_token=${login.json.refresh_token as string}`);
  assert.equal(refreshed.status, 200);
  const other = await tokenRequest('grant_type=password&username=demo&password=demo');
  assert.equal((await probe(refreshed.json.access_token as string)).status, 200);
  // Revoking the first login's access token ends the refresh's pair too: one login, one grant.
  const signOut = await revoke(`token=${login.json.access_token as string}&token_type_hint=access_token`);
  assert.equal(signOut.status, 200);
  assert.equal(await signOut.text(), '');
  assert.equal((await probe(refreshed.json.access_token as string)).status, 401);
  assert.equal((await tokenRequest(`grant_type=refresh_token&refresh_token=${refreshed.json.refresh_token as string}`)).status, 400);
  // Another login of the same user is not touched; an unknown token is no error (RFC 7009 §2.2).
  assert.equal((await probe(other.json.access_token as string)).status, 200);
  assert.equal((await revoke('token=unknown')).status, 200);
  const missing = await revoke('');
  assert.equal(missing.status, 400);
  assert.equal(((await missing.json()) as { error: string }).error, 'invalid_request');
});

test("the runner's sign-out revokes the access and refresh tokens it holds at the sandbox's revocation endpoint: the old token gets 401", async () => {
  const { tokenUrl, revocationUrl, url } = env.sandbox.sandbox;
  assert.equal(revocationUrl, `${url}/idp/oauth2/revoke`);
  const settings = (revocation: string | undefined): OAuthSettings => ({
    environment: 'sandbox',
    tokenUrl,
    revocationUrl: revocation,
    grant: { kind: 'password', client: { method: 'none', clientId: 'noarkq' }, user: 'demo', password: 'demo' },
  });
  const provider = new OAuthTokenProvider(settings(revocationUrl));
  const token = await provider.token();
  assert.equal((await probe(token)).status, 200);
  assert.equal(await provider.revoke(), 2, 'the refresh token and the access token');
  assert.equal((await probe(token)).status, 401);
  const next = await provider.token();
  assert.notEqual(next, token, 'a token is fetched again after sign-out');
  assert.equal((await probe(next)).status, 200);

  // Without a revocation endpoint the tokens are only forgotten here: the old one still works.
  const local = new OAuthTokenProvider(settings(undefined));
  const kept = await local.token();
  assert.equal(await local.revoke(), 0);
  assert.equal((await probe(kept)).status, 200);

  // A revocation endpoint that refuses: an error naming it, and the tokens forgotten all the same.
  const refusing = new OAuthTokenProvider(settings(`${url}/idp/oauth2/no-such-endpoint`));
  const held = await refusing.token();
  await assert.rejects(refusing.revoke(), (error: unknown) => {
    assert.ok(error instanceof AuthenticationError);
    assert.match(error.message, /Could not revoke the tokens of environment "sandbox" at http:\/\/127\.0\.0\.1:\d+\/idp\/oauth2\/no-such-endpoint: the refresh token: the server answered HTTP 404/);
    assert.ok(!error.message.includes(held), 'no token in the message');
    return true;
  });
  assert.notEqual(await refusing.token(), held);
});
