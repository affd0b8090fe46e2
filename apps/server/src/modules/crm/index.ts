/**
 * The crm module: the one owner of `crm_contacts`, `crm_deals` and `crm_deal_stages`. The CRM mirror (spec 000
 * §4, 001 §7/§8, DESIGN.md §6): every connection and My Network step becomes a deal moving through its stages
 * and every member a contact, from the outbox (never in a member's request), through one gateway: the built-in
 * CRM by default, HubSpot when configured. It also serves the spec's proxy calls and the admin's CRM pages.
 */

export {
  type CrmDeliveryOutcome,
  type CrmService,
  createCrmService,
  crmBatchHandlers,
  crmJobHandlers,
} from './crm.factory.ts';
export { crmEventTopic } from './crm.topics.ts';
export type { CrmGateway } from './gateway.ts';
export { hubspotGateway, hubspotIds } from './hubspot.gateway.ts';
export { portalClient } from './hubspot-check.ts';
export { type HubSpotRatePolicy, hubspotRatePolicies } from './hubspot-pace.ts';
export { setUpPortal, setupReport } from './hubspot-setup.ts';
export { crmRecordsOfMember, type MemberCrmRecords } from './member-data.repository.ts';
export { type PortalWatch, watchPortal } from './portal-watch.ts';
