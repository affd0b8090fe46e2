/**
 * The events module: the one owner of `domain_events`. A change publishes its event in its own transaction;
 * the subscriptions fixed in app.ts fan it out to outbox topics.
 */
export {
  createEventPublisher,
  type DomainEvent,
  type DomainEventMessage,
  type DomainEventType,
  domainEventTypes,
  type EventSubscriptions,
  type PublishEvent,
} from './events.ts';
