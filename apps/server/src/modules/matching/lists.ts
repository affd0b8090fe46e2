import type { MatchingListQuerySchema, MatchingListResponse } from '@intergen/contracts';
import type { ProfileType } from '@intergen/domain';
import type { z } from 'zod';
import type { Caller } from '../../http/caller.ts';
import * as members from '../members/index.ts';
import type { MatchingContext } from './matching.context.ts';
import { toListItem } from './matching.model.ts';
import * as repo from './matching.repository.ts';

export type MatchingListQueryInput = z.output<typeof MatchingListQuerySchema>;

/**
 * A page of a matching list: the members module's cards, each with the stored score between the viewer and
 * the member when `scoreFor` names the viewer (a company viewing experts, an expert viewing companies).
 */
async function listPage(
  ctx: MatchingContext,
  kind: ProfileType,
  filter: members.CardPageFilter,
  opts: { excludeId?: string; scoreFor?: { kind: ProfileType; id: string } },
): Promise<MatchingListResponse> {
  const { db } = ctx;
  const found = await members.listCardsPage(
    db,
    kind,
    filter,
    opts.excludeId ? { excludeId: opts.excludeId } : {},
  );
  const hasMore = found.length > filter.pageSize;
  const page = found.slice(0, filter.pageSize);
  const scores = opts.scoreFor
    ? await repo.scoresWith(
        db,
        opts.scoreFor.kind,
        opts.scoreFor.id,
        page.map((r) => r.id),
      )
    : new Map<string, number>();
  const items = page.map((r) => toListItem(kind, { ...r, score: scores.get(r.id) ?? null }));
  return { items, hasMore, nextCursor: hasMore ? items[items.length - 1]!.id : null };
}

function listFilter(query: MatchingListQueryInput): members.CardPageFilter {
  const searchText = query.searchText?.trim().toLowerCase();
  return {
    searchText: searchText || undefined,
    industries: [...new Set(query.industries)],
    expertise: [...new Set(query.expertise)],
    investments: query.investments,
    boardPositions: query.boardPositions,
    cursor: query.cursor || undefined,
    pageSize: query.pageSize,
  };
}

/** An expert's expert community: published, non-private experts other than the caller. */
export async function listExperts(ctx: MatchingContext, caller: Caller, query: MatchingListQueryInput) {
  await members.requireCommunityList(ctx.db, caller, 'experts', 'expert', ctx.communityTab);
  const filter = listFilter(query);
  return listPage(ctx, 'expert', filter, { excludeId: caller.id });
}

/** A company's advisors: published, non-private experts, each with the stored score with the company. */
export async function listExpertsForCompany(
  ctx: MatchingContext,
  caller: Caller,
  query: MatchingListQueryInput,
) {
  await members.requireCommunityList(ctx.db, caller, 'experts', 'company', ctx.communityTab);
  const filter = listFilter(query);
  return listPage(ctx, 'expert', filter, { scoreFor: { kind: 'company', id: caller.id } });
}

/** An expert's ventures: published companies, each with the stored score with the expert. */
export async function listCompanies(ctx: MatchingContext, caller: Caller, query: MatchingListQueryInput) {
  await members.requireCommunityList(ctx.db, caller, 'ventures', 'expert', ctx.communityTab);
  const filter = listFilter(query);
  return listPage(ctx, 'company', filter, { scoreFor: { kind: 'expert', id: caller.id } });
}
