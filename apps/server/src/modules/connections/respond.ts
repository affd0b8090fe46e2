import type { ConnectionRequest } from '@intergen/contracts';
import { declineLostReason } from '@intergen/domain';
import type { Caller } from '../../http/caller.ts';
import { publishAdminLive, publishLive } from '../live/index.ts';
import * as matching from '../matching/index.ts';
import * as members from '../members/index.ts';
import { createNotification } from '../notifications/index.ts';
import {
  type ConnectionsContext,
  connectionEvent,
  live,
  requireOpen,
  requireRecipient,
  transition,
} from './connections.context.ts';
import { recipientIdOf, senderIdOf } from './connections.policy.ts';
import * as repo from './connections.repository.ts';

/**
 * The recipient accepts: connected now, contact details shared both ways (derived from `accepted`), the
 * sender notified; the company joins the expert's connected company ids whichever side accepted, so that the My
 * Network search (spec 001 §6: experts connected to the expert's own connected companies) finds every connection.
 */
export function acceptRequest(
  ctx: ConnectionsContext,
  caller: Caller,
  id: string,
): Promise<ConnectionRequest> {
  return transition(ctx, caller, id, { needsSuggestion: true }, async (tx, l) => {
    requireRecipient(l);
    requireOpen(l.request);
    const r = await repo.updateRequest(tx, id, { accepted: true, connectedOn: ctx.now(), seen: true });
    await members.appendConnectedCompany(tx, r.expertId, r.companyId);
    await createNotification(tx, {
      userId: senderIdOf(r),
      kind: 'request_accepted',
      requestId: id,
      suggestionId: id,
      counterpartId: recipientIdOf(r),
      createdAt: r.connectedOn ?? undefined,
    });
    await connectionEvent(ctx, tx, 'connection.accepted', r, l.suggestion, caller.id, {});
    await live(tx, r, ['connections', 'notifications']);
    return true;
  });
}

/**
 * The recipient turns the request down (`patch` says how) with the decline's lost reason; only the
 * recipient's views change: the sender is not told (spec 000 §2).
 */
function declineQuietly(
  ctx: ConnectionsContext,
  caller: Caller,
  id: string,
  type: 'connection.denied' | 'connection.dismissed',
  patch: { notInterested: true; seen: true } | { dismissed: true },
): Promise<ConnectionRequest> {
  return transition(ctx, caller, id, { needsSuggestion: false }, async (tx, l) => {
    requireRecipient(l);
    requireOpen(l.request);
    const r = await repo.updateRequest(tx, id, patch);
    await connectionEvent(ctx, tx, type, r, l.suggestion, caller.id, {
      lostReason: declineLostReason(r.requestedBy),
    });
    await publishLive(tx, [caller.id], ['connections']);
    await publishAdminLive(tx, ['adminRequests']);
    return false;
  });
}

/** The recipient declines: not interested and seen; the sender is not told (spec 000 §2). */
export const denyRequest = (ctx: ConnectionsContext, caller: Caller, id: string) =>
  declineQuietly(ctx, caller, id, 'connection.denied', { notInterested: true, seen: true });

/** The recipient clears the request from their dashboard (`dismissed`); the sender is not told. */
export const dismissRequest = (ctx: ConnectionsContext, caller: Caller, id: string) =>
  declineQuietly(ctx, caller, id, 'connection.dismissed', { dismissed: true });

/** The recipient has looked at the request (the dashboard's "new" mark goes). */
export function markRequestSeen(
  ctx: ConnectionsContext,
  caller: Caller,
  id: string,
): Promise<ConnectionRequest> {
  return transition(ctx, caller, id, { needsSuggestion: false }, async (tx, l) => {
    requireRecipient(l);
    if (!l.request.seen) await repo.updateRequest(tx, id, { seen: true });
    return false;
  });
}

/**
 * The recipient has looked at several requests at once (`POST /api/connections/seen`: a row of cards on screen,
 * one call instead of one per card). Marks those of `ids` the caller received and may see; the others (sent,
 * pending approval, someone else's, unknown, seen already) are left as they are, without an error: nothing on the
 * screen depends on the answer, and it names only the caller's own requests.
 */
export async function markRequestsSeen(
  { db }: ConnectionsContext,
  caller: Caller,
  ids: readonly string[],
): Promise<{ seen: string[] }> {
  // The same refusals as one request's (lockFor): a member side, and a member who may read members.
  matching.memberSide(caller);
  const seen = await db.transaction(async (tx) => {
    await members.requireMemberReader(tx, caller);
    return repo.markSeenByRecipient(tx, caller.id, [...new Set(ids)]);
  });
  return { seen };
}
