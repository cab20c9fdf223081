import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AuthenticationError } from '../archive/archiveErrors';
import { OAuthTokenProvider } from '../auth/oauthTokenProvider';
import { StaticTokenProvider } from '../auth/tokenProvider';
import { assertSecretsPresent, missingSecrets, readSecretsFromEnvironment, requiredSecrets } from './environmentSecrets';
import { createTokenProvider } from './environmentTokenProvider';
import { environmentSchema, type Environment, type EnvironmentInput } from './environmentsSchema';

const environment = (auth: EnvironmentInput['auth'], extra: Partial<EnvironmentInput> = {}): Environment =>
  environmentSchema.parse({ name: 'test', baseUrl: 'https://arkiv.example.no', auth, ...extra });

const clientCredentials = environment({ kind: 'client_credentials', tokenUrl: 'https://idp.example.no/token', clientId: 'c' });
const password = environment({ kind: 'password', tokenUrl: 'https://idp.example.no/token', clientId: 'c', user: 'kari' });
const publicPassword = environment({ kind: 'password', tokenUrl: 'https://idp.example.no/token', clientId: 'c', user: 'kari', clientAuth: 'none' });

test('secrets are read from the given variables only; empty means unset', () => {
  assert.deepEqual(readSecretsFromEnvironment({ NOARKQ_TOKEN: 't', NOARKQ_CLIENT_SECRET: '', NOARKQ_PASSWORD: 'p', OTHER: 'x' }), { token: 't', password: 'p' });
  assert.deepEqual(readSecretsFromEnvironment({}), {});
});

test('each auth kind needs its own secrets', () => {
  assert.deepEqual(requiredSecrets(environment({ kind: 'none' }).auth), []);
  assert.deepEqual(requiredSecrets(environment({ kind: 'token' }).auth), ['token']);
  assert.deepEqual(requiredSecrets(clientCredentials.auth), ['clientSecret']);
  assert.deepEqual(requiredSecrets(password.auth), ['password', 'clientSecret']);
  assert.deepEqual(requiredSecrets(publicPassword.auth), ['password']);
  assert.deepEqual(missingSecrets(password, { password: 'p' }), ['clientSecret']);
});

test('a missing secret is an AuthenticationError naming the environment and the variable to set', () => {
  const message = (env: Environment, secrets = {}, sources = {}) => {
    try {
      assertSecretsPresent(env, secrets, sources);
    } catch (error) {
      assert.ok(error instanceof AuthenticationError);
      return error.message;
    }
    return 'no error';
  };
  assert.equal(message(clientCredentials), 'Environment "test" authenticates with the client_credentials grant and needs the client secret: set NOARKQ_CLIENT_SECRET. Secrets are never read from the environments file.');
  assert.equal(
    message(password),
    'Environment "test" authenticates with the password grant and needs the password and the client secret: set NOARKQ_PASSWORD and NOARKQ_CLIENT_SECRET (or set "clientAuth": "none" for a public client). Secrets are never read from the environments file.',
  );
  assert.equal(message(environment({ kind: 'token' })), 'Environment "test" authenticates with a bearer token and needs a bearer token: set NOARKQ_TOKEN. Secrets are never read from the environments file.');
  assert.match(message(publicPassword, {}, { password: 'the password in SecretStorage' }), /needs the password: set the password in SecretStorage\./);
  assert.equal(message(publicPassword, { password: 'p' }), 'no error');
});

test('createTokenProvider picks the provider for the auth kind', async () => {
  assert.equal(createTokenProvider(environment({ kind: 'none' }), {}), undefined);
  const fixed = createTokenProvider(environment({ kind: 'token' }), { token: 'abc' });
  assert.ok(fixed instanceof StaticTokenProvider);
  assert.equal(await fixed.token(), 'abc');
  const oauth = createTokenProvider(publicPassword, { password: 'pw' });
  assert.ok(oauth instanceof OAuthTokenProvider);
  assert.deepEqual(oauth.secrets(), ['pw']);
  const confidential = createTokenProvider(password, { password: 'pw', clientSecret: 'cs' });
  assert.deepEqual([...(confidential?.secrets() ?? [])].sort(), ['cs', 'pw']);
  assert.throws(() => createTokenProvider(clientCredentials, { password: 'pw' }), /set NOARKQ_CLIENT_SECRET/);
});

test('createTokenProvider refuses http:// token URLs to other machines unless the environment allows them', () => {
  // The file loader refuses these first; an environment built in code meets the provider's own check.
  const plain: Environment = { ...clientCredentials, auth: { kind: 'client_credentials', tokenUrl: 'http://idp.intern/token', clientId: 'c', clientAuth: 'basic' } };
  assert.throws(() => createTokenProvider(plain, { clientSecret: 's' }), (error: unknown) => error instanceof AuthenticationError && /Environment "test".*http:\/\/idp\.intern\/token.*"allowHttp": true/.test(error.message));
  assert.ok(createTokenProvider({ ...plain, allowHttp: true }, { clientSecret: 's' }) instanceof OAuthTokenProvider);
});
