import type { MatchExplanation, MatchPreviewResponseSchema } from '@intergen/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/matching/preview?expertId=&companyId=: the pair's score and why, before creating. */
export async function getMatchPreview(
  expertId: string,
  companyId: string,
  signal?: AbortSignal,
): Promise<MatchExplanation> {
  const query = new URLSearchParams({ expertId, companyId });
  const answer = await apiRequest<Answer<typeof MatchPreviewResponseSchema>>(
    `/api/admin/matching/preview?${query}`,
    {
      signal,
    },
  );
  return answer.explanation;
}

export function matchPreviewQueryOptions(expertId: string, companyId: string) {
  return queryOptions({
    queryKey: queryKeys.admin.matching.preview(expertId, companyId),
    queryFn: ({ signal }) => getMatchPreview(expertId, companyId, signal),
    staleTime: 0,
  });
}

/** The preview of the picked pair; idle until both sides are picked. */
export function useMatchPreview(expertId: string | null, companyId: string | null) {
  return useQuery({
    ...matchPreviewQueryOptions(expertId ?? '', companyId ?? ''),
    enabled: Boolean(expertId && companyId),
  });
}
