/** Every API call needs a valid bearer token; anything else is 401 with `WWW-Authenticate: Bearer`. */
import type { IncomingMessage } from 'node:http';
import { ServiceError } from '../http/errors';
import type { Account } from './accounts';
import type { TokenStore } from './tokenStore';

export async function authenticate(req: IncomingMessage, tokens: TokenStore): Promise<Account> {
  const header = req.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) {
    throw new ServiceError(401, 'This endpoint needs `Authorization: Bearer <access token>`; get a token from /idp/oauth2/token.', {
      'WWW-Authenticate': 'Bearer realm="noarkq-sandbox"',
    });
  }
  const result = await tokens.check(match[1]);
  if (!result.ok) {
    const why = result.reason === 'expired' ? 'The access token has expired' : 'The access token is not valid';
    throw new ServiceError(401, `${why}: get a new one from /idp/oauth2/token.`, {
      'WWW-Authenticate': `Bearer realm="noarkq-sandbox", error="invalid_token", error_description="${why}"`,
    });
  }
  return result.account;
}
