import { OwnProfileResponseSchema } from '@intergen/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/query-client';
import { profileViewsQueryKey, useSetOwnProfile } from './get-own-profile';

/** POST /api/profiles/me/update: applies the pending edits of a published profile (refused under 100 %). */
export function applyPendingChanges() {
  return apiRequest('/api/profiles/me/update', { method: 'POST', schema: OwnProfileResponseSchema });
}

/** Applies the pending edits; the session and every cached profile page are read again. */
export function useApplyPendingChanges() {
  const setOwnProfile = useSetOwnProfile();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyPendingChanges,
    onSuccess: async ({ profile }) => {
      setOwnProfile(profile);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
        queryClient.invalidateQueries({ queryKey: profileViewsQueryKey }),
      ]);
    },
  });
}
