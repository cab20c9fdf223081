/** Parsing a body with its schema, and naming the place of the first mismatch as a JSON path. */
import type { z } from 'zod';

/** `$.results[3].id`, `$.saved["temp id"].fields` — the place of a zod issue in the body. */
export function jsonPathOf(path: readonly PropertyKey[]): string {
  let out = '$';
  for (const step of path) {
    if (typeof step === 'number') out += `[${step}]`;
    else if (typeof step === 'string' && /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(step)) out += `.${step}`;
    else out += `[${JSON.stringify(String(step))}]`;
  }
  return out;
}

export type ShapeCheck<T> = { ok: true; value: T } | { ok: false; path: string; problem: string };

/** Parses `value` with `schema`; on a mismatch, the JSON path and problem of the first issue. */
export function checkShape<T>(schema: z.ZodType<T, unknown>, value: unknown): ShapeCheck<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = deepestIssue(parsed.error.issues);
  return { ok: false, path: jsonPathOf(issue.path), problem: issue.message };
}

/**
 * A union that fails reports "invalid input" at the union's place; the member issue that got
 * furthest into the value names the real problem (`$.results[0].links.refMappe` rather than
 * `$.results[0]`), so that one is reported.
 */
function deepestIssue(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue {
  let best = issues[0];
  const visit = (issue: z.core.$ZodIssue) => {
    if (issue.path.length > best.path.length) best = issue;
    if (issue.code === 'invalid_union') {
      for (const branch of issue.errors) for (const inner of branch) visit({ ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue);
    }
  };
  // Only the first top-level issue's own family is searched: it is the first mismatch in the body.
  visit(issues[0]);
  return best;
}
