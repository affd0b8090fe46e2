import type { UserResponse } from '@intergen/contracts';
import { afterLoginPath } from '@intergen/domain';
import { useNavigate } from 'react-router';
import { useSetSessionUser } from '../../../lib/session';

type AuthRequest<B> = (body: B) => Promise<UserResponse>;

/**
 * The app's `onSubmit` for the login and the sign-up forms: the request, the
 * new session into the cache, then the page the person lands on (`afterLoginPath`, with the `redirect` when the
 * role allows it). The signed-out entry has its own (app/signed-out-app.tsx): a full page load instead.
 */
export function useEnterApp<B>(request: AuthRequest<B>, redirect: string | null) {
  const navigate = useNavigate();
  const setSessionUser = useSetSessionUser();
  return async (body: B) => {
    const { user } = await request(body);
    setSessionUser(user);
    await navigate(afterLoginPath(user, redirect), { replace: true });
  };
}
