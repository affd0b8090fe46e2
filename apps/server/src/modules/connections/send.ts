import type { ConnectionRequest } from '@intergen/contracts';
import { connectionTexts, type ProfileType } from '@intergen/domain';
import type { Caller } from '../../http/caller.ts';
import { newId } from '../../lib/crypto.ts';
import { badRequest } from '../../lib/errors.ts';
import * as matching from '../matching/index.ts';
import * as members from '../members/index.ts';
import { createNotification } from '../notifications/index.ts';
import { type ConnectionsContext, conflict, connectionEvent, live, viewOf } from './connections.context.ts';
import { requesterKindOf, roleIn } from './connections.policy.ts';
import * as repo from './connections.repository.ts';

/**
 * Sends a connection request from one of the caller's suggestions (spec 000 §4 step 1–2). The counterpart
 * must be published; the caller must be published, or an expert awaiting approval (the request is then held,
 * `isPending`, until the approval). Repeating it answers the pair's existing request (`created: false`).
 */
export async function sendRequest(
  ctx: ConnectionsContext,
  caller: Caller,
  body: { suggestionId: string; message: string },
): Promise<{ request: ConnectionRequest; created: boolean }> {
  const { db, afterCommit, now } = ctx;
  const side = matching.memberSide(caller);
  // No read check first: a sender must be published or an expert awaiting approval (refused below with
  // its own message), which the read-access rules allow; the answer is read through `viewOf`, which checks.
  const created = await db.transaction(async (tx) => {
    const s = await matching.lockSuggestion(tx, body.suggestionId);
    if (!s || (side === 'expert' ? s.expertId : s.companyId) !== caller.id) {
      throw badRequest(
        'INVALID_STATE',
        side === 'expert' ? connectionTexts.noSuggestionForExpert : connectionTexts.noSuggestionForCompany,
      );
    }
    const existing = await repo.lockRequest(tx, s.id);
    if (existing) {
      // A company is not shown an expert's request held for approval: the expert is not available yet.
      if (!roleIn(caller.id, existing)) throw conflict(connectionTexts.counterpartUnavailable);
      return false;
    }
    const recipientSide: ProfileType = side === 'expert' ? 'company' : 'expert';
    const recipientId = side === 'expert' ? s.companyId : s.expertId;
    const mine = await members.lockProfileState(tx, side, caller.id);
    const theirs = await members.lockProfileState(tx, recipientSide, recipientId);
    if (!theirs?.published) throw conflict(connectionTexts.counterpartUnavailable);
    const isPending = !mine?.published;
    if (isPending && !(side === 'expert' && mine?.pending))
      throw conflict(connectionTexts.senderNotPublished);

    const dealId = await matching.markSuggestionRequested(tx, s.id, newId());
    const row = {
      id: s.id,
      expertId: s.expertId,
      companyId: s.companyId,
      requestedBy: requesterKindOf(side),
      message: body.message.trimEnd(),
      isPending,
      requestSentAt: now(),
    };
    // The suggestion's lock makes a second send wait and find this request; the conflict clause is the
    // database's own guarantee of one request per suggestion and pair.
    if (!(await repo.insertRequest(tx, row))) return false;
    const request = (await repo.lockRequest(tx, s.id))!;
    if (!isPending) {
      await createNotification(tx, {
        userId: recipientId,
        kind: 'request_received',
        requestId: s.id,
        suggestionId: s.id,
        counterpartId: caller.id,
        message: request.message,
        createdAt: request.requestSentAt,
      });
    }
    const score = await matching.pairScore(tx, s.expertId, s.companyId);
    await connectionEvent(ctx, tx, 'connection.requested', request, { dealId }, caller.id, {
      message: request.message,
      score,
    });
    await live(tx, request, ['connections', 'suggestions', 'notifications']);
    return true;
  });
  if (created) afterCommit();
  return { request: await viewOf(db, caller, body.suggestionId), created };
}
