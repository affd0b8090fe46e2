import type { AdminAnalyticsResponse } from '@intergen/contracts';
import {
  adminAnalyticsTexts,
  analyticsLostReasons,
  type FunnelCounts,
  funnelStages,
  isoWeekLabel,
  isoWeekStart,
  messages,
  type ProfileType,
  utcDay,
} from '@intergen/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, domainEvents, experts, trackingEvents, users } from '../src/db/schema.ts';
import { acted, member, sent, suggest } from './connections.support.ts';
import { type Client, type Member, signInAdmin, signUpMember } from './factories.ts';
import { client, createTestApp, type Engine, engines, type TestApp } from './helpers.ts';
import { acted as networkActed, requested as networkRequested } from './network.support.ts';

const weekMs = 7 * 86_400_000;
/** The Monday of the ISO week `ago` weeks before this one. */
const weekStart = (ago: number) => new Date(isoWeekStart(new Date()).getTime() - ago * weekMs);
/** Tuesday noon (UTC) of that week. */
const inWeek = (ago: number) => new Date(weekStart(ago).getTime() + 36 * 3_600_000);

/** The funnel counts in the stages' order, for compact expectations. */
const stagesOf = (counts: FunnelCounts) => funnelStages.map((stage) => counts[stage]);
const zeros = [0, 0, 0, 0, 0, 0, 0];

describe.each(engines)('admin analytics on %s', (engine: Engine) => {
  let t: TestApp;
  let admin: { client: Client };

  /** Moves a member's sign-up (user record and profile) to `at`. */
  async function signedUpAt(m: Member, at: Date) {
    const table = m.kind === 'expert' ? experts : companies;
    await t.database.db.update(table).set({ createdAt: at }).where(eq(table.id, m.id));
    await t.database.db.update(users).set({ createdAt: at }).where(eq(users.id, m.id));
  }

  async function analytics(query = ''): Promise<AdminAnalyticsResponse> {
    const response = await admin.client.get(`/api/admin/analytics${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  /** Weeks 3 to 1 before this one: the range of the cohorts below, widened from mid-week dates. */
  const cohortRange = () =>
    `?from=${utcDay(inWeek(3))}&to=${utcDay(new Date(weekStart(1).getTime() + 2 * 86_400_000))}`;

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signInAdmin(t);
    await seedCohorts();
    await seedLostDeals();
    await seedTracking();
  });
  afterAll(() => t.close());

  /**
   * Week A (3 weeks ago): experts E1 signed up only, E2 complete, E3 published and suggested, E4 requested (a
   * company's request, denied); companies C1 (sent that request, suggested twice), C4 signed up only. Week 2 ago:
   * nobody. Week B (1 week ago): expert E5 connected and rated by C2, expert P pending with a held request to C3.
   * Five weeks ago (outside): an expert with a suggestion.
   */
  async function seedCohorts() {
    const at = async (m: Member, ago: number) => {
      await signedUpAt(m, inWeek(ago));
      return m;
    };
    await at(await signUpMember(t.app, 'expert'), 3); // E1
    await at(await member(t, 'expert', { status: 'draft' }), 3); // E2
    const e3 = await at(await member(t, 'expert'), 3);
    const e4 = await at(await member(t, 'expert'), 3);
    const c1 = await at(await member(t, 'company'), 3);
    await at(await signUpMember(t.app, 'company'), 3); // C4
    const e5 = await at(await member(t, 'expert'), 1);
    const pending = await at(await member(t, 'expert', { status: 'pending' }), 1);
    const c2 = await at(await member(t, 'company'), 1);
    const c3 = await at(await member(t, 'company'), 1);
    const old = await at(await member(t, 'expert'), 5);
    await suggest(t, old, c3);

    await suggest(t, e3, c1);
    const denied = await suggest(t, e4, c1);
    await sent(c1, denied);
    await acted(e4, denied, 'deny');
    // The denial happened in week B (its lost reason counts there).
    await t.database.db
      .update(domainEvents)
      .set({ createdAt: inWeek(1) })
      .where(eq(domainEvents.type, 'connection.denied'));
    const connection = await suggest(t, e5, c2);
    await sent(e5, connection);
    await acted(c2, connection, 'accept');
    await acted(c2, connection, 'survey', { rating: 4 });
    const held = await suggest(t, pending, c3);
    expect((await sent(pending, held)).isPending).toBe(true);
  }

  /** This week: a cancelled request, a dismissed suggestion, a declined and a cancelled My Network request. */
  async function seedLostDeals() {
    const e6 = await member(t, 'expert');
    const cancelled = await suggest(t, e6, await member(t, 'company'));
    await sent(e6, cancelled);
    await acted(e6, cancelled, 'cancel');
    const c7 = await member(t, 'company');
    const dismissed = await suggest(t, await member(t, 'expert'), c7);
    const response = await c7.client.post('/api/suggestions/dismiss', { suggestionId: dismissed });
    expect(response.statusCode, response.body).toBe(200);
    const [x, y, z] = [await member(t, 'expert'), await member(t, 'expert'), await member(t, 'expert')];
    await networkActed(y, (await networkRequested(x, y.id)).id, 'decline');
    await networkActed(x, (await networkRequested(x, z.id)).id, 'cancel');
  }

  /** Two views, a dismissal and an exploration this week; then the first view is moved to week B. */
  async function seedTracking() {
    const viewer = await member(t, 'expert');
    const post = async (body: object) =>
      expect((await viewer.client.post('/api/tracking', body)).statusCode).toBe(204);
    await post({ type: 'VIEW_PROFILE_FROM_CARD', targetId: 'c1' });
    await post({ type: 'VIEW_PROFILE_FROM_CARD', targetId: 'c2' });
    await post({ type: 'DISMISS_CARD', targetId: 'c3', tab: 'ventures' });
    await post({ type: 'EXPLORE_EXPERT_COMMUNITY' });
    const [first] = await t.database.db
      .select({ id: trackingEvents.id })
      .from(trackingEvents)
      .where(and(eq(trackingEvents.userId, viewer.id), eq(trackingEvents.type, 'VIEW_PROFILE_FROM_CARD')))
      .orderBy(asc(trackingEvents.id))
      .limit(1);
    await t.database.db
      .update(trackingEvents)
      .set({ createdAt: inWeek(1) })
      .where(eq(trackingEvents.id, first!.id));
  }

  it('counts each week’s sign-ups per role by how far they got, weeks without sign-ups included', async () => {
    const body = await analytics(cohortRange());
    expect(body.range).toEqual({
      from: utcDay(weekStart(3)),
      to: utcDay(new Date(weekStart(0).getTime() - 86_400_000)),
      weeks: [3, 2, 1].map((ago) => ({ week: isoWeekLabel(weekStart(ago)), start: utcDay(weekStart(ago)) })),
    });
    expect(body.role).toBeNull();
    const row = (ago: number, role: ProfileType) => {
      const found = body.funnel.weeks.find((w) => w.start === utcDay(weekStart(ago)) && w.role === role);
      if (!found) throw new Error(`no row for ${ago} weeks ago, ${role}`);
      return stagesOf(found);
    };
    // signed up, complete, published, suggested, requested, accepted, reviewed
    expect(row(3, 'expert')).toEqual([4, 3, 2, 2, 1, 0, 0]);
    expect(row(3, 'company')).toEqual([2, 1, 1, 1, 1, 0, 0]);
    expect(row(2, 'expert')).toEqual(zeros);
    expect(row(2, 'company')).toEqual(zeros);
    // The pending expert's held request counts for the expert, not for the company that has not received it.
    expect(row(1, 'expert')).toEqual([2, 2, 1, 2, 2, 1, 1]);
    expect(row(1, 'company')).toEqual([2, 2, 2, 2, 1, 1, 1]);
    expect(body.funnel.weeks).toHaveLength(6);
    expect(body.funnel.totals.map((total) => [total.role, stagesOf(total)])).toEqual([
      ['expert', [6, 5, 3, 4, 3, 1, 1]],
      ['company', [4, 3, 3, 3, 2, 1, 1]],
    ]);
    expect(stagesOf(body.funnel.overall)).toEqual([10, 8, 6, 7, 5, 2, 2]);
  });

  it('narrows the funnel to one role', async () => {
    const body = await analytics(`${cohortRange()}&role=company`);
    expect(body.role).toBe('company');
    expect(new Set(body.funnel.weeks.map((w) => w.role))).toEqual(new Set(['company']));
    expect(body.funnel.weeks).toHaveLength(3);
    expect(body.funnel.totals.map((total) => [total.role, stagesOf(total)])).toEqual([
      ['company', [4, 3, 3, 3, 2, 1, 1]],
    ]);
    expect(stagesOf(body.funnel.overall)).toEqual([4, 3, 3, 3, 2, 1, 1]);
  });

  it('leaves out sign-ups before the range', async () => {
    const body = await analytics(`?from=${utcDay(weekStart(5))}&to=${utcDay(inWeek(5))}&role=expert`);
    expect(body.funnel.weeks.map((w) => [w.week, stagesOf(w)])).toEqual([
      [isoWeekLabel(weekStart(5)), [1, 1, 1, 1, 0, 0, 0]],
    ]);
    const earlier = await analytics(`?from=${utcDay(weekStart(9))}&to=${utcDay(weekStart(6))}`);
    expect(stagesOf(earlier.funnel.overall)).toEqual(zeros);
  });

  it('counts tracking events per type and week', async () => {
    const cohorts = await analytics(cohortRange());
    expect(cohorts.tracking.weeks.map((w) => [w.start, w.counts])).toEqual([
      [utcDay(weekStart(3)), { VIEW_PROFILE_FROM_CARD: 0, DISMISS_CARD: 0, EXPLORE_EXPERT_COMMUNITY: 0 }],
      [utcDay(weekStart(2)), { VIEW_PROFILE_FROM_CARD: 0, DISMISS_CARD: 0, EXPLORE_EXPERT_COMMUNITY: 0 }],
      [utcDay(weekStart(1)), { VIEW_PROFILE_FROM_CARD: 1, DISMISS_CARD: 0, EXPLORE_EXPERT_COMMUNITY: 0 }],
    ]);
    const thisWeek = await analytics('?weeks=1');
    expect(thisWeek.range.weeks).toEqual([{ week: isoWeekLabel(new Date()), start: utcDay(weekStart(0)) }]);
    expect(thisWeek.tracking.totals).toEqual([
      { type: 'VIEW_PROFILE_FROM_CARD', count: 1 },
      { type: 'DISMISS_CARD', count: 1 },
      { type: 'EXPLORE_EXPERT_COMMUNITY', count: 1 },
    ]);
    const byDefault = await analytics();
    expect(byDefault.range.weeks).toHaveLength(12);
    expect(byDefault.tracking.totals.map((total) => total.count)).toEqual([2, 1, 1]);
  });

  it('counts the deals lost per reason in the range, connection and My Network alike', async () => {
    const lost = (body: AdminAnalyticsResponse) =>
      Object.fromEntries(body.lostReasons.filter((r) => r.count > 0).map((r) => [r.reason, r.count]));
    const thisWeek = await analytics('?weeks=1');
    expect(thisWeek.lostReasons.map((r) => [r.reason, r.pipeline])).toEqual(
      analyticsLostReasons.map((r) => [r.reason, r.pipeline]),
    );
    expect(lost(thisWeek)).toEqual({
      expert_cancelled_request_to_venture: 1,
      venture_declined_expert_recommendation: 1,
      recipient_declined_request: 1,
      initiator_cancelled_request: 1,
    });
    expect(lost(await analytics(cohortRange()))).toEqual({ expert_declined_request_from_venture: 1 });
    expect(lost(await analytics('?weeks=2'))).toEqual({
      expert_cancelled_request_to_venture: 1,
      venture_declined_expert_recommendation: 1,
      recipient_declined_request: 1,
      initiator_cancelled_request: 1,
      expert_declined_request_from_venture: 1,
    });
  });

  it('is for admins only, whatever the query', async () => {
    expect((await client(t.app).get('/api/admin/analytics')).statusCode).toBe(401);
    const someone = await signUpMember(t.app, 'company');
    const forbidden = await someone.client.get('/api/admin/analytics');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.message).toBe(messages.forbidden);
    expect((await someone.client.get('/api/admin/analytics?weeks=0')).statusCode).toBe(403);
  });

  it.each([
    ['?weeks=0', 'weeks'],
    ['?weeks=157', 'weeks'],
    ['?weeks=abc', 'weeks'],
    ['?weeks=1.5', 'weeks'],
    ['?from=2026-02-30', 'from'],
    ['?from=yesterday', 'from'],
    ['?to=1999-12-31', 'to'],
    ['?from=2100-12-31T00:00:00Z', 'from'],
    ['?role=admin', 'role'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const response = await admin.client.get(`/api/admin/analytics${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(response.json().error.details.map((d: { path: string }) => d.path)).toContain(field);
  });

  it.each([
    ['?weeks=4&from=2026-01-05', 'weeks', adminAnalyticsTexts.weeksOrDates],
    ['?from=2026-02-02&to=2026-01-05', 'to', adminAnalyticsTexts.fromAfterTo],
    ['?from=2020-01-06&to=2026-01-05', 'from', adminAnalyticsTexts.tooLong(156)],
    ['?from=2000-01-03', 'from', adminAnalyticsTexts.tooLong(156)],
  ])('refuses the range %s with 400 and its message', async (query, field, message) => {
    const response = await admin.client.get(`/api/admin/analytics${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(response.json().error.details).toEqual([{ path: field, message }]);
  });
});
