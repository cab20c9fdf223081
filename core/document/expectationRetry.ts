/**
 * `RETRY <n> [EVERY <duration>]` in time: a reading request is sent once, then at most n more
 * times, a pause apart, until its expectations hold (the archive indexes for full-text search
 * and writes its logs a moment after a transaction). Pure: the runner sends, waits and asks
 * `nextTry` after each response, so the CLI and the editor retry alike and say how many tries
 * it took.
 */

/** The pause between tries when `EVERY` is not written. */
export const defaultRetryIntervalMs = 1000;

/** The parts of a `RETRY` line that decide the timing (the parser's clause has them). */
export interface RetryTiming {
  /** How many more times the request may be sent after the first; undefined when unreadable. */
  count: number | undefined;
  /** Milliseconds between one response and the next try. */
  intervalMs: number;
}

/** What to do after a try: wait and send again, or stop with the last outcomes. */
export type RetryDecision = { kind: 'again'; afterMs: number; tries: number } | { kind: 'done'; passed: boolean; tries: number };

/** A count or pause that is not whole and positive reads as 0 (the parser has reported it), so
 * that no plan loops for ever or waits a negative time. */
function whole(n: number | undefined): number {
  return n !== undefined && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** How many times the request may be sent in all: 1 without `RETRY`. */
export function maxTries(retry: RetryTiming | undefined): number {
  return 1 + whole(retry?.count);
}

/** The pause before each try, the first (sent at once) included: `[0, 1000, 1000]` for `RETRY 2`. */
export function retrySchedule(count: number | undefined, intervalMs: number = defaultRetryIntervalMs): number[] {
  const pause = whole(intervalMs);
  return Array.from({ length: maxTries({ count, intervalMs }) }, (_, i) => (i === 0 ? 0 : pause));
}

/**
 * After try number `tries` (1 for the first send): done when every expectation passed or the
 * tries have run out, otherwise again after the pause.
 */
export function nextTry(retry: RetryTiming | undefined, tries: number, outcomes: readonly { passed: boolean }[]): RetryDecision {
  const passed = outcomes.every((o) => o.passed);
  if (passed || !(tries < maxTries(retry))) return { kind: 'done', passed, tries };
  return { kind: 'again', afterMs: whole(retry?.intervalMs), tries };
}

/** For the report of a retried block: `passed on try 3 of 21`, `still failing after 21 tries`. */
export function describeTries(retry: RetryTiming | undefined, decision: Extract<RetryDecision, { kind: 'done' }>): string {
  if (decision.passed) return `passed on try ${decision.tries} of ${maxTries(retry)}`;
  return `still failing after ${decision.tries} ${decision.tries === 1 ? 'try' : 'tries'}`;
}
