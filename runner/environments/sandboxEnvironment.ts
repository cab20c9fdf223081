/**
 * The environment for a running sandbox (`noarkq run --sandbox`, the extension's "Start
 * sandbox"): its API root, its token endpoint and its demo client, whose secret is public.
 */
import { defaultSandboxAccounts, type SandboxAccount } from '../../core/api/sandboxContract';
import type { EnvironmentSecrets } from './environmentSecrets';
import { environmentSchema, type Environment } from './environmentsSchema';

export const sandboxEnvironmentName = 'sandbox';

export interface SandboxEndpoints {
  /** `http://127.0.0.1:<port>/rms/api/public/noark5/v1` */
  apiUrl: string;
  /** `http://127.0.0.1:<port>/oauth2/token` */
  tokenUrl: string;
  /** `http://127.0.0.1:<port>/idp/oauth2/revoke`, where sign-out revokes the tokens (RFC 7009) */
  revocationUrl?: string;
}

export interface SandboxEnvironment {
  environment: Environment;
  secrets: EnvironmentSecrets;
}

/** The sandbox at `endpoints`, logged in as its full-rights demo client (or `client`, for a
 * sandbox started with other accounts). */
export function sandboxEnvironment(endpoints: SandboxEndpoints, client: SandboxAccount = defaultSandboxAccounts.fullClient): SandboxEnvironment {
  // Through the schema, so that the sandbox's environment is normalised exactly like a written one.
  const environment = environmentSchema.parse({
    name: sandboxEnvironmentName,
    baseUrl: endpoints.apiUrl,
    auth: { kind: 'client_credentials', tokenUrl: endpoints.tokenUrl, revocationUrl: endpoints.revocationUrl, clientId: client.id, clientAuth: 'basic' },
  });
  return { environment, secrets: { clientSecret: client.secret } };
}
