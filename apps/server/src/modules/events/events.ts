import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { enqueue } from '../../outbox/outbox.ts';
import { defineTopic, type OutboxTopic } from '../../outbox/topic.ts';
import { publishAdminLive } from '../live/index.ts';
import {
  type DomainEvent,
  DomainEventMessageSchema,
  DomainEventSchema,
  type DomainEventType,
} from './event-schemas.ts';
import { insertEvent } from './events.repository.ts';

export * from './event-schemas.ts';

/**
 * An outbox topic that receives domain events: its handler gets the parsed `DomainEventMessage`. With
 * `orderingKey`, the deliveries of events with the same key run one after the other, in the events' order.
 */
export type EventTopic = OutboxTopic<typeof DomainEventMessageSchema> & EventTopicOptions;

export interface EventTopicOptions {
  orderingKey?: (event: DomainEvent) => string | null;
  /** How many failed deliveries before a row is parked as dead (the outbox's default otherwise). */
  maxAttempts?: number;
}

/** Defines a subscriber's outbox topic for domain events (subscribed to event types in app.ts). */
export function eventTopic(name: string, options: EventTopicOptions = {}): EventTopic {
  return { ...defineTopic(name, DomainEventMessageSchema), ...options };
}

/**
 * Which outbox topics receive which event types, fixed when the app is built. A topic listed here must have
 * an outbox handler registered in app.ts.
 */
export type EventSubscriptions = Partial<Record<DomainEventType, readonly EventTopic[]>>;

/**
 * Every event that may change a profile (`profile.*`, `matching.requested`, `member.deleted`) names its member on
 * this channel, delivered on commit to every instance: in-memory copies of profiles (matching's packed
 * counterparts) read that member again.
 */
export const memberChangesChannel = 'intergen_member_changes';

/** Announces on commit that member `id` changed (publishEvent does it; so may a test that writes rows itself). */
export async function announceMemberChange(ex: Executor, memberId: string): Promise<void> {
  await ex.execute(sql`SELECT pg_notify(${memberChangesChannel}, ${memberId})`);
}

function changedMemberOf(event: DomainEvent): string | null {
  if (event.type === 'member.deleted') return event.payload.memberId;
  if (event.type.startsWith('profile.') || event.type === 'matching.requested') {
    return (event.payload as { profileId?: string }).profileId ?? null;
  }
  return null;
}

/**
 * Makes `publishEvent(tx, event)`, dated by `now` (the analytics count lost deals by it): checks the event against its type's schema (a wrong payload is a programming
 * error: it throws, and the caller's transaction rolls back), appends it to `domain_events` in the caller's
 * transaction and enqueues one outbox row per topic subscribed to its type, so the event and its deliveries
 * commit (or roll back) with the change that caused them.
 */
export function createEventPublisher(subscriptions: EventSubscriptions = {}, now = () => new Date()) {
  return async function publishEvent(tx: Executor, event: DomainEvent): Promise<number> {
    const parsed = DomainEventSchema.parse(event);
    const occurredAt = now();
    const eventId = await insertEvent(tx, { ...parsed, createdAt: occurredAt });
    const member = changedMemberOf(parsed);
    if (member) await announceMemberChange(tx, member);
    // A member's row in the admins' Members console changed: their open lists read it again.
    if (member && parsed.type !== 'matching.requested') await publishAdminLive(tx, ['adminMembers']);
    const topics = subscriptions[parsed.type] ?? [];
    await enqueue(
      tx,
      topics.map((topic) =>
        topic.message(
          { eventId, occurredAt: occurredAt.getTime(), ...parsed },
          {
            idempotencyKey: `${topic.name}:event:${eventId}`,
            orderingKey: topic.orderingKey?.(parsed) ?? null,
            ...(topic.maxAttempts ? { maxAttempts: topic.maxAttempts } : {}),
            // The one delivery that names a deleted member goes once it has done its work (DESIGN.md §4).
            ...(parsed.type === 'member.deleted' ? { forgetWhenDone: true } : {}),
          },
        ),
      ),
    );
    return eventId;
  };
}

export type PublishEvent = ReturnType<typeof createEventPublisher>;
