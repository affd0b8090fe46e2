import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { accountDeletionMessages } from '@intergen/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchScores, notifications } from '../src/db/schema.ts';
import { adminDelete, deadRows, hasRateLimit, rowsNaming, tableCounts } from './accounts.support.ts';
import { bucketIds, connectedPair, member, sent, suggest } from './connections.support.ts';
import { type CrmReader, crmReader, gateways, hubspotEnv, startCrmStub } from './crm.support.ts';
import { pngOf, signInAdmin, uploadImage } from './factories.ts';
import { client, createTestApp, type Engine, engines, ORIGIN, signIn, type TestApp } from './helpers.ts';
import type { HubSpotStub } from './hubspot-stub.ts';
import { connectTo, acted as networkActed, overviewOf, requested } from './network.support.ts';
import { useAdmin, useTestApp } from './suite.ts';

/**
 * An admin deletes a member (spec 000 §4 "Deleting an account", DESIGN.md §4): every row about them goes, in one
 * transaction, from every table; the members tied to them no longer see them; waiting deliveries end cleanly;
 * the CRM forgets them on both gateways.
 */
const cases = engines.flatMap((engine) => gateways.map((gateway) => [engine, gateway] as const));

describe.each(cases)('an admin deletes a member on %s with the %s CRM', (engine: Engine, gateway) => {
  let t: TestApp;
  let stub: HubSpotStub | null = null;
  let crm: CrmReader;
  let dataDir: string;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  beforeAll(async () => {
    stub = gateway === 'hubspot' ? await startCrmStub() : null;
    const env = stub ? hubspotEnv(stub) : {};
    dataDir = await mkdtemp(path.join(tmpdir(), 'intergen-delete-'));
    t = await createTestApp(engine, { ...env, DATA_DIR: dataDir });
    crm = crmReader(t, stub, env);
    admin = await signInAdmin(t);
  });
  afterAll(async () => {
    await t.close();
    await stub?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /**
   * An expert tied to everyone in every way: connected to one company, a request from a second company waiting,
   * a suggestion with a third, a My Network request to and from other experts, scores, tracking, a picture,
   * mail, rate-limit counters, CRM contact and deals, and steps still waiting in the outbox.
   */
  async function wellConnectedExpert() {
    const connection = await connectedPair(t, 'company');
    const expert = connection.expert;
    const requester = await member(t, 'company', { name: 'Waiting Company' });
    const waiting = await suggest(t, expert, requester);
    const suggested = await member(t, 'company', { name: 'Suggested Company' });
    await suggest(t, expert, suggested);
    const peer = await member(t, 'expert', { name: 'Peer Expert' });
    const asker = await member(t, 'expert', { name: 'Asking Expert' });
    await connectTo(t, expert, [connection.company.id, suggested.id]);
    await connectTo(t, peer, [connection.company.id]);
    await connectTo(t, asker, [connection.company.id]);
    const toPeer = await requested(expert, peer.id);
    await networkActed(peer, toPeer.id, 'accept');
    const picture = await uploadImage(t.app, expert, await pngOf(64, 64));
    expect(picture.statusCode, picture.body).toBe(200);
    await t.database.db.insert(matchScores).values([
      { expertId: expert.id, companyId: connection.company.id, score: 91 },
      { expertId: expert.id, companyId: suggested.id, score: 77 },
    ]);
    expect((await expert.client.post('/api/tracking', { type: 'EXPLORE_EXPERT_COMMUNITY' })).statusCode).toBe(
      204,
    );
    const viewed = await suggested.client.post('/api/tracking', {
      type: 'VIEW_PROFILE_FROM_CARD',
      targetId: expert.id,
    });
    expect(viewed.statusCode, viewed.body).toBe(204);
    // A failed sign-in from a client that never signed in to the account leaves counters under the e-mail (this
    // client's, and the e-mail's ceiling), beside the known client's mark of the member's own sign-in.
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: '203.0.113.9',
      headers: ORIGIN,
      payload: { email: expert.email, password: 'not-the-password' },
    });
    expect(failed.statusCode, failed.body).toBe(401);
    // Mail and CRM contacts and deals are delivered; what follows still waits in the outbox.
    await t.app.worker.drain();
    await sent(requester, waiting, 'Please connect');
    await requested(asker, expert.id);
    // A notification that names the expert only as its counterpart (no row it hangs on).
    await t.database.db.insert(notifications).values({
      id: crypto.randomUUID(),
      userId: suggested.id,
      kind: 'request_accepted',
      connectionId: 'c-1',
      counterpartId: expert.id,
    });
    const profile = (await expert.client.get('/api/profiles/me')).json().profile;
    return {
      ...connection,
      expert,
      requester,
      waiting,
      suggested,
      peer,
      asker,
      picture: profile.data.profileImage,
    };
  }

  it('every row about the member is gone, the ties see nothing of them, and they cannot sign in', async () => {
    const w = await wellConnectedExpert();
    const { expert } = w;
    const picture = () => t.app.inject({ method: 'GET', url: String(w.picture.url) });
    expect((await picture()).statusCode).toBe(200);
    expect(await hasRateLimit(t, expert.email)).toBe(true);
    expect(Object.keys(await rowsNaming(t, [expert.id, expert.email])).length).toBeGreaterThan(8);
    expect(await crm.contactCount(expert.id)).toBe(1);
    expect(await crm.dealCount(w.id)).toBe(1);

    const response = await adminDelete(admin, expert.id, `  ${expert.email.toUpperCase()} `);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ deleted: true, id: expert.id });
    // At once, before any delivery: no table holds a row naming them but the built-in CRM's, which its
    // delivery of `member.deleted` clears (the CRM is a mirror, fed through the outbox like HubSpot).
    const atOnce = await rowsNaming(t, [expert.id, expert.email]);
    expect(Object.keys(atOnce).filter((table) => !table.startsWith('crm_'))).toEqual([]);
    expect(await hasRateLimit(t, expert.email)).toBe(false);
    expect((await picture()).statusCode).toBe(404);

    // The waiting deliveries finish, none parked; the CRM forgets them.
    await t.app.worker.drain();
    expect(await deadRows(t)).toEqual([]);
    expect(await crm.contactCount(expert.id)).toBe(0);
    if (stub) {
      // GDPR-deleted: gone for good, not in HubSpot's recycling bin. Their deals stay for the other party,
      // anonymised: nothing in them names the member any more.
      const archived = stub.archived('contacts').map((c) => c.properties.intergen_member_id);
      expect(archived).not.toContain(expert.id);
      expect(stub.stats().byRoute['POST /crm/v3/objects/contacts/gdpr-delete']).toBeGreaterThan(0);
      const deal = stub.records('deals').find((d) => d.properties.intergen_deal_key === w.id);
      expect(deal?.properties).toMatchObject({
        dealname: 'InterGen deal',
        initiator_name: null,
        recipient_name: null,
        request_message: null,
        recipient_magic_link: null,
        profile_url: null,
      });
      expect(JSON.stringify(stub.records('deals'))).not.toContain(expert.id);
    } else {
      expect(await crm.dealCount(w.id)).toBe(0);
    }
    expect(await rowsNaming(t, [expert.id, expert.email])).toEqual({});

    // The members tied to them see nothing of them.
    expect(await bucketIds(w.company)).toEqual({ received: [], sent: [], unrated: [], rated: [] });
    expect(await bucketIds(w.requester)).toEqual({ received: [], sent: [], unrated: [], rated: [] });
    for (const other of [w.company, w.requester, w.suggested]) {
      const suggestions = (await other.client.get('/api/suggestions')).json();
      expect(JSON.stringify(suggestions)).not.toContain(expert.id);
      const centre = (await other.client.get('/api/notifications')).json();
      expect(JSON.stringify(centre)).not.toContain(expert.id);
    }
    for (const other of [w.peer, w.asker]) {
      expect(JSON.stringify(await overviewOf(other))).not.toContain(expert.id);
      expect((await other.client.get(`/api/profiles/${expert.id}`)).statusCode).toBe(404);
    }
    // Signed out everywhere, and no sign-in.
    expect((await expert.client.get('/api/auth/session')).json()).toEqual({ user: null });
    expect((await signIn(t.app, expert.email, expert.password)).response.statusCode).toBe(401);

    // The audit log says who deleted whom.
    const audit = (await admin.client.get('/api/admin/audit?action=member.delete')).json();
    expect(audit.entries[0]).toMatchObject({
      action: 'member.delete',
      target: expert.id,
      details: { role: 'expert', email: expert.email },
    });
  });

  it('a CRM step of a deal whose member was deleted while it waited ends without a retry', async () => {
    const p = await connectedPair(t, 'expert');
    await t.app.worker.drain();
    const deleted = await adminDelete(admin, p.expert.id, p.expert.email);
    expect(deleted.statusCode, deleted.body).toBe(200);
    await t.app.worker.drain();
    expect(await crm.dealCount(p.id)).toBe(stub ? 1 : 0);
    // A step delivered late (a worker held its row while the deletion ran) meets the member gone.
    await expect(
      t.app.services.crm.applyEvent({
        eventId: Number.MAX_SAFE_INTEGER,
        type: 'connection.accepted',
        userId: p.company.id,
        payload: {
          requestId: p.id,
          suggestionId: p.id,
          expertId: p.expert.id,
          companyId: p.company.id,
          dealId: null,
          requestedBy: 'expert',
          senderId: p.expert.id,
          recipientId: p.company.id,
          by: p.company.id,
          isPending: false,
        },
      }),
    ).resolves.toBeUndefined();
    await t.app.worker.drain();
    expect(await deadRows(t)).toEqual([]);
  });
});

describe.each(engines)('who may delete, and what a refusal leaves, on %s', (engine: Engine) => {
  const t = useTestApp(engine);
  const admin = useAdmin(t);

  it('a confirmation that is not the member’s e-mail answers 400 and changes nothing', async () => {
    const p = await connectedPair(t);
    await t.app.worker.drain();
    const before = await tableCounts(t);
    for (const confirmation of ['', 'someone@example.com', p.expert.email.replace('@', '')]) {
      const response = await adminDelete(admin, p.expert.id, confirmation);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: accountDeletionMessages.confirmationMismatch,
        details: [{ path: 'confirmation', message: accountDeletionMessages.confirmationMismatch }],
      });
    }
    await t.app.worker.drain();
    expect(await tableCounts(t)).toEqual(before);
    expect((await p.expert.client.get('/api/auth/session')).json().user.id).toBe(p.expert.id);
    expect((await signIn(t.app, p.expert.email, p.expert.password)).response.statusCode).toBe(200);
  });

  it('admins only: 401 signed out, 403 for members; 404 for an unknown id; admins are not deleted here', async () => {
    const target = await member(t, 'company');
    expect((await adminDelete({ client: client(t.app) }, target.id, target.email)).statusCode).toBe(401);
    const other = await member(t, 'expert');
    expect((await adminDelete(other, target.id, target.email)).statusCode).toBe(403);
    expect((await adminDelete(target, target.id, target.email)).statusCode).toBe(403);
    const unknown = await adminDelete(admin, crypto.randomUUID(), target.email);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(accountDeletionMessages.memberNotFound);
    // Another admin, and the admin themself.
    const second = await signInAdmin(t);
    for (const [id, email] of [
      [second.id, second.email],
      [admin.id, admin.email],
    ] as const) {
      const refused = await adminDelete(admin, id, email);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.message).toBe(accountDeletionMessages.adminNotDeletable);
    }
    expect((await second.client.get('/api/auth/session')).json().user.id).toBe(second.id);
    // Nothing happened to the target along the way.
    expect((await target.client.get('/api/auth/session')).json().user.id).toBe(target.id);
  });
});
