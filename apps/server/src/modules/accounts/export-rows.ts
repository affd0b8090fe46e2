import type { AccountExport, ExportCounterpart } from '@intergen/contracts';
import type { MemberRequestRow } from '../connections/index.ts';
import type { MemberSuggestionRow } from '../matching/index.ts';
import type { MemberNetworkRow } from '../network/index.ts';

/** What the export may show of the other member a row names (null: nothing). */
type View = (id: string | null) => ExportCounterpart;

const time = (d: Date | null) => (d ? d.getTime() : null);

/** The member's suggestions: the counterpart, and the member's own flags only. */
export function suggestionsView(
  me: string,
  rows: readonly MemberSuggestionRow[],
  view: View,
): AccountExport['suggestions'] {
  return rows.map((s) => {
    const isExpert = s.expertId === me;
    return {
      id: s.id,
      counterpart: view(isExpert ? s.companyId : s.expertId),
      createdAt: s.createdAt.getTime(),
      position: s.position,
      requestSent: s.requestSent,
      requestSentAt: time(s.requestSentAt),
      dismissed: isExpert ? s.notInterested : s.notInterestedByCompany,
    };
  });
}

/**
 * The member's connection requests as their side sees them: the recipient's answers only to the recipient (the
 * sender is never told of a denial or a dismissal), the member's own close, survey, rating and comment.
 */
export function requestsView(
  me: string,
  rows: readonly MemberRequestRow[],
  view: View,
): AccountExport['connectionRequests'] {
  return rows.map((r) => {
    const isExpert = r.expertId === me;
    const sent = (r.requestedBy === 'expert') === isExpert;
    return {
      id: r.id,
      direction: sent ? ('sent' as const) : ('received' as const),
      counterpart: view(isExpert ? r.companyId : r.expertId),
      message: r.message,
      requestSentAt: r.requestSentAt.getTime(),
      isPending: r.isPending,
      accepted: r.accepted,
      connectedOn: time(r.connectedOn),
      ...(sent ? {} : { seen: r.seen, declined: r.notInterested, dismissed: r.dismissed }),
      closedOn: time(isExpert ? r.expertClosedOn : r.companyClosedOn),
      surveyCompleted: isExpert ? r.expertCompletedSurvey : r.companyCompletedSurvey,
      // `venture_rating` is the expert's rating of the company, `expert_rating` the company's of the expert.
      rating: isExpert ? r.ventureRating : r.expertRating,
      comment: isExpert ? r.expertComment : r.companyComment,
    };
  });
}

/** The member's My Network requests; an initiator is not told that theirs was declined (it simply ended). */
export function networkRequestsView(
  me: string,
  rows: readonly MemberNetworkRow[],
  view: View,
): AccountExport['networkRequests'] {
  return rows.map((n) => {
    const sent = n.initiatorId === me;
    return {
      id: n.id,
      direction: sent ? ('sent' as const) : ('received' as const),
      counterpart: view(sent ? n.recipientId : n.initiatorId),
      status: sent && n.status === 'declined' ? 'ended' : n.status,
      companyName: n.companyName,
      requestedAt: n.requestedAt.getTime(),
      respondedAt: time(n.respondedAt),
      connectedOn: time(n.connectedOn),
    };
  });
}
