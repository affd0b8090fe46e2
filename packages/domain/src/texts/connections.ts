import type { ProfileType } from '../accounts.ts';
import { limits } from '../constants.ts';

/**
 * Connections: connection requests and their answers, the connections that follow, reviews after a meeting and
 * meeting invites (spec 000 §2, Account dialogs and banners and the empty states; spec 001 §5 Connection and
 * deal rules, §7 invites, §8 Behaviour on failure; DESIGN.md §4 for reviews and invites).
 */

/** The errors of sending and answering a request (spec 001 §5 and §7 verbatim where marked; the rest ours). */
export const connectionTexts = {
  /** A message over the spec's limit (the spec shows no text; ours). */
  messageTooLong: `Your message can be at most ${limits.connectMessageMax} characters.`,
  /** An expert sends without a suggestion of theirs (spec 001 §5, verbatim). */
  noSuggestionForExpert: 'Cannot send a connection request to a company unless there is a match suggestion!',
  /** A company sends without a suggestion of theirs (spec 001 §5, verbatim, "a expert" included). */
  noSuggestionForCompany: 'Cannot send a connection request to a expert unless there is a match suggestion!',
  /** Accept, close and survey need the request's match suggestion (spec 001 §5, verbatim). */
  originalSuggestionMissing: 'Cannot find original match suggestion',
  /** A meeting invite without both e-mail addresses (spec 001 §7, verbatim). */
  invalidEmail: 'Invalid Email',
  requestNotFound: 'Connection request not found',
  counterpartUnavailable:
    'This member is not available for connection requests right now. Please try again later.',
  senderNotPublished: 'Your profile must be published before you can send connection requests.',
  onlyRecipient: 'Only the member who received this connection request can answer it.',
  onlySender: 'Only the member who sent this connection request can cancel it.',
  requestWithdrawn: 'This connection request has been withdrawn.',
  alreadyAccepted: 'This connection request has already been accepted.',
  notOpen: 'This connection request has already been answered.',
  notConnected: 'This connection request has not been accepted yet.',
  surveyAlreadySubmitted: 'You have already reviewed this connection.',
} as const;

/**
 * The connect dialog, the request cards and lists, and the banners of a sent or accepted request (spec 000 §2
 * and 001 §8 verbatim where marked; the rest ours).
 */
export const connectionRequestTexts = {
  // Spec 000 §2 (Account dialogs and banners; the empty states) and 001 §8
  connectTitle: (name: string) => `Connect with ${name}?`,
  somethingWentWrong: 'Something went wrong!',
  contactOurTeam: 'Contact our team',
  declineBody: (name: string) =>
    `This will remove the connection request from ${name}. They cannot see that you have declined the request.`,
  decline: 'Decline',
  remove: 'Remove',
  clearFromDashboard: 'Clear from dashboard',
  requestSent: 'Request Sent',
  markedNotInterested: 'Marked as not interested',
  acceptedBanner: 'You have accepted a connection request',
  noPendingRequests: 'No pending requests',
  youHaveNoConnections: 'You have no connections',
  // Ours
  connect: 'Connect',
  send: 'Send',
  accept: 'Accept',
  cancelRequest: 'Cancel request',
  connected: 'Connected',
  /** On an expert's or a venture's profile with no match suggestion between the two: why there is no Connect. */
  connectNeedsSuggestion: 'You can request a connection once InterGen suggests this match.',
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
  contactDetails: 'Contact details',
  loading: 'Loading your connection requests',
  loadFailed: 'Your connection requests could not be loaded.',
} as const;

/** The review prompt and dialog after a meeting (spec 000 §2 verbatim where marked; DESIGN.md §4). */
export const reviewTexts = {
  // Spec 000 §2 (Account dialogs and banners; the empty states)
  reviewPrompt: 'Did you meet with your new connections?',
  leaveReview: 'Leave a Review',
  complete: 'Complete',
  rateExperience: 'Rate experience',
  /** The counterpart's name to copy into the survey: IBA Name for an expert, Venture Name for a company. */
  counterpartLabel: { expert: 'IBA Name', company: 'Venture Name' } satisfies Record<ProfileType, string>,
  surveySubmitted: 'I have submitted the survey above',
  rating: 'Rating',
  allReviewsComplete: 'All reviews complete',
  // Ours
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
  ratedLabel: (stars: number) => `You rated ${stars} out of 5`,
  /** A star of the rating input, read as its value. */
  starLabel: (value: number) => `${value} out of 5`,
  reviewFailed: (message: string) => `Your review could not be saved: ${message}`,
  /** The review dialog's explicit close: the connection is closed as not rated (for the member only). */
  closeWithoutRating: 'Close without rating',
  reviewPromptHint: 'Rate each new connection, or choose Complete to close it without a rating.',
  /** The prompt lists the first few connections; the rest behind this button. */
  showAllWaiting: (count: number) => `Show all ${count}`,
  showFewerWaiting: 'Show fewer',
  closeFailed: (message: string) => `The connection could not be closed: ${message}`,
} as const;

/** The meeting invite's buttons (DESIGN.md §4; ours). The links are made in `meeting-invites.ts`. */
export const meetingInviteTexts = {
  meetingInvites: 'Schedule a meeting',
  googleCalendar: 'Google Calendar',
  outlook: 'Outlook',
  downloadIcs: 'Download invite (.ics)',
} as const;

/** The invite's title: both members' names. */
export function meetingTitle(firstName: string, secondName: string): string {
  return `InterGen: ${firstName} and ${secondName}`;
}

/** The invite's description: who meets, and that the proposed time is only a placeholder. */
export function meetingDetails(firstName: string, secondName: string): string {
  return `${firstName} and ${secondName} are connected on InterGen.\nThe time is only a suggestion: move the meeting to a time that suits you both.`;
}
