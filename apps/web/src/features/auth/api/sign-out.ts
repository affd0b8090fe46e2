import { MessageResponseSchema } from '@intergen/contracts';
import { routes } from '@intergen/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/query-client';

/** Navigation state of the login right after a sign-out. */
export const signedOutState = { signedOut: true } as const;

/** POST /api/auth/sign-out: ends the session. */
export function signOut() {
  return apiRequest('/api/auth/sign-out', { method: 'POST', schema: MessageResponseSchema });
}

/** Signs out, resets every piece of client state and returns to the login (spec 000 §4). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      // Leave the signed-in page first (the login route lets the ending session through while it
      // carries `signedOut`), then forget everything: no page ever sees a half-cleared state.
      await navigate(routes.login, { replace: true, state: signedOutState });
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, { user: null });
    },
    // If the server could not be reached, re-read the session rather than pretend it ended.
    onError: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
