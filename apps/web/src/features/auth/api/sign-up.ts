import type { SignUpBody, UserResponse } from '@intergen/contracts';
import { apiFetch } from '../../../lib/api-fetch';

/** POST /api/auth/sign-up: creates the account and signs it in. `read` checks the answer (as `signIn`'s). */
export function signUp(body: SignUpBody, read: (payload: unknown) => UserResponse) {
  return apiFetch('/api/auth/sign-up', { method: 'POST', body, read });
}
