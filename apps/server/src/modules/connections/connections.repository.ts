import type { ProfileType } from '@intergen/domain';
import { and, desc, eq, inArray, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { connectionRequests } from '../../db/schema.ts';

export type RequestRow = typeof connectionRequests.$inferSelect;
export type RequestPatch = Partial<Omit<typeof connectionRequests.$inferInsert, 'id'>>;

/** The request `id`, locked for the rest of the transaction (or null). */
export async function lockRequest(tx: Executor, id: string): Promise<RequestRow | null> {
  const [row] = await tx.select().from(connectionRequests).where(eq(connectionRequests.id, id)).for('update');
  return row ?? null;
}

// Writes

/** Inserts a request unless one exists for its suggestion (or pair); returns whether it was inserted. */
export async function insertRequest(
  tx: Executor,
  row: typeof connectionRequests.$inferInsert,
): Promise<boolean> {
  const inserted = await tx
    .insert(connectionRequests)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: connectionRequests.id });
  return inserted.length > 0;
}

export async function updateRequest(tx: Executor, id: string, patch: RequestPatch): Promise<RequestRow> {
  const [row] = await tx
    .update(connectionRequests)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(connectionRequests.id, id))
    .returning();
  return row!;
}

/**
 * Marks seen those of `ids` that `recipientId` received and may see (not pending) and had not seen; returns their
 * ids. The rows are locked in id order first, as two of the member's tabs may mark overlapping rows at once.
 */
export async function markSeenByRecipient(
  tx: Executor,
  recipientId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const c = connectionRequests;
  const received = or(
    and(eq(c.requestedBy, 'expert'), eq(c.companyId, recipientId)),
    and(ne(c.requestedBy, 'expert'), eq(c.expertId, recipientId)),
  );
  const unseen = tx
    .select({ id: c.id })
    .from(c)
    .where(and(inArray(c.id, [...ids]), eq(c.seen, false), eq(c.isPending, false), received))
    .orderBy(c.id)
    .for('update');
  const rows = await tx
    .update(c)
    .set({ seen: true, updatedAt: new Date() })
    .where(inArray(c.id, unseen))
    .returning({ id: c.id });
  return rows.map((r) => r.id).sort();
}

export async function deleteRequest(tx: Executor, id: string): Promise<boolean> {
  const rows = await tx
    .delete(connectionRequests)
    .where(eq(connectionRequests.id, id))
    .returning({ id: connectionRequests.id });
  return rows.length > 0;
}

/** Releases an expert's pending requests (isPending false); returns them, oldest first. */
export async function releasePending(tx: Executor, expertId: string): Promise<RequestRow[]> {
  const released = await tx
    .update(connectionRequests)
    .set({ isPending: false, updatedAt: new Date() })
    .where(and(eq(connectionRequests.expertId, expertId), eq(connectionRequests.isPending, true)))
    .returning();
  return released.sort(
    (a, b) => a.requestSentAt.getTime() - b.requestSentAt.getTime() || (a.id < b.id ? -1 : 1),
  );
}

// Reads

/** The requests of a member on one side (expert or company), newest first. */
export async function listRequestsOf(
  ex: Executor,
  side: ProfileType,
  memberId: string,
): Promise<RequestRow[]> {
  const mine = side === 'expert' ? connectionRequests.expertId : connectionRequests.companyId;
  return ex
    .select()
    .from(connectionRequests)
    .where(eq(mine, memberId))
    .orderBy(desc(connectionRequests.requestSentAt), desc(connectionRequests.id));
}

/** What the views read of a request (`toRequestView`, `toBuckets`): every column but the comments and stamps. */
export type ListedRequestRow = Omit<
  RequestRow,
  'expertComment' | 'companyComment' | 'createdAt' | 'updatedAt'
>;

/** The request `id`, or null. */
export async function findRequest(ex: Executor, id: string): Promise<RequestRow | null> {
  const [row] = await ex.select().from(connectionRequests).where(eq(connectionRequests.id, id));
  return row ?? null;
}
