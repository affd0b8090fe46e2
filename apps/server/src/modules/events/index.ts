/**
 * The events module: the one owner of `domain_events`. A change publishes its event in its own transaction
 * (each event type has a zod schema, checked when it is written); the subscriptions fixed in composition/subscriptions.ts fan it out
 * to outbox topics, whose handlers parse it again.
 */
export * from './events.ts';
export {
  countLostDealEvents,
  type LostDealEventCount,
  lostDealEventsOfMemberPerWeek,
} from './lost-deals.repository.ts';
export { anonymiseDeletionEvent, purgeMemberEvents } from './member-data.repository.ts';
export {
  addRetainedCounts,
  lockRetainedCounts,
  type RetainedCount,
  retainedCounts,
} from './retained.repository.ts';
