import type { AccountExport } from '@intergen/contracts';
import { accountDeletionMessages } from '@intergen/domain';
import type { Caller } from '../../http/caller.ts';
import { AppError } from '../../lib/errors.ts';
import { type MemberRequestRow, requestsOfMember } from '../connections/index.ts';
import { crmRecordsOfMember } from '../crm/index.ts';
import { scoresOfMember, suggestionsOfMember } from '../matching/index.ts';
import { contactInfoOf, findUserById } from '../members/index.ts';
import { networkRequestsOfMember } from '../network/index.ts';
import { notificationsOfMember } from '../notifications/index.ts';
import { trackingEventsOfMember } from '../tracking/index.ts';
import type { AccountsContext } from './accounts.context.ts';
import { counterpartViews } from './export-counterparts.ts';
import { crmCounterparts, crmView } from './export-crm.ts';
import { networkRequestsView, requestsView, suggestionsView } from './export-rows.ts';

const time = (d: Date | null) => (d ? d.getTime() : null);

/** A request the member may see: a held one (its expert awaiting approval) is not the company's yet. */
const visibleTo = (me: string) => (r: MemberRequestRow) => !(r.isPending && r.companyId === me);

/**
 * Everything the app holds about the signed-in member: account, profile, contact info, suggestions, requests,
 * My Network, scores, notifications, tracking events and the built-in CRM's contact and deals, each row in the
 * member's own terms — their side's flags, their own rating and comment, never the other side's — and other
 * members only as far as the member may already see them (`counterpartViews`).
 */
export async function exportAccountData(ctx: AccountsContext, caller: Caller): Promise<AccountExport> {
  const { db } = ctx;
  const me = caller.id;
  const user = await findUserById(db, me);
  if (!user) throw new AppError('NOT_FOUND', accountDeletionMessages.memberNotFound);
  const profile = user.kind ? await ctx.deps.ownProfile(me) : null;
  const suggestions = await suggestionsOfMember(db, me);
  const requests = (await requestsOfMember(db, me)).filter(visibleTo(me));
  const network = await networkRequestsOfMember(db, me);
  const scores = await scoresOfMember(db, me);
  const notes = await notificationsOfMember(db, me);
  const crm = await crmRecordsOfMember(db, me);
  const otherOf = (a: string, b: string) => (a === me ? b : a);
  const views = await counterpartViews(ctx, caller, [
    ...suggestions.map((s) => otherOf(s.expertId, s.companyId)),
    ...requests.map((r) => otherOf(r.expertId, r.companyId)),
    ...network.map((n) => otherOf(n.initiatorId, n.recipientId)),
    ...scores.map((s) => otherOf(s.expertId, s.companyId)),
    ...notes.flatMap((n) => (n.counterpartId ? [n.counterpartId] : [])),
    ...crmCounterparts(crm),
  ]);
  const view = (id: string | null) => (id ? (views.get(id) ?? null) : null);
  return {
    exportedAt: Date.now(),
    user: {
      ...{ id: user.id, email: user.email, emailVerified: user.emailVerified, name: user.name },
      ...{
        firstName: user.firstName,
        lastName: user.lastName,
        kind: user.kind ?? null,
        isAdmin: user.isAdmin,
      },
      emailVerifiedAt: time(user.emailVerifiedAt),
      createdAt: user.createdAt.getTime(),
      updatedAt: user.updatedAt.getTime(),
    },
    profile,
    contactInfo: await contactInfoOf(db, me),
    suggestions: suggestionsView(me, suggestions, view),
    connectionRequests: requestsView(me, requests, view),
    networkRequests: networkRequestsView(me, network, view),
    scores: scores.map((s) => ({
      counterpart: view(otherOf(s.expertId, s.companyId)),
      score: s.score,
      updatedAt: s.updatedAt.getTime(),
    })),
    notifications: notes.map((n) => {
      const counterpart = view(n.counterpartId);
      return {
        ...{ id: n.id, kind: n.kind, counterpart, message: counterpart ? n.message : null },
        ...{ hasSeen: n.hasSeen, hasDismissed: n.hasDismissed, hasExplored: n.hasExplored },
        ...{ emailSent: n.emailSent, createdAt: n.createdAt.getTime() },
      };
    }),
    trackingEvents: (await trackingEventsOfMember(db, me)).map((e) => ({
      ...{ type: e.type, targetId: e.targetId, tab: e.tab },
      createdAt: time(e.createdAt) ?? 0,
    })),
    crm: crmView(crm, view),
  };
}
