import type { ConsumeOneTimeLinkBody, ConsumeOneTimeLinkResponseSchema } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { useSetSessionUser } from '../../../lib/session';

/** POST /api/auth/one-time-link/consume: signs in with the token of a one-time link (single use). */
export function consumeOneTimeLink(body: ConsumeOneTimeLinkBody) {
  return apiRequest<Answer<typeof ConsumeOneTimeLinkResponseSchema>>('/api/auth/one-time-link/consume', {
    method: 'POST',
    body,
  });
}

export function useConsumeOneTimeLink() {
  const setSessionUser = useSetSessionUser();
  return useMutation({ mutationFn: consumeOneTimeLink, onSuccess: ({ user }) => setSessionUser(user) });
}
