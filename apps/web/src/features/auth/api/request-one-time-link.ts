import type { MessageResponseSchema, OneTimeLinkBody } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';

/** POST /api/auth/one-time-link: mails a single-use sign-in link (the /login-one-time-request screen). */
export function requestOneTimeLink(body: OneTimeLinkBody) {
  return apiRequest<Answer<typeof MessageResponseSchema>>('/api/auth/one-time-link', {
    method: 'POST',
    body,
  });
}

export function useRequestOneTimeLink() {
  return useMutation({ mutationFn: requestOneTimeLink });
}
