import { routes } from '@intergen/domain';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
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
import type { RouteHandle } from './access';
import { AppLayout } from './layout/app-layout';
import { loadAccountParts, loadAdminNav } from './layout/page-top';
import { RouteError } from './routes/route-error';

const guest: RouteHandle = { access: 'guest' };
const open: RouteHandle = { access: 'public' };
const member: RouteHandle = { access: 'member' };
/** A page of other members' data: only for members who may see them (domain read-access.ts). */
const membersPage: RouteHandle = { access: 'member', readsMembers: true };
const admin: RouteHandle = { access: 'admin' };
/** A profile opened over a members page, which stays mounted (and scrolled) underneath. */
const profileOverlay: RouteHandle = { ...membersPage, overlay: true };

/**
 * A page whose module loads when the route is first entered (features through their index.ts); a member's page
 * loads the account banners beside it (layout/page-top.tsx), so that they render with the page.
 */
function page(handle: RouteHandle, load: () => Promise<ComponentType>) {
  const withParts =
    handle.access === 'member' ? async () => (await Promise.all([load(), loadAccountParts()]))[0] : load;
  return { handle, lazy: async () => ({ Component: await withParts() }) };
}

/** An admin page: its module and the admin section's tabs load together (layout/page-top.tsx). */
function adminPage(load: () => Promise<ComponentType>) {
  return page(admin, async () => (await Promise.all([load(), loadAdminNav()]))[0]);
}

/** Every page of the app; page modules load lazily, the routing rules live in `AppLayout`. */
export const appRoutes: RouteObject[] = [
  {
    Component: AppLayout,
    HydrateFallback: FullPageLoader,
    ErrorBoundary: RouteError,
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
        ...adminPage(async () => (await import('../features/admin')).MailboxRoute),
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

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
