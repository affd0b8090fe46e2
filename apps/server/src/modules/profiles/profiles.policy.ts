import type { ProfileType } from '@intergen/domain';

/**
 * Who may read what of a profile (DESIGN.md §2: access is derived, never stored as reader lists). The spec's
 * `allowedReaders` (a suggestion or a request adds each side to the other's readers, acceptance shares contact
 * info, cancelling takes the request's access away) is computed here from the relationships that exist now, so
 * nothing has to be granted or revoked: a cancelled request simply no longer exists.
 */

export interface Viewer {
  id: string;
  isAdmin: boolean;
}

export interface ReadableProfile {
  id: string;
  kind: ProfileType;
  profilePublished: boolean;
  private: boolean;
}

/** What ties the viewer to a profile's owner (read by `findRelationship` in the repository). */
export interface Relationship {
  /** They are the two sides of a match suggestion (and so maybe of a connection request). */
  matched: boolean;
  /** They are the two sides of an accepted connection request. */
  connected: boolean;
}

export const noRelationship: Relationship = { matched: false, connected: false };

/**
 * A profile is readable by its owner, by admins, by the other party of any suggestion or request between them
 * (even while unpublished or private), and by any signed-in member once it is published — for an expert only
 * while it is not private (private hides it from the community).
 */
export function canReadProfile(
  viewer: Viewer,
  profile: ReadableProfile,
  relationship: Relationship = noRelationship,
): boolean {
  if (viewer.id === profile.id || viewer.isAdmin) return true;
  if (relationship.matched || relationship.connected) return true;
  if (!profile.profilePublished) return false;
  return !(profile.kind === 'expert' && profile.private);
}

/**
 * Contact details (e-mail, phone, LinkedIn, job title) go only to the owner, admins and the other party of an
 * accepted connection request (spec 001 §6).
 */
export function canSeeContact(
  viewer: Viewer,
  profileOwnerId: string,
  relationship: Relationship = noRelationship,
): boolean {
  return viewer.id === profileOwnerId || viewer.isAdmin || relationship.connected;
}
