/**
 * The one place that takes secrets and tokens out of text before it is shown, logged or written
 * (the runner's messages and logs, and the excerpts of expectations):
 * error messages of identity providers and archives can echo what they were sent.
 */

/** `text` with every secret replaced by `***`, longest first (so a secret that contains another is
 * taken whole). Secrets shorter than four characters are left alone: replacing every `x` of a
 * one-letter test secret would garble each message and hide nothing worth hiding. */
export function redact(text: string, secrets: readonly string[]): string {
  return redactLongestFirst(text, longestFirst(secrets));
}

/** The secrets worth replacing, longest first. */
function longestFirst(secrets: readonly string[]): string[] {
  return secrets.filter((s) => s.length >= 4).sort((a, b) => b.length - a.length);
}

function redactLongestFirst(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join('***');
  return out;
}

/**
 * `value` with `redact` applied to every string in it (object keys too), for data written out
 * whole, such as a test run's reports: redacting the rendered text instead would miss a secret
 * that the format escapes (`&` in HTML, `"` in JSON). Arrays and plain objects are copied; any
 * other value is kept as it is. The secrets are put in order once for the whole value, not for
 * each of its strings (a report of a thousand responses holds tens of thousands).
 */
export function redactValues<T>(value: T, secrets: readonly string[]): T {
  const kept = longestFirst(secrets);
  if (kept.length === 0) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return redactLongestFirst(v, kept);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [redactLongestFirst(k, kept), walk(x)]));
    }
    return v;
  };
  return walk(value) as T;
}
