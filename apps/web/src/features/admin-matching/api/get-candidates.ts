import type { MatchCandidate, MatchCandidatesResponseSchema } from '@intergen/contracts';
import type { ProfileType } from '@intergen/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/matching/candidates?kind=&search=: the experts or companies a suggestion may pair. */
export async function getMatchCandidates(
  kind: ProfileType,
  search: string,
  signal?: AbortSignal,
): Promise<MatchCandidate[]> {
  const query = new URLSearchParams({ kind });
  if (search) query.set('search', search);
  const answer = await apiRequest<Answer<typeof MatchCandidatesResponseSchema>>(
    `/api/admin/matching/candidates?${query}`,
    {
      signal,
    },
  );
  return answer.candidates;
}

export function matchCandidatesQueryOptions(kind: ProfileType, search: string) {
  return queryOptions({
    queryKey: queryKeys.admin.matching.candidates(kind, search),
    queryFn: ({ signal }) => getMatchCandidates(kind, search, signal),
    staleTime: 10_000,
  });
}

/** The candidates for one picker; the previous list stays while the next search loads. */
export function useMatchCandidates(kind: ProfileType, search: string) {
  return useQuery({ ...matchCandidatesQueryOptions(kind, search), placeholderData: keepPreviousData });
}
