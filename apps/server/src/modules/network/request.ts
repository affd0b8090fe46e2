import type { NetworkRequest } from '@intergen/contracts';
import { networkStages, networkTexts } from '@intergen/domain';
import type { Caller } from '../../http/caller.ts';
import { newId } from '../../lib/crypto.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import * as members from '../members/index.ts';
import { createNotification } from '../notifications/index.ts';
import { connectedCompanyIdsOf } from './advisors.read-model.ts';
import {
  live,
  mustBeExperts,
  type NetworkContext,
  networkEvent,
  requirePublishedExpert,
  viewOf,
} from './network.context.ts';
import * as repo from './network.repository.ts';

const recipientNotFound = (id: string) => new AppError('NOT_FOUND', networkTexts.recipientNotFound(id));
const duplicate = () => new AppError('CONFLICT', networkTexts.duplicateRequest);

/**
 * The shared connected company the initiator names (`viaCompanyId`) when both experts have it, else the first
 * one they share; with its name. Null when they share none (a request by id, from a profile).
 */
async function sharedCompany(
  tx: Parameters<typeof connectedCompanyIdsOf>[0],
  a: string,
  b: string,
  wanted: string | undefined,
): Promise<{ id: string; name: string } | null> {
  const mine = await connectedCompanyIdsOf(tx, a);
  const theirs = new Set(await connectedCompanyIdsOf(tx, b));
  const shared = mine.filter((id) => theirs.has(id));
  const id = wanted && shared.includes(wanted) ? wanted : shared[0];
  if (!id) return null;
  const names = await members.memberNames(tx, [id]);
  const n = names.get(id);
  return { id, name: n?.companyName?.trim() || n?.name || '' };
}

/**
 * An expert asks another expert to join their network (spec 000 §4, 001 §8): `requesting`, the recipient
 * notified. Refused for oneself, for a company (either side), for a recipient who is not a published, public expert,
 * and when the two already have a requesting or connected request either way round (the recipient of a request
 * accepts it instead of asking back).
 */
export async function requestToNetwork(
  ctx: NetworkContext,
  caller: Caller,
  body: { expertId: string; viaCompanyId?: string | undefined },
): Promise<NetworkRequest> {
  const { db, now, afterCommit } = ctx;
  const row = await db.transaction(async (tx) => {
    if (caller.isAdmin || caller.kind !== 'expert') throw mustBeExperts();
    if (body.expertId === caller.id) throw badRequest('INVALID_STATE', networkTexts.sameExpert);
    await requirePublishedExpert(tx, caller);
    const target = await members.findMemberState(tx, body.expertId);
    if (target?.kind === 'company') throw mustBeExperts();
    // A private expert is out of the community (spec 001 §6) and shares nothing with the caller yet: unreadable,
    // so refused as an unknown one is, never revealed.
    if (target?.kind !== 'expert' || target.gone || target.private) throw recipientNotFound(body.expertId);
    // Share-locked: the recipient cannot be unpublished half-way through the request.
    const state = await members.lockProfileState(tx, 'expert', body.expertId);
    if (!state?.published) throw recipientNotFound(body.expertId);
    const via = await sharedCompany(tx, caller.id, body.expertId, body.viaCompanyId);
    const inserted = await repo.insertRequest(tx, {
      id: newId(),
      initiatorId: caller.id,
      recipientId: body.expertId,
      status: 'requesting',
      viaCompanyId: via?.id ?? null,
      companyName: via?.name ?? null,
      requestedAt: now(),
    });
    if (!inserted) throw duplicate();
    await createNotification(tx, {
      userId: inserted.recipientId,
      kind: 'network_request',
      networkRequestId: inserted.id,
      counterpartId: caller.id,
      createdAt: inserted.requestedAt,
    });
    await networkEvent(ctx, tx, 'network.requested', inserted, caller.id, networkStages.requested, null);
    await live(tx, inserted);
    return inserted;
  });
  afterCommit();
  return viewOf(db, caller.id, row);
}
