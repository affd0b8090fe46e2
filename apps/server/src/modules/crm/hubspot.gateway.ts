import { AssociationTypes, Client } from '@hubspot/api-client';
import { AssociationSpecAssociationCategoryEnum } from '@hubspot/api-client/lib/codegen/crm/deals/index.js';
import type { CrmPipeline } from '@intergen/domain';
import type { HubSpotSettings } from '../../config.ts';
import { PermanentJobError, RetryLaterError } from '../../outbox/outbox.ts';
import type { CrmDeal, CrmGateway, DealChange, NewDeal } from './gateway.ts';
import { type ContactRecord, type CrmProperties, dealPropertyNames } from './properties.ts';

/**
 * Our ids on HubSpot's records. Both are unique-value properties in HubSpot, so a record is read by them at once
 * (`idProperty`, no search index lag) and a second create with the same value is refused (409): a retried or
 * re-run delivery finds the record instead of doubling it.
 */
export const hubspotIds = {
  member: 'intergen_member_id',
  dealKey: 'intergen_deal_key',
  /** The newest domain event applied to a deal (a late delivery moves nothing back). */
  lastEvent: 'intergen_last_event_id',
} as const;

/** HubSpot's own deal properties the mirror writes. */
const dealFields = ['dealname', 'pipeline', 'dealstage', 'closed_lost_reason'] as const;

/** Retries of one call that failed for a moment (5xx, connection reset), before the outbox's long backoff. */
export const quickRetryDelaysMs: readonly number[] = [25, 100];

/** HubSpot's answer when no Retry-After is given with a 429 (its rolling window is ten seconds). */
const defaultRetryAfterMs = 10_000;

interface HttpFailure {
  code?: number | string;
  body?: { message?: string; category?: string } | string;
  headers?: Record<string, string>;
}

const statusOf = (error: unknown) => {
  const code = (error as HttpFailure | null)?.code;
  return typeof code === 'number' ? code : null;
};

/**
 * HubSpot's 400 for refused property values carries them as JSON after its message
 * (`Property values were not valid: [{"name":"dealstage","message":"… was not one of the allowed options: […]"}]`):
 * each is named with its reason, the list of allowed options left out.
 */
function refusedValues(message: string): string {
  const prefix = 'Property values were not valid: ';
  if (!message.startsWith(prefix)) return message;
  try {
    const refused = JSON.parse(message.slice(prefix.length)) as { name?: string; message?: string }[];
    const named = refused.map((r) => `${r.name ?? '?'} (${(r.message ?? '').replace(/: \[[\s\S]*$/, '')})`);
    return `HubSpot refused the property ${named.join(', ')}`;
  } catch {
    return message;
  }
}

/** HubSpot's message for a failed call, short enough for an outbox row's last error (no headers, no token). */
function failureText(error: unknown): string {
  const e = error as HttpFailure;
  const status = statusOf(error);
  const message = typeof e.body === 'string' ? e.body : e.body?.message;
  const body = message && status === 400 ? refusedValues(message) : message;
  if (status !== null) return `HTTP ${status}${body ? `: ${body}` : ''}`;
  return typeof e.code === 'string' ? e.code : error instanceof Error ? error.message : String(error);
}

function retryAfterMs(error: unknown): number {
  const headers = (error as HttpFailure).headers ?? {};
  const value = Object.entries(headers).find(([k]) => k.toLowerCase() === 'retry-after')?.[1];
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * 1000) : defaultRetryAfterMs;
}

/** Worth trying again at once: HubSpot's 5xx, or no answer at all (a reset or refused connection). */
const isTransient = (error: unknown) => {
  const status = statusOf(error);
  return status === null ? typeof (error as HttpFailure)?.code === 'string' : status >= 500;
};

const toHubSpot = (properties: CrmProperties): Record<string, string> =>
  Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, v === null ? '' : String(v)]));

const fromHubSpot = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value === '' ? null : value;

export interface HubSpotGatewayOptions {
  /** For tests and the benchmark: waits between quick retries (default 25 ms, 100 ms). */
  quickRetryDelaysMs?: readonly number[];
  /** Hears of every 429 HubSpot answers (the metrics). */
  onRateLimited?: () => void;
}

/** A failed call as the gateway reports it: HubSpot's status kept for the callers that expect one (404, 409). */
class HubSpotCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

const statusIs = (error: unknown, status: number) =>
  error instanceof HubSpotCallError && error.status === status;

/**
 * The failure policy of every HubSpot call. A 429 becomes a `RetryLaterError` after HubSpot's `Retry-After`,
 * and until then every call waits its turn in the outbox instead of being sent; a 5xx or a dropped connection
 * is tried again at once (twice), then left to the outbox's backoff; a 400 (a property HubSpot does not know, a
 * value it refuses) cannot mend by itself and parks the row for an admin at once.
 */
function hubspotCaller(delays: readonly number[], onRateLimited: () => void) {
  let pausedUntil = 0;

  /** One call; `what` names it in the outbox's last error. */
  async function call<T>(what: string, send: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const wait = pausedUntil - Date.now();
      if (wait > 0) throw new RetryLaterError(`HubSpot rate limit: ${what} waits ${wait} ms`, wait);
      try {
        return await send();
      } catch (error) {
        const status = statusOf(error);
        if (status === 429) {
          onRateLimited();
          const after = retryAfterMs(error);
          pausedUntil = Math.max(pausedUntil, Date.now() + after);
          throw new RetryLaterError(`HubSpot ${what}: ${failureText(error)}`, after);
        }
        if (isTransient(error) && attempt < delays.length) {
          await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
          continue;
        }
        if (status === 400) throw new PermanentJobError(`HubSpot ${what}: ${failureText(error)}`);
        throw new HubSpotCallError(`HubSpot ${what}: ${failureText(error)}`, status);
      }
    }
  }

  return {
    call,
    /** A read that answers null for a record HubSpot does not have. */
    async find<T>(what: string, read: () => Promise<T>): Promise<T | null> {
      try {
        return await call(what, read);
      } catch (error) {
        if (statusIs(error, 404)) return null;
        throw error;
      }
    },
    /** A create that, refused because its unique id is taken (a delivery that ran before), finds that record. */
    async createOnce(what: string, create: () => Promise<string>, existing: () => Promise<string | null>) {
      try {
        return await call(what, create);
      } catch (error) {
        if (!statusIs(error, 409)) throw error;
        const id = await existing();
        if (!id) throw error;
        return id;
      }
    },
  };
}

type Caller = ReturnType<typeof hubspotCaller>;

/** HubSpot's contacts: one per member, found by our member id (or adopted by e-mail). */
function contactCalls(client: Client, { call, find, createOnce }: Caller) {
  const read = (id: string, idProperty: string) =>
    find('contact lookup', () =>
      client.crm.contacts.basicApi.getById(id, [hubspotIds.member], undefined, undefined, false, idProperty),
    );
  const propertiesOf = (record: ContactRecord) =>
    toHubSpot({ ...record.properties, email: record.email, [hubspotIds.member]: record.memberId });

  const findContactId = async (memberId: string) => (await read(memberId, hubspotIds.member))?.id ?? null;

  /** A contact HubSpot already had for this e-mail (a lead from before sign-up) becomes the member's. */
  async function adoptByEmail(record: ContactRecord): Promise<string | null> {
    const found = await read(record.email, 'email');
    if (!found || fromHubSpot(found.properties[hubspotIds.member]) !== null) return null;
    await call('contact update', () =>
      client.crm.contacts.basicApi.update(found.id, { properties: { [hubspotIds.member]: record.memberId } }),
    );
    return found.id;
  }

  return {
    findContactId,
    createContact: (record: ContactRecord) =>
      createOnce(
        'contact create',
        async () =>
          (await client.crm.contacts.basicApi.create({ properties: propertiesOf(record), associations: [] }))
            .id,
        async () => (await findContactId(record.memberId)) ?? (await adoptByEmail(record)),
      ),
    updateContact: async (id: string, record: ContactRecord) => {
      await call('contact update', () =>
        client.crm.contacts.basicApi.update(id, { properties: propertiesOf(record) }),
      );
    },
    /** Archives a deleted member's contact (HubSpot's recycling bin); one already gone is not a failure. */
    removeContact: async (memberId: string) => {
      const id = await findContactId(memberId);
      if (!id) return;
      await find('contact archive', () => client.crm.contacts.basicApi.archive(id));
    },
  };
}

/** A HubSpot deal in our terms (pipeline and stage names, not ids); null for a deal of another pipeline. */
function dealOf(settings: HubSpotSettings) {
  const pipelineOf = new Map(
    Object.entries(settings.pipelines).map(([name, id]) => [id, name as CrmPipeline]),
  );
  const stageOf = new Map(Object.entries(settings.stageIds).map(([name, id]) => [id, name]));
  return (deal: { id: string; properties: Record<string, string | null> }): CrmDeal | null => {
    const p = deal.properties;
    const pipeline = pipelineOf.get(p.pipeline ?? '');
    if (!pipeline) return null;
    const lastEvent = fromHubSpot(p[hubspotIds.lastEvent]);
    return {
      id: deal.id,
      pipeline,
      dealKey: fromHubSpot(p[hubspotIds.dealKey]),
      stage: stageOf.get(p.dealstage ?? '') ?? p.dealstage ?? '',
      lostReason: fromHubSpot(p.closed_lost_reason),
      properties: Object.fromEntries(dealPropertyNames.map((k) => [k, fromHubSpot(p[k])])),
      lastEventId: lastEvent === null ? null : Number(lastEvent),
    };
  };
}

/** HubSpot's deals of the two pipelines, found by our deal key, associated to both contacts on create. */
function dealCalls(client: Client, settings: HubSpotSettings, { call, find, createOnce }: Caller) {
  const toDeal = dealOf(settings);
  const readProperties = [...dealFields, hubspotIds.dealKey, hubspotIds.lastEvent, ...dealPropertyNames];
  const stageId = (stage: string) => {
    const id = settings.stageIds[stage];
    if (!id) throw new PermanentJobError(`HubSpot: no stage id configured for '${stage}'`);
    return id;
  };

  const read = async (what: string, id: string, idProperty?: string) => {
    const deal = await find(what, () =>
      client.crm.deals.basicApi.getById(id, readProperties, undefined, undefined, false, idProperty),
    );
    return deal ? toDeal(deal) : null;
  };

  async function create(deal: NewDeal): Promise<string> {
    const names = [deal.properties.initiator_name, deal.properties.recipient_name].filter(Boolean);
    const created = await client.crm.deals.basicApi.create({
      properties: toHubSpot({
        ...deal.properties,
        dealname: names.length === 2 ? names.join(' – ') : `InterGen ${deal.pipeline} deal`,
        pipeline: settings.pipelines[deal.pipeline],
        dealstage: stageId(deal.stage),
        closed_lost_reason: deal.lostReason,
        [hubspotIds.dealKey]: deal.dealKey,
        [hubspotIds.lastEvent]: deal.eventId,
      }),
      // HubSpot's `deal_to_contact` (spec 001 §7 association constants), in the create: never a deal alone.
      associations: deal.contactIds.map((id) => ({
        to: { id },
        types: [
          {
            associationCategory: AssociationSpecAssociationCategoryEnum.HubspotDefined,
            associationTypeId: AssociationTypes.dealToContact,
          },
        ],
      })),
    });
    return created.id;
  }

  return {
    findDealByKey: (key: string) => read('deal lookup', key, hubspotIds.dealKey),
    // HubSpot's ids are numbers: anything else names no deal.
    findDeal: async (id: string) => (/^\d{1,20}$/.test(id) ? read('deal read', id) : null),
    createDeal: (deal: NewDeal) =>
      createOnce(
        'deal create',
        () => create(deal),
        async () =>
          deal.dealKey ? ((await read('deal lookup', deal.dealKey, hubspotIds.dealKey))?.id ?? null) : null,
      ),
    updateDeal: async (id: string, change: DealChange) => {
      const properties: CrmProperties = { ...(change.properties ?? {}) };
      if (change.stage !== undefined) properties.dealstage = stageId(change.stage);
      if (change.lostReason !== undefined) properties.closed_lost_reason = change.lostReason;
      if (change.eventId != null) properties[hubspotIds.lastEvent] = change.eventId;
      await call('deal update', () =>
        client.crm.deals.basicApi.update(id, { properties: toHubSpot(properties) }),
      );
    },
  };
}

/**
 * The CRM in HubSpot, through the official client: contacts carry our member id, deals our deal key and the
 * pipeline and stage ids of the configuration. Every call goes through `hubspotCaller`'s failure policy.
 */
export function hubspotGateway(settings: HubSpotSettings, options: HubSpotGatewayOptions = {}): CrmGateway {
  const client = new Client({ accessToken: settings.accessToken, basePath: settings.baseUrl });
  const caller = hubspotCaller(
    options.quickRetryDelaysMs ?? quickRetryDelaysMs,
    options.onRateLimited ?? (() => {}),
  );
  return { name: 'hubspot', ...contactCalls(client, caller), ...dealCalls(client, settings, caller) };
}
