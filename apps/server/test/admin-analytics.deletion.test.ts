import type { AdminAnalyticsResponse } from '@intergen/contracts';
import { funnelStages, isoWeekStart } from '@intergen/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, domainEvents, experts, trackingEvents, users } from '../src/db/schema.ts';
import { adminDelete, ownDelete, rowsNaming } from './accounts.support.ts';
import { acted, member, sent, suggest } from './connections.support.ts';
import { type Client, type Member, signInAdmin, signUpMember } from './factories.ts';
import { createTestApp, type Engine, engines, type TestApp } from './helpers.ts';

const weekMs = 7 * 86_400_000;
/** Tuesday noon (UTC) of the ISO week `ago` weeks before this one. */
const inWeek = (ago: number) => new Date(isoWeekStart(new Date()).getTime() - ago * weekMs + 36 * 3_600_000);

/**
 * Deleting a member changes no past week of the admin's analytics (DESIGN.md §4 "Deleting vs disabling":
 * analytics keep anonymous counts): not their own cohort row, not the stages they gave their counterparts'
 * cohorts, not the deals lost with them nor the tracking events by or about them; and the counts kept name no one.
 */
describe.each(engines)('admin analytics after a deletion on %s', (engine: Engine) => {
  let t: TestApp;
  let admin: { client: Client };

  /** Moves a member's sign-up (user record and profile) to `at`. */
  async function signedUpAt(m: Member, ago: number) {
    const table = m.kind === 'expert' ? experts : companies;
    await t.database.db
      .update(table)
      .set({ createdAt: inWeek(ago) })
      .where(eq(table.id, m.id));
    await t.database.db
      .update(users)
      .set({ createdAt: inWeek(ago) })
      .where(eq(users.id, m.id));
    return m;
  }

  async function analytics(query: string): Promise<AdminAnalyticsResponse> {
    const response = await admin.client.get(`/api/admin/analytics${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const views = () =>
    Promise.all(['?weeks=3', '?weeks=3&role=expert', '?weeks=3&role=company'].map(analytics));

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signInAdmin(t);
  });
  afterAll(() => t.close());

  it('keeps every week, role, lost reason and tracking count of the deleted expert and company', async () => {
    // Two weeks ago: the expert X (deleted by the admin), the company Y (deletes itself), an expert E2, a company
    // C1, a company that only signed up. Last week: an expert E5, a company C2.
    const x = await signedUpAt(await member(t, 'expert', { name: 'Xavier Deleted' }), 2);
    const y = await signedUpAt(await member(t, 'company', { name: 'Yonder Deleted' }), 2);
    const e2 = await signedUpAt(await member(t, 'expert'), 2);
    const c1 = await signedUpAt(await member(t, 'company'), 2);
    await signedUpAt(await signUpMember(t.app, 'company'), 2);
    const e5 = await signedUpAt(await member(t, 'expert'), 1);
    const c2 = await signedUpAt(await member(t, 'company'), 1);

    // X connected with C1 (C1's only tie) and both rated; C2 asked X, who denied (last week).
    const xc1 = await suggest(t, x, c1);
    await sent(x, xc1);
    await acted(c1, xc1, 'accept');
    await acted(c1, xc1, 'survey', { rating: 4 });
    const xc2 = await suggest(t, x, c2);
    await sent(c2, xc2);
    await acted(x, xc2, 'deny');
    await t.database.db
      .update(domainEvents)
      .set({ createdAt: inWeek(1) })
      .where(eq(domainEvents.type, 'connection.denied'));
    // Y dismissed E2's suggestion and connected with E5 (E5's only tie); E2 also has C2.
    const e2y = await suggest(t, e2, y);
    expect((await y.client.post('/api/suggestions/dismiss', { suggestionId: e2y })).statusCode).toBe(200);
    const e5y = await suggest(t, e5, y);
    await sent(y, e5y);
    await acted(e5, e5y, 'accept');
    await suggest(t, e2, c2);
    // Tracking by and about them, one event moved to last week.
    const track = async (m: Member, body: object) =>
      expect((await m.client.post('/api/tracking', body)).statusCode).toBe(204);
    await track(x, { type: 'EXPLORE_EXPERT_COMMUNITY' });
    await track(c1, { type: 'VIEW_PROFILE_FROM_CARD', targetId: x.id });
    await track(e2, { type: 'DISMISS_CARD', targetId: y.id, tab: 'ventures' });
    await track(y, { type: 'VIEW_PROFILE_FROM_CARD', targetId: e5.id });
    await t.database.db
      .update(trackingEvents)
      .set({ createdAt: inWeek(1) })
      .where(eq(trackingEvents.userId, c1.id));

    const before = await views();
    // Every stage, lost reasons and every tracking type have something to lose.
    for (const stage of funnelStages) expect(before[0]!.funnel.overall[stage], stage).toBeGreaterThan(0);
    expect(before[0]!.lostReasons.filter((r) => r.count > 0).length).toBe(2);
    for (const total of before[0]!.tracking.totals) expect(total.count, total.type).toBeGreaterThan(0);

    const byAdmin = await adminDelete(admin, x.id, x.email);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const own = await ownDelete(y, y.password);
    expect(own.statusCode, own.body).toBe(200);

    expect(await views()).toEqual(before);
    // The kept counts name no one: the ids remain in the audit log alone (and the tombstones' deliveries).
    expect(await rowsNaming(t, [x.id, x.email, y.id, y.email])).toEqual({});
    const kept = await t.database.query<Record<string, unknown>>('SELECT * FROM analytics_retained');
    expect(kept.length).toBeGreaterThan(0);
    expect(JSON.stringify(kept)).not.toMatch(/Xavier|Yonder|@/);
  });
});
