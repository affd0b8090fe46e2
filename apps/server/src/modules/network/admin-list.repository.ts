import type { AdminRequestState } from '@intergen/contracts';
import type { NetworkRequestStatus } from '@intergen/domain';
import { eq, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { inIds, type ListPage, type TimePageQuery, timeOrderedPage } from '../../db/keyset.ts';
import { networkRequests } from '../../db/schema.ts';

/** The admin's list of every My Network request: a page by request date and the total. */

export type AdminNetworkRow = typeof networkRequests.$inferSelect & { state: AdminRequestState };

/** A My Network request's state, in the admin lists' words: requesting is open. */
const stateOfStatus: Record<NetworkRequestStatus, AdminRequestState> = {
  requesting: 'open',
  connected: 'connected',
  declined: 'declined',
  cancelled: 'cancelled',
};

/** The admin's state of a My Network request (its lists and a member's page say the same). */
export const adminNetworkState = (status: NetworkRequestStatus): AdminRequestState => stateOfStatus[status];

/** The stored status behind an admin state (null: no My Network request is ever in it). */
function statusOfState(state: AdminRequestState): NetworkRequestStatus | null {
  const found = Object.entries(stateOfStatus).find(([, s]) => s === state);
  return (found?.[0] as NetworkRequestStatus | undefined) ?? null;
}

export interface NetworkListQuery extends TimePageQuery {
  state: AdminRequestState | undefined;
  /** Null: no search; else the initiator or the recipient is one of these (none: nothing matches). */
  memberIds: readonly string[] | null;
}

/** A page of My Network requests by request date (then id), and how many match the filter. */
export async function listNetworkRequestsPage(
  ex: Executor,
  q: NetworkListQuery,
): Promise<ListPage<AdminNetworkRow>> {
  const t = networkRequests;
  const status = q.state ? statusOfState(q.state) : null;
  if (q.memberIds?.length === 0 || (q.state && !status)) return { rows: [], total: 0 };
  const where: SQL[] = [];
  if (status) where.push(eq(t.status, status));
  if (q.memberIds) where.push(or(inIds(t.initiatorId, q.memberIds), inIds(t.recipientId, q.memberIds))!);
  const page = await timeOrderedPage(ex, t, { time: t.requestedAt, id: t.id }, where, q);
  return {
    rows: page.rows.map((r) => ({ ...r.row, state: stateOfStatus[r.row.status], key: r.key })),
    total: page.total,
  };
}
