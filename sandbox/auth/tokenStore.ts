/**
 * Issued access and refresh tokens. A sandbox on PGlite keeps them in memory: a restart logs
 * everyone out, as a restarted identity provider with in-memory keys would. Sandboxes sharing a
 * PostgreSQL server keep them in the database (databaseTokenStore.ts), so a token from one process
 * is accepted by every other. Time comes from the sandbox clock, so tests can expire tokens
 * without waiting.
 *
 * Tokens issued together (an access token and its refresh token, and the pairs a refresh rotates
 * to) form one grant: revoking any of its tokens (sign-out, RFC 7009) ends the whole grant.
 */
import { randomBytes } from 'node:crypto';
import type { SqlSession } from '../store/database';
import type { Account } from './accounts';

export interface IssuedToken {
  accessToken: string;
  expiresIn: number;
  refreshToken?: string;
  scope: string;
}

export interface RefreshEntry {
  account: Account;
  scope: string;
  /** The grant the refresh token belongs to; the pair issued for it stays in that grant. */
  grant: string;
}

export type TokenCheck = { ok: true; account: Account } | { ok: false; reason: 'unknown' | 'expired' };

/**
 * An access token this process checked in full before, still unexpired, and taken on trust for a
 * request that checks it again inside its own SQL transaction, before that writes anything
 * (`confirm`): the check then costs no round trip of its own while no grant was revoked anywhere.
 */
export interface RememberedToken {
  account: Account;
  /** The token checked as `session` (the request's transaction) sees the archive's tokens. */
  confirm(session: SqlSession): Promise<TokenCheck>;
}

export interface TokenStore {
  /** A new access token (and refresh token), in `grant` when a refresh continues one. */
  issue(account: Account, scope: string, withRefresh: boolean, grant?: string): Promise<IssuedToken>;
  check(accessToken: string): Promise<TokenCheck>;
  /** The token as remembered from an earlier `check`, if it is (only where checking costs a round trip). */
  remembered?(accessToken: string): RememberedToken | undefined;
  /** Uses a refresh token up (rotation): the caller issues a new pair. */
  redeemRefresh(refreshToken: string): Promise<RefreshEntry | undefined>;
  /** Ends the grant of `token` (access or refresh); an unknown token is no error (RFC 7009 §2.2). */
  revoke(token: string): Promise<void>;
}

export function newTokenText(): string {
  return randomBytes(32).toString('base64url');
}

export function newGrantId(): string {
  return randomBytes(12).toString('base64url');
}

interface Entry {
  account: Account;
  expiresAt: number;
  scope: string;
  grant: string;
}

export class MemoryTokenStore implements TokenStore {
  private readonly access = new Map<string, Entry>();
  private readonly refresh = new Map<string, Entry>();

  constructor(
    private readonly now: () => number,
    private readonly lifetimeSeconds: number,
    private readonly refreshLifetimeSeconds: number,
  ) {}

  async issue(account: Account, scope: string, withRefresh: boolean, grant = newGrantId()): Promise<IssuedToken> {
    this.sweep();
    const accessToken = newTokenText();
    const now = this.now();
    this.access.set(accessToken, { account, scope, grant, expiresAt: now + this.lifetimeSeconds * 1000 });
    const issued: IssuedToken = { accessToken, expiresIn: this.lifetimeSeconds, scope };
    if (withRefresh) {
      const refreshToken = newTokenText();
      this.refresh.set(refreshToken, { account, scope, grant, expiresAt: now + this.refreshLifetimeSeconds * 1000 });
      issued.refreshToken = refreshToken;
    }
    return issued;
  }

  async check(accessToken: string): Promise<TokenCheck> {
    const entry = this.access.get(accessToken);
    if (!entry) return { ok: false, reason: 'unknown' };
    if (this.now() >= entry.expiresAt) {
      this.access.delete(accessToken);
      return { ok: false, reason: 'expired' };
    }
    return { ok: true, account: entry.account };
  }

  async redeemRefresh(refreshToken: string): Promise<RefreshEntry | undefined> {
    const entry = this.refresh.get(refreshToken);
    if (!entry) return undefined;
    this.refresh.delete(refreshToken);
    return this.now() < entry.expiresAt ? { account: entry.account, scope: entry.scope, grant: entry.grant } : undefined;
  }

  async revoke(token: string): Promise<void> {
    const grant = (this.access.get(token) ?? this.refresh.get(token))?.grant;
    if (grant === undefined) return;
    for (const map of [this.access, this.refresh]) for (const [k, v] of map) if (v.grant === grant) map.delete(k);
  }

  private sweep(): void {
    const now = this.now();
    for (const [k, v] of this.access) if (now >= v.expiresAt) this.access.delete(k);
    for (const [k, v] of this.refresh) if (now >= v.expiresAt) this.refresh.delete(k);
  }
}
