/**
 * Bearer tokens from an OAuth 2.0 token endpoint (the vendor's identity provider or Azure AD):
 * the client_credentials and password grants, renewed with the refresh_token grant when the
 * provider issued a refresh token, and revoked at sign-out (RFC 7009) where the provider has a
 * revocation endpoint. The protocol itself is oauth4webapi's; this module decides when to ask,
 * shares one request between concurrent callers, and turns every failure into an
 * `AuthenticationError` that names the environment and the token URL but never a secret.
 */
import * as oauth from 'oauth4webapi';
import { Agent, fetch as undiciFetch } from 'undici';
import { z } from 'zod';
import { AuthenticationError, RunCancelledError, describeCause } from '../archive/archiveErrors';
import { connectionTarget, describeFailure } from '../archive/connectionFailures';
import { defaultTimeLimits, formatDuration, type TimeLimits } from '../archive/timeLimits';
import { redact } from '../../core/text/secretRedaction';
import { isSecureEnough } from './loopbackHost';
import type { TokenProvider } from './tokenProvider';

/** How the client proves who it is at the token endpoint. */
export type ClientAuthentication =
  /** `client_id`/`client_secret` in HTTP Basic (`basic`) or in the form body (`body`). */
  | { method: 'basic' | 'body'; clientId: string; clientSecret: string }
  /** A public client: only `client_id` in the body (password grant only). */
  | { method: 'none'; clientId: string };

export type ConfidentialClient = Extract<ClientAuthentication, { method: 'basic' | 'body' }>;

export type OAuthGrant =
  | { kind: 'client_credentials'; client: ConfidentialClient }
  | { kind: 'password'; client: ClientAuthentication; user: string; password: string };

export interface OAuthSettings {
  /** The environment's name, for messages. */
  environment: string;
  /** The token endpoint (no discovery: the vendor's identity provider publishes none). */
  tokenUrl: string;
  /** The revocation endpoint (RFC 7009), where sign-out ends the tokens held; none when undefined. */
  revocationUrl?: string;
  grant: OAuthGrant;
  /** Space-separated scopes; omitted from the request when undefined. */
  scope?: string;
  /** Allow plain http:// to a host other than this machine (loopback is always allowed). */
  allowHttp?: boolean;
  /** Where the user sets each secret, for the hint after a refusal (`NOARKQ_CLIENT_SECRET`, or
   * the extension's own words). */
  secretSources?: { clientSecret?: string; password?: string };
}

/** What oauth4webapi hands to `fetch`; a replacement gets the same arguments. */
export type TokenRequestFetch = (url: string, init: oauth.CustomFetchOptions<'POST', URLSearchParams>) => Promise<Response>;

export interface OAuthTokenProviderOptions {
  /** Milliseconds since the epoch; injectable so that tests can move time. */
  now?: () => number;
  /** Renew this long before expiry (default 60 s, the vendor samples' habit), but never more than
   * half the token's lifetime, so a short-lived token is not renewed on every call. */
  refreshMarginSeconds?: number;
  /** The environment's time limits (connect, answer, idle), as the archive's calls have them. */
  timeLimits?: Partial<TimeLimits>;
  /** Give up on a token request after this long in all (default: the connect and answer limits together). */
  requestTimeoutMs?: number;
  /** Replaces global `fetch` for token requests (tracing, a custom dispatcher). */
  fetch?: TokenRequestFetch;
}

interface HeldToken {
  accessToken: string;
  /** When to fetch a new one (ms since the epoch); undefined when the provider gave no lifetime,
   * so the token is kept until the archive refuses it. */
  renewAt: number | undefined;
  expiresAt: number | undefined;
}

interface PendingFetch {
  promise: Promise<HeldToken>;
  waiters: number;
  /** Every caller gave up: abort the request, and let the next caller start a new one. */
  abandon(): void;
}

type GrantType = OAuthGrant['kind'] | 'refresh_token';

const oauthErrorBody = z.object({ error: z.string().min(1), error_description: z.string().optional() });

export class OAuthTokenProvider implements TokenProvider {
  private readonly url: URL;
  private readonly revocationUrl: URL | undefined;
  private readonly as: oauth.AuthorizationServer;
  private readonly client: oauth.Client;
  private readonly clientAuth: oauth.ClientAuth;
  private readonly requestOptions: oauth.HttpRequestOptions<'POST', URLSearchParams>;
  private readonly now: () => number;
  private readonly marginMs: number;
  private readonly timeoutMs: number;
  private readonly limits: TimeLimits;
  private held: HeldToken | undefined;
  private refreshToken: string | undefined;
  private pending: PendingFetch | undefined;
  private readonly issued = new Set<string>();

  constructor(
    private readonly settings: OAuthSettings,
    options: OAuthTokenProviderOptions = {},
  ) {
    const url = checkedUrl(settings, 'token URL', settings.tokenUrl);
    const revocationUrl = settings.revocationUrl === undefined ? undefined : checkedUrl(settings, 'revocation URL', settings.revocationUrl);
    this.url = url;
    // No discovery: the metadata is just the token endpoint. The issuer only matters for ID
    // tokens, which `dropIdToken` keeps away from oauth4webapi.
    this.as = { issuer: url.origin, token_endpoint: url.href, ...(revocationUrl ? { revocation_endpoint: revocationUrl.href } : {}) };
    this.revocationUrl = revocationUrl;
    this.client = { client_id: settings.grant.client.clientId };
    const client = settings.grant.client;
    this.clientAuth = client.method === 'basic' ? oauth.ClientSecretBasic(client.clientSecret) : client.method === 'body' ? oauth.ClientSecretPost(client.clientSecret) : oauth.None();
    this.limits = { ...defaultTimeLimits, ...options.timeLimits };
    const fetchImpl: TokenRequestFetch = options.fetch ?? boundedFetch(this.limits);
    this.requestOptions = {
      [oauth.customFetch]: async (input, init) => dropIdToken(await fetchImpl(input, init)),
      // Already checked above: https, loopback, or explicitly allowed by the environment.
      [oauth.allowInsecureRequests]: url.protocol === 'http:' || revocationUrl?.protocol === 'http:',
    };
    this.now = options.now ?? Date.now;
    this.marginMs = (options.refreshMarginSeconds ?? 60) * 1000;
    this.timeoutMs = options.requestTimeoutMs ?? this.limits.connectMs + this.limits.headersMs;
  }

  async token(signal?: AbortSignal): Promise<string> {
    if (signal?.aborted) throw new RunCancelledError();
    const held = this.held;
    if (held && (held.renewAt === undefined || this.now() < held.renewAt)) return held.accessToken;
    this.pending ??= this.startFetch();
    try {
      return (await waitFor(this.pending, signal)).accessToken;
    } catch (error) {
      // Renewing early failed (the identity provider is down for a moment): the held token still
      // works until it expires, and the next call tries again.
      const usable = held !== undefined && this.held === held && held.expiresAt !== undefined && this.now() < held.expiresAt;
      if (usable && error instanceof AuthenticationError) return held.accessToken;
      throw error;
    }
  }

  invalidate(rejected: string): boolean {
    if (this.held?.accessToken === rejected) this.held = undefined;
    // A token other than the held one was refused: it was replaced meanwhile, and the next
    // `token()` gives the replacement, so the caller's retry still makes sense.
    return true;
  }

  secrets(): readonly string[] {
    const client = this.settings.grant.client;
    const own = [client.method === 'none' ? undefined : client.clientSecret, this.settings.grant.kind === 'password' ? this.settings.grant.password : undefined];
    return [...own.filter((s): s is string => typeof s === 'string' && s.length > 0), ...this.issued];
  }

  /**
   * Sign-out: forgets the tokens held and, where the provider has a revocation endpoint, revokes
   * them there (RFC 7009), the refresh token first, since revoking it ends the access tokens it
   * gave at providers that tie them together. Resolves with how many were revoked; a refusal or an
   * unreachable endpoint is an `AuthenticationError` once every token was tried, the tokens being
   * forgotten here all the same.
   */
  async revoke(signal?: AbortSignal): Promise<number> {
    const held = [
      ...(this.refreshToken === undefined ? [] : [{ token: this.refreshToken, hint: 'refresh_token' }]),
      ...(this.held === undefined ? [] : [{ token: this.held.accessToken, hint: 'access_token' }]),
    ];
    this.pending?.abandon();
    this.held = undefined;
    this.refreshToken = undefined;
    const revocationUrl = this.revocationUrl;
    if (revocationUrl === undefined) return 0;
    const failures: string[] = [];
    let revoked = 0;
    for (const { token, hint } of held) {
      const options = { ...this.requestOptions, signal: AbortSignal.any([AbortSignal.timeout(this.timeoutMs), ...(signal ? [signal] : [])]), additionalParameters: { token_type_hint: hint } };
      try {
        await oauth.processRevocationResponse(await oauth.revocationRequest(this.as, this.client, this.clientAuth, token, options));
        revoked++;
      } catch (error) {
        if (signal?.aborted) throw new RunCancelledError();
        failures.push(`the ${hint.replace('_', ' ')}: ${await this.revocationFailure(error, revocationUrl)}`);
      }
    }
    if (failures.length > 0) {
      throw new AuthenticationError(redact(`Could not revoke the tokens of environment "${this.settings.environment}" at ${revocationUrl.href}: ${failures.join('; ')}.`, this.secrets()));
    }
    return revoked;
  }

  private async revocationFailure(error: unknown, revocationUrl: URL): Promise<string> {
    const refusal = await refusalOf(error);
    if (refusal) return `${answered(refusal)}${refusal.code === undefined ? '' : ` (${refusal.code}${refusal.description ? `: ${refusal.description}` : ''})`}`;
    if (error instanceof oauth.OperationProcessingError && error.cause instanceof Response) return `${answered(error.cause)} (is this the revocation URL?)`;
    if (error instanceof DOMException && error.name === 'TimeoutError') return `no answer within ${formatDuration(this.timeoutMs)}`;
    if (error instanceof TypeError && error.message === 'fetch failed') return `could not reach it: ${describeFailure(error.cause ?? error, connectionTarget(revocationUrl), this.limits)}`;
    return describeCause(error);
  }

  private startFetch(): PendingFetch {
    const controller = new AbortController();
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = AbortSignal.any([controller.signal, timeout]);
    const entry: PendingFetch = {
      waiters: 0,
      abandon: () => {
        controller.abort();
        if (this.pending === entry) this.pending = undefined;
      },
      promise: this.fetchToken(signal)
        .catch((error: unknown) => {
          if (controller.signal.aborted) throw new RunCancelledError();
          if (timeout.aborted) {
            throw this.failure(`no answer within ${formatDuration(this.timeoutMs)} (the connect and answer time limits together; change them with "timeout" in the environment, or noarkq run --connect-timeout and --timeout)`);
          }
          throw error;
        })
        .finally(() => {
          if (this.pending === entry) this.pending = undefined;
        }),
    };
    // Nobody may be waiting any more (every caller aborted); the outcome must not go unhandled.
    entry.promise.catch(() => undefined);
    return entry;
  }

  private async fetchToken(signal: AbortSignal): Promise<HeldToken> {
    const startedAt = this.now();
    if (this.refreshToken !== undefined) {
      try {
        return this.hold(await this.request('refresh_token', signal), startedAt);
      } catch (error) {
        const refusal = await refusalOf(error);
        // A refresh token that expired, was rotated away or revoked: log in again with the grant.
        if (refusal?.code !== 'invalid_grant') throw refusal ? this.refusal(refusal, 'refresh_token') : this.explain(error);
        this.refreshToken = undefined;
      }
    }
    const kind = this.settings.grant.kind;
    try {
      return this.hold(await this.request(kind, signal), startedAt);
    } catch (error) {
      const refusal = await refusalOf(error);
      throw refusal ? this.refusal(refusal, kind) : this.explain(error);
    }
  }

  private async request(grant: GrantType, signal: AbortSignal): Promise<oauth.TokenEndpointResponse> {
    const options = { ...this.requestOptions, signal };
    const scope: Record<string, string> = this.settings.scope === undefined ? {} : { scope: this.settings.scope };
    if (grant === 'refresh_token') {
      const response = await oauth.refreshTokenGrantRequest(this.as, this.client, this.clientAuth, this.refreshToken ?? '', options);
      return oauth.processRefreshTokenResponse(this.as, this.client, response);
    }
    if (grant === 'client_credentials') {
      const response = await oauth.clientCredentialsGrantRequest(this.as, this.client, this.clientAuth, scope, options);
      return oauth.processClientCredentialsResponse(this.as, this.client, response);
    }
    const password = this.settings.grant;
    if (password.kind !== 'password') throw new Error('unreachable: the password grant without a password');
    // oauth4webapi has no dedicated function for the resource owner password grant (OAuth 2.1
    // drops it); the generic token request sends it with the same client authentication.
    const response = await oauth.genericTokenEndpointRequest(this.as, this.client, this.clientAuth, 'password', { username: password.user, password: password.password, ...scope }, options);
    return oauth.processGenericTokenEndpointResponse(this.as, this.client, response);
  }

  private hold(response: oauth.TokenEndpointResponse, startedAt: number): HeldToken {
    this.issued.add(response.access_token);
    // Without a new refresh token the old one stays valid (RFC 6749 §6); a fresh grant without
    // one means there is none.
    if (response.refresh_token !== undefined) {
      this.refreshToken = response.refresh_token;
      this.issued.add(response.refresh_token);
    }
    const lifetimeMs = response.expires_in === undefined ? undefined : response.expires_in * 1000;
    // Counted from when the request was sent, so the time it took cannot make the token outlive its expiry.
    const renewAt = lifetimeMs === undefined ? undefined : startedAt + lifetimeMs - Math.min(this.marginMs, lifetimeMs / 2);
    const held: HeldToken = { accessToken: response.access_token, renewAt, expiresAt: lifetimeMs === undefined ? undefined : startedAt + lifetimeMs };
    this.held = held;
    return held;
  }

  /** What went wrong, when the identity provider did not say it in an OAuth error. */
  private explain(error: unknown): Error {
    if (error instanceof RunCancelledError || error instanceof AuthenticationError) return error;
    if (error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError')) return error;
    if (error instanceof oauth.OperationProcessingError) {
      if (error.cause instanceof Response && error.cause.status !== 200) return this.failure(`${answered(error.cause)} instead of a token (is this the token URL?)`);
      // oauth4webapi keeps the offending values in `cause`; only its message (which names the
      // property, never its value) is shown.
      return this.failure(`the answer is not a usable token response: ${error.message}`);
    }
    if (error instanceof oauth.UnsupportedOperationError) return this.failure(`the answer is not a usable token response: ${error.message}`);
    if (error instanceof TypeError && error.message === 'fetch failed') return this.failure(`could not reach it: ${describeFailure(error.cause ?? error, connectionTarget(this.url), this.limits)}`);
    return this.failure(describeCause(error));
  }

  private refusal({ status, statusText, code, description }: Refusal, grant: GrantType): Error {
    if (code === undefined) {
      // A 401 without an OAuth error body: a provider that only sends a challenge, or a URL that
      // is not the token endpoint at all.
      return this.failure(`${answered({ status, statusText })} without an OAuth error (is this the token URL?)${status === 401 ? this.hint(undefined, grant) : '.'}`);
    }
    return this.failure(`the identity provider refused the ${grantName(grant)} (HTTP ${status} ${code}${description ? `: ${description}` : ''})${this.hint(code, grant)}`);
  }

  private hint(code: string | undefined, grant: GrantType): string {
    const clientSecret = this.settings.secretSources?.clientSecret ?? 'the client secret';
    const password = this.settings.secretSources?.password ?? 'the password';
    const clientId = this.settings.grant.client.clientId;
    if (code === 'invalid_client' || code === undefined) {
      return this.settings.grant.client.method === 'none'
        ? `. Check the client id "${clientId}": the provider may need a confidential client (a client secret).`
        : `. Check the client id "${clientId}" and ${clientSecret}.`;
    }
    if (code === 'invalid_grant' && grant === 'password') return `. Check the user "${this.settings.grant.kind === 'password' ? this.settings.grant.user : ''}" and ${password}.`;
    if (code === 'invalid_scope') return `. Check the scope "${this.settings.scope ?? ''}".`;
    if (code === 'unauthorized_client' || code === 'unsupported_grant_type') return `. The client "${clientId}" may not be allowed this grant: check the environment's auth kind.`;
    return '.';
  }

  private failure(what: string): AuthenticationError {
    return new AuthenticationError(redact(`Could not get a token for environment "${this.settings.environment}" from ${this.url.href}: ${what}`, this.secrets()));
  }
}

/** `text` as the URL of an endpoint that is sent credentials: http(s), and encrypted unless it
 * is this machine or the environment allows plain http. */
function checkedUrl(settings: OAuthSettings, what: string, text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AuthenticationError(`Environment "${settings.environment}": the ${what} \`${text}\` is not a valid URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AuthenticationError(`Environment "${settings.environment}": the ${what} ${url.href} must be an http(s) URL.`);
  }
  if (!isSecureEnough(url, settings.allowHttp === true)) {
    throw new AuthenticationError(
      `Environment "${settings.environment}": the ${what} ${url.href} is plain http:// to another machine, which would send the credentials unencrypted; use https://, or set "allowHttp": true on the environment if the network is trusted.`,
    );
  }
  return url;
}

/**
 * undici's fetch on a dispatcher with the environment's limits: global fetch has its own (10 s to
 * connect, 300 s for the answer) that no option changes. Its idle sockets do not keep the process
 * alive.
 */
function boundedFetch(limits: TimeLimits): TokenRequestFetch {
  let agent: Agent | undefined;
  return async (input, init) => {
    agent ??= new Agent({ connect: { timeout: limits.connectMs }, headersTimeout: limits.headersMs, bodyTimeout: limits.bodyMs });
    const answer = await undiciFetch(input, { ...init, dispatcher: agent });
    // As a global Response: undici's own class differs in identity, which `instanceof` checks
    // (here and in oauth4webapi) would see. A token response is small enough to hold.
    const nullBody = [101, 204, 205, 304].includes(answer.status);
    let body: ArrayBuffer | null = null;
    try {
      if (!nullBody) body = await answer.arrayBuffer();
    } catch (error) {
      // A body cut off or stalled (undici says "terminated"): reported as fetch reports a failure.
      throw new TypeError('fetch failed', { cause: (error as { cause?: unknown }).cause ?? error });
    }
    return new Response(body, { status: answer.status, statusText: answer.statusText, headers: answer.headers as unknown as Headers });
  };
}

function answered(response: { status: number; statusText: string }): string {
  return `the server answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
}

function grantName(grant: GrantType): string {
  return grant === 'client_credentials' ? 'client credentials' : grant === 'password' ? 'user name and password' : 'refresh token';
}

/** Waits for a shared fetch on behalf of one caller; when every caller has given up, the fetch is
 * aborted. A caller without a signal never gives up, so it keeps the fetch alive. */
function waitFor(pending: PendingFetch, signal: AbortSignal | undefined): Promise<HeldToken> {
  pending.waiters++;
  return new Promise<HeldToken>((resolve, reject) => {
    let waiting = true;
    const leave = () => {
      if (!waiting) return false;
      waiting = false;
      signal?.removeEventListener('abort', onAbort);
      pending.waiters--;
      return true;
    };
    const onAbort = () => {
      if (!leave()) return;
      if (pending.waiters === 0) pending.abandon();
      reject(new RunCancelledError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    pending.promise.then(
      (held) => {
        if (leave()) resolve(held);
      },
      (error: unknown) => {
        if (leave()) reject(error);
      },
    );
  });
}

interface Refusal {
  status: number;
  statusText: string;
  code: string | undefined;
  description: string | undefined;
}

/** The OAuth error the identity provider answered with, if that is what `error` is. */
async function refusalOf(error: unknown): Promise<Refusal | undefined> {
  if (error instanceof oauth.ResponseBodyError) return { status: error.status, statusText: error.response.statusText, code: error.error, description: error.error_description };
  if (!(error instanceof oauth.WWWAuthenticateChallengeError)) return undefined;
  // oauth4webapi stops at the `WWW-Authenticate` header of a 401 and leaves the body unread; the
  // vendor's provider says what went wrong in that body.
  let body: unknown;
  try {
    body = await error.response.json();
  } catch {
    body = undefined;
  }
  const parsed = oauthErrorBody.safeParse(body);
  return { status: error.status, statusText: error.response.statusText, code: parsed.success ? parsed.data.error : undefined, description: parsed.success ? parsed.data.error_description : undefined };
}

/**
 * A token response without its `id_token`. noarkq never uses the ID token, and without discovery
 * the issuer and signing keys are unknown, so oauth4webapi's claim checks would refuse a valid
 * one (Azure AD returns one for `scope=openid`).
 */
export async function dropIdToken(response: Response): Promise<Response> {
  if (response.status !== 200) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('id_token' in body)) {
    return new Response(text, { status: response.status, statusText: response.statusText, headers });
  }
  const { id_token: _dropped, ...rest } = body as Record<string, unknown>;
  return new Response(JSON.stringify(rest), { status: response.status, statusText: response.statusText, headers });
}
