import type { CrmBoardResponse, CrmDealResponse } from '@intergen/contracts';
import { dealStages, networkStages } from '@intergen/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { crmContacts, crmDeals, notifications, outbox } from '../src/db/schema.ts';
import { acted, member, pair, sent, suggest } from './connections.support.ts';
import { signInAdmin } from './factories.ts';
import { APP_URL, type Engine, engines } from './helpers.ts';
import { acted as networkActed, requested } from './network.support.ts';
import { useTestApp } from './suite.ts';

/**
 * The CRM mirror on the built-in CRM (spec 000 §4 "CRM deal stages" and "My Network"): every step goes through
 * HTTP as a member would take it; the outbox worker delivers; the admin's board and deal history tell.
 */
describe.each(engines)('the CRM mirror on %s', (engine: Engine) => {
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  const t = useTestApp(engine);
  beforeAll(async () => {
    admin = await signInAdmin(t);
  });

  const deliver = () => t.app.worker.drain();
  const dealOf = async (key: string) => {
    await deliver();
    const [row] = await t.database.db.select().from(crmDeals).where(eq(crmDeals.dealKey, key));
    if (!row) return null;
    const response = await admin.client.get(`/api/admin/crm/deals/${row.id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CrmDealResponse;
  };
  /** How many rows of `table` match `where` (one deal a key, one contact a member, however often they change). */
  const countOf = async (table: typeof crmDeals | typeof crmContacts, where: SQL | undefined) =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table).where(where))[0]!.n;
  const stagesOf = (d: CrmDealResponse | null) => d?.history.map((h) => [h.stage, h.lostReason]);

  it('a request moves its deal Pending → Complete → Closed → Survey Sent, with the deal properties', async () => {
    const { expert, company, suggestionId } = await pair(t, {
      expert: { name: 'Mirror Expert' },
      company: { name: 'Mirror Company' },
    });
    await sent(company, suggestionId, 'Shall we talk?');
    const pending = await dealOf(suggestionId);
    expect(pending?.deal).toMatchObject({
      pipeline: 'connection',
      stage: dealStages.pending,
      lostReason: null,
      first: { memberId: expert.id },
      second: { memberId: company.id },
    });
    const props = pending!.deal.properties;
    expect(props).toMatchObject({
      connection_requested_by: 'venture',
      request_message: 'Shall we talk?',
      initiator_name: 'Mirror Company',
      recipient_name: 'Mirror Expert',
      profile_url: `${APP_URL}/view/${company.id}`,
    });
    const link = new URL(String(props.recipient_magic_link));
    expect(link.origin + link.pathname).toBe(`${APP_URL}/login-options`);
    expect(link.searchParams.get('login')).toBe(expert.id);
    expect(link.searchParams.get('deal')).toBe(String(props.intergen_deal_id));
    expect(link.searchParams.get('redirect')).toBe('/my-network?section=Requests');

    await acted(expert, suggestionId, 'accept');
    await acted(company, suggestionId, 'close');
    await acted(expert, suggestionId, 'survey', { rating: 4 });
    const done = await dealOf(suggestionId);
    expect(stagesOf(done)).toEqual([
      [dealStages.pending, null],
      [dealStages.complete, null],
      [dealStages.closed, null],
      [dealStages.surveySent, null],
    ]);
    expect(done!.deal.properties).toMatchObject({ rating: 4, venture_rating: 4 });
    // A later close does not take it back from Survey Sent.
    await acted(expert, suggestionId, 'close');
    expect((await dealOf(suggestionId))!.deal.stage).toBe(dealStages.surveySent);
  });

  it('deny, dismiss and cancel abandon the deal with the lost reason of who did it', async () => {
    const denied = await pair(t);
    await sent(denied.expert, denied.suggestionId);
    await acted(denied.company, denied.suggestionId, 'deny');
    expect(stagesOf(await dealOf(denied.suggestionId))).toEqual([
      [dealStages.pending, null],
      [dealStages.abandoned, 'venture_declined_request_from_expert'],
    ]);

    const dismissed = await pair(t);
    await sent(dismissed.company, dismissed.suggestionId);
    await acted(dismissed.expert, dismissed.suggestionId, 'dismiss');
    expect((await dealOf(dismissed.suggestionId))!.deal).toMatchObject({
      stage: dealStages.abandoned,
      lostReason: 'expert_declined_request_from_venture',
    });

    const cancelled = await pair(t);
    await sent(cancelled.company, cancelled.suggestionId);
    await acted(cancelled.company, cancelled.suggestionId, 'cancel');
    expect((await dealOf(cancelled.suggestionId))!.deal).toMatchObject({
      stage: dealStages.abandoned,
      lostReason: 'venture_cancelled_request_to_expert',
    });
    // Sent again, the same deal comes back to Pending (no second deal for the pair).
    await sent(cancelled.company, cancelled.suggestionId);
    const again = await dealOf(cancelled.suggestionId);
    expect(again!.deal).toMatchObject({ stage: dealStages.pending, lostReason: null });
    expect(await countOf(crmDeals, eq(crmDeals.dealKey, cancelled.suggestionId))).toBe(1);
  });

  it('dismissing a suggestion abandons its deal as a declined recommendation', async () => {
    const { expert, suggestionId } = await pair(t);
    const response = await expert.client.post('/api/suggestions/dismiss', { suggestionId });
    expect(response.statusCode, response.body).toBe(200);
    expect((await dealOf(suggestionId))!.deal).toMatchObject({
      stage: dealStages.abandoned,
      lostReason: 'expert_declined_venture_recommendation',
    });
  });

  it('a pending expert’s request waits as Connection Requested and moves to Pending on approval', async () => {
    const { expert, suggestionId } = await pair(t, { expert: { status: 'pending' } });
    await sent(expert, suggestionId, 'Held until approval');
    expect((await dealOf(suggestionId))!.deal.stage).toBe(dealStages.requested);
    const approved = await admin.client.post(`/api/admin/profiles/${expert.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(stagesOf(await dealOf(suggestionId))).toEqual([
      [dealStages.requested, null],
      [dealStages.pending, null],
    ]);
  });

  it('My Network: initiates connect, then accepts or rejects with the two lost reasons', async () => {
    const a = await member(t, 'expert', { name: 'Network Initiator' });
    const b = await member(t, 'expert', { name: 'Network Recipient' });
    const c = await member(t, 'expert', { name: 'Network Third' });
    const accepted = await requested(a, b.id);
    const first = await dealOf(accepted.id);
    expect(first!.deal).toMatchObject({
      pipeline: 'network',
      stage: networkStages.requested,
      first: { memberId: a.id },
      second: { memberId: b.id },
      properties: { initiator_name: 'Network Initiator', recipient_name: 'Network Recipient' },
    });
    await networkActed(b, accepted.id, 'accept');
    expect((await dealOf(accepted.id))!.deal.stage).toBe(networkStages.accepted);

    const declined = await requested(a, c.id);
    await networkActed(c, declined.id, 'decline');
    expect((await dealOf(declined.id))!.deal).toMatchObject({
      stage: networkStages.rejected,
      lostReason: 'recipient_declined_request',
    });
    const cancelled = await requested(c, a.id);
    await networkActed(c, cancelled.id, 'cancel');
    expect((await dealOf(cancelled.id))!.deal.lostReason).toBe('initiator_cancelled_request');
  });

  it('contacts: one per member, created minimal and fully updated after the delay', async () => {
    const { expert, company, suggestionId } = await pair(t, { company: { name: 'Contact Company' } });
    await sent(company, suggestionId);
    await deliver();
    const [contact] = await t.database.db
      .select()
      .from(crmContacts)
      .where(eq(crmContacts.memberId, company.id));
    expect(contact?.properties).toMatchObject({ profile_type: 'Venture', profile_id: company.id });
    expect(contact?.properties.company_name).toBeUndefined();
    // The full update waits (spec 001 §9: 10 s) in the outbox.
    const [update] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, 'crm.contact'), sql`${outbox.payload}->>'memberId' = ${company.id}`));
    expect(update?.status).toBe('pending');
    expect(update!.runAt.getTime() - update!.createdAt.getTime()).toBeGreaterThanOrEqual(9_000);
    await t.database.db.update(outbox).set({ runAt: new Date() }).where(eq(outbox.id, update!.id));
    await deliver();
    const [full] = await t.database.db.select().from(crmContacts).where(eq(crmContacts.memberId, company.id));
    expect(full?.properties).toMatchObject({
      profile_type: 'Venture',
      profile_status: 'published',
      company_name: expect.any(String),
      phone: '5559876543',
      last_login: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d M[SD]T$/),
    });
    // The expert's contact too, once; a second deal of theirs reuses both contacts.
    const second = await suggest(t, expert, await member(t, 'company'));
    await sent(expert, second);
    await deliver();
    expect(await countOf(crmContacts, eq(crmContacts.memberId, expert.id))).toBe(1);
  });

  it('a delivery run twice, or an older step delivered late, changes nothing', async () => {
    const { expert, company, suggestionId } = await pair(t);
    await sent(company, suggestionId, 'Twice');
    await acted(expert, suggestionId, 'accept');
    await deliver();
    const before = await dealOf(suggestionId);
    // Every CRM delivery of this pair put back as if the worker had died before recording them.
    await t.database.db
      .update(outbox)
      .set({ status: 'pending', runAt: new Date(), attempts: 0 })
      .where(
        and(
          eq(outbox.topic, 'crm.event'),
          sql`${outbox.payload}->'payload'->>'suggestionId' = ${suggestionId}`,
        ),
      );
    const after = await dealOf(suggestionId);
    expect(after!.deal.stage).toBe(dealStages.complete);
    expect(after!.history).toEqual(before!.history);
    expect(await countOf(crmDeals, eq(crmDeals.dealKey, suggestionId))).toBe(1);
  });

  it('the board shows every stage in order with its deals; only admins see it', async () => {
    const { company, suggestionId } = await pair(t, { company: { name: 'Board Company' } });
    await sent(company, suggestionId);
    await deliver();
    const response = await admin.client.get('/api/admin/crm/board?pipeline=connection');
    expect(response.statusCode, response.body).toBe(200);
    const board = response.json() as CrmBoardResponse;
    expect(board.gateway).toBe('local');
    expect(board.columns.map((c) => c.stage)).toEqual(Object.values(dealStages));
    const pendingColumn = board.columns.find((c) => c.stage === dealStages.pending)!;
    expect(pendingColumn.deals.some((d) => d.second.name === 'Board Company')).toBe(true);
    expect(pendingColumn.total).toBeGreaterThanOrEqual(pendingColumn.deals.length);
    expect((await company.client.get('/api/admin/crm/board')).statusCode).toBe(403);
    const network = await admin.client.get('/api/admin/crm/board?pipeline=network');
    expect(network.json().columns.map((c: { stage: string }) => c.stage)).toEqual(
      Object.values(networkStages),
    );
    expect((await admin.client.get('/api/admin/crm/board?pipeline=other')).statusCode).toBe(400);
  });

  it('lists contacts by name with a search, and pages on', async () => {
    const response = await admin.client.get('/api/admin/crm/contacts?q=board');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().contacts.map((c: { name: string }) => c.name)).toContain('Board Company');
    const all = await admin.client.get('/api/admin/crm/contacts');
    const { contacts, nextCursor } = all.json();
    expect(contacts.length).toBeGreaterThan(0);
    if (nextCursor) {
      const next = await admin.client.get(`/api/admin/crm/contacts?cursor=${nextCursor}`);
      expect(next.json().contacts[0].name >= contacts.at(-1).name).toBe(true);
    }
    // A forged cursor starts over instead of failing.
    expect((await admin.client.get('/api/admin/crm/contacts?cursor=AAAA')).statusCode).toBe(200);
  });

  it('a delivery that keeps failing is parked, shown to admins with its error, and can be retried', async () => {
    const { company, suggestionId } = await pair(t);
    await sent(company, suggestionId);
    // The deal's delivery fails for good (as after its last attempt).
    await t.database.db
      .update(outbox)
      .set({ status: 'dead', lastError: 'HubSpot Proxy service is unreachable', attempts: 8 })
      .where(
        and(
          eq(outbox.topic, 'crm.event'),
          sql`${outbox.payload}->'payload'->>'suggestionId' = ${suggestionId}`,
        ),
      );
    await deliver();
    expect(await dealOf(suggestionId)).toBeNull();
    const listed = await admin.client.get('/api/admin/crm/deliveries');
    const delivery = listed
      .json()
      .deliveries.find((d: { what: string; lastError: string }) => d.what === 'connection.requested');
    expect(delivery).toMatchObject({ lastError: 'HubSpot Proxy service is unreachable', attempts: 8 });
    const retried = await admin.client.post(`/api/admin/crm/deliveries/${delivery.id}/retry`, {});
    expect(retried.statusCode, retried.body).toBe(204);
    // Audited as the admin's retry.
    const audit = await admin.client.get('/api/admin/audit?action=outbox.retry');
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().entries.map((e: { target: string }) => e.target)).toContain(String(delivery.id));
    expect((await dealOf(suggestionId))!.deal.stage).toBe(dealStages.pending);
    expect((await admin.client.post(`/api/admin/crm/deliveries/${delivery.id}/retry`, {})).statusCode).toBe(
      404,
    );
  });
});

describe.each(engines)('the dates of a step on %s', (engine: Engine) => {
  // The app's clock (the demo replays twelve weeks with it); the outbox delivers a month later.
  let at = Date.UTC(2026, 0, 5, 10);
  const t = useTestApp(engine, {}, { now: () => new Date(at) });

  it('are when it happened, however late the worker delivers: the deal history and the notifications', async () => {
    const { expert, company, suggestionId } = await pair(t);
    at += 3_600_000;
    const requested = at;
    await sent(company, suggestionId, 'Shall we talk?');
    at += 86_400_000;
    const accepted = at;
    await acted(expert, suggestionId, 'accept');
    at += 30 * 86_400_000;
    await t.app.worker.drain();

    const admin = await signInAdmin(t);
    const [deal] = await t.database.db.select().from(crmDeals).where(eq(crmDeals.dealKey, suggestionId));
    const history = (await admin.client.get(`/api/admin/crm/deals/${deal!.id}`)).json() as CrmDealResponse;
    expect(history.history.map((h) => [h.stage, h.at])).toEqual([
      [dealStages.pending, requested],
      [dealStages.complete, accepted],
    ]);
    const notes = await t.database.db
      .select({ kind: notifications.kind, at: notifications.createdAt })
      .from(notifications)
      .where(eq(notifications.requestId, suggestionId));
    expect(Object.fromEntries(notes.map((n) => [n.kind, n.at.getTime()]))).toEqual({
      request_received: requested,
      request_accepted: accepted,
    });
  });
});
