import type { MessageResponseSchema, ResetPasswordBody } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';

/** POST /api/auth/password/reset: sets a new password with the token of a reset link. */
export function resetPassword(body: ResetPasswordBody) {
  return apiRequest<Answer<typeof MessageResponseSchema>>('/api/auth/password/reset', {
    method: 'POST',
    body,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
