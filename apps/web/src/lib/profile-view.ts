import type { ProfileViewResponseSchema } from '@intergen/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Answer, apiRequest } from './api-client';
import { queryKeys } from './query-keys';

/**
 * GET /api/profiles/:id: a member's profile as others see it (the own one too, with its publish date);
 * `contact` is null unless the viewer may see it. The profile pages and the dashboard share this cache entry.
 */
export function getProfileView(id: string, signal?: AbortSignal) {
  return apiRequest<Answer<typeof ProfileViewResponseSchema>>(`/api/profiles/${encodeURIComponent(id)}`, {
    signal,
  });
}

export function profileViewQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.profiles.view(id),
    queryFn: async ({ signal }) => (await getProfileView(id, signal)).profile,
  });
}

export function useProfileView(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...profileViewQueryOptions(id), enabled });
}
