import type { MessageResponseSchema } from '@intergen/contracts';
import { routes } from '@intergen/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/auth/sign-out-everywhere: ends every session of the member, this browser's too. */
export function signOutEverywhere() {
  return apiRequest<Answer<typeof MessageResponseSchema>>('/api/auth/sign-out-everywhere', {
    method: 'POST',
  });
}

/**
 * Signs out on every device (the server cleared this browser's cookie too), then leaves for the login before
 * forgetting every piece of client state, as Disable Account does: the navigation carries `signedOut`.
 */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: async () => {
      await navigate(routes.login, { replace: true, state: { signedOut: true } });
      queryClient.clear();
      queryClient.setQueryData(queryKeys.session, { user: null });
    },
  });
}
