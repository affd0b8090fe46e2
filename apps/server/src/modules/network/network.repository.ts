import { openNetworkStatuses } from '@intergen/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { networkRequests } from '../../db/schema.ts';

export type NetworkRow = typeof networkRequests.$inferSelect;
export type NetworkPatch = Partial<
  Omit<typeof networkRequests.$inferInsert, 'id' | 'initiatorId' | 'recipientId'>
>;

const open = inArray(networkRequests.status, [...openNetworkStatuses]);

/**
 * Inserts a request unless the pair already has a requesting or connected one (either way round): the partial
 * unique index on the unordered pair decides, so of two concurrent requests exactly one is inserted (the other
 * waits for it and is skipped). Returns the row, or null for a duplicate.
 */
export async function insertRequest(
  tx: Executor,
  row: typeof networkRequests.$inferInsert,
): Promise<NetworkRow | null> {
  const [inserted] = await tx.insert(networkRequests).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

/** The request `id`, locked for the rest of the transaction (or null). */
export async function lockRequest(tx: Executor, id: string): Promise<NetworkRow | null> {
  const [row] = await tx.select().from(networkRequests).where(eq(networkRequests.id, id)).for('update');
  return row ?? null;
}

export async function updateRequest(tx: Executor, id: string, patch: NetworkPatch): Promise<NetworkRow> {
  const [row] = await tx
    .update(networkRequests)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(networkRequests.id, id))
    .returning();
  return row!;
}

/** The requesting or connected request between two experts, whichever sent it, or null. */
export async function findOpenBetween(ex: Executor, a: string, b: string): Promise<NetworkRow | null> {
  const [row] = await ex
    .select()
    .from(networkRequests)
    .where(
      and(
        open,
        sql`least(${networkRequests.initiatorId}, ${networkRequests.recipientId}) = least(${a}::text, ${b}::text)`,
        sql`greatest(${networkRequests.initiatorId}, ${networkRequests.recipientId}) = greatest(${a}::text, ${b}::text)`,
      ),
    );
  return row ?? null;
}

/** The request `id`, or null. */
export async function findRequest(ex: Executor, id: string): Promise<NetworkRow | null> {
  const [row] = await ex.select().from(networkRequests).where(eq(networkRequests.id, id));
  return row ?? null;
}
