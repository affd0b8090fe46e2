import { routes } from '@intergen/domain';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { adminProfilesPath, adminSuggestionsPath, communityPath } from '../lib/paths';
import type { RouteHandle } from './access';
import { AppLayout } from './layout/app-layout';
import { RouteError } from './routes/route-error';

const guest: RouteHandle = { access: 'guest' };
const open: RouteHandle = { access: 'public' };
const member: RouteHandle = { access: 'member' };
/** A page of other members' data: only for members who may see them (domain read-access.ts). */
const membersPage: RouteHandle = { access: 'member', readsMembers: true };
const admin: RouteHandle = { access: 'admin' };

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
        handle: guest,
        lazy: async () => ({ Component: (await import('../features/auth')).LoginRoute }),
      },
      {
        path: 'signup/*',
        handle: guest,
        lazy: async () => ({ Component: (await import('../features/auth')).SignUpRoute }),
      },
      {
        path: routes.forgotPassword,
        handle: open,
        lazy: async () => ({
          Component: (await import('../features/auth')).ForgotPasswordRoute,
        }),
      },
      {
        path: routes.resetPassword,
        handle: open,
        lazy: async () => ({
          Component: (await import('../features/auth')).ResetPasswordRoute,
        }),
      },
      {
        path: routes.loginOptions,
        handle: open,
        lazy: async () => ({
          Component: (await import('../features/auth')).LoginOptionsRoute,
        }),
      },
      {
        path: routes.oneTimeRequest,
        handle: open,
        lazy: async () => ({
          Component: (await import('../features/auth')).LoginOneTimeRequestRoute,
        }),
      },
      // Signed in
      {
        path: routes.dashboard,
        handle: membersPage,
        lazy: async () => ({ Component: (await import('./routes/dashboard-pages')).DashboardRoute }),
        // A profile opens over the dashboard, which stays mounted underneath (spec 000 §2).
        children: [
          {
            path: ':profileId',
            handle: membersPage,
            lazy: async () => ({
              Component: (await import('./routes/dashboard-pages')).DashboardProfileModal,
            }),
          },
        ],
      },
      {
        path: routes.profileAbout,
        handle: member,
        lazy: async () => ({
          Component: (await import('../features/profile-wizard')).ProfileAboutRoute,
        }),
      },
      {
        path: routes.profileEdit,
        handle: member,
        lazy: async () => ({ Component: (await import('./routes/profile-edit')).ProfileEditRoute }),
      },
      {
        path: routes.profileExperience,
        handle: member,
        lazy: async () => ({
          Component: (await import('../features/profile-wizard')).ProfileExperienceRoute,
        }),
      },
      {
        path: routes.profileInterests,
        handle: member,
        lazy: async () => ({
          Component: (await import('../features/profile-wizard')).ProfileInterestsRoute,
        }),
      },
      {
        path: routes.profileSeeking,
        handle: member,
        lazy: async () => ({
          Component: (await import('../features/profile-wizard')).ProfileSeekingRoute,
        }),
      },
      {
        path: routes.profileEnrichment,
        handle: member,
        lazy: async () => ({
          Component: (await import('../features/profile-wizard')).ProfileEnrichmentRoute,
        }),
      },
      {
        path: routes.profileReview,
        handle: member,
        lazy: async () => ({
          Component: (await import('../features/profile-wizard')).ProfileReviewRoute,
        }),
      },
      // Profile pages (spec 000 §2): the own preview, another member's page, and modals over base pages.
      {
        path: routes.profilePublic,
        handle: member,
        lazy: async () => ({ Component: (await import('./routes/profile-pages')).OwnProfileRoute }),
      },
      {
        path: '/profile',
        handle: member,
        lazy: async () => ({ Component: (await import('./routes/profile-pages')).ViewProfileRoute }),
      },
      {
        path: '/view/:id',
        handle: member,
        lazy: async () => ({ Component: (await import('./routes/profile-pages')).ViewProfileRoute }),
      },
      {
        path: `${routes.myNetwork}/:profileId`,
        handle: membersPage,
        lazy: async () => ({ Component: (await import('./routes/profile-pages')).MyNetworkProfileRoute }),
      },
      {
        path: `${routes.expertCommunity}/:profileId`,
        handle: membersPage,
        lazy: async () => ({
          Component: (await import('./routes/profile-pages')).ExpertCommunityProfileRoute,
        }),
      },
      {
        path: `${routes.ventureCommunity}/:profileId`,
        handle: membersPage,
        lazy: async () => ({
          Component: (await import('./routes/profile-pages')).VentureCommunityProfileRoute,
        }),
      },
      { path: communityPath, handle: membersPage, element: <Navigate to={routes.expertCommunity} replace /> },
      {
        path: routes.myNetwork,
        handle: membersPage,
        lazy: async () => ({
          Component: (await import('../features/network')).MyNetworkRoute,
        }),
      },
      {
        path: routes.expertCommunity,
        handle: membersPage,
        lazy: async () => ({ Component: (await import('./routes/community')).ExpertCommunityGate }),
      },
      {
        path: routes.ventureCommunity,
        handle: membersPage,
        lazy: async () => ({ Component: (await import('./routes/community')).VentureCommunityGate }),
      },
      // Admin
      { path: routes.admin, handle: admin, element: <Navigate to={routes.adminMailbox} replace /> },
      {
        path: routes.adminMailbox,
        handle: admin,
        lazy: async () => ({ Component: (await import('../features/admin')).MailboxRoute }),
      },
      {
        path: adminProfilesPath,
        handle: admin,
        lazy: async () => ({ Component: (await import('./routes/admin-profile')).AdminProfilesRoute }),
      },
      {
        path: `${adminProfilesPath}/:id`,
        handle: admin,
        lazy: async () => ({ Component: (await import('./routes/admin-profile')).AdminProfileDetailRoute }),
      },
      {
        path: adminSuggestionsPath,
        handle: admin,
        lazy: async () => ({ Component: (await import('./routes/admin-suggestions')).AdminSuggestionsRoute }),
      },
      // Anything else: the login with `redirect` when signed out, the computed target when signed in.
      { path: '*', handle: { access: 'unknown' } satisfies RouteHandle, element: null },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
