import type { NetworkRequest } from '@intergen/contracts';
import { networkStages, networkTexts } from '@intergen/domain';
import type { Executor } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import { badRequest } from '../../lib/errors.ts';
import * as members from '../members/index.ts';
import { createNotification } from '../notifications/index.ts';
import {
  endRequest,
  live,
  type NetworkContext,
  networkEvent,
  requestNotFound,
  requireExpert,
  viewOf,
} from './network.context.ts';
import * as repo from './network.repository.ts';

const failedToRespond = () => badRequest('INVALID_STATE', networkTexts.failedToRespond);

/**
 * Locks the request `id` for the recipient's answer: 404 'Failed to find request' when there is none; 400
 * 'Failed to respond to request' when the caller is not its recipient or it is no longer `requesting` (a
 * concurrent accept, decline or cancel got there first: the lock makes this one wait and see it).
 */
async function lockForAnswer(tx: Executor, caller: Caller, id: string): Promise<repo.NetworkRow> {
  requireExpert(caller);
  await members.requireMemberReader(tx, caller);
  const row = await repo.lockRequest(tx, id);
  if (!row) throw requestNotFound();
  if (row.recipientId !== caller.id || row.status !== 'requesting') throw failedToRespond();
  return row;
}

/** The recipient accepts: connected, contact details both ways (derived from the status), the initiator notified. */
export async function acceptNetworkRequest(
  ctx: NetworkContext,
  caller: Caller,
  id: string,
): Promise<NetworkRequest> {
  const { db, now, afterCommit } = ctx;
  const row = await db.transaction(async (tx) => {
    await lockForAnswer(tx, caller, id);
    const at = now();
    const r = await repo.updateRequest(tx, id, { status: 'connected', respondedAt: at, connectedOn: at });
    await createNotification(tx, {
      userId: r.initiatorId,
      kind: 'network_accepted',
      networkRequestId: r.id,
      counterpartId: r.recipientId,
      createdAt: at,
    });
    await networkEvent(ctx, tx, 'network.accepted', r, caller.id, networkStages.accepted, null);
    await live(tx, r);
    return r;
  });
  afterCommit();
  return viewOf(db, caller.id, row);
}

/**
 * The recipient declines: the request leaves both experts' lists and ties them no more (spec: "user ids
 * cleared"); the deal is rejected with `recipient_declined_request`. The initiator is not notified.
 */
export async function declineNetworkRequest(
  ctx: NetworkContext,
  caller: Caller,
  id: string,
): Promise<NetworkRequest> {
  const { db } = ctx;
  const row = await db.transaction(async (tx) => {
    await lockForAnswer(tx, caller, id);
    return endRequest(ctx, tx, id, caller.id, 'declined');
  });
  return viewOf(db, caller.id, row);
}
