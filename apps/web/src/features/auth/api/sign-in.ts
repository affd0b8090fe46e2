import type { SignInBody, UserResponse } from '@intergen/contracts';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/sign-in: e-mail and password; starts a session. */
export function signIn(body: SignInBody) {
  return apiRequest<UserResponse>('/api/auth/sign-in', { method: 'POST', body });
}
