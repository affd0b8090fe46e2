import { and, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { domainEvents } from '../../db/schema.ts';

/**
 * Deletes the domain events about a deleted member: theirs, and other members' events that name them (a
 * request they received, a network request they declined…), in the deletion's transaction. Ids are UUIDs, so a
 * payload holding the id as text names them.
 */
export async function purgeMemberEvents(ex: Executor, userId: string): Promise<void> {
  await ex.delete(domainEvents).where(namingMember(userId));
}

/** The events a member's deletion removes: theirs, and those whose payload names them. */
export function namingMember(userId: string) {
  return or(eq(domainEvents.userId, userId), sql`position(${userId} in ${domainEvents.payload}::text) > 0`);
}

/**
 * Makes the `member.deleted` event just published an anonymous tombstone (DESIGN.md §4): its row keeps that a
 * member of that kind was deleted, when and by whom, but no longer their id. Its deliveries carry their own copy of
 * the payload, and are removed once done.
 */
export async function anonymiseDeletionEvent(ex: Executor, eventId: number): Promise<void> {
  await ex
    .update(domainEvents)
    .set({ userId: deletedMemberTombstone, payload: sql`${domainEvents.payload} - 'memberId'` })
    .where(and(eq(domainEvents.id, eventId), eq(domainEvents.type, 'member.deleted')));
}

/** The `user_id` of a deleted member's tombstone event: no one's. */
export const deletedMemberTombstone = 'deleted-member';
