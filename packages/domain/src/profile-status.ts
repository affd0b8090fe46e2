/** Profile status, derived in the spec's priority order (spec 000 §4). */
export const profileStatuses = [
  'published',
  'pending',
  'paused',
  'inactive',
  'disabled',
  'complete',
  'incomplete',
] as const;
export type ProfileStatus = (typeof profileStatuses)[number];

export interface ProfileStatusFields {
  profilePublished: boolean;
  profilePending: boolean;
  profileComplete: boolean;
  pausedDate: number | null;
  deactivatedDate: number | null;
  disableReason: string | null;
}

/** Published, then pending, then paused (pause date set and not published), inactive, disabled, complete. */
export function deriveProfileStatus(p: ProfileStatusFields): ProfileStatus {
  if (p.profilePublished) return 'published';
  if (p.profilePending) return 'pending';
  if (p.pausedDate != null) return 'paused';
  if (p.deactivatedDate != null) return 'inactive';
  if (p.disableReason) return 'disabled';
  if (p.profileComplete) return 'complete';
  return 'incomplete';
}

/**
 * Where an expert's profile stands for the privacy wording: public only when published and not private (an
 * unpublished profile is in no Community, whatever its setting).
 */
export type PrivacyState = 'public' | 'private' | 'unpublished';

export function privacyStateOf(profile: { private: boolean; profilePublished: boolean }): PrivacyState {
  if (profile.private) return 'private';
  return profile.profilePublished ? 'public' : 'unpublished';
}
