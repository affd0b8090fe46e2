import { Client } from '@hubspot/api-client';
import type { CrmPipeline } from '@intergen/domain';
import type { HubSpotSettings } from '../../config.ts';
import { PermanentJobError, RetryLaterError } from '../../outbox/outbox.ts';
import {
  type CrmDeal,
  type CrmGateway,
  type DealChange,
  memberNamingDealProperties,
  type NewDeal,
} from './gateway.ts';
import { hubspotBatchCalls } from './hubspot-batch.ts';
import { type HubSpotPacer, type HubSpotRatePolicy, hubspotPacer, policyOf } from './hubspot-pace.ts';
import {
  dealCreateInput,
  dealUpdateProperties,
  hubspotIds,
  movedDealError,
  toHubSpot,
} from './hubspot-records.ts';
import { type ContactRecord, dealPropertyNames } from './properties.ts';

export { hubspotIds } from './hubspot-records.ts';

/** HubSpot's own deal properties the mirror writes. */
const dealFields = ['dealname', 'pipeline', 'dealstage', 'closed_lost_reason'] as const;

/** Retries of one call that failed for a moment (5xx, connection reset), before the outbox's long backoff. */
export const quickRetryDelaysMs: readonly number[] = [25, 100];

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

/** Worth trying again at once: HubSpot's 5xx, or no answer at all (a reset or refused connection). */
const isTransient = (error: unknown) => {
  const status = statusOf(error);
  return status === null ? typeof (error as HttpFailure)?.code === 'string' : status >= 500;
};

const fromHubSpot = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value === '' ? null : value;

export interface HubSpotGatewayOptions {
  /** For tests and the benchmark: waits between quick retries (default 25 ms, 100 ms). */
  quickRetryDelaysMs?: readonly number[];
  /** Hears of every 429 HubSpot answers, with the limit it names (the metrics). */
  onRateLimited?: (policy: HubSpotRatePolicy) => void;
  /**
   * The pace of the calls (hubspot-pace.ts); default: the gateway's own, at the settings' `rateLimit`. The app
   * builds one gateway per process (composition/services.ts), so every call of the process shares its pace;
   * each process paces itself under its own share of the portal's limit (`HUBSPOT_RATE_LIMIT` per instance).
   */
  pacer?: HubSpotPacer;
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
 * HubSpot's refusal of a value a record already holds: a contact's e-mail is answered 409 ("Contact already
 * exists. Existing ID: N"), a property made unique 400 "… already has that value" (parked as a 400 by `call`).
 */
const isDuplicate = (error: unknown) =>
  statusIs(error, 409) ||
  (error instanceof PermanentJobError && /already has that value/.test(error.message));

/**
 * The failure policy of every HubSpot call. Each call first waits its place in the pacer's rolling window, so
 * HubSpot's ten-second limit is not reached by design. A 429 still tells its limits apart: the day used up
 * (DAILY) pauses every call until HubSpot's day resets, the ten-second window for Retry-After, else the window
 * HubSpot names, else 10 s; until then each call becomes a `RetryLaterError` (its topic waits in the outbox). A
 * 5xx or a dropped connection is tried again at once (twice), then left to the outbox's backoff; a 400 (a
 * property HubSpot does not know, a value it refuses) cannot mend by itself and parks the row for an admin.
 */
export function hubspotCaller(
  delays: readonly number[],
  onRateLimited: (policy: HubSpotRatePolicy) => void,
  pacer: HubSpotPacer,
) {
  /** One call; `what` names it in the outbox's last error. */
  async function call<T>(what: string, send: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const wait = pacer.pausedFor();
      if (wait > 0) throw new RetryLaterError(`HubSpot rate limit: ${what} waits ${wait} ms`, wait);
      await pacer.take();
      try {
        return await send();
      } catch (error) {
        const status = statusOf(error);
        const headers = (error as HttpFailure | null)?.headers;
        pacer.observe(headers);
        if (status === 429) {
          const policy = policyOf((error as HttpFailure).body);
          onRateLimited(policy);
          const after = pacer.waitOf(policy, headers);
          pacer.pause(after);
          throw new RetryLaterError(`HubSpot ${what} (${policy}): ${failureText(error)}`, after);
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
        if (!isDuplicate(error)) throw error;
        const id = await existing();
        if (!id) throw error;
        return id;
      }
    },
  };
}

type Caller = ReturnType<typeof hubspotCaller>;

/** The official client, whose every answer (a success's too) shows the pacer HubSpot's rate-limit headers. */
export function hubspotClient(settings: HubSpotSettings, pacer: HubSpotPacer): Client {
  const observe = {
    pre: (context: unknown) => context,
    post(context: unknown) {
      pacer.observe((context as { headers?: Record<string, string> }).headers);
      return context;
    },
  };
  return new Client({ accessToken: settings.accessToken, basePath: settings.baseUrl, middleware: [observe] });
}

/** HubSpot's contacts: one per member, found by our member id (or adopted by e-mail). */
function contactCalls(client: Client, { call, find, createOnce }: Caller) {
  const read = (id: string, idProperty: string) =>
    find('contact lookup', () =>
      client.crm.contacts.basicApi.getById(id, [hubspotIds.member], undefined, undefined, false, idProperty),
    );
  const propertiesOf = (record: ContactRecord) =>
    toHubSpot({ ...record.properties, email: record.email, [hubspotIds.member]: record.memberId });

  const findContactId = async (memberId: string) => (await read(memberId, hubspotIds.member))?.id ?? null;

  /** The ids of the deals associated to a contact (associations v4, every page). */
  async function dealsOf(contactId: string): Promise<string[]> {
    const ids: string[] = [];
    let after: string | undefined;
    do {
      const page = await call('contact deals', () =>
        client.crm.associations.v4.basicApi.getPage('contacts', contactId, 'deals', after, 500),
      );
      ids.push(...page.results.map((r) => String(r.toObjectId)));
      after = page.paging?.next?.after;
    } while (after);
    return ids;
  }

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
    /** False on HubSpot's 404: the contact was deleted, or merged away (a merge gives the result a new id). */
    updateContact: async (id: string, record: ContactRecord) =>
      (await find('contact update', () =>
        client.crm.contacts.basicApi.update(id, { properties: propertiesOf(record) }),
      )) !== null,
    /**
     * A deleted member: their deals anonymised first (the association is gone with the contact), then the contact
     * GDPR-deleted (`POST /crm/v3/objects/contacts/gdpr-delete`: for good, not restorable like an archive).
     */
    removeContact: async (memberId: string) => {
      const id = await findContactId(memberId);
      if (!id) return null;
      const dealIds = await dealsOf(id);
      for (const dealId of dealIds) {
        await find('deal anonymise', () =>
          client.crm.deals.basicApi.update(dealId, { properties: anonymised }),
        );
      }
      await find('contact GDPR delete', () => client.crm.contacts.basicApi.purge({ objectId: id }));
      return { contactId: id, dealIds };
    },
  };
}

/** A deal of a deleted member: what names them cleared, renamed without their name. */
const anonymised = toHubSpot({
  dealname: 'InterGen deal',
  ...Object.fromEntries(memberNamingDealProperties.map((k) => [k, null])),
});

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
  /**
   * A deal by id or by our key. Found by our key in a pipeline not ours, it was moved there by a HubSpot user
   * (`movedDealError`: parked for an admin). By id (the proxy), such a deal is no deal of ours.
   */
  const read = async (what: string, id: string, idProperty?: string) => {
    const deal = await find(what, () =>
      client.crm.deals.basicApi.getById(id, readProperties, undefined, undefined, false, idProperty),
    );
    if (!deal) return null;
    const ours = toDeal(deal);
    if (!ours && idProperty === hubspotIds.dealKey)
      throw movedDealError(deal.id, id, deal.properties.pipeline);
    return ours;
  };

  async function create(deal: NewDeal): Promise<string> {
    return (await client.crm.deals.basicApi.create(dealCreateInput(settings, deal))).id;
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
      await call('deal update', () =>
        client.crm.deals.basicApi.update(id, { properties: dealUpdateProperties(settings, change) }),
      );
    },
  };
}

/**
 * The CRM in HubSpot, through the official client: contacts carry our member id, deals our deal key and the
 * pipeline and stage ids of the configuration. Every call goes through `hubspotCaller`'s failure policy.
 */
export function hubspotGateway(settings: HubSpotSettings, options: HubSpotGatewayOptions = {}): CrmGateway {
  const pacer = options.pacer ?? hubspotPacer({ limit: settings.rateLimit });
  const client = hubspotClient(settings, pacer);
  const caller = hubspotCaller(
    options.quickRetryDelaysMs ?? quickRetryDelaysMs,
    options.onRateLimited ?? (() => {}),
    pacer,
  );
  return {
    name: 'hubspot',
    ...contactCalls(client, caller),
    ...dealCalls(client, settings, caller),
    batch: hubspotBatchCalls(client, settings, {
      call: caller.call,
      toDeal: dealOf(settings),
      dealProperties: [...dealFields, hubspotIds.dealKey, hubspotIds.lastEvent, ...dealPropertyNames],
    }),
  };
}
