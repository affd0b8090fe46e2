import { eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { domainEvents } from '../../db/schema.ts';

/**
 * Deletes the domain events about a deleted member: theirs, and other members' events that name them (a
 * request they received, a network request they declined…), in the deletion's transaction. Ids are UUIDs, so a
 * payload holding the id as text names them.
 */
export async function purgeMemberEvents(ex: Executor, userId: string): Promise<void> {
  await ex
    .delete(domainEvents)
    .where(
      or(eq(domainEvents.userId, userId), sql`position(${userId} in ${domainEvents.payload}::text) > 0`),
    );
}
