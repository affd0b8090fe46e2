import { describe, expect, it } from 'vitest';
import type { ProfileStatus } from './profile-status.ts';
import {
  afterLoginPath,
  decodeRedirect,
  hasHeaderAccess,
  isRedirectAllowed,
  landingPath,
  mayReadMembers,
  routes,
  setupPath,
  unknownPathTarget,
  type Viewer,
} from './routing.ts';

function viewer(over: Partial<Viewer> & { status?: ProfileStatus; complete?: boolean } = {}): Viewer {
  const { status = 'incomplete', complete = false, ...rest } = over;
  return {
    kind: 'company',
    isAdmin: false,
    emailVerified: true,
    profile: { status, profileComplete: complete, onboardingComplete: true, firstIncompleteStep: null },
    ...rest,
  };
}

const company = viewer({ kind: 'company', status: 'published', complete: true });
const newCompany = viewer({
  kind: 'company',
  emailVerified: false,
  profile: {
    status: 'incomplete',
    profileComplete: false,
    onboardingComplete: false,
    firstIncompleteStep: null,
  },
});
const expert = viewer({ kind: 'expert' });
const completeExpert = viewer({ kind: 'expert', complete: true, status: 'complete' });
const admin = viewer({ kind: null, isAdmin: true, profile: null });

describe('decodeRedirect', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['%2Fdashboard', '/dashboard'],
    ['%2Fmy-network%3Ftab%3Dpending', '/my-network?tab=pending'],
  ])('decodes %j to %j', (raw, expected) => {
    expect(decodeRedirect(raw)).toBe(expected);
  });

  it.each([null, undefined, ''])('gives null for a missing value (%j)', (raw) => {
    expect(decodeRedirect(raw)).toBeNull();
  });

  it.each([
    '//evil.com',
    '%2F%2Fevil.com',
    'https://evil',
    'https%3A%2F%2Fevil',
    '/\\evil',
    '%2F%5Cevil.com',
    'javascript:alert(1)',
    'dashboard',
    '/x%0D%0ASet-Cookie:%20a=b',
  ])('refuses %j, which could leave the site', (raw) => {
    expect(decodeRedirect(raw)).toBeNull();
  });

  it('refuses a path with a tab that browsers strip into a protocol-relative //host', () => {
    // The URL parser removes tabs and newlines, so "/\t/evil.com" navigates to //evil.com.
    expect(decodeRedirect('/%09/evil.com')).toBeNull();
  });

  it('gives null for a malformed percent-encoding instead of throwing', () => {
    expect(decodeRedirect('%E0%A4%A')).toBeNull();
  });
});

describe('isRedirectAllowed', () => {
  it.each([
    routes.myNetwork,
    '/dashboard',
    '/dashboard/abc',
    '/dashboard?tab=requests',
    routes.ventureCommunity,
    routes.expertCommunity,
    routes.profileEdit,
    routes.profilePublic,
  ])('lets a company go to %s', (path) => {
    expect(isRedirectAllowed(company, path)).toBe(true);
  });

  it.each([routes.profileAbout, routes.profileReview, '/dashboardx', '/admin/mailbox', '//evil.com'])(
    'keeps a company away from %s',
    (path) => {
      expect(isRedirectAllowed(company, path)).toBe(false);
    },
  );

  it('lets an expert go only to /profile/review', () => {
    expect(isRedirectAllowed(expert, routes.profileReview)).toBe(true);
    expect(isRedirectAllowed(expert, `${routes.profileReview}?step=1`)).toBe(true);
    for (const path of [
      routes.dashboard,
      routes.myNetwork,
      routes.expertCommunity,
      routes.ventureCommunity,
      routes.profileEdit,
      routes.profilePublic,
      routes.profileAbout,
    ]) {
      expect(isRedirectAllowed(expert, path), path).toBe(false);
    }
  });

  it('lets an admin go to the admin pages, and no one else', () => {
    expect(isRedirectAllowed(admin, routes.adminMailbox)).toBe(true);
    expect(isRedirectAllowed(company, routes.adminMailbox)).toBe(false);
    expect(isRedirectAllowed(expert, routes.admin)).toBe(false);
  });

  it('honours nothing for a user with no profile kind who is not an admin', () => {
    const nobody = viewer({ kind: null, profile: null });
    expect(isRedirectAllowed(nobody, routes.dashboard)).toBe(false);
    expect(isRedirectAllowed(nobody, routes.profileReview)).toBe(false);
  });
});

describe('afterLoginPath', () => {
  it('follows an allowed, encoded redirect', () => {
    expect(afterLoginPath(company, '%2Fmy-network')).toBe('/my-network');
    expect(afterLoginPath(expert, '/profile/review')).toBe('/profile/review');
  });

  it('sends a company to the dashboard when the redirect is missing, refused or unsafe', () => {
    expect(afterLoginPath(company, null)).toBe(routes.dashboard);
    expect(afterLoginPath(company, '/profile/about')).toBe(routes.dashboard);
    expect(afterLoginPath(company, '//evil.com')).toBe(routes.dashboard);
    expect(afterLoginPath(company, '%E0%A4%A')).toBe(routes.dashboard);
  });

  it('sends an expert to /profile/about, or to /profile/review once the profile is complete', () => {
    expect(afterLoginPath(expert, null)).toBe(routes.profileAbout);
    expect(afterLoginPath(expert, '/dashboard')).toBe(routes.profileAbout);
    expect(afterLoginPath(completeExpert, '/dashboard')).toBe(routes.profileReview);
  });

  it('sends an admin without a profile to the mailbox', () => {
    expect(afterLoginPath(admin, undefined)).toBe(routes.adminMailbox);
  });
});

describe('unknownPathTarget', () => {
  it('sends an admin without a profile to the mailbox and any other kind-less user to /profile/about', () => {
    expect(unknownPathTarget(admin)).toBe(routes.adminMailbox);
    expect(unknownPathTarget(viewer({ kind: null, profile: null }))).toBe(routes.profileAbout);
  });

  it('sends someone still onboarding to the first incomplete wizard step', () => {
    const onboarding = viewer({
      kind: 'expert',
      profile: {
        status: 'incomplete',
        profileComplete: false,
        onboardingComplete: false,
        firstIncompleteStep: '/profile/experience',
      },
    });
    expect(unknownPathTarget(onboarding)).toBe('/profile/experience');
  });

  it('falls back to /profile/about while onboarding with no incomplete step known', () => {
    const onboarding = viewer({
      profile: {
        status: 'incomplete',
        profileComplete: false,
        onboardingComplete: false,
        firstIncompleteStep: null,
      },
    });
    expect(unknownPathTarget(onboarding)).toBe(routes.profileAbout);
    expect(unknownPathTarget(viewer({ kind: 'company', profile: null }))).toBe(routes.profileAbout);
  });

  it('sends an expert with a complete but unpublished profile to /profile/review', () => {
    expect(unknownPathTarget(viewer({ kind: 'expert', complete: true, status: 'pending' }))).toBe(
      routes.profileReview,
    );
    expect(unknownPathTarget(completeExpert)).toBe(routes.profileReview);
  });

  it('sends a member who may see other members to the dashboard', () => {
    expect(unknownPathTarget(viewer({ kind: 'expert', complete: true, status: 'published' }))).toBe(
      routes.dashboard,
    );
    for (const status of ['published', 'paused'] as const) {
      expect(unknownPathTarget(viewer({ kind: 'company', complete: true, status }))).toBe(routes.dashboard);
    }
  });

  it('sends a member who may not see other members yet to where they finish their profile', () => {
    expect(unknownPathTarget(viewer({ kind: 'company', complete: true, status: 'complete' }))).toBe(
      routes.profileReview,
    );
    expect(unknownPathTarget(viewer({ kind: 'expert', complete: false, status: 'incomplete' }))).toBe(
      routes.profileReview,
    );
    expect(unknownPathTarget(viewer({ kind: 'company', status: 'published', emailVerified: false }))).toBe(
      routes.profileReview,
    );
    expect(unknownPathTarget(newCompany)).toBe(routes.profileAbout);
  });
});

describe('mayReadMembers and setupPath', () => {
  it('lets a verified member with a published, pending (expert) or paused profile see other members', () => {
    expect(mayReadMembers(viewer({ kind: 'expert', status: 'published' }))).toBe(true);
    expect(mayReadMembers(viewer({ kind: 'expert', status: 'pending' }))).toBe(true);
    expect(mayReadMembers(viewer({ kind: 'company', status: 'paused' }))).toBe(true);
    expect(mayReadMembers(admin)).toBe(true);
  });

  it.each(['complete', 'incomplete', 'disabled', 'inactive'] as const)(
    'keeps a %s profile from other members',
    (status) => {
      expect(mayReadMembers(viewer({ kind: 'expert', status }))).toBe(false);
    },
  );

  it('keeps an unverified member from other members, whatever the profile', () => {
    expect(mayReadMembers(viewer({ kind: 'company', status: 'published', emailVerified: false }))).toBe(
      false,
    );
    expect(mayReadMembers(newCompany)).toBe(false);
  });

  it('sends a member to the first incomplete step, the review step, or (unpublished by the team) their page', () => {
    expect(
      setupPath(
        viewer({
          profile: {
            status: 'incomplete',
            profileComplete: false,
            onboardingComplete: false,
            firstIncompleteStep: '/profile/seeking',
          },
        }),
      ),
    ).toBe('/profile/seeking');
    expect(setupPath(newCompany)).toBe(routes.profileAbout);
    expect(setupPath(viewer({ status: 'complete', complete: true }))).toBe(routes.profileReview);
    expect(setupPath(viewer({ status: 'disabled', complete: true }))).toBe(routes.profilePublic);
    expect(setupPath(viewer({ profile: null }))).toBe(routes.profileAbout);
  });
});

describe('landingPath', () => {
  it('lands a company that may see other members on the dashboard, a new one in its wizard', () => {
    expect(landingPath(company)).toBe(routes.dashboard);
    expect(landingPath(newCompany)).toBe(routes.profileAbout);
    expect(landingPath(viewer({ kind: 'company', status: 'complete', complete: true }))).toBe(
      routes.profileReview,
    );
  });
});

describe('hasHeaderAccess', () => {
  it.each(['published', 'pending', 'paused'] as const)(
    'is granted with a verified e-mail and a %s profile',
    (status) => {
      expect(hasHeaderAccess(viewer({ status }))).toBe(true);
    },
  );

  it.each(['inactive', 'disabled', 'complete', 'incomplete'] as const)(
    'is refused for a %s profile',
    (status) => {
      expect(hasHeaderAccess(viewer({ status }))).toBe(false);
    },
  );

  it('is refused with an unverified e-mail even when published', () => {
    expect(hasHeaderAccess(viewer({ status: 'published', emailVerified: false }))).toBe(false);
  });

  it('is refused for a member without a profile', () => {
    expect(hasHeaderAccess(viewer({ profile: null }))).toBe(false);
  });

  it('is granted to an admin without a profile, while an admin member follows the member rules', () => {
    expect(hasHeaderAccess(admin)).toBe(true);
    expect(hasHeaderAccess(viewer({ isAdmin: true, status: 'incomplete' }))).toBe(false);
  });
});
