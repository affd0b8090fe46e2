import type { SignUpBody, UserResponse } from '@intergen/contracts';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/sign-up: creates the account and signs it in. */
export function signUp(body: SignUpBody) {
  return apiRequest<UserResponse>('/api/auth/sign-up', { method: 'POST', body });
}
