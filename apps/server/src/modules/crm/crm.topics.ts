import { z } from 'zod';
import { defineTopic } from '../../outbox/topic.ts';
import { type DomainEvent, eventTopic } from '../events/index.ts';

/**
 * The outbox key that keeps one CRM record's deliveries in order: a connection deal (the suggestion), a My
 * Network deal (the request) or a member's contact. A retried step holds back the later steps of its record only.
 */
export function crmOrderingKey(event: DomainEvent): string | null {
  const p = event.payload as Record<string, unknown>;
  if (event.type.startsWith('network.')) return `crm:network:${p.requestId}`;
  if (event.type.startsWith('profile.')) return `crm:contact:${p.profileId}`;
  if (event.type === 'member.deleted') return `crm:contact:${p.memberId}`;
  return typeof p.suggestionId === 'string' ? `crm:deal:${p.suggestionId}` : null;
}

/**
 * How often a CRM step is tried before it is parked for an admin: with the outbox's backoff (2 s doubling, at
 * most an hour) sixteen tries wait out about five hours of HubSpot being down.
 */
export const crmMaxAttempts = 16;

/** Every CRM mirror step: the domain events of connections, suggestions, My Network and profiles (app.ts). */
export const crmEventTopic = eventTopic('crm.event', {
  orderingKey: crmOrderingKey,
  maxAttempts: crmMaxAttempts,
});

/** A member's full contact update, after the spec's delay when the contact was just created. */
export const crmContactTopic = defineTopic('crm.contact', z.strictObject({ memberId: z.string().min(1) }));

/** The CRM's topics, whose dead rows the admin's CRM page lists and retries. */
export const crmTopicNames = [crmEventTopic.name, crmContactTopic.name] as const;
