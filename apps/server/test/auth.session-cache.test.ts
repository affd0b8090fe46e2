import { accountTexts } from '@intergen/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import type { Database, ListenOptions } from '../src/db/client.ts';
import { companies, sessions, users } from '../src/db/schema.ts';
import { type CachedSession, createSessionCache } from '../src/modules/auth/sessions.cache.ts';
import { adminDelete } from './accounts.support.ts';
import { member } from './connections.support.ts';
import { type Client, type Member, put, signInAdmin } from './factories.ts';
import {
  createTestApp,
  type Engine,
  engines,
  secondInstance,
  signIn,
  type TestApp,
  withSession,
} from './helpers.ts';

/**
 * Sessions kept per instance (`SESSION_CACHE`): two app instances on one database, both keeping the
 * sessions they looked up. Whatever ends a session or changes what its lookup reads — on either instance, or by
 * hand in the database — is in effect on the instance that made it at once (its answer waits until it has heard),
 * and on the other as soon as that one hears (the tests wait for it, never for a time).
 */
describe.each(engines)('the session cache, two instances on %s', (engine: Engine) => {
  let t: TestApp;
  let other: App;
  let admin: { client: Client; id: string; email: string };

  beforeAll(async () => {
    t = await createTestApp(engine, { SESSION_CACHE: 'true' });
    other = await secondInstance(t, { SESSION_CACHE: 'true' });
    admin = await signInAdmin(t);
  }, 120_000);
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const tokenOf = (m: { client: Client }) => m.client.cookies.get('intergen_session')!;
  /** The signed-in user's id as an instance answers the session (null: signed out). */
  const userOn = async (app: App, token: string): Promise<string | null> =>
    (await withSession(app, token)).json().user?.id ?? null;
  /** Both instances answer the session from what they kept (a lookup each, after the listener is up). */
  async function keptOnBoth(m: Member) {
    for (const app of [t.app, other]) {
      await expect.poll(async () => (await userOn(app, tokenOf(m))) && app.sessionCache!.size > 0).toBe(true);
    }
    expect(await userOn(t.app, tokenOf(m))).toBe(m.id);
    expect(await userOn(other, tokenOf(m))).toBe(m.id);
  }

  it('keeps a looked-up session and answers it the same as the database', async () => {
    const m = await member(t, 'company', { name: 'Kept Company' });
    const fromDatabase = (await withSession(t.app, tokenOf(m))).body;
    await keptOnBoth(m);
    expect((await withSession(t.app, tokenOf(m))).body).toBe(fromDatabase);
    expect((await withSession(other, tokenOf(m))).body).toBe(fromDatabase);
    const own = await withSession(t.app, tokenOf(m), 'GET', '/api/profiles/me');
    expect(own.statusCode).toBe(200);
    expect(own.json().profile.name).toBe('Kept Company');
  });

  it('answers the own profile from the kept rows as the serializer does, and anew once they change on either instance', async () => {
    const m = await member(t, 'company', { name: 'Answered Company' });
    await keptOnBoth(m);
    const ownOn = async (app: App) => {
      const r = await withSession(app, tokenOf(m), 'GET', '/api/profiles/me');
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      return r.body;
    };
    // A save answers the own profile through the response schema's serializer; the GET right after, from the
    // answer made for the rows the save left (on both instances once they have heard): the same bytes.
    const saved = await put(other, m.client, '/api/profiles/me/sections/basics', {
      slogan: 'Robots that listen',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profile.pendingChanges).toEqual({ slogan: 'Robots that listen' });
    expect(await ownOn(other)).toBe(saved.body);
    await expect.poll(() => ownOn(t.app)).toBe(saved.body);
    expect(await ownOn(t.app)).toBe(saved.body);

    // A change made on this instance: its own answer at once, the other's once it hears.
    const again = await put(t.app, m.client, '/api/profiles/me/sections/basics', {
      slogan: 'Robots that fetch',
    });
    expect(again.statusCode).toBe(200);
    expect(await ownOn(t.app)).toBe(again.body);
    await expect.poll(() => ownOn(other)).toBe(again.body);
  });

  it('answers the session from the kept rows as the serializer does, for each annual-confirmation flag', async () => {
    const m = await member(t, 'company');
    await keptOnBoth(m);
    // `Maybe later` answers the user through the response schema's serializer; the session right after, from the
    // answer made for the rows and flag its lookup holds: the same bytes, on both instances once they have heard.
    const later = await withSession(t.app, tokenOf(m), 'POST', '/api/auth/session/annual-confirmation-later');
    expect(later.statusCode).toBe(200);
    expect(later.json().user.annualConfirmationPostponed).toBe(true);
    const sessionOn = async (app: App) => {
      const r = await withSession(app, tokenOf(m));
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      return r.body;
    };
    expect(await sessionOn(t.app)).toBe(later.body);
    await expect.poll(() => sessionOn(other)).toBe(later.body);
    // One answer per flag for the same rows.
    const { user, member: rows } = (await t.app.services.auth.resolveSession(tokenOf(m)))!;
    const postponed = (flag: boolean) =>
      JSON.parse(t.app.services.auth.sessionAnswer(user, rows, flag)!).user.annualConfirmationPostponed;
    expect(postponed(false)).toBe(false);
    expect(postponed(true)).toBe(true);
    expect(postponed(false)).toBe(false);
  });

  it('keeps an own-profile answer for the same rows until a published company’s yearly confirmation falls due', async () => {
    const m = await member(t, 'company');
    const day = 86_400_000;
    const updatedAt = Date.now() - 10 * day;
    await t.database.db
      .update(companies)
      .set({ updatedAt: new Date(updatedAt) })
      .where(eq(companies.id, m.id));
    const rows = (await t.app.services.auth.resolveSession(tokenOf(m)))!.member!;
    const answerAt = (at: number) => JSON.parse(t.app.services.profiles.ownAnswer(rows, at)!).profile;
    const first = t.app.services.profiles.ownAnswer(rows, updatedAt + 11 * day);
    // Kept for these rows, not made again (the cache never changes rows in place: it holds new ones).
    const slogan = JSON.parse(first!).profile.data.slogan;
    (rows.company as { slogan: string | null }).slogan = 'Changed in place';
    expect(t.app.services.profiles.ownAnswer(rows, updatedAt + 300 * day)).toBe(first);
    expect(answerAt(updatedAt + 300 * day).data.slogan).toBe(slogan);
    expect(answerAt(updatedAt + 300 * day).needsAnnualConfirmation).toBe(false);
    // From 364 days on it is made again on each call: not due yet, then due once the year has passed.
    expect(answerAt(updatedAt + 364.5 * day).needsAnnualConfirmation).toBe(false);
    expect(answerAt(updatedAt + 366 * day).needsAnnualConfirmation).toBe(true);
  });

  it('signing out ends the session on this instance at once, and on the other when it hears', async () => {
    const m = await member(t, 'expert');
    await keptOnBoth(m);
    const token = tokenOf(m);
    expect((await m.client.post('/api/auth/sign-out')).statusCode).toBe(200);
    expect(await userOn(t.app, token)).toBeNull();
    await expect.poll(() => userOn(other, token)).toBeNull();
  });

  it("signing out everywhere ends every session of the member on both instances, and no one else's", async () => {
    const m = await member(t, 'expert');
    const bystander = await member(t, 'company');
    const second = await signIn(other, m.email, m.password);
    expect(second.response.statusCode).toBe(200);
    const tokens = [tokenOf(m), tokenOf(second)];
    await keptOnBoth(m);
    await keptOnBoth(bystander);
    const done = await m.client.post('/api/auth/sign-out-everywhere');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: accountTexts.signedOutEverywhere });
    // This browser's cookie is cleared; every session ends here at once, and on the other instance once it hears.
    expect(m.client.cookies.has('intergen_session')).toBe(false);
    for (const token of tokens) {
      expect(await userOn(t.app, token)).toBeNull();
      await expect.poll(() => userOn(other, token)).toBeNull();
    }
    expect(await userOn(other, tokenOf(bystander))).toBe(bystander.id);
    expect(await userOn(t.app, tokenOf(bystander))).toBe(bystander.id);
  });

  it('refuses to sign out everywhere without a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out-everywhere',
      headers: { origin: 'http://intergen.test' },
      payload: {},
    });
    expect(response.statusCode).toBe(401);
  });

  it('a password changed on the other instance ends the other sessions on both', async () => {
    const m = await member(t, 'expert');
    const second = await signIn(other, m.email, m.password);
    expect(second.response.statusCode).toBe(200);
    await keptOnBoth(m);
    const changed = await second.client.post('/api/auth/password/change', {
      currentPassword: m.password,
      newPassword: 'a-new-secret-9',
      confirmPassword: 'a-new-secret-9',
    });
    expect(changed.statusCode).toBe(200);
    expect(await userOn(other, tokenOf(m))).toBeNull();
    await expect.poll(() => userOn(t.app, tokenOf(m))).toBeNull();
  });

  it('disabling the account signs the member out on both instances', async () => {
    const m = await member(t, 'company');
    await keptOnBoth(m);
    const token = tokenOf(m);
    const disabled = await withSession(other, token, 'POST', '/api/profiles/me/disable');
    expect(disabled.statusCode).toBe(400); // needs a reason: nothing changed, still signed in
    expect(await userOn(other, token)).toBe(m.id);
    expect((await m.client.post('/api/profiles/me/disable', { reasons: [], text: 'bye' })).statusCode).toBe(
      200,
    );
    expect(await userOn(t.app, token)).toBeNull();
    await expect.poll(() => userOn(other, token)).toBeNull();
  });

  it.each(['deactivate', 'unpublish'])(
    'an admin’s %s signs the member out on both instances',
    async (action) => {
      const m = await member(t, 'expert');
      await keptOnBoth(m);
      const done = await admin.client.post(`/api/admin/profiles/${m.id}/${action}`, {
        reason: 'by the team',
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(await userOn(t.app, tokenOf(m))).toBeNull();
      await expect.poll(() => userOn(other, tokenOf(m))).toBeNull();
    },
  );

  it('an admin’s deletion signs the member out on both instances', async () => {
    const m = await member(t, 'company');
    await keptOnBoth(m);
    expect((await adminDelete(admin, m.id, m.email)).statusCode).toBe(200);
    expect(await userOn(t.app, tokenOf(m))).toBeNull();
    await expect.poll(() => userOn(other, tokenOf(m))).toBeNull();
  });

  it('a pause shows in the session at once here, and on the other instance when it hears', async () => {
    const m = await member(t, 'company');
    await keptOnBoth(m);
    const statusOn = async (app: App) => (await withSession(app, tokenOf(m))).json().user.profile.status;
    expect(await statusOn(other)).toBe('published');
    expect(
      (await m.client.post('/api/profiles/me/pause', { reason: 'other', text: 'a break' })).statusCode,
    ).toBe(200);
    expect(await statusOn(t.app)).toBe('paused');
    await expect.poll(() => statusOn(other)).toBe('paused');
  });

  it('changes made by hand in the database reach both instances: a role, a lost login, an expiry', async () => {
    const m = await member(t, 'expert');
    await keptOnBoth(m);
    const isAdminOn = async (app: App) => (await withSession(app, tokenOf(m))).json().user?.isAdmin;
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, m.id));
    await expect.poll(() => isAdminOn(t.app)).toBe(true);
    await expect.poll(() => isAdminOn(other)).toBe(true);
    await t.database.db.update(users).set({ loginRemovedAt: new Date() }).where(eq(users.id, m.id));
    await expect.poll(() => userOn(t.app, tokenOf(m))).toBeNull();
    await expect.poll(() => userOn(other, tokenOf(m))).toBeNull();

    const n = await member(t, 'company');
    await keptOnBoth(n);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, n.id));
    await expect.poll(() => userOn(t.app, tokenOf(n))).toBeNull();
    await expect.poll(() => userOn(other, tokenOf(n))).toBeNull();
  });
});

/** The cache alone, on a database stand-in whose listener the test drives. */
describe('the session cache’s own rules', () => {
  function fakeDatabase(opts: { barriersComeBack?: boolean } = {}) {
    let deliver: (payload: string) => void = () => {};
    let options: ListenOptions = {};
    let resolveListen: () => void = () => {};
    const database = {
      listen: (_channel: string, onMessage: (payload: string) => void, o: ListenOptions = {}) => {
        deliver = onMessage;
        options = o;
        return new Promise((resolve) => {
          resolveListen = () => resolve(async () => {});
        });
      },
      query: async (_text: string, params: unknown[]) => {
        // A barrier comes back through the listener, after what was sent before it.
        if (opts.barriersComeBack !== false) setImmediate(() => deliver(String(params[1])));
        return [];
      },
    } as unknown as Database;
    return {
      database,
      up: async () => {
        resolveListen();
        await new Promise((resolve) => setImmediate(resolve));
      },
      hear: (payload: string) => deliver(payload),
      lose: () => options.onError?.(new Error('lost')),
      back: () => options.onReconnect?.(),
    };
  }
  const session = (userId: string, expiresInMs = 60_000, seenAgoMs = 0): CachedSession => ({
    user: { id: userId } as CachedSession['user'],
    member: {} as CachedSession['member'],
    annualConfirmationPostponed: false,
    lastSeenAt: new Date(Date.now() - seenAgoMs),
    expiresAt: new Date(Date.now() + expiresInMs),
  });
  const day = 24 * 60 * 60 * 1000;

  it('keeps nothing until it listens, and drops everything when the listener is lost', async () => {
    const f = fakeDatabase();
    const cache = createSessionCache(f.database);
    cache.keep(cache.begin(), 's1', session('u1'));
    expect(cache.get('s1', day)).toBeNull();
    await f.up();
    cache.keep(cache.begin(), 's1', session('u1'));
    expect(cache.get('s1', day)?.user.id).toBe('u1');
    f.lose();
    expect(cache.get('s1', day)).toBeNull();
    cache.keep(cache.begin(), 's1', session('u1'));
    expect(cache.size).toBe(0);
    f.back();
    cache.keep(cache.begin(), 's1', session('u1'));
    expect(cache.get('s1', day)?.user.id).toBe('u1');
  });

  it('drops the sessions of the users a change names, or all of them', async () => {
    const f = fakeDatabase();
    const cache = createSessionCache(f.database);
    cache.begin(); // starts listening
    await f.up();
    for (const [s, u] of [
      ['s1', 'u1'],
      ['s2', 'u1'],
      ['s3', 'u2'],
      ['s4', 'u3'],
    ] as const) {
      cache.keep(cache.begin(), s, session(u));
    }
    f.hear('u1,u9');
    expect([cache.get('s1', day), cache.get('s2', day)]).toEqual([null, null]);
    expect(cache.get('s3', day)?.user.id).toBe('u2');
    f.hear('*');
    expect(cache.size).toBe(0);
  });

  it('does not keep a lookup that began before a change was heard', async () => {
    const f = fakeDatabase();
    const cache = createSessionCache(f.database);
    cache.begin(); // starts listening
    await f.up();
    const started = cache.begin();
    f.hear('u7');
    cache.keep(started, 's1', session('u1'));
    expect(cache.get('s1', day)).toBeNull();
  });

  it('answers no session past its expiry, due to slide it, or older than its bound', async () => {
    const f = fakeDatabase();
    let now = Date.now();
    const cache = createSessionCache(f.database, { maxAgeMs: 1000, now: () => now });
    cache.begin(); // starts listening
    await f.up();
    cache.keep(cache.begin(), 'expired', session('u1', -1));
    cache.keep(cache.begin(), 'to-slide', session('u2', 60_000, day + 60_000));
    cache.keep(cache.begin(), 'old', session('u3'));
    expect(cache.get('expired', day)).toBeNull();
    expect(cache.get('to-slide', day)).toBeNull();
    expect(cache.get('old', day)?.user.id).toBe('u3');
    now += 1001;
    expect(cache.get('old', day)).toBeNull();
  });

  it('holds at most its bound, dropping the oldest first', async () => {
    const f = fakeDatabase();
    const cache = createSessionCache(f.database, { maxEntries: 2 });
    cache.begin(); // starts listening
    await f.up();
    for (const s of ['s1', 's2', 's3']) cache.keep(cache.begin(), s, session(`u-${s}`));
    expect(cache.size).toBe(2);
    expect(cache.get('s1', day)).toBeNull();
    expect(cache.get('s3', day)?.user.id).toBe('u-s3');
  });

  it('settles once its barrier comes back, after what was announced before it', async () => {
    const f = fakeDatabase();
    const cache = createSessionCache(f.database);
    cache.begin(); // starts listening
    await f.up();
    cache.keep(cache.begin(), 's1', session('u1'));
    await cache.settle();
    expect(cache.get('s1', day)?.user.id).toBe('u1');
    // A barrier that never comes back: everything kept is dropped instead.
    const g = fakeDatabase({ barriersComeBack: false });
    const silent = createSessionCache(g.database, { settleTimeoutMs: 10 });
    silent.begin(); // starts listening
    await g.up();
    silent.keep(silent.begin(), 's1', session('u1'));
    expect(silent.size).toBe(1);
    await silent.settle();
    expect(silent.size).toBe(0);
  });
});
