/** One entry of `topMatches`: the index into the scores and the score. */
export interface TopMatch {
  index: number;
  score: number;
}

/** Above this `k`, `topMatches` sorts by counting instead of keeping a short sorted list. */
const SMALL_K = 32;

/**
 * The best `k` entries of `scores` (0–100) that reach `minScore`, best first; equal scores by lower index.
 * `skip(index)` leaves an entry out (an existing suggestion, a dismissed pair); it is asked only about
 * entries that reach `minScore` and could still enter the result, so an expensive check runs rarely.
 */
export function topMatches(
  scores: Uint8Array,
  k: number,
  minScore: number,
  skip?: (index: number) => boolean,
): TopMatch[] {
  if (!(k >= 1)) return [];
  return k <= SMALL_K
    ? topSmall(scores, Math.floor(k), minScore, skip)
    : topCounting(scores, k, minScore, skip);
}

/** A sorted list of at most k entries; scanning in index order, a later equal score never displaces one. */
function topSmall(
  scores: Uint8Array,
  k: number,
  minScore: number,
  skip: ((index: number) => boolean) | undefined,
): TopMatch[] {
  const top: TopMatch[] = [];
  let floor = minScore; // a new entry needs at least this score
  for (let i = 0; i < scores.length; i++) {
    const score = scores[i]!;
    if (score < floor) continue;
    if (skip?.(i)) continue;
    let at = top.length;
    while (at > 0 && top[at - 1]!.score < score) at--;
    top.splice(at, 0, { index: i, score });
    if (top.length > k) top.pop();
    if (top.length === k) floor = Math.max(minScore, top[k - 1]!.score + 1);
  }
  return top;
}

/** Every entry that passes, ordered by a counting sort on the score (stable, so ties stay by index). */
function topCounting(
  scores: Uint8Array,
  k: number,
  minScore: number,
  skip: ((index: number) => boolean) | undefined,
): TopMatch[] {
  const counts = new Uint32Array(257);
  const passed: number[] = [];
  for (let i = 0; i < scores.length; i++) {
    const score = scores[i]!;
    if (score < minScore || skip?.(i)) continue;
    passed.push(i);
    counts[255 - score]! += 1;
  }
  // counts[r] becomes the first position of rank r (rank 0 = score 255, the best).
  let position = 0;
  for (let r = 0; r < 256; r++) {
    const c = counts[r]!;
    counts[r] = position;
    position += c;
  }
  const sorted = new Array<TopMatch>(passed.length);
  for (const index of passed) {
    const score = scores[index]!;
    sorted[counts[255 - score]!++] = { index, score };
  }
  return sorted.length > k ? sorted.slice(0, k) : sorted;
}
