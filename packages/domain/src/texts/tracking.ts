/**
 * Tracking: the analytics events the dashboard reports, VIEW_PROFILE_FROM_CARD and DISMISS_CARD among them
 * (spec 001 §7, the tracking queue). The messages of an event that lacks what its type needs are ours.
 */
export const trackingTexts = {
  targetRequired: 'A target is required for this event',
  tabRequired: 'A tab is required for this event',
} as const;
