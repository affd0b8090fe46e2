import { limits, messages } from '@intergen/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailVerificationCodes, experts, users } from '../src/db/schema.ts';
import { client, codeIn, type Engine, engines, signUp } from './helpers.ts';
import { useTestApp } from './suite.ts';

const VERIFY = '/api/auth/email-verification/verify';
const SEND = '/api/auth/email-verification/send';
const SUBJECT = 'Verify your InterGen e-mail address';

/** A code of the right shape that is not `code`. */
function wrongCode(code: string, n = 0): string {
  const alphabet = limits.verificationCodeAlphabet;
  const first = alphabet[(alphabet.indexOf(code[0]!) + 1 + n) % alphabet.length]!;
  return first + code.slice(1);
}

describe.each(engines)('e-mail verification on %s', (engine: Engine) => {
  const t = useTestApp(engine);

  /** A freshly signed-up member with the code of its sign-up mail. */
  async function member() {
    const m = await signUp(t.app);
    const [mail] = await t.mailTo(m.email);
    expect(mail?.subject).toBe(SUBJECT);
    return { ...m, code: codeIn(mail!.text) };
  }

  const incorrect = { error: { code: 'CODE_INCORRECT', message: messages.incorrectCode } };

  it('verifies the e-mail with the code from the sign-up mail, which then stops working', async () => {
    const { client: c, user, code } = await member();

    const response = await c.post(VERIFY, { code });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: user.id, emailVerified: true });
    expect((await c.get('/api/auth/session')).json().user).toMatchObject({ emailVerified: true });
    const [profile] = await t.database.db.select().from(experts).where(eq(experts.id, user.id));
    expect(profile?.hasEmailVerificationCode).toBe(false);
    expect(
      await t.database.db
        .select()
        .from(emailVerificationCodes)
        .where(eq(emailVerificationCodes.userId, user.id)),
    ).toHaveLength(0);

    // Were the address ever unverified again, the used code must not verify it.
    await t.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, user.id));
    const reused = await c.post(VERIFY, { code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toEqual({ code: 'CODE_EXPIRED', message: messages.verificationCodeVoid });
  });

  it('accepts the code typed in lower case', async () => {
    const { client: c, code } = await member();
    const response = await c.post(VERIFY, { code: code.toLowerCase() });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.emailVerified).toBe(true);
  });

  it('answers "Incomplete code" to fewer than 5 characters without counting it as a try', async () => {
    const { client: c, user, code } = await member();
    for (const partial of ['', 'AB', code.slice(0, 4), ' a b ']) {
      const response = await c.post(VERIFY, { code: partial });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'CODE_INCOMPLETE', message: messages.incompleteCode },
      });
    }
    const [row] = await t.database.db
      .select()
      .from(emailVerificationCodes)
      .where(eq(emailVerificationCodes.userId, user.id));
    expect(row?.attempts).toBe(0);

    for (let i = 0; i < limits.verificationCodeMaxAttempts - 1; i++) {
      expect((await c.post(VERIFY, { code: wrongCode(code, i) })).json()).toEqual(incorrect);
    }
    expect((await c.post(VERIFY, { code })).statusCode).toBe(200);
  });

  it('answers "Incorrect code" to a wrong code', async () => {
    const { client: c, code } = await member();
    const response = await c.post(VERIFY, { code: wrongCode(code) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(incorrect);
    expect((await c.get('/api/auth/session')).json().user.emailVerified).toBe(false);
  });

  it('voids the code after 5 wrong tries', async () => {
    const { client: c, code } = await member();
    for (let i = 0; i < limits.verificationCodeMaxAttempts; i++) {
      expect((await c.post(VERIFY, { code: wrongCode(code, i) })).json()).toEqual(incorrect);
    }
    const right = await c.post(VERIFY, { code });
    expect(right.statusCode).toBe(400);
    expect(right.json().error).toEqual({ code: 'CODE_EXPIRED', message: messages.verificationCodeVoid });
    expect((await c.get('/api/auth/session')).json().user.emailVerified).toBe(false);
  });

  it('counts concurrent wrong tries one by one, so 5 at once void the code', async () => {
    const { client: c, code } = await member();
    const tries = await Promise.all(
      Array.from({ length: limits.verificationCodeMaxAttempts }, (_, i) =>
        c.post(VERIFY, { code: wrongCode(code, i) }),
      ),
    );
    for (const r of tries) expect(r.json()).toEqual(incorrect);

    const right = await c.post(VERIFY, { code });
    expect(right.statusCode).toBe(400);
    expect(right.json().error).toEqual({ code: 'CODE_EXPIRED', message: messages.verificationCodeVoid });
  });

  it('mails a new code on request and voids the previous one', async () => {
    const { client: c, email, code: first } = await member();

    const sent = await c.post(SEND);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: messages.verificationCodeSent });
    const mails = (await t.mailTo(email)).filter((m) => m.subject === SUBJECT);
    expect(mails).toHaveLength(2);
    const second = codeIn(mails[0]!.text);

    if (second !== first) {
      const old = await c.post(VERIFY, { code: first });
      expect(old.statusCode).toBe(400);
      expect(old.json().error.message).toBe(messages.incorrectCode);
    }
    expect((await c.post(VERIFY, { code: second })).statusCode).toBe(200);
  });

  it('gives a fresh set of 5 tries with a new code', async () => {
    const { client: c, email, code } = await member();
    for (let i = 0; i < limits.verificationCodeMaxAttempts - 1; i++)
      await c.post(VERIFY, { code: wrongCode(code, i) });
    await c.post(SEND);
    const [mail] = (await t.mailTo(email)).filter((m) => m.subject === SUBJECT);
    const fresh = codeIn(mail!.text);
    expect((await c.post(VERIFY, { code: wrongCode(fresh) })).json()).toEqual(incorrect);
    expect((await c.post(VERIFY, { code: fresh })).statusCode).toBe(200);
  });

  it('refuses an expired code with a message that says so', async () => {
    const { client: c, user, code } = await member();
    await t.database.db
      .update(emailVerificationCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailVerificationCodes.userId, user.id));

    const response = await c.post(VERIFY, { code });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'CODE_EXPIRED',
      message: messages.verificationCodeExpired,
    });
    expect((await c.get('/api/auth/session')).json().user.emailVerified).toBe(false);
    // One new code, and the member is verified.
    expect((await c.post(SEND)).statusCode).toBe(200);
    const [fresh] = (await t.mailTo(user.email)).filter((m) => m.subject === SUBJECT);
    expect((await c.post(VERIFY, { code: codeIn(fresh!.text) })).statusCode).toBe(200);
  });

  it('refuses to send a code to a user who is already verified', async () => {
    const { client: c, email, code } = await member();
    expect((await c.post(VERIFY, { code })).statusCode).toBe(200);
    const before = (await t.mailTo(email)).length;

    const response = await c.post(SEND);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'ALREADY_VERIFIED', message: messages.emailAlreadyVerified },
    });
    expect(await t.mailTo(email)).toHaveLength(before);
  });

  it('answers 401 to a browser that is not signed in', async () => {
    const anonymous = client(t.app);
    expect((await anonymous.post(VERIFY, { code: 'ABCDE' })).statusCode).toBe(401);
    expect((await anonymous.post(SEND)).statusCode).toBe(401);
  });
});
