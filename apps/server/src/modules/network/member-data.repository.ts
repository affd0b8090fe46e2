import { eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { networkRequests } from '../../db/schema.ts';

/** A member's My Network requests, for their data export and their account's deletion. */

export type MemberNetworkRow = typeof networkRequests.$inferSelect;

/** Every My Network request the member made or received, history included, oldest first. */
export function networkRequestsOfMember(ex: Executor, userId: string): Promise<MemberNetworkRow[]> {
  return ex
    .select()
    .from(networkRequests)
    .where(or(eq(networkRequests.initiatorId, userId), eq(networkRequests.recipientId, userId)))
    .orderBy(networkRequests.requestedAt);
}

/**
 * Deletes every My Network request of the member, history included (their notifications go with them by foreign
 * key), in the deletion's transaction; a deleted company through which two experts met is no longer named on
 * their request (its id and company name go, the request stays). Returns the other experts, whose network changes.
 */
export async function purgeMemberNetwork(ex: Executor, userId: string): Promise<string[]> {
  const gone = await ex
    .delete(networkRequests)
    .where(or(eq(networkRequests.initiatorId, userId), eq(networkRequests.recipientId, userId)))
    .returning({ initiatorId: networkRequests.initiatorId, recipientId: networkRequests.recipientId });
  const unnamed = await ex
    .update(networkRequests)
    .set({ viaCompanyId: null, companyName: null })
    .where(eq(networkRequests.viaCompanyId, userId))
    .returning({ initiatorId: networkRequests.initiatorId, recipientId: networkRequests.recipientId });
  return [
    ...gone.map((r) => (r.initiatorId === userId ? r.recipientId : r.initiatorId)),
    ...unnamed.flatMap((r) => [r.initiatorId, r.recipientId]),
  ];
}
