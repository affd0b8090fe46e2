import type { OwnProfile, ProfileView } from '@intergen/contracts';
import { displayedRating } from '@intergen/domain';

/** The labels of the ticked flags, in the enumeration's display order. */
export function flagLabels<C extends string>(
  flags: Partial<Record<C, boolean>> | null | undefined,
  enumeration: { codes: readonly C[]; labels: Record<C, string> },
): string[] {
  if (!flags) return [];
  return enumeration.codes.filter((code) => flags[code] === true).map((code) => enumeration.labels[code]);
}

/**
 * The owner's (or an admin's) full profile in the shape of a profile page: the stored values, the contact
 * details the owner always sees, and the rating as others see it (from 5 reviews, to the nearest half star).
 */
export function ownProfileToView(own: OwnProfile, { isOwn = true }: { isOwn?: boolean } = {}): ProfileView {
  const {
    phone,
    linkedin,
    jobTitle,
    interGenData: _interGenData,
    ...data
  } = own.data as OwnProfile['data'] & { jobTitle?: string | null };
  return {
    id: own.id,
    kind: own.kind,
    name: own.name,
    isOwn,
    status: own.status,
    isVerified: own.isVerified,
    data: data as ProfileView['data'],
    contact: {
      email: own.email,
      phone: phone ?? null,
      linkedin: linkedin ?? null,
      jobTitle: jobTitle ?? null,
    },
    rating: displayedRating(own.averageRating, own.numberOfRatings),
    publishDate: own.publishDate,
  };
}
