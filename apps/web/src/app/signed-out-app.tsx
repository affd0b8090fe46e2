import type { UserResponse } from '@intergen/contracts';
import { afterLoginPath, routes } from '@intergen/domain';
import { type MouseEvent, StrictMode, useEffect, useState } from 'react';
import { PageLinkContext, type PageLinkProps } from '../components/page-link';
import { HeaderBar, Shell } from '../components/shell';
import { LoginPage, SignUpPage, signIn, signUp } from '../features/auth';
import { ThemeProvider } from './theme-provider';

/**
 * The signed-out entry's app (`src/signed-out.tsx`): the login and the sign-up for a visitor without a session,
 * with React and Mantine only. No router, no query cache, no schema library: the two pages switch through the
 * history API, every other link is a full page load into the app, and so is a successful sign-in or sign-up
 * (where the app would have navigated). The server sends it at `/` and `/signup` to a request without a session
 * cookie (apps/server/src/app.ts); a visitor with one gets the app, whose routes show the same pages.
 */

/** The two pages of the signed-out entry. */
export type SignedOutPath = typeof routes.login | typeof routes.signup;

export function signedOutPath(pathname: string): SignedOutPath {
  return pathname === routes.signup ? routes.signup : routes.login;
}

const isSignedOutPath = (to: string): to is SignedOutPath => to === routes.login || to === routes.signup;

/** The signed-out entry's `onSubmit`: the request, then a full page load where the app would have gone. */
function enterApp<B>(request: (body: B) => Promise<UserResponse>, redirect: string | null) {
  return async (body: B) => {
    const { user } = await request(body);
    window.location.assign(afterLoginPath(user, redirect));
    // The form stays busy until the app's page replaces this one.
    await new Promise<never>(() => {});
  };
}

/**
 * The login and the sign-up link to each other without loading a page (the address changes, and `popstate` tells
 * the app, as the browser's back and forward do); any other link loads the app.
 */
function SwitchLink({ to, onClick, ...props }: PageLinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const plain = !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0);
    if (event.defaultPrevented || !plain || !isSignedOutPath(to)) return;
    event.preventDefault();
    if (to !== window.location.pathname) window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    window.scrollTo(0, 0);
  };
  return <a href={to} onClick={handleClick} {...props} />;
}

export function SignedOutApp({ path, onShown }: { path: SignedOutPath; onShown?: () => void }) {
  const [page, setPage] = useState(path);

  useEffect(() => {
    onShown?.();
    // Back and forward between the login and the sign-up, and their links to each other.
    const onPopState = () => setPage(signedOutPath(window.location.pathname));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [onShown]);

  // Sent only without a query, but honoured as the app's login does if there is one.
  const redirect =
    typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('redirect');

  return (
    <StrictMode>
      <ThemeProvider>
        <PageLinkContext value={SwitchLink}>
          <Shell header={<HeaderBar logoTo={routes.login} />}>
            {page === routes.signup ? (
              <SignUpPage onSubmit={enterApp(signUp, null)} />
            ) : (
              <LoginPage redirect={redirect} onSubmit={enterApp(signIn, redirect)} />
            )}
          </Shell>
        </PageLinkContext>
      </ThemeProvider>
    </StrictMode>
  );
}
