import type { MessageResponseSchema } from '@intergen/contracts';
import { routes } from '@intergen/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiRequest } from './api-client';
import { queryKeys } from './query-keys';

/** POST /api/auth/sign-out: ends the session. */
export function signOut() {
  return apiRequest<Answer<typeof MessageResponseSchema>>('/api/auth/sign-out', { method: 'POST' });
}

/**
 * Signs out, resets every piece of client state and returns to the login (spec 000 §4): the header's and the
 * footer's Logout, and `Try another account` of the e-mail verification.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      // A full load of the login resets every piece of client state at once: no page of the signed-in app
      // can observe a half-cleared cache on the way out (navigating first and clearing after raced, the login
      // route seeing the ending session and sending the member back).
      queryClient.clear();
      window.location.replace(routes.login);
    },
    // If the server could not be reached, re-read the session rather than pretend it ended.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}
