import type { SessionUser } from '@intergen/contracts';
import {
  afterLoginPath,
  isLoggedOutRoute,
  landingPath,
  mayReadMembers,
  type ProfileType,
  routes,
  setupPath,
  unknownPathTarget,
} from '@intergen/domain';

/**
 * Who may open a route:
 * - `guest`: the login and sign-up; a signed-in person goes to their landing;
 * - `public`: the other signed-out screens (password, one-time links), open to anyone;
 * - `member`: a signed-in expert or company (optionally only some kinds); with `readsMembers`, a page of other
 *   members' data (dashboard, networks, communities), which a member who may not see other members yet
 *   (unverified, profile not published) leaves for where they can finish their profile;
 * - `admin`: a signed-in admin;
 * - `unknown`: the catch-all.
 */
type RouteAccess = 'guest' | 'public' | 'member' | 'admin' | 'unknown';

export interface RouteHandle {
  access: RouteAccess;
  kinds?: readonly ProfileType[];
  readsMembers?: boolean;
  /** A profile modal over its parent page (`/dashboard/:profileId`): entering or leaving it keeps the scroll. */
  overlay?: boolean;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'access' in value;
}

interface AccessInput {
  user: SessionUser | null;
  pathname: string;
  search: string;
  handle: RouteHandle;
  /** The login was reached by signing out; the session is being cleared. */
  signingOut?: boolean;
}

/** Where the router sends this person instead of the requested page, or null to show the page (spec 000 §2). */
export function accessRedirect(input: AccessInput): string | null {
  const { pathname, search } = input;
  const target = computeTarget(input);
  // Never redirect to the page being shown (a person without a kind on a member page, for instance).
  return target === null || target === pathname || target === pathname + search ? null : target;
}

function computeTarget({ user, pathname, search, handle, signingOut }: AccessInput): string | null {
  if (!user) {
    if (isLoggedOutRoute(pathname)) return null;
    return `${routes.login}?redirect=${encodeURIComponent(pathname + search)}`;
  }
  switch (handle.access) {
    case 'guest':
      if (signingOut) return null;
      return pathname === routes.login
        ? afterLoginPath(user, new URLSearchParams(search).get('redirect'))
        : landingPath(user);
    case 'public':
      return null;
    case 'member':
      if (!user.kind || (handle.kinds && !handle.kinds.includes(user.kind))) return unknownPathTarget(user);
      if (handle.readsMembers && !mayReadMembers(user)) return setupPath(user);
      return null;
    case 'admin':
      return user.isAdmin ? null : unknownPathTarget(user);
    default:
      return unknownPathTarget(user);
  }
}
