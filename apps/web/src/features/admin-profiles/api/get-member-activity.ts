import type { AdminMemberActivityResponseSchema } from '@intergen/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/members/:id/activity: the member's dates, suggestions, requests and CRM deals. */
export function getMemberActivity(id: string, signal?: AbortSignal) {
  return apiRequest<Answer<typeof AdminMemberActivityResponseSchema>>(
    `/api/admin/members/${encodeURIComponent(id)}/activity`,
    { signal },
  );
}

export function memberActivityQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.admin.profiles.activity(id),
    queryFn: async ({ signal }) => (await getMemberActivity(id, signal)).activity,
    staleTime: 0,
  });
}

export function useMemberActivity(id: string) {
  return useQuery(memberActivityQueryOptions(id));
}
