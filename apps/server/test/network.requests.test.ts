import { accessTexts, matchingTexts, networkTexts, notificationText } from '@intergen/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from './connections.support.ts';
import { signInAdmin, signUpMember } from './factories.ts';
import { client, createTestApp, type Engine, engines, type TestApp } from './helpers.ts';
import {
  act,
  acted,
  networkEvents,
  networkNotifications,
  overviewOf,
  request,
  requested,
  rowsBetween,
} from './network.support.ts';

describe.each(engines)('My Network requests on %s', (engine: Engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const experts = async (n: number) => {
    const list = [];
    for (let i = 0; i < n; i++)
      list.push(await member(t, 'expert', { name: `Expert ${i} ${crypto.randomUUID()}` }));
    return list;
  };
  const errorOf = (r: { statusCode: number; json: () => { error: { message: string } } }) => [
    r.statusCode,
    r.json().error.message,
  ];

  it('an expert asks another: requesting, the recipient notified, an event with the CRM stage and names', async () => {
    const [a, b] = await experts(2);
    const r = await requested(a!, b!.id);
    expect(r).toMatchObject({ status: 'requesting', direction: 'sent', contact: null });
    expect(r.counterpart).toMatchObject({ id: b!.id, kind: 'expert' });
    expect(await networkNotifications(t, r.id)).toEqual([
      { userId: b!.id, kind: 'network_request', counterpartId: a!.id },
    ]);
    const events = await networkEvents(t, r.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'network.requested',
      userId: a!.id,
      payload: {
        initiatorId: a!.id,
        recipientId: b!.id,
        stage: 'IBA initiates connect',
        lostReason: null,
        dealId: null,
      },
    });
    expect(String(events[0]!.payload.initiatorName)).toMatch(/^Expert 0/);
    expect(String(events[0]!.payload.recipientName)).toMatch(/^Expert 1/);
    // The notification centre shows it with its own line.
    const centre = (await b!.client.get('/api/notifications')).json();
    const n = centre.notifications.find((x: { kind: string }) => x.kind === 'network_request');
    expect(n.counterpart.id).toBe(a!.id);
    expect(notificationText('network_request', n.counterpart.name)).toContain(n.counterpart.name);
    // Its e-mail leads to My Network's Requests.
    const [mail] = await t.mailTo(b!.email);
    expect(mail!.subject).toMatch(/wants to add you to their network/);
    expect(mail!.text).toContain('/my-network?section=Requests');
  });

  it('the recipient accepts: connected both ways with contact details, the initiator notified', async () => {
    const [a, b] = await experts(2);
    const r = await requested(a!, b!.id);
    const accepted = await acted(b!, r.id, 'accept');
    expect(accepted).toMatchObject({ status: 'connected', direction: 'received' });
    expect(accepted.contact).toMatchObject({ email: a!.email });
    expect(accepted.connectedOn).toEqual(expect.any(Number));
    const mine = await overviewOf(a!);
    expect(mine.connected.map((x: { id: string }) => x.id)).toEqual([r.id]);
    expect(mine.connected[0].contact).toMatchObject({ email: b!.email });
    expect(mine.sent).toEqual([]);
    expect((await overviewOf(b!)).connected[0].contact).toMatchObject({ email: a!.email });
    expect(await networkNotifications(t, r.id)).toEqual(
      expect.arrayContaining([{ userId: a!.id, kind: 'network_accepted', counterpartId: b!.id }]),
    );
    expect(
      (await networkEvents(t, r.id)).map((e) => [e.type, e.payload.stage, e.payload.lostReason]),
    ).toEqual([
      ['network.requested', 'IBA initiates connect', null],
      ['network.accepted', 'IBA accepts', null],
    ]);
  });

  it('the recipient declines: the request leaves both lists, the deal is rejected with recipient_declined_request', async () => {
    const [a, b] = await experts(2);
    const r = await requested(a!, b!.id);
    expect((await overviewOf(b!)).received.map((x: { id: string }) => x.id)).toEqual([r.id]);
    expect(await acted(b!, r.id, 'decline')).toMatchObject({ status: 'declined', contact: null });
    for (const m of [a!, b!]) {
      const o = await overviewOf(m);
      expect([...o.received, ...o.sent, ...o.connected]).toEqual([]);
    }
    expect((await networkEvents(t, r.id)).at(-1)).toMatchObject({
      type: 'network.declined',
      userId: b!.id,
      payload: { stage: 'IBA rejects', lostReason: 'recipient_declined_request' },
    });
    // Declined ties them no more: a new request may follow.
    await requested(a!, b!.id);
  });

  it('the initiator cancels: cancelled, the notification removed, lost reason initiator_cancelled_request', async () => {
    const [a, b] = await experts(2);
    const r = await requested(a!, b!.id);
    expect(await acted(a!, r.id, 'cancel')).toMatchObject({ status: 'cancelled' });
    expect(await networkNotifications(t, r.id)).toEqual([]);
    expect((await overviewOf(b!)).received).toEqual([]);
    expect((await networkEvents(t, r.id)).at(-1)).toMatchObject({
      type: 'network.cancelled',
      payload: { stage: 'IBA rejects', lostReason: 'initiator_cancelled_request' },
    });
    await requested(b!, a!.id);
  });

  it('refuses oneself, companies and unknown or unpublished recipients with the spec’s messages', async () => {
    const [a] = await experts(1);
    const company = await member(t, 'company');
    const draft = await member(t, 'expert', { status: 'draft' });
    expect(errorOf(await request(a!, a!.id))).toEqual([400, networkTexts.sameExpert]);
    expect(errorOf(await request(a!, company.id))).toEqual([400, networkTexts.mustBeExperts]);
    expect(errorOf(await request(company, a!.id))).toEqual([400, networkTexts.mustBeExperts]);
    expect(errorOf(await request(a!, 'nobody-here'))).toEqual([
      404,
      networkTexts.recipientNotFound('nobody-here'),
    ]);
    expect(errorOf(await request(a!, draft.id))).toEqual([404, networkTexts.recipientNotFound(draft.id)]);
  });

  it('refuses a private expert as any unreadable profile: nothing stored, the profile stays closed', async () => {
    const [a] = await experts(1);
    const hidden = await member(t, 'expert', { private: true });
    expect(errorOf(await request(a!, hidden.id))).toEqual([404, networkTexts.recipientNotFound(hidden.id)]);
    expect(await rowsBetween(t, a!.id, hidden.id)).toEqual([]);
    expect((await a!.client.get(`/api/profiles/${hidden.id}`)).statusCode).toBe(404);
  });

  it('refuses a second request, a request back, and a request to one already in the network', async () => {
    const [a, b, c] = await experts(3);
    const r = await requested(a!, b!.id);
    expect(errorOf(await request(a!, b!.id))).toEqual([409, networkTexts.duplicateRequest]);
    // The recipient accepts instead of asking back.
    expect(errorOf(await request(b!, a!.id))).toEqual([409, networkTexts.duplicateRequest]);
    await acted(b!, r.id, 'accept');
    expect(errorOf(await request(a!, b!.id))).toEqual([409, networkTexts.duplicateRequest]);
    expect(errorOf(await request(b!, a!.id))).toEqual([409, networkTexts.duplicateRequest]);
    expect(await rowsBetween(t, a!.id, b!.id)).toHaveLength(1);
    await requested(c!, a!.id);
  });

  it('only the recipient answers a requesting request; only the initiator cancels it', async () => {
    const [a, b, outsider] = await experts(3);
    const r = await requested(a!, b!.id);
    expect(errorOf(await act(a!, r.id, 'accept'))).toEqual([400, networkTexts.failedToRespond]);
    expect(errorOf(await act(outsider!, r.id, 'accept'))).toEqual([400, networkTexts.failedToRespond]);
    expect(errorOf(await act(outsider!, r.id, 'decline'))).toEqual([400, networkTexts.failedToRespond]);
    expect(errorOf(await act(b!, r.id, 'cancel'))).toEqual([404, networkTexts.failedToFindRequest]);
    expect(errorOf(await act(outsider!, r.id, 'cancel'))).toEqual([404, networkTexts.failedToFindRequest]);
    expect(errorOf(await act(b!, 'no-such-request', 'accept'))).toEqual([
      404,
      networkTexts.failedToFindRequest,
    ]);
    await acted(b!, r.id, 'accept');
    expect(errorOf(await act(b!, r.id, 'accept'))).toEqual([400, networkTexts.failedToRespond]);
    expect(errorOf(await act(b!, r.id, 'decline'))).toEqual([400, networkTexts.failedToRespond]);
    expect(errorOf(await act(a!, r.id, 'cancel'))).toEqual([404, networkTexts.failedToFindRequest]);
  });

  it('who may call: companies, admins, pending and unverified experts, and the signed-out', async () => {
    const [a, b] = await experts(2);
    const r = await requested(a!, b!.id);
    const company = await member(t, 'company');
    const admin = await signInAdmin(t);
    const pending = await member(t, 'expert', { status: 'pending' });
    const unverified = await signUpMember(t.app, 'expert');
    for (const action of ['accept', 'decline', 'cancel'] as const) {
      expect(errorOf(await act(company, r.id, action))).toEqual([400, networkTexts.mustBeExperts]);
    }
    expect(errorOf(await admin.client.post('/api/network/requests', { expertId: b!.id }))).toEqual([
      400,
      networkTexts.mustBeExperts,
    ]);
    expect(errorOf(await company.client.get('/api/network/advisors'))).toEqual([
      403,
      matchingTexts.mustBeExpert,
    ]);
    expect(errorOf(await admin.client.get('/api/network/advisors'))).toEqual([
      403,
      matchingTexts.mustBeExpert,
    ]);
    expect(errorOf(await admin.client.get('/api/network'))).toEqual([403, matchingTexts.mustBeExpert]);
    expect(errorOf(await request(pending, b!.id))).toEqual([403, accessTexts.communityWhilePending]);
    expect(errorOf(await request(unverified, b!.id))).toEqual([403, accessTexts.membersLocked]);
    expect(errorOf(await unverified.client.get('/api/network'))).toEqual([403, accessTexts.membersLocked]);
    // A paused expert is told how to come back: resume, not verify and publish.
    const paused = await member(t, 'expert');
    expect((await paused.client.post('/api/profiles/me/pause', { reason: 'noTime' })).statusCode).toBe(200);
    expect(errorOf(await paused.client.get('/api/network/advisors'))).toEqual([
      403,
      accessTexts.communityWhilePaused,
    ]);
    expect(errorOf(await request(paused, b!.id))).toEqual([403, accessTexts.communityWhilePaused]);
    const anonymous = client(t.app);
    expect((await anonymous.get('/api/network')).statusCode).toBe(401);
    expect((await anonymous.post('/api/network/requests', { expertId: b!.id })).statusCode).toBe(401);
    expect((await anonymous.post(`/api/network/requests/${r.id}/accept`)).statusCode).toBe(401);
    // Nothing changed the request.
    expect((await overviewOf(b!)).received.map((x: { id: string }) => x.id)).toEqual([r.id]);
  });

  it('a company’s My Network counts its received connection requests and connected experts', async () => {
    const company = await member(t, 'company');
    const o = await overviewOf(company);
    expect(o).toEqual({
      received: [],
      sent: [],
      connected: [],
      counts: { requests: 0, advisors: 0, ventures: 0 },
    });
  });
});
