import { crmEventTopic } from '../modules/crm/index.ts';
import {
  type DomainEventType,
  domainEventTypes,
  type EventSubscriptions,
  type EventTopic,
} from '../modules/events/index.ts';
import { matchingProfileTopic } from '../modules/matching/index.ts';

/**
 * Which outbox topics receive which domain events; each topic has its handler in the worker's `handlers`.
 * Matching rescoring follows `matching.requested` (publish, submit, approval, a matching field changed) and a
 * profile coming back to the community; the CRM subscribes here too.
 */
export const eventSubscriptions: EventSubscriptions = subscribe(
  {
    'matching.requested': [matchingProfileTopic],
    'profile.unpaused': [matchingProfileTopic],
    'profile.activated': [matchingProfileTopic],
  },
  // The CRM mirror: every connection, suggestion dismissal, My Network step and profile change.
  domainEventTypes.filter(
    (type) =>
      type.startsWith('connection.') ||
      type.startsWith('network.') ||
      type.startsWith('profile.') ||
      type === 'survey.submitted' ||
      type === 'suggestion.dismissed' ||
      type === 'member.deleted',
  ),
  crmEventTopic,
);

/** Adds one topic to the subscriptions of some event types. */
function subscribe(
  base: EventSubscriptions,
  types: readonly DomainEventType[],
  topic: EventTopic,
): EventSubscriptions {
  const result: EventSubscriptions = { ...base };
  for (const type of types) result[type] = [...(result[type] ?? []), topic];
  return result;
}
