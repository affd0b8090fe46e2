import { asc, eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';

/** A member's notifications, for their data export and their account's deletion. */

export type MemberNotificationRow = typeof notifications.$inferSelect;

/** Every notification of the member, dismissed ones included, oldest first. */
export function notificationsOfMember(ex: Executor, userId: string): Promise<MemberNotificationRow[]> {
  return ex
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
}

/**
 * Deletes the member's notifications and every other member's notification about them (`counterpart_id`: one
 * that no foreign key would reach, such as a connection's), in the deletion's transaction. Returns the other
 * members whose notification centre changed.
 */
export async function purgeMemberNotifications(ex: Executor, userId: string): Promise<string[]> {
  const gone = await ex
    .delete(notifications)
    .where(or(eq(notifications.userId, userId), eq(notifications.counterpartId, userId)))
    .returning({ userId: notifications.userId });
  return gone.map((n) => n.userId).filter((id) => id !== userId);
}
