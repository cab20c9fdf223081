import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { didYouMean, editDistance } from './didYouMean';

/** The distance and the pick as they were before candidates were skipped and distances cut off:
 * every candidate measured in full, the first of the closest kept. */
function fullDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

function fullPick(name: string, candidates: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    if (c.toLowerCase() === lower) return c;
    const d = fullDistance(lower, c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return bestDistance <= Math.min(3, Math.max(1, Math.floor(name.length / 3))) ? best : undefined;
}

/** Deterministic words over a small alphabet, so that many are a few edits apart. */
function words(seed: number, count: number): string[] {
  let s = seed >>> 0;
  const next = (): number => (s = (s * 1664525 + 1013904223) >>> 0) / 0x100000000;
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(next() * 12) }, () => 'abcdefgAB'[Math.floor(next() * 9)]).join(''));
}

describe('didYouMean', () => {
  it('measures the optimal string alignment distance, and says only "more than the limit" past it', () => {
    const pairs: [string, string, number][] = [
      ['', 'abc', 3],
      ['kitten', 'sitting', 3],
      ['findCase', 'fnidCase', 1],
      ['ca', 'abc', 3],
      ['saksmappe', 'Saksmape', 2],
    ];
    for (const [a, b, d] of pairs) {
      assert.equal(editDistance(a, b), d, `${a} / ${b}`);
      assert.equal(editDistance(a, b, d), d, `${a} / ${b} at its own limit`);
      assert.equal(editDistance(a, b, d - 1), d, `${a} / ${b} past the limit`);
    }
    const list = words(1, 300);
    for (let i = 0; i + 1 < list.length; i++) {
      const full = fullDistance(list[i], list[i + 1]);
      for (const limit of [0, 1, 2, 3]) assert.equal(editDistance(list[i], list[i + 1], limit), Math.min(full, limit + 1), `${list[i]} / ${list[i + 1]} limit ${limit}`);
    }
  });

  it('picks what measuring every candidate in full picks, the first of the closest', () => {
    const candidates = words(2, 150);
    let picked = 0;
    for (const name of words(3, 300)) {
      const expected = fullPick(name, candidates);
      assert.equal(didYouMean(name, candidates), expected, name);
      if (expected !== undefined) picked++;
    }
    // Both outcomes are exercised: names with a close candidate and names without one.
    assert.ok(picked > 30 && picked < 270, `picked ${picked} of 300`);
  });

  it('prefers a case-only difference to a closer spelling, and finds nothing far away', () => {
    assert.equal(didYouMean('FINDCASE', ['findCas', 'findCase']), 'findCase');
    assert.equal(didYouMean('findCas', ['later', 'findCase', 'findcase']), 'findCase');
    assert.equal(didYouMean('nobody', ['findCase', 'later']), undefined);
  });
});
