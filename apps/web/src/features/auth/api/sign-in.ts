import type { SignInBody, UserResponse } from '@intergen/contracts';
import { apiFetch } from '../../../lib/api-fetch';

/**
 * POST /api/auth/sign-in: e-mail and password; starts a session. `read` checks the answer: the app's contract
 * schema (`readWith(UserResponseSchema)`), or the signed-out entry's lighter check (it loads the app next).
 */
export function signIn(body: SignInBody, read: (payload: unknown) => UserResponse) {
  return apiFetch('/api/auth/sign-in', { method: 'POST', body, read });
}
