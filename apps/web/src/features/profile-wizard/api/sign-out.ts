import { MessageResponseSchema } from '@intergen/contracts';
import { routes } from '@intergen/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/query-client';

/** POST /api/auth/sign-out, for `Try another account` of the e-mail verification. */
export function signOut() {
  return apiRequest('/api/auth/sign-out', { method: 'POST', schema: MessageResponseSchema });
}

/**
 * Signs out and returns to the login. Features do not import each other, so this mirrors the auth feature's
 * sign-out: leave the page first (the login lets an ending session through with `signedOut`), then forget.
 */
export function useTryAnotherAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      await navigate(routes.login, { replace: true, state: { signedOut: true } });
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, { user: null });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
