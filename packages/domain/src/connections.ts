/**
 * Connections beyond their words (texts/connections.ts): the CRM deal's lost reasons (spec 000 §4), the rating
 * rules (spec 001 §9) and the survey forms' setting.
 */

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

/** Ratings show from 5 reviews, rounded to the nearest half star (spec 000 §2, Profile pages). */
export function displayedRating(average: number, count: number): { stars: number; count: number } | null {
  if (count < 5) return null;
  return { stars: Math.round(average * 2) / 2, count };
}
