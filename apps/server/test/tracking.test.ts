import { trackingTexts } from '@intergen/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { trackingEvents } from '../src/db/schema.ts';
import { TRACKING_PER_MINUTE } from '../src/modules/tracking/tracking.routes.ts';
import { signInAdmin, signUpMember } from './factories.ts';
import { client, type Engine, engines } from './helpers.ts';
import { useTestApp } from './suite.ts';

describe.each(engines)('tracking events on %s', (engine: Engine) => {
  // The production rate (tests usually multiply every limit by 1000).
  const t = useTestApp(engine, { RATE_LIMIT_MULTIPLIER: '1' });

  const eventsOf = (userId: string) =>
    t.database.db.select().from(trackingEvents).where(eq(trackingEvents.userId, userId));

  it('needs a session', async () => {
    const response = await client(t.app).post('/api/tracking', { type: 'EXPLORE_EXPERT_COMMUNITY' });
    expect(response.statusCode).toBe(401);
  });

  it('stores the three kinds of event for the signed-in member and answers 204', async () => {
    const member = await signUpMember(t.app, 'expert');
    const viewed = await member.client.post('/api/tracking', {
      type: 'VIEW_PROFILE_FROM_CARD',
      targetId: 'company-1',
    });
    expect(viewed.statusCode).toBe(204);
    expect(viewed.body).toBe('');
    expect(
      (await member.client.post('/api/tracking', { type: 'DISMISS_CARD', targetId: 'c2', tab: 'ventures' }))
        .statusCode,
    ).toBe(204);
    expect(
      // A target on an event that has none is not stored.
      (await member.client.post('/api/tracking', { type: 'EXPLORE_EXPERT_COMMUNITY', targetId: 'x' }))
        .statusCode,
    ).toBe(204);
    const rows = await eventsOf(member.id);
    expect(rows.map((r) => ({ type: r.type, targetId: r.targetId, tab: r.tab }))).toEqual([
      { type: 'VIEW_PROFILE_FROM_CARD', targetId: 'company-1', tab: null },
      { type: 'DISMISS_CARD', targetId: 'c2', tab: 'ventures' },
      { type: 'EXPLORE_EXPERT_COMMUNITY', targetId: null, tab: null },
    ]);
  });

  it('refuses unknown types and card events without their card or tab', async () => {
    const member = await signUpMember(t.app, 'company');
    expect((await member.client.post('/api/tracking', { type: 'CLICKED_ADS' })).statusCode).toBe(400);
    const noTarget = await member.client.post('/api/tracking', { type: 'VIEW_PROFILE_FROM_CARD' });
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json().error.message).toBe(trackingTexts.targetRequired);
    const noTab = await member.client.post('/api/tracking', { type: 'DISMISS_CARD', targetId: 'e1' });
    expect(noTab.statusCode).toBe(400);
    expect(noTab.json().error.message).toBe(trackingTexts.tabRequired);
    expect(await eventsOf(member.id)).toEqual([]);
  });

  it(`limits each member to ${TRACKING_PER_MINUTE} a minute, with 429, without slowing down others`, async () => {
    const busy = await signUpMember(t.app, 'expert');
    const answers: number[] = [];
    for (let i = 0; i < TRACKING_PER_MINUTE + 2; i++) {
      answers.push(
        (await busy.client.post('/api/tracking', { type: 'EXPLORE_EXPERT_COMMUNITY' })).statusCode,
      );
    }
    expect(answers.slice(0, TRACKING_PER_MINUTE).every((status) => status === 204)).toBe(true);
    expect(answers.slice(TRACKING_PER_MINUTE)).toEqual([429, 429]);
    expect(await eventsOf(busy.id)).toHaveLength(TRACKING_PER_MINUTE);
    const other = await signUpMember(t.app, 'expert');
    expect((await other.client.post('/api/tracking', { type: 'EXPLORE_EXPERT_COMMUNITY' })).statusCode).toBe(
      204,
    );
  });

  it('gives admins a count per type over the last 30 days', async () => {
    const member = await signUpMember(t.app, 'company');
    const before = await signInAdmin(t).then((a) => a.client.get('/api/admin/tracking/summary'));
    expect(before.statusCode).toBe(200);
    const countOf = (body: { counts: { type: string; count: number }[] }, type: string) =>
      body.counts.find((c) => c.type === type)?.count;
    await member.client.post('/api/tracking', { type: 'VIEW_PROFILE_FROM_CARD', targetId: 'e1' });
    await member.client.post('/api/tracking', { type: 'VIEW_PROFILE_FROM_CARD', targetId: 'e2' });
    // An event older than 30 days is left out.
    await t.database.db.insert(trackingEvents).values({
      userId: member.id,
      type: 'VIEW_PROFILE_FROM_CARD',
      targetId: 'old',
      createdAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000),
    });
    const admin = await signInAdmin(t);
    const after = (await admin.client.get('/api/admin/tracking/summary')).json();
    expect(after.days).toBe(30);
    expect(after.counts.map((c: { type: string }) => c.type)).toEqual([
      'VIEW_PROFILE_FROM_CARD',
      'DISMISS_CARD',
      'EXPLORE_EXPERT_COMMUNITY',
    ]);
    expect(countOf(after, 'VIEW_PROFILE_FROM_CARD')).toBe(
      (countOf(before.json(), 'VIEW_PROFILE_FROM_CARD') ?? 0) + 2,
    );
    expect((await member.client.get('/api/admin/tracking/summary')).statusCode).toBe(403);
  });
});
