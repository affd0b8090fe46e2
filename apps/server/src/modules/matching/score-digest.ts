/**
 * A digest of one expert's strong pairs (each company's id and score), so that a batch can tell, without
 * reading them, that an expert's stored scores are what it just computed (`match_score_digests`,
 * docs/ARCHITECTURE.md "Which scores are stored").
 *
 * Each pair is mixed into two independent 32-bit hashes and the hashes are summed, so the digest does not depend
 * on the order the pairs come in, and adding a pair costs a few integer operations (a batch at 100,000 × 100,000
 * adds 165 million). The digest is the count and the two sums: two different sets give the same digest with a
 * chance of about 2⁻⁶⁴. It is only ever compared with another digest made here; it is never computed in SQL.
 */

/** murmur3's finaliser: every input bit moves every output bit. */
function mix(h: number): number {
  let x = h >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** FNV-1a of a string's UTF-16 code units, from `seed`, then mixed. */
function hashId(id: string, seed: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return mix(h);
}

const SEED_A = 0x811c9dc5;
const SEED_B = 0x2f6b3a1d;

/** The two hashes of each company id, made once per batch (index = the company's position in `ids`). */
export function hashCompanies(ids: readonly string[]): Uint32Array {
  const hashes = new Uint32Array(ids.length * 2);
  for (let i = 0; i < ids.length; i++) {
    hashes[2 * i] = hashId(ids[i]!, SEED_A);
    hashes[2 * i + 1] = hashId(ids[i]!, SEED_B);
  }
  return hashes;
}

/** A digest being made: add each strong pair once, in any order, then `value()`. */
export class ScoreDigest {
  private count = 0;
  private a = 0;
  private b = 0;

  constructor(private readonly companies: Uint32Array) {}

  /** Adds the pair of the company at `company` (its index in `hashCompanies`' ids) and `score` (0–100). */
  add(company: number, score: number): void {
    this.count++;
    this.a = (this.a + mix(this.companies[2 * company]! + Math.imul(score + 1, 0x9e3779b1))) >>> 0;
    this.b = (this.b + mix(this.companies[2 * company + 1]! ^ Math.imul(score + 1, 0x27d4eb2f))) >>> 0;
  }

  /** The digest as stored: `count.hashA hashB` (hex). */
  value(): string {
    return `${this.count}.${this.a.toString(16).padStart(8, '0')}${this.b.toString(16).padStart(8, '0')}`;
  }
}
