import type { OwnProfile, ProfileView } from '@intergen/contracts';
import {
  completion,
  displayedRating,
  type ProfileData,
  type ProfileType,
  ruleErrors,
  sectionErrors,
  sectionIds,
} from '@intergen/domain';
import { toMillis } from '../../lib/time.ts';
import { type StoredProfile, statusOf, withPending } from '../members/index.ts';

/**
 * The sections that keep a profile from being complete, each with its first problem: a section under 100 % or
 * with a wrong value. Empty when the profile may be published.
 */
export function incompleteSections(
  kind: ProfileType,
  data: ProfileData,
): { path: string; message: string }[] {
  const percent = completion(kind, data).sections;
  return sectionIds.flatMap((section) => {
    const errors = Object.values(sectionErrors(kind, section, data, { requireAll: true })).filter(
      (m): m is string => !!m,
    );
    if (percent[section] === 100 && errors.length === 0) return [];
    return [{ path: section, message: errors[0] ?? `${percent[section]}%` }];
  });
}

/** Complete: every required field filled (100 %) and no field rule broken. */
export function isComplete(kind: ProfileType, data: ProfileData): boolean {
  return incompleteSections(kind, data).length === 0;
}

/** A published company whose profile was last updated more than a year ago is asked to confirm its figures. */
export function needsAnnualConfirmation(p: StoredProfile, now: Date): boolean {
  if (p.kind !== 'company' || !p.profilePublished) return false;
  const yearAgo = new Date(now);
  yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
  return p.updatedAt.getTime() < yearAgo.getTime();
}

/** The owner's (or an admin's) full view of a profile. */
export function toOwnProfile(p: StoredProfile, now: Date = new Date()): OwnProfile {
  return {
    id: p.id,
    kind: p.kind,
    name: p.name,
    email: p.email,
    emailVerified: p.emailVerified,
    status: statusOf(p),
    data: p.data,
    pendingChanges: p.tempData && Object.keys(p.tempData).length > 0 ? { ...p.tempData } : null,
    completion: completion(p.kind, withPending(p)),
    fieldErrors: Object.entries(ruleErrors(p.kind, withPending(p))).flatMap(([path, message]) =>
      message ? [{ path, message }] : [],
    ),
    profileComplete: p.profileComplete,
    onboardingComplete: p.onboardingComplete,
    profilePending: p.profilePending,
    profilePublished: p.profilePublished,
    publishDate: toMillis(p.publishDate),
    pausedDate: toMillis(p.pausedDate),
    pauseReason: p.pauseReason,
    deactivatedDate: toMillis(p.deactivatedDate),
    disableReason: p.disableReason,
    hasEmailVerificationCode: p.hasEmailVerificationCode,
    hasBeenWelcomed: p.hasBeenWelcomed,
    gettingStartedDismissed: p.gettingStartedDismissed,
    isVerified: p.isVerified,
    private: p.private,
    averageRating: p.averageRating,
    numberOfRatings: p.numberOfRatings,
    updatedAt: p.updatedAt.getTime(),
    needsAnnualConfirmation: needsAnnualConfirmation(p, now),
  };
}

/**
 * What a viewer sees of a profile: the stored (published) values without contact details and without how the
 * member heard of us, and the contact details (e-mail, phone, LinkedIn, job title) only when `showContact`
 * (decided by the read-access rules).
 */
export function toProfileView(p: StoredProfile, viewerId: string, showContact: boolean): ProfileView {
  const {
    phone,
    linkedin,
    jobTitle,
    interGenData: _interGenData,
    ...data
  } = p.data as ProfileData & { jobTitle?: string | null };
  return {
    id: p.id,
    kind: p.kind,
    name: p.name,
    isOwn: p.id === viewerId,
    status: statusOf(p),
    isVerified: p.isVerified,
    data: data as ProfileView['data'],
    contact: showContact
      ? {
          email: p.contactEmail,
          phone: phone ?? null,
          linkedin: linkedin ?? null,
          jobTitle: jobTitle ?? null,
        }
      : null,
    rating: displayedRating(p.averageRating, p.numberOfRatings),
    publishDate: toMillis(p.publishDate),
  };
}
