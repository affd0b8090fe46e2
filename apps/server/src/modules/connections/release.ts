import type { Executor } from '../../db/client.ts';
import { publishAdminLive, publishLive } from '../live/index.ts';
import * as matching from '../matching/index.ts';
import { createNotification } from '../notifications/index.ts';
import { type ConnectionsContext, dealPayload } from './connections.context.ts';
import * as repo from './connections.repository.ts';

/** Approval hook: the expert's requests held while pending go out now (spec 000 §4, Approve). */
export async function releasePendingRequests(
  { publishEvent, now }: ConnectionsContext,
  tx: Executor,
  expertId: string,
): Promise<void> {
  const released = await repo.releasePending(tx, expertId);
  const suggestions = await matching.suggestionsByIds(
    tx,
    released.map((r) => r.id),
  );
  for (const r of released) {
    await createNotification(tx, {
      userId: r.companyId,
      kind: 'request_received',
      requestId: r.id,
      suggestionId: r.id,
      counterpartId: r.expertId,
      message: r.message,
      createdAt: now(),
    });
    const score = await matching.pairScore(tx, r.expertId, r.companyId);
    await publishEvent(tx, {
      type: 'connection.released',
      userId: expertId,
      payload: { ...dealPayload(r, suggestions.get(r.id) ?? null, expertId), message: r.message, score },
    });
  }
  if (released.length > 0) {
    await publishLive(tx, [expertId, ...released.map((r) => r.companyId)], ['connections', 'notifications']);
    await publishAdminLive(tx, ['adminRequests']);
  }
}
