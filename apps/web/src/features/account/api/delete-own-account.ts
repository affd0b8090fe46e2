import type { AccountDeletedResponseSchema } from '@intergen/contracts';
import { ownAccountTexts, routes } from '@intergen/domain';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The member's own data as a JSON download (`Content-Disposition: attachment`, named with the day). */
export const accountExportUrl = '/api/account/export';

/** POST /api/account/delete {password}: deletes the account and everything about it; the cookie is cleared. */
export function deleteOwnAccount({ password }: { password: string }) {
  return apiRequest<Answer<typeof AccountDeletedResponseSchema>>('/api/account/delete', {
    method: 'POST',
    body: { password },
  });
}

/**
 * Deletes the account, then leaves for the login (carrying `signedOut`, as the disable does, so the ending session
 * is let through) before forgetting every piece of client state, and says the account is gone.
 */
export function useDeleteOwnAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteOwnAccount,
    onSuccess: async () => {
      await navigate(routes.login, { replace: true, state: { signedOut: true } });
      queryClient.clear();
      queryClient.setQueryData(queryKeys.session, { user: null });
      notifications.show({ color: 'green', message: ownAccountTexts.deleted, autoClose: 8000 });
    },
  });
}
