/**
 * How long noarkq waits for an archive, and how a user writes it. Three limits, as undici's
 * dispatcher knows them: connecting (`connect`, curl's and Hurl's `--connect-timeout`), the
 * answer to begin once the request is sent (`answer`, undici's headers timeout) and silence in
 * the middle of a body (`idle`, undici's body timeout). Uploads and downloads are bounded by
 * their idle time, never by their total time: a large file on a slow line is not an archive that
 * does not answer.
 */

export interface TimeLimits {
  /** Establishing a connection (TCP and TLS). */
  connectMs: number;
  /** From the request sent to the response headers (undici's `headersTimeout`). */
  headersMs: number;
  /** Longest silence between two chunks of a response body (undici's `bodyTimeout`). */
  bodyMs: number;
}

/** 10 s to connect, a minute for the answer to begin, a minute of silence within a body. */
export const defaultTimeLimits: TimeLimits = { connectMs: 10_000, headersMs: 60_000, bodyMs: 60_000 };

/** Longer than a day is no limit anyone means (and timers end at about 24.8 days). */
const longestMs = 24 * 60 * 60 * 1000;

/** Seconds, or a number with `ms`, `s` or `m`: `30`, `0.5`, `500ms`, `2m`. */
export const durationPattern = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(ms|s|m)?\s*$/;

export type DurationResult = { ok: true; ms: number } | { ok: false; problem: string };

/**
 * A time as a user writes it: a number of seconds (`30`, `0.5`), or a number with a unit
 * (`500ms`, `30s`, `2m`). Above 0 and at most a day.
 */
export function parseDuration(value: string | number): DurationResult {
  let ms: number;
  if (typeof value === 'number') {
    ms = value * 1000;
  } else {
    const match = durationPattern.exec(value);
    if (!match) return { ok: false, problem: `${JSON.stringify(value)} is not a time: write seconds (30, 0.5) or a number with a unit (500ms, 30s, 2m)` };
    const unit = (match[2] ?? 's').toLowerCase();
    ms = Number(match[1]) * (unit === 'ms' ? 1 : unit === 's' ? 1000 : 60_000);
  }
  if (!Number.isFinite(ms) || ms <= 0) return { ok: false, problem: `${JSON.stringify(value)} is not a time above 0: a limit of 0 would never wait` };
  if (ms > longestMs) return { ok: false, problem: `${JSON.stringify(value)} is longer than a day, the longest limit noarkq takes` };
  return { ok: true, ms: Math.max(1, Math.round(ms)) };
}

/** `200 ms`, `10 s`, `1.5 s`, `2 min`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${Math.round(ms / 100) / 10} s`;
}

/** The limits an environment (`timeout`, in ms once parsed) or the command line sets; the rest keep their defaults. */
export function timeLimitsOf(timeout: { connect?: number; answer?: number; idle?: number } | undefined): Partial<TimeLimits> {
  const limits: Partial<TimeLimits> = {};
  if (timeout?.connect !== undefined) limits.connectMs = timeout.connect;
  if (timeout?.answer !== undefined) limits.headersMs = timeout.answer;
  if (timeout?.idle !== undefined) limits.bodyMs = timeout.idle;
  return limits;
}

export type TimeLimitName = 'connect' | 'answer' | 'idle';

const setting: Record<TimeLimitName, string> = {
  connect: '"timeout": { "connect": … } in the environment, or noarkq run --connect-timeout',
  answer: '"timeout": { "answer": … } in the environment, or noarkq run --timeout',
  idle: '"timeout": { "idle": … } in the environment, or noarkq run --timeout',
};

/** What hitting a limit means, its value, and where to change it. */
export function timeLimitExceeded(name: TimeLimitName, ms: number, where: string): string {
  const what =
    name === 'connect'
      ? `no connection to ${where} within ${formatDuration(ms)}`
      : name === 'answer'
        ? `no answer from ${where} within ${formatDuration(ms)} of sending the request`
        : `the answer from ${where} stopped: nothing more came for ${formatDuration(ms)}`;
  return `${what} (the ${name} time limit; change it with ${setting[name]})`;
}
