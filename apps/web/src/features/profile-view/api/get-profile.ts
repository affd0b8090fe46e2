import { ProfileViewResponseSchema } from '@intergen/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/profiles/:id: a profile page; `contact` is null unless the viewer may see it. */
export function getProfile(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/profiles/${encodeURIComponent(id)}`, { schema: ProfileViewResponseSchema, signal });
}

/** Under `['profiles', 'view']`, so that any profile change can invalidate every page at once. */
export function profileQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['profiles', 'view', id] as const,
    queryFn: async ({ signal }) => (await getProfile(id, signal)).profile,
  });
}

export function useProfile(id: string) {
  return useQuery(profileQueryOptions(id));
}
