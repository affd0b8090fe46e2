import { describe, expect, it } from 'vitest';
import { hashCompanies, ScoreDigest } from '../src/modules/matching/score-digest.ts';

const ids = Array.from({ length: 200 }, (_, i) => `company-${i}`);
const hashes = hashCompanies(ids);
const digestOf = (pairs: readonly (readonly [number, number])[]) => {
  const digest = new ScoreDigest(hashes);
  for (const [company, score] of pairs) digest.add(company, score);
  return digest.value();
};

describe('score digest', () => {
  it('does not depend on the order the pairs come in', () => {
    const pairs = ids.map((_, i) => [i, 80 + (i % 21)] as const);
    expect(digestOf(pairs)).toBe(digestOf([...pairs].reverse()));
    expect(digestOf([])).toBe('0.0000000000000000');
  });

  it('changes with any one score, any one company, a pair more or a pair less', () => {
    const pairs = ids.slice(0, 50).map((_, i) => [i, 80 + (i % 21)] as const);
    const seen = new Set([digestOf(pairs)]);
    for (let i = 0; i < pairs.length; i++) {
      const [company, score] = pairs[i]!;
      const variants = [
        pairs.map((p, j) => (j === i ? ([company, score === 100 ? 99 : score + 1] as const) : p)),
        pairs.map((p, j) => (j === i ? ([100 + i, score] as const) : p)),
        pairs.filter((_, j) => j !== i),
      ];
      for (const variant of variants) seen.add(digestOf(variant));
    }
    seen.add(digestOf([...pairs, [150, 90]]));
    expect(seen.size).toBe(1 + pairs.length * 3 + 1);
  });

  it('depends on the company ids themselves, not on their positions', () => {
    const other = hashCompanies(ids.map((id) => `${id}x`));
    const a = new ScoreDigest(hashes);
    const b = new ScoreDigest(other);
    a.add(3, 90);
    b.add(3, 90);
    expect(a.value()).not.toBe(b.value());
    // The same ids in another order give the same digest for the same pairs.
    const reversed = hashCompanies([...ids].reverse());
    const c = new ScoreDigest(reversed);
    c.add(ids.length - 1 - 3, 90);
    expect(c.value()).toBe(a.value());
  });
});
