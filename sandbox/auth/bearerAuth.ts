/** Every API call needs a valid bearer token; anything else is 401 with `WWW-Authenticate: Bearer`. */
import type { IncomingMessage } from 'node:http';
import { ServiceError } from '../http/errors';
import type { SqlSession } from '../store/database';
import type { Account } from './accounts';
import type { TokenCheck, TokenStore } from './tokenStore';

function bearerToken(req: IncomingMessage): string {
  const header = req.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) {
    throw new ServiceError(401, 'This endpoint needs `Authorization: Bearer <access token>`; get a token from /idp/oauth2/token.', {
      'WWW-Authenticate': 'Bearer realm="noarkq-sandbox"',
    });
  }
  return match[1];
}

function accepted(result: TokenCheck): Account {
  if (!result.ok) {
    const why = result.reason === 'expired' ? 'The access token has expired' : 'The access token is not valid';
    throw new ServiceError(401, `${why}: get a new one from /idp/oauth2/token.`, {
      'WWW-Authenticate': `Bearer realm="noarkq-sandbox", error="invalid_token", error_description="${why}"`,
    });
  }
  return result.account;
}

export async function authenticate(req: IncomingMessage, tokens: TokenStore): Promise<Account> {
  return accepted(await tokens.check(bearerToken(req)));
}

/**
 * A request whose token may be confirmed inside its SQL transaction (tokenStore.ts,
 * `RememberedToken`). `confirm` throws the 401 `authenticate` would; `settle` checks the token in
 * full unless a `confirm` passed, for a request that ends (in an error, or without a transaction)
 * before confirming: a refused token is then answered 401 whatever else went wrong.
 */
export interface DeferredAuthentication {
  account: Account;
  confirm(session: SqlSession): Promise<void>;
  settle(): Promise<void>;
}

/** The account of a remembered token, to be confirmed later; otherwise checked in full now. */
export async function authenticateDeferred(req: IncomingMessage, tokens: TokenStore): Promise<DeferredAuthentication> {
  const token = bearerToken(req);
  const remembered = tokens.remembered?.(token);
  if (!remembered) {
    const account = accepted(await tokens.check(token));
    return { account, confirm: async () => undefined, settle: async () => undefined };
  }
  let confirmed = false;
  return {
    account: remembered.account,
    async confirm(session) {
      accepted(await remembered.confirm(session));
      confirmed = true;
    },
    async settle() {
      if (!confirmed) accepted(await tokens.check(token));
    },
  };
}
