/**
 * A member's activity on their admin page: dates, suggestions, requests and CRM deals. An admin tool: the spec
 * quotes none of these words.
 */
export const adminMemberActivityTexts = {
  datesTitle: 'Dates',
  signedUp: 'Signed up',
  emailVerified: 'E-mail verified',
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
  dealsTitle: 'CRM deals',
  dealsEmpty: 'No CRM deals.',
  allDeals: 'CRM',
  lostReason: (reason: string) => `Lost: ${reason}`,
  unknownMember: 'A former member',
  loadFailed: 'The member’s activity could not be loaded.',
} as const;
