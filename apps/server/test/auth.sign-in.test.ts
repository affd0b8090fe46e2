import { limits, messages } from '@intergen/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { experts, sessions, users } from '../src/db/schema.ts';
import {
  client,
  type Engine,
  engines,
  sessionCookieOf,
  signIn,
  signUp,
  uniqueEmail,
  withSession,
} from './helpers.ts';
import { useTestApp } from './suite.ts';

const PASSWORD = 'correct-horse-7';

/** The Set-Cookie header of the session cookie, as the browser receives it. */
function sessionSetCookie(response: { headers: Record<string, unknown> }): string {
  const raw = response.headers['set-cookie'];
  const all = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string');
  const header = all.find((h) => h.startsWith('intergen_session='));
  if (!header) throw new Error(`no session cookie in ${JSON.stringify(all)}`);
  return header;
}

const attributes = (header: string) =>
  header
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase());

describe.each(engines)('sign-in on %s', (engine: Engine) => {
  const t = useTestApp(engine);

  it('signs in whatever the case of the e-mail and the spaces around it', async () => {
    const email = uniqueEmail();
    const { user } = await signUp(t.app, { email, password: PASSWORD });
    const { client: c, response } = await signIn(t.app, `  ${email.toUpperCase()} `, PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: user.id, email });
    expect((await c.get('/api/auth/session')).json().user).toMatchObject({ id: user.id });
  });

  it('answers a wrong password and an unknown e-mail with the same 401 and sets no cookie', async () => {
    const email = uniqueEmail();
    await signUp(t.app, { email, password: PASSWORD });
    const wrong = await signIn(t.app, email, 'not-the-password');
    const unknown = await signIn(t.app, uniqueEmail('nobody'), PASSWORD);
    for (const { response } of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'INVALID_CREDENTIALS', message: messages.invalidCredentials },
      });
      expect(sessionCookieOf(response)).toBeUndefined();
    }
  });

  it('refuses a deactivated profile with the spec message and ends its open session at once', async () => {
    const { client: c, user } = await signUp(t.app, { password: PASSWORD });
    expect((await c.get('/api/auth/session')).json().user).toMatchObject({ id: user.id });

    await t.database.db.update(experts).set({ deactivatedDate: new Date() }).where(eq(experts.id, user.id));

    expect((await c.get('/api/auth/session')).json()).toEqual({ user: null });
    const { response } = await signIn(t.app, user.email, PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { code: 'ACCOUNT_DEACTIVATED', message: messages.accountDeactivated },
    });
    expect(sessionCookieOf(response)).toBeUndefined();
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('rotates the session: signing in from a browser that held a cookie invalidates the old token', async () => {
    const { client: c, user, email } = await signUp(t.app, { password: PASSWORD });
    const oldToken = c.cookies.get('intergen_session')!;
    expect(oldToken).toBeTruthy();

    const again = await c.post('/api/auth/sign-in', { email, password: PASSWORD });
    expect(again.statusCode).toBe(200);
    const newToken = c.cookies.get('intergen_session')!;
    expect(newToken).toBeTruthy();
    expect(newToken).not.toBe(oldToken);

    expect((await withSession(t.app, oldToken)).json()).toEqual({ user: null });
    expect((await withSession(t.app, newToken)).json().user).toMatchObject({ id: user.id });
  });

  it('destroys the session on the server when signing out, so a replayed cookie is worthless', async () => {
    const { client: c } = await signUp(t.app, { password: PASSWORD });
    const token = c.cookies.get('intergen_session')!;

    const out = await c.post('/api/auth/sign-out');
    expect(out.statusCode).toBe(200);
    expect(c.cookies.has('intergen_session')).toBe(false);
    expect((await c.get('/api/auth/session')).json()).toEqual({ user: null });
    expect((await withSession(t.app, token)).json()).toEqual({ user: null });
  });

  it('sets an HttpOnly, SameSite=Lax cookie on path / that lasts 30 days, not Secure over http', async () => {
    const email = uniqueEmail();
    await signUp(t.app, { email, password: PASSWORD });
    const { response } = await signIn(t.app, email, PASSWORD);
    const attrs = attributes(sessionSetCookie(response));
    expect(attrs).toContain('httponly');
    expect(attrs).toContain('samesite=lax');
    expect(attrs).toContain('path=/');
    expect(attrs).not.toContain('secure');
    expect(attrs).toContain(`max-age=${limits.sessionTtlMs / 1000}`);
  });

  it('keeps the session on the server for 30 days', async () => {
    const { user } = await signUp(t.app, { password: PASSWORD });
    const before = Date.now();
    await signIn(t.app, user.email, PASSWORD);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const latest = Math.max(...rows.map((r) => r.expiresAt.getTime()));
    expect(latest).toBeGreaterThanOrEqual(before + limits.sessionTtlMs - 5_000);
    expect(latest).toBeLessThanOrEqual(Date.now() + limits.sessionTtlMs + 5_000);
  });

  it('treats a session past its expiry as signed out', async () => {
    const { client: c, user } = await signUp(t.app, { password: PASSWORD });
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, user.id));
    expect((await c.get('/api/auth/session')).json()).toEqual({ user: null });
  });

  it('extends a session that is still in use a day later', async () => {
    const { client: c, user } = await signUp(t.app, { password: PASSWORD });
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '2 days'`, expiresAt: sql`now() + interval '1 hour'` })
      .where(eq(sessions.userId, user.id));

    expect((await c.get('/api/auth/session')).json().user).toMatchObject({ id: user.id });
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + limits.sessionTtlMs - 60_000);
  });

  it('refuses a user whose login was removed and ends their sessions', async () => {
    const { client: c, user } = await signUp(t.app, { password: PASSWORD });
    const second = await signIn(t.app, user.email, PASSWORD);
    expect(second.response.statusCode).toBe(200);

    await t.database.db.update(users).set({ loginRemovedAt: new Date() }).where(eq(users.id, user.id));

    expect((await c.get('/api/auth/session')).json()).toEqual({ user: null });
    expect((await second.client.get('/api/auth/session')).json()).toEqual({ user: null });
    const { response } = await signIn(t.app, user.email, PASSWORD);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'INVALID_CREDENTIALS', message: messages.invalidCredentials },
    });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('refuses a sign-in with an empty e-mail or password with the fill-in message', async () => {
    const response = await client(t.app).post('/api/auth/sign-in', { email: '', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(messages.allFieldsRequired);
  });
});

describe.each(engines)('sign-in behind https on %s', (engine: Engine) => {
  const HTTPS = 'https://intergen.test';
  const t = useTestApp(engine, { APP_URL: HTTPS });

  it('marks the session cookie Secure when the site is served over https', async () => {
    const c = client(t.app);
    const email = uniqueEmail();
    const up = await c.post(
      '/api/auth/sign-up',
      { name: 'Ada Lovelace', email, password: PASSWORD, profileType: 'company' },
      { origin: HTTPS },
    );
    expect(up.statusCode).toBe(201);
    const response = await client(t.app).post(
      '/api/auth/sign-in',
      { email, password: PASSWORD },
      { origin: HTTPS },
    );
    expect(response.statusCode).toBe(200);
    const attrs = attributes(sessionSetCookie(response));
    expect(attrs).toContain('secure');
    expect(attrs).toContain('httponly');
    expect(attrs).toContain('samesite=lax');
    expect(attrs).toContain('path=/');
  });
});
