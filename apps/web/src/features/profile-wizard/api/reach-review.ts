import type { OwnProfileResponseSchema } from '@intergen/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { useSetOwnProfile } from '../../../lib/own-profile';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/profiles/me/review-reached: the review step (or Preview profile) was reached; onboarding is
 * complete and a profile without a picture gets a default avatar.
 */
export function reachReview() {
  return apiRequest<Answer<typeof OwnProfileResponseSchema>>('/api/profiles/me/review-reached', {
    method: 'POST',
  });
}

export function useReachReview() {
  const setOwnProfile = useSetOwnProfile();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reachReview,
    onSuccess: async ({ profile }) => {
      // The session's profile summary (onboarding, completeness) drives the routing rules.
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
      await setOwnProfile(profile);
    },
  });
}
