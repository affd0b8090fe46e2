import { and, count, gte, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { domainEvents } from '../../db/schema.ts';
import type { DomainEventType } from './event-schemas.ts';

/**
 * The events that end a CRM deal as lost (spec 000 §4): a connection request denied, dismissed or cancelled, a
 * suggestion dismissed, a My Network request declined or cancelled. The CRM mirror moves the deal to its lost
 * stage on each of them, whichever gateway stores it.
 */
const lostDealEventTypes = [
  'connection.denied',
  'connection.dismissed',
  'connection.cancelled',
  'suggestion.dismissed',
  'network.declined',
  'network.cancelled',
] as const satisfies readonly DomainEventType[];

export interface LostDealEventCount {
  type: (typeof lostDealEventTypes)[number];
  /** The event's lost reason (connection and My Network events carry theirs). */
  lostReason: string | null;
  /** A dismissed suggestion's side, which names its lost reason. */
  dismissedBy: string | null;
  count: number;
}

/**
 * How many deals were lost in `[from, to)`, counted from our own log of events rather than from a CRM: by event
 * type, lost reason and dismissing side. A dismissal without a pair (a member put on a not-interested list with no
 * suggestion between them) made no deal and is left out, as the CRM mirror leaves it.
 */
export async function countLostDealEvents(
  ex: Executor,
  range: { from: Date; to: Date },
): Promise<LostDealEventCount[]> {
  const e = domainEvents;
  const lostReason = sql<string | null>`${e.payload} ->> 'lostReason'`;
  const dismissedBy = sql<string | null>`${e.payload} ->> 'dismissedBy'`;
  const paired = and(
    isNotNull(sql`${e.payload} ->> 'suggestionId'`),
    isNotNull(sql`${e.payload} ->> 'expertId'`),
    isNotNull(sql`${e.payload} ->> 'companyId'`),
  );
  const rows = await ex
    .select({ type: e.type, lostReason, dismissedBy, count: count() })
    .from(e)
    .where(
      and(
        inArray(e.type, [...lostDealEventTypes]),
        gte(e.createdAt, range.from),
        lt(e.createdAt, range.to),
        or(ne(e.type, 'suggestion.dismissed'), paired),
      ),
    )
    .groupBy(e.type, lostReason, dismissedBy);
  return rows.map((r) => ({
    type: r.type as LostDealEventCount['type'],
    lostReason: r.lostReason,
    dismissedBy: r.dismissedBy,
    count: Number(r.count),
  }));
}
