import type { OwnProfile, OwnProfileResponseSchema } from '@intergen/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/admin/profiles/:id: any profile in the owner's full shape. */
export function getAdminProfile(id: string, signal?: AbortSignal) {
  return apiRequest<Answer<typeof OwnProfileResponseSchema>>(
    `/api/admin/profiles/${encodeURIComponent(id)}`,
    {
      signal,
    },
  );
}

export function adminProfileQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.admin.profiles.detail(id),
    queryFn: async ({ signal }) => (await getAdminProfile(id, signal)).profile,
    staleTime: 0,
  });
}

export function useAdminProfile(id: string) {
  return useQuery(adminProfileQueryOptions(id));
}

/** After an admin action: the answered profile goes into its detail, and every list is read again. */
export function useAdminProfileChanged() {
  const queryClient = useQueryClient();
  return useCallback(
    async ({ profile }: { profile: OwnProfile }) => {
      queryClient.setQueryData(adminProfileQueryOptions(profile.id).queryKey, profile);
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.profiles.lists });
    },
    [queryClient],
  );
}
