import { limits } from './constants.ts';
/**
 * Connection requests and reviews: the spec's messages verbatim (001 §5, §7), our texts for the states the spec
 * leaves unnamed, the CRM lost reasons (000 §4) and the rating rule (001 §9).
 */
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

/** Who sent a connection request, in the spec's words (`venture` is a company). */
export type RequesterKind = 'expert' | 'venture';

/** The CRM deal's lost reasons (spec 000 §4), carried by the events that abandon a deal. */
export const dealLostReasons = [
  'expert_cancelled_request_to_venture',
  'venture_cancelled_request_to_expert',
  'expert_declined_venture_recommendation',
  'venture_declined_expert_recommendation',
  'expert_declined_request_from_venture',
  'venture_declined_request_from_expert',
] as const;
export type DealLostReason = (typeof dealLostReasons)[number];

/** The lost reason when the sender takes a request back. */
export function cancelLostReason(requestedBy: RequesterKind): DealLostReason {
  return requestedBy === 'expert'
    ? 'expert_cancelled_request_to_venture'
    : 'venture_cancelled_request_to_expert';
}

/** The lost reason when the recipient denies or dismisses a request (the sender's kind names the request). */
export function declineLostReason(requestedBy: RequesterKind): DealLostReason {
  return requestedBy === 'expert'
    ? 'venture_declined_request_from_expert'
    : 'expert_declined_request_from_venture';
}

/**
 * A profile's rating after one more review: the true running mean `(average × count + rating) / (count + 1)`
 * and `count + 1`. The spec writes "(old average plus new rating) / (count plus 1)", which equals this mean only
 * while count ≤ 1; we keep the mean it names (docs/ARCHITECTURE.md, Connections).
 */
export function addRating(
  current: { average: number; count: number },
  rating: number,
): { average: number; count: number } {
  const count = Math.max(0, current.count);
  return { average: (current.average * count + rating) / (count + 1), count: count + 1 };
}

/** Settings key of the hosted survey forms per role: `{ expert?: url, company?: url }` (DESIGN.md §4). */
export const surveyFormsSettingKey = 'surveyForms';
