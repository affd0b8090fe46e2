import type { ProfileType } from '@intergen/domain';

/**
 * Who may read what of a profile (DESIGN.md §2: access is derived, never stored as reader lists). The
 * connections issue extends these rules with the other party of a suggestion or request.
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

/**
 * A profile is readable by its owner, by admins, and by any signed-in member once it is published — for an
 * expert only while it is not private (private hides it from the community).
 */
export function canReadProfile(viewer: Viewer, profile: ReadableProfile): boolean {
  if (viewer.id === profile.id || viewer.isAdmin) return true;
  if (!profile.profilePublished) return false;
  return !(profile.kind === 'expert' && profile.private);
}

/** Contact details (e-mail, phone, LinkedIn, job title) go only to the owner and admins for now. */
export function canSeeContact(viewer: Viewer, profileOwnerId: string): boolean {
  return viewer.id === profileOwnerId || viewer.isAdmin;
}
