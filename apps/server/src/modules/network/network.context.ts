import type { NetworkRequest } from '@intergen/contracts';
import {
  type NetworkLostReason,
  type NetworkStage,
  networkLostReasons,
  networkStages,
  networkTexts,
} from '@intergen/domain';
import type { Database, Db, Executor } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { NetworkEventType, PublishEvent } from '../events/index.ts';
import { publishAdminLive, publishLive } from '../live/index.ts';
import * as members from '../members/index.ts';
import { otherIdOf, toNetworkView } from './network.model.ts';
import type { NetworkRow } from './network.repository.ts';
import * as repo from './network.repository.ts';

export interface NetworkServiceDeps {
  database: Database;
  publishEvent: PublishEvent;
  /** Called after a transaction that queued work (notification e-mails) has committed. */
  afterCommit: () => void;
  now?: () => Date;
}

/** What every My Network use case works with: the database, the service's dependencies and the clock. */
export interface NetworkContext {
  db: Db;
  publishEvent: PublishEvent;
  afterCommit: () => void;
  now: () => Date;
}

/** The context of `createNetworkService`, built once from its dependencies (the clock defaults to now). */
export function networkContext(deps: NetworkServiceDeps): NetworkContext {
  const { database, publishEvent, afterCommit } = deps;
  return { db: database.db, publishEvent, afterCommit, now: deps.now ?? (() => new Date()) };
}

/** 'Initiator and Recipient must be experts' (spec 001 §8): a company, or an admin, in a My Network write. */
export const mustBeExperts = () => badRequest('INVALID_STATE', networkTexts.mustBeExperts);
/** 'Failed to find request': no such request, or (cancel) not the caller's to take back. */
export const requestNotFound = () => new AppError('NOT_FOUND', networkTexts.failedToFindRequest);

/** Only experts take part in My Network. */
export function requireExpert(caller: Caller): void {
  if (caller.isAdmin || caller.kind !== 'expert') throw mustBeExperts();
}

/**
 * The caller may add to their network and search it: an expert with a published profile. Otherwise the
 * communities' access error (403 MEMBERS_LOCKED: unverified, draft, pending or paused).
 */
export async function requirePublishedExpert(ex: Executor, caller: Caller): Promise<void> {
  requireExpert(caller);
  const viewer = await members.requireMemberReader(ex, caller);
  if (viewer.status !== 'published') {
    throw new AppError('MEMBERS_LOCKED', members.communityLockedMessage(viewer.status));
  }
}

/** One request as `meId` sees it (the other expert's card is read even if they have left since). */
export async function viewOf(ex: Executor, meId: string, row: NetworkRow): Promise<NetworkRequest> {
  const others = await members.counterpartsOf(ex, 'expert', [otherIdOf(row, meId)]);
  const c = others.get(otherIdOf(row, meId))!;
  return toNetworkView({ row, counterpart: c }, meId);
}

/**
 * Publishes a My Network event with what the CRM's My Network deal needs (spec 000 §4): both experts and their
 * names, the stage and the lost reason.
 */
export async function networkEvent(
  { publishEvent }: NetworkContext,
  tx: Executor,
  type: NetworkEventType,
  r: NetworkRow,
  by: string,
  stage: NetworkStage,
  lostReason: NetworkLostReason | null,
): Promise<void> {
  const names = await members.memberNames(tx, [r.initiatorId, r.recipientId]);
  await publishEvent(tx, {
    type,
    userId: by,
    payload: {
      requestId: r.id,
      initiatorId: r.initiatorId,
      recipientId: r.recipientId,
      initiatorName: names.get(r.initiatorId)?.name ?? '',
      recipientName: names.get(r.recipientId)?.name ?? '',
      stage,
      lostReason,
      dealId: r.dealId,
    },
  });
}

/** Tells both experts' open browsers that their network (and notifications) changed, and admins' requests view. */
export async function live(tx: Executor, r: NetworkRow) {
  await publishLive(tx, [r.initiatorId, r.recipientId], ['network', 'notifications']);
  await publishAdminLive(tx, ['adminRequests']);
}

/**
 * Ends a requesting row as declined (by the recipient) or cancelled (by the initiator): the deal is rejected
 * with the matching lost reason, and both experts' lists refresh.
 */
export async function endRequest(
  ctx: NetworkContext,
  tx: Executor,
  id: string,
  callerId: string,
  outcome: 'declined' | 'cancelled',
): Promise<NetworkRow> {
  const r = await repo.updateRequest(tx, id, { status: outcome, respondedAt: ctx.now() });
  const type = outcome === 'declined' ? 'network.declined' : 'network.cancelled';
  await networkEvent(ctx, tx, type, r, callerId, networkStages.rejected, networkLostReasons[outcome]);
  await live(tx, r);
  return r;
}
