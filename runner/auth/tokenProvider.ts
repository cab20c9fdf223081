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
