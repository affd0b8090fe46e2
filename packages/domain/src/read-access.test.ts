import { describe, expect, it } from 'vitest';
import type { ProfileStatus } from './profile-status.ts';
import {
  type AccessTarget,
  type AccessViewer,
  communityLists,
  type MemberRelationship,
  noRelationship,
  profileAccess,
  readScope,
} from './read-access.ts';

const member = (over: Partial<AccessViewer> = {}): AccessViewer => ({
  isAdmin: false,
  kind: 'expert',
  emailVerified: true,
  status: 'published',
  ...over,
});
const target = (over: Partial<AccessTarget> = {}): AccessTarget => ({
  id: 'x',
  kind: 'company',
  published: true,
  private: false,
  gone: false,
  ...over,
});
const shared: MemberRelationship = { shared: true, connected: false };
const connected: MemberRelationship = { shared: true, connected: true };

const access = (
  viewer: AccessViewer,
  t: AccessTarget,
  relationship: MemberRelationship = noRelationship,
  communityTab = true,
) => profileAccess({ viewerId: 'v', viewer, target: t, relationship, communityTab });

describe('readScope', () => {
  it.each([
    ['expert', 'published', 'community'],
    ['company', 'published', 'community'],
    ['expert', 'pending', 'related'],
    ['expert', 'paused', 'related'],
    ['company', 'paused', 'related'],
    ['company', 'pending', 'none'],
    ['expert', 'complete', 'none'],
    ['company', 'incomplete', 'none'],
    ['expert', 'disabled', 'none'],
    ['company', 'inactive', 'none'],
  ] as const)('gives a verified %s whose profile is %s the scope %s', (kind, status, scope) => {
    expect(readScope(member({ kind, status: status as ProfileStatus }))).toBe(scope);
  });

  it('gives nothing to an unverified member, even published, or to a user without a profile', () => {
    expect(readScope(member({ emailVerified: false }))).toBe('none');
    expect(readScope(member({ kind: null, status: null }))).toBe('none');
  });

  it('gives an admin everything, profile or not', () => {
    expect(readScope(member({ isAdmin: true, kind: null, status: null }))).toBe('all');
    expect(readScope(member({ isAdmin: true, status: 'incomplete' }))).toBe('all');
  });
});

describe('communityLists', () => {
  it('opens both communities to a published expert and only the expert community to a company', () => {
    expect(communityLists(member({ kind: 'expert' }), true)).toEqual(['experts', 'ventures']);
    expect(communityLists(member({ kind: 'company' }), true)).toEqual(['experts']);
  });

  it('opens nothing while the flag is off, or to a pending, paused or unverified member', () => {
    expect(communityLists(member(), false)).toEqual([]);
    expect(communityLists(member({ status: 'pending' }), true)).toEqual([]);
    expect(communityLists(member({ status: 'paused' }), true)).toEqual([]);
    expect(communityLists(member({ emailVerified: false }), true)).toEqual([]);
  });
});

describe('profileAccess', () => {
  it('gives the owner and admins everything', () => {
    expect(
      profileAccess({
        viewerId: 'x',
        viewer: member(),
        target: target(),
        relationship: noRelationship,
        communityTab: false,
      }),
    ).toBe('full');
    expect(access(member({ isAdmin: true, kind: null, status: null }), target({ published: false }))).toBe(
      'full',
    );
  });

  it('gives a viewer who may read no member nothing, whatever ties them', () => {
    expect(access(member({ emailVerified: false }), target(), connected)).toBe('none');
    expect(access(member({ status: 'incomplete' }), target(), shared)).toBe('none');
  });

  it('gives the parties of a suggestion or request the profile, and connected parties the contact too', () => {
    const unpublished = target({ published: false });
    expect(access(member({ status: 'pending' }), unpublished, shared, false)).toBe('profile');
    expect(access(member({ status: 'paused' }), target({ kind: 'expert', private: true }), shared)).toBe(
      'profile',
    );
    expect(access(member(), unpublished, connected, false)).toBe('contact');
  });

  it('lets the community show published, public profiles of the lists the viewer may load', () => {
    expect(access(member({ kind: 'expert' }), target({ kind: 'company' }))).toBe('profile');
    expect(access(member({ kind: 'expert' }), target({ kind: 'expert' }))).toBe('profile');
    expect(access(member({ kind: 'company' }), target({ kind: 'expert' }))).toBe('profile');
  });

  it('hides a member who is gone (disabled, deactivated, unpublished by the team) from everyone but admins', () => {
    const gone = target({ published: false, gone: true });
    expect(access(member(), gone, connected)).toBe('none');
    expect(access(member({ status: 'paused' }), gone, shared)).toBe('none');
    expect(access(member({ isAdmin: true }), gone)).toBe('full');
  });

  it('never lets a company read another company without a tie', () => {
    expect(access(member({ kind: 'company' }), target({ kind: 'company' }))).toBe('none');
  });

  it('hides private experts, unpublished profiles, and everything while the flag is off', () => {
    expect(access(member(), target({ kind: 'expert', private: true }))).toBe('none');
    expect(access(member(), target({ published: false }))).toBe('none');
    expect(access(member(), target(), noRelationship, false)).toBe('none');
    expect(access(member({ status: 'pending' }), target())).toBe('none');
  });
});
