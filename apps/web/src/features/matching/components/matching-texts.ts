import type { ProfileType } from '@intergen/domain';

/**
 * The recommendations' words. Spec texts are verbatim (spec 000 §2: `Clear from dashboard`, the `Remove`
 * confirmation, `That's all for now`; spec 001 §6: companies see Recommended Advisors); the rest are ours.
 */
export const matchingUiTexts = {
  // Spec 000 §2 and 001 §6
  recommendedHeading: {
    company: 'Recommended Advisors',
    expert: 'Recommended Ventures',
  } satisfies Record<ProfileType, string>,
  clearFromDashboard: 'Clear from dashboard',
  remove: 'Remove',
  emptyTitle: "That's all for now",
  viewProfile: 'View Profile',
  // Ours
  emptyDescription: {
    company: 'New business advisors will appear here as we find good matches for your company.',
    expert: 'New scaling companies will appear here as we find good matches for you.',
  } satisfies Record<ProfileType, string>,
  clearTitle: 'Clear from dashboard?',
  clearBody: (name: string) => `${name} will no longer appear in your recommended connections.`,
  cancel: 'Cancel',
  clearFailed: (name: string, message: string) => `${name} could not be cleared: ${message}`,
  loading: 'Loading your recommendations',
  loadFailed: 'Your recommendations could not be loaded.',
  tryAgain: 'Try again',
  whyThisMatch: 'Why this match',
  whyThisMatchFor: (name: string) => `Why this match: ${name}`,
  score: (score: number) => `Match score: ${score} out of 100`,
  strongMatch: 'Strong match',
  points: (points: number, weight: number) => `${points} of ${weight} points`,
  shared: (label: string) => `In common for ${label}`,
  industries: 'Industries',
  areas: { company: 'Needs', expert: 'Expertise' } satisfies Record<ProfileType, string>,
  more: (count: number) => `+${count} more`,
  rating: (stars: number, count: number) => `Rated ${stars} out of 5 from ${count} reviews`,
} as const;
