import { and, count, gte, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { isoWeekOf } from '../../db/iso-week.ts';
import { domainEvents } from '../../db/schema.ts';
import type { DomainEventType } from './event-schemas.ts';
import { namingMember } from './member-data.repository.ts';

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
  const rows = await ex
    .select({ ...lostDealColumns(), count: count() })
    .from(e)
    .where(and(lostDealEvent(), gte(e.createdAt, range.from), lt(e.createdAt, range.to)))
    .groupBy(...lostDealGroups());
  return rows.map(toCount);
}

/**
 * The lost deals of `countLostDealEvents` among the events a member's deletion removes (theirs, and those whose
 * payload names them, as `purgeMemberEvents` finds them), per ISO week: what the analytics keep of them.
 */
export async function lostDealEventsOfMemberPerWeek(
  ex: Executor,
  userId: string,
): Promise<(LostDealEventCount & { week: string })[]> {
  const e = domainEvents;
  const week = isoWeekOf(e.createdAt);
  const rows = await ex
    .select({ ...lostDealColumns(), week, count: count() })
    .from(e)
    .where(and(lostDealEvent(), namingMember(userId)))
    .groupBy(...lostDealGroups(), week);
  return rows.map((r) => ({ ...toCount(r), week: r.week }));
}

function lostDealColumns() {
  const e = domainEvents;
  return {
    type: e.type,
    lostReason: sql<string | null>`${e.payload} ->> 'lostReason'`,
    dismissedBy: sql<string | null>`${e.payload} ->> 'dismissedBy'`,
  };
}

function lostDealGroups() {
  const { type, lostReason, dismissedBy } = lostDealColumns();
  return [type, lostReason, dismissedBy] as const;
}

function lostDealEvent() {
  const e = domainEvents;
  const paired = and(
    isNotNull(sql`${e.payload} ->> 'suggestionId'`),
    isNotNull(sql`${e.payload} ->> 'expertId'`),
    isNotNull(sql`${e.payload} ->> 'companyId'`),
  );
  return and(inArray(e.type, [...lostDealEventTypes]), or(ne(e.type, 'suggestion.dismissed'), paired));
}

function toCount(r: {
  type: string;
  lostReason: string | null;
  dismissedBy: string | null;
  count: number;
}): LostDealEventCount {
  return {
    type: r.type as LostDealEventCount['type'],
    lostReason: r.lostReason,
    dismissedBy: r.dismissedBy,
    count: Number(r.count),
  };
}
