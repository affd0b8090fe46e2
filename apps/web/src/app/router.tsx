import { routes } from '@intergen/domain';
import { type ComponentType, lazy, type ReactNode, Suspense, useMemo } from 'react';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  unstable_HistoryRouter as HistoryRouter,
  matchRoutes,
  Navigate,
  type RouteObject,
  useLocation,
  useRoutes,
} from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { type GuardedHistory, guardHistory, HistoryContext } from '../lib/navigation';
import {
  adminAnalyticsPath,
  adminAuditPath,
  adminCrmPath,
  adminMembersPath,
  adminOutboxPath,
  adminRequestsPath,
  adminScoresPath,
  adminSettingsPath,
  adminSuggestionsPath,
  communityPath,
  legacyAdminProfilesPath,
} from '../lib/paths';
import { isRouteHandle, type RouteHandle } from './access';
import { AppLayout, RouteHandleContext } from './layout/app-layout';
import { loadAccountParts, loadAdminNav } from './layout/page-top';
import { RouteErrorBoundary } from './routes/route-error';

const guest: RouteHandle = { access: 'guest' };
const open: RouteHandle = { access: 'public' };
const member: RouteHandle = { access: 'member' };
/** A page of other members' data: only for members who may see them (domain read-access.ts). */
const membersPage: RouteHandle = { access: 'member', readsMembers: true };
const admin: RouteHandle = { access: 'admin' };
/** A profile opened over a members page, which stays mounted (and scrolled) underneath. */
const profileOverlay: RouteHandle = { ...membersPage, overlay: true };

/** A route of the app: React Router's, with the routing rules' handle and its page module's `preload`. */
interface AppRoute {
  path?: string;
  index?: boolean;
  handle?: RouteHandle;
  element?: ReactNode;
  /** Starts loading the page's module (main.tsx calls it for the first page, before the session is known). */
  preload?: () => Promise<unknown>;
  children?: AppRoute[];
}

/**
 * A page whose module loads when the route is first entered (features through their index.ts), or sooner through
 * `preload`; a member's page loads the account banners beside it (layout/page-top.tsx), so that they render with
 * the page. A navigation to a page still loading keeps the page before on screen (the router's transition).
 *
 * A load that fails (a phone losing its connection between two pages) is tried once more after a moment; failing
 * again, it shows the error page (`RouteErrorBoundary`). `React.lazy` keeps a rejection for good, so the page's slot
 * gets a new lazy component when the page is next entered (another history entry), which asks for its code again.
 */
function page(handle: RouteHandle, load: () => Promise<ComponentType>): AppRoute {
  const withParts =
    handle.access === 'member' ? async () => (await Promise.all([load(), loadAccountParts()]))[0] : load;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    loading ??= triedTwice(withParts).then(
      (Component) => ({ default: Component }),
      (error: unknown) => {
        loading = undefined;
        slot.failedAt = slot.enteredAt ?? '';
        throw error;
      },
    );
    return loading;
  };
  const slot: PageSlot = { page: lazy(preload), load: preload };
  return { handle, element: <LazyPage slot={slot} />, preload };
}

/** `load`, and once more after half a second should it fail. */
async function triedTwice<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 500));
    return load();
  }
}

/** A lazy page and how to load it again (`page`). */
interface PageSlot {
  page: ComponentType;
  load: () => Promise<{ default: ComponentType }>;
  /** The history entry (its key) the page was last rendered for, and the one its load failed on. */
  enteredAt?: string;
  failedAt?: string;
}

/** Renders the slot's page; entered anew after a failed load, a new lazy component that asks for its code again. */
function LazyPage({ slot }: { slot: PageSlot }) {
  const { key } = useLocation();
  if (slot.failedAt !== undefined && slot.failedAt !== key) {
    slot.failedAt = undefined;
    slot.page = lazy(slot.load);
  }
  slot.enteredAt = key;
  const Page = slot.page;
  return <Page />;
}

/** An admin page: its module and the admin section's tabs load together (layout/page-top.tsx). */
function adminPage(load: () => Promise<ComponentType>) {
  return page(admin, async () => (await Promise.all([load(), loadAdminNav()]))[0]);
}

/** Every page of the app; page modules load lazily, the routing rules live in `AppLayout`. */
export const appRoutes: AppRoute[] = [
  {
    element: <AppLayout />,
    children: [
      // Signed out
      {
        index: true,
        ...page(guest, async () => (await import('../features/auth')).authRouteModules.login()),
      },
      {
        path: 'signup/*',
        ...page(guest, async () => (await import('../features/auth')).authRouteModules.signUp()),
      },
      {
        path: routes.forgotPassword,
        ...page(open, async () => (await import('../features/auth')).authRouteModules.forgotPassword()),
      },
      {
        path: routes.resetPassword,
        ...page(open, async () => (await import('../features/auth')).authRouteModules.resetPassword()),
      },
      {
        path: routes.loginOptions,
        ...page(open, async () => (await import('../features/auth')).LoginOptionsRoute),
      },
      {
        path: routes.oneTimeRequest,
        ...page(open, async () => (await import('../features/auth')).authRouteModules.oneTimeRequest()),
      },
      // Signed in
      {
        path: routes.dashboard,
        ...page(membersPage, async () => (await import('./routes/dashboard-pages')).DashboardRoute),
        // A profile opens over the dashboard, which stays mounted underneath (spec 000 §2).
        children: [
          {
            path: ':profileId',
            ...page(
              profileOverlay,
              async () => (await import('./routes/dashboard-profile')).DashboardProfileModal,
            ),
          },
        ],
      },
      {
        path: routes.profileAbout,
        ...page(member, async () => (await import('../features/profile-wizard')).ProfileAboutRoute),
      },
      {
        path: routes.profileEdit,
        ...page(member, async () => (await import('./routes/profile-edit')).ProfileEditRoute),
      },
      {
        path: routes.profileExperience,
        ...page(member, async () => (await import('../features/profile-wizard')).ProfileExperienceRoute),
      },
      {
        path: routes.profileInterests,
        ...page(member, async () => (await import('../features/profile-wizard')).ProfileInterestsRoute),
      },
      {
        path: routes.profileSeeking,
        ...page(member, async () => (await import('../features/profile-wizard')).ProfileSeekingRoute),
      },
      {
        path: routes.profileEnrichment,
        ...page(member, async () => (await import('../features/profile-wizard')).ProfileEnrichmentRoute),
      },
      {
        path: routes.profileReview,
        ...page(member, async () => (await import('../features/profile-wizard')).ProfileReviewRoute),
      },
      // Profile pages (spec 000 §2): the own preview, another member's page, and modals over base pages.
      {
        path: routes.profilePublic,
        ...page(member, async () => (await import('./routes/profile-pages')).OwnProfileRoute),
      },
      {
        path: '/profile',
        ...page(member, async () => (await import('./routes/profile-pages')).ViewProfileRoute),
      },
      {
        path: '/view/:id',
        ...page(member, async () => (await import('./routes/profile-pages')).ViewProfileRoute),
      },
      {
        path: `${routes.myNetwork}/:profileId`,
        ...page(membersPage, async () => (await import('./routes/my-network-profile')).MyNetworkProfileRoute),
      },
      { path: communityPath, handle: membersPage, element: <Navigate to={routes.expertCommunity} replace /> },
      {
        path: routes.myNetwork,
        ...page(membersPage, async () => (await import('./routes/my-network')).MyNetworkRoute),
      },
      // The communities; a profile opens over the list, which stays mounted with its filters and scroll.
      {
        path: routes.expertCommunity,
        ...page(membersPage, async () => (await import('./routes/community')).ExpertCommunityGate),
        children: [
          {
            path: ':profileId',
            ...page(
              profileOverlay,
              async () => (await import('./routes/community-profile')).ExpertCommunityProfileModal,
            ),
          },
        ],
      },
      {
        path: routes.ventureCommunity,
        ...page(membersPage, async () => (await import('./routes/community')).VentureCommunityGate),
        children: [
          {
            path: ':profileId',
            ...page(
              profileOverlay,
              async () => (await import('./routes/community-profile')).VentureCommunityProfileModal,
            ),
          },
        ],
      },
      // Admin
      { path: routes.admin, handle: admin, element: <Navigate to={routes.adminMailbox} replace /> },
      {
        path: routes.adminMailbox,
        ...adminPage(async () => (await import('../features/admin-mailbox')).MailboxRoute),
      },
      {
        path: adminMembersPath,
        ...adminPage(async () => (await import('../features/admin-members')).AdminMembersRoute),
      },
      {
        path: `${adminMembersPath}/:id`,
        ...adminPage(async () => (await import('./routes/admin-profile')).AdminProfileDetailRoute),
      },
      // The Profiles page became the Members console: its addresses lead there.
      { path: legacyAdminProfilesPath, handle: admin, element: <Navigate to={adminMembersPath} replace /> },
      {
        path: `${legacyAdminProfilesPath}/:id`,
        ...adminPage(async () => (await import('./routes/admin-profile')).LegacyAdminProfileRedirect),
      },
      {
        path: adminCrmPath,
        ...adminPage(async () => (await import('../features/crm')).CrmRoute),
      },
      {
        path: adminOutboxPath,
        ...adminPage(async () => (await import('../features/admin-outbox')).AdminOutboxRoute),
      },
      {
        path: adminAnalyticsPath,
        ...adminPage(async () => (await import('../features/admin-analytics')).AdminAnalyticsRoute),
      },
      {
        path: adminSettingsPath,
        ...adminPage(async () => (await import('../features/admin-settings')).AdminSettingsRoute),
      },
      {
        path: adminAuditPath,
        ...adminPage(async () => (await import('../features/admin-audit')).AdminAuditRoute),
      },
      {
        path: adminSuggestionsPath,
        ...adminPage(async () => (await import('./routes/admin-suggestions')).AdminSuggestionsRoute),
      },
      {
        path: adminRequestsPath,
        ...adminPage(async () => (await import('../features/admin-records')).AdminRequestsRoute),
      },
      {
        path: adminScoresPath,
        ...adminPage(async () => (await import('../features/admin-records')).AdminScoresRoute),
      },
      // Anything else: the login with `redirect` when signed out, the computed target when signed in.
      { path: '*', handle: { access: 'unknown' } satisfies RouteHandle, element: null },
    ],
  },
];

/** The handle of the deepest matched route that declares one (the routing rules of `AppLayout`). */
function handleOf(pathname: string): RouteHandle {
  const matches = matchRoutes(appRoutes as RouteObject[], pathname) ?? [];
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.route.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return { access: 'unknown' };
}

/** Starts loading the modules of the pages at `pathname` (the first page, while the session is asked for). */
export function preloadPages(pathname: string) {
  for (const match of matchRoutes(appRoutes as RouteObject[], pathname) ?? []) {
    void (match.route as AppRoute).preload?.().catch(() => {
      // Rendering the page loads it again and shows the error (RouteErrorBoundary).
    });
  }
}

/** The page at the current address, with its handle for the layout; the full-page loader until its module is in. */
function AppRoutes() {
  const { pathname } = useLocation();
  const handle = useMemo(() => handleOf(pathname), [pathname]);
  const element = useRoutes(appRoutes as RouteObject[]);
  return (
    <RouteErrorBoundary pathname={pathname}>
      <RouteHandleContext value={handle}>
        <Suspense fallback={<FullPageLoader />}>{element}</Suspense>
      </RouteHandleContext>
    </RouteErrorBoundary>
  );
}

/** The browser's history with the app's navigation guard (lib/navigation.ts): made once per page load by main.tsx. */
export function createAppHistory(): GuardedHistory {
  return guardHistory(createBrowserHistory({ v5Compat: true }));
}

/**
 * The app's router: React Router's declarative router over `history`, with the pages of `appRoutes`. (Its data
 * router would add 16 KB to every page's first load for what the app does not use: docs/ARCHITECTURE.md.)
 */
export function AppRouter({ history }: { history: GuardedHistory }) {
  return (
    <HistoryContext value={history}>
      <HistoryRouter history={history}>
        <AppRoutes />
      </HistoryRouter>
    </HistoryContext>
  );
}
