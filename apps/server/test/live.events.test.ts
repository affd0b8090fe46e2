import { memberLiveTopics } from '@intergen/contracts';
import { messages } from '@intergen/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { authTokens, sessions } from '../src/db/schema.ts';
import { publishLive } from '../src/modules/live/live.ts';
import { publishedMember, signInAdmin } from './factories.ts';
import {
  type Engine,
  engines,
  freshDatabase,
  ORIGIN,
  reopened,
  signIn,
  signUp,
  type TestApp,
} from './helpers.ts';
import { asTestApp, closeListening, isChange, listeningApp, openStream } from './live.support.ts';

async function member(app: App) {
  const m = await signUp(app);
  return { ...m, id: m.user.id, token: m.client.cookies.get('intergen_session')! };
}

async function until(check: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(engines)('live updates (Server-Sent Events) on %s', (engine: Engine) => {
  let database: Database;
  let app: App;
  let base: string;

  beforeAll(async () => {
    database = await freshDatabase(engine);
    ({ app, base } = await listeningApp(database));
  });
  afterAll(async () => {
    await closeListening(app);
    await database.close();
  });

  it('refuses a visitor who is not signed in', async () => {
    const stream = await openStream(base);
    expect(stream.status).toBe(401);
    const invalid = await openStream(base, 'not-a-session');
    expect(invalid.status).toBe(401);
  });

  it('opens an event stream that tells the browser to retry after 3 s, and pings', async () => {
    const ada = await member(app);
    const stream = await openStream(base, ada.token);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('cache-control')).toBe('no-cache');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    // The security headers of every response apply to the stream too.
    expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
    const first = await stream.waitFor(() => true);
    expect(first).toEqual({ retry: 3000 });
    await stream.waitFor((b) => b.comment === 'ping');
    stream.close();
  });

  it('delivers a change committed in a transaction to the named member’s open streams only', async () => {
    const ada = await member(app);
    const bob = await member(app);
    const adaTab1 = await openStream(base, ada.token);
    const adaTab2 = await openStream(base, ada.token);
    const bobTab = await openStream(base, bob.token);
    await database.db.transaction(async (tx) => {
      await publishLive(tx, [ada.id], ['suggestions', 'notifications']);
    });
    await adaTab1.waitFor(isChange(['suggestions', 'notifications']));
    await adaTab2.waitFor(isChange(['suggestions', 'notifications']));
    // A later change for Bob arrives; the one for Ada never did.
    await publishLive(database.db, [bob.id], ['connections']);
    await bobTab.waitFor(isChange(['connections']));
    expect(bobTab.changes()).toEqual([['connections']]);
    for (const s of [adaTab1, adaTab2, bobTab]) s.close();
  });

  it('delivers nothing for a change whose transaction rolls back', async () => {
    const ada = await member(app);
    const stream = await openStream(base, ada.token);
    await stream.waitFor((b) => b.retry !== undefined);
    await expect(
      database.db.transaction(async (tx) => {
        await publishLive(tx, [ada.id], ['suggestions']);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    // A change committed afterwards is the first and only one the stream sees.
    await publishLive(database.db, [ada.id], ['profile']);
    await stream.waitFor(isChange(['profile']));
    expect(stream.changes()).toEqual([['profile']]);
    stream.close();
  });

  it('tells the expert’s open dashboard when an admin suggests a company', async () => {
    const t = asTestApp(app, database);
    const admin = await signInAdmin(t);
    const expert = await publishedMember(t, 'expert', admin, 'Grace Hopper');
    const company = await publishedMember(t, 'company', admin, 'Ada Lovelace');
    const token = expert.client.cookies.get('intergen_session')!;
    const stream = await openStream(base, token);
    await stream.waitFor((b) => b.retry !== undefined);
    const created = await admin.client.post('/api/admin/suggestions', {
      expertId: expert.id,
      companyId: company.id,
    });
    expect(created.statusCode).toBe(201);
    await stream.waitFor(isChange(['suggestions', 'notifications']));
    stream.close();
  });

  it('forgets a stream when its browser goes away', async () => {
    const ada = await member(app);
    const before = app.liveHub.size;
    const stream = await openStream(base, ada.token);
    await stream.waitFor((b) => b.retry !== undefined);
    expect(app.liveHub.size).toBe(before + 1);
    stream.close();
    await until(() => app.liveHub.size === before);
  });

  it('closes the stream of a session that ended', async () => {
    const ada = await member(app);
    const stream = await openStream(base, ada.token);
    await stream.waitFor((b) => b.retry !== undefined);
    const signedOut = await ada.client.post('/api/auth/sign-out', {}, ORIGIN);
    expect(signedOut.statusCode).toBe(200);
    await stream.ended;
    // Reconnecting with the old cookie is refused.
    expect((await openStream(base, ada.token)).status).toBe(401);
  });

  it('ends open streams when the app closes, so the process can exit', async () => {
    const other = await listeningApp(database);
    const m = await member(other.app);
    const stream = await openStream(other.base, m.token);
    await stream.waitFor((b) => b.retry !== undefined);
    // An open stream would keep close() waiting for ever (an active connection is never idle): that it returns
    // at all, with the stream ended, is the assertion; no wall-clock bound that a busy machine could break.
    await other.app.close();
    await stream.ended;
    expect(other.app.liveHub.size).toBe(0);
  });
});

describe.each(engines)('live streams and the sessions behind them on %s', (engine: Engine) => {
  let database: Database;
  let app: App;
  let base: string;
  let t: TestApp;
  // No ping within a test: a stream that ends, ends because its session did.
  const HOUR = 60 * 60 * 1000;

  beforeAll(async () => {
    database = await freshDatabase(engine);
    ({ app, base } = await listeningApp(database, HOUR));
    t = asTestApp(app, database);
  });
  afterAll(async () => {
    await closeListening(app);
    await database.close();
  });

  async function openedStream(token: string) {
    const stream = await openStream(base, token);
    expect(stream.status).toBe(200);
    await stream.waitFor((b) => b.retry !== undefined);
    return stream;
  }

  it('closes every stream of a member who disables their account, at once', async () => {
    const ada = await member(app);
    const tabs = [await openedStream(ada.token), await openedStream(ada.token)];
    const disabled = await ada.client.post('/api/profiles/me/disable', { reasons: ['noTime'] });
    expect(disabled.statusCode, disabled.body).toBe(200);
    await Promise.all(tabs.map((tab) => tab.ended));
    expect((await openStream(base, ada.token)).status).toBe(401);
  });

  it('closes the streams of a member an admin deactivates or unpublishes, at once, and no one else’s', async () => {
    const admin = await signInAdmin(t);
    const ada = await member(app);
    const bob = await member(app);
    const adaTab = await openedStream(ada.token);
    const bobTab = await openedStream(bob.token);
    const deactivated = await admin.client.post(`/api/admin/profiles/${ada.id}/deactivate`, {
      reason: 'Spam',
    });
    expect(deactivated.statusCode).toBe(200);
    await adaTab.ended;

    const unpublished = await admin.client.post(`/api/admin/profiles/${bob.id}/unpublish`, {
      reason: 'Check',
    });
    expect(unpublished.statusCode).toBe(200);
    await bobTab.ended;
  });

  it('closes the stream of the session that signs out, but not the member’s other sessions', async () => {
    const ada = await member(app);
    const other = await signIn(app, ada.email, ada.password);
    const otherTab = await openedStream(other.client.cookies.get('intergen_session')!);
    const tab = await openedStream(ada.token);
    expect((await ada.client.post('/api/auth/sign-out')).statusCode).toBe(200);
    await tab.ended;
    await publishLive(database.db, [ada.id], ['profile']);
    await otherTab.waitFor(isChange(['profile']));
    otherTab.close();
  });

  it('keeps at most 5 streams open per session: the 6th is refused with 429 until one closes', async () => {
    const ada = await member(app);
    const tabs = [];
    for (let i = 0; i < 5; i++) tabs.push(await openedStream(ada.token));
    const sixth = await openStream(base, ada.token);
    expect(sixth.status).toBe(429);
    const before = app.liveHub.size;
    tabs[0]!.close();
    await until(() => app.liveHub.size === before - 1);
    const again = await openedStream(ada.token);
    for (const tab of [...tabs.slice(1), again]) tab.close();
  });

  it('keeps at most 10 streams open per member, whatever the sessions: the 11th is refused with 429', async () => {
    const ada = await member(app);
    const second = (await signIn(app, ada.email, ada.password)).client.cookies.get('intergen_session')!;
    const third = (await signIn(app, ada.email, ada.password)).client.cookies.get('intergen_session')!;
    const tabs = [];
    for (const token of [ada.token, second]) for (let i = 0; i < 5; i++) tabs.push(await openedStream(token));
    const refused = await app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { cookie: `intergen_session=${third}` },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: { code: 'TOO_MANY_STREAMS', message: messages.tooManyLiveStreamsForMember },
    });
    const before = app.liveHub.size;
    tabs[0]!.close();
    await until(() => app.liveHub.size === before - 1);
    const again = await openedStream(third);
    for (const tab of [...tabs.slice(1), again]) tab.close();
  });

  it('deletes expired sessions and sign-in tokens when the housekeeping runs', async () => {
    const ada = await member(app);
    const past = new Date(Date.now() - 1000);
    await database.db.insert(sessions).values([
      { id: `expired-1-${ada.id}`, userId: ada.id, expiresAt: past },
      { id: `expired-2-${ada.id}`, userId: ada.id, expiresAt: past },
    ]);
    await database.db.insert(authTokens).values({
      tokenHash: `expired-${ada.id}`,
      userId: ada.id,
      purpose: 'one_time_login',
      expiresAt: past,
    });
    await app.housekeeping.runOnce();
    const left = await database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, ada.id));
    expect(left).toHaveLength(1);
    expect((await ada.client.get('/api/auth/session')).json().user).not.toBeNull();
    expect(await database.db.select().from(authTokens).where(eq(authTokens.userId, ada.id))).toHaveLength(0);
  });
});

// Two app instances need a database server both reach: PostgreSQL only (an embedded database has one process).
for (const engine of engines.filter((e) => e === 'postgres')) {
  describe(`live updates across app instances on ${engine}`, () => {
    let first: Database;
    let second: Database;
    let one: { app: App; base: string };
    let two: { app: App; base: string };

    beforeAll(async () => {
      first = await freshDatabase(engine);
      second = await reopened(first);
      one = await listeningApp(first);
      // Pinging hourly: a stream on this instance that ends, ends because the other one said so.
      two = await listeningApp(second, 60 * 60 * 1000);
    });
    afterAll(async () => {
      await closeListening(two.app);
      await closeListening(one.app);
      await second.close();
      await first.close();
    });

    it('closes a stream on one instance when the member disables their account through the other', async () => {
      const ada = await member(one.app);
      const stream = await openStream(two.base, ada.token);
      await stream.waitFor((b) => b.retry !== undefined);
      expect((await ada.client.post('/api/profiles/me/disable', { reasons: ['noTime'] })).statusCode).toBe(
        200,
      );
      await stream.ended;
    });

    it('delivers a change made through one instance to a stream on the other', async () => {
      const ada = await member(one.app);
      const stream = await openStream(two.base, ada.token);
      await stream.waitFor((b) => b.retry !== undefined);
      await first.db.transaction(async (tx) => {
        await publishLive(tx, [ada.id], ['connections']);
      });
      await stream.waitFor(isChange(['connections']));
      stream.close();
    });

    it('re-opens a lost listening connection and tells every stream to refetch everything', async () => {
      const ada = await member(one.app);
      const stream = await openStream(two.base, ada.token);
      await stream.waitFor((b) => b.retry !== undefined);
      // Ends every LISTEN connection to this database (both instances' listeners).
      const ended = await first.query<{ ok: boolean }>(
        `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
       WHERE datname = current_database() AND query ILIKE 'LISTEN%'`,
      );
      expect(ended.length).toBeGreaterThanOrEqual(1);
      await stream.waitFor(isChange([...memberLiveTopics]), 15_000);
      // Listening again: new changes arrive.
      await publishLive(first.db, [ada.id], ['profile']);
      await stream.waitFor(isChange(['profile']));
      stream.close();
    });
  });
}
