import type { ConnectionBuckets, ConnectionRequest } from '@intergen/contracts';
import type { Executor } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import { readBucketRows } from './buckets.read-model.ts';
import { type ConnectionsContext, viewingMember, viewOf, withCounterparts } from './connections.context.ts';
import { toBuckets } from './connections.model.ts';
import * as repo from './connections.repository.ts';

/** One of the caller's requests. */
export function getRequest(
  { db }: ConnectionsContext,
  caller: Caller,
  id: string,
): Promise<ConnectionRequest> {
  return viewOf(db, caller, id);
}

/**
 * The caller's buckets (spec 000 §4) and the hosted survey form of their role in this environment, if the
 * settings have one (read now: an admin's change shows at the next read).
 */
export async function listBuckets(ctx: ConnectionsContext, caller: Caller): Promise<ConnectionBuckets> {
  const { db } = ctx;
  const me = await viewingMember(db, caller, caller.member);
  // The requests and their counterparts in one statement; a counterpart gone from the platform takes theirs out.
  const rows = await readBucketRows(db, me.side, me.id, (id) => caller.reads?.add(id));
  return { ...toBuckets(rows, me), surveyFormUrl: await ctx.surveyFormUrl(db, me.side) };
}

/**
 * How many open connection requests the caller has received and how many connections they have (accepted,
 * rated or not), counted as the buckets sort them: My Network's sidebar counts (network module).
 */
export async function connectionCounts(
  ex: Executor,
  caller: Caller,
): Promise<{ received: number; connections: number }> {
  const me = await viewingMember(ex, caller);
  const b = toBuckets(await withCounterparts(ex, me, await repo.listRequestsOf(ex, me.side, me.id)), me);
  return { received: b.received.length, connections: b.unrated.length + b.rated.length };
}
