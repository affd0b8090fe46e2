import { and, count, gte, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { isoWeekOf } from '../../db/iso-week.ts';
import { trackingEvents } from '../../db/schema.ts';

export interface NewTrackingEvent {
  userId: string;
  type: string;
  targetId: string | null;
  tab: string | null;
  createdAt?: Date;
}

export async function insertTrackingEvent(ex: Executor, row: NewTrackingEvent): Promise<void> {
  await ex.insert(trackingEvents).values(row);
}

/** How many events of each of `types` were recorded since `since`. */
export async function countByType(
  ex: Executor,
  types: readonly string[],
  since: Date,
): Promise<Map<string, number>> {
  const rows = await ex
    .select({ type: trackingEvents.type, n: count() })
    .from(trackingEvents)
    .where(and(inArray(trackingEvents.type, [...types]), gte(trackingEvents.createdAt, since)))
    .groupBy(trackingEvents.type);
  return new Map(rows.map((r) => [r.type, Number(r.n)]));
}

/**
 * How many events of each of `types` were recorded in each ISO week of `[from, to)` (weeks by their Monday,
 * `YYYY-MM-DD`); weeks without any are left out. A range read of the `(type, created_at)` index per type.
 */
export async function countByTypePerWeek(
  ex: Executor,
  types: readonly string[],
  range: { from: Date; to: Date },
): Promise<{ type: string; week: string; n: number }[]> {
  const week = isoWeekOf(trackingEvents.createdAt);
  const rows = await ex
    .select({ type: trackingEvents.type, week, n: count() })
    .from(trackingEvents)
    .where(
      and(
        inArray(trackingEvents.type, [...types]),
        gte(trackingEvents.createdAt, range.from),
        lt(trackingEvents.createdAt, range.to),
      ),
    )
    .groupBy(trackingEvents.type, week);
  return rows.map((r) => ({ type: r.type, week: r.week, n: Number(r.n) }));
}
