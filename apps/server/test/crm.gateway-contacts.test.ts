import { Client } from '@hubspot/api-client';
import { dealStages } from '@intergen/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../src/db/schema.ts';
import { hubspotGateway, hubspotIds } from '../src/modules/crm/hubspot.gateway.ts';
import type { ContactRecord } from '../src/modules/crm/properties.ts';
import { member, pair, sent, suggest } from './connections.support.ts';
import { hubspotEnv, hubspotSettingsOf, startCrmStub, useHubSpotApp } from './crm.support.ts';
import type { Member } from './factories.ts';
import { type Engine, engines } from './helpers.ts';
import type { HubSpotStub } from './hubspot-stub.ts';

const crmTopics = ['crm.event', 'crm.contact'];
const PATCH = 'PATCH /crm/v3/objects/contacts/{id}';

/**
 * The HubSpot gateway's contacts against the stub, the way a member's profile reaches them (HTTP, then the outbox):
 * a contact deleted or merged by a HubSpot user, the spec's 10 s between the minimal create and the full update
 * (spec 001 §7), and updates that send only what changed.
 */
describe.each(engines)('HubSpot contacts on %s', (engine: Engine) => {
  /** The app, its HubSpot stub, and a HubSpot user's client of it (through the API). */
  const h = useHubSpotApp(engine);
  beforeEach(() => h.stub.up());

  const contactsOf = (m: Member) =>
    h.stub.records('contacts').filter((c) => c.properties[hubspotIds.member] === m.id);
  /** The contact updates sent: one by one (PATCH), or in a batch (a full update claimed with others). */
  const patches = () => {
    const byRoute = h.stub.stats().byRoute;
    return (byRoute[PATCH] ?? 0) + (byRoute['POST /crm/v3/objects/contacts/batch/update'] ?? 0);
  };

  /** The member's queued full updates, due in the future. */
  const fullUpdatesOf = (m: Member) =>
    h.t.database.db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.topic, 'crm.contact'),
          eq(outbox.status, 'pending'),
          sql`${outbox.payload}->>'memberId' = ${m.id}`,
        ),
      );

  /** The clock moved on: the member's waiting full update is due now, and runs. */
  async function fullUpdateDue(m: Member) {
    await h.t.database.db
      .update(outbox)
      .set({ runAt: sql`now()` })
      .where(and(eq(outbox.topic, 'crm.contact'), sql`${outbox.payload}->>'memberId' = ${m.id}`));
    await h.t.app.worker.drain();
  }

  /** CRM rows not done: none may be left waiting for a retry or parked. */
  const undone = () =>
    h.t.database.db
      .select({ topic: outbox.topic, status: outbox.status, lastError: outbox.lastError })
      .from(outbox)
      .where(and(inArray(outbox.topic, crmTopics), sql`${outbox.status} <> 'done'`));

  /** A member whose contact HubSpot has, fully updated. */
  async function synced(kind: 'expert' | 'company' = 'company') {
    const m = await member(h.t, kind);
    expect((await m.client.post('/api/profiles/me/pause', { reason: 'noTime' })).statusCode).toBe(200);
    await h.t.app.worker.drain();
    await fullUpdateDue(m);
    expect(await undone()).toEqual([]);
    const [contact] = contactsOf(m);
    expect(contact?.properties).toMatchObject({ profile_status: 'paused', pause_reason: expect.any(String) });
    return { m, contactId: contact!.id };
  }
  const unpause = async (m: Member) => {
    expect((await m.client.post('/api/profiles/me/unpause')).statusCode).toBe(200);
    await h.t.app.worker.drain();
  };

  it('a contact deleted in HubSpot: the next update finds none under our member id and makes it again', async () => {
    const { m, contactId } = await synced();
    await h.hubspot.crm.contacts.basicApi.archive(contactId);

    await unpause(m);
    // No 404 left waiting for hours: the contact is made again (minimal), its full update 10 s later.
    expect(await undone()).toEqual([{ topic: 'crm.contact', status: 'pending', lastError: null }]);
    const [again] = contactsOf(m);
    expect(again?.id).not.toBe(contactId);
    await fullUpdateDue(m);
    expect(await undone()).toEqual([]);
    expect(contactsOf(m).map((c) => [c.id, c.properties.profile_status])).toEqual([[again!.id, 'published']]);
  });

  it('a contact merged in HubSpot: the update finds the merged record by our member id and updates it', async () => {
    const { m, contactId } = await synced();
    const lead = await h.hubspot.crm.contacts.basicApi.create({
      properties: { email: `lead-${m.id}@example.com`, phone: '555 0100' },
      associations: [],
    });
    const merged = await h.hubspot.crm.contacts.basicApi.merge({
      primaryObjectId: contactId,
      objectIdToMerge: lead.id,
    });

    await unpause(m);
    expect(await undone()).toEqual([]);
    expect(contactsOf(m).map((c) => [c.id, c.properties.profile_status])).toEqual([[merged.id, 'published']]);
  });

  it("a deal made after a party's contact was deleted in HubSpot is associated to the contact made again", async () => {
    const p = await pair(h.t);
    await sent(p.company, p.suggestionId);
    await h.t.app.worker.drain();
    const [old] = contactsOf(p.expert);
    await h.hubspot.crm.contacts.basicApi.archive(old!.id);

    const other = await member(h.t, 'company');
    const suggestionId = await suggest(h.t, p.expert, other);
    await sent(other, suggestionId);
    await h.t.app.worker.drain();
    expect((await undone()).filter((r) => r.lastError !== null)).toEqual([]);
    const [again] = contactsOf(p.expert);
    expect(again?.id).not.toBe(old!.id);
    const deal = h.stub.records('deals').find((d) => d.properties[hubspotIds.dealKey] === suggestionId);
    expect(deal?.associations).toContain(again!.id);
    for (const m of [p.expert, p.company, other]) await fullUpdateDue(m);
    expect(await undone()).toEqual([]);
  });

  it('the full update runs 10 s after the minimal create, never sooner, whatever profile events follow', async () => {
    const m = await member(h.t, 'company');
    const before = patches();
    expect((await m.client.post('/api/profiles/me/pause', { reason: 'noTime' })).statusCode).toBe(200);
    await h.t.app.worker.drain();
    const [minimal] = contactsOf(m);
    expect(minimal?.properties).toMatchObject({ profile_type: 'Venture', profile_status: 'paused' });
    expect(minimal?.properties.company_name ?? null).toBeNull();
    const [queued] = await fullUpdatesOf(m);
    expect(queued!.runAt.getTime() - queued!.createdAt.getTime()).toBeGreaterThanOrEqual(9_900);

    // Profile events within the 10 s: folded into the waiting full update, nothing sent to HubSpot.
    await unpause(m);
    expect((await m.client.post('/api/profiles/me/pause', { reason: 'noTime' })).statusCode).toBe(200);
    await h.t.app.worker.drain();
    await unpause(m);
    expect(patches() - before).toBe(0);
    expect(await fullUpdatesOf(m)).toHaveLength(1);
    expect(contactsOf(m)[0]?.properties.company_name ?? null).toBeNull();

    // 10 s on: one full update, with the profile as it is then.
    await fullUpdateDue(m);
    expect(patches() - before).toBe(1);
    expect(contactsOf(m)[0]?.properties).toMatchObject({
      profile_status: 'published',
      company_name: expect.any(String),
    });
    // After it, an event is sent at once.
    expect((await m.client.post('/api/profiles/me/pause', { reason: 'noTime' })).statusCode).toBe(200);
    await h.t.app.worker.drain();
    expect(patches() - before).toBe(2);
    expect(contactsOf(m)[0]?.properties.profile_status).toBe('paused');
  });

  it('an update sends only what changed: a field filled in by hand in HubSpot stays, nothing changed sends nothing', async () => {
    const { m, contactId } = await synced('expert');
    // A HubSpot user fills fields the profile leaves empty, and corrects one the profile has.
    await h.hubspot.crm.contacts.basicApi.update(contactId, {
      properties: { anything_else: 'Met at the fair', linkedin: 'https://linkedin.example/hand' },
    });
    const requests = () => h.stub.stats().requests;

    const beforeUnpause = requests();
    await unpause(m);
    const unpauseRequests = requests() - beforeUnpause;
    const contact = contactsOf(m)[0]!.properties;
    expect(contact).toMatchObject({
      profile_status: 'published',
      anything_else: 'Met at the fair',
      linkedin: 'https://linkedin.example/hand',
    });

    // A delivery that changes nothing HubSpot shows sends no request at all.
    const beforeSame = requests();
    expect(await h.t.app.services.crm.syncContact(m.id)).toBe(true);
    const sameRequests = requests() - beforeSame;
    // Measured: the unpause's delivery is one PATCH (before: one PATCH of all 34 properties, blanking both hand
    // edits); a delivery with nothing changed is none (before: one PATCH).
    expect({ unpauseRequests, sameRequests }).toEqual({ unpauseRequests: 1, sameRequests: 0 });

    // A property we clear is sent (cleared), one we fill again too.
    expect((await m.client.post('/api/profiles/me/pause', { reason: 'noTime' })).statusCode).toBe(200);
    await h.t.app.worker.drain();
    expect(contactsOf(m)[0]!.properties).toMatchObject({
      pause_reason: expect.any(String),
      anything_else: 'Met at the fair',
    });
    await unpause(m);
    expect(contactsOf(m)[0]!.properties.pause_reason).toBeNull();
  });
});

/** The gateway's creates when HubSpot refuses a taken unique value, as HubSpot answers it. */
describe('HubSpot creates refused for a taken unique value', () => {
  let stub: HubSpotStub;
  let gateway: ReturnType<typeof hubspotGateway>;
  beforeAll(async () => {
    stub = await startCrmStub();
    gateway = hubspotGateway(hubspotSettingsOf(hubspotEnv(stub)), { quickRetryDelaysMs: [] });
  });
  afterAll(() => stub.close());
  beforeEach(() => stub.reset());

  const record = (memberId: string, email = `${memberId}@example.com`): ContactRecord => ({
    memberId,
    kind: 'expert',
    email,
    name: 'Una Ique',
    properties: { firstname: 'Una', lastname: 'Ique' },
  });

  it('a contact whose member id is taken (400 "already has that value") is the contact found', async () => {
    const first = await gateway.createContact(record('m-1'));
    // A second create of the same member (a delivery that ran before, another instance) finds the first.
    expect(await gateway.createContact(record('m-1', 'other@example.com'))).toBe(first);
    expect(stub.records('contacts')).toHaveLength(1);
  });

  it('a contact whose e-mail is taken by a lead (409 "Contact already exists") adopts the lead', async () => {
    const lead = await new Client({
      accessToken: stub.accessToken,
      basePath: stub.url,
    }).crm.contacts.basicApi.create({
      properties: { email: 'lead@example.com' },
      associations: [],
    });
    expect(await gateway.createContact(record('m-2', 'lead@example.com'))).toBe(lead.id);
    expect(stub.records('contacts').map((c) => c.properties[hubspotIds.member])).toEqual(['m-2']);
  });

  it('a deal whose key is taken (400 "already has that value") is the deal found', async () => {
    const a = await gateway.createContact(record('m-3'));
    const b = await gateway.createContact(record('m-4'));
    const deal = {
      pipeline: 'connection' as const,
      dealKey: 'key-1',
      contactIds: [a, b] as const,
      stage: dealStages.pending,
      lostReason: null,
      properties: {},
      eventId: 1,
    };
    const first = await gateway.createDeal(deal);
    expect(await gateway.createDeal(deal)).toBe(first);
    expect(stub.records('deals')).toHaveLength(1);
  });
});
