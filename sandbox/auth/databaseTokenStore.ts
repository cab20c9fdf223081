/**
 * Tokens kept in the database, for sandboxes that share a PostgreSQL server: any process accepts a
 * token another issued, a refresh token can be redeemed once in all of them together (the row is
 * deleted by the statement that reads it), and a revocation is seen by every process at its next
 * request. Only a SHA-256 of each token is stored, so a database dump holds no usable token.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '../store/database';
import type { Account } from './accounts';
import { newGrantId, newTokenText, type IssuedToken, type RefreshEntry, type TokenCheck, type TokenStore } from './tokenStore';

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
    const { rows } = await this.db.query<TokenRow>(`SELECT account, scope, grant_id, expires_at FROM oauth_token WHERE token_hash = $1 AND kind = 'access'`, [
      hashOf(accessToken),
    ]);
    const row = rows[0];
    if (!row) return { ok: false, reason: 'unknown' };
    if (this.now() >= Number(row.expires_at)) return { ok: false, reason: 'expired' };
    return { ok: true, account: storedAccount(row.account) };
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
    await this.db.query('DELETE FROM oauth_token WHERE grant_id IN (SELECT grant_id FROM oauth_token WHERE token_hash = $1)', [hashOf(token)]);
  }
}
