/**
 * From `noarkq.environments.json` and `NOARKQ_*` variables to a token the sandbox accepts, over
 * real HTTP.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { AuthenticationError } from '../../runner/archive/archiveErrors';
import { readSecretsFromEnvironment } from '../../runner/environments/environmentSecrets';
import { createTokenProvider } from '../../runner/environments/environmentTokenProvider';
import { loadEnvironments, selectEnvironment } from '../../runner/environments/environmentsFile';
import type { Environment } from '../../runner/environments/environmentsSchema';
import { sandboxEnvironment } from '../../runner/environments/sandboxEnvironment';
import { useTestSandbox } from '../http/sandboxHarness';

const env = useTestSandbox();
let workspace: string | undefined;
after(() => (workspace ? rm(workspace, { recursive: true }) : undefined));

/** A query through the environment's own API root with the provider's token. */
async function queryStatus(environment: Environment, token: string): Promise<number> {
  const response = await fetch(`${environment.baseUrl}/query`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'X-Service-Error-Response-Type': 'application/json' },
    body: JSON.stringify({ type: 'Arkiv', limit: 1 }),
  });
  await response.arrayBuffer();
  return response.status;
}

async function workspaceWith(environments: unknown[]): Promise<string> {
  workspace ??= await mkdtemp(join(tmpdir(), 'noarkq-workspace-'));
  await writeFile(join(workspace, 'noarkq.environments.json'), `// written by the test\n${JSON.stringify({ environments }, null, 2)}\n`);
  return workspace;
}

test('the sandbox environment authenticates with its demo client', async () => {
  const { environment, secrets } = sandboxEnvironment(env.sandbox.sandbox);
  assert.equal(environment.name, 'sandbox');
  assert.equal(environment.baseUrl, env.sandbox.sandbox.apiUrl);
  assert.deepEqual(environment.auth, { kind: 'client_credentials', tokenUrl: env.sandbox.sandbox.tokenUrl, revocationUrl: env.sandbox.sandbox.revocationUrl, clientId: 'noarkq-demo', clientAuth: 'basic' });
  const provider = createTokenProvider(environment, secrets);
  assert.ok(provider);
  assert.equal(await queryStatus(environment, await provider.token()), 200);
});

test('a file environment with the password grant, secrets from the given variables', async () => {
  const { url, tokenUrl } = env.sandbox.sandbox;
  const root = await workspaceWith([
    { name: 'local', baseUrl: url, auth: { kind: 'password', tokenUrl, clientId: 'noarkq-demo', user: 'demo', clientAuth: 'body', scope: 'openid offline_access' } },
    { name: 'machine', baseUrl: `${url}/rms/api/public/noark5/v1`, auth: { kind: 'client_credentials', tokenUrl, clientId: 'noarkq-demo-2' }, protected: true },
  ]);
  const file = await loadEnvironments({ workspaceRoot: root });
  assert.ok(file);
  const local = selectEnvironment(file, 'local');
  assert.equal(local.baseUrl, env.sandbox.sandbox.apiUrl, 'the bare server URL gets the API path');
  const secrets = readSecretsFromEnvironment({ NOARKQ_PASSWORD: 'demo', NOARKQ_CLIENT_SECRET: 'noarkq-demo-secret' });
  const provider = createTokenProvider(local, secrets, { now: env.sandbox.clock.now });
  assert.ok(provider);
  assert.equal(await queryStatus(local, await provider.token()), 200);

  const machine = selectEnvironment(file, 'machine');
  assert.equal(machine.protected, true);
  const machineProvider = createTokenProvider(machine, readSecretsFromEnvironment({ NOARKQ_CLIENT_SECRET: 'noarkq-demo-2-secret' }));
  assert.ok(machineProvider);
  assert.equal(await queryStatus(machine, await machineProvider.token()), 200);
});

test('a missing secret is named before any request; a wrong one names the environment and token URL only', async () => {
  const { tokenUrl } = env.sandbox.sandbox;
  const root = await workspaceWith([{ name: 'local', baseUrl: env.sandbox.sandbox.url, auth: { kind: 'password', tokenUrl, clientId: 'noarkq-demo', user: 'demo' } }]);
  const file = await loadEnvironments({ workspaceRoot: root });
  assert.ok(file);
  const local = selectEnvironment(file, undefined);
  assert.throws(
    () => createTokenProvider(local, readSecretsFromEnvironment({ NOARKQ_CLIENT_SECRET: 'noarkq-demo-secret' })),
    (error: unknown) => error instanceof AuthenticationError && /Environment "local" .*needs the password: set NOARKQ_PASSWORD\./.test(error.message),
  );
  const wrong = createTokenProvider(local, readSecretsFromEnvironment({ NOARKQ_CLIENT_SECRET: 'noarkq-demo-secret', NOARKQ_PASSWORD: 'Wrong-Password-5150' }));
  assert.ok(wrong);
  await assert.rejects(wrong.token(), (error: unknown) => {
    assert.ok(error instanceof AuthenticationError);
    assert.ok(error.message.startsWith(`Could not get a token for environment "local" from ${tokenUrl}: `), error.message);
    assert.match(error.message, /invalid_grant.*Check the user "demo" and NOARKQ_PASSWORD\./);
    assert.ok(!error.message.includes('Wrong-Password-5150') && !error.message.includes('noarkq-demo-secret'));
    return true;
  });
});
