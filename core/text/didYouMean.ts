/** Suggestions for misspelt names: the closest candidate by edit distance, case-insensitively. */

/**
 * Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions). With a
 * `limit`, a distance above it is only known to be above it: the rows stop once no cell left
 * can come back down to it.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  // A common start and end cost nothing and take no part in a cheapest alignment (a
  // transposition across the end of a common start would make it longer), so the table is
  // only of what lies between: names that differ in a number at their end (`findCase1234`,
  // `findCase2000`) compare a few characters, not all of them.
  let start = 0;
  const shorter = Math.min(a.length, b.length);
  while (start < shorter && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  let end = 0;
  while (end < shorter - start && a.charCodeAt(a.length - 1 - end) === b.charCodeAt(b.length - 1 - end)) end++;
  // The characters compared are a[start, start + n) and b[start, start + m).
  const n = a.length - start - end;
  const m = b.length - start - end;
  if (n === 0) return m;
  if (m === 0) return n;
  // The distance is at least the difference in length.
  if (Math.abs(n - m) > limit) return limit + 1;
  // Three rows reused across calls: a did-you-mean compares a name with every field of a type,
  // and rows allocated per comparison made the collector the larger part of a check full of
  // misspellings.
  if (rows.length < 3 * (m + 1)) rows = new Int32Array(6 * (m + 1));
  let prev2 = 0;
  let prev = m + 1;
  let cur = 2 * (m + 1);
  for (let j = 0; j <= m; j++) {
    rows[prev2 + j] = 0;
    rows[prev + j] = j;
  }
  let prevMin = 0;
  for (let i = 1; i <= n; i++) {
    rows[cur] = i;
    let rowMin = i;
    const ai = a.charCodeAt(start + i - 1);
    const aBefore = i > 1 ? a.charCodeAt(start + i - 2) : -1;
    for (let j = 1; j <= m; j++) {
      const bj = b.charCodeAt(start + j - 1);
      const cost = ai === bj ? 0 : 1;
      let v = Math.min(rows[prev + j] + 1, rows[cur + j - 1] + 1, rows[prev + j - 1] + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(start + j - 2) && aBefore === bj) v = Math.min(v, rows[prev2 + j - 2] + 1);
      rows[cur + j] = v;
      if (v < rowMin) rowMin = v;
    }
    // Every later cell comes from this row, or from the one before through a transposition (+1).
    if (Math.min(rowMin, prevMin + 1) > limit) return limit + 1;
    prevMin = rowMin;
    const oldest = prev2;
    prev2 = prev;
    prev = cur;
    cur = oldest;
  }
  return rows[prev + m];
}

let rows = new Int32Array(3 * 64);

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
    // Lower-cased first: a few letters change length with their case.
    const other = c.toLowerCase();
    if (other === lower) return c;
    // Farther than allowed by length alone: never the answer.
    if (Math.abs(other.length - lower.length) > allowed) continue;
    // Only a candidate within the allowed distance and nearer than the best so far can be the
    // answer (a farther best would be no answer at all).
    const d = editDistance(lower, other, Math.min(allowed, bestDistance - 1));
    if (d < bestDistance && d <= allowed) {
      best = c;
      bestDistance = d;
    }
  }
  return bestDistance <= allowed ? best : undefined;
}

/**
 * What `didYouMean` picks from the candidates put in order of their rank (lowest first), without
 * putting them in order: the nearest within the allowed distance (a case-only difference is
 * nearest), the lowest rank among equally near ones.
 */
export function didYouMeanRanked(name: string, candidates: Iterable<readonly [candidate: string, rank: number]>): string | undefined {
  const lower = name.toLowerCase();
  const allowed = allowedDistance(name);
  let best: string | undefined;
  let bestDistance = Infinity;
  let bestRank = Infinity;
  for (const [c, rank] of candidates) {
    const other = c.toLowerCase();
    if (Math.abs(other.length - lower.length) > allowed) continue;
    // A candidate as near as the best so far may still be the answer, by its rank.
    const d = other === lower ? 0 : editDistance(lower, other, Math.min(allowed, bestDistance));
    if (d <= allowed && (d < bestDistance || (d === bestDistance && rank < bestRank))) {
      best = c;
      bestDistance = d;
      bestRank = rank;
    }
  }
  return best;
}

/** A candidate did-you-mean may pick for a name: within the distance it allows. */
export interface NearName {
  candidate: string;
  distance: number;
  rank: number;
}

/**
 * The ranked candidates that `didYouMeanRanked` may pick for `name` from those below some rank:
 * for each distance it allows, the candidate of the lowest rank at that distance. What it picks
 * from the candidates below any rank is then `nearestName` of these, so a name asked about by
 * many blocks, each seeing the candidates before it, is compared with them all once.
 */
export function nearNames(name: string, candidates: Iterable<readonly [candidate: string, rank: number]> | CandidateWalk): NearName[] {
  const walk: CandidateWalk =
    typeof candidates === 'function'
      ? candidates
      : (visit) => {
          for (const [c, rank] of candidates) visit(c, rank, undefined);
        };
  const lower = name.toLowerCase();
  const allowed = allowedDistance(name);
  // best[d]: the lowest-ranked candidate found at distance d.
  const best: Array<NearName | undefined> = new Array(allowed + 1).fill(undefined);
  walk((c, rank, lowered) => {
    // A candidate counts only at a distance where none found so far is as near and ranked lower:
    // the distances up to the first such one are the most it is worth computing.
    let limit = -1;
    while (limit < allowed && (best[limit + 1] === undefined || rank < best[limit + 1]!.rank)) limit++;
    if (limit < 0) return;
    const other = lowered ?? c.toLowerCase();
    if (Math.abs(other.length - lower.length) > limit) return;
    const distance = other === lower ? 0 : editDistance(lower, other, limit);
    if (distance <= limit) best[distance] = { candidate: c, distance, rank };
  });
  return best.filter((n): n is NearName => n !== undefined);
}

/**
 * Candidates given one by one to `visit`, each with its rank and, where the caller keeps it, its
 * lower-case form: a file of 20,000 block names is asked about at every keystroke of a name that
 * is not yet one, and lower-casing every name again for each (and a generator's yield per name)
 * was most of that time.
 */
export type CandidateWalk = (visit: (candidate: string, rank: number, lower: string | undefined) => void) => void;

/** What `didYouMeanRanked` picks from the candidates ranked below `bound`, given their
 * `nearNames`: the nearest, the lowest rank among equally near ones. */
export function nearestName(near: Iterable<NearName>, bound: number): string | undefined {
  let best: NearName | undefined;
  for (const n of near) {
    if (n.rank >= bound) continue;
    if (best === undefined || n.distance < best.distance || (n.distance === best.distance && n.rank < best.rank)) best = n;
  }
  return best?.candidate;
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
  return suggestionDistance(name, candidate) !== Infinity;
}

/**
 * The distance did-you-mean weighs `candidate` by for `name` (case-insensitively, 0 for a
 * case-only difference), Infinity when farther than it allows: `didYouMeanRanked` picks the
 * candidate of the lowest, then of the lowest rank.
 */
export function suggestionDistance(name: string, candidate: string): number {
  const allowed = allowedDistance(name);
  const a = name.toLowerCase();
  const b = candidate.toLowerCase();
  // The distance is at least the difference in length.
  if (Math.abs(a.length - b.length) > allowed) return Infinity;
  const distance = editDistance(a, b, allowed);
  return distance <= allowed ? distance : Infinity;
}
