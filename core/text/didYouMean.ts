/** Suggestions for misspelt names: the closest candidate by edit distance, case-insensitively. */

/** Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions). With
 * `limit`, any distance above it comes back as `limit + 1`, found as soon as a row shows it. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  const n = a.length;
  const m = b.length;
  if (n === 0) return Math.min(m, limit + 1);
  if (m === 0) return Math.min(n, limit + 1);
  if (Math.abs(n - m) > limit) return limit + 1;
  let prev2 = new Array<number>(m + 1).fill(0);
  let prev = Array.from({ length: m + 1 }, (_, j) => j);
  let cur = new Array<number>(m + 1).fill(0);
  let prevMin = 0;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= m; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    // No row is below the smaller of the row above it and one more than the row above that
    // (a transposition reaches back two rows): two rows in a row above the limit decide it.
    if (rowMin > limit && prevMin > limit) return limit + 1;
    prevMin = rowMin;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return Math.min(prev[m], limit + 1);
}

/**
 * The best candidate for `name`, or undefined when none is close enough to be a likely typo.
 * A case-only difference always wins; otherwise the distance may be at most a third of the
 * name's length (at least 1, at most 3).
 */
export function didYouMean(name: string, candidates: Iterable<string>): string | undefined {
  const lower = name.toLowerCase();
  const allowed = Math.min(3, Math.max(1, Math.floor(name.length / 3)));
  let best: string | undefined;
  let bestDistance = allowed + 1;
  for (const c of candidates) {
    const other = c.toLowerCase();
    if (other === lower) return c;
    // A candidate whose length differs by more than the allowed distance cannot be close
    // enough: skipped without measuring, which keeps a look through thousands of names cheap.
    if (Math.abs(other.length - lower.length) > allowed) continue;
    // Only a candidate closer than the best so far can replace it.
    const d = editDistance(lower, other, bestDistance - 1);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}
