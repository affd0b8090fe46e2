import type { UserResponseSchema } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { useSetSessionUser } from '../../../lib/session';

/**
 * POST /api/auth/session/annual-confirmation-later: `Maybe later` on the annual confirmation, kept on the
 * server with this session, so the popup does not come back until the next sign-in.
 */
export function postponeAnnualConfirmation() {
  return apiRequest<Answer<typeof UserResponseSchema>>('/api/auth/session/annual-confirmation-later', {
    method: 'POST',
  });
}

export function usePostponeAnnualConfirmation() {
  const setSessionUser = useSetSessionUser();
  return useMutation({
    mutationFn: postponeAnnualConfirmation,
    onSuccess: ({ user }) => setSessionUser(user),
  });
}
