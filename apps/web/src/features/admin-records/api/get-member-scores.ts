import type { MemberScoresResponseSchema } from '@intergen/contracts';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/admin/matching/members/:id/scores: one member's score with every published counterpart, computed
 * on demand, highest first, `pageSize` a page. Kept under the scores lists' key, so a live change to scores
 * reads it again.
 */
export function useMemberScores(memberId: string, minScore: number | null, pageSize = 25) {
  return useInfiniteQuery({
    queryKey: queryKeys.admin.records.list('scores', { member: memberId, minScore, pageSize }),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(pageSize) });
      if (minScore !== null) query.set('minScore', String(minScore));
      if (pageParam) query.set('cursor', pageParam);
      return apiRequest<Answer<typeof MemberScoresResponseSchema>>(
        `/api/admin/matching/members/${encodeURIComponent(memberId)}/scores?${query}`,
        { signal },
      );
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
