import type { AdminMemberActivity, AdminRequestState } from '@intergen/contracts';
import { messages } from '@intergen/domain';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { lastSignInAt } from '../auth/index.ts';
import { type MemberRequestRow, requestsOfMember } from '../connections/index.ts';
import { crmRecordsOfMember } from '../crm/index.ts';
import { suggestionsOfMember } from '../matching/index.ts';
import { findProfile, findUserById, memberLabels } from '../members/index.ts';
import { adminNetworkState, networkRequestsOfMember } from '../network/index.ts';

/** How many of each list the member's admin page shows, newest first. */
export const activityListLength = 20;

/** A connection request's state as the admin's requests list tells it (contracts' `adminRequestStates`). */
function requestState(r: MemberRequestRow): AdminRequestState {
  if (r.closed) return 'closed';
  if (r.accepted) return 'connected';
  if (r.notInterested) return 'declined';
  if (r.dismissed) return 'dismissed';
  if (r.isPending) return 'held';
  return 'open';
}

const newestFirst = <T>(rows: readonly T[], at: (row: T) => number) =>
  [...rows].sort((a, b) => at(b) - at(a)).slice(0, activityListLength);

/**
 * One member as the admin's member page shows them: their dates, suggestions, connection requests, My Network
 * requests (an expert's; a company has none) and CRM deals, through the same reads as the member's data export.
 * 404 for an unknown member.
 */
export async function memberActivity(ex: Executor, memberId: string): Promise<AdminMemberActivity> {
  const user = await findUserById(ex, memberId);
  const profile = user && (await findProfile(ex, user));
  if (!profile) throw new AppError('NOT_FOUND', messages.notFound);
  const suggestions = await suggestionsOfMember(ex, memberId);
  const requests = await requestsOfMember(ex, memberId);
  const network = profile.kind === 'expert' ? await networkRequestsOfMember(ex, memberId) : null;
  const { deals } = await crmRecordsOfMember(ex, memberId);
  const signedIn = await lastSignInAt(ex, memberId);
  const otherOf = (r: { expertId: string; companyId: string }) =>
    r.expertId === memberId ? r.companyId : r.expertId;
  const labels = await memberLabels(ex, [
    ...suggestions.map(otherOf),
    ...requests.map(otherOf),
    ...(network ?? []).flatMap((n) => [
      n.initiatorId === memberId ? n.recipientId : n.initiatorId,
      ...(n.viaCompanyId ? [n.viaCompanyId] : []),
    ]),
    ...deals.map((d) => d.otherMemberId),
  ]);
  const counterpart = (id: string) => ({ id, name: labels.get(id)?.name ?? null });
  const senderId = (r: MemberRequestRow) => (r.requestedBy === 'expert' ? r.expertId : r.companyId);
  const ms = (d: Date | null) => (d ? d.getTime() : null);
  return {
    dates: {
      signedUp: profile.createdAt.getTime(),
      emailVerified: profile.emailVerified,
      emailVerifiedAt: profile.emailVerified ? ms(user.emailVerifiedAt) : null,
      published: ms(profile.publishDate),
      lastSignIn: ms(signedIn),
      paused: ms(profile.pausedDate),
      deactivated: ms(profile.deactivatedDate),
      disabled: ms(profile.disabledDate),
    },
    suggestions: newestFirst(suggestions, (s) => s.createdAt.getTime()).map((s) => ({
      id: s.id,
      counterpart: counterpart(otherOf(s)),
      createdAt: s.createdAt.getTime(),
      requestSent: s.requestSent,
      notInterested: s.notInterested,
    })),
    requests: newestFirst(requests, (r) => r.requestSentAt.getTime()).map((r) => ({
      id: r.id,
      direction: senderId(r) === memberId ? ('sent' as const) : ('received' as const),
      state: requestState(r),
      counterpart: counterpart(otherOf(r)),
      sentAt: r.requestSentAt.getTime(),
    })),
    networkRequests:
      network &&
      newestFirst(network, (n) => n.requestedAt.getTime()).map((n) => {
        const sent = n.initiatorId === memberId;
        return {
          id: n.id,
          direction: sent ? ('sent' as const) : ('received' as const),
          state: adminNetworkState(n.status),
          counterpart: counterpart(sent ? n.recipientId : n.initiatorId),
          // The company as it is named now, else as the request recorded it.
          via: n.viaCompanyId
            ? { id: n.viaCompanyId, name: labels.get(n.viaCompanyId)?.name ?? n.companyName }
            : null,
          sentAt: n.requestedAt.getTime(),
        };
      }),
    deals: newestFirst(deals, (d) => d.updatedAt.getTime()).map((d) => ({
      id: d.id,
      pipeline: d.pipeline,
      stage: d.stage,
      lostReason: d.lostReason,
      counterpart: counterpart(d.otherMemberId),
      updatedAt: d.updatedAt.getTime(),
    })),
  };
}
