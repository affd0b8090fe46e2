import type { AdminRecordOrder, AdminScoreSort, AdminScoresResponseSchema } from '@intergen/contracts';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The scores list's filters, as the address holds them. */
export interface AdminScoresFilter {
  minScore: number | null;
  search: string;
  sort: AdminScoreSort;
  order: AdminRecordOrder;
}

/**
 * GET /api/admin/scores: every pair's score by score or by last change, 12 a page, with the total. Read again
 * when an admin live change says scores changed (`adminScores`).
 */
export function useAdminScores(filter: AdminScoresFilter) {
  return useInfiniteQuery({
    queryKey: queryKeys.admin.records.list('scores', filter),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ sort: filter.sort, order: filter.order });
      if (filter.minScore !== null) query.set('minScore', String(filter.minScore));
      if (filter.search) query.set('search', filter.search);
      if (pageParam) query.set('cursor', pageParam);
      return apiRequest<Answer<typeof AdminScoresResponseSchema>>(`/api/admin/scores?${query}`, { signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
