import type { AdminMemberActivity } from '@intergen/contracts';
import { messages } from '@intergen/domain';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { readMemberActivity } from './member-activity.read-model.ts';
import { connectionStateOf, networkStateOfStatus } from './record-states.ts';

/** How many of each list the member's admin page shows, newest first. */
export const activityListLength = 20;

const newestFirst = <T>(rows: readonly T[], at: (row: T) => number) =>
  [...rows].sort((a, b) => at(b) - at(a)).slice(0, activityListLength);

/**
 * One member as the admin's member page shows them: their dates, suggestions, connection requests, My Network
 * requests (an expert's; a company has none) and CRM deals, each with the other side named
 * (`member-activity.read-model.ts`). 404 for an unknown member.
 */
export async function memberActivity(ex: Executor, memberId: string): Promise<AdminMemberActivity> {
  const read = await readMemberActivity(ex, memberId);
  if (!read) throw new AppError('NOT_FOUND', messages.notFound);
  const { member, suggestions, requests, networkRequests, deals } = read;
  const counterpart = (id: string, name: string | null) => ({ id, name });
  const otherOf = (r: { expertId: string; companyId: string }) =>
    r.expertId === memberId ? r.companyId : r.expertId;
  const ms = (d: Date | null) => (d ? d.getTime() : null);
  return {
    dates: {
      signedUp: member.signedUpAt.getTime(),
      emailVerified: member.emailVerified,
      emailVerifiedAt: member.emailVerified ? ms(member.emailVerifiedAt) : null,
      published: ms(member.publishDate),
      lastSignIn: ms(member.lastSignInAt),
      paused: ms(member.pausedDate),
      deactivated: ms(member.deactivatedDate),
      disabled: ms(member.disabledDate),
    },
    suggestions: newestFirst(suggestions, (s) => s.createdAt.getTime()).map((s) => ({
      id: s.id,
      counterpart: counterpart(otherOf(s), s.counterpartName),
      createdAt: s.createdAt.getTime(),
      requestSent: s.requestSent,
      notInterested: s.notInterested,
    })),
    requests: newestFirst(requests, (r) => r.row.requestSentAt.getTime()).map(
      ({ row: r, counterpartName }) => {
        const senderId = r.requestedBy === 'expert' ? r.expertId : r.companyId;
        return {
          id: r.id,
          direction: senderId === memberId ? ('sent' as const) : ('received' as const),
          state: connectionStateOf(r),
          counterpart: counterpart(otherOf(r), counterpartName),
          sentAt: r.requestSentAt.getTime(),
        };
      },
    ),
    networkRequests:
      networkRequests &&
      newestFirst(networkRequests, (n) => n.row.requestedAt.getTime()).map(
        ({ row: n, counterpartName, viaName }) => {
          const sent = n.initiatorId === memberId;
          return {
            id: n.id,
            direction: sent ? ('sent' as const) : ('received' as const),
            state: networkStateOfStatus[n.status],
            counterpart: counterpart(sent ? n.recipientId : n.initiatorId, counterpartName),
            // The company as it is named now, else as the request recorded it.
            via: n.viaCompanyId ? { id: n.viaCompanyId, name: viaName ?? n.companyName } : null,
            sentAt: n.requestedAt.getTime(),
          };
        },
      ),
    deals: newestFirst(deals, (d) => d.updatedAt.getTime()).map((d) => ({
      id: d.id,
      pipeline: d.pipeline,
      stage: d.stage,
      lostReason: d.lostReason,
      counterpart: counterpart(d.otherMemberId, d.counterpartName),
      updatedAt: d.updatedAt.getTime(),
    })),
  };
}
