import type { MatchingListResponse, MatchingListResponseSchema } from '@intergen/contracts';
import { type AreaOfImprovement, type Industry, limits } from '@intergen/domain';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The three community lists (spec 001 §7): an expert's expert community, a company's expert community (with
 * scores) and an expert's venture community (with scores). A company never calls `companies`.
 */
export type CommunityList = 'experts' | 'experts-for-company' | 'companies';

/** The filters of spec 001 §5, plus the strong-match filter of DESIGN.md §4. */
export interface CommunityFilters {
  searchText: string;
  industries: Industry[];
  /** The expert's expertise or the company's needs: all selected must be present. */
  expertise: AreaOfImprovement[];
  investments: boolean;
  boardPositions: boolean;
  strong: boolean;
}

/** The query string of one page of a list (MatchingListQuerySchema): only what is set. */
export function communityQuery(filters: CommunityFilters, cursor: string | null): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.searchText) query.set('searchText', filters.searchText);
  if (filters.industries.length > 0) query.set('industries', filters.industries.join(','));
  if (filters.expertise.length > 0) query.set('expertise', filters.expertise.join(','));
  if (filters.investments) query.set('investments', 'yes');
  if (filters.boardPositions) query.set('boardPositions', 'yes');
  if (filters.strong) query.set('strong', 'yes');
  if (cursor) query.set('cursor', cursor);
  query.set('pageSize', String(limits.communityPageSize));
  return query;
}

/** GET /api/matching/<list>: one page of the list (9 cards), after `cursor` when given. */
export function getCommunityPage(
  list: CommunityList,
  filters: CommunityFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<MatchingListResponse> {
  return apiRequest<Answer<typeof MatchingListResponseSchema>>(
    `/api/matching/${list}?${communityQuery(filters, cursor)}`,
    {
      signal,
    },
  );
}

/**
 * The list page by page (`Load more` fetches the next one). While other filters load, the cards of the last
 * ones stay on screen instead of a skeleton.
 */
export function useCommunityList(
  list: CommunityList,
  filters: CommunityFilters,
  /** Re-render only when these change (TanStack Query's `notifyOnChangeProps`); every change by default. */
  notifyOnChangeProps?: Array<'error' | 'data' | 'isPending'>,
) {
  return useInfiniteQuery({
    notifyOnChangeProps,
    queryKey: queryKeys.community.list(list, filters),
    queryFn: ({ pageParam, signal }) => getCommunityPage(list, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore ? last.nextCursor : null) ?? undefined,
    placeholderData: keepPreviousData,
  });
}
