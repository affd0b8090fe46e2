import { connectionTexts } from '@intergen/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectionRequests, experts, matchSuggestions, notifications } from '../src/db/schema.ts';
import {
  act,
  acted,
  bucketIds,
  bucketsOf,
  connectedPair,
  connectionEvents,
  member,
  pair,
  sent,
  suggest,
} from './connections.support.ts';
import { type Engine, engines } from './helpers.ts';
import { useTestApp } from './suite.ts';

describe.each(engines)('answering a connection request on %s', (engine: Engine) => {
  const t = useTestApp(engine);

  const requestRow = async (id: string) =>
    (await t.database.db.select().from(connectionRequests).where(eq(connectionRequests.id, id)))[0];
  const connectedCompanies = async (expertId: string) =>
    (
      await t.database.db
        .select({ ids: experts.connectedCompanyIds })
        .from(experts)
        .where(eq(experts.id, expertId))
    )[0]!.ids;
  const expectError = async (response: Awaited<ReturnType<typeof act>>, status: number, message: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().error.message).toBe(message);
  };

  it('lists why this match with the requests received only', async () => {
    const { expert, company, suggestionId: id } = await pair(t);
    const request = await sent(expert, id);
    expect(request.explanation!.score).toEqual(expect.any(Number));
    const received = (await bucketsOf(company)).received.find((r) => r.id === id)!;
    expect(received.explanation).toEqual(request.explanation);
    expect((await bucketsOf(expert)).sent.find((r) => r.id === id)!.explanation).toBeNull();
    await acted(company, id, 'accept');
    for (const m of [expert, company]) {
      const b = await bucketsOf(m);
      expect(b.unrated.map((r) => [r.id, r.explanation])).toEqual([[id, null]]);
    }
  });

  describe('accept', () => {
    it('connects the pair, notifies the sender and, for a company, records it on the expert', async () => {
      const { expert, company, suggestionId: id } = await pair(t);
      await sent(expert, id);
      const { request } = await acted(company, id, 'accept');
      expect(request).toMatchObject({ accepted: true, seen: true, direction: 'received' });
      expect(request.connectedOn).toEqual(expect.any(Number));
      expect(request.contact).toMatchObject({ email: expert.email, phone: '5551234567' });
      expect(await connectedCompanies(expert.id)).toEqual([company.id]);

      const toSender = await t.database.db
        .select({ kind: notifications.kind, requestId: notifications.requestId })
        .from(notifications)
        .where(eq(notifications.userId, expert.id));
      expect(toSender).toEqual([{ kind: 'request_accepted', requestId: id }]);
      const events = await connectionEvents(t, id);
      expect(events.map((e) => e.type)).toEqual(['connection.requested', 'connection.accepted']);
      expect(events[1]).toMatchObject({
        userId: company.id,
        payload: { by: company.id, requestedBy: 'expert' },
      });
      expect(await bucketIds(expert)).toMatchObject({ sent: [], unrated: [id] });
      expect(await bucketIds(company)).toMatchObject({ received: [], unrated: [id] });

      await expectError(await act(company, id, 'accept'), 409, connectionTexts.alreadyAccepted);
      expect(await connectedCompanies(expert.id)).toEqual([company.id]);
    });

    it('adds the company to the expert’s connected ids only when it is not there yet', async () => {
      const { expert, company, suggestionId: id } = await pair(t);
      await t.database.db
        .update(experts)
        .set({ connectedCompanyIds: [company.id, 'other-company'] })
        .where(eq(experts.id, expert.id));
      await sent(expert, id);
      await acted(company, id, 'accept');
      expect(await connectedCompanies(expert.id)).toEqual([company.id, 'other-company']);
    });

    it('by an expert records the company among the expert’s connected ids too (the My Network search scope)', async () => {
      const { expert, company, id } = await connectedPair(t, 'company');
      expect(await connectedCompanies(expert.id)).toEqual([company.id]);
      expect((await requestRow(id))!.accepted).toBe(true);
    });

    it('is for the recipient only', async () => {
      const { expert, company, suggestionId: id } = await pair(t);
      await sent(company, id);
      await expectError(await act(company, id, 'accept'), 403, connectionTexts.onlyRecipient);
      const stranger = await member(t, 'expert', { name: 'Third Party' });
      await expectError(await act(stranger, id, 'accept'), 404, connectionTexts.requestNotFound);
      await expectError(await act(expert, 'no-such-request', 'accept'), 404, connectionTexts.requestNotFound);
      expect((await requestRow(id))!.accepted).toBe(false);
    });

    it('needs the original suggestion', async () => {
      const { expert, company, suggestionId: id } = await pair(t);
      await sent(company, id);
      // The foreign key cascades, so the suggestion can only vanish under the request with triggers off.
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        await tx.delete(matchSuggestions).where(eq(matchSuggestions.id, id));
      });
      for (const [who, action] of [
        [expert, 'accept'],
        [company, 'close'],
        [expert, 'survey'],
      ] as const) {
        const response = await act(who, id, action, action === 'survey' ? { rating: 4 } : undefined);
        await expectError(response, 400, 'Cannot find original match suggestion');
      }
      expect((await requestRow(id))!.accepted).toBe(false);
    });
  });

  describe('deny and dismiss', () => {
    it('deny sets not interested and seen; the sender still sees an open request', async () => {
      const { expert, company, suggestionId: id } = await pair(t);
      await sent(company, id);
      const { request } = await acted(expert, id, 'deny');
      expect(request).toMatchObject({ notInterested: true, seen: true, accepted: false });
      expect(await bucketIds(expert)).toMatchObject({ received: [] });
      // "They cannot see that you have declined the request."
      const asSender = (await company.client.get(`/api/connections/${id}`)).json().request;
      expect(asSender).toMatchObject({ notInterested: false, dismissed: false, accepted: false });
      expect(await bucketIds(company)).toMatchObject({ sent: [id] });
      const events = await connectionEvents(t, id);
      expect(events[1]).toMatchObject({
        type: 'connection.denied',
        payload: { by: expert.id, lostReason: 'expert_declined_request_from_venture' },
      });
      await expectError(await act(expert, id, 'deny'), 409, connectionTexts.notOpen);
      await expectError(await act(expert, id, 'accept'), 409, connectionTexts.notOpen);
      await expectError(await act(company, id, 'deny'), 403, connectionTexts.onlyRecipient);
    });

    it('dismiss clears it from the recipient’s dashboard', async () => {
      const { expert, company, suggestionId: id } = await pair(t);
      await sent(expert, id);
      const { request } = await acted(company, id, 'dismiss');
      expect(request).toMatchObject({ dismissed: true, accepted: false });
      expect(await bucketIds(company)).toMatchObject({ received: [] });
      expect(await bucketIds(expert)).toMatchObject({ sent: [id] });
      const events = await connectionEvents(t, id);
      expect(events[1]).toMatchObject({
        type: 'connection.dismissed',
        payload: { by: company.id, lostReason: 'venture_declined_request_from_expert' },
      });
      await expectError(await act(company, id, 'dismiss'), 409, connectionTexts.notOpen);
    });

    it('cannot answer an accepted request', async () => {
      const { recipient, id } = await connectedPair(t);
      await expectError(await act(recipient, id, 'deny'), 409, connectionTexts.alreadyAccepted);
      await expectError(await act(recipient, id, 'dismiss'), 409, connectionTexts.alreadyAccepted);
    });
  });

  describe('seen', () => {
    it('marks a received request seen, once, for the recipient only', async () => {
      const { expert, company, suggestionId: id } = await pair(t);
      await sent(company, id);
      expect((await acted(expert, id, 'seen')).request.seen).toBe(true);
      expect((await acted(expert, id, 'seen')).request.seen).toBe(true);
      await expectError(await act(company, id, 'seen'), 403, connectionTexts.onlyRecipient);
    });

    it('marks a row of requests seen in one call: only those the caller received, may see and had not seen', async () => {
      const expert = await member(t, 'expert');
      const [c1, c2, c3] = [
        await member(t, 'company'),
        await member(t, 'company'),
        await member(t, 'company'),
      ];
      const [r1, r2, r3, mine] = [
        await suggest(t, expert, c1),
        await suggest(t, expert, c2),
        await suggest(t, expert, c3),
        await suggest(t, expert, await member(t, 'company')),
      ];
      await sent(c1, r1!);
      await sent(c2, r2!);
      await sent(c3, r3!);
      await sent(expert, mine!);
      // r3 waits for an approval (hidden from the recipient); someone else's request; an id nobody has.
      await t.database.db
        .update(connectionRequests)
        .set({ isPending: true })
        .where(eq(connectionRequests.id, r3!));
      const other = await pair(t);
      await sent(other.company, other.suggestionId);
      const seenRows = async () =>
        Object.fromEntries(
          (await Promise.all([r1!, r2!, r3!, mine!, other.suggestionId].map(requestRow))).map((r) => [
            r!.id,
            r!.seen,
          ]),
        );

      const ids = [r2!, r1!, r3!, mine!, other.suggestionId, 'no-such-request', r1!];
      const first = await expert.client.post('/api/connections/seen', { ids });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ seen: [r1!, r2!].sort() });
      expect(await seenRows()).toEqual({
        [r1!]: true,
        [r2!]: true,
        [r3!]: false,
        [mine!]: false,
        [other.suggestionId]: false,
      });
      // Seen already: nothing more to mark; the sender of a request marks nothing.
      expect((await expert.client.post('/api/connections/seen', { ids })).json()).toEqual({ seen: [] });
      expect((await c1.client.post('/api/connections/seen', { ids: [r1!, mine!] })).json()).toEqual({
        seen: [],
      });
      expect(await seenRows()).toMatchObject({ [mine!]: false, [other.suggestionId]: false });
    });

    it('refuses a row of ids that is empty, too long or not ids, and changes nothing', async () => {
      const { expert, company, suggestionId: id } = await pair(t);
      await sent(company, id);
      for (const body of [
        {},
        { ids: [] },
        { ids: id },
        { ids: [42] },
        { ids: [''] },
        { ids: ['x'.repeat(201)] },
        { ids: [`${id}\u0000`] },
        { ids: [{ id }] },
        { ids: Array.from({ length: 101 }, (_, n) => `${id}-${n}`) },
      ]) {
        const response = await expert.client.post('/api/connections/seen', body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
      }
      expect((await requestRow(id))!.seen).toBe(false);
    });
  });

  describe('cancel', () => {
    it('deletes the request, opens the suggestion again and removes its notifications', async () => {
      const { expert, company, suggestionId: id } = await pair(t);
      await sent(company, id);
      const response = await act(company, id, 'cancel');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ cancelled: true });
      expect(await requestRow(id)).toBeUndefined();
      const [s] = await t.database.db.select().from(matchSuggestions).where(eq(matchSuggestions.id, id));
      expect(s).toMatchObject({ requestSent: false, requestSentAt: null });
      expect(s!.dealId).toEqual(expect.any(String));
      expect(await t.database.db.select().from(notifications).where(eq(notifications.requestId, id))).toEqual(
        [],
      );
      expect(await bucketIds(expert)).toEqual({ received: [], sent: [], unrated: [], rated: [] });
      const events = await connectionEvents(t, id);
      expect(events.map((e) => e.type)).toEqual(['connection.requested', 'connection.cancelled']);
      expect(events[1]!.payload).toMatchObject({
        by: company.id,
        dealId: s!.dealId,
        lostReason: 'venture_cancelled_request_to_expert',
      });
      // The suggestion is back in the company's list, and a new request can be sent.
      const suggestions = (await company.client.get('/api/suggestions')).json().suggestions;
      expect(suggestions.map((x: { id: string }) => x.id)).toContain(id);
      expect((await act(company, id, 'cancel')).json()).toEqual({ cancelled: false });
      await sent(company, id);
    });

    it('names the expert when the expert cancels, and works on a request the recipient declined', async () => {
      const { expert, company, suggestionId: id } = await pair(t);
      await sent(expert, id);
      await acted(company, id, 'deny');
      expect((await act(expert, id, 'cancel')).json()).toEqual({ cancelled: true });
      const events = await connectionEvents(t, id);
      expect(events.at(-1)!.payload).toMatchObject({ lostReason: 'expert_cancelled_request_to_venture' });
    });

    it('is for the sender only, and only before acceptance', async () => {
      const { expert, company, suggestionId: id } = await pair(t);
      await sent(company, id);
      await expectError(await act(expert, id, 'cancel'), 403, connectionTexts.onlySender);
      await acted(expert, id, 'accept');
      await expectError(await act(company, id, 'cancel'), 409, connectionTexts.alreadyAccepted);
      expect((await requestRow(id))!.accepted).toBe(true);
    });

    it('leaves a cancelled request withdrawn for its recipient', async () => {
      const { expert, company, suggestionId: id } = await pair(t);
      await sent(company, id);
      await acted(company, id, 'cancel');
      for (const action of ['accept', 'deny', 'dismiss'] as const) {
        await expectError(await act(expert, id, action), 409, connectionTexts.requestWithdrawn);
      }
      // A member who never had that suggestion still learns nothing.
      const stranger = await member(t, 'company', { name: 'Stranger Inc' });
      await expectError(await act(stranger, id, 'accept'), 404, connectionTexts.requestNotFound);
      expect((await act(stranger, id, 'cancel')).statusCode).toBe(404);
    });
  });

  describe('close', () => {
    it('either party closes an accepted connection, each once; the first close dates the connection', async () => {
      const { sender, recipient, id } = await connectedPair(t);
      const { request } = await acted(sender, id, 'close');
      expect(request).toMatchObject({ closed: true, reviewClosed: true, accepted: true });
      expect(request.closedOn).toEqual(expect.any(Number));
      expect((await acted(sender, id, 'close')).request.closedOn).toBe(request.closedOn);
      const byRecipient = (await acted(recipient, id, 'close')).request;
      expect(byRecipient).toMatchObject({ closed: true, reviewClosed: true, closedOn: request.closedOn });
      expect((await acted(recipient, id, 'close')).request.closedOn).toBe(request.closedOn);
      const closes = (await connectionEvents(t, id)).filter((e) => e.type === 'connection.closed');
      expect(closes.map((e) => [e.payload.by, e.payload.connectionClosed])).toEqual([
        [sender.id, true],
        [recipient.id, false],
      ]);
    });

    it('needs an accepted request', async () => {
      const { company, suggestionId: id } = await pair(t);
      await sent(company, id);
      await expectError(await act(company, id, 'close'), 409, connectionTexts.notConnected);
      await expectError(await act(company, id, 'survey', { rating: 5 }), 409, connectionTexts.notConnected);
    });
  });

  it('deleting a member removes their requests (foreign keys cascade)', async () => {
    const { expert, company, id } = await connectedPair(t);
    const other = await member(t, 'company', { name: 'Second Company' });
    const secondId = await suggest(t, expert, other);
    await sent(other, secondId);
    await t.database.db.execute(sql`DELETE FROM users WHERE id = ${company.id}`);
    expect(await requestRow(id)).toBeUndefined();
    expect(await requestRow(secondId)).toBeDefined();
    await t.database.db.execute(sql`DELETE FROM users WHERE id = ${expert.id}`);
    expect(await requestRow(secondId)).toBeUndefined();
  });
});
