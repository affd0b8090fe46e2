import { messages } from '@intergen/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authTokens, experts } from '../src/db/schema.ts';
import {
  APP_URL,
  client,
  codeIn,
  type Engine,
  engines,
  linkIn,
  sessionCookieOf,
  signIn,
  signUp,
  tokenOf,
  uniqueEmail,
  withSession,
} from './helpers.ts';
import { useTestApp } from './suite.ts';

const PASSWORD = 'correct-horse-7';
const LINK_SUBJECT = 'Your InterGen sign-in link';

describe.each(engines)('one-time sign-in links on %s', (engine: Engine) => {
  const t = useTestApp(engine);

  const request = (email: string, redirect?: string) =>
    client(t.app).post('/api/auth/one-time-link', { email, ...(redirect ? { redirect } : {}) });
  const consume = (token: string, c = client(t.app)) => c.post('/api/auth/one-time-link/consume', { token });
  const forDeal = (body: Record<string, unknown>) =>
    client(t.app).post('/api/auth/one-time-link/for-deal', body);

  async function linkMails(email: string) {
    return (await t.mailTo(email)).filter((m) => m.subject === LINK_SUBJECT);
  }

  /** Requests a link for `email` and returns the token of the newest link mail. */
  async function linkToken(email: string, redirect?: string): Promise<string> {
    expect((await request(email, redirect)).statusCode).toBe(200);
    const [mail] = await linkMails(email);
    if (!mail) throw new Error(`no sign-in link mailed to ${email}`);
    return tokenOf(linkIn(mail.text, '/login-options?token='));
  }

  it('mails a /login-options link for a known e-mail, nothing for an unknown one, and answers the same', async () => {
    const { email } = await signUp(t.app, { password: PASSWORD });
    const stranger = uniqueEmail('stranger');

    const known = await request(email.toUpperCase());
    const unknown = await request(stranger);
    for (const response of [known, unknown]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: messages.oneTimeLinkSent });
    }

    const mails = await linkMails(email);
    expect(mails).toHaveLength(1);
    expect(linkIn(mails[0]!.text, '/login-options?token=')).toMatch(
      new RegExp(`^${APP_URL}/login-options\\?token=[A-Za-z0-9_-]{43}$`),
    );
    expect(await t.mailTo(stranger)).toEqual([]);
  });

  it('does not consume the link when its page is opened with GET (mail scanners)', async () => {
    const { email, user } = await signUp(t.app, { password: PASSWORD });
    const token = await linkToken(email);

    const opened = await t.app.inject({ method: 'GET', url: `/login-options?token=${token}` });
    expect(opened.statusCode).toBeLessThan(500);
    expect(sessionCookieOf(opened)).toBeUndefined();

    const response = await consume(token);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: user.id });
  });

  it('signs in with a session cookie and returns the redirect given when the link was requested', async () => {
    const { email, user } = await signUp(t.app, { password: PASSWORD, profileType: 'company' });
    const token = await linkToken(email, '/my-network');

    const c = client(t.app);
    const response = await consume(token, c);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user: { id: user.id, kind: 'company' },
      redirect: '/my-network',
    });
    const cookie = sessionCookieOf(response);
    expect(cookie).toBeTruthy();
    expect((await withSession(t.app, cookie!)).json().user).toMatchObject({ id: user.id });
    expect((await c.get('/api/auth/session')).json().user).toMatchObject({ id: user.id });
  });

  it('returns a null redirect when none was given', async () => {
    const { email } = await signUp(t.app, { password: PASSWORD });
    const response = await consume(await linkToken(email));
    expect(response.statusCode).toBe(200);
    expect(response.json().redirect).toBeNull();
  });

  it('works once only', async () => {
    const { email } = await signUp(t.app, { password: PASSWORD });
    const token = await linkToken(email);
    expect((await consume(token)).statusCode).toBe(200);

    const again = await consume(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: { code: 'TOKEN_INVALID', message: messages.oneTimeLinkInvalid } });
    expect(sessionCookieOf(again)).toBeUndefined();
  });

  it('lets exactly one of 10 concurrent consumes of the same link sign in', async () => {
    const { email } = await signUp(t.app, { password: PASSWORD });
    const token = await linkToken(email);

    const responses = await Promise.all(Array.from({ length: 10 }, () => consume(token)));
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, ...Array(9).fill(400)]);
    expect(responses.filter((r) => sessionCookieOf(r))).toHaveLength(1);
  });

  it('refuses an expired link', async () => {
    const { email, user } = await signUp(t.app, { password: PASSWORD });
    const token = await linkToken(email);
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.userId, user.id));

    const response = await consume(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'TOKEN_INVALID', message: messages.oneTimeLinkInvalid },
    });
  });

  it('leaves the password of an unverified user working after a one-time sign-in', async () => {
    const { email } = await signUp(t.app, { password: PASSWORD });
    expect((await consume(await linkToken(email))).statusCode).toBe(200);

    const { response } = await signIn(t.app, email, PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.emailVerified).toBe(false);
  });

  it('leaves the password of a verified user working after a one-time sign-in', async () => {
    const { client: c, email } = await signUp(t.app, { password: PASSWORD });
    const [verification] = await t.mailTo(email);
    const verified = await c.post('/api/auth/email-verification/verify', {
      code: codeIn(verification!.text),
    });
    expect(verified.json().user.emailVerified).toBe(true);

    expect((await consume(await linkToken(email))).statusCode).toBe(200);

    const { response } = await signIn(t.app, email, PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.emailVerified).toBe(true);
  });

  it('does not let a deactivated user sign in with a link mailed before, nor mail a new one', async () => {
    const { email, user } = await signUp(t.app, { password: PASSWORD });
    const token = await linkToken(email);
    await t.database.db.update(experts).set({ deactivatedDate: new Date() }).where(eq(experts.id, user.id));

    const response = await consume(token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { code: 'ACCOUNT_DEACTIVATED', message: messages.accountDeactivated },
    });
    expect(sessionCookieOf(response)).toBeUndefined();

    const before = (await linkMails(email)).length;
    const again = await request(email);
    expect(again.json()).toEqual({ message: messages.oneTimeLinkSent });
    expect(await linkMails(email)).toHaveLength(before);
  });

  describe('for a CRM deal link', () => {
    it.each([
      ['no e-mail', { login: 'u1', deal: 'd1' }],
      ['no login', { email: 'a@example.com', deal: 'd1' }],
      ['no deal', { email: 'a@example.com', login: 'u1' }],
      ['an e-mail of "null"', { email: 'null', login: 'u1', deal: 'd1' }],
      ['a login of "null"', { email: 'a@example.com', login: 'null', deal: 'd1' }],
      ['a deal of "null"', { email: 'a@example.com', login: 'u1', deal: 'null' }],
      ['a blank e-mail', { email: '  ', login: 'u1', deal: 'd1' }],
    ])('refuses %s with the missing-data message', async (_case, body) => {
      const response = await forDeal(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'LINK_DATA_MISSING', message: messages.oneTimeLinkMissingData },
      });
    });

    it('mails a link that signs in and carries the redirect when login and e-mail match', async () => {
      const { email, user } = await signUp(t.app, { password: PASSWORD, profileType: 'company' });
      const response = await forDeal({
        email: email.toUpperCase(),
        login: user.id,
        deal: 'deal-42',
        redirect: '/dashboard',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: messages.oneTimeLinkSent });

      const [mail] = await linkMails(email);
      expect(mail).toBeDefined();
      const token = tokenOf(linkIn(mail!.text, '/login-options?token='));
      const [row] = await t.database.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
      expect(row).toMatchObject({ purpose: 'one_time_login', dealId: 'deal-42', redirect: '/dashboard' });

      const signedIn = await consume(token);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json()).toMatchObject({ user: { id: user.id }, redirect: '/dashboard' });
    });

    it('mails nothing when the e-mail is not the member the link names, with the same answer', async () => {
      const member = await signUp(t.app, { password: PASSWORD });
      const other = await signUp(t.app, { password: PASSWORD });
      const response = await forDeal({ email: other.email, login: member.user.id, deal: 'deal-7' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: messages.oneTimeLinkSent });

      expect(await linkMails(member.email)).toEqual([]);
      expect(await linkMails(other.email)).toEqual([]);
    });

    it('mails nothing for a login that does not exist, with the same answer', async () => {
      const { email } = await signUp(t.app, { password: PASSWORD });
      const response = await forDeal({ email, login: 'no-such-user', deal: 'deal-8' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: messages.oneTimeLinkSent });
      expect(await linkMails(email)).toEqual([]);
    });
  });
});
