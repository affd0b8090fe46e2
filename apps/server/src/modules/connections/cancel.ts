import { cancelLostReason, connectionTexts } from '@intergen/domain';
import type { Caller } from '../../http/caller.ts';
import { AppError } from '../../lib/errors.ts';
import * as matching from '../matching/index.ts';
import { type ConnectionsContext, conflict, connectionEvent, live, lockFor } from './connections.context.ts';
import * as repo from './connections.repository.ts';

/**
 * The sender takes a request back before it is accepted: the request is deleted (its notifications with it)
 * and the suggestion is open again. A request already gone answers `cancelled: false`.
 */
export async function cancelRequest(
  ctx: ConnectionsContext,
  caller: Caller,
  id: string,
): Promise<{ cancelled: boolean }> {
  const { db } = ctx;
  const cancelled = await db.transaction(async (tx) => {
    const l = await lockFor(tx, caller, id, { needsSuggestion: false });
    if (l === 'withdrawn') return false;
    if (l.role !== 'sender') throw new AppError('FORBIDDEN', connectionTexts.onlySender);
    if (l.request.accepted) throw conflict(connectionTexts.alreadyAccepted);
    await repo.deleteRequest(tx, id);
    if (l.suggestion) await matching.clearSuggestionRequested(tx, id);
    await connectionEvent(ctx, tx, 'connection.cancelled', l.request, l.suggestion, caller.id, {
      lostReason: cancelLostReason(l.request.requestedBy),
    });
    await live(tx, l.request, ['connections', 'suggestions', 'notifications']);
    return true;
  });
  return { cancelled };
}
