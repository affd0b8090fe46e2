import { type SignUpBody, UserResponseSchema } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSetSessionUser } from '../../../lib/session';

/** POST /api/auth/sign-up: creates the account and signs it in. */
export function signUp(body: SignUpBody) {
  return apiRequest('/api/auth/sign-up', { method: 'POST', body, schema: UserResponseSchema });
}

export function useSignUp() {
  const setSessionUser = useSetSessionUser();
  return useMutation({ mutationFn: signUp, onSuccess: ({ user }) => setSessionUser(user) });
}
