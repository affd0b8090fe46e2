import { connectionUiTexts, emptyStates, type ProfileType } from '@intergen/domain';

/**
 * The recommendations' words. Spec texts come from the domain package (`Clear from dashboard`, the `Remove`
 * confirmation, `That's all for now`); spec 001 §6: companies see Recommended Advisors. The rest are ours.
 */
export const matchingUiTexts = {
  // Spec 000 §2 and 001 §6
  recommendedHeading: {
    company: 'Recommended Advisors',
    expert: 'Recommended Ventures',
  } satisfies Record<ProfileType, string>,
  clearFromDashboard: connectionUiTexts.clearFromDashboard,
  remove: connectionUiTexts.remove,
  emptyTitle: emptyStates.thatsAllForNow,
  // Ours
  emptyDescription: {
    company: 'New business advisors will appear here as we find good matches for your company.',
    expert: 'New scaling companies will appear here as we find good matches for you.',
  } satisfies Record<ProfileType, string>,
  clearTitle: connectionUiTexts.clearTitle,
  clearBody: connectionUiTexts.removeSuggestionBody,
  cancel: connectionUiTexts.cancel,
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
  rating: connectionUiTexts.cardRating,
} as const;
