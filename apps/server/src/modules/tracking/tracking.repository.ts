import { and, count, gte, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { trackingEvents } from '../../db/schema.ts';

export interface NewTrackingEvent {
  userId: string;
  type: string;
  targetId: string | null;
  tab: string | null;
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
