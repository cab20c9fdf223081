/**
 * A token provider for tests: client_credentials against the sandbox's token endpoint, the token
 * kept until the archive refuses it. (The real OAuth provider lives in runner/auth; this one only
 * lets the client's tests see renewal and expiry without depending on it.)
 */
import type { TokenProvider } from '../../runner/auth/tokenProvider';

export class SandboxTokenProvider implements TokenProvider {
  private current: string | undefined;
  private readonly issued: string[] = [];
  /** Tokens fetched so far. */
  fetches = 0;

  constructor(
    private readonly tokenUrl: string,
    private readonly clientId = 'noarkq-demo',
    private readonly clientSecret = 'noarkq-demo-secret',
  ) {}

  async token(signal?: AbortSignal): Promise<string> {
    if (this.current) return this.current;
    const response = await fetch(this.tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: this.clientId, client_secret: this.clientSecret }).toString(),
      signal,
    });
    const body = (await response.json()) as { access_token?: string };
    if (response.status !== 200 || !body.access_token) throw new Error(`the sandbox refused the token request (${response.status})`);
    this.fetches++;
    this.current = body.access_token;
    this.issued.push(body.access_token);
    return body.access_token;
  }

  invalidate(rejected: string): boolean {
    if (this.current === rejected) this.current = undefined;
    return true;
  }

  secrets(): readonly string[] {
    return [this.clientSecret, ...this.issued];
  }
}
