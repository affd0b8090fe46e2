import type { MemberScoresQuery, MemberScoresResponse } from '@intergen/contracts';
import { limits, matchingTexts, scoreCompanyVsExperts, scoreExpertVsCompanies } from '@intergen/domain';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.ts';
import * as members from '../members/index.ts';
import type { ScoredRest } from './community-query.read-model.ts';
import type { MatchingContext } from './matching.context.ts';

/** Where a page ended: the last row's score and counterpart id. */
const CursorSchema = z.object({ s: z.number().int().min(0).max(100), i: z.string().max(200) });
type Cursor = z.infer<typeof CursorSchema>;

const encode = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decode(cursor: string): Cursor {
  try {
    return CursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw badRequest('VALIDATION_FAILED', matchingTexts.badCursor, [
      { path: 'cursor', message: matchingTexts.badCursor },
    ]);
  }
}

/**
 * The counterparts' indexes ranked by score, highest first, then by id (the store keeps ids in order, so a
 * counting sort over the 101 possible scores keeps that order within a score): linear, whatever the count.
 */
export function rankByScore(scores: Uint8Array, minScore: number): Uint32Array {
  const counts = new Uint32Array(101);
  for (const score of scores) if (score >= minScore) counts[score]!++;
  const start = new Uint32Array(101);
  let at = 0;
  for (let score = 100; score >= minScore; score--) {
    start[score] = at;
    at += counts[score]!;
  }
  const ranked = new Uint32Array(at);
  for (let i = 0; i < scores.length; i++) {
    const score = scores[i]!;
    if (score >= minScore) ranked[start[score]!++] = i;
  }
  return ranked;
}

/**
 * A member's score with every published counterpart, from this instance's packed store made current first:
 * `scores[i]` is the score with `ids[i]` (ids in code-unit order, as the store keeps them). The ids are a copy:
 * the store may change while the caller awaits.
 */
export async function scoresWithAll(
  ctx: MatchingContext,
  member: members.MatchingMember,
): Promise<{ ids: string[]; scores: Uint8Array }> {
  await ctx.counterparts.sync();
  const [ids, scores] = idsAndScores(ctx, member);
  return { ids, scores };
}

/**
 * The store's ids (a copy) and the member's scores with them, at once with no wait between: the store does not
 * change under the kernel.
 */
function idsAndScores(ctx: MatchingContext, member: members.MatchingMember): [string[], Uint8Array] {
  const side = member.kind === 'expert' ? ctx.counterparts.companies : ctx.counterparts.experts;
  const scores =
    member.kind === 'expert'
      ? scoreExpertVsCompanies(member.facets, ctx.counterparts.companies.packed())
      : scoreCompanyVsExperts(member.facets, ctx.counterparts.experts.packed());
  return [side.ids.slice(), scores];
}

/** A viewer's scores as a community list's rest, and what they were scored from. */
interface KeptRest {
  version: number;
  facets: string;
  rest: ScoredRest;
}

/** How many viewers' scores an instance keeps: about 1.3 MB each at 100,000 counterparts (ids, scores, ranking). */
const KEPT_VIEWERS = 16;
const keptRests = new WeakMap<MatchingContext['counterparts'], Map<string, KeptRest>>();

/**
 * A viewer's score with every counterpart as a community list's rest (`scoredRest` of `scoresWithAll`), kept
 * between the pages of a walk: the store is made current for each page, and scored again only when it changed
 * since, or the viewer's facets did. A walk of pages, or a change of filters, then costs the store's sync alone,
 * not a copy of 100,000 ids, the kernel and a ranking each (docs/benchmarks.md, community pages).
 */
export async function keptScoredRest(
  ctx: MatchingContext,
  member: members.MatchingMember,
): Promise<ScoredRest> {
  await ctx.counterparts.sync();
  const kept = keptRests.get(ctx.counterparts) ?? new Map<string, KeptRest>();
  keptRests.set(ctx.counterparts, kept);
  const facets = JSON.stringify(member.facets);
  const known = kept.get(member.id);
  kept.delete(member.id);
  const current =
    known && known.version === ctx.counterparts.version && known.facets === facets
      ? known
      : { version: ctx.counterparts.version, facets, rest: scoredRest(...idsAndScores(ctx, member)) };
  // Newest last: the first is the one used longest ago.
  kept.set(member.id, current);
  if (kept.size > KEPT_VIEWERS) kept.delete(kept.keys().next().value!);
  return current.rest;
}

/**
 * The counterparts of `scoresWithAll` as a community list's rest (`ScoredRest`): in groups of one score,
 * highest first, and each one's score by id.
 */
export function scoredRest(ids: readonly string[], scores: Uint8Array): ScoredRest {
  // Ranked when first walked: a selective page only looks scores up by id.
  let ranking: Uint32Array | null = null;
  return {
    // The stored strong pairs, which the list shows first.
    rankedFrom: limits.communityScoreMinimum,
    *groups(atMost: number) {
      ranking ??= rankByScore(scores, 0);
      const ranked = ranking;
      // The first position whose score is at most `atMost` (scores fall along `ranked`).
      let lo = 0;
      let hi = ranked.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (scores[ranked[mid]!]! > atMost) lo = mid + 1;
        else hi = mid;
      }
      let i = lo;
      while (i < ranked.length) {
        const score = scores[ranked[i]!]!;
        const group: string[] = [];
        while (i < ranked.length && scores[ranked[i]!] === score) group.push(ids[ranked[i++]!]!);
        yield { score, ids: group };
      }
    },
    scoreOf(id: string) {
      let lo = 0;
      let hi = ids.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        const v = ids[mid]!;
        if (v < id) lo = mid + 1;
        else if (v > id) hi = mid - 1;
        else return scores[mid];
      }
      return undefined;
    },
  };
}

/** The first position in `ranked` that comes after the cursor's row (binary search: the order is monotonic). */
function positionAfter(ranked: Uint32Array, ids: readonly string[], scores: Uint8Array, c: Cursor): number {
  let lo = 0;
  let hi = ranked.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const j = ranked[mid]!;
    const after = scores[j]! < c.s || (scores[j] === c.s && ids[j]! > c.i);
    if (after) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * Any member's score with every published counterpart (spec 001 §6: admins see every score), computed on
 * demand from this instance's packed store (made current first) with the kernel, not read from the stored
 * strong pairs; ranked and paged. Unknown member: 404.
 */
export async function memberScores(
  ctx: MatchingContext,
  memberId: string,
  q: MemberScoresQuery,
): Promise<MemberScoresResponse> {
  const member = await members.findMatchingMember(ctx.db, memberId);
  if (!member) throw new AppError('NOT_FOUND', matchingTexts.memberNotFound);
  const after = q.cursor ? decode(q.cursor) : null;
  const { ids, scores } = await scoresWithAll(ctx, member);
  const ranked = rankByScore(scores, q.minScore ?? 0);
  const from = after ? positionAfter(ranked, ids, scores, after) : 0;
  const page = Array.from(ranked.subarray(from, from + q.limit));
  const names = await members.memberNames(
    ctx.db,
    page.map((j) => ids[j]!),
  );
  const last = page.at(-1);
  return {
    member: { id: member.id, kind: member.kind, name: member.name, companyName: member.companyName },
    rows: page.map((j, k) => {
      const id = ids[j]!;
      const named = names.get(id);
      return {
        counterpart: {
          id,
          kind: member.kind === 'expert' ? 'company' : 'expert',
          name: named?.name ?? '',
          companyName: named?.companyName ?? null,
        },
        score: scores[j]!,
        rank: from + k + 1,
      };
    }),
    total: ranked.length,
    nextCursor:
      last !== undefined && from + page.length < ranked.length
        ? encode({ s: scores[last]!, i: ids[last]! })
        : null,
  };
}
