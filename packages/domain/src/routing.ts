import type { ProfileType } from './accounts.ts';
import type { ProfileStatus } from './profile-status.ts';
import { canReadMembers } from './read-access.ts';

/** What the client needs to know about the signed-in person to route them (spec 000 §2, DESIGN.md §4). */
export interface Viewer {
  kind: ProfileType | null;
  isAdmin: boolean;
  emailVerified: boolean;
  profile: {
    status: ProfileStatus;
    profileComplete: boolean;
    /** Onboarding is incomplete until the review step is reached. */
    onboardingComplete: boolean;
    /** The first wizard step under 100 percent, when one is. */
    firstIncompleteStep: string | null;
  } | null;
}

export const routes = {
  login: '/',
  signup: '/signup',
  forgotPassword: '/forgotPassword',
  resetPassword: '/reset-password',
  loginOptions: '/login-options',
  oneTimeRequest: '/login-one-time-request',
  dashboard: '/dashboard',
  profileAbout: '/profile/about',
  profileEdit: '/profile/edit',
  profilePublic: '/profile/public',
  profileReview: '/profile/review',
  profileExperience: '/profile/experience',
  profileInterests: '/profile/interests',
  profileSeeking: '/profile/seeking',
  profileEnrichment: '/profile/enrichment',
  expertCommunity: '/expert-community',
  ventureCommunity: '/venture-community',
  myNetwork: '/my-network',
  admin: '/admin',
  adminMailbox: '/admin/mailbox',
} as const;

/** Routes a signed-out person may see; any other path sends them to the login with `redirect`. */
export const loggedOutRoutes: readonly string[] = [
  routes.login,
  routes.signup,
  routes.forgotPassword,
  routes.resetPassword,
  routes.loginOptions,
  routes.oneTimeRequest,
];

export function isLoggedOutRoute(pathname: string): boolean {
  return loggedOutRoutes.includes(pathname) || pathname.startsWith(`${routes.signup}/`);
}

const companyRedirects = [
  routes.profileEdit,
  routes.profilePublic,
  routes.dashboard,
  routes.expertCommunity,
  routes.ventureCommunity,
  routes.myNetwork,
];
const expertRedirects = [routes.profileReview];

function underAny(pathname: string, bases: readonly string[]): boolean {
  return bases.some((base) => pathname === base || pathname.startsWith(`${base}/`));
}

/** A same-site relative path: starts with one slash, no scheme, no protocol-relative `//`, no backslash. */
export function isSafeRelativePath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') && !/[\t\r\n]/.test(path);
}

/** Decodes a `redirect` query value; null when it is missing, malformed or not a safe relative path. */
export function decodeRedirect(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return isSafeRelativePath(decoded) ? decoded : null;
}

/** Whether a post-login redirect is honoured for this viewer (spec 001 §6). */
export function isRedirectAllowed(viewer: Viewer, path: string): boolean {
  if (!isSafeRelativePath(path)) return false;
  const pathname = path.split(/[?#]/)[0]!;
  if (viewer.isAdmin && underAny(pathname, [routes.admin])) return true;
  if (viewer.kind === 'company') return underAny(pathname, companyRedirects);
  if (viewer.kind === 'expert') return underAny(pathname, expertRedirects);
  return false;
}

/** Whether the viewer may see other members yet (domain read-access.ts): verified and published, pending or paused. */
export function mayReadMembers(viewer: Viewer): boolean {
  return canReadMembers({
    isAdmin: viewer.isAdmin,
    kind: viewer.kind,
    emailVerified: viewer.emailVerified,
    status: viewer.profile?.status ?? null,
  });
}

/**
 * Where a member who may not see other members yet can finish what is missing: the first wizard step under
 * 100 % while onboarding, else the review step (the e-mail code, then publish or submit). A member whose profile
 * the team unpublished goes to their own profile page, which says so.
 */
export function setupPath(viewer: Viewer): string {
  const profile = viewer.profile;
  if (!profile) return routes.profileAbout;
  if (profile.status === 'disabled') return routes.profilePublic;
  if (!profile.onboardingComplete) return profile.firstIncompleteStep ?? routes.profileAbout;
  return routes.profileReview;
}

/**
 * Where a person lands after signing in when no redirect applies (spec 000 §2). **Deliberate:** a company that
 * may not see other members yet (a new sign-up) lands where it can complete its profile, not on an empty
 * dashboard.
 */
export function landingPath(viewer: Viewer): string {
  if (viewer.kind === 'company') return mayReadMembers(viewer) ? routes.dashboard : setupPath(viewer);
  if (viewer.kind === 'expert')
    return viewer.profile?.profileComplete ? routes.profileReview : routes.profileAbout;
  if (viewer.isAdmin) return routes.adminMailbox;
  return routes.profileAbout;
}

/** The post-login target: the decoded redirect when allowed for the role, else the landing. */
export function afterLoginPath(viewer: Viewer, redirect: string | null | undefined): string {
  const decoded = decodeRedirect(redirect);
  return decoded && isRedirectAllowed(viewer, decoded) ? decoded : landingPath(viewer);
}

/** Where an unknown path sends a signed-in person (DESIGN.md §4). */
export function unknownPathTarget(viewer: Viewer): string {
  if (!viewer.kind) return viewer.isAdmin ? routes.adminMailbox : routes.profileAbout;
  if (!mayReadMembers(viewer)) return setupPath(viewer);
  const profile = viewer.profile;
  if (!profile?.onboardingComplete) return profile?.firstIncompleteStep ?? routes.profileAbout;
  if (viewer.kind === 'expert' && profile.profileComplete && profile.status !== 'published') {
    return routes.profileReview;
  }
  return routes.dashboard;
}

/** The header shows its links only with a verified e-mail and a published, pending or paused profile. */
export function hasHeaderAccess(viewer: Viewer): boolean {
  if (viewer.isAdmin && !viewer.kind) return true;
  if (!viewer.emailVerified || !viewer.profile) return false;
  return ['published', 'pending', 'paused'].includes(viewer.profile.status);
}

/** Where the header's Profile link goes: the public view when complete, otherwise the editor. */
export function profileLinkPath(viewer: Viewer): string {
  return viewer.profile?.profileComplete ? routes.profilePublic : routes.profileEdit;
}
