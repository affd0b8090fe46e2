import { type DealLostReason, dealStages, type NetworkLostReason, networkStages } from '@intergen/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../src/db/schema.ts';
import { acted, member, pair, sent, suggest } from './connections.support.ts';
import { type CrmReader, crmReader, gateways, hubspotEnv, startCrmStub } from './crm.support.ts';
import { type Member, signInAdmin } from './factories.ts';
import { createTestApp, type Engine, engines, type TestApp } from './helpers.ts';
import type { HubSpotStub } from './hubspot-stub.ts';
import { acted as networkActed, requested } from './network.support.ts';

/**
 * Every row of spec 000 §4's "CRM deal stages" and "My Network", on both gateways: the member takes the step
 * through HTTP, the outbox delivers, and the deal is read back through the gateway (stage and lost reason in
 * our names; on HubSpot, stored under the configured ids) with its two parties as its contacts.
 */
const cases = engines.flatMap((engine) => gateways.map((gateway) => [engine, gateway] as const));

describe.each(cases)('CRM transitions on %s with the %s CRM', (engine: Engine, gateway) => {
  let t: TestApp;
  let stub: HubSpotStub | null = null;
  let crm: CrmReader;
  let approve: (id: string) => Promise<void>;
  beforeAll(async () => {
    stub = gateway === 'hubspot' ? await startCrmStub() : null;
    const env = stub ? hubspotEnv(stub) : {};
    t = await createTestApp(engine, env);
    crm = crmReader(t, stub, env);
    const admin = await signInAdmin(t);
    approve = async (id) => {
      const response = await admin.client.post(`/api/admin/profiles/${id}/approve`);
      expect(response.statusCode, response.body).toBe(200);
    };
  });
  afterAll(async () => {
    await t.close();
    await stub?.close();
  });

  /** Delivers what is queued and reads the deal: its stage, lost reason and parties. */
  async function dealOf(key: string) {
    await t.app.worker.drain();
    const deal = await crm.deal(key);
    return deal && { stage: deal.stage, lostReason: deal.lostReason, properties: deal.properties };
  }

  async function expectParties(key: string, a: Member, b: Member) {
    expect(await crm.parties(key)).toEqual([a.id, b.id].sort());
    expect(await crm.dealCount(key)).toBe(1);
  }

  it('send (venture) → Connection Pending, with requester, message and the recipient’s magic link', async () => {
    const { expert, company, suggestionId } = await pair(t, { company: { name: 'Transition Venture' } });
    await sent(company, suggestionId, 'Hello from the venture');
    const deal = await dealOf(suggestionId);
    expect(deal).toMatchObject({ stage: dealStages.pending, lostReason: null });
    expect(deal!.properties).toMatchObject({
      connection_requested_by: 'venture',
      request_message: 'Hello from the venture',
      initiator_name: 'Transition Venture',
    });
    expect(String(deal!.properties.recipient_magic_link)).toContain(`login=${expert.id}`);
    await expectParties(suggestionId, expert, company);
  });

  it('send (expert) → Connection Pending, requested by the expert', async () => {
    const { expert, company, suggestionId } = await pair(t);
    await sent(expert, suggestionId, 'Hello from the advisor');
    const deal = await dealOf(suggestionId);
    expect(deal).toMatchObject({ stage: dealStages.pending, lostReason: null });
    expect(deal!.properties.connection_requested_by).toBe('expert');
    await expectParties(suggestionId, expert, company);
  });

  it('send by a pending expert → Connection Requested; approval → Connection Pending', async () => {
    const { expert, company, suggestionId } = await pair(t, { expert: { status: 'pending' } });
    await sent(expert, suggestionId);
    expect(await dealOf(suggestionId)).toMatchObject({ stage: dealStages.requested });
    await approve(expert.id);
    expect(await dealOf(suggestionId)).toMatchObject({ stage: dealStages.pending, lostReason: null });
    await expectParties(suggestionId, expert, company);
  });

  it('accept → Connection Complete; close → Connection Closed', async () => {
    const { expert, company, suggestionId } = await pair(t);
    await sent(company, suggestionId);
    await acted(expert, suggestionId, 'accept');
    expect(await dealOf(suggestionId)).toMatchObject({ stage: dealStages.complete, lostReason: null });
    await acted(company, suggestionId, 'close');
    expect(await dealOf(suggestionId)).toMatchObject({ stage: dealStages.closed, lostReason: null });
    await expectParties(suggestionId, expert, company);
  });

  it('survey → Survey Sent with the rating; a close after it leaves it at Survey Sent', async () => {
    const { expert, company, suggestionId } = await pair(t);
    await sent(expert, suggestionId);
    await acted(company, suggestionId, 'accept');
    await acted(company, suggestionId, 'survey', { rating: 5 });
    const surveyed = await dealOf(suggestionId);
    expect(surveyed).toMatchObject({ stage: dealStages.surveySent, lostReason: null });
    expect(Number(surveyed!.properties.rating)).toBe(5);
    expect(Number(surveyed!.properties.expert_rating)).toBe(5);
    await acted(expert, suggestionId, 'close');
    expect(await dealOf(suggestionId)).toMatchObject({ stage: dealStages.surveySent });
  });

  const abandoned: [string, 'company' | 'expert', 'deny' | 'dismiss' | 'cancel', DealLostReason][] = [
    ['venture denies the expert’s request', 'expert', 'deny', 'venture_declined_request_from_expert'],
    ['expert dismisses the venture’s request', 'company', 'dismiss', 'expert_declined_request_from_venture'],
    ['expert cancels their request', 'expert', 'cancel', 'expert_cancelled_request_to_venture'],
    ['venture cancels their request', 'company', 'cancel', 'venture_cancelled_request_to_expert'],
  ];
  it.each(abandoned)('%s → Connection Abandoned, %s', async (_, from, action, reason) => {
    const { expert, company, suggestionId } = await pair(t);
    const sender = from === 'expert' ? expert : company;
    const other = from === 'expert' ? company : expert;
    await sent(sender, suggestionId);
    await acted(action === 'cancel' ? sender : other, suggestionId, action);
    expect(await dealOf(suggestionId)).toMatchObject({ stage: dealStages.abandoned, lostReason: reason });
    await expectParties(suggestionId, expert, company);
  });

  it.each([
    ['expert', 'expert_declined_venture_recommendation'],
    ['company', 'venture_declined_expert_recommendation'],
  ] as const)('the %s dismisses the suggestion → Connection Abandoned, %s', async (side, reason) => {
    const { expert, company, suggestionId } = await pair(t);
    const response = await (side === 'expert' ? expert : company).client.post('/api/suggestions/dismiss', {
      suggestionId,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await dealOf(suggestionId)).toMatchObject({ stage: dealStages.abandoned, lostReason: reason });
    await expectParties(suggestionId, expert, company);
  });

  it('abandoned, then sent again → back to Connection Pending, the lost reason cleared, still one deal', async () => {
    const { expert, company, suggestionId } = await pair(t);
    await sent(company, suggestionId);
    await acted(company, suggestionId, 'cancel');
    expect(await dealOf(suggestionId)).toMatchObject({ stage: dealStages.abandoned });
    await sent(company, suggestionId);
    expect(await dealOf(suggestionId)).toMatchObject({ stage: dealStages.pending, lostReason: null });
    await expectParties(suggestionId, expert, company);
  });

  it('My Network: request → IBA initiates connect; accept → IBA accepts', async () => {
    const a = await member(t, 'expert', { name: 'Initiating Advisor' });
    const b = await member(t, 'expert', { name: 'Receiving Advisor' });
    const request = await requested(a, b.id);
    const first = await dealOf(request.id);
    expect(first).toMatchObject({ stage: networkStages.requested, lostReason: null });
    expect(first!.properties).toMatchObject({
      initiator_name: 'Initiating Advisor',
      recipient_name: 'Receiving Advisor',
    });
    await networkActed(b, request.id, 'accept');
    expect(await dealOf(request.id)).toMatchObject({ stage: networkStages.accepted, lostReason: null });
    await expectParties(request.id, a, b);
  });

  it.each([
    ['decline', 'recipient_declined_request'],
    ['cancel', 'initiator_cancelled_request'],
  ] as const)('My Network: %s → IBA rejects, %s', async (action, reason: NetworkLostReason) => {
    const a = await member(t, 'expert');
    const b = await member(t, 'expert');
    const request = await requested(a, b.id);
    await networkActed(action === 'cancel' ? a : b, request.id, action);
    expect(await dealOf(request.id)).toMatchObject({ stage: networkStages.rejected, lostReason: reason });
    await expectParties(request.id, a, b);
  });

  it('one contact per member, however many deals they have', async () => {
    const expert = await member(t, 'expert');
    const companies = [await member(t, 'company'), await member(t, 'company')];
    for (const company of companies) await sent(company, await suggest(t, expert, company));
    await t.app.worker.drain();
    expect(await crm.contactCount(expert.id)).toBe(1);
    for (const company of companies) expect(await crm.contactCount(company.id)).toBe(1);
  });

  it('a contact is created with the minimal properties, and fully updated by a row due 10 s later', async () => {
    const { company, suggestionId } = await pair(t, { company: { name: 'Minimal Venture' } });
    await sent(company, suggestionId);
    await t.app.worker.drain();
    const minimal = await crm.contact(company.id);
    expect(minimal).toMatchObject({ profile_type: 'Venture', profile_id: company.id, firstname: 'Minimal' });
    expect(minimal?.phone ?? null).toBeNull();
    expect(minimal?.company_name ?? null).toBeNull();
    const [update] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, 'crm.contact'), sql`${outbox.payload}->>'memberId' = ${company.id}`));
    expect(update!.runAt.getTime() - update!.createdAt.getTime()).toBeGreaterThanOrEqual(9_000);
    await t.database.db.update(outbox).set({ runAt: sql`now()` }).where(eq(outbox.id, update!.id));
    await t.app.worker.drain();
    expect(await crm.contact(company.id)).toMatchObject({
      profile_type: 'Venture',
      profile_status: 'published',
      phone: '5559876543',
      company_name: expect.any(String),
      last_login: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d M[SD]T$/),
    });
  });
});
