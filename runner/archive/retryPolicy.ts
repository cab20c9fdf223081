/**
 * When a read is tried again, and after how long. Reads only: a write is never repeated on its
 * own, because the archive may have carried it out (see outcomeChecks.ts).
 */

export interface RetryOptions {
  /** Attempts in all, the first included (4). */
  attempts?: number;
  /** First backoff step in ms (250); each next one doubles, with full jitter. */
  baseDelayMs?: number;
  /** Longest backoff step in ms (8000). */
  maxDelayMs?: number;
  /** The longest `Retry-After` waited for, in ms (60000); a longer one ends the retries. */
  maxRetryAfterMs?: number;
}

export type RetryPolicy = Required<RetryOptions>;

export function retryPolicy(options: RetryOptions = {}): RetryPolicy {
  const policy = { attempts: 4, baseDelayMs: 250, maxDelayMs: 8000, maxRetryAfterMs: 60_000, ...options };
  for (const [key, value] of Object.entries(policy)) {
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`retry.${key} must be a number of 0 or more, not ${String(value)}`);
  }
  if (!Number.isInteger(policy.attempts) || policy.attempts < 1) throw new RangeError(`retry.attempts must be a whole number of at least 1, not ${policy.attempts}`);
  return policy;
}

/** Statuses that say "not now" rather than "no": overload, a gateway without its backend. */
export const retriedStatuses: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/** Milliseconds a `Retry-After` value asks for (delta-seconds or an HTTP date), or undefined. */
export function retryAfterMs(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * The wait before attempt `attempt + 1` (attempt counts from 1), or undefined when no more attempt
 * should be made: the attempts are used up, or the archive asks for a longer pause than we wait.
 */
export function delayBeforeNextAttempt(policy: RetryPolicy, attempt: number, retryAfter: number | undefined, random: () => number = Math.random): number | undefined {
  if (attempt >= policy.attempts) return undefined;
  if (retryAfter !== undefined) return retryAfter <= policy.maxRetryAfterMs ? retryAfter : undefined;
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  // Full jitter: clients that failed together do not come back together.
  return Math.round(random() * ceiling);
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
