import type { OwnProfile, OwnProfileResponseSchema } from '@intergen/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type Answer, apiRequest } from './api-client';
import { queryKeys } from './query-keys';

/**
 * GET /api/profiles/me: the signed-in member's own profile with completion, status, pending edits, pause and
 * privacy, and whether the annual confirmation is due. The wizard, the account section and the dashboard read
 * it; every profile call answers the profile, which goes into this one cache entry.
 */
export function getOwnProfile(signal?: AbortSignal) {
  return apiRequest<Answer<typeof OwnProfileResponseSchema>>('/api/profiles/me', { signal });
}

export const ownProfileQueryOptions = queryOptions({
  queryKey: queryKeys.profiles.own,
  queryFn: async ({ signal }) => (await getOwnProfile(signal)).profile,
  staleTime: 30_000,
  // The editor keeps its own draft; a refetch on focus would only replace the cache under it.
  refetchOnWindowFocus: false,
});

export function useOwnProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...ownProfileQueryOptions, enabled });
}

/**
 * Writes a profile answered by any profile call into the cache. A read of the profile still in flight is
 * cancelled first: it may have been answered before this change and would otherwise land after it and put
 * the older profile back (the review step's first read racing its review-reached call).
 */
export function useSetOwnProfile() {
  const queryClient = useQueryClient();
  return useCallback(
    async (profile: OwnProfile) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.profiles.own, exact: true });
      queryClient.setQueryData(queryKeys.profiles.own, profile);
    },
    [queryClient],
  );
}

/**
 * After a change of the member's own profile or account: the answered profile goes into the cache, then the
 * session (whose profile summary drives the routing rules, the header and the banners) and every profile page
 * are read again. Resolves once both are fresh.
 */
export function useOwnProfileChanged() {
  const queryClient = useQueryClient();
  const setOwnProfile = useSetOwnProfile();
  return useCallback(
    async (profile: OwnProfile) => {
      await setOwnProfile(profile);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.session }),
        queryClient.invalidateQueries({ queryKey: queryKeys.profiles.views }),
      ]);
    },
    [queryClient, setOwnProfile],
  );
}
