import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectionRequests, experts, matchSuggestions, notifications } from '../src/db/schema.ts';
import { act, acted, connectionEvents, member, pair, send, sent, suggest } from './connections.support.ts';
import { signInAdmin } from './factories.ts';
import { type Engine, engines } from './helpers.ts';
import { useTestApp } from './suite.ts';

/**
 * Concurrent use of one request. On PostgreSQL the requests really overlap (a pool of connections); PGlite runs
 * transactions one at a time, so there the same calls check that the loser sees the winner's state.
 */
describe.each(engines)('connection requests under concurrent use on %s', (engine: Engine) => {
  const t = useTestApp(engine);

  const requestRow = async (id: string) =>
    (await t.database.db.select().from(connectionRequests).where(eq(connectionRequests.id, id)))[0];
  const suggestionRow = async (id: string) =>
    (await t.database.db.select().from(matchSuggestions).where(eq(matchSuggestions.id, id)))[0]!;
  const notificationKinds = async (requestId: string) =>
    (
      await t.database.db
        .select({ kind: notifications.kind })
        .from(notifications)
        .where(eq(notifications.requestId, requestId))
    )
      .map((n) => n.kind)
      .sort();

  it('two accepts at once: one succeeds, the other is told it is already accepted', async () => {
    const { expert, company, suggestionId: id } = await pair(t);
    await sent(expert, id);
    const results = await Promise.all([act(company, id, 'accept'), act(company, id, 'accept')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await notificationKinds(id)).toEqual(['request_accepted', 'request_received']);
    const accepted = (await connectionEvents(t, id)).filter((e) => e.type === 'connection.accepted');
    expect(accepted).toHaveLength(1);
    const [row] = await t.database.db
      .select({ ids: experts.connectedCompanyIds })
      .from(experts)
      .where(eq(experts.id, expert.id));
    expect(row!.ids).toEqual([company.id]);
  });

  it('an accept racing a cancel ends in exactly one consistent state', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const { expert, company, suggestionId: id } = await pair(t);
      await sent(company, id);
      // Alternate which call starts first, so both orders are exercised.
      const [accept, cancel] =
        round % 2 === 0
          ? await Promise.all([act(expert, id, 'accept'), act(company, id, 'cancel')])
          : await Promise.all([act(company, id, 'cancel'), act(expert, id, 'accept')]).then(([c, a]) => [
              a,
              c,
            ]);
      const request = await requestRow(id);
      const suggestion = await suggestionRow(id);
      const types = (await connectionEvents(t, id)).map((e) => e.type);
      if (accept!.statusCode === 200) {
        // Accept won: the cancel was refused and nothing was undone.
        expect(cancel!.statusCode).toBe(409);
        expect(request?.accepted).toBe(true);
        expect(suggestion.requestSent).toBe(true);
        expect(await notificationKinds(id)).toEqual(['request_accepted', 'request_received']);
        expect(types).toEqual(['connection.requested', 'connection.accepted']);
        outcomes.add('accepted');
      } else {
        // Cancel won: the accept found the request withdrawn, and left no notification behind.
        expect(accept!.statusCode).toBe(409);
        expect(cancel!.json()).toEqual({ cancelled: true });
        expect(request).toBeUndefined();
        expect(suggestion).toMatchObject({ requestSent: false, requestSentAt: null });
        expect(await notificationKinds(id)).toEqual([]);
        expect(types).toEqual(['connection.requested', 'connection.cancelled']);
        outcomes.add('cancelled');
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('two sends of one suggestion at once make one request', async () => {
    const { company, suggestionId: id } = await pair(t);
    const results = await Promise.all([send(company, id, 'first'), send(company, id, 'second')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(results[0]!.json().request.id).toBe(id);
    expect(results[1]!.json().request.message).toBe(results[0]!.json().request.message);
    expect(await notificationKinds(id)).toEqual(['request_received']);
    expect((await connectionEvents(t, id)).map((e) => e.type)).toEqual(['connection.requested']);
    // Both sides at once: still one request, sent by whoever came first.
    const other = await pair(t);
    const both = await Promise.all([
      send(other.expert, other.suggestionId),
      send(other.company, other.suggestionId),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    const rows = await t.database.db
      .select()
      .from(connectionRequests)
      .where(eq(connectionRequests.id, other.suggestionId));
    expect(rows).toHaveLength(1);
  });

  it('concurrent reviews of one member add up to the exact mean', async () => {
    const expert = await member(t, 'expert');
    const raters = [];
    for (const [i, rating] of [5, 4, 2, 1].entries()) {
      const company = await member(t, 'company', { name: `Rater ${i}` });
      const id = await suggest(t, expert, company);
      await sent(company, id);
      await acted(expert, id, 'accept');
      raters.push({ company, id, rating });
    }
    const results = await Promise.all(
      raters.map((r) => act(r.company, r.id, 'survey', { rating: r.rating })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const [row] = await t.database.db
      .select({ average: experts.averageRating, count: experts.numberOfRatings })
      .from(experts)
      .where(eq(experts.id, expert.id));
    expect(row!.count).toBe(4);
    expect(row!.average).toBeCloseTo(3, 10);
    // The same review twice at once counts once.
    const { id } = raters[0]!;
    const twice = await Promise.all([
      act(expert, id, 'survey', { rating: 3 }),
      act(expert, id, 'survey', { rating: 3 }),
    ]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('a send by a pending expert racing the approval is never left held', async () => {
    const admin = await signInAdmin(t);
    for (let round = 0; round < 3; round++) {
      const { expert, company, suggestionId: id } = await pair(t, { expert: { status: 'pending' } });
      const [sendResult, approval] = await Promise.all([
        send(expert, id, 'Hi'),
        admin.client.post(`/api/admin/profiles/${expert.id}/approve`),
      ]);
      expect(sendResult.statusCode).toBe(201);
      expect(approval.statusCode).toBe(200);
      const request = await requestRow(id);
      expect(request?.isPending).toBe(false);
      // Whichever came first, the company was told exactly once.
      const told = await t.database.db
        .select({ kind: notifications.kind })
        .from(notifications)
        .where(eq(notifications.userId, company.id));
      expect(told.filter((n) => n.kind === 'request_received')).toHaveLength(1);
    }
  });
});
