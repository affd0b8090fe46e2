import { hasHeaderAccess, landingPath, routes } from '@intergen/domain';
import { lazy, Suspense } from 'react';
import { HeaderBar } from '../../components/shell';
import { useUser } from '../../lib/session';

const HeaderNav = lazy(async () => ({ default: (await import('./header-nav')).HeaderNav }));

/**
 * The 56 px header. Signed out, or without header access, it shows only the logo. Wide screens show the
 * links, Help and a name menu (Settings, Logout); at 640 px or less one menu holds everything.
 */
export function Header() {
  const user = useUser();
  const withLinks = user !== null && hasHeaderAccess(user);

  return (
    <HeaderBar logoTo={user ? landingPath(user) : routes.login}>
      {withLinks ? (
        <Suspense fallback={null}>
          <HeaderNav user={user} />
        </Suspense>
      ) : null}
    </HeaderBar>
  );
}
