/**
 * The sandbox's accounts: OAuth2 clients (client_credentials grant) and users (password grant).
 * Rights are what the spec leaves to "the account's permissions": deleting and moving.
 */
import { createHash } from 'node:crypto';
import type { SandboxAccounts } from '../../core/api/sandboxContract';

export interface Account {
  /** Login: the client id or the user name. */
  login: string;
  kind: 'client' | 'user';
  /** Shown as `opprettetAv`, `modifiedBy` and in logs. */
  displayName: string;
  /** A stable user identifier (`opprettetAvBrukerIdent`): a UUID derived from the login. */
  userId: string;
  canDelete: boolean;
  canMove: boolean;
}

export interface Credential {
  account: Account;
  secret: string;
}

/** A UUID-shaped id derived from the login, so that it survives restarts of a persistent sandbox. */
export function stableUserId(login: string): string {
  const h = createHash('sha256').update(`noarkq-sandbox:${login}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function makeAccount(login: string, kind: Account['kind'], full: boolean): Account {
  return { login, kind, displayName: login, userId: stableUserId(login), canDelete: full, canMove: full };
}

export class AccountDirectory {
  private readonly clients = new Map<string, Credential>();
  private readonly users = new Map<string, Credential>();

  constructor(options: SandboxAccounts) {
    this.clients.set(options.fullClient.id, { account: makeAccount(options.fullClient.id, 'client', true), secret: options.fullClient.secret });
    this.clients.set(options.ordinaryClient.id, { account: makeAccount(options.ordinaryClient.id, 'client', false), secret: options.ordinaryClient.secret });
    this.users.set(options.user.id, { account: makeAccount(options.user.id, 'user', true), secret: options.user.secret });
  }

  client(id: string, secret: string): Account | undefined {
    const c = this.clients.get(id);
    return c && constantTimeEquals(c.secret, secret) ? c.account : undefined;
  }

  isClient(id: string): boolean {
    return this.clients.has(id);
  }

  user(name: string, password: string): Account | undefined {
    const u = this.users.get(name);
    return u && constantTimeEquals(u.secret, password) ? u.account : undefined;
  }
}

function constantTimeEquals(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i] ^ y[i];
  return diff === 0 && a.length === b.length;
}
