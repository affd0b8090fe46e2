import { isStorableText, type MatchingListQuerySchema, type MatchingListResponse } from '@intergen/contracts';
import {
  type CompanyMatchFacets,
  type ExpertMatchFacets,
  matchingTexts,
  type ProfileType,
  scoreMatch,
} from '@intergen/domain';
import { z } from 'zod';
import type { Caller } from '../../http/caller.ts';
import { AppError } from '../../lib/errors.ts';
import * as members from '../members/index.ts';
import { type CommunityPage, type CommunityRow, listCommunityPage } from './community.read-model.ts';
import type { CommunityCursor, CommunityFilter } from './community-query.read-model.ts';
import type { MatchingContext } from './matching.context.ts';
import { toListItem } from './matching.model.ts';
import { keptScoredRest } from './member-scores.ts';

export type MatchingListQueryInput = z.output<typeof MatchingListQuerySchema>;

/** The cursor on the wire: base64url JSON of where the previous page stopped. */
const CursorSchema = z.object({
  rank: z.number().int().min(-1).max(100),
  // Absent from a cursor sent before the rest ran by score: as if the row had none.
  score: z.number().int().min(-1).max(100).default(-1),
  micros: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  // Decoded from base64, so the request's own NUL check never saw it.
  id: z.string().max(100).refine(isStorableText),
  dense: z.boolean(),
});

const encodeCursor = (c: CommunityCursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

function decodeCursor(text: string | undefined): CommunityCursor | undefined {
  if (!text) return undefined;
  try {
    const parsed = CursorSchema.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  throw new AppError('VALIDATION_FAILED', matchingTexts.badCursor);
}

interface ListSpec {
  kind: ProfileType;
  /**
   * The viewer, when the list carries scores (a company viewing experts, an expert viewing companies), with their
   * rows when the session lookup read them (`Caller.member`: their facets without a round trip).
   */
  scoreFor?: { kind: ProfileType; id: string; member: members.MemberRows | undefined };
  excludeId?: string;
}

/** The filters of spec 001 §5 from the query. */
function listFilter(query: MatchingListQueryInput): CommunityFilter {
  const searchText = query.searchText?.trim().toLowerCase();
  return {
    searchText: searchText || undefined,
    industries: [...new Set(query.industries)],
    expertise: [...new Set(query.expertise)],
    investments: query.investments,
    boardPositions: query.boardPositions,
  };
}

/**
 * A page of a community list (spec 001 §5–§7, DESIGN.md §4): published, listable profiles passing the filters;
 * with scores, the viewer's strong matches (score ≥ 80) first and badged, then the rest by score, then newest;
 * without, newest first. The first page also says how many there are in all.
 */
async function listPage(
  ctx: MatchingContext,
  spec: ListSpec,
  query: MatchingListQueryInput,
  allowed: Promise<void>,
): Promise<MatchingListResponse> {
  const { db } = ctx;
  const filter = listFilter(query);
  // The page is read while the caller's right to the list is checked; nothing leaves before the check
  // passes, and a refusal wins over any other error. The strong matches rank the page in its statements
  // (a subquery), never read out; the other members' facets come with the cards, in the cards' statement.
  const viewer = spec.scoreFor;
  // Only strong pairs are stored (STORED_SCORE_MINIMUM): the others on the page are scored here, from the
  // viewer's facets (the rows the session lookup read, else read beside the page) and theirs (with their cards).
  const viewerFacets = !viewer
    ? Promise.resolve(null)
    : viewer.member
      ? Promise.resolve(members.matchingMemberOf(viewer.member))
      : members.findMatchingMember(db, viewer.id);
  const reading = (async () => {
    const cursor = decodeCursor(query.cursor);
    // The rest's order: the viewer's score with every counterpart, from the packed store (member-scores.ts).
    const me = await viewerFacets;
    const rest = me && query.strong !== 'yes' ? await keptScoredRest(ctx, me) : null;
    return listCommunityPage(db, spec.kind, filter, {
      strongOf: viewer ? { kind: viewer.kind, id: viewer.id } : null,
      rest,
      rankedOnly: spec.scoreFor !== undefined && query.strong === 'yes',
      excludeId: spec.excludeId,
      cursor,
      limit: query.pageSize + 1,
    });
  })();
  const [access, read, self] = await Promise.allSettled([allowed, reading, viewerFacets]);
  for (const outcome of [access, read, self]) if (outcome.status === 'rejected') throw outcome.reason;
  const found = (read as PromiseFulfilledResult<CommunityPage>).value;
  const me = (self as PromiseFulfilledResult<members.MatchingMember | null>).value;
  const hasMore = found.rows.length > query.pageSize;
  const page = found.rows.slice(0, query.pageSize);
  const items = page.map((r) =>
    toListItem(spec.kind, { ...r, score: r.rank ?? r.score ?? scoreOnRead(me, r.facets) }),
  );
  const last = page[page.length - 1];
  return {
    items,
    hasMore,
    nextCursor:
      hasMore && last
        ? encodeCursor({
            rank: last.rank ?? -1,
            score: last.score ?? -1,
            micros: last.micros,
            id: last.id,
            dense: found.dense,
          })
        : null,
    total: found.total,
  };
}

/** The viewer's score with a listed member not ranked (a weak pair: not stored), from both sides' facets. */
function scoreOnRead(viewer: members.MatchingMember | null, other: CommunityRow['facets']): number | null {
  if (!viewer || !other) return null;
  return viewer.kind === 'expert'
    ? scoreMatch(viewer.facets, other as CompanyMatchFacets)
    : scoreMatch(other as ExpertMatchFacets, viewer.facets);
}

/** The caller's right to a community list, checked against the community-tab flag in effect now. */
async function communityList(
  ctx: MatchingContext,
  caller: Caller,
  list: 'experts' | 'ventures',
  role: 'expert' | 'company',
): Promise<void> {
  await members.requireCommunityList(ctx.db, caller, list, role, await ctx.communityTab(ctx.db));
}

/** An expert's expert community: published, non-private experts other than the caller, newest first. */
export async function listExperts(ctx: MatchingContext, caller: Caller, query: MatchingListQueryInput) {
  const allowed = communityList(ctx, caller, 'experts', 'expert');
  return listPage(ctx, { kind: 'expert', excludeId: caller.id }, query, allowed);
}

/** A company's expert community: published, non-private experts, its strong matches first. */
export async function listExpertsForCompany(
  ctx: MatchingContext,
  caller: Caller,
  query: MatchingListQueryInput,
) {
  const allowed = communityList(ctx, caller, 'experts', 'company');
  const scoreFor = { kind: 'company' as const, id: caller.id, member: caller.member };
  return listPage(ctx, { kind: 'expert', scoreFor }, query, allowed);
}

/** An expert's venture community: published companies, the expert's strong matches first. */
export async function listCompanies(ctx: MatchingContext, caller: Caller, query: MatchingListQueryInput) {
  const allowed = communityList(ctx, caller, 'ventures', 'expert');
  const scoreFor = { kind: 'expert' as const, id: caller.id, member: caller.member };
  return listPage(ctx, { kind: 'company', scoreFor }, query, allowed);
}
