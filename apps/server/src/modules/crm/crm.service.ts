import {
  type CrmPipeline,
  crmErrors,
  dealStages,
  lostReasonsOf,
  lostStageOf,
  pipelineStages,
} from '@intergen/domain';
import type { Database, Db } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { enqueue } from '../../outbox/outbox.ts';
import * as members from '../members/index.ts';
import { hasFutureRow } from './crm.repository.ts';
import { crmContactTopic, crmMaxAttempts } from './crm.topics.ts';
import type { CrmDeal, CrmGateway } from './gateway.ts';
import { localGateway } from './local.gateway.ts';
import { type ContactRecord, type CrmProperties, contactRecord, minimalProperties } from './properties.ts';
import { changedSince, forgetSentOf, rememberSent, sentKey } from './sent-properties.ts';

export interface CrmServiceDeps {
  database: Database;
  appUrl: string;
  /** HubSpot when configured; the built-in CRM otherwise. */
  gateway?: CrmGateway;
  /** Called after a write that queued outbox work (a retried delivery). */
  afterCommit?: () => void;
  /** The wait between a contact's minimal create and its full update (spec 001 §7: 10 s). */
  contactUpdateDelayMs?: number;
}

/** The proxy's refusals (spec 001 §8), each a 400 with the catalogue's words. */
const refuse = (message: string) => badRequest('INVALID_STATE', message);

export interface CrmContext {
  db: Db;
  gateway: CrmGateway;
  appUrl: string;
  contactUpdateDelayMs: number;
  /** Contact ids already looked up, by member (spec 001 §7: existence is checked once and cached). */
  contactIds: Map<string, string>;
  afterCommit: () => void;
  /**
   * Remembers what a write delivered to a record (sent-properties.ts). Unset: at once, after the write. A batch
   * (batch-delivery.ts) collects its writes before sending them, and remembers only those HubSpot took.
   */
  remember?: (record: string, properties: CrmProperties) => Promise<void>;
}

/** Remembers what a write delivered, as the context says (at once, or when its batch is answered). */
const remembered = (ctx: CrmContext, record: string, properties: CrmProperties) =>
  ctx.remember ? ctx.remember(record, properties) : rememberSent(ctx.db, record, properties);

export function crmContext(deps: CrmServiceDeps): CrmContext {
  return {
    db: deps.database.db,
    gateway: deps.gateway ?? localGateway(deps.database.db),
    appUrl: deps.appUrl,
    contactUpdateDelayMs: deps.contactUpdateDelayMs ?? 10_000,
    contactIds: new Map(),
    afterCommit: deps.afterCommit ?? (() => {}),
  };
}

/**
 * Checks a stage and a lost reason for a pipeline: the stage must be one of it (`The provided stage does not
 * exist.`); its lost stage needs one of its lost reasons (`A valid lost reason is required.`), any other stage
 * takes none (`Invalid Deal reason provided.`). Returns the reason to store.
 */
export function checkStage(
  pipeline: CrmPipeline,
  stage: string,
  reason: string | null | undefined,
): string | null {
  if (!pipelineStages(pipeline).includes(stage)) throw refuse(crmErrors.stageDoesNotExist);
  const given = reason == null || reason === '' ? null : reason;
  if (stage === lostStageOf(pipeline)) {
    if (!given || !(lostReasonsOf(pipeline) as readonly string[]).includes(given)) {
      throw refuse(crmErrors.lostReasonRequired);
    }
    return given;
  }
  if (given) throw refuse(crmErrors.invalidDealReason);
  return null;
}

/**
 * The member's contact id: looked up once (then cached), created when missing with the minimal properties,
 * and its full update queued for after the spec's delay. Null: no such member, or not of the kind wanted.
 */
export async function ensureContact(
  ctx: CrmContext,
  memberId: string,
  kind?: 'expert' | 'company',
): Promise<string | null> {
  const user = await members.findUserById(ctx.db, memberId);
  if (!user?.kind || (kind && user.kind !== kind)) return null;
  const cached = ctx.contactIds.get(memberId);
  if (cached) return cached;
  let id = await ctx.gateway.findContactId(memberId);
  if (!id) {
    const record = await contactRecord(ctx.db, memberId);
    if (!record) return null;
    id = await ctx.gateway.createContact({ ...record, properties: minimalProperties(record) });
    await queueContactUpdate(ctx, memberId, id);
  }
  ctx.contactIds.set(memberId, id);
  return id;
}

/** Queues the full update of a contact just created with the minimal properties, for after the spec's delay. */
export async function queueContactUpdate(ctx: CrmContext, memberId: string, contactId: string) {
  await enqueue(
    ctx.db,
    crmContactTopic.message(
      { memberId },
      {
        idempotencyKey: `${crmContactTopic.name}:${memberId}:${contactId}`,
        runAt: new Date(Date.now() + ctx.contactUpdateDelayMs),
        orderingKey: contactOrderingKey(memberId),
        maxAttempts: crmMaxAttempts,
      },
    ),
  );
}

/** The outbox ordering key of a member's contact updates. */
export const contactOrderingKey = (memberId: string) => `crm:contact:${memberId}`;

/**
 * Sends the contact the properties that changed since the last delivery to it (none changed: no request).
 * False: the CRM has no contact of that id any more.
 */
async function sendContact(ctx: CrmContext, id: string, record: ContactRecord): Promise<boolean> {
  const key = sentKey('contact', id);
  const changed = await changedSince(ctx.db, key, record.properties);
  if (Object.keys(changed).length === 0) return true;
  if (!(await ctx.gateway.updateContact(id, { ...record, properties: changed }))) return false;
  await remembered(ctx, key, changed);
  return true;
}

/**
 * Brings a member's contact up to date with their profile (every property of spec 001 §7 that changed), creating
 * it first when missing (minimal, full update after the delay). A contact created less than the delay ago waits
 * for its full update. A contact the CRM no longer has under its id (deleted, or merged by a CRM user) is looked
 * up again by our member id — a merge's result carries it — and made again when gone. False: no such member (of
 * that kind, when given).
 */
export async function syncContact(
  ctx: CrmContext,
  memberId: string,
  kind?: 'expert' | 'company',
): Promise<boolean> {
  if (kind) {
    const user = await members.findUserById(ctx.db, memberId);
    if (user?.kind !== kind) return false;
  }
  if (await hasFutureRow(ctx.db, crmContactTopic.name, contactOrderingKey(memberId))) return true;
  const cached = ctx.contactIds.get(memberId);
  const existing = cached ?? (await ctx.gateway.findContactId(memberId));
  if (!existing) return (await ensureContact(ctx, memberId)) !== null;
  const record = await contactRecord(ctx.db, memberId);
  if (!record) return false;
  if (await sendContact(ctx, existing, record)) {
    ctx.contactIds.set(memberId, existing);
    return true;
  }
  ctx.contactIds.delete(memberId);
  await forgetSentOf(ctx.db, [sentKey('contact', existing)]);
  const again = await ctx.gateway.findContactId(memberId);
  if (again && again !== existing && (await sendContact(ctx, again, record))) {
    ctx.contactIds.set(memberId, again);
    return true;
  }
  return (await ensureContact(ctx, memberId)) !== null;
}

/** A deal's step as a caller asks for it: the stage (with its lost reason), properties, and the event behind it. */
interface DealStep {
  stage: string;
  reason?: string | null;
  properties?: CrmProperties;
  eventId?: number | null;
  at?: Date | null;
}

/** A step that creates a deal, keyed (when given) so that a create run twice makes one deal. */
type NewDeal = DealStep & { dealKey?: string | null };
type ConnectionDeal = NewDeal & { expert: string; venture: string };
type NetworkDeal = NewDeal & { initiator: string; recipient: string };

/** `/hubspot/deal/create/`: a connection deal between an expert and a venture. Returns its id. */
export async function createDeal(ctx: CrmContext, input: ConnectionDeal): Promise<string> {
  if (input.expert === input.venture) throw refuse(crmErrors.sameParties);
  const lostReason = checkStage('connection', input.stage, input.reason);
  return storeDealOf(ctx, [input.expert, input.venture], async () => {
    const expert = await ensureContact(ctx, input.expert, 'expert');
    if (!expert) throw refuse(crmErrors.expertNotFound);
    const venture = await ensureContact(ctx, input.venture, 'company');
    if (!venture) throw refuse(crmErrors.ventureNotFound);
    return storeDeal(ctx, 'connection', [expert, venture], input, lostReason);
  });
}

/**
 * Makes a deal with its parties' contacts (`store`). A create refused while a party's contact id came from the
 * cache — a contact deleted or merged in the CRM since — is made once more with the ids looked up afresh.
 */
async function storeDealOf(
  ctx: CrmContext,
  parties: readonly [string, string],
  store: () => Promise<string>,
): Promise<string> {
  const cached = parties.some((id) => ctx.contactIds.has(id));
  try {
    return await store();
  } catch (error) {
    if (!cached || error instanceof AppError) throw error;
    for (const id of parties) ctx.contactIds.delete(id);
    return store();
  }
}

/** `/hubspot/deal/update/` and `/hubspot/deal/my-network/update/`: moves a deal of the pipeline. */
export async function updateDeal(
  ctx: CrmContext,
  pipeline: CrmPipeline,
  input: DealStep & { dealId: string },
): Promise<true> {
  const deal = input.dealId ? await ctx.gateway.findDeal(input.dealId) : null;
  if (!deal || deal.pipeline !== pipeline) throw refuse(crmErrors.invalidDealId);
  return moveDeal(ctx, deal, input);
}

/** Moves a deal already read (the mirror has it from its lookup by key: no second read of the CRM). */
export async function moveDeal(
  ctx: CrmContext,
  deal: Pick<CrmDeal, 'id' | 'pipeline'>,
  input: DealStep,
): Promise<true> {
  const lostReason = checkStage(deal.pipeline, input.stage, input.reason);
  const key = sentKey('deal', deal.id);
  const properties = await changedSince(ctx.db, key, input.properties ?? {});
  await ctx.gateway.updateDeal(deal.id, {
    stage: input.stage,
    lostReason,
    properties,
    eventId: input.eventId ?? null,
    at: input.at ?? null,
  });
  await remembered(ctx, key, properties);
  return true;
}

/** `/hubspot/deal/my-network/create/`: a My Network deal between two experts. Returns its id. */
export async function createNetworkDeal(ctx: CrmContext, input: NetworkDeal): Promise<string> {
  if (input.initiator === input.recipient) throw refuse(crmErrors.sameExperts);
  const lostReason = checkStage('network', input.stage, input.reason);
  const [initiator, recipient] = await Promise.all([
    members.findUserById(ctx.db, input.initiator),
    members.findUserById(ctx.db, input.recipient),
  ]);
  if (!initiator) throw new AppError('NOT_FOUND', crmErrors.initiatorNotFound(input.initiator));
  if (!recipient) throw new AppError('NOT_FOUND', crmErrors.recipientNotFound(input.recipient));
  if (initiator.kind !== 'expert' || recipient.kind !== 'expert') throw refuse(crmErrors.mustBeExperts);
  return storeDealOf(ctx, [input.initiator, input.recipient], async () => {
    const initiatorContact = await ensureContact(ctx, input.initiator, 'expert');
    if (!initiatorContact) throw refuse(crmErrors.initiatorMissingContact);
    const recipientContact = await ensureContact(ctx, input.recipient, 'expert');
    if (!recipientContact) throw refuse(crmErrors.recipientMissingContact);
    return storeDeal(ctx, 'network', [initiatorContact, recipientContact], input, lostReason);
  });
}

/** What a deal create asks of the gateway, once its parties and stage are checked; its properties remembered. */
async function storeDeal(
  ctx: CrmContext,
  pipeline: CrmPipeline,
  contactIds: readonly [string, string],
  input: NewDeal,
  lostReason: string | null,
): Promise<string> {
  const id = await ctx.gateway.createDeal({
    pipeline,
    dealKey: input.dealKey ?? null,
    contactIds,
    stage: input.stage,
    lostReason,
    properties: input.properties ?? {},
    eventId: input.eventId ?? null,
    at: input.at ?? null,
  });
  await remembered(ctx, sentKey('deal', id), input.properties ?? {});
  return id;
}

/** `/hubspot/expert/exists/`, `/hubspot/company/exists/`: whether the member of that kind has a contact. */
export async function contactExists(ctx: CrmContext, memberId: string, kind: 'expert' | 'company') {
  const user = await members.findUserById(ctx.db, memberId);
  if (!user || user.kind !== kind) return false;
  return (ctx.contactIds.get(memberId) ?? (await ctx.gateway.findContactId(memberId))) !== null;
}

/** The member with this (normalised) e-mail, for a proxy call that names its member so. */
export const memberByEmail = (ctx: CrmContext, email: string) => members.findUserByEmail(ctx.db, email);

/** `/hubspot/contact/profiletype`: whether a member with this e-mail has a contact with a profile type. */
export async function hasContactProfileType(ctx: CrmContext, email: string): Promise<boolean> {
  const user = await members.findUserByEmail(ctx.db, email.trim().toLowerCase());
  if (!user?.kind) return false;
  return (await ctx.gateway.findContactId(user.id)) !== null;
}

/** The first connection stage a request enters: Requested while the expert awaits approval, else Pending. */
export const requestStage = (isPending: boolean) => (isPending ? dealStages.requested : dealStages.pending);
