import {
  type DealStage,
  dealStages,
  myNetworkPath,
  myNetworkSections,
  nextDealStage,
  recommendationLostReason,
  routes,
  semicolonJoined,
} from '@intergen/domain';
import type { DomainEventMessage } from '../events/index.ts';
import * as members from '../members/index.ts';
import {
  type CrmContext,
  createDeal,
  createNetworkDeal,
  moveDeal,
  requestStage,
  syncContact,
} from './crm.service.ts';
import { dealPartyDeleted, forgetMember } from './forget.ts';
import type { CrmDeal } from './gateway.ts';
import type { CrmProperties } from './properties.ts';

/** What one event asks of a deal: the stage it moves to, its lost reason, and the properties it sets. */
interface DealStep {
  stage: string;
  lostReason: string | null;
  properties: CrmProperties;
}

/**
 * The recipient's magic link (DESIGN.md §6): names the member and the deal, is not a credential; its page's
 * `Sign in with a one-time link` mails that member a fresh single-use link to the redirect.
 */
export function magicLink(appUrl: string, recipientId: string, dealId: string): string {
  const query = new URLSearchParams({
    login: recipientId,
    deal: dealId,
    redirect: myNetworkPath(myNetworkSections[0]),
  });
  return `${appUrl}${routes.loginOptions}?${query.toString()}`;
}

type ConnectionMessage = Extract<
  DomainEventMessage,
  { payload: { suggestionId: string; requestId: string } }
>;

/** The deal step of a connection event (spec 000 §4 "CRM deal stages"; docs in the events README). */
async function connectionStep(ctx: CrmContext, event: ConnectionMessage): Promise<DealStep> {
  const p = event.payload;
  const stage = (s: DealStage, properties: CrmProperties = {}, lostReason: string | null = null) => ({
    stage: s,
    lostReason,
    properties,
  });
  switch (event.type) {
    case 'connection.requested':
    case 'connection.released': {
      const names = await members.memberNames(ctx.db, [p.senderId, p.recipientId]);
      const expert = await members.findProfile(ctx.db, p.expertId);
      return stage(requestStage(p.isPending), {
        intergen_deal_id: p.dealId,
        connection_requested_by: p.requestedBy,
        request_message: event.payload.message,
        recipient_magic_link: p.dealId ? magicLink(ctx.appUrl, p.recipientId, p.dealId) : null,
        match_score: event.payload.score,
        initiator_name: names.get(p.senderId)?.name ?? null,
        recipient_name: names.get(p.recipientId)?.name ?? null,
        industry_experience:
          semicolonJoined(
            (expert?.data as unknown as { experience?: Record<string, boolean> } | undefined)?.experience,
          ) || null,
        profile_url: `${ctx.appUrl}/view/${p.senderId}`,
      });
    }
    case 'connection.accepted':
      return stage(dealStages.complete);
    case 'connection.denied':
    case 'connection.dismissed':
    case 'connection.cancelled':
      return stage(dealStages.abandoned, {}, event.payload.lostReason);
    case 'connection.closed':
      return stage(event.payload.surveyed ? dealStages.surveySent : dealStages.closed);
    case 'survey.submitted':
      return stage(dealStages.surveySent, {
        rating: event.payload.rating,
        [`${event.payload.ratedKind === 'expert' ? 'expert' : 'venture'}_rating`]: event.payload.rating,
      });
  }
}

/**
 * Applies a step to the deal of `dealKey`, or makes the deal. A step older than the last one applied (a retried
 * delivery arriving after a later step) moves nothing back and only fills properties the deal still lacks.
 */
async function applyStep(
  ctx: CrmContext,
  existing: CrmDeal | null,
  event: DomainEventMessage,
  step: DealStep,
  create: () => Promise<string>,
): Promise<void> {
  const { eventId } = event;
  if (!existing) {
    await create();
    return;
  }
  if (existing.lastEventId !== null && existing.lastEventId >= eventId) {
    const missing = Object.fromEntries(
      Object.entries(step.properties).filter(([k, v]) => v !== null && existing.properties[k] == null),
    );
    if (Object.keys(missing).length > 0) await ctx.gateway.updateDeal(existing.id, { properties: missing });
    return;
  }
  const stage =
    existing.pipeline === 'connection'
      ? nextDealStage(existing.stage as DealStage, step.stage as DealStage)
      : step.stage;
  await moveDeal(ctx, existing, {
    stage,
    reason: stage === step.stage ? step.lostReason : existing.lostReason,
    properties: step.properties,
    eventId,
    at: eventTime(event),
  });
}

/** When the event happened; a delivery queued before events carried their time is dated when applied. */
const eventTime = (event: DomainEventMessage) => (event.occurredAt ? new Date(event.occurredAt) : null);

/** The create of the step's deal under `dealKey`, dated by the event. */
const newDeal = (step: DealStep, dealKey: string, event: DomainEventMessage) => ({
  stage: step.stage,
  reason: step.lostReason,
  properties: step.properties,
  dealKey,
  eventId: event.eventId,
  at: eventTime(event),
});

/** The profile events that change what the CRM's contact shows (status, dates, account state, applied edits). */
function changesContact(event: DomainEventMessage): boolean {
  if (event.type === 'profile.updated') {
    const p = event.payload;
    // Autosaves of an unpublished draft or held edits are not mirrored; Update, onboarding and the yearly
    // confirmation are (spec 000 §2: Update "syncs contact info to the CRM").
    return !!(p.applied || p.onboardingComplete || p.annualConfirmation);
  }
  return event.type.startsWith('profile.');
}

/**
 * The CRM handler of one domain event (spec 000 §4): connection steps and a dismissed suggestion move the
 * pair's deal (keyed by the suggestion), My Network steps the network request's deal, profile changes the
 * member's contact, a deleted account removes it. Idempotent: a deal is found by its key before one is made, and
 * an event already applied changes nothing. A step of a deal whose member was deleted meanwhile does nothing.
 */
export async function applyCrmEvent(ctx: CrmContext, event: DomainEventMessage): Promise<void> {
  if (event.type.startsWith('profile.')) {
    if (changesContact(event)) await syncContact(ctx, (event.payload as { profileId: string }).profileId);
    return;
  }
  if (event.type === 'member.deleted') return forgetMember(ctx, event.payload.memberId);
  if (await dealPartyDeleted(ctx, event)) return;
  if (event.type === 'suggestion.dismissed') {
    const p = event.payload;
    if (!p.suggestionId || !p.expertId || !p.companyId) return; // no pair, no deal
    const { suggestionId, expertId, companyId } = p;
    const step: DealStep = {
      stage: dealStages.abandoned,
      lostReason: recommendationLostReason(p.dismissedBy),
      properties: {},
    };
    const existing = await ctx.gateway.findDealByKey(suggestionId);
    await applyStep(ctx, existing, event, step, () =>
      createDeal(ctx, { expert: expertId, venture: companyId, ...newDeal(step, suggestionId, event) }),
    );
    return;
  }
  if (event.type.startsWith('network.')) {
    const p = (event as Extract<DomainEventMessage, { type: `network.${string}` }>).payload;
    const step: DealStep = {
      stage: p.stage,
      lostReason: p.lostReason,
      properties: { initiator_name: p.initiatorName, recipient_name: p.recipientName },
    };
    const existing = await ctx.gateway.findDealByKey(p.requestId);
    await applyStep(ctx, existing, event, step, () =>
      createNetworkDeal(ctx, {
        initiator: p.initiatorId,
        recipient: p.recipientId,
        ...newDeal(step, p.requestId, event),
      }),
    );
    return;
  }
  if ('suggestionId' in event.payload && 'requestId' in event.payload) {
    const connection = event as ConnectionMessage;
    const p = connection.payload;
    const step = await connectionStep(ctx, connection);
    const existing = await ctx.gateway.findDealByKey(p.suggestionId);
    await applyStep(ctx, existing, event, step, () =>
      createDeal(ctx, { expert: p.expertId, venture: p.companyId, ...newDeal(step, p.suggestionId, event) }),
    );
  }
}
