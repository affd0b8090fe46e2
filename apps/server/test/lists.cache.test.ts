import type {
  ConnectionBuckets,
  LiveTopic,
  MatchingListResponse,
  NotificationsResponse,
  Suggestion,
} from '@intergen/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { contactInfo, experts, matchScores, notifications, settings } from '../src/db/schema.ts';
import { publishLive } from '../src/modules/live/live.ts';
import { createNotification } from '../src/modules/notifications/notifications.repository.ts';
import { acted, member, pair, sent } from './connections.support.ts';
import { type Client, type Member, put, signInAdmin } from './factories.ts';
import { createTestApp, type Engine, engines, secondInstance, type TestApp, withSession } from './helpers.ts';

/**
 * Members' own lists kept per instance (with `SESSION_CACHE`): the suggestions, the connection requests
 * and the notifications, answered from memory until a row they were made of changes — on either instance, by a
 * job or by hand — and never to anyone else. The instance that made a change answers it at once; the other as
 * soon as it hears (the tests wait for that, never for a time).
 */
describe.each(engines)('kept lists, two instances on %s', (engine: Engine) => {
  let t: TestApp;
  let other: App;
  let admin: { client: Client; id: string; email: string };

  beforeAll(async () => {
    t = await createTestApp(engine, { SESSION_CACHE: 'true', COMMUNITY_TAB: 'true' });
    other = await secondInstance(t, { SESSION_CACHE: 'true', COMMUNITY_TAB: 'true' });
    admin = await signInAdmin(t);
  }, 120_000);
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const tokenOf = (m: Member) => m.client.cookies.get('intergen_session')!;
  async function on<T>(app: App, m: Member, url: string): Promise<T> {
    const response = await withSession(app, tokenOf(m), 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const suggestionsOn = async (app: App, m: Member) =>
    (await on<{ suggestions: Suggestion[] }>(app, m, '/api/suggestions')).suggestions;
  const namesOn = async (app: App, m: Member) => (await suggestionsOn(app, m)).map((s) => s.counterpart.name);
  const bucketsOn = (app: App, m: Member) => on<ConnectionBuckets>(app, m, '/api/connections');
  const notificationsOn = (app: App, m: Member) => on<NotificationsResponse>(app, m, '/api/notifications');
  /** Asks until both instances answer the member's list from memory (after their listeners are up). */
  async function keptOnBoth(m: Member, url: string) {
    for (const app of [t.app, other]) {
      const before = app.sessionCache!.lists.size;
      await expect
        .poll(async () => {
          await on(app, m, url);
          return app.sessionCache!.lists.size > before || (await kept(app, m, url));
        })
        .toBe(true);
    }
  }
  /** Whether the instance answers the member's list without making it (a GET that adds nothing). */
  async function kept(app: App, m: Member, url: string) {
    const size = app.sessionCache!.lists.size;
    const first = await withSession(app, tokenOf(m), 'GET', url);
    const second = await withSession(app, tokenOf(m), 'GET', url);
    return first.body === second.body && app.sessionCache!.lists.size === size && size > 0;
  }

  it('answers a kept list as it was made, from memory: a change the database does not announce goes unseen', async () => {
    const { expert, company } = await pair(t, { expert: { name: 'Kept Expert' } });
    const made = (await withSession(t.app, tokenOf(company), 'GET', '/api/suggestions')).body;
    await keptOnBoth(company, '/api/suggestions');
    expect((await withSession(t.app, tokenOf(company), 'GET', '/api/suggestions')).body).toBe(made);
    expect((await withSession(other, tokenOf(company), 'GET', '/api/suggestions')).body).toBe(made);
    // With the tables' triggers off, a rename by hand is not announced: both instances still answer what they
    // kept, which shows the answer comes from memory. Once announced, both answer anew.
    await t.database.db.execute(sql`ALTER TABLE experts DISABLE TRIGGER USER`);
    try {
      await t.database.db.update(experts).set({ name: 'Quiet Rename' }).where(eq(experts.id, expert.id));
    } finally {
      await t.database.db.execute(sql`ALTER TABLE experts ENABLE TRIGGER USER`);
    }
    expect(await namesOn(t.app, company)).toEqual(['Kept Expert']);
    expect(await namesOn(other, company)).toEqual(['Kept Expert']);
    await t.database.db.update(experts).set({ name: 'Loud Rename' }).where(eq(experts.id, expert.id));
    await expect.poll(() => namesOn(t.app, company)).toEqual(['Loud Rename']);
    await expect.poll(() => namesOn(other, company)).toEqual(['Loud Rename']);
  });

  it('never answers one member with another’s list, nor anyone signed out', async () => {
    const { company } = await pair(t);
    const stranger = await member(t, 'company');
    await keptOnBoth(company, '/api/suggestions');
    expect(await suggestionsOn(t.app, company)).toHaveLength(1);
    expect(await suggestionsOn(t.app, stranger)).toEqual([]);
    expect(await suggestionsOn(other, stranger)).toEqual([]);
    expect((await company.client.post('/api/auth/sign-out')).statusCode).toBe(200);
    expect((await withSession(t.app, tokenOf(company), 'GET', '/api/suggestions')).statusCode).toBe(401);
    await expect
      .poll(async () => (await withSession(other, tokenOf(company), 'GET', '/api/suggestions')).statusCode)
      .toBe(401);
  });

  it('drops a list when a counterpart it left out changes too: unpublished, then published again', async () => {
    const { expert, company } = await pair(t);
    await keptOnBoth(company, '/api/suggestions');
    const publish = (published: boolean) =>
      t.database.db.update(experts).set({ profilePublished: published }).where(eq(experts.id, expert.id));
    await publish(false);
    for (const app of [t.app, other]) await expect.poll(() => suggestionsOn(app, company)).toEqual([]);
    await keptOnBoth(company, '/api/suggestions');
    await publish(true);
    for (const app of [t.app, other]) await expect.poll(() => suggestionsOn(app, company)).toHaveLength(1);
  });

  it('a member’s own action is in their lists on this instance at once, and in both members’ on the other when it hears', async () => {
    const { expert, company, suggestionId } = await pair(t);
    for (const m of [expert, company]) {
      await keptOnBoth(m, '/api/suggestions');
      await keptOnBoth(m, '/api/connections');
      await keptOnBoth(m, '/api/notifications');
    }
    // The company sends a request on this instance: its suggestion leaves its list, the request is in its sent
    // bucket, and the expert's received bucket and notifications have it here at once.
    await sent(company, suggestionId, 'Shall we talk?');
    expect(await suggestionsOn(t.app, company)).toEqual([]);
    expect((await bucketsOn(t.app, company)).sent.map((r) => r.id)).toEqual([suggestionId]);
    expect((await bucketsOn(t.app, expert)).received.map((r) => r.id)).toEqual([suggestionId]);
    expect((await notificationsOn(t.app, expert)).unseen).toBe(1);
    await expect
      .poll(async () => (await bucketsOn(other, expert)).received.map((r) => r.id))
      .toEqual([suggestionId]);
    await expect.poll(async () => (await notificationsOn(other, expert)).unseen).toBe(1);
    // The expert accepts on the other instance: a connection for both there at once, here when it hears.
    const accepted = await withSession(
      other,
      tokenOf(expert),
      'POST',
      `/api/connections/${suggestionId}/accept`,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await bucketsOn(other, expert)).unrated.map((r) => r.id)).toEqual([suggestionId]);
    expect((await bucketsOn(other, company)).unrated.map((r) => r.id)).toEqual([suggestionId]);
    await expect
      .poll(async () => (await bucketsOn(t.app, company)).unrated.map((r) => r.id))
      .toEqual([suggestionId]);
    // The connected counterpart's contact details, changed by hand, reach the kept list.
    await t.database.db
      .update(contactInfo)
      .set({ phone: '5550001111' })
      .where(eq(contactInfo.userId, expert.id));
    for (const app of [t.app, other]) {
      await expect
        .poll(async () => (await bucketsOn(app, company)).unrated[0]?.contact?.phone)
        .toBe('5550001111');
    }
  });

  it('a notification written by a job, or marked seen, reaches the kept list', async () => {
    const { expert, company, suggestionId } = await pair(t);
    await keptOnBoth(expert, '/api/notifications');
    expect((await notificationsOn(t.app, expert)).notifications).toEqual([]);
    await createNotification(t.database.db, {
      userId: expert.id,
      kind: 'suggestion',
      suggestionId,
      counterpartId: company.id,
    });
    for (const app of [t.app, other]) {
      await expect.poll(async () => (await notificationsOn(app, expert)).unseen).toBe(1);
    }
    const seen = await withSession(other, tokenOf(expert), 'POST', '/api/notifications/seen');
    expect(seen.statusCode, seen.body).toBe(200);
    expect((await notificationsOn(other, expert)).unseen).toBe(0);
    await expect.poll(async () => (await notificationsOn(t.app, expert)).unseen).toBe(0);
    await t.database.db.delete(notifications).where(eq(notifications.userId, expert.id));
    for (const app of [t.app, other]) {
      await expect.poll(async () => (await notificationsOn(app, expert)).notifications).toEqual([]);
    }
  });

  it('a live message drops the member’s kept lists here before their stream is told', async () => {
    const { expert, company, suggestionId } = await pair(t);
    const told: LiveTopic[][] = [];
    const unsubscribe = await t.app.liveHub.subscribe(
      { userId: expert.id, sessionId: `test-${expert.id}` },
      { deliver: (topics) => told.push(topics), close: () => {} },
    );
    try {
      await keptOnBoth(expert, '/api/notifications');
      // Written with the table's triggers off: only the live message says the list changed.
      await t.database.db.execute(sql`ALTER TABLE notifications DISABLE TRIGGER USER`);
      try {
        await createNotification(t.database.db, {
          userId: expert.id,
          kind: 'suggestion',
          suggestionId,
          counterpartId: company.id,
        });
      } finally {
        await t.database.db.execute(sql`ALTER TABLE notifications ENABLE TRIGGER USER`);
      }
      expect((await notificationsOn(t.app, expert)).unseen).toBe(0);
      await publishLive(t.database.db, [expert.id], ['notifications']);
      await expect.poll(() => told.length).toBe(1);
      expect((await notificationsOn(t.app, expert)).unseen).toBe(1);
    } finally {
      await unsubscribe();
    }
  });

  it('a member who may no longer read others loses the names in their kept notifications', async () => {
    const { expert, company, suggestionId } = await pair(t, { company: { name: 'Named Company' } });
    await createNotification(t.database.db, {
      userId: expert.id,
      kind: 'suggestion',
      suggestionId,
      counterpartId: company.id,
    });
    await keptOnBoth(expert, '/api/notifications');
    const names = async (app: App) =>
      (await notificationsOn(app, expert)).notifications.map((n) => n.counterpart?.name ?? null);
    expect(await names(t.app)).toEqual(['Named Company']);
    await t.database.db.update(experts).set({ profilePublished: false }).where(eq(experts.id, expert.id));
    for (const app of [t.app, other]) await expect.poll(() => names(app)).toEqual([null]);
  });

  it('an admin’s change of the settings reaches every kept list of connections', async () => {
    const { expert, company } = await pair(t);
    await keptOnBoth(company, '/api/connections');
    expect((await bucketsOn(t.app, company)).surveyFormUrl).toBeNull();
    const current = await admin.client.get('/api/admin/settings');
    expect(current.statusCode).toBe(200);
    const { revision, settings: values } = current.json();
    const url = 'https://forms.example.com/company-survey';
    values.surveyForms.development.company = url;
    const saved = await put(t.app, admin.client, '/api/admin/settings', { revision, settings: values });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await bucketsOn(t.app, company)).surveyFormUrl).toBe(url);
    await expect.poll(async () => (await bucketsOn(other, company)).surveyFormUrl).toBe(url);
    expect((await bucketsOn(t.app, expert)).surveyFormUrl).toBeNull();
    await t.database.db.delete(settings);
    for (const app of [t.app, other]) {
      await expect.poll(async () => (await bucketsOn(app, company)).surveyFormUrl).toBeNull();
    }
  });

  it('keeps a community page per address, dropped by any member’s change, a stored score or the community tab', async () => {
    const viewer = await member(t, 'company');
    await member(t, 'expert');
    const url = '/api/matching/experts-for-company?pageSize=50';
    const page = (app: App) => on<MatchingListResponse>(app, viewer, url);
    await keptOnBoth(viewer, url);
    const before = await page(t.app);
    expect(before.total).toBeGreaterThan(0);
    // Another address is another answer.
    const one = await on<MatchingListResponse>(t.app, viewer, '/api/matching/experts-for-company?pageSize=1');
    expect(one.items).toHaveLength(1);
    // An expert published anywhere, whom no kept page read, is on the page once heard.
    const newcomer = await member(t, 'expert', { name: 'Newly Listed' });
    for (const app of [t.app, other])
      await expect.poll(async () => (await page(app)).total).toBe(before.total! + 1);
    // A score stored by hand (a batch, a publish's job) ranks them first.
    await keptOnBoth(viewer, url);
    await t.database.db
      .insert(matchScores)
      .values({ expertId: newcomer.id, companyId: viewer.id, score: 97 });
    for (const app of [t.app, other]) {
      await expect.poll(async () => (await page(app)).items[0]).toMatchObject({ id: newcomer.id, score: 97 });
    }
    // The community tab switched off by an admin: refused on both instances, then back.
    const tab = async (on: boolean) => {
      const { revision, settings: values } = (await admin.client.get('/api/admin/settings')).json();
      values.communityTab.development = on;
      const saved = await put(t.app, admin.client, '/api/admin/settings', { revision, settings: values });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    const status = async (app: App) => (await withSession(app, tokenOf(viewer), 'GET', url)).statusCode;
    await keptOnBoth(viewer, url);
    await tab(false);
    expect(await status(t.app)).toBe(404);
    await expect.poll(() => status(other)).toBe(404);
    await tab(true);
    for (const app of [t.app, other]) await expect.poll(() => status(app)).toBe(200);
  });

  it('answers the same bytes as a list made anew', async () => {
    const { expert, company, suggestionId } = await pair(t);
    await sent(expert, suggestionId, 'Hello');
    await acted(company, suggestionId, 'accept');
    for (const url of ['/api/suggestions', '/api/connections', '/api/notifications']) {
      for (const m of [expert, company]) {
        await keptOnBoth(m, url);
        const fresh = await withSession(
          t.app,
          tokenOf(m),
          'POST',
          '/api/auth/session/annual-confirmation-later',
        );
        expect(fresh.statusCode).toBe(200);
        const keptBody = (await withSession(t.app, tokenOf(m), 'GET', url)).body;
        // A session change drops the member's kept lists: made anew, the same bytes.
        expect(await kept(t.app, m, url)).toBe(true);
        expect((await withSession(t.app, tokenOf(m), 'GET', url)).body).toBe(keptBody);
      }
    }
  });
});
