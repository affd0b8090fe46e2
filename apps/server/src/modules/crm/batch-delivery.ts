import type { DomainEventMessage } from '../events/index.ts';
import * as members from '../members/index.ts';
import { type CrmContext, queueContactUpdate, syncContact } from './crm.service.ts';
import type { BatchWrite, CrmBatchCalls, CrmGateway, DealChange, NewDeal } from './gateway.ts';
import { type CrmProperties, contactRecord, minimalProperties } from './properties.ts';
import { changedSince, rememberSent, sentKey } from './sent-properties.ts';
import { applyCrmEvent } from './sync.ts';

/**
 * Many claimed CRM deliveries at once, through the gateway's batch calls: every deal of the batch read in one
 * request, the parties' contacts in one (those missing made in one more), then each event's step applied by
 * `applyCrmEvent` against what was read, its create or update collected, and the collected writes sent in one
 * batch create and one batch update. The outbox claims no two rows of one record together (crm.topics.ts), so
 * no two steps of a batch touch one deal. A request that fails (a 429, HubSpot down) fails every job it carried
 * alike; an input HubSpot refused alone (a 207) is run again on its own through the single path, whose answer
 * (a 409 found by its key, a 400 parked) is that job's. Events that are not deal steps run the single path.
 */

/** One delivery of a batch: its job (as a string, the trace of its writes) and its event or member. */
export interface Delivery<T> {
  trace: string;
  input: T;
}

/** Each delivery's failure by trace; null when done. */
export type DeliveryOutcomes = Map<string, unknown>;

/** The deal key a deal step is filed under (as `applyCrmEvent` looks it up); null for any other event. */
function dealKeyOf(event: DomainEventMessage): string | null {
  const p = event.payload as Record<string, unknown>;
  if (event.type === 'suggestion.dismissed') {
    return p.suggestionId && p.expertId && p.companyId ? String(p.suggestionId) : null;
  }
  if (event.type.startsWith('network.')) return String(p.requestId);
  return 'suggestionId' in p && 'requestId' in p ? String(p.suggestionId) : null;
}

const partiesOf = (event: DomainEventMessage) => {
  const p = event.payload as Record<string, unknown>;
  return [p.expertId, p.companyId, p.initiatorId, p.recipientId].filter(
    (id): id is string => typeof id === 'string',
  );
};

/** The parties' contact ids into the context's cache: read in one request, the missing ones made in one. */
async function prepareContacts(ctx: CrmContext, batch: CrmBatchCalls, events: DomainEventMessage[]) {
  const wanted = [...new Set(events.flatMap(partiesOf))].filter((id) => !ctx.contactIds.has(id));
  if (wanted.length === 0) return;
  const found = await batch.readContactIds(wanted);
  for (const [memberId, id] of found) ctx.contactIds.set(memberId, id);
  const creates: BatchWrite<Awaited<ReturnType<typeof contactRecord>> & object>[] = [];
  for (const memberId of wanted.filter((id) => !found.has(id))) {
    const user = await members.findUserById(ctx.db, memberId);
    const record = user?.kind ? await contactRecord(ctx.db, memberId) : null;
    if (record)
      creates.push({ trace: memberId, input: { ...record, properties: minimalProperties(record) } });
  }
  if (creates.length === 0) return;
  // A contact HubSpot refused here (taken e-mail, a create that ran before) is left to the single path's lookup.
  for (const [memberId, outcome] of await batch.createContacts(creates)) {
    if (typeof outcome !== 'string') continue;
    await queueContactUpdate(ctx, memberId, outcome);
    ctx.contactIds.set(memberId, outcome);
  }
}

interface Collected {
  creates: BatchWrite<NewDeal>[];
  updates: BatchWrite<{ id: string; change: DealChange }>[];
  /** What each write delivered, remembered once HubSpot took it (a create's under the id it answers). */
  remembers: BatchWrite<{ record: string; properties: CrmProperties }>[];
}

/** The id a collected create stands under until HubSpot answers the batch with the deal's own. */
const pendingId = (trace: string) => `batch:${trace}`;

/**
 * A context whose gateway answers deal lookups from the batch's read and collects the writes instead of sending
 * them, and whose memory of what was sent waits for HubSpot's answer.
 */
function collecting(ctx: CrmContext, read: Map<string, unknown>, trace: string, into: Collected): CrmContext {
  const gateway = {
    ...ctx.gateway,
    findDealByKey: async (key: string) => {
      const found = read.get(key) ?? null;
      if (found instanceof Error) throw found;
      return found as Awaited<ReturnType<CrmGateway['findDeal']>>;
    },
    createDeal: async (deal: NewDeal) => {
      into.creates.push({ trace, input: deal });
      return pendingId(trace);
    },
    updateDeal: async (id: string, change: DealChange) => {
      into.updates.push({ trace, input: { id, change } });
    },
  } satisfies CrmGateway;
  const remember = async (record: string, properties: CrmProperties) => {
    into.remembers.push({ trace, input: { record, properties } });
  };
  return { ...ctx, gateway, remember };
}

/** Runs one delivery through the single path, recording its outcome. */
async function single(ctx: CrmContext, d: Delivery<DomainEventMessage>, outcomes: DeliveryOutcomes) {
  try {
    await applyCrmEvent(ctx, d.input);
    outcomes.set(d.trace, null);
  } catch (error) {
    outcomes.set(d.trace, error);
  }
}

/** Sends the collected writes; a write refused alone is run again on the single path. */
async function flush(
  ctx: CrmContext,
  batch: CrmBatchCalls,
  collected: Collected,
  byTrace: Map<string, Delivery<DomainEventMessage>>,
  outcomes: DeliveryOutcomes,
) {
  const refused = new Set<string>();
  const created = new Map<string, string>();
  const record = (results: Map<string, Error | string | null>) => {
    for (const [trace, result] of results) {
      if (result instanceof Error) refused.add(trace);
      else outcomes.set(trace, null);
      if (typeof result === 'string') created.set(trace, result);
    }
  };
  if (collected.creates.length > 0) record(await batch.createDeals(collected.creates));
  if (collected.updates.length > 0) record(await batch.updateDeals(collected.updates));
  for (const { trace, input } of collected.remembers) {
    if (refused.has(trace) || outcomes.get(trace) !== null) continue;
    const id = created.get(trace);
    const key = id && input.record === sentKey('deal', pendingId(trace)) ? sentKey('deal', id) : input.record;
    await rememberSent(ctx.db, key, input.properties);
  }
  for (const trace of refused) await single(ctx, byTrace.get(trace)!, outcomes);
}

/** The CRM's events of one claimed batch (crm.event): each one's failure by trace, null when done. */
export async function applyCrmEvents(
  ctx: CrmContext,
  deliveries: Delivery<DomainEventMessage>[],
): Promise<DeliveryOutcomes> {
  const outcomes: DeliveryOutcomes = new Map();
  const batch = ctx.gateway.batch;
  const steps = batch ? deliveries.filter((d) => dealKeyOf(d.input) !== null) : [];
  for (const d of deliveries) if (!steps.includes(d)) await single(ctx, d, outcomes);
  if (!batch || steps.length === 0) return outcomes;
  try {
    await prepareContacts(
      ctx,
      batch,
      steps.map((d) => d.input),
    );
    const read = await batch.readDealsByKey(steps.map((d) => dealKeyOf(d.input)!));
    const collected: Collected = { creates: [], updates: [], remembers: [] };
    for (const d of steps) {
      const wrote = collected.creates.length + collected.updates.length;
      try {
        await applyCrmEvent(collecting(ctx, read, d.trace, collected), d.input);
        if (collected.creates.length + collected.updates.length === wrote) outcomes.set(d.trace, null);
      } catch (error) {
        outcomes.set(d.trace, error);
      }
    }
    await flush(ctx, batch, collected, new Map(steps.map((d) => [d.trace, d])), outcomes);
  } catch (error) {
    for (const d of steps) if (!outcomes.has(d.trace)) outcomes.set(d.trace, error);
  }
  return outcomes;
}

/** Members' full contact updates of one claimed batch (crm.contact): read and updated in a request each. */
export async function syncContacts(
  ctx: CrmContext,
  deliveries: Delivery<string>[],
): Promise<DeliveryOutcomes> {
  const outcomes: DeliveryOutcomes = new Map();
  const run = async (d: Delivery<string>) => {
    try {
      await syncContact(ctx, d.input);
      outcomes.set(d.trace, null);
    } catch (error) {
      outcomes.set(d.trace, error);
    }
  };
  const batch = ctx.gateway.batch;
  if (!batch) {
    for (const d of deliveries) await run(d);
    return outcomes;
  }
  try {
    const uncached = deliveries.map((d) => d.input).filter((id) => !ctx.contactIds.has(id));
    const found = uncached.length > 0 ? await batch.readContactIds(uncached) : new Map<string, string>();
    const updates: BatchWrite<{
      id: string;
      record: NonNullable<Awaited<ReturnType<typeof contactRecord>>>;
    }>[] = [];
    for (const d of deliveries) {
      const id = ctx.contactIds.get(d.input) ?? found.get(d.input);
      const record = id ? await contactRecord(ctx.db, d.input) : null;
      if (!id || !record) {
        await run(d); // no contact yet (made on the single path), or no such member any more
        continue;
      }
      // Only what changed since the last delivery to the contact, as the single path sends (sent-properties.ts).
      const properties = await changedSince(ctx.db, sentKey('contact', id), record.properties);
      if (Object.keys(properties).length === 0) outcomes.set(d.trace, null);
      else updates.push({ trace: d.trace, input: { id, record: { ...record, properties } } });
    }
    const results = updates.length > 0 ? await batch.updateContacts(updates) : new Map();
    for (const { trace, input } of updates) {
      const d = deliveries.find((x) => x.trace === trace)!;
      if (results.get(trace))
        await run(d); // refused alone (a contact gone: 404): the single path looks again
      else {
        ctx.contactIds.set(d.input, input.id);
        await rememberSent(ctx.db, sentKey('contact', input.id), input.record.properties);
        outcomes.set(trace, null);
      }
    }
  } catch (error) {
    for (const d of deliveries) if (!outcomes.has(d.trace)) outcomes.set(d.trace, error);
  }
  return outcomes;
}
