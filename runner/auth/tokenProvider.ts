/**
 * Where the archive client gets its bearer token. The client never sees a secret, only tokens,
 * and asks for a fresh one once when the archive answers 401.
 */
export interface TokenProvider {
  /** A token valid for at least a few seconds more (fetched or refreshed when needed). */
  token(signal?: AbortSignal): Promise<string>;
  /**
   * The archive refused `rejected` (401). Forget it so that the next `token()` gets a new one;
   * false when this provider cannot get another (a static token), so the 401 stands.
   */
  invalidate(rejected: string): boolean;
  /** Every secret and token this provider has held, for redaction of anything written out. */
  secrets(): readonly string[];
  /**
   * Sign-out: forgets the tokens held and revokes them at the identity provider when it has a
   * revocation endpoint (RFC 7009); resolves with how many it revoked. Absent when there is
   * nothing to revoke with (a token given as is).
   */
  revoke?(signal?: AbortSignal): Promise<number>;
}

/** A token given as is (`NOARKQ_TOKEN`, the sandbox's own). */
export class StaticTokenProvider implements TokenProvider {
  constructor(private readonly value: string) {}
  async token(): Promise<string> {
    return this.value;
  }
  invalidate(): boolean {
    return false;
  }
  secrets(): readonly string[] {
    return [this.value];
  }
}
