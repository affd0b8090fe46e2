import type { ConnectionRequest, SurveyBody } from '@intergen/contracts';
import { addRating, connectionTexts, type ProfileType } from '@intergen/domain';
import type { Caller } from '../../http/caller.ts';
import * as members from '../members/index.ts';
import {
  type ConnectionsContext,
  conflict,
  connectionEvent,
  live,
  requireConnected,
  transition,
} from './connections.context.ts';
import { hasReviewed } from './connections.model.ts';
import * as repo from './connections.repository.ts';

/**
 * A party closes the connection without a review (spec 000 §4: "Closing a review without submitting closes
 * the request as not rated"): their own close is recorded, which ends their review prompt only; the other
 * party's prompt stays until they review or close themselves. The first close also sets the connection's
 * `closed` and `closedOn`. A party closing again changes nothing.
 */
export function closeConnection(
  ctx: ConnectionsContext,
  caller: Caller,
  id: string,
): Promise<ConnectionRequest> {
  return transition(ctx, caller, id, { needsSuggestion: true }, async (tx, l) => {
    requireConnected(l.request);
    const mine = l.side === 'expert' ? 'expertClosedOn' : 'companyClosedOn';
    if (l.request[mine]) return false;
    const at = ctx.now();
    const first = !l.request.closed;
    const r = await repo.updateRequest(tx, id, {
      [mine]: at,
      ...(first ? { closed: true, closedOn: at } : {}),
    });
    await connectionEvent(ctx, tx, 'connection.closed', r, l.suggestion, caller.id, {
      side: l.side,
      connectionClosed: first,
      surveyed: r.expertCompletedSurvey || r.companyCompletedSurvey,
    });
    await live(tx, r, ['connections']);
    return false;
  });
}

/**
 * A party's review of a connection, once per side: their completed flag, rating and comment are stored, and
 * the rated member's average and count take the rating in (the domain's running mean).
 */
export function submitSurvey(
  ctx: ConnectionsContext,
  caller: Caller,
  id: string,
  body: SurveyBody,
): Promise<ConnectionRequest> {
  return transition(ctx, caller, id, { needsSuggestion: true }, async (tx, l) => {
    requireConnected(l.request);
    if (hasReviewed(l.request, l.side)) throw conflict(connectionTexts.surveyAlreadySubmitted);
    const comment = body.comment?.trim() || null;
    const r = await repo.updateRequest(
      tx,
      id,
      l.side === 'expert'
        ? { expertCompletedSurvey: true, ventureRating: body.rating, expertComment: comment }
        : { companyCompletedSurvey: true, expertRating: body.rating, companyComment: comment },
    );
    const ratedSide: ProfileType = l.side === 'expert' ? 'company' : 'expert';
    const ratedId = ratedSide === 'expert' ? r.expertId : r.companyId;
    const current = await members.lockRating(tx, ratedSide, ratedId);
    if (current) await members.setRating(tx, ratedSide, ratedId, addRating(current, body.rating));
    await connectionEvent(ctx, tx, 'survey.submitted', r, l.suggestion, caller.id, {
      rating: body.rating,
      ratedId,
      ratedKind: ratedSide,
    });
    await live(tx, r, ['connections']);
    return false;
  });
}
