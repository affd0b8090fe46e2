import type { DomainEventMessage } from '../events/index.ts';
import * as members from '../members/index.ts';
import type { CrmContext } from './crm.service.ts';
import { forgetSentOf, sentKey } from './sent-properties.ts';

/**
 * The CRM side of a deleted account (DESIGN.md §4, `member.deleted`): the cached contact id is dropped and the
 * contact removed — the built-in CRM deletes it with the member's deals, HubSpot GDPR-deletes it and anonymises
 * their deals — and what the mirror remembered of those records goes too. Idempotent.
 */
export async function forgetMember(ctx: CrmContext, memberId: string): Promise<void> {
  ctx.contactIds.delete(memberId);
  const removed = await ctx.gateway.removeContact(memberId);
  if (!removed) return;
  const records = [
    sentKey('contact', removed.contactId),
    ...removed.dealIds.map((id) => sentKey('deal', id)),
  ];
  await forgetSentOf(ctx.db, records);
}

/** The members a deal event is about: the expert and company of a suggestion or request, or two experts. */
function dealParties(event: DomainEventMessage): string[] {
  const p = event.payload as Record<string, unknown>;
  const ids = [p.expertId, p.companyId, p.initiatorId, p.recipientId];
  return ids.filter((id): id is string => typeof id === 'string');
}

/**
 * Whether a party of a deal event no longer exists (their account was deleted while the delivery waited): such a
 * step ends quietly instead of failing until the row is parked, since no retry can bring the member back.
 */
export async function dealPartyDeleted(ctx: CrmContext, event: DomainEventMessage): Promise<boolean> {
  for (const id of new Set(dealParties(event))) {
    if (!(await members.findUserById(ctx.db, id))) return true;
  }
  return false;
}
