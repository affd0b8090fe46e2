import type { ForgotPasswordBody, MessageResponseSchema } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';

/** POST /api/auth/password/forgot: mails a reset link (the answer is the same for unknown e-mails). */
export function requestPasswordReset(body: ForgotPasswordBody) {
  return apiRequest<Answer<typeof MessageResponseSchema>>('/api/auth/password/forgot', {
    method: 'POST',
    body,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
