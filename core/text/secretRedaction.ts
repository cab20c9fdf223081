/**
 * The one place that takes secrets and tokens out of text before it is shown, logged or written
 * (the runner's messages and logs, and the excerpts of expectations):
 * error messages of identity providers and archives can echo what they were sent.
 */

/** `text` with every secret replaced by `***`, longest first (so a secret that contains another is
 * taken whole). Secrets shorter than four characters are left alone: replacing every `x` of a
 * one-letter test secret would garble each message and hide nothing worth hiding. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) if (secret.length >= 4 && out.includes(secret)) out = out.split(secret).join('***');
  return out;
}
