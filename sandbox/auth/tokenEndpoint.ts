/**
 * `POST /idp/oauth2/token` (and `/oauth2/token`; form-encoded), as the vendor's identity provider does it: the
 * client_credentials, password and refresh_token grants; client credentials in HTTP Basic or in
 * the body; errors `{error, error_description}` with 400, or 401 for a bad client. Sign-out is
 * `POST /idp/oauth2/revoke` (RFC 7009): the token's whole grant ends, in every process sharing
 * the archive's tokens.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UnauthenticatedContext } from '../http/router';
import { readBodyText } from '../http/requestBody';
import { ServiceError } from '../http/errors';
import { sendJson } from '../http/responses';
import type { Account, AccountDirectory } from './accounts';
import type { TokenStore } from './tokenStore';

class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface ClientCredentials {
  id: string;
  secret: string;
  via: 'basic' | 'body';
}

function basicCredentials(req: IncomingMessage): ClientCredentials | undefined {
  const header = req.headers.authorization;
  if (!header || !/^basic\s+/i.test(header)) return undefined;
  const decoded = Buffer.from(header.replace(/^basic\s+/i, ''), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new OAuthError(401, 'invalid_client', 'The Basic credentials are not `client_id:client_secret`.');
  // RFC 6749 §2.3.1: both parts are form-urlencoded before Base64.
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      return s;
    }
  };
  return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)), via: 'basic' };
}

function clientCredentials(req: IncomingMessage, form: URLSearchParams): ClientCredentials | undefined {
  const basic = basicCredentials(req);
  if (basic) return basic;
  const id = form.get('client_id');
  if (id === null) return undefined;
  return { id, secret: form.get('client_secret') ?? '', via: 'body' };
}

function authenticateClient(accounts: AccountDirectory, credentials: ClientCredentials): Account {
  const account = accounts.client(credentials.id, credentials.secret);
  if (!account) throw new OAuthError(401, 'invalid_client', `Client authentication failed for \`${credentials.id}\`: unknown client or wrong secret.`);
  return account;
}

function required(form: URLSearchParams, name: string): string {
  const value = form.get(name);
  if (value === null || value === '') throw new OAuthError(400, 'invalid_request', `The \`${name}\` parameter is missing.`);
  return value;
}

export interface TokenEndpointDeps {
  accounts: AccountDirectory;
  tokens: TokenStore;
  maxBodyBytes: number;
}

async function readForm(req: IncomingMessage, maxBodyBytes: number, what: string): Promise<URLSearchParams> {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    req.resume();
    throw new OAuthError(400, 'invalid_request', `The ${what} request must be form-encoded (\`Content-Type: application/x-www-form-urlencoded\`).`);
  }
  try {
    return new URLSearchParams(await readBodyText(req, maxBodyBytes));
  } catch (error) {
    if (error instanceof ServiceError) throw new OAuthError(400, 'invalid_request', error.message);
    throw error;
  }
}

function sendOAuthError(res: ServerResponse, error: OAuthError): void {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if (error.status === 401) headers['WWW-Authenticate'] = 'Basic realm="noarkq-sandbox"';
  sendJson(res, error.status, { error: error.code, error_description: error.message }, headers);
}

export function tokenEndpoint(deps: TokenEndpointDeps): (ctx: UnauthenticatedContext) => Promise<void> {
  return async ({ req, res }) => {
    try {
      const form = await readForm(req, deps.maxBodyBytes, 'token');
      const grant = required(form, 'grant_type');
      const scope = form.get('scope') ?? 'openid';
      const credentials = clientCredentials(req, form);
      let issued;
      switch (grant) {
        case 'client_credentials': {
          if (!credentials) throw new OAuthError(401, 'invalid_client', 'client_credentials needs the client id and secret (HTTP Basic or `client_id`/`client_secret`).');
          issued = await deps.tokens.issue(authenticateClient(deps.accounts, credentials), scope, false);
          break;
        }
        case 'password': {
          // A client is optional (public clients), but when one is named it must authenticate.
          if (credentials && deps.accounts.isClient(credentials.id)) authenticateClient(deps.accounts, credentials);
          const user = deps.accounts.user(required(form, 'username'), required(form, 'password'));
          if (!user) throw new OAuthError(400, 'invalid_grant', 'Wrong user name or password.');
          issued = await deps.tokens.issue(user, scope, true);
          break;
        }
        case 'refresh_token': {
          if (credentials && deps.accounts.isClient(credentials.id)) authenticateClient(deps.accounts, credentials);
          const entry = await deps.tokens.redeemRefresh(required(form, 'refresh_token'));
          if (!entry) throw new OAuthError(400, 'invalid_grant', 'The refresh token is unknown, used or expired: log in again.');
          issued = await deps.tokens.issue(entry.account, form.get('scope') ?? entry.scope, true, entry.grant);
          break;
        }
        default:
          throw new OAuthError(400, 'unsupported_grant_type', `Grant type \`${grant}\` is not supported: use client_credentials, password or refresh_token.`);
      }
      const body: Record<string, string | number> = { access_token: issued.accessToken, token_type: 'bearer', expires_in: issued.expiresIn };
      if (issued.refreshToken) body.refresh_token = issued.refreshToken;
      body.scope = issued.scope;
      sendJson(res, 200, body, { 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      sendOAuthError(res, error);
    }
  };
}

/**
 * `POST /idp/oauth2/revoke` (RFC 7009): `token` (access or refresh) and an optional
 * `token_type_hint`, which is not needed to find it. Answered 200 with no body, also for a token
 * that is unknown or already revoked, as §2.2 asks.
 */
export function revokeEndpoint(deps: TokenEndpointDeps): (ctx: UnauthenticatedContext) => Promise<void> {
  return async ({ req, res }) => {
    try {
      const form = await readForm(req, deps.maxBodyBytes, 'revocation');
      const credentials = clientCredentials(req, form);
      if (credentials && deps.accounts.isClient(credentials.id)) authenticateClient(deps.accounts, credentials);
      await deps.tokens.revoke(required(form, 'token'));
      res.writeHead(200, { 'Cache-Control': 'no-store', 'Content-Length': '0' });
      res.end();
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      sendOAuthError(res, error);
    }
  };
}
