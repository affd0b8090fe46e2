import { eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { connectionRequests } from '../../db/schema.ts';

/** A member's connection requests, for their data export and their account's deletion. */

export type MemberRequestRow = typeof connectionRequests.$inferSelect;

/** Every request the member sent or received, oldest first. */
export function requestsOfMember(ex: Executor, userId: string): Promise<MemberRequestRow[]> {
  return ex
    .select()
    .from(connectionRequests)
    .where(or(eq(connectionRequests.expertId, userId), eq(connectionRequests.companyId, userId)))
    .orderBy(connectionRequests.requestSentAt);
}

/**
 * Deletes every request and connection of the member (their notifications go with them by foreign key), in the
 * deletion's transaction. Returns the other parties, whose buckets change.
 */
export async function purgeMemberRequests(ex: Executor, userId: string): Promise<string[]> {
  const gone = await ex
    .delete(connectionRequests)
    .where(or(eq(connectionRequests.expertId, userId), eq(connectionRequests.companyId, userId)))
    .returning({ expertId: connectionRequests.expertId, companyId: connectionRequests.companyId });
  return gone.map((r) => (r.expertId === userId ? r.companyId : r.expertId));
}
