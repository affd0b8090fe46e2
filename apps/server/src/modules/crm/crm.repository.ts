import type { CrmPipeline } from '@intergen/domain';
import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { crmContacts, crmDealStages, crmDeals, crmSentProperties, outbox } from '../../db/schema.ts';
import { newId } from '../../lib/crypto.ts';
import type { CrmDeal, DealChange, NewDeal } from './gateway.ts';
import type { ContactRecord, CrmProperties } from './properties.ts';

/** The built-in CRM's storage: contacts, deals and each deal's stage history (the crm module owns them). */

export async function findContactId(ex: Executor, memberId: string): Promise<string | null> {
  const [row] = await ex
    .select({ id: crmContacts.id })
    .from(crmContacts)
    .where(eq(crmContacts.memberId, memberId));
  return row?.id ?? null;
}

/** Creates the member's contact, or finds the one a concurrent delivery made (one per member). */
export async function insertContact(ex: Executor, record: ContactRecord): Promise<string> {
  const [row] = await ex
    .insert(crmContacts)
    .values({ id: newId(), ...record })
    .onConflictDoNothing({ target: crmContacts.memberId })
    .returning({ id: crmContacts.id });
  return row?.id ?? (await findContactId(ex, record.memberId))!;
}

/**
 * Updates a contact with the properties given (those that changed: the others keep their values). False: no
 * contact of that id.
 */
export async function updateContact(ex: Executor, id: string, record: ContactRecord): Promise<boolean> {
  const rows = await ex
    .update(crmContacts)
    .set({
      email: record.email,
      name: record.name,
      properties: sql`${crmContacts.properties} || ${JSON.stringify(record.properties)}::jsonb`,
      kind: record.kind,
      updatedAt: new Date(),
    })
    .where(eq(crmContacts.id, id))
    .returning({ id: crmContacts.id });
  return rows.length > 0;
}

/**
 * Forgets a deleted member (DESIGN.md §4): their contact and every deal they were a party to (the stage history
 * goes with each deal). Returns the contact and deal ids forgotten (null: no contact).
 */
export async function deleteContactOfMember(
  ex: Executor,
  memberId: string,
): Promise<{ contactId: string; dealIds: string[] } | null> {
  const contactId = await findContactId(ex, memberId);
  if (!contactId) return null;
  const deals = await ex
    .delete(crmDeals)
    .where(or(eq(crmDeals.firstContactId, contactId), eq(crmDeals.secondContactId, contactId)))
    .returning({ id: crmDeals.id });
  await ex.delete(crmContacts).where(eq(crmContacts.id, contactId));
  return { contactId, dealIds: deals.map((d) => d.id) };
}

// What the mirror last delivered of each record (either gateway's), as digests per property

export async function sentDigests(ex: Executor, record: string): Promise<Record<string, string>> {
  const [row] = await ex
    .select({ digests: crmSentProperties.digests })
    .from(crmSentProperties)
    .where(eq(crmSentProperties.record, record));
  return row?.digests ?? {};
}

/** Adds these digests to the record's (a property delivered again replaces its digest). */
export async function recordSent(ex: Executor, record: string, digests: Record<string, string>) {
  if (Object.keys(digests).length === 0) return;
  await ex
    .insert(crmSentProperties)
    .values({ record, digests })
    .onConflictDoUpdate({
      target: crmSentProperties.record,
      set: {
        digests: sql`${crmSentProperties.digests} || excluded.digests`,
        updatedAt: new Date(),
      },
    });
}

export async function forgetSent(ex: Executor, records: string[]) {
  if (records.length === 0) return;
  await ex.delete(crmSentProperties).where(inArray(crmSentProperties.record, records));
}

const dealColumns = {
  id: crmDeals.id,
  pipeline: crmDeals.pipeline,
  dealKey: crmDeals.dealKey,
  stage: crmDeals.stage,
  lostReason: crmDeals.lostReason,
  properties: crmDeals.properties,
  lastEventId: crmDeals.lastEventId,
};

export async function findDealByKey(ex: Executor, dealKey: string): Promise<CrmDeal | null> {
  const [row] = await ex.select(dealColumns).from(crmDeals).where(eq(crmDeals.dealKey, dealKey));
  return row ?? null;
}

export async function findDeal(ex: Executor, id: string): Promise<CrmDeal | null> {
  const [row] = await ex.select(dealColumns).from(crmDeals).where(eq(crmDeals.id, id));
  return row ?? null;
}

/** Creates a deal and its first history entry; a deal with the same key already there is returned instead. */
export async function insertDeal(ex: Executor, deal: NewDeal): Promise<string> {
  const id = newId();
  const [row] = await ex
    .insert(crmDeals)
    .values({
      id,
      pipeline: deal.pipeline,
      dealKey: deal.dealKey,
      firstContactId: deal.contactIds[0],
      secondContactId: deal.contactIds[1],
      stage: deal.stage,
      lostReason: deal.lostReason,
      properties: deal.properties,
      lastEventId: deal.eventId,
      ...(deal.at ? { createdAt: deal.at, updatedAt: deal.at } : {}),
    })
    .onConflictDoNothing({ target: crmDeals.dealKey })
    .returning({ id: crmDeals.id });
  if (!row) return (await findDealByKey(ex, deal.dealKey!))!.id;
  await ex.insert(crmDealStages).values({
    dealId: id,
    stage: deal.stage,
    lostReason: deal.lostReason,
    properties: deal.properties,
    ...(deal.at ? { createdAt: deal.at } : {}),
  });
  return id;
}

/** Applies a change; a new stage (or lost reason) is written to the deal's history with the properties given. */
export async function updateDeal(ex: Executor, id: string, change: DealChange): Promise<void> {
  const [before] = await ex
    .select({ stage: crmDeals.stage, lostReason: crmDeals.lostReason, properties: crmDeals.properties })
    .from(crmDeals)
    .where(eq(crmDeals.id, id))
    .for('update');
  if (!before) return;
  const stage = change.stage ?? before.stage;
  const lostReason = change.lostReason === undefined ? before.lostReason : change.lostReason;
  const properties = { ...before.properties, ...(change.properties ?? {}) };
  await ex
    .update(crmDeals)
    .set({
      stage,
      lostReason,
      properties,
      updatedAt: change.at ?? new Date(),
      ...(change.eventId != null
        ? { lastEventId: sql`greatest(${crmDeals.lastEventId}, ${change.eventId})` }
        : {}),
    })
    .where(eq(crmDeals.id, id));
  if (stage !== before.stage || lostReason !== before.lostReason) {
    await ex.insert(crmDealStages).values({
      dealId: id,
      stage,
      lostReason,
      properties: change.properties ?? {},
      ...(change.at ? { createdAt: change.at } : {}),
    });
  }
}

/** A deal as it is now, its row locked until the transaction ends: what the board's move starts from. */
export async function lockDeal(ex: Executor, id: string): Promise<CrmDeal | null> {
  const [row] = await ex.select(dealColumns).from(crmDeals).where(eq(crmDeals.id, id)).for('update');
  return row ?? null;
}

// The admin's views

/**
 * When the deal entered its current stage: the first of the history's last run of rows in that stage (a lost
 * reason changed within the stage is no move), or the deal's creation when its history has none.
 */
const enteredStageAt = sql<Date>`coalesce(
  (select min(s.created_at) from crm_deal_stages s
    where s.deal_id = ${crmDeals.id} and s.stage = ${crmDeals.stage}
      and s.id > coalesce(
        (select max(o.id) from crm_deal_stages o where o.deal_id = ${crmDeals.id} and o.stage <> ${crmDeals.stage}),
        0)),
  ${crmDeals.createdAt})`.mapWith(crmDeals.createdAt);

const first = alias(crmContacts, 'first_contact');
const second = alias(crmContacts, 'second_contact');

/** A deal with both parties' names, member ids and company names, for the board. */
export interface DealRow {
  id: string;
  pipeline: CrmPipeline;
  stage: string;
  lostReason: string | null;
  properties: CrmProperties;
  first: { contactId: string; memberId: string; name: string; companyName: string | null };
  second: { contactId: string; memberId: string; name: string; companyName: string | null };
  createdAt: Date;
  updatedAt: Date;
  enteredStageAt: Date;
}

/** Either party's contact, as the board's queries join it. */
type PartyContact = typeof first | typeof second;

const companyNameOf = (contact: PartyContact) =>
  sql<string | null>`nullif(${contact.properties}->>'company_name', '')`;

const dealRowColumns = {
  id: crmDeals.id,
  pipeline: crmDeals.pipeline,
  stage: crmDeals.stage,
  lostReason: crmDeals.lostReason,
  properties: crmDeals.properties,
  first: {
    contactId: first.id,
    memberId: first.memberId,
    name: first.name,
    companyName: companyNameOf(first),
  },
  second: {
    contactId: second.id,
    memberId: second.memberId,
    name: second.name,
    companyName: companyNameOf(second),
  },
  createdAt: crmDeals.createdAt,
  updatedAt: crmDeals.updatedAt,
  enteredStageAt,
};

/**
 * What narrows the board: text in either party's name, e-mail or company, a lost reason, a time range, deals that
 * have not moved.
 */
export interface DealFilter {
  q?: string | undefined;
  lostReason?: string | undefined;
  /** The deal's last change at or after this instant, and before `before`. */
  since?: Date | undefined;
  before?: Date | undefined;
  /** Only deals in their stage since before this instant, and in none of `closedStages`. */
  stalledBefore?: { at: Date; closedStages: readonly string[] } | undefined;
}

/** Where a page of a column ended: the last deal's change time (as the database prints it) and id. */
export interface DealCursor {
  at: string;
  id: string;
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function partyMatches(contact: PartyContact, like: string) {
  return or(
    ilike(contact.name, like),
    ilike(contact.email, like),
    sql`${contact.properties}->>'company_name' ilike ${like}`,
  );
}

function dealConditions(pipeline: CrmPipeline, f: DealFilter) {
  const like = f.q ? likePattern(f.q) : null;
  return and(
    eq(crmDeals.pipeline, pipeline),
    like ? or(partyMatches(first, like), partyMatches(second, like)) : undefined,
    f.lostReason ? eq(crmDeals.lostReason, f.lostReason) : undefined,
    f.since ? gte(crmDeals.updatedAt, f.since) : undefined,
    f.before ? lt(crmDeals.updatedAt, f.before) : undefined,
    f.stalledBefore ? sql`${enteredStageAt} < ${f.stalledBefore.at.toISOString()}::timestamptz` : undefined,
    f.stalledBefore ? notInArray(crmDeals.stage, [...f.stalledBefore.closedStages]) : undefined,
  );
}

/** How many deals of each stage match the filter. */
export async function countDealsByStage(
  ex: Executor,
  pipeline: CrmPipeline,
  f: DealFilter,
): Promise<Map<string, number>> {
  const counted = await ex
    .select({ stage: crmDeals.stage, n: sql<number>`count(*)::int` })
    .from(crmDeals)
    .innerJoin(first, eq(first.id, crmDeals.firstContactId))
    .innerJoin(second, eq(second.id, crmDeals.secondContactId))
    .where(dealConditions(pipeline, f))
    .groupBy(crmDeals.stage);
  return new Map(counted.map((c) => [c.stage, c.n]));
}

/**
 * One page of a stage's matching deals, newest change first, after `after`; keyset on (updated_at, id) with
 * the time compared as the database wrote it (microseconds), so no deal is skipped or shown twice.
 */
export async function dealPage(
  ex: Executor,
  pipeline: CrmPipeline,
  stage: string,
  f: DealFilter,
  after: DealCursor | undefined,
  limit: number,
): Promise<(DealRow & { cursorAt: string })[]> {
  return ex
    .select({ ...dealRowColumns, cursorAt: sql<string>`${crmDeals.updatedAt}::text` })
    .from(crmDeals)
    .innerJoin(first, eq(first.id, crmDeals.firstContactId))
    .innerJoin(second, eq(second.id, crmDeals.secondContactId))
    .where(
      and(
        dealConditions(pipeline, f),
        eq(crmDeals.stage, stage),
        after
          ? sql`(${crmDeals.updatedAt}, ${crmDeals.id}) < (${after.at}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(crmDeals.updatedAt), desc(crmDeals.id))
    .limit(limit);
}

export async function findDealRow(ex: Executor, id: string): Promise<DealRow | null> {
  const [row] = await ex
    .select(dealRowColumns)
    .from(crmDeals)
    .innerJoin(first, eq(first.id, crmDeals.firstContactId))
    .innerJoin(second, eq(second.id, crmDeals.secondContactId))
    .where(eq(crmDeals.id, id));
  return row ?? null;
}

export async function dealHistory(ex: Executor, dealId: string) {
  return ex
    .select({
      id: crmDealStages.id,
      stage: crmDealStages.stage,
      lostReason: crmDealStages.lostReason,
      properties: crmDealStages.properties,
      at: crmDealStages.createdAt,
    })
    .from(crmDealStages)
    .where(eq(crmDealStages.dealId, dealId))
    .orderBy(asc(crmDealStages.id));
}

/** Contacts by name, optionally those whose name, e-mail or company name contains `q`; keyset on (name, id). */
export async function listContacts(
  ex: Executor,
  opts: { q?: string | undefined; after?: { name: string; id: string } | undefined; limit: number },
) {
  const like = opts.q ? likePattern(opts.q) : null;
  return ex
    .select()
    .from(crmContacts)
    .where(
      and(
        like
          ? or(
              ilike(crmContacts.name, like),
              ilike(crmContacts.email, like),
              sql`${crmContacts.properties}->>'company_name' ilike ${like}`,
            )
          : undefined,
        opts.after
          ? sql`(${crmContacts.name}, ${crmContacts.id}) > (${opts.after.name}, ${opts.after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(crmContacts.name), asc(crmContacts.id))
    .limit(opts.limit);
}

/** The contacts of some members, by member id. */
export async function contactsOfMembers(ex: Executor, memberIds: readonly string[]) {
  if (memberIds.length === 0) return [];
  return ex
    .select()
    .from(crmContacts)
    .where(inArray(crmContacts.memberId, [...memberIds]));
}

/**
 * Whether `topic` has a row of `orderingKey` pending and due later (by the database's clock): a member's full
 * contact update waiting out the spec's delay after the minimal create, which anything asked of the contact
 * meanwhile is folded into (that update reads the profile when it runs).
 */
export async function hasFutureRow(ex: Executor, topic: string, orderingKey: string): Promise<boolean> {
  const [row] = await ex
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.topic, topic),
        eq(outbox.orderingKey, orderingKey),
        eq(outbox.status, 'pending'),
        gt(outbox.runAt, sql`now()`),
      ),
    )
    .limit(1);
  return row !== undefined;
}
