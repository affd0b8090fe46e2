import { connectionTexts, messages } from '@intergen/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectionRequests, matchScores, matchSuggestions, notifications } from '../src/db/schema.ts';
import { bucketIds, connectionEvents, member, pair, send, sent, suggest } from './connections.support.ts';
import { signInAdmin } from './factories.ts';
import { client, type Engine, engines } from './helpers.ts';
import { useTestApp } from './suite.ts';

describe.each(engines)('sending a connection request on %s', (engine: Engine) => {
  const t = useTestApp(engine);

  const suggestionRow = async (id: string) =>
    (await t.database.db.select().from(matchSuggestions).where(eq(matchSuggestions.id, id)))[0]!;
  const notificationsOf = (userId: string) =>
    t.database.db.select().from(notifications).where(eq(notifications.userId, userId));

  it('a company sends from its suggestion: the request is stored, the suggestion marked and the expert notified', async () => {
    const { expert, company, suggestionId } = await pair(t);
    await t.database.db.insert(matchScores).values({ expertId: expert.id, companyId: company.id, score: 87 });
    const response = await send(company, suggestionId, 'Hello Ada,\nwould you mentor us?  \n\n');
    expect(response.statusCode).toBe(201);
    const request = response.json().request;
    expect(request).toMatchObject({
      id: suggestionId,
      expertId: expert.id,
      companyId: company.id,
      requestedBy: 'venture',
      direction: 'sent',
      // Kept as typed, newlines included; only trailing whitespace goes.
      message: 'Hello Ada,\nwould you mentor us?',
      seen: false,
      notInterested: false,
      accepted: false,
      dismissed: false,
      closed: false,
      isPending: false,
      connectedOn: null,
      contact: null,
      counterpart: { id: expert.id, kind: 'expert', name: 'Ada Lovelace' },
    });
    expect(request.explanation.score).toBeGreaterThanOrEqual(0);

    const s = await suggestionRow(suggestionId);
    expect(s.requestSent).toBe(true);
    expect(s.requestSentAt).toBeInstanceOf(Date);
    expect(s.dealId).toEqual(expect.any(String));

    const received = await notificationsOf(expert.id);
    expect(received.map((n) => ({ kind: n.kind, requestId: n.requestId }))).toEqual([
      { kind: 'request_received', requestId: suggestionId },
    ]);
    expect(await bucketIds(expert)).toMatchObject({ received: [suggestionId] });
    expect(await bucketIds(company)).toMatchObject({ sent: [suggestionId] });

    const [event] = await connectionEvents(t, suggestionId);
    expect(event).toMatchObject({
      type: 'connection.requested',
      userId: company.id,
      payload: {
        requestId: suggestionId,
        expertId: expert.id,
        companyId: company.id,
        dealId: s.dealId,
        requestedBy: 'venture',
        senderId: company.id,
        recipientId: expert.id,
        by: company.id,
        message: 'Hello Ada,\nwould you mentor us?',
        isPending: false,
        score: 87,
      },
    });
  });

  it('an expert sends too, and a deal id already on the suggestion is kept', async () => {
    const expert = await member(t, 'expert');
    const company = await member(t, 'company');
    const suggestionId = await suggest(t, expert, company, { dealId: 'deal-42' });
    const request = await sent(expert, suggestionId, 'Happy to help');
    expect(request).toMatchObject({ requestedBy: 'expert', direction: 'sent', message: 'Happy to help' });
    expect((await suggestionRow(suggestionId)).dealId).toBe('deal-42');
    // No score is stored for the pair (not a strong match): the deal gets it from the two profiles.
    expect(request.explanation?.score).toBeLessThan(80);
    const [event] = await connectionEvents(t, suggestionId);
    expect(event?.payload).toMatchObject({ score: request.explanation?.score });
    expect((await notificationsOf(company.id)).map((n) => n.kind)).toEqual(['request_received']);
  });

  it('is idempotent: a repeat answers 200 with the same request and changes nothing', async () => {
    const { expert, company, suggestionId } = await pair(t);
    const first = await sent(company, suggestionId, 'First words');
    const again = await send(company, suggestionId, 'Second words');
    expect(again.statusCode).toBe(200);
    expect(again.json().request).toEqual(first);
    // The other side "sending" on the same suggestion gets the pair's request too, as its recipient.
    const fromExpert = await send(expert, suggestionId);
    expect(fromExpert.statusCode).toBe(200);
    expect(fromExpert.json().request).toMatchObject({ id: suggestionId, direction: 'received' });
    const rows = await t.database.db
      .select()
      .from(connectionRequests)
      .where(eq(connectionRequests.id, suggestionId));
    expect(rows.map((r) => r.message)).toEqual(['First words']);
    expect(await notificationsOf(expert.id)).toHaveLength(1);
    expect((await connectionEvents(t, suggestionId)).map((e) => e.type)).toEqual(['connection.requested']);
  });

  it('needs a suggestion of the caller, with the spec’s message for each side', async () => {
    const { expert, company, suggestionId } = await pair(t);
    const stranger = await member(t, 'expert', { name: 'Third Expert' });
    const otherCompany = await member(t, 'company', { name: 'Other Company' });
    const expertText = 'Cannot send a connection request to a company unless there is a match suggestion!';
    const companyText = 'Cannot send a connection request to a expert unless there is a match suggestion!';
    expect(connectionTexts.noSuggestionForExpert).toBe(expertText);
    expect(connectionTexts.noSuggestionForCompany).toBe(companyText);

    for (const [caller, id, text] of [
      [expert, 'no-such-suggestion', expertText],
      [company, 'no-such-suggestion', companyText],
      [stranger, suggestionId, expertText],
      [otherCompany, suggestionId, companyText],
    ] as const) {
      const response = await send(caller, id);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(text);
    }
    expect(
      await t.database.db.select().from(connectionRequests).where(eq(connectionRequests.id, suggestionId)),
    ).toEqual([]);
    expect((await suggestionRow(suggestionId)).requestSent).toBe(false);
  });

  it('refuses a counterpart that is not published any more', async () => {
    const expert = await member(t, 'expert');
    const paused = await member(t, 'company', { status: 'draft' });
    const suggestionId = await suggest(t, expert, paused);
    const response = await send(expert, suggestionId);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(connectionTexts.counterpartUnavailable);
    expect((await suggestionRow(suggestionId)).requestSent).toBe(false);
  });

  it('refuses a sender who is neither published nor an expert awaiting approval', async () => {
    const draftCompany = await member(t, 'company', { status: 'draft' });
    const draftExpert = await member(t, 'expert', { status: 'draft' });
    const expert = await member(t, 'expert');
    const company = await member(t, 'company');
    for (const [caller, suggestionId] of [
      [draftCompany, await suggest(t, expert, draftCompany)],
      [draftExpert, await suggest(t, draftExpert, company)],
    ] as const) {
      const response = await send(caller, suggestionId);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(connectionTexts.senderNotPublished);
    }
  });

  it('checks the message length (at most 250 characters)', async () => {
    const { company, suggestionId } = await pair(t);
    const tooLong = await send(company, suggestionId, 'x'.repeat(251));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.code).toBe('VALIDATION_FAILED');
    expect(tooLong.json().error.details).toEqual([
      { path: 'message', message: connectionTexts.messageTooLong },
    ]);
    expect((await send(company, suggestionId, 'y'.repeat(250))).statusCode).toBe(201);
  });

  it('is for members only: admins get 403 and signed-out browsers 401', async () => {
    const { suggestionId } = await pair(t);
    const admin = await signInAdmin(t);
    const asAdmin = await admin.client.post('/api/connections', { suggestionId, message: '' });
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().error.message).toBe(messages.forbidden);
    expect((await admin.client.get('/api/connections')).statusCode).toBe(403);
    const anonymous = await client(t.app).post('/api/connections', { suggestionId, message: '' });
    expect(anonymous.statusCode).toBe(401);
  });

  describe('an expert awaiting approval', () => {
    it('sends a held request that the company neither sees nor hears of, until an admin approves the expert', async () => {
      const { expert, company, suggestionId } = await pair(t, { expert: { status: 'pending' } });
      const request = await sent(expert, suggestionId, 'Looking forward');
      expect(request.isPending).toBe(true);
      expect(await notificationsOf(company.id)).toEqual([]);
      expect(await bucketIds(company)).toEqual({ received: [], sent: [], unrated: [], rated: [] });
      expect(await bucketIds(expert)).toMatchObject({ sent: [suggestionId] });
      // The company cannot reach it by id, nor answer it.
      expect((await company.client.get(`/api/connections/${suggestionId}`)).statusCode).toBe(404);
      expect((await company.client.post(`/api/connections/${suggestionId}/accept`)).statusCode).toBe(404);
      // Nor "send" over it: the expert is not available yet.
      const over = await send(company, suggestionId);
      expect(over.statusCode).toBe(409);
      expect(over.json().error.message).toBe(connectionTexts.counterpartUnavailable);

      const admin = await signInAdmin(t);
      const approved = await admin.client.post(`/api/admin/profiles/${expert.id}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);

      expect(await bucketIds(company)).toMatchObject({ received: [suggestionId] });
      const [row] = await t.database.db
        .select()
        .from(connectionRequests)
        .where(eq(connectionRequests.id, suggestionId));
      expect(row!.isPending).toBe(false);
      expect(
        await t.database.db
          .select({ kind: notifications.kind })
          .from(notifications)
          .where(and(eq(notifications.userId, company.id), eq(notifications.requestId, suggestionId))),
      ).toEqual([{ kind: 'request_received' }]);
      const events = await connectionEvents(t, suggestionId);
      expect(events.map((e) => e.type)).toEqual(['connection.requested', 'connection.released']);
      expect(events[0]!.payload).toMatchObject({ isPending: true });
      expect(events[1]!.payload).toMatchObject({
        requestId: suggestionId,
        expertId: expert.id,
        companyId: company.id,
        requestedBy: 'expert',
        recipientId: company.id,
        dealId: (await suggestionRow(suggestionId)).dealId,
        message: 'Looking forward',
        isPending: false,
      });
      // Approved now, so the company may answer.
      expect((await company.client.post(`/api/connections/${suggestionId}/accept`)).statusCode).toBe(200);
    });

    it('releases nothing twice: a second approval finds no held request', async () => {
      const { expert, suggestionId } = await pair(t, { expert: { status: 'pending' } });
      await sent(expert, suggestionId);
      const admin = await signInAdmin(t);
      await admin.client.post(`/api/admin/profiles/${expert.id}/approve`);
      await admin.client.post(`/api/admin/profiles/${expert.id}/approve`);
      const types = (await connectionEvents(t, suggestionId)).map((e) => e.type);
      expect(types.filter((type) => type === 'connection.released')).toHaveLength(1);
    });
  });
});
