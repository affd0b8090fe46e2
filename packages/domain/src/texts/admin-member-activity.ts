/**
 * A member's activity on their admin page: dates, suggestions, requests, My Network requests and CRM deals. An
 * admin tool: the spec quotes none of these words.
 */
export const adminMemberActivityTexts = {
  datesTitle: 'Dates',
  signedUp: 'Signed up',
  emailVerified: 'E-mail verified',
  /** Verified, on a day not known (verified before the day was kept). */
  emailVerifiedYes: 'Yes',
  emailVerifiedNo: 'Not yet',
  published: 'Published',
  lastSignIn: 'Last sign-in',
  paused: 'Paused',
  deactivated: 'Deactivated',
  disabled: 'Disabled',
  suggestionsTitle: 'Suggestions',
  suggestionsEmpty: 'No suggestions yet.',
  allSuggestions: 'All suggestions',
  suggestedOn: (date: string) => `Suggested ${date}`,
  requestSent: 'Request sent',
  notInterested: 'Not interested',
  requestsTitle: 'Requests',
  requestsEmpty: 'No requests sent or received.',
  allRequests: 'All requests',
  sentTo: 'Sent to',
  receivedFrom: 'Received from',
  networkTitle: 'My Network requests',
  networkEmpty: 'No My Network requests sent or received.',
  allNetworkRequests: 'All My Network requests',
  /** Before the shared company a My Network request came through. */
  through: 'through',
  dealsTitle: 'CRM deals',
  dealsEmpty: 'No CRM deals.',
  allDeals: 'CRM',
  lostReason: (reason: string) => `Lost: ${reason}`,
  unknownMember: 'A former member',
  loadFailed: 'The member’s activity could not be loaded.',
} as const;
