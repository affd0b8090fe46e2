import { asc, count, eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { isoWeekOf } from '../../db/iso-week.ts';
import { trackingEvents } from '../../db/schema.ts';

/** A member's tracking events, for their data export and their account's deletion. */

export type MemberTrackingRow = typeof trackingEvents.$inferSelect;

/** What the member did (their own events), oldest first. */
export function trackingEventsOfMember(ex: Executor, userId: string): Promise<MemberTrackingRow[]> {
  return ex
    .select()
    .from(trackingEvents)
    .where(eq(trackingEvents.userId, userId))
    .orderBy(asc(trackingEvents.createdAt), asc(trackingEvents.id));
}

/** Deletes the member's events and other members' events naming them (a card of theirs viewed or dismissed). */
export async function purgeMemberTracking(ex: Executor, userId: string): Promise<void> {
  await ex.delete(trackingEvents).where(namingMember(userId));
}

/** The events `purgeMemberTracking` removes, counted per ISO week and type as the admin's analytics count them. */
export async function trackingCountsOfMemberPerWeek(
  ex: Executor,
  userId: string,
): Promise<{ type: string; week: string; n: number }[]> {
  const week = isoWeekOf(trackingEvents.createdAt);
  const rows = await ex
    .select({ type: trackingEvents.type, week, n: count() })
    .from(trackingEvents)
    .where(namingMember(userId))
    .groupBy(trackingEvents.type, week);
  return rows.map((r) => ({ type: r.type, week: r.week, n: Number(r.n) }));
}

function namingMember(userId: string) {
  return or(eq(trackingEvents.userId, userId), eq(trackingEvents.targetId, userId));
}
