import { layoutTexts } from '@intergen/domain';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { LogoMark } from '../../components/logo';
import { errorMessage } from '../../lib/api-client';
import { useLiveEvents } from '../../lib/live-events';
import { useSessionQuery } from '../../lib/session';
import { accessRedirect, isRouteHandle, type RouteHandle } from '../access';
import { Footer, showsFooter } from './footer';
import { Header } from './header';
import { HelpProvider } from './help';
import { PageTop } from './page-top';

const unknownRoute: RouteHandle = { access: 'unknown' };

/** The handle of the deepest matched route that declares one. */
function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return unknownRoute;
}

/**
 * The root of every page: waits for the session (full-page loader), applies the routing rules, then
 * renders the header, the page and (on most pages) the footer.
 */
export function AppLayout() {
  const session = useSessionQuery();
  const { pathname, search, state } = useLocation();
  const handle = useRouteHandle();
  // Live updates for whoever is signed in (nothing while signed out).
  useLiveEvents();

  // Routes scroll to the top when entered.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of page.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  if (session.isPending) return <FullPageLoader />;
  if (session.isError) {
    return <SessionError message={errorMessage(session.error)} onRetry={() => session.refetch()} />;
  }

  const signingOut = typeof state === 'object' && state !== null && 'signedOut' in state;
  const target = accessRedirect({ user: session.data.user, pathname, search, handle, signingOut });
  if (target) return <Navigate to={target} replace />;

  return (
    <HelpProvider>
      <div className="ig-shell">
        <a href="#main" className="ig-skip-link">
          {layoutTexts.skipToContent}
        </a>
        <Header />
        <main id="main" className="ig-main" tabIndex={-1}>
          <PageTop />
          <Outlet />
        </main>
        {showsFooter(pathname) ? <Footer /> : null}
      </div>
    </HelpProvider>
  );
}

function SessionError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={420} ta="center">
        <LogoMark size={40} />
        <Title order={1} fz={22}>
          {layoutTexts.unreachableTitle}
        </Title>
        <Text c="dimmed">{message}</Text>
        <Button onClick={onRetry}>{layoutTexts.tryAgain}</Button>
      </Stack>
    </Center>
  );
}
