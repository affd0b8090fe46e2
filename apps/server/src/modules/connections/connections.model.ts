import type { ConnectionBuckets, ConnectionRequest } from '@intergen/contracts';
import type { CompanyMatchFacets, ExpertMatchFacets, ProfileType } from '@intergen/domain';
import { toMillis } from '../../lib/time.ts';
import { explanationOf, toProfileCard } from '../matching/index.ts';
import type { Counterpart } from '../members/index.ts';
import { roleIn } from './connections.policy.ts';
import type { ListedRequestRow } from './connections.repository.ts';

/** A request as one side sees it: the request with the other side's card, facets and contact details. */
export interface RequestWithCounterpart extends Pick<Counterpart, 'card' | 'facets' | 'contact'> {
  request: ListedRequestRow;
}

/** The caller as the views see them: their id, side and facets (for "why this match"). */
export interface ViewingMember {
  id: string;
  side: ProfileType;
  facets: ExpertMatchFacets | CompanyMatchFacets;
}

/** Whether the member on `side` has reviewed the other side of the request. */
export function hasReviewed(r: ListedRequestRow, side: ProfileType): boolean {
  return side === 'expert' ? r.expertCompletedSurvey : r.companyCompletedSurvey;
}

/** Whether the member on `side` closed the connection without a review (their prompt ended). */
export function hasClosed(r: ListedRequestRow, side: ProfileType): boolean {
  return (side === 'expert' ? r.expertClosedOn : r.companyClosedOn) !== null;
}

/**
 * A request as one of its parties sees it (the contract's ConnectionRequest):
 * - the sender never sees whether the recipient denied or dismissed it (the decline dialog promises "They
 *   cannot see that you have declined the request"): both flags read false for the sender;
 * - of the two ratings, a member sees only the one they gave, not the one given to them;
 * - the counterpart's contact details only once the request is accepted.
 */
export function toRequestView(
  row: RequestWithCounterpart,
  me: ViewingMember,
  { explain = true }: { explain?: boolean } = {},
): ConnectionRequest {
  const r = row.request;
  const sent = roleIn(me.id, r) === 'sender';
  const other: ProfileType = me.side === 'expert' ? 'company' : 'expert';
  // Contact details are shared once the request is accepted (domain read-access.ts: connected parties).
  const showContact = r.accepted;
  return {
    id: r.id,
    expertId: r.expertId,
    companyId: r.companyId,
    requestedBy: r.requestedBy,
    direction: sent ? 'sent' : 'received',
    message: r.message,
    seen: r.seen,
    notInterested: sent ? false : r.notInterested,
    accepted: r.accepted,
    dismissed: sent ? false : r.dismissed,
    closed: r.closed,
    reviewClosed: hasClosed(r, me.side),
    isPending: r.isPending,
    requestSentAt: r.requestSentAt.getTime(),
    connectedOn: toMillis(r.connectedOn),
    closedOn: toMillis(r.closedOn),
    expertCompletedSurvey: r.expertCompletedSurvey,
    companyCompletedSurvey: r.companyCompletedSurvey,
    // The company's rating of the expert, and the expert's of the company: each visible to its author only.
    expertRating: me.side === 'company' ? r.expertRating : null,
    ventureRating: me.side === 'expert' ? r.ventureRating : null,
    counterpart: toProfileCard(other, row.card),
    contact:
      showContact && row.contact?.email
        ? {
            email: row.contact.email,
            phone: row.contact.phone ?? null,
            linkedin: row.contact.linkedin ?? null,
            jobTitle: row.contact.jobTitle ?? null,
          }
        : null,
    explanation: !explain
      ? null
      : me.side === 'expert'
        ? explanationOf(me.facets as ExpertMatchFacets, row.facets as CompanyMatchFacets)
        : explanationOf(row.facets as ExpertMatchFacets, me.facets as CompanyMatchFacets),
  };
}

/**
 * Sorts a member's requests into the buckets of spec 000 §4, from the member's side:
 * - `received`: open requests sent to them (not accepted, denied or dismissed; a company never sees an
 *   expert's request held for approval);
 * - `sent`: their requests not accepted yet (a denial or dismissal stays invisible to them, see above);
 * - `unrated`: connections (accepted) they have neither reviewed nor closed themselves;
 * - `rated`: connections they have reviewed, or that they closed without a review (spec: "Closing a review
 *   without submitting closes the request as not rated"), so their review prompt stops but the connection stays
 *   listed. The other party's close does not move it: each party ends only their own prompt.
 * Rows come newest request first; connections are ordered by when they were made, newest first. Only the received
 * requests carry "why this match" (their cards show it, to help decide); on the others it is null, not computed.
 */
export function toBuckets(
  rows: RequestWithCounterpart[],
  me: ViewingMember,
): Omit<ConnectionBuckets, 'surveyFormUrl'> {
  const buckets: Omit<ConnectionBuckets, 'surveyFormUrl'> = {
    received: [],
    sent: [],
    unrated: [],
    rated: [],
  };
  const connections: RequestWithCounterpart[] = [];
  for (const row of rows) {
    const r = row.request;
    const role = roleIn(me.id, r);
    if (!role) continue;
    if (r.accepted) connections.push(row);
    else if (role === 'sender') buckets.sent.push(toRequestView(row, me, { explain: false }));
    else if (!r.notInterested && !r.dismissed) buckets.received.push(toRequestView(row, me));
  }
  connections.sort(
    (a, b) => (b.request.connectedOn?.getTime() ?? 0) - (a.request.connectedOn?.getTime() ?? 0),
  );
  for (const row of connections) {
    const done = hasReviewed(row.request, me.side) || hasClosed(row.request, me.side);
    (done ? buckets.rated : buckets.unrated).push(toRequestView(row, me, { explain: false }));
  }
  return buckets;
}
