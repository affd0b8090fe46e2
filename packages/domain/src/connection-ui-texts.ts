import type { ProfileType } from './accounts.ts';
import { limits } from './constants.ts';

/**
 * The words of the dashboard, the connect dialog, the request cards and the review dialog (spec 000 §2, 001
 * §5/§8/§9). Spec texts are verbatim and marked; the rest are ours.
 */
export const connectionUiTexts = {
  // Spec 000 §2 (Account dialogs and banners) and 001 §8
  connectTitle: (name: string) => `Connect with ${name}?`,
  somethingWentWrong: 'Something went wrong!',
  dismiss: 'Dismiss',
  contactOurTeam: 'Contact our team',
  declineBody: (name: string) =>
    `This will remove the connection request from ${name}. They cannot see that you have declined the request.`,
  decline: 'Decline',
  remove: 'Remove',
  clearFromDashboard: 'Clear from dashboard',
  requestSent: 'Request Sent',
  markedNotInterested: 'Marked as not interested',
  acceptedBanner: 'You have accepted a connection request',
  reviewPrompt: 'Did you meet with your new connections?',
  leaveReview: 'Leave a Review',
  complete: 'Complete',
  rateExperience: 'Rate experience',
  ibaName: 'IBA Name',
  ventureName: 'Venture Name',
  surveySubmitted: 'I have submitted the survey above',
  done: 'Done',
  rating: 'Rating',
  // Ours
  connect: 'Connect',
  send: 'Send',
  cancel: 'Cancel',
  accept: 'Accept',
  viewProfile: 'View Profile',
  cardRating: (stars: number, count: number) => `Rated ${stars} out of 5 from ${count} reviews`,
  cancelRequest: 'Cancel request',
  connected: 'Connected',
  messageLabel: 'Message (optional)',
  messageDescription: (name: string) => `Tell ${name} why you would like to connect.`,
  messageCounter: (length: number) => `${length}/${limits.connectMessageMax} characters`,
  sendFailed: (name: string) =>
    `Your connection request to ${name} could not be sent. Please try again in a moment; if it keeps failing, our team will help.`,
  sendTimedOut: 'The request took too long to answer.',
  errorDetail: (message: string) => `Error: ${message}`,
  supportSubject: (name: string) => `Connection request to ${name} failed`,
  supportBody: (name: string, error: string) =>
    `Hello InterGen team,\n\nI tried to send a connection request to ${name}, but it failed with this error:\n${error}\n\nCould you help?\n`,
  pendingBanner: (name: string) =>
    `Your connection request to ${name} has been sent. We will let you know when they answer.`,
  declineTitle: 'Decline connection request?',
  clearTitle: 'Clear from dashboard?',
  removeSuggestionBody: (name: string) => `${name} will no longer appear in your recommended connections.`,
  clearRequestBody: (name: string) =>
    `The connection request from ${name} will be removed from your dashboard.`,
  actionFailed: (message: string) => `That did not work: ${message}`,
  receivedHeading: 'Connection Requests',
  sentHeading: 'Sent Requests',
  connectionsHeading: 'Your Connections',
  requestMessage: 'Their message',
  yourMessage: 'Your message',
  noMessage: 'No message was added.',
  sentOn: (date: string) => `Sent ${date}`,
  connectedOn: (date: string) => `Connected ${date}`,
  loading: 'Loading your connection requests',
  loadFailed: 'Your connection requests could not be loaded.',
  tryAgain: 'Try again',
  close: 'Close',
  // Review dialog (DESIGN.md §4)
  reviewTitle: (name: string) => `Review ${name}`,
  reviewIntro: {
    form: 'Tell us how your meeting went in the survey below, then rate the connection.',
    noForm: 'Tell us how your meeting went: rate the connection and add a comment if you like.',
  },
  surveyFrameTitle: 'Connection survey',
  yourEmail: 'Your E-mail',
  copy: 'Copy',
  copied: 'Copied',
  copyValue: (label: string) => `Copy ${label}`,
  comment: 'Comment (optional)',
  counterpartLabel: { expert: 'IBA Name', company: 'Venture Name' } satisfies Record<ProfileType, string>,
  ratedLabel: (stars: number) => `You rated ${stars} out of 5`,
  /** A star of the rating input, read as its value. */
  starLabel: (value: number) => `${value} out of 5`,
  reviewFailed: (message: string) => `Your review could not be saved: ${message}`,
  /** The review dialog's explicit close: the connection is closed as not rated (for the member only). */
  closeWithoutRating: 'Close without rating',
  reviewPromptHint: 'Rate each new connection, or choose Complete to close it without a rating.',
  closeFailed: (message: string) => `The connection could not be closed: ${message}`,
  // Meeting invites (DESIGN.md §4)
  meetingInvites: 'Schedule a meeting',
  googleCalendar: 'Google Calendar',
  outlook: 'Outlook',
  downloadIcs: 'Download invite (.ics)',
  contactDetails: 'Contact details',
} as const;

/** The empty states of spec 000 §2 / 001 §8, verbatim. */
export const emptyStates = {
  thatsAllForNow: "That's all for now",
  youveAddedEveryone: "You've added everyone",
  thatsEveryoneForNow: "That's everyone for now",
  noPendingRequests: 'No pending requests',
  youHaveNoConnections: 'You have no connections',
  allReviewsComplete: 'All reviews complete',
} as const;

/** The interface timings of spec 001 §9 (and the send timeout). */
export const connectionTimings = {
  /** A send that has not answered after this long fails with the `Something went wrong!` dialog. */
  sendRequestTimeoutMs: 10_000,
  /** The pending banner clears after this long, and the sent suggestion leaves the recommendations. */
  pendingBannerMs: 5000,
  /** After an accept is answered, the loader waits at most this long for the refreshed lists. */
  acceptLoadingMs: 1000,
  /** A declined or cleared card fades out for this long before it is removed. */
  listRemovalMs: 500,
} as const;

/**
 * How many cards a dashboard carousel shows side by side for a window `width` px wide (spec 001 §9): 1 below
 * 650, 2 from 650, 3 from 930, and 4 from 1234 only when the community-tab flag is on (else at most 3).
 */
export function carouselSlidesPerView(width: number, communityTab: boolean): number {
  if (width >= 1234 && communityTab) return 4;
  if (width >= 930) return 3;
  if (width >= 650) return 2;
  return 1;
}

/**
 * The version-change welcome popup (spec 000 §2): shown once per browser (`newChangesPopupStorageKey`), and
 * only to members who were published before this version came out. A member who joined since has seen the app
 * as it is and has nothing to be told about (the wizard also marks the popup seen after verification).
 */
export const newChangesPopup = {
  releasedAt: Date.UTC(2026, 10, 23),
  title: 'Welcome to the new InterGen',
  intro: 'We have rebuilt InterGen to make connecting easier. Here is what is new:',
  items: [
    'Every recommendation shows a match score and why you were matched.',
    'Connection requests arrive on your dashboard as they are sent, without reloading the page.',
    'After you meet a new connection you can leave a review and add the meeting to your calendar.',
  ],
  button: 'Got it',
} as const;

/** Whether the version-change popup is due for a member published at `publishDate` (null: never published). */
export function newChangesPopupDue(publishDate: number | null, alreadySeen: boolean): boolean {
  if (alreadySeen || publishDate === null) return false;
  return publishDate < newChangesPopup.releasedAt;
}
