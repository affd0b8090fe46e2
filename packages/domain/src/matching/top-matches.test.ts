import { describe, expect, it } from 'vitest';
import { seededRandom } from './generate.ts';
import { topMatches } from './top-matches.ts';

/** The obvious implementation, for comparison. */
function naive(scores: Uint8Array, k: number, min: number, skip?: (i: number) => boolean) {
  return [...scores]
    .map((score, index) => ({ index, score }))
    .filter((m) => m.score >= min && !skip?.(m.index))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, Math.max(0, k));
}

describe('topMatches', () => {
  const scores = Uint8Array.from([50, 90, 70, 90, 60, 100, 59, 70]);

  it('returns the best k, best first', () => {
    expect(topMatches(scores, 3, 0)).toEqual([
      { index: 5, score: 100 },
      { index: 1, score: 90 },
      { index: 3, score: 90 },
    ]);
  });

  it('orders equal scores by lower index, also at the cut', () => {
    expect(topMatches(scores, 2, 0).map((m) => m.index)).toEqual([5, 1]);
    expect(topMatches(scores, 5, 0).map((m) => m.index)).toEqual([5, 1, 3, 2, 7]);
    expect(topMatches(Uint8Array.from([7, 7, 7, 7]), 2, 0).map((m) => m.index)).toEqual([0, 1]);
  });

  it('keeps only scores at or above the threshold', () => {
    expect(topMatches(scores, 10, 60)).toEqual([
      { index: 5, score: 100 },
      { index: 1, score: 90 },
      { index: 3, score: 90 },
      { index: 2, score: 70 },
      { index: 7, score: 70 },
      { index: 4, score: 60 },
    ]);
    expect(topMatches(scores, 5, 101)).toEqual([]);
  });

  it('skips entries, and asks only about entries that could enter', () => {
    const asked: number[] = [];
    const result = topMatches(scores, 2, 60, (i) => {
      asked.push(i);
      return i === 5 || i === 3;
    });
    expect(result).toEqual([
      { index: 1, score: 90 },
      { index: 2, score: 70 },
    ]);
    expect(asked).not.toContain(0); // 50 < 60
    expect(asked).not.toContain(6); // 59 < 60
    expect(asked).not.toContain(4); // 60 can no longer enter once 90 and 70 are in
  });

  it('returns every candidate when k exceeds them, and nothing for k ≤ 0 or no scores', () => {
    expect(topMatches(scores, 100, 0)).toHaveLength(8);
    expect(topMatches(scores, 1000, 70).map((m) => m.index)).toEqual([5, 1, 3, 2, 7]);
    expect(topMatches(scores, 0, 0)).toEqual([]);
    expect(topMatches(scores, -1, 0)).toEqual([]);
    expect(topMatches(new Uint8Array(0), 5, 0)).toEqual([]);
  });

  it('agrees with sorting on random scores, small and large k', () => {
    const random = seededRandom(7);
    for (let round = 0; round < 200; round++) {
      const n = Math.floor(random() * 300);
      const list = Uint8Array.from({ length: n }, () => Math.floor(random() * 101));
      const k = [1, 5, 32, 33, 100, 1000][round % 6]!;
      const min = Math.floor(random() * 80);
      const skip = (i: number) => i % 7 === 3;
      expect(topMatches(list, k, min, skip)).toEqual(naive(list, k, min, skip));
      expect(topMatches(list, k, min)).toEqual(naive(list, k, min));
    }
  });
});
