import type { Executor } from '../../db/client.ts';
import { enqueue } from '../../outbox/outbox.ts';
import { insertEvent } from './events.repository.ts';

/** Every domain event type the app publishes. Subscribers (CRM, matching) name these in the registry. */
export const domainEventTypes = [
  'profile.updated',
  'profile.submitted',
  'profile.published',
  'profile.approved',
  'profile.unpublished',
  'profile.paused',
  'profile.unpaused',
  'profile.deactivated',
  'profile.activated',
  'profile.disabled',
  'profile.verified',
  'profile.unverified',
  'profile.privacy_changed',
  'matching.requested',
  'suggestion.created',
  'suggestion.dismissed',
  'connection.requested',
  'connection.released',
  'connection.accepted',
  'connection.denied',
  'connection.dismissed',
  'connection.cancelled',
  'connection.closed',
  'survey.submitted',
] as const;
export type DomainEventType = (typeof domainEventTypes)[number];

export interface DomainEvent {
  type: DomainEventType;
  /** The member the event is about. */
  userId: string;
  payload: Record<string, unknown>;
}

/** What a subscriber's outbox handler receives as the row's payload. */
export interface DomainEventMessage extends DomainEvent {
  eventId: number;
}

/**
 * Which outbox topics receive which event types, fixed when the app is built. A topic listed here must have
 * an outbox handler registered in app.ts.
 */
export type EventSubscriptions = Partial<Record<DomainEventType, readonly string[]>>;

/**
 * Makes `publishEvent(tx, event)`: appends the event to `domain_events` in the caller's transaction and
 * enqueues one outbox row per topic subscribed to its type, so the event and its deliveries commit (or roll
 * back) with the change that caused them.
 */
export function createEventPublisher(subscriptions: EventSubscriptions = {}) {
  return async function publishEvent(tx: Executor, event: DomainEvent): Promise<number> {
    const eventId = await insertEvent(tx, event);
    const topics = subscriptions[event.type] ?? [];
    await enqueue(
      tx,
      topics.map((topic) => ({
        topic,
        payload: { eventId, ...event } satisfies DomainEventMessage,
        idempotencyKey: `${topic}:event:${eventId}`,
      })),
    );
    return eventId;
  };
}

export type PublishEvent = ReturnType<typeof createEventPublisher>;
