import { AssociationTypes } from '@hubspot/api-client';
import { AssociationSpecAssociationCategoryEnum } from '@hubspot/api-client/lib/codegen/crm/deals/index.js';
import type { HubSpotSettings } from '../../config.ts';
import { PermanentJobError } from '../../outbox/outbox.ts';
import type { DealChange, NewDeal } from './gateway.ts';
import type { CrmProperties } from './properties.ts';

/**
 * How the mirror's records are written in HubSpot, for the single calls (hubspot.gateway.ts) and the batch calls
 * (hubspot-batch.ts) alike.
 *
 * Our ids on HubSpot's records. Both are unique-value properties in HubSpot, so a record is read by them at once
 * (`idProperty`, no search index lag) and a second create with the same value is refused (400 "already has that
 * value"; a contact's taken e-mail 409): a retried or re-run delivery finds the record instead of doubling it.
 */
export const hubspotIds = {
  member: 'intergen_member_id',
  dealKey: 'intergen_deal_key',
  /** The newest domain event applied to a deal (a late delivery moves nothing back). */
  lastEvent: 'intergen_last_event_id',
} as const;

/** Property values as HubSpot takes them: strings, a cleared value as "". */
export const toHubSpot = (properties: CrmProperties): Record<string, string> =>
  Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, v === null ? '' : String(v)]));

function stageId(settings: HubSpotSettings, stage: string): string {
  const id = settings.stageIds[stage];
  if (!id) throw new PermanentJobError(`HubSpot: no stage id configured for '${stage}'`);
  return id;
}

/** A new deal's properties and its `deal_to_contact` associations (spec 001 §7), in the create: never a deal alone. */
export function dealCreateInput(settings: HubSpotSettings, deal: NewDeal) {
  const names = [deal.properties.initiator_name, deal.properties.recipient_name].filter(Boolean);
  return {
    properties: toHubSpot({
      ...deal.properties,
      dealname: names.length === 2 ? names.join(' – ') : `InterGen ${deal.pipeline} deal`,
      pipeline: settings.pipelines[deal.pipeline],
      dealstage: stageId(settings, deal.stage),
      closed_lost_reason: deal.lostReason,
      [hubspotIds.dealKey]: deal.dealKey,
      [hubspotIds.lastEvent]: deal.eventId,
    }),
    associations: deal.contactIds.map((id) => ({
      to: { id },
      types: [
        {
          associationCategory: AssociationSpecAssociationCategoryEnum.HubspotDefined,
          associationTypeId: AssociationTypes.dealToContact,
        },
      ],
    })),
  };
}

/** The properties a deal's step writes: its stage id, lost reason, properties and the event applied. */
export function dealUpdateProperties(settings: HubSpotSettings, change: DealChange): Record<string, string> {
  const properties: CrmProperties = { ...(change.properties ?? {}) };
  if (change.stage !== undefined) properties.dealstage = stageId(settings, change.stage);
  if (change.lostReason !== undefined) properties.closed_lost_reason = change.lostReason;
  if (change.eventId != null) properties[hubspotIds.lastEvent] = change.eventId;
  return toHubSpot(properties);
}

/**
 * A deal found by our key in a pipeline not ours: a HubSpot user moved it there. The mirror can neither move it
 * nor make it again (the key is taken), so the delivery is parked for an admin with what happened.
 */
export const movedDealError = (dealId: string, dealKey: string, pipeline: string | null | undefined) =>
  new PermanentJobError(
    `HubSpot deal ${dealId} (${hubspotIds.dealKey} ${dealKey}) was moved in HubSpot to pipeline ` +
      `${pipeline ?? '(none)'}, which is not one of InterGen's: the mirror no longer updates it`,
  );
