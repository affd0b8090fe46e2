import type { DisableBodySchema, OwnProfileResponseSchema } from '@intergen/contracts';
import { routes } from '@intergen/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type DisableBody = z.input<typeof DisableBodySchema>;

/** POST /api/profiles/me/disable: removes the login and signs out everywhere (the server clears the cookie). */
export function disableAccount(body: DisableBody) {
  return apiRequest<Answer<typeof OwnProfileResponseSchema>>('/api/profiles/me/disable', {
    method: 'POST',
    body,
  });
}

/**
 * Disables the account (the server has ended its sessions), then leaves for the login before forgetting every
 * piece of client state: the login lets the ending session through while the navigation carries `signedOut`.
 */
export function useDisableAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: disableAccount,
    onSuccess: async () => {
      await navigate(routes.login, { replace: true, state: { signedOut: true } });
      queryClient.clear();
      queryClient.setQueryData(queryKeys.session, { user: null });
    },
  });
}
