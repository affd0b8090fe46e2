import type { Client } from '@hubspot/api-client';
import type { HubSpotSettings } from '../../config.ts';
import type { BatchOutcomes, BatchWrite, CrmBatchCalls, CrmDeal } from './gateway.ts';
import {
  dealCreateInput,
  dealUpdateProperties,
  hubspotIds as ids,
  movedDealError,
  toHubSpot,
} from './hubspot-records.ts';
import type { ContactRecord } from './properties.ts';

/**
 * HubSpot's batch API for the mirror (CRM objects v3 `batch/read|create|update`): up to 100 inputs a request.
 * Reads go by our unique ids (`idProperty`), so no search index lags behind; each write carries its job as
 * `objectWriteTraceId`, which its result carries back, so a 207 (some inputs failed) is mapped to the jobs it
 * failed and the others are done. Each request goes through the gateway's caller: paced, and a 429 or an outage
 * fails the whole request alike (every job of it waits or retries).
 */

/** HubSpot's most inputs per batch request. */
export const batchMaxInputs = 100;

/** What the gateway lends its batch calls (hubspot.gateway.ts): its caller and its record mapping. */
export interface BatchDeps {
  /** The gateway's failure policy and pace for one request. */
  call<T>(what: string, send: () => Promise<T>): Promise<T>;
  /** A HubSpot deal in our terms; null for a deal of another pipeline. */
  toDeal(deal: { id: string; properties: Record<string, string | null> }): CrmDeal | null;
  /** The deal properties a read asks for. */
  dealProperties: string[];
}

interface BatchAnswer {
  results: { id: string; properties: Record<string, string | null>; objectWriteTraceId?: string }[];
  errors?: { message: string; category?: string; context?: Record<string, string[]> }[];
}

/** One input of a batch refused by HubSpot: its category kept (CONFLICT, VALIDATION_ERROR) for the caller. */
export class BatchInputError extends Error {
  constructor(
    message: string,
    readonly category: string | null,
  ) {
    super(message);
  }
}

function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += batchMaxInputs) out.push(list.slice(i, i + batchMaxInputs));
  return out;
}

/** Each write's outcome: done when its trace is among the results, else the error that names it. */
function outcomesOf(writes: BatchWrite<unknown>[], answer: BatchAnswer): Map<string, Error | string> {
  const done = new Map(answer.results.map((r) => [r.objectWriteTraceId ?? '', r.id]));
  const out = new Map<string, Error | string>();
  for (const { trace } of writes) {
    const id = done.get(trace);
    if (id !== undefined) {
      out.set(trace, id);
      continue;
    }
    const error = answer.errors?.find((e) => e.context?.objectWriteTraceId?.includes(trace));
    const message = `HubSpot batch input: ${error?.message ?? 'not among the results'}`;
    out.set(trace, new BatchInputError(message, error?.category ?? null));
  }
  return out;
}

const asOutcomes = (map: Map<string, Error | string>): BatchOutcomes =>
  new Map([...map].map(([trace, v]) => [trace, typeof v === 'string' ? null : v]));

type Call = BatchDeps['call'];
type BatchApi = Client['crm']['deals']['batchApi'] | Client['crm']['contacts']['batchApi'];

/** Reads records by a unique property, 100 a request; ids HubSpot has no record for are left out (its 207). */
async function readBatch(
  call: Call,
  api: BatchApi,
  what: string,
  ids: readonly string[],
  idProperty: string,
  properties: string[],
): Promise<BatchAnswer['results']> {
  const results: BatchAnswer['results'] = [];
  for (const part of chunks([...new Set(ids)])) {
    const input = { inputs: part.map((id) => ({ id })), idProperty, properties, propertiesWithHistory: [] };
    const answer = (await call(what, () => api.read(input))) as BatchAnswer;
    results.push(...answer.results);
  }
  return results;
}

/** Sends writes, 100 a request; each write's new id, or the failure of its input. */
async function writeBatch<T>(
  call: Call,
  what: string,
  writes: BatchWrite<T>[],
  send: (part: BatchWrite<T>[]) => Promise<unknown>,
): Promise<Map<string, Error | string>> {
  const out = new Map<string, Error | string>();
  for (const part of chunks(writes)) {
    const answer = (await call(what, () => send(part))) as BatchAnswer;
    for (const [trace, outcome] of outcomesOf(part, answer)) out.set(trace, outcome);
  }
  return out;
}

/** The batch calls of the HubSpot gateway. */
export function hubspotBatchCalls(client: Client, settings: HubSpotSettings, deps: BatchDeps): CrmBatchCalls {
  const { call, toDeal, dealProperties } = deps;
  const contactProperties = (record: ContactRecord) =>
    toHubSpot({ ...record.properties, email: record.email, [ids.member]: record.memberId });
  const { deals, contacts } = client.crm;

  return {
    async readDealsByKey(keys) {
      const found = await readBatch(
        call,
        deals.batchApi,
        'deal batch read',
        keys,
        ids.dealKey,
        dealProperties,
      );
      const byKey = new Map<string, CrmDeal | Error>();
      for (const record of found) {
        const deal = toDeal(record);
        const key = record.properties[ids.dealKey];
        if (deal?.dealKey) byKey.set(deal.dealKey, deal);
        else if (key) byKey.set(key, movedDealError(record.id, key, record.properties.pipeline));
      }
      return byKey;
    },
    async readContactIds(memberIds) {
      const found = await readBatch(call, contacts.batchApi, 'contact batch read', memberIds, ids.member, [
        ids.member,
      ]);
      return new Map(found.map((c) => [c.properties[ids.member] ?? '', c.id]));
    },
    createContacts: (writes) =>
      writeBatch(call, 'contact batch create', writes, (part) =>
        contacts.batchApi.create({
          inputs: part.map((w) => ({
            objectWriteTraceId: w.trace,
            properties: contactProperties(w.input),
            associations: [],
          })),
        }),
      ),
    updateContacts: async (writes) =>
      asOutcomes(
        await writeBatch(call, 'contact batch update', writes, (part) =>
          contacts.batchApi.update({
            inputs: part.map((w) => ({
              id: w.input.id,
              objectWriteTraceId: w.trace,
              properties: contactProperties(w.input.record),
            })),
          }),
        ),
      ),
    createDeals: (writes) =>
      writeBatch(call, 'deal batch create', writes, (part) =>
        deals.batchApi.create({
          inputs: part.map((w) => ({ objectWriteTraceId: w.trace, ...dealCreateInput(settings, w.input) })),
        }),
      ),
    updateDeals: async (writes) =>
      asOutcomes(
        await writeBatch(call, 'deal batch update', writes, (part) =>
          deals.batchApi.update({
            inputs: part.map((w) => ({
              id: w.input.id,
              objectWriteTraceId: w.trace,
              properties: dealUpdateProperties(settings, w.input.change),
            })),
          }),
        ),
      ),
  };
}
