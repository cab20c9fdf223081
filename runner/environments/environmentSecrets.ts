/**
 * The secrets an environment needs, which never come from `noarkq.environments.json`: on the
 * command line from `NOARKQ_TOKEN`, `NOARKQ_CLIENT_SECRET` and `NOARKQ_PASSWORD`; in the extension
 * from SecretStorage (it builds an `EnvironmentSecrets` itself).
 */
import { AuthenticationError } from '../archive/archiveErrors';
import type { Environment, EnvironmentAuth } from './environmentsSchema';

export interface EnvironmentSecrets {
  /** The bearer token for `auth.kind: "token"`. */
  token?: string;
  /** The OAuth client secret (client_credentials; password unless `clientAuth` is "none"). */
  clientSecret?: string;
  /** The user's password (password grant). */
  password?: string;
}

export type SecretName = keyof EnvironmentSecrets;

export const secretEnvironmentVariables = {
  token: 'NOARKQ_TOKEN',
  clientSecret: 'NOARKQ_CLIENT_SECRET',
  password: 'NOARKQ_PASSWORD',
} as const satisfies Record<SecretName, string>;

/** The secrets set in `variables` (pass `process.env`); an empty value counts as not set. */
export function readSecretsFromEnvironment(variables: Readonly<Record<string, string | undefined>>): EnvironmentSecrets {
  const secrets: EnvironmentSecrets = {};
  for (const name of Object.keys(secretEnvironmentVariables) as SecretName[]) {
    const value = variables[secretEnvironmentVariables[name]];
    if (value !== undefined && value !== '') secrets[name] = value;
  }
  return secrets;
}

/** The secrets that authenticating with `auth` needs, in the order a user would set them. */
export function requiredSecrets(auth: EnvironmentAuth): SecretName[] {
  switch (auth.kind) {
    case 'none':
      return [];
    case 'token':
      return ['token'];
    case 'client_credentials':
      return ['clientSecret'];
    case 'password':
      return auth.clientAuth === 'none' ? ['password'] : ['password', 'clientSecret'];
  }
}

export function missingSecrets(environment: Environment, secrets: EnvironmentSecrets): SecretName[] {
  return requiredSecrets(environment.auth).filter((name) => secrets[name] === undefined || secrets[name] === '');
}

const secretWords: Record<SecretName, string> = { token: 'a bearer token', clientSecret: 'the client secret', password: 'the password' };

/**
 * Throws an `AuthenticationError` naming every missing secret and where to set it, before any
 * request is made. `sources` says where each secret is set (the variable names by default; the
 * extension says SecretStorage).
 */
export function assertSecretsPresent(environment: Environment, secrets: EnvironmentSecrets, sources: Partial<Record<SecretName, string>> = {}): void {
  const missing = missingSecrets(environment, secrets);
  if (missing.length === 0) return;
  const where = (name: SecretName) => sources[name] ?? secretEnvironmentVariables[name];
  const needs = missing.map((name) => secretWords[name]).join(' and ');
  const set = missing.map(where).join(' and ');
  const grant = environment.auth.kind === 'token' ? 'a bearer token' : `the ${environment.auth.kind} grant`;
  const publicClient = environment.auth.kind === 'password' && missing.includes('clientSecret') ? ' (or set "clientAuth": "none" for a public client)' : '';
  throw new AuthenticationError(`Environment "${environment.name}" authenticates with ${grant} and needs ${needs}: set ${set}${publicClient}. Secrets are never read from the environments file.`);
}
