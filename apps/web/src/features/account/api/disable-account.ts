import { type DisableBodySchema, OwnProfileResponseSchema } from '@intergen/contracts';
import { routes } from '@intergen/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/query-client';

export type DisableBody = z.input<typeof DisableBodySchema>;

/** POST /api/profiles/me/disable: removes the login and signs out everywhere (the server clears the cookie). */
export function disableAccount(body: DisableBody) {
  return apiRequest('/api/profiles/me/disable', { method: 'POST', body, schema: OwnProfileResponseSchema });
}

/**
 * Disables the account, then does what a sign-out does: leave for the login first (the login lets an ending
 * session through with `signedOut`, as the auth feature's sign-out does), then forget every piece of state.
 */
export function useDisableAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: disableAccount,
    onSuccess: async () => {
      await navigate(routes.login, { replace: true, state: { signedOut: true } });
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, { user: null });
    },
  });
}
