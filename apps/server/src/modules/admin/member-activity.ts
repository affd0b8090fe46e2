import type { AdminMemberActivity, AdminRequestState } from '@intergen/contracts';
import { messages } from '@intergen/domain';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { lastSignInAt } from '../auth/index.ts';
import { type MemberRequestRow, requestsOfMember } from '../connections/index.ts';
import { crmRecordsOfMember } from '../crm/index.ts';
import { suggestionsOfMember } from '../matching/index.ts';
import { findProfile, memberLabels } from '../members/index.ts';

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
 * One member as the admin's member page shows them: their dates, suggestions, connection requests and CRM
 * deals, through the same reads as the member's data export. 404 for an unknown member.
 */
export async function memberActivity(ex: Executor, memberId: string): Promise<AdminMemberActivity> {
  const profile = await findProfile(ex, memberId);
  if (!profile) throw new AppError('NOT_FOUND', messages.notFound);
  const suggestions = await suggestionsOfMember(ex, memberId);
  const requests = await requestsOfMember(ex, memberId);
  const { deals } = await crmRecordsOfMember(ex, memberId);
  const signedIn = await lastSignInAt(ex, memberId);
  const otherOf = (r: { expertId: string; companyId: string }) =>
    r.expertId === memberId ? r.companyId : r.expertId;
  const labels = await memberLabels(ex, [
    ...suggestions.map(otherOf),
    ...requests.map(otherOf),
    ...deals.map((d) => d.otherMemberId),
  ]);
  const counterpart = (id: string) => ({ id, name: labels.get(id)?.name ?? null });
  const senderId = (r: MemberRequestRow) => (r.requestedBy === 'expert' ? r.expertId : r.companyId);
  const ms = (d: Date | null) => (d ? d.getTime() : null);
  return {
    dates: {
      signedUp: profile.createdAt.getTime(),
      emailVerified: profile.emailVerified,
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
