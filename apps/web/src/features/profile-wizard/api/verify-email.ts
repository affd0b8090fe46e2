import type { UserResponseSchema } from '@intergen/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSetSessionUser } from '../../../lib/session';

/**
 * POST /api/auth/email-verification/verify: the 5-character code; answers the now verified person. A complete
 * profile that reached the review step is published or submitted by the server in the same step.
 */
export function verifyEmail(code: string) {
  return apiRequest<Answer<typeof UserResponseSchema>>('/api/auth/email-verification/verify', {
    method: 'POST',
    body: { code },
  });
}

export function useVerifyEmail() {
  const setSessionUser = useSetSessionUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: async ({ user }) => {
      setSessionUser(user);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.profiles.own }),
        queryClient.invalidateQueries({ queryKey: queryKeys.profiles.views }),
      ]);
    },
  });
}
