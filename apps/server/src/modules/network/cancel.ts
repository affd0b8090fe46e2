import type { NetworkRequest } from '@intergen/contracts';
import type { Caller } from '../../http/caller.ts';
import * as members from '../members/index.ts';
import { deleteNetworkNotifications } from '../notifications/index.ts';
import {
  endRequest,
  type NetworkContext,
  requestNotFound,
  requireExpert,
  viewOf,
} from './network.context.ts';
import * as repo from './network.repository.ts';

/**
 * The initiator takes a request back before it is answered (spec 000 §4): cancelled, the deal rejected with
 * `initiator_cancelled_request`, the recipient's notification removed. Anyone else, or a request no longer
 * `requesting`, gets 'Failed to find request'.
 */
export async function cancelNetworkRequest(
  ctx: NetworkContext,
  caller: Caller,
  id: string,
): Promise<NetworkRequest> {
  const { db } = ctx;
  const row = await db.transaction(async (tx) => {
    requireExpert(caller);
    await members.requireMemberReader(tx, caller);
    const locked = await repo.lockRequest(tx, id);
    if (!locked || locked.initiatorId !== caller.id || locked.status !== 'requesting')
      throw requestNotFound();
    const r = await endRequest(ctx, tx, id, caller.id, 'cancelled');
    await deleteNetworkNotifications(tx, r.id);
    return r;
  });
  return viewOf(db, caller.id, row);
}
