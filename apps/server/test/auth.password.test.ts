import { messages } from '@intergen/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authTokens } from '../src/db/schema.ts';
import {
  APP_URL,
  client,
  type Engine,
  engines,
  linkIn,
  signIn,
  signUp,
  tokenOf,
  uniqueEmail,
} from './helpers.ts';
import { useTestApp } from './suite.ts';

const PASSWORD = 'correct-horse-7';
const RESET_SUBJECT = 'Reset your InterGen password';

describe.each(engines)('password reset and change on %s', (engine: Engine) => {
  const t = useTestApp(engine);

  const forgot = (email: string) => client(t.app).post('/api/auth/password/forgot', { email });
  const reset = (token: string, password: string) =>
    client(t.app).post('/api/auth/password/reset', { token, password });

  /** Asks for a reset link for `email` and returns the token of the newest reset mail. */
  async function resetToken(email: string): Promise<string> {
    const response = await forgot(email);
    expect(response.statusCode).toBe(200);
    const mail = (await t.mailTo(email)).find((m) => m.subject === RESET_SUBJECT);
    if (!mail) throw new Error(`no reset mail to ${email}`);
    return tokenOf(linkIn(mail.text, '/reset-password?token='));
  }

  it('answers the spec success message for known and unknown e-mails, and mails only the known one', async () => {
    const { email } = await signUp(t.app, { password: PASSWORD });
    const stranger = uniqueEmail('stranger');

    const known = await forgot(email.toUpperCase());
    const unknown = await forgot(stranger);
    for (const response of [known, unknown]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: messages.resetSuccess });
    }

    const mails = (await t.mailTo(email)).filter((m) => m.subject === RESET_SUBJECT);
    expect(mails).toHaveLength(1);
    expect(linkIn(mails[0]!.text, '/reset-password?token=')).toMatch(
      new RegExp(`^${APP_URL}/reset-password\\?token=[A-Za-z0-9_-]{43}$`),
    );
    expect(await t.mailTo(stranger)).toEqual([]);
  });

  it('sets the new password with the mailed token and ends every existing session', async () => {
    const { client: c, email } = await signUp(t.app, { password: PASSWORD });
    const other = await signIn(t.app, email, PASSWORD);
    const token = await resetToken(email);

    const response = await reset(token, 'brand-new-secret-1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.passwordResetDone });

    expect((await c.get('/api/auth/session')).json()).toEqual({ user: null });
    expect((await other.client.get('/api/auth/session')).json()).toEqual({ user: null });
    expect((await signIn(t.app, email, PASSWORD)).response.statusCode).toBe(401);
    expect((await signIn(t.app, email, 'brand-new-secret-1')).response.statusCode).toBe(200);
  });

  it('accepts a reset token once only', async () => {
    const { email } = await signUp(t.app, { password: PASSWORD });
    const token = await resetToken(email);
    expect((await reset(token, 'first-new-secret-1')).statusCode).toBe(200);

    const second = await reset(token, 'second-new-secret-2');
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ error: { code: 'TOKEN_INVALID', message: messages.resetLinkInvalid } });
    expect((await signIn(t.app, email, 'first-new-secret-1')).response.statusCode).toBe(200);
    expect((await signIn(t.app, email, 'second-new-secret-2')).response.statusCode).toBe(401);
  });

  it('lets exactly one of 10 concurrent resets with the same token through, and its password wins', async () => {
    const { email } = await signUp(t.app, { password: PASSWORD });
    const token = await resetToken(email);
    const passwords = Array.from({ length: 10 }, (_, i) => `concurrent-secret-${i}`);

    const responses = await Promise.all(passwords.map((p) => reset(token, p)));
    const winners = responses.flatMap((r, i) => (r.statusCode === 200 ? [passwords[i]!] : []));
    expect(winners).toHaveLength(1);
    for (const r of responses.filter((r) => r.statusCode !== 200)) {
      expect(r.statusCode).toBe(400);
      expect(r.json().error.code).toBe('TOKEN_INVALID');
    }
    expect((await signIn(t.app, email, winners[0]!)).response.statusCode).toBe(200);
  });

  it('refuses an expired reset token and keeps the old password', async () => {
    const { user, email } = await signUp(t.app, { password: PASSWORD });
    const token = await resetToken(email);
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(authTokens.userId, user.id));

    const response = await reset(token, 'too-late-secret-1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'TOKEN_INVALID', message: messages.resetLinkInvalid } });
    expect((await signIn(t.app, email, PASSWORD)).response.statusCode).toBe(200);
  });

  it('refuses a weak new password with the domain message without burning the token', async () => {
    const { email } = await signUp(t.app, { password: PASSWORD });
    const token = await resetToken(email);

    const weak = await reset(token, 'abc');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toMatchObject({ code: 'PASSWORD_WEAK', message: messages.passwordTooShort });
    const common = await reset(token, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json().error).toMatchObject({ code: 'PASSWORD_WEAK', message: messages.passwordTooCommon });

    expect((await reset(token, 'strong-enough-1')).statusCode).toBe(200);
    expect((await signIn(t.app, email, 'strong-enough-1')).response.statusCode).toBe(200);
  });

  it('voids the first reset link when a second one is requested', async () => {
    const { email } = await signUp(t.app, { password: PASSWORD });
    const first = await resetToken(email);
    const second = await resetToken(email);
    expect(second).not.toBe(first);

    const stale = await reset(first, 'from-first-link-1');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error).toEqual({ code: 'TOKEN_INVALID', message: messages.resetLinkInvalid });
    expect((await reset(second, 'from-second-link-2')).statusCode).toBe(200);
  });

  describe('change password', () => {
    /** Asks to change the password from `currentPassword` to `newPassword`, confirmed as `confirmPassword`. */
    const change = (
      c: ReturnType<typeof client>,
      currentPassword: string,
      newPassword: string,
      confirmPassword = newPassword,
    ) => c.post('/api/auth/password/change', { currentPassword, newPassword, confirmPassword });

    it('refuses a confirmation that differs with "Passwords do not match!"', async () => {
      const { client: c } = await signUp(t.app, { password: PASSWORD });
      const response = await change(c, PASSWORD, 'new-secret-one-1', 'new-secret-two-2');
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'PASSWORD_MISMATCH',
        message: messages.passwordsDoNotMatch,
        details: [{ path: 'confirmPassword', message: messages.passwordsDoNotMatch }],
      });
    });

    it('refuses a wrong current password and keeps the old one', async () => {
      const { client: c, email } = await signUp(t.app, { password: PASSWORD });
      const response = await change(c, 'not-my-password', 'new-secret-one-1');
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'CURRENT_PASSWORD_WRONG',
        message: messages.currentPasswordWrong,
      });
      expect((await signIn(t.app, email, PASSWORD)).response.statusCode).toBe(200);
      expect((await signIn(t.app, email, 'new-secret-one-1')).response.statusCode).toBe(401);
    });

    it('refuses a weak new password with the domain message', async () => {
      const { client: c } = await signUp(t.app, { password: PASSWORD });
      const response = await change(c, PASSWORD, 'abc');
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'PASSWORD_WEAK',
        message: messages.passwordTooShort,
      });
    });

    it('changes the password, ends the other sessions and keeps this browser signed in', async () => {
      const { client: c, email, user } = await signUp(t.app, { password: PASSWORD });
      const elsewhere = await signIn(t.app, email, PASSWORD);
      expect((await elsewhere.client.get('/api/auth/session')).json().user).toMatchObject({ id: user.id });

      const response = await change(c, PASSWORD, 'changed-secret-1');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: messages.passwordChanged });

      expect((await c.get('/api/auth/session')).json().user).toMatchObject({ id: user.id });
      expect((await elsewhere.client.get('/api/auth/session')).json()).toEqual({ user: null });
      expect((await signIn(t.app, email, PASSWORD)).response.statusCode).toBe(401);
      expect((await signIn(t.app, email, 'changed-secret-1')).response.statusCode).toBe(200);
    });

    it('answers 401 to a browser that is not signed in', async () => {
      const response = await change(client(t.app), PASSWORD, 'changed-secret-1');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: messages.notSignedIn } });
    });
  });
});
