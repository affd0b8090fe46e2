import { type ChangePasswordBody, MessageResponseSchema } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/password/change: the signed-in person's new password, checked against the current one. */
export function changePassword(body: ChangePasswordBody) {
  return apiRequest('/api/auth/password/change', { method: 'POST', body, schema: MessageResponseSchema });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
