import { UserResponseSchema } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSetSessionUser } from '../../../lib/session';

/** POST /api/auth/email-verification/verify: the 5-character code; answers the now verified person. */
export function verifyEmail(code: string) {
  return apiRequest('/api/auth/email-verification/verify', {
    method: 'POST',
    body: { code },
    schema: UserResponseSchema,
  });
}

export function useVerifyEmail() {
  const setSessionUser = useSetSessionUser();
  return useMutation({ mutationFn: verifyEmail, onSuccess: ({ user }) => setSessionUser(user) });
}
