import { type OwnProfile, OwnProfileResponseSchema } from '@intergen/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/query-client';

/**
 * The own profile's query key. The profile wizard caches the same call under the same key with the same
 * value (the `OwnProfile`, not the response envelope), so an account change shows in the editor too.
 */
export const ownProfileQueryKey = ['profiles', 'me'] as const;

/** GET /api/profiles/me: the signed-in member's own profile (status, pause date, privacy, annual check). */
export function getOwnProfile(signal?: AbortSignal) {
  return apiRequest('/api/profiles/me', { schema: OwnProfileResponseSchema, signal });
}

export const ownProfileQueryOptions = queryOptions({
  queryKey: ownProfileQueryKey,
  queryFn: async ({ signal }) => (await getOwnProfile(signal)).profile,
  staleTime: 30_000,
  refetchOnWindowFocus: false,
});

export function useOwnProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...ownProfileQueryOptions, enabled });
}

/**
 * After an account change: the answered profile goes into the cache, and the session (whose status drives the
 * header and the banners) and every profile page are read again.
 */
export function useAccountChanged() {
  const queryClient = useQueryClient();
  return useCallback(
    async (profile: OwnProfile) => {
      queryClient.setQueryData(ownProfileQueryKey, profile);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['profiles', 'view'] }),
      ]);
    },
    [queryClient],
  );
}
