import { describe, expect, it } from 'vitest';
import { buildUser, newProfile } from '../test/render';
import { accessRedirect, type RouteHandle } from './access';

const member: RouteHandle = { access: 'member' };
const company = buildUser({
  kind: 'company',
  profile: newProfile(),
});
const newExpert = buildUser({
  profile: newProfile(),
});

describe('the routing rules', () => {
  it('sends a signed-out person to the login with the original path and query', () => {
    expect(
      accessRedirect({ user: null, pathname: '/my-network', search: '?section=Requests', handle: member }),
    ).toBe('/?redirect=%2Fmy-network%3Fsection%3DRequests');
    expect(
      accessRedirect({ user: null, pathname: '/nowhere', search: '', handle: { access: 'unknown' } }),
    ).toBe('/?redirect=%2Fnowhere');
  });

  it('lets a signed-out person see the signed-out screens', () => {
    for (const pathname of ['/', '/signup', '/forgotPassword', '/reset-password', '/login-options']) {
      expect(accessRedirect({ user: null, pathname, search: '', handle: { access: 'public' } })).toBeNull();
    }
  });

  it('sends a signed-in person from the login to the allowed redirect or the landing', () => {
    const guest: RouteHandle = { access: 'guest' };
    expect(
      accessRedirect({ user: company, pathname: '/', search: '?redirect=%2Fmy-network', handle: guest }),
    ).toBe('/my-network');
    expect(
      accessRedirect({ user: newExpert, pathname: '/', search: '?redirect=%2Fdashboard', handle: guest }),
    ).toBe('/profile/about');
    // A company that has just signed up lands where it can complete its profile, not on an empty dashboard.
    expect(accessRedirect({ user: company, pathname: '/signup', search: '', handle: guest })).toBe(
      '/profile/about',
    );
    expect(
      accessRedirect({
        user: buildUser({ kind: 'company' }),
        pathname: '/signup',
        search: '',
        handle: guest,
      }),
    ).toBe('/dashboard');
  });

  it('sends a member who may not see other members yet from their pages to where they finish their profile', () => {
    const membersPage: RouteHandle = { access: 'member', readsMembers: true };
    const unverified = buildUser({ kind: 'company', emailVerified: false });
    const reviewed = buildUser({
      kind: 'company',
      profile: {
        status: 'complete',
        profileComplete: true,
        onboardingComplete: true,
        firstIncompleteStep: null,
      },
    });
    for (const pathname of ['/dashboard', '/my-network', '/expert-community', '/dashboard/abc']) {
      expect(accessRedirect({ user: company, pathname, search: '', handle: membersPage }), pathname).toBe(
        '/profile/about',
      );
      expect(accessRedirect({ user: unverified, pathname, search: '', handle: membersPage })).toBe(
        '/profile/review',
      );
      expect(accessRedirect({ user: reviewed, pathname, search: '', handle: membersPage })).toBe(
        '/profile/review',
      );
      expect(accessRedirect({ user: buildUser(), pathname, search: '', handle: membersPage })).toBeNull();
    }
    // Their own pages stay open to them.
    expect(
      accessRedirect({ user: company, pathname: '/profile/edit', search: '', handle: member }),
    ).toBeNull();
  });

  it('sends a signed-in person on an unknown path to the computed target', () => {
    expect(
      accessRedirect({ user: newExpert, pathname: '/x', search: '', handle: { access: 'unknown' } }),
    ).toBe('/profile/about');
  });

  it('keeps the admin pages for admins and the wizard steps for their kind', () => {
    const admin: RouteHandle = { access: 'admin' };
    expect(accessRedirect({ user: company, pathname: '/admin/mailbox', search: '', handle: admin })).toBe(
      '/profile/about',
    );
    expect(
      accessRedirect({
        user: buildUser({ isAdmin: true }),
        pathname: '/admin/mailbox',
        search: '',
        handle: admin,
      }),
    ).toBeNull();
    const expertOnly: RouteHandle = { access: 'member', kinds: ['expert'] };
    expect(
      accessRedirect({ user: company, pathname: '/profile/experience', search: '', handle: expertOnly }),
    ).toBe('/profile/about');
  });

  it('never redirects a page to itself', () => {
    expect(
      accessRedirect({ user: newExpert, pathname: '/profile/about', search: '', handle: member }),
    ).toBeNull();
  });
});
