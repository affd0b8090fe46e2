import type { ChangePasswordBody, MessageResponseSchema } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';

/** POST /api/auth/password/change: the signed-in person's new password, checked against the current one. */
export function changePassword(body: ChangePasswordBody) {
  return apiRequest<Answer<typeof MessageResponseSchema>>('/api/auth/password/change', {
    method: 'POST',
    body,
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
