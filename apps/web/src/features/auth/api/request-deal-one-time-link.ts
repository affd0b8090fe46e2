import type { DealOneTimeLinkBody, MessageResponseSchema } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';

/** POST /api/auth/one-time-link/for-deal: the `Sign in with a one-time link` button of /login-options. */
export function requestDealOneTimeLink(body: DealOneTimeLinkBody) {
  return apiRequest<Answer<typeof MessageResponseSchema>>('/api/auth/one-time-link/for-deal', {
    method: 'POST',
    body,
  });
}

export function useRequestDealOneTimeLink() {
  return useMutation({ mutationFn: requestDealOneTimeLink });
}
