/** Suggestions for misspelt names: the closest candidate by edit distance, case-insensitively. */

/** Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  const n = a.length;
  const m = b.length;
  if (n === 0) return m;
  if (m === 0) return n;
  let prev2 = new Array<number>(m + 1).fill(0);
  let prev = Array.from({ length: m + 1 }, (_, j) => j);
  let cur = new Array<number>(m + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    for (let j = 1; j <= m; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
    }
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[m];
}

/**
 * The best candidate for `name`, or undefined when none is close enough to be a likely typo.
 * A case-only difference always wins; otherwise the distance may be at most a third of the
 * name's length (at least 1, at most 3).
 */
export function didYouMean(name: string, candidates: Iterable<string>): string | undefined {
  const lower = name.toLowerCase();
  const allowed = allowedDistance(name);
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    // Farther than allowed by length alone: never the answer (and never a case-only difference).
    if (Math.abs(c.length - name.length) > allowed) continue;
    if (c.toLowerCase() === lower) return c;
    const d = editDistance(lower, c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return bestDistance <= allowed ? best : undefined;
}

function allowedDistance(name: string): number {
  return Math.min(3, Math.max(1, Math.floor(name.length / 3)));
}

/**
 * Whether `didYouMean(name, ...)` can pick `candidate` from any list: a case-only difference or
 * a distance within what is allowed. A candidate that cannot is never the answer and never
 * changes it, so adding or removing it changes no suggestion for `name`.
 */
export function canSuggest(name: string, candidate: string): boolean {
  const allowed = allowedDistance(name);
  // The distance is at least the difference in length.
  if (Math.abs(name.length - candidate.length) > allowed) return false;
  return editDistance(name.toLowerCase(), candidate.toLowerCase()) <= allowed;
}
