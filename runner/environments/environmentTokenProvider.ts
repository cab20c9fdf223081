/**
 * The `TokenProvider` an environment's `auth` calls for, with its secrets.
 */
import { timeLimitsOf } from '../archive/timeLimits';
import { OAuthTokenProvider, type ClientAuthentication, type OAuthTokenProviderOptions } from '../auth/oauthTokenProvider';
import { StaticTokenProvider, type TokenProvider } from '../auth/tokenProvider';
import { assertSecretsPresent, secretEnvironmentVariables, type EnvironmentSecrets, type SecretName } from './environmentSecrets';
import type { Environment } from './environmentsSchema';

export interface TokenProviderFactoryOptions extends OAuthTokenProviderOptions {
  /** Where the user sets each secret, for messages; `NOARKQ_…` variables by default. */
  secretSources?: Partial<Record<SecretName, string>>;
}

/**
 * The provider for `environment`, or undefined for `auth.kind: "none"` (send no Authorization
 * header). Throws an `AuthenticationError` naming the missing variables when a needed secret is
 * not set, and (from `OAuthTokenProvider`) when the token URL may not carry credentials.
 */
export function createTokenProvider(environment: Environment, secrets: EnvironmentSecrets, options: TokenProviderFactoryOptions = {}): TokenProvider | undefined {
  const { secretSources = {}, ...given } = options;
  // The token URL waits as long as the archive does.
  const providerOptions = { timeLimits: timeLimitsOf(environment.timeout), ...given };
  assertSecretsPresent(environment, secrets, secretSources);
  const auth = environment.auth;
  // assertSecretsPresent has checked each of these; the fallbacks only satisfy the types.
  const clientSecret = secrets.clientSecret ?? '';
  switch (auth.kind) {
    case 'none':
      return undefined;
    case 'token':
      return new StaticTokenProvider(secrets.token ?? '');
    case 'client_credentials':
    case 'password': {
      const common = {
        environment: environment.name,
        tokenUrl: auth.tokenUrl,
        revocationUrl: auth.revocationUrl,
        scope: auth.scope,
        allowHttp: environment.allowHttp,
        secretSources: {
          clientSecret: secretSources.clientSecret ?? secretEnvironmentVariables.clientSecret,
          password: secretSources.password ?? secretEnvironmentVariables.password,
        },
      };
      if (auth.kind === 'client_credentials') {
        return new OAuthTokenProvider({ ...common, grant: { kind: 'client_credentials', client: { method: auth.clientAuth, clientId: auth.clientId, clientSecret } } }, providerOptions);
      }
      const client: ClientAuthentication = auth.clientAuth === 'none' ? { method: 'none', clientId: auth.clientId } : { method: auth.clientAuth, clientId: auth.clientId, clientSecret };
      return new OAuthTokenProvider({ ...common, grant: { kind: 'password', client, user: auth.user, password: secrets.password ?? '' } }, providerOptions);
    }
  }
}
