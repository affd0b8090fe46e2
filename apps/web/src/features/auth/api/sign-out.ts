import { MessageResponseSchema } from '@intergen/contracts';
import { routes } from '@intergen/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/query-client';

/** POST /api/auth/sign-out: ends the session. */
export function signOut() {
  return apiRequest('/api/auth/sign-out', { method: 'POST', schema: MessageResponseSchema });
}

/** Signs out, resets every piece of client state and returns to the login (spec 000 §4). */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      // A full load of the login resets every piece of client state at once (spec 000 §4): no page of
      // the signed-in app can observe a half-cleared cache on the way out.
      queryClient.clear();
      window.location.replace(routes.login);
    },
    // If the server could not be reached, re-read the session rather than pretend it ended.
    onError: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
