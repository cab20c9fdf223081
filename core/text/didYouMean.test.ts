/**
 * Did-you-mean: the limited edit distance agrees with the whole one wherever it is within the
 * limit, and the shortcuts (length, limit) never change the suggestion.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { canSuggest, didYouMean, didYouMeanRanked, editDistance, nearestName, nearNames } from './didYouMean';

/** Names from a small alphabet, so that near names are common. */
const nameArb = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'A', 'B'), minLength: 0, maxLength: 9 });

/** Did-you-mean as it reads: every candidate's whole distance, the first nearest wins. */
function plainDidYouMean(name: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    if (c.toLowerCase() === name.toLowerCase()) return c;
    const d = editDistance(name.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return bestDistance <= Math.min(3, Math.max(1, Math.floor(name.length / 3))) ? best : undefined;
}

/** Optimal string alignment distance from its definition, a fresh table per call. */
function tableDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

describe('did-you-mean', () => {
  it('measures the distance of its definition, with rows reused across calls of any lengths', () => {
    const longNameArb = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), maxLength: 90 });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.oneof(nameArb, longNameArb), fc.oneof(nameArb, longNameArb)), { minLength: 1, maxLength: 4 }), (pairs) => {
        for (const [a, b] of pairs) assert.equal(editDistance(a, b), tableDistance(a, b), `${a} ${b}`);
      }),
      { numRuns: 1000 },
    );
  });

  it('measures the distance exactly within a limit, and above it only says so', () => {
    fc.assert(
      fc.property(nameArb, nameArb, fc.nat({ max: 5 }), (a, b, limit) => {
        const whole = editDistance(a, b);
        const limited = editDistance(a, b, limit);
        if (whole <= limit) assert.equal(limited, whole);
        else assert.ok(limited > limit, `${a} ${b}: ${limited} for ${whole} limited to ${limit}`);
      }),
      { numRuns: 2000 },
    );
  });

  it('suggests what a plain comparison with every candidate suggests, and only what it could suggest', () => {
    fc.assert(
      fc.property(nameArb, fc.array(nameArb, { maxLength: 12 }), (name, candidates) => {
        const suggestion = didYouMean(name, candidates);
        assert.equal(suggestion, plainDidYouMean(name, candidates));
        if (suggestion !== undefined) assert.ok(canSuggest(name, suggestion));
        // A candidate it cannot suggest changes nothing.
        const far = candidates.filter((c) => !canSuggest(name, c));
        assert.equal(didYouMean(name, candidates.filter((c) => !far.includes(c))), suggestion);
      }),
      { numRuns: 2000 },
    );
  });

  it('picks from ranked candidates in any order what it picks from them put in order of rank', () => {
    fc.assert(
      fc.property(nameArb, fc.uniqueArray(nameArb, { maxLength: 12 }), fc.infiniteStream(fc.integer()), (name, candidates, keys) => {
        const ranked = candidates.map((c, rank) => [c, rank] as const);
        // Shuffled by random keys.
        const shuffled = ranked.map((r) => ({ r, key: keys.next().value as number })).sort((a, b) => a.key - b.key).map((x) => x.r);
        assert.equal(didYouMeanRanked(name, shuffled), didYouMean(name, candidates));
      }),
      { numRuns: 2000 },
    );
  });

  it('picks from the near names of the ranked candidates, for any bound on rank, what it picks from the candidates under that bound', () => {
    fc.assert(
      fc.property(nameArb, fc.array(nameArb, { maxLength: 12 }), fc.array(fc.integer({ min: -5, max: 20 }), { maxLength: 12 }), fc.integer({ min: -5, max: 21 }), (name, candidates, ranks, bound) => {
        // Ranks as the reference check gives them: any order, repeated names with their own rank.
        const ranked = candidates.map((c, i) => [c, ranks[i] ?? i] as const);
        const near = nearNames(name, ranked);
        assert.equal(nearestName(near, bound), didYouMeanRanked(name, ranked.filter(([, rank]) => rank < bound)));
        for (const n of near) assert.ok(canSuggest(name, n.candidate));
      }),
      { numRuns: 2000 },
    );
  });

  it('knows the distances of a few words', () => {
    assert.equal(editDistance('kitten', 'sitting'), 3);
    assert.equal(editDistance('tittel', 'titel'), 1);
    assert.equal(editDistance('ab', 'ba'), 1);
    assert.equal(didYouMean('findCas', ['register', 'findCase', 'findcase']), 'findCase');
    assert.equal(didYouMean('FINDCASE', ['findCas', 'findCase']), 'findCase');
    assert.equal(didYouMean('x', ['findCase']), undefined);
  });
});
