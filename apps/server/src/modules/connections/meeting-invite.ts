import {
  connectionTexts,
  meetingDetails,
  meetingSlot,
  meetingTitle,
  validInviteEmails,
} from '@intergen/domain';
import type { Caller } from '../../http/caller.ts';
import { badRequest } from '../../lib/errors.ts';
import * as members from '../members/index.ts';
import {
  type ConnectionsContext,
  notFound,
  requestOf,
  requireConnected,
  viewingMember,
} from './connections.context.ts';
import { inviteCalendar } from './connections.invite.ts';
import { roleIn } from './connections.policy.ts';

/**
 * A meeting invite (.ics) from the caller to the other party of an accepted request: one hour from the next
 * whole hour (UTC), both e-mail addresses required (the spec's `Invalid Email`).
 */
export async function meetingInvite(
  { db, now }: ConnectionsContext,
  caller: Caller,
  id: string,
): Promise<{ fileName: string; calendar: string }> {
  const me = await viewingMember(db, caller);
  const row = await requestOf(db, me, id);
  if (!row || !roleIn(me.id, row.request)) throw notFound();
  const r = row.request;
  requireConnected(r);
  const otherId = me.side === 'expert' ? r.companyId : r.expertId;
  const emails = await members.contactEmails(db, [me.id, otherId]);
  const valid = validInviteEmails([emails.get(me.id), emails.get(otherId)]);
  if (!valid) throw badRequest('VALIDATION_FAILED', connectionTexts.invalidEmail);
  const names = await members.pairNames(db, r.expertId, r.companyId);
  const [myName, otherName] =
    me.side === 'expert' ? [names.expert, names.company] : [names.company, names.expert];
  const at = now();
  const { start, end } = meetingSlot(at);
  return {
    fileName: 'intergen-meeting.ics',
    calendar: inviteCalendar({
      uid: `${r.id}@intergen`,
      title: meetingTitle(names.expert, names.company),
      details: meetingDetails(names.expert, names.company),
      organizer: { name: myName, email: valid[0]! },
      attendee: { name: otherName, email: valid[1]! },
      start,
      end,
      stamp: at,
    }),
  };
}
