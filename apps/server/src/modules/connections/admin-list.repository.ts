import type { AdminRequestState } from '@intergen/contracts';
import { and, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { inIds, type ListPage, type TimePageQuery, timeOrderedPage } from '../../db/keyset.ts';
import { connectionRequests } from '../../db/schema.ts';

/** The admin's list of every connection request: a page by sent date and the total for the filter. */

export type AdminConnectionRow = typeof connectionRequests.$inferSelect & { state: AdminRequestState };

/**
 * A connection request's state: closed, else connected (accepted), else declined (not interested), else
 * dismissed, else held (its expert awaits approval), else open. A cancelled request is deleted, so never one.
 */
export function connectionStateOf(
  r: Pick<
    typeof connectionRequests.$inferSelect,
    'closed' | 'accepted' | 'notInterested' | 'dismissed' | 'isPending'
  >,
): AdminRequestState {
  if (r.closed) return 'closed';
  if (r.accepted) return 'connected';
  if (r.notInterested) return 'declined';
  if (r.dismissed) return 'dismissed';
  if (r.isPending) return 'held';
  return 'open';
}

/** SQL: the requests whose derived state (`connectionStateOf`) is `state`. */
function connectionStateIs(state: AdminRequestState): SQL {
  const t = connectionRequests;
  const before: SQL[] = [];
  const steps: [AdminRequestState, SQL][] = [
    ['closed', sql`${t.closed}`],
    ['connected', sql`${t.accepted}`],
    ['declined', sql`${t.notInterested}`],
    ['dismissed', sql`${t.dismissed}`],
    ['held', sql`${t.isPending}`],
  ];
  for (const [name, flag] of steps) {
    if (name === state) return and(...before.map((b) => sql`NOT ${b}`), flag)!;
    before.push(flag);
  }
  // Open: no flag; cancelled: never stored.
  return state === 'open' ? and(...before.map((b) => sql`NOT ${b}`))! : sql`false`;
}

export interface ConnectionListQuery extends TimePageQuery {
  state: AdminRequestState | undefined;
  /** Null: no search; else the expert or the company is one of these (none: nothing matches). */
  memberIds: readonly string[] | null;
}

/** A page of connection requests by sent date (then id), and how many match the filter. */
export async function listConnectionRequestsPage(
  ex: Executor,
  q: ConnectionListQuery,
): Promise<ListPage<AdminConnectionRow>> {
  const t = connectionRequests;
  if (q.memberIds?.length === 0 || q.state === 'cancelled') return { rows: [], total: 0 };
  const where: SQL[] = [];
  if (q.state) where.push(connectionStateIs(q.state));
  if (q.memberIds) where.push(or(inIds(t.expertId, q.memberIds), inIds(t.companyId, q.memberIds))!);
  const page = await timeOrderedPage(ex, t, { time: t.requestSentAt, id: t.id }, where, q);
  return {
    rows: page.rows.map((r) => ({ ...r.row, state: connectionStateOf(r.row), key: r.key })),
    total: page.total,
  };
}
