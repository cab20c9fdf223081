/**
 * The shape of `noarkq.environments.json`, the file that says where `.noarkq` files run. It reads
 * like a REST Client or Postman environment list: one flat object per environment, its
 * variables beside it, and no secrets.
 *
 * ```jsonc
 * {
 *   "$schema": "./node_modules/noarkq/schemas/noarkq.environments.schema.json", // optional
 *   "environments": [
 *     {
 *       "name": "test",
 *       "baseUrl": "https://arkiv-test.example.no:8083",       // or the whole API root …/rms/api/public/noark5/v1
 *       "auth": {
 *         "kind": "client_credentials",                     // none | token | client_credentials | password
 *         "tokenUrl": "https://arkiv-test.example.no/idp/oauth2/token",
 *         "clientId": "integrasjon",
 *         "clientAuth": "basic",                            // basic (default) | body; password also: none
 *         "scope": "openid"
 *       },
 *       "variables": { "arkivdelId": "12345", "saksaar": 2024 },
 *       "protected": false                                  // true: writes need confirmation
 *     },
 *     { "name": "prod", "baseUrl": "https://arkiv.example.no:8083", "protected": true,
 *       "auth": { "kind": "password", "tokenUrl": "https://arkiv.example.no/idp/oauth2/token", "clientId": "noarkq", "user": "kari" } }
 *   ]
 * }
 * ```
 *
 * Secrets come from `NOARKQ_TOKEN`, `NOARKQ_CLIENT_SECRET` and `NOARKQ_PASSWORD` (SecretStorage in
 * the extension), never from the file: a file gets committed, shared and shown on screens.
 *
 * The schema is the one source of truth: the loader validates with it, and the JSON Schema that
 * editors use (`schemas/noarkq.environments.schema.json`) is generated from it, so its titles and
 * descriptions are what users read while typing.
 */
import { z } from 'zod';
import { variableNamePattern } from '../../core/document';
import { isSecureEnough } from '../auth/loopbackHost';
import { apiRootPath } from '../archive/archiveUrl';
import { unusablePort } from '../archive/connectionFailures';
import { defaultTimeLimits, formatDuration, parseDuration } from '../archive/timeLimits';
import { apiRootUrl } from './apiRootUrl';
import { secretEnvironmentVariables } from './environmentSecrets';

export const environmentsFileName = 'noarkq.environments.json';

const nonBlank = (what: string) =>
  z
    .string()
    .min(1, { error: `${what} must not be empty` })
    .regex(/^\S(.*\S)?$/, { error: `${what} must not start or end with blanks` });

const httpUrl = z.string().superRefine((value, ctx) => {
  const port = unusablePort(value);
  if (port !== undefined) {
    ctx.addIssue({ code: 'custom', message: `\`${value}\`: ${port}` });
    return;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: `\`${value}\` is not an absolute URL: write it like \`https://idp.example.no/oauth2/token\`` });
    return;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') ctx.addIssue({ code: 'custom', message: `\`${value}\` must start with https:// (or http://)` });
  else if (url.username !== '' || url.password !== '') ctx.addIssue({ code: 'custom', message: 'must not contain a user name or password: secrets never go in this file' });
  else if (url.hash !== '') ctx.addIssue({ code: 'custom', message: `\`${value}\` must not have a fragment (#…)` });
});

const tokenUrl = httpUrl.meta({
  title: 'Token URL',
  description: "The identity provider's OAuth 2.0 token endpoint, e.g. https://arkiv.example.no/idp/oauth2/token (Documaster IDP) or https://login.microsoftonline.com/<tenant>/oauth2/v2.0/token (Azure AD). Plain http:// only to this machine, or with \"allowHttp\": true.",
  format: 'uri',
});

const revocationUrl = httpUrl.meta({
  title: 'Revocation URL',
  description:
    "The identity provider's OAuth 2.0 token revocation endpoint (RFC 7009), e.g. https://arkiv.example.no/idp/oauth2/revoke: signing out revokes the tokens held there. Left out, signing out only forgets them on this machine.",
  format: 'uri',
});

const clientId = nonBlank('clientId').meta({ title: 'Client id', description: 'The OAuth client id registered with the identity provider. Its secret is not written here: set NOARKQ_CLIENT_SECRET.' });

const scope = nonBlank('scope').meta({
  title: 'Scope',
  description: 'Space-separated scopes to ask for, e.g. "openid" or "openid offline_access" (the vendor IdP offers openid, profile, offline_access, email). Not sent when left out.',
  examples: ['openid', 'openid offline_access'],
});

const confidentialClientAuth = z
  .enum(['basic', 'body'])
  .default('basic')
  .meta({ title: 'Client authentication', description: 'How the client id and NOARKQ_CLIENT_SECRET are sent: "basic" in an HTTP Basic Authorization header (default), "body" as client_id/client_secret form fields.' });

const passwordClientAuth = z
  .enum(['basic', 'body', 'none'])
  .default('basic')
  .meta({
    title: 'Client authentication',
    description: 'How the client authenticates: "basic" (default) or "body" send the client id with NOARKQ_CLIENT_SECRET; "none" is a public client that sends only its client id and needs no client secret.',
  });

const noAuth = z
  .strictObject({ kind: z.literal('none').meta({ description: 'Send no Authorization header.' }) })
  .meta({ title: 'No authentication', description: 'Requests go without a bearer token (an archive behind a gateway that authenticates by itself).' });

const tokenAuth = z
  .strictObject({ kind: z.literal('token').meta({ description: 'A bearer token obtained elsewhere, taken from NOARKQ_TOKEN.' }) })
  .meta({ title: 'Bearer token from NOARKQ_TOKEN', description: 'Use the access token in the NOARKQ_TOKEN environment variable as is. It is not renewed: when it expires, set a new one.' });

const clientCredentialsAuth = z
  .strictObject({
    kind: z.literal('client_credentials').meta({ description: 'OAuth 2.0 client credentials grant: the integration logs in as itself.' }),
    tokenUrl,
    revocationUrl: revocationUrl.optional(),
    clientId,
    clientAuth: confidentialClientAuth,
    scope: scope.optional(),
  })
  .meta({
    title: 'OAuth 2.0 client credentials',
    description: 'The client_credentials grant with clientId and the client secret from NOARKQ_CLIENT_SECRET. Tokens are renewed shortly before they expire.',
  });

const passwordAuth = z
  .strictObject({
    kind: z.literal('password').meta({ description: 'OAuth 2.0 resource owner password grant: log in as a user.' }),
    tokenUrl,
    revocationUrl: revocationUrl.optional(),
    clientId,
    user: nonBlank('user').meta({ title: 'User name', description: 'The user to log in as. The password is not written here: set NOARKQ_PASSWORD.' }),
    clientAuth: passwordClientAuth,
    scope: scope.optional(),
  })
  .meta({
    title: 'OAuth 2.0 password grant',
    description: 'The password grant with user and the password from NOARKQ_PASSWORD (plus NOARKQ_CLIENT_SECRET unless clientAuth is "none"). Renewed with the refresh token when the provider issues one.',
  });

export const environmentAuthSchema = z
  .discriminatedUnion('kind', [noAuth, tokenAuth, clientCredentialsAuth, passwordAuth])
  .meta({ title: 'Authentication', description: 'How noarkq gets the bearer token for this environment. Secrets are never written here: they come from NOARKQ_TOKEN, NOARKQ_CLIENT_SECRET and NOARKQ_PASSWORD.' });

const duration = (description: string, defaultMs: number) =>
  z
    .union([z.number(), z.string()])
    .transform((value, ctx) => {
      const parsed = parseDuration(value);
      if (parsed.ok) return parsed.ms;
      ctx.addIssue({ code: 'custom', message: parsed.problem });
      return z.NEVER;
    })
    .optional()
    .meta({ description: `${description} Seconds (${defaultMs / 1000}, 0.5) or a number with a unit ("500ms", "30s", "2m"); default ${formatDuration(defaultMs)}.`, examples: [defaultMs / 1000, '500ms', '2m'] });

/** The limits as written, each in milliseconds once parsed; what is left out keeps its default. */
export const timeoutSchema = z
  .strictObject({
    connect: duration('How long to wait for a connection to the archive or the token URL (curl and Hurl call it --connect-timeout).', defaultTimeLimits.connectMs),
    answer: duration('How long to wait, once a request is sent, for its answer to begin. A large transaction takes the archive a while.', defaultTimeLimits.headersMs),
    idle: duration('How long an answer may stall in the middle: uploads and downloads are bounded by this silence, never by their total time.', defaultTimeLimits.bodyMs),
  })
  .meta({
    title: 'Time limits',
    description: 'How long noarkq waits for this archive before it gives up; `noarkq run --timeout` (answer and idle) and `--connect-timeout` override them. A read that hits a limit is not tried again; a write that hits one after it was sent is reported as outcome unknown.',
  });

export const variableValueSchema = z.json().meta({ description: 'Any JSON value: a string, number, boolean, null, array or object.' });

const variables = z
  .record(
    z.string().regex(variableNamePattern, { error: 'a variable name is a letter or `_`, then letters, digits or `_` (as after `@` in a .noarkq file)' }),
    variableValueSchema,
  )
  .default({})
  .meta({ title: 'Variables', description: 'Values that `{{name}}` references in .noarkq files resolve to in this environment (a block\'s or file\'s own `@name = …` wins). Names: a letter or _, then letters, digits or _.' });

export const environmentSchema = z
  .strictObject({
    name: nonBlank('name').meta({ title: 'Name', description: 'What the environment is chosen by (`noarkq run --env NAME`, the status bar). Unique in the file.', examples: ['test', 'prod'] }),
    baseUrl: z
      .string()
      .transform((value, ctx) => {
        const root = apiRootUrl(value);
        if (root.ok) return root.apiUrl;
        ctx.addIssue({ code: 'custom', message: root.problem });
        return z.NEVER;
      })
      .meta({
        title: 'Base URL',
        description: `The archive's API root, e.g. https://arkiv.example.no:8083${apiRootPath}. The server alone (https://arkiv.example.no:8083) also works: ${apiRootPath} is appended. Plain http:// only to this machine, or with "allowHttp": true.`,
        format: 'uri',
      }),
    auth: environmentAuthSchema,
    variables,
    protected: z
      .boolean()
      .default(false)
      .meta({ title: 'Protected', description: 'true for production: transactions, uploads, bulk changes and registry writes ask for confirmation first (the CLI needs --yes).' }),
    allowHttp: z
      .boolean()
      .default(false)
      .meta({
        title: 'Allow plain http://',
        description: 'Allow http:// base and token URLs on other machines, whatever the auth kind. Requests, records, tokens and secrets then cross the network unencrypted: only for trusted test networks. Loopback (localhost, 127.0.0.1) is always allowed.',
      }),
    timeout: timeoutSchema.optional(),
  })
  .superRefine((environment, ctx) => {
    if (environment.allowHttp) return;
    const plain = (value: string) => !isSecureEnough(new URL(value), false);
    const why = 'is plain http:// to another machine, which would send tokens and secrets unencrypted: use https://, or set "allowHttp": true if the network is trusted';
    // Without a token the records themselves still cross the network in the clear.
    const whyNoToken = 'is plain http:// to another machine, which would send every request and answer unencrypted: use https://, or set "allowHttp": true if the network is trusted';
    if (plain(environment.baseUrl)) ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: environment.auth.kind === 'none' ? whyNoToken : why });
    if (environment.auth.kind === 'token' || environment.auth.kind === 'none') return;
    if (URL.canParse(environment.auth.tokenUrl) && plain(environment.auth.tokenUrl)) ctx.addIssue({ code: 'custom', path: ['auth', 'tokenUrl'], message: why });
    const revocation = environment.auth.revocationUrl;
    if (revocation !== undefined && URL.canParse(revocation) && plain(revocation)) ctx.addIssue({ code: 'custom', path: ['auth', 'revocationUrl'], message: why });
  })
  .meta({ title: 'Environment', description: 'One archive noarkq can run against.' });

export const environmentsFileSchema = z
  .strictObject({
    $schema: z.string().optional().meta({ description: 'The JSON Schema of this file (editors use it; noarkq ignores it).' }),
    environments: z
      .array(environmentSchema)
      .superRefine((environments, ctx) => {
        const first = new Map<string, number>();
        environments.forEach((environment, index) => {
          const earlier = first.get(environment.name);
          if (earlier === undefined) first.set(environment.name, index);
          else ctx.addIssue({ code: 'custom', path: [index, 'name'], message: duplicateNameMessage(environment.name, earlier) });
        });
      })
      .meta({ title: 'Environments', description: 'The archives noarkq can run against.' }),
  })
  .meta({
    title: 'noarkq environments',
    description: 'Where noarkq runs .noarkq files: each environment names an archive API root, how to authenticate, and its variables. Secrets are never written here: they come from NOARKQ_TOKEN, NOARKQ_CLIENT_SECRET and NOARKQ_PASSWORD (SecretStorage in VS Code).',
  });

export type EnvironmentAuth = z.output<typeof environmentAuthSchema>;
/** One environment as validated: `baseUrl` is always the API root, without a trailing slash. */
export type Environment = z.output<typeof environmentSchema>;
/** An environment as written in the file (defaults not yet applied). */
export type EnvironmentInput = z.input<typeof environmentSchema>;

export function duplicateNameMessage(name: string, earlier: number): string {
  return `"${name}" is already the name of environments[${earlier}]: names must be unique`;
}

/** Keys that hold secrets, wherever they are written, and where each secret goes instead. */
const secretKeys: Record<string, string> = {
  clientsecret: `set ${secretEnvironmentVariables.clientSecret}`,
  secret: `set ${secretEnvironmentVariables.clientSecret}`,
  password: `set ${secretEnvironmentVariables.password}`,
  passwd: `set ${secretEnvironmentVariables.password}`,
  token: `set ${secretEnvironmentVariables.token}`,
  accesstoken: `set ${secretEnvironmentVariables.token}`,
  bearertoken: `set ${secretEnvironmentVariables.token}`,
  refreshtoken: 'noarkq gets refresh tokens itself with the password grant',
};

/** Where the secret goes instead, when `key` names one (`clientSecret`, `client_secret`, `password`…). */
export function secretKey(key: string): string | undefined {
  const normal = key.toLowerCase().replace(/[_-]/g, '');
  const where = secretKeys[normal];
  return where === undefined ? undefined : `${where} (SecretStorage in VS Code)`;
}
