import type { ProfileType } from './accounts.ts';
import type { ProfileStatus } from './profile-status.ts';

/**
 * Who may read which member data (spec 001 §6, DESIGN.md §2 "Access is derived"). One table, used by the server
 * to decide and by the web app to route; the server is the one that enforces it.
 *
 * | Viewer V                                                        | may read of another member X              |
 * |-----------------------------------------------------------------|-------------------------------------------|
 * | admin                                                           | everything                                |
 * | e-mail unverified, or profile not published / pending / paused  | nothing                                   |
 * | paused, or an expert awaiting approval (`related`)              | X's profile when they share a suggestion,  |
 * |                                                                 | request, connection or network relation    |
 * | published (`community`)                                         | as `related`, and through the community    |
 * |                                                                 | (flag on): X published, not a private      |
 * |                                                                 | expert, and never a company for a company |
 * | any of the above, connected to X                                | X's contact details as well               |
 * | any member, when X disabled their account, was deactivated or     | nothing: X is gone from the platform      |
 * | was unpublished by the team                                       |                                           |
 *
 * X's `interGenData` (how they heard of us) and the reasons and dates of a pause or disable are never read by
 * another member.
 */

/** How far a viewer may read other members' data. */
export type ReadScope = 'all' | 'community' | 'related' | 'none';

/** The viewer as the access rules see them. */
export interface AccessViewer {
  isAdmin: boolean;
  kind: ProfileType | null;
  emailVerified: boolean;
  /** The viewer's own profile status; null without a profile. */
  status: ProfileStatus | null;
}

/** A viewer's read scope: nothing until verified and published (or pending, for experts, or paused). */
export function readScope(viewer: AccessViewer): ReadScope {
  if (viewer.isAdmin) return 'all';
  if (!viewer.kind || !viewer.emailVerified || !viewer.status) return 'none';
  if (viewer.status === 'published') return 'community';
  if (viewer.status === 'paused') return 'related';
  if (viewer.status === 'pending' && viewer.kind === 'expert') return 'related';
  return 'none';
}

/** Whether the viewer may read any other member's data at all (the dashboard, networks, profiles). */
export function canReadMembers(viewer: AccessViewer): boolean {
  return readScope(viewer) !== 'none';
}

/** What ties a viewer to another member now. */
export interface MemberRelationship {
  /** They share a match suggestion, a connection request, or a My Network request. */
  shared: boolean;
  /** Their connection request, or their My Network request, was accepted. */
  connected: boolean;
}

export const noRelationship: MemberRelationship = { shared: false, connected: false };

/** The member being read, as the rules see them. */
export interface AccessTarget {
  id: string;
  kind: ProfileType;
  published: boolean;
  private: boolean;
  /** Disabled by themselves, deactivated or unpublished by the team: gone from the platform for other members. */
  gone: boolean;
}

/** What a viewer may read of one member: nothing, the profile, the profile with contact details, or all. */
export type ProfileAccess = 'none' | 'profile' | 'contact' | 'full';

/** The community lists (spec 000 §2): the expert community and the venture community. */
export type CommunityList = 'experts' | 'ventures';

/**
 * The community lists a viewer may load: none while the flag is off or the viewer is not published (a pending
 * expert included); an expert both, a company the expert community only (companies never see venture data).
 */
export function communityLists(viewer: AccessViewer, communityTab: boolean): readonly CommunityList[] {
  if (!communityTab || readScope(viewer) !== 'community') return [];
  return viewer.kind === 'expert' ? ['experts', 'ventures'] : ['experts'];
}

/** Whether `target` shows in a community list the viewer may load. */
function inViewersCommunity(viewer: AccessViewer, target: AccessTarget, communityTab: boolean): boolean {
  if (!target.published || (target.kind === 'expert' && target.private)) return false;
  return communityLists(viewer, communityTab).includes(target.kind === 'expert' ? 'experts' : 'ventures');
}

/** What `viewer` (whose id is `viewerId`) may read of `target`, given their relationship and the flag. */
export function profileAccess(input: {
  viewerId: string;
  viewer: AccessViewer;
  target: AccessTarget;
  relationship: MemberRelationship;
  communityTab: boolean;
}): ProfileAccess {
  const { viewerId, viewer, target, relationship, communityTab } = input;
  if (viewerId === target.id || viewer.isAdmin) return 'full';
  if (readScope(viewer) === 'none' || target.gone) return 'none';
  if (relationship.connected) return 'contact';
  if (relationship.shared) return 'profile';
  return inViewersCommunity(viewer, target, communityTab) ? 'profile' : 'none';
}
