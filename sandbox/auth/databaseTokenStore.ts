/**
 * Tokens kept in the database, for sandboxes that share a PostgreSQL server: any process accepts a
 * token another issued, a refresh token can be redeemed once in all of them together (the row is
 * deleted by the statement that reads it), and a revocation is seen by every process at its next
 * request. Only a SHA-256 of each token is stored, so a database dump holds no usable token.
 *
 * A check read from the database is its own round trip, which for a short transaction costs both
 * sides about as much as one of its statements. So each process remembers the access tokens it
 * checked (`remembered`), with the count of revocations it saw then: every revocation raises that
 * count (a `registry_version` row) in the statement that deletes the grant. A request that takes a
 * remembered token confirms it inside its transaction, before it writes anything, from the version
 * rows the transaction reads with its BEGIN anyway (registryCache.ts); only when the count moved is
 * the token read again there. A sign-out answered 2xx by any process has committed its count, so
 * the next transaction anywhere sees it moved.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Database, SqlSession } from '../store/database';
import { registryVersion } from '../registries/registryCache';
import type { Account } from './accounts';
import { newGrantId, newTokenText, type IssuedToken, type RefreshEntry, type RememberedToken, type TokenCheck, type TokenStore } from './tokenStore';

/** The `registry_version` row every revocation raises. */
const revocationsRow = 'oauth-token-revocations';

export function tokenSchemaStatements(): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS oauth_token (
      token_hash text PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('access', 'refresh')),
      grant_id text NOT NULL,
      account jsonb NOT NULL,
      scope text NOT NULL,
      expires_at bigint NOT NULL
    )`,
    `CREATE INDEX IF NOT EXISTS oauth_token_grant ON oauth_token (grant_id)`,
    `CREATE INDEX IF NOT EXISTS oauth_token_expiry ON oauth_token (expires_at)`,
  ];
}

// The database is shared with other processes (and people): what it holds is checked before use.
const accountSchema = z.object({
  login: z.string(),
  kind: z.enum(['client', 'user']),
  displayName: z.string(),
  userId: z.string(),
  canDelete: z.boolean(),
  canMove: z.boolean(),
});

interface TokenRow {
  account: unknown;
  scope: string;
  grant_id: string;
  expires_at: number | string;
}

interface CheckedRow {
  account: unknown;
  expires_at: number | string;
  revocations: number | string;
}

/** An access token as last checked in full: its account and expiry, and the revocation count then. */
interface Remembered {
  account: Account;
  expiresAt: number;
  revocations: number;
}

/** Tokens remembered per process before the memory is emptied (a bound, not a working set). */
const maxRemembered = 10_000;

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function storedAccount(value: unknown): Account {
  const parsed = accountSchema.safeParse(value);
  if (!parsed.success) throw new Error(`a token's account in the oauth_token table is malformed: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

/** Expired rows are deleted at most this often, by whichever process issues a token. */
const sweepIntervalMs = 60_000;

export class DatabaseTokenStore implements TokenStore {
  private lastSweep = Number.NEGATIVE_INFINITY;
  /** By token hash. */
  private readonly known = new Map<string, Remembered>();

  constructor(
    private readonly db: Database,
    private readonly now: () => number,
    private readonly lifetimeSeconds: number,
    private readonly refreshLifetimeSeconds: number,
  ) {}

  async issue(account: Account, scope: string, withRefresh: boolean, grant = newGrantId()): Promise<IssuedToken> {
    const now = this.now();
    if (now - this.lastSweep >= sweepIntervalMs) {
      this.lastSweep = now;
      await this.db.query('DELETE FROM oauth_token WHERE expires_at <= $1', [now]);
    }
    const accessToken = newTokenText();
    const refreshToken = withRefresh ? newTokenText() : undefined;
    const rows = [{ hash: hashOf(accessToken), kind: 'access', expires: now + this.lifetimeSeconds * 1000 }];
    if (refreshToken) rows.push({ hash: hashOf(refreshToken), kind: 'refresh', expires: now + this.refreshLifetimeSeconds * 1000 });
    await this.db.query(
      `INSERT INTO oauth_token (token_hash, kind, grant_id, account, scope, expires_at)
       SELECT hash, kind, $2, $3::jsonb, $4, expires FROM jsonb_to_recordset($1::jsonb) AS r(hash text, kind text, expires bigint)`,
      [JSON.stringify(rows), grant, JSON.stringify(account), scope],
    );
    const issued: IssuedToken = { accessToken, expiresIn: this.lifetimeSeconds, scope };
    if (refreshToken) issued.refreshToken = refreshToken;
    return issued;
  }

  async check(accessToken: string): Promise<TokenCheck> {
    return this.checkIn(this.db, hashOf(accessToken));
  }

  remembered(accessToken: string): RememberedToken | undefined {
    const hash = hashOf(accessToken);
    const known = this.known.get(hash);
    if (!known) return undefined;
    if (this.now() >= known.expiresAt) {
      this.known.delete(hash);
      return undefined;
    }
    return {
      account: known.account,
      confirm: async (session) => {
        if ((await registryVersion(session, revocationsRow)) === known.revocations) return { ok: true, account: known.account };
        this.known.delete(hash);
        return this.checkIn(session, hash);
      },
    };
  }

  /** The token checked in full as `session` sees it; remembered when valid. The revocation count
   * is read in the same statement, so a revocation after it raises the count past what is kept. */
  private async checkIn(session: SqlSession, hash: string): Promise<TokenCheck> {
    const { rows } = await session.query<CheckedRow>(
      `SELECT account, expires_at, coalesce((SELECT version FROM registry_version WHERE name = $2), 0) AS revocations
       FROM oauth_token WHERE token_hash = $1 AND kind = 'access'`,
      [hash, revocationsRow],
    );
    const row = rows[0];
    if (!row) return { ok: false, reason: 'unknown' };
    const expiresAt = Number(row.expires_at);
    if (this.now() >= expiresAt) return { ok: false, reason: 'expired' };
    const account = storedAccount(row.account);
    if (this.known.size >= maxRemembered) this.known.clear();
    this.known.set(hash, { account, expiresAt, revocations: Number(row.revocations) });
    return { ok: true, account };
  }

  async redeemRefresh(refreshToken: string): Promise<RefreshEntry | undefined> {
    const { rows } = await this.db.query<TokenRow>(
      `DELETE FROM oauth_token WHERE token_hash = $1 AND kind = 'refresh' RETURNING account, scope, grant_id, expires_at`,
      [hashOf(refreshToken)],
    );
    const row = rows[0];
    if (!row || this.now() >= Number(row.expires_at)) return undefined;
    return { account: storedAccount(row.account), scope: row.scope, grant: row.grant_id };
  }

  async revoke(token: string): Promise<void> {
    // One statement: the grant's rows go and the count rises together, or neither does.
    await this.db.query(
      `WITH gone AS (DELETE FROM oauth_token WHERE grant_id IN (SELECT grant_id FROM oauth_token WHERE token_hash = $1) RETURNING 1)
       INSERT INTO registry_version (name, version) SELECT $2, 1 WHERE EXISTS (SELECT FROM gone)
       ON CONFLICT (name) DO UPDATE SET version = registry_version.version + 1`,
      [hashOf(token), revocationsRow],
    );
    // This process's own memory need not wait for its next transaction to read the count.
    this.known.clear();
  }
}
