import type { CrmPipeline } from '@intergen/domain';
import type { ContactRecord, CrmProperties } from './properties.ts';

/** A deal as a gateway finds it. `lastEventId`: the newest domain event applied to it (null: none). */
/** The deal properties that name or point at a member: cleared in HubSpot when one of its parties is deleted. */
export const memberNamingDealProperties = [
  'initiator_name',
  'recipient_name',
  'request_message',
  'recipient_magic_link',
  'profile_url',
] as const;

export interface CrmDeal {
  id: string;
  pipeline: CrmPipeline;
  dealKey: string | null;
  stage: string;
  lostReason: string | null;
  properties: CrmProperties;
  lastEventId: number | null;
}

export interface NewDeal {
  pipeline: CrmPipeline;
  /** Ours: the suggestion's or the network request's id (null for a deal made through the proxy by hand). */
  dealKey: string | null;
  /** The expert and the venture, or the initiator and the recipient: CRM contact ids. */
  contactIds: readonly [string, string];
  stage: string;
  lostReason: string | null;
  properties: CrmProperties;
  eventId: number | null;
  /** When the step happened (its event's time): the built-in CRM dates the deal's history with it. */
  at?: Date | null;
}

export interface DealChange {
  stage?: string;
  /** Set with a lost stage, cleared (null) when a deal leaves it. */
  lostReason?: string | null;
  properties?: CrmProperties;
  eventId?: number | null;
  at?: Date | null;
}

/**
 * Where the CRM's records live: the built-in CRM (tables of ours) or HubSpot. The CRM service validates every
 * call (stages, reasons, parties) before a gateway sees it; a gateway only stores. Both are idempotent by
 * lookup: a contact by member id, a deal by its key, so a repeated delivery finds instead of creating.
 */
export interface CrmGateway {
  readonly name: 'local' | 'hubspot';
  findContactId(memberId: string): Promise<string | null>;
  /** Creates the contact (properties as given); returns its id. */
  createContact(record: ContactRecord): Promise<string>;
  /**
   * Sets the properties given (the others keep their values). False: the CRM has no contact of that id any more
   * (deleted, or merged into another by a CRM user); the caller looks the member's contact up again.
   */
  updateContact(contactId: string, record: ContactRecord): Promise<boolean>;
  /**
   * Forgets a deleted member's contact (DESIGN.md §4): the built-in CRM deletes it with the member's deals;
   * HubSpot GDPR-deletes it (gone for good, not in the recycling bin) and anonymises their deals (the properties
   * in `memberNamingDealProperties` cleared, the deal renamed), which stay for the other party's history.
   * Returns the ids forgotten; null when there was nothing to forget (a repeated delivery).
   */
  removeContact(memberId: string): Promise<{ contactId: string; dealIds: string[] } | null>;
  findDealByKey(dealKey: string): Promise<CrmDeal | null>;
  findDeal(id: string): Promise<CrmDeal | null>;
  /** Creates the deal associated to both contacts; returns its id. */
  createDeal(deal: NewDeal): Promise<string>;
  updateDeal(id: string, change: DealChange): Promise<void>;
  /** The same calls for many records in one request each, where the CRM has a batch API (HubSpot's). */
  readonly batch?: CrmBatchCalls;
}

/** A batch's write of one outbox job: `trace` (the job) names its outcome. */
export interface BatchWrite<T> {
  trace: string;
  input: T;
}

/** Each write's outcome by trace: null when done, else its failure. */
export type BatchOutcomes = Map<string, Error | null>;

/** A gateway's batch calls (crm/hubspot-batch.ts): reads by our ids, creates and updates, any number each. */
export interface CrmBatchCalls {
  /**
   * Deals by our deal key; a key HubSpot has no deal for is absent, one whose deal a HubSpot user moved to a
   * pipeline not ours maps to the error that parks its delivery.
   */
  readDealsByKey(keys: readonly string[]): Promise<Map<string, CrmDeal | Error>>;
  /** Contact ids by member id; a member without a contact is absent. */
  readContactIds(memberIds: readonly string[]): Promise<Map<string, string>>;
  /** Each contact's new id, or its failure. */
  createContacts(writes: BatchWrite<ContactRecord>[]): Promise<Map<string, string | Error>>;
  updateContacts(writes: BatchWrite<{ id: string; record: ContactRecord }>[]): Promise<BatchOutcomes>;
  /** Each deal's new id, or its failure. */
  createDeals(writes: BatchWrite<NewDeal>[]): Promise<Map<string, string | Error>>;
  updateDeals(writes: BatchWrite<{ id: string; change: DealChange }>[]): Promise<BatchOutcomes>;
}
