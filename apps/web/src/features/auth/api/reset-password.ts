import { MessageResponseSchema, type ResetPasswordBody } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/password/reset: sets a new password with the token of a reset link. */
export function resetPassword(body: ResetPasswordBody) {
  return apiRequest('/api/auth/password/reset', { method: 'POST', body, schema: MessageResponseSchema });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
