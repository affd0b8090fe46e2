import { commonTexts } from '@intergen/domain';
import { useQuery } from '@tanstack/react-query';
import { createContext, use, useEffect, useRef } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { FullPageMessage } from '../../components/full-page-message';
import { PageLinkContext } from '../../components/page-link';
import { Shell } from '../../components/shell';
import { errorMessage } from '../../lib/api-client';
import { publicConfigQueryOptions } from '../../lib/config';
import { useLiveEvents } from '../../lib/live-events';
import { useReadyInTransition } from '../../lib/ready-in-transition';
import { useSessionQuery } from '../../lib/session';
import { accessRedirect, type RouteHandle } from '../access';
import { Footer, showsFooter } from './footer';
import { Header } from './header';
import { HelpProvider } from './help';
import { PageTop } from './page-top';

/** The handle of the deepest matched route that declares one (app/router.tsx provides it). */
export const RouteHandleContext = createContext<RouteHandle>({ access: 'unknown' });

/**
 * The root of every page: waits for the session (full-page loader), applies the routing rules, then
 * renders the header, the page and (on most pages) the footer.
 */
export function AppLayout() {
  const session = useSessionQuery();
  // A member's pages also wait for the settings (asked with the session: prerender.ts): the header's links and the
  // card rows' width depend on the community tab, and arriving later they moved what was on screen (layout shift).
  // Only their first answer is waited for (`isFetched` stays true): should they fail, the page shows with the
  // defaults, and a part of it asking again (the query pending again) does not bring the loader back.
  const signedIn = session.data?.user != null;
  const config = useQuery({ ...publicConfigQueryOptions, enabled: signedIn });
  const pending = session.isPending || (signedIn && !config.isFetched);
  const { pathname, search, state } = useLocation();
  const handle = use(RouteHandleContext);
  // Live updates for whoever is signed in (nothing while signed out).
  useLiveEvents();

  // Routes scroll to the top when entered; a profile opened over its page, or closed back to it, is no new page.
  const previous = useRef({ pathname, overlay: handle.overlay === true });
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of page.
  useEffect(() => {
    const before = previous.current;
    const now = { pathname, overlay: handle.overlay === true };
    previous.current = now;
    const overParent = (child: typeof now, parent: typeof now) =>
      child.overlay && child.pathname.startsWith(`${parent.pathname}/`);
    if (overParent(now, before) || overParent(before, now)) return;
    window.scrollTo(0, 0);
  }, [pathname]);

  // The page replaces the loader in a transition (lib/ready-in-transition.ts); it reads the session as it is.
  const ready = useReadyInTransition(pending);
  if (pending || !ready) return <FullPageLoader />;
  if (session.isError) {
    return (
      <FullPageMessage
        title={commonTexts.unreachableTitle}
        message={errorMessage(session.error)}
        actionLabel={commonTexts.tryAgain}
        onAction={() => session.refetch()}
      />
    );
  }

  const signingOut = typeof state === 'object' && state !== null && 'signedOut' in state;
  const target = accessRedirect({ user: session.data.user, pathname, search, handle, signingOut });
  if (target) return <Navigate to={target} replace />;

  return (
    <HelpProvider>
      <PageLinkContext value={Link}>
        <Shell header={<Header />} footer={showsFooter(pathname) ? <Footer /> : null}>
          <PageTop />
          <Outlet />
        </Shell>
      </PageLinkContext>
    </HelpProvider>
  );
}
