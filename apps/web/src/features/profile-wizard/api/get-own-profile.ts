import { type OwnProfile, OwnProfileResponseSchema } from '@intergen/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../lib/api-client';

/** The own profile's query key, the URL's path: `['profiles', 'me']`. */
export const ownProfileQueryKey = ['profiles', 'me'] as const;

/** The prefix of every other profile page's query (`['profiles', 'view', id]`): read again after changes. */
export const profileViewsQueryKey = ['profiles', 'view'] as const;

/** GET /api/profiles/me: the signed-in member's own profile with completion, status and pending edits. */
export function getOwnProfile(signal?: AbortSignal) {
  return apiRequest('/api/profiles/me', { schema: OwnProfileResponseSchema, signal });
}

export const ownProfileQueryOptions = queryOptions({
  queryKey: ownProfileQueryKey,
  queryFn: async ({ signal }) => (await getOwnProfile(signal)).profile,
  staleTime: 30_000,
  // The editor keeps its own draft; a refetch on focus would only replace the cache under it.
  refetchOnWindowFocus: false,
});

export function useOwnProfile() {
  return useQuery(ownProfileQueryOptions);
}

/** Writes a profile answered by any profile call into the cache. */
export function useSetOwnProfile() {
  const queryClient = useQueryClient();
  return useCallback(
    (profile: OwnProfile) => queryClient.setQueryData(ownProfileQueryKey, profile),
    [queryClient],
  );
}
