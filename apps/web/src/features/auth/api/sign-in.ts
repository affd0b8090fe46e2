import { type SignInBody, UserResponseSchema } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSetSessionUser } from '../../../lib/session';

/** POST /api/auth/sign-in: e-mail and password; starts a session. */
export function signIn(body: SignInBody) {
  return apiRequest('/api/auth/sign-in', { method: 'POST', body, schema: UserResponseSchema });
}

export function useSignIn() {
  const setSessionUser = useSetSessionUser();
  return useMutation({ mutationFn: signIn, onSuccess: ({ user }) => setSessionUser(user) });
}
