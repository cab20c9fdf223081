/**
 * Issued access and refresh tokens, in memory: a restart logs everyone out, as a restarted
 * identity provider with in-memory keys would. Time comes from the sandbox clock, so tests can
 * expire tokens without waiting.
 */
import { randomBytes } from 'node:crypto';
import type { Account } from './accounts';

export interface IssuedToken {
  accessToken: string;
  expiresIn: number;
  refreshToken?: string;
  scope: string;
}

interface AccessEntry {
  account: Account;
  expiresAt: number;
  scope: string;
}

interface RefreshEntry {
  account: Account;
  expiresAt: number;
  scope: string;
}

export type TokenCheck = { ok: true; account: Account } | { ok: false; reason: 'unknown' | 'expired' };

export class TokenStore {
  private readonly access = new Map<string, AccessEntry>();
  private readonly refresh = new Map<string, RefreshEntry>();

  constructor(
    private readonly now: () => number,
    private readonly lifetimeSeconds: number,
    private readonly refreshLifetimeSeconds: number,
  ) {}

  issue(account: Account, scope: string, withRefresh: boolean): IssuedToken {
    this.sweep();
    const accessToken = randomBytes(32).toString('base64url');
    const now = this.now();
    this.access.set(accessToken, { account, scope, expiresAt: now + this.lifetimeSeconds * 1000 });
    const issued: IssuedToken = { accessToken, expiresIn: this.lifetimeSeconds, scope };
    if (withRefresh) {
      const refreshToken = randomBytes(32).toString('base64url');
      this.refresh.set(refreshToken, { account, scope, expiresAt: now + this.refreshLifetimeSeconds * 1000 });
      issued.refreshToken = refreshToken;
    }
    return issued;
  }

  check(accessToken: string): TokenCheck {
    const entry = this.access.get(accessToken);
    if (!entry) return { ok: false, reason: 'unknown' };
    if (this.now() >= entry.expiresAt) {
      this.access.delete(accessToken);
      return { ok: false, reason: 'expired' };
    }
    return { ok: true, account: entry.account };
  }

  /** Uses a refresh token up (rotation): the caller issues a new pair. */
  redeemRefresh(refreshToken: string): RefreshEntry | undefined {
    const entry = this.refresh.get(refreshToken);
    if (!entry) return undefined;
    this.refresh.delete(refreshToken);
    return this.now() < entry.expiresAt ? entry : undefined;
  }

  private sweep(): void {
    const now = this.now();
    for (const [k, v] of this.access) if (now >= v.expiresAt) this.access.delete(k);
    for (const [k, v] of this.refresh) if (now >= v.expiresAt) this.refresh.delete(k);
  }
}
