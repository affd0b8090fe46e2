import { crmErrors, limits, messages } from '@intergen/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailVerificationCodes, users } from '../src/db/schema.ts';
import { member as publishedMember } from './connections.support.ts';
import { proxyCall } from './crm.support.ts';
import { type Client, fill, type Member, signUpMember } from './factories.ts';
import { codeIn, type Engine, engines } from './helpers.ts';
import { useAdmin, useTestApp } from './suite.ts';

const serviceToken = 'a-service-credential-of-32-chars!';
const CODE = '/hubspot/contact/emailVerificationCode';
const VERIFY = '/hubspot/contact/verifyEmail';
const SUBJECT = 'Verify your InterGen e-mail address';

type Answer = { statusCode: number; json: () => { error: { code: string; message: string } } };
const refused = (r: Answer) => [r.statusCode, r.json().error];

/** A code of the right shape that is not `code`. */
function wrongCode(code: string, n = 0): string {
  const alphabet = limits.verificationCodeAlphabet;
  return alphabet[(alphabet.indexOf(code[0]!) + 1 + n) % alphabet.length]! + code.slice(1);
}

/**
 * The proxy's e-mail verification calls (spec 001 §7: `/hubspot/contact/emailVerificationCode` and
 * `/hubspot/contact/verifyEmail`) on top of the auth module's codes: a member about their own account, a service
 * or an admin for a member named by e-mail.
 */
describe.each(engines)('the CRM proxy’s e-mail verification on %s', (engine: Engine) => {
  const t = useTestApp(engine, { CRM_SERVICE_TOKEN: serviceToken });
  const admin = useAdmin(t);

  const service = (path: string, body: unknown, token = serviceToken) => proxyCall(t.app, token, path, body);
  /** The verification mails to `m`, newest first. */
  const mails = async (m: Pick<Member, 'email'>) =>
    (await t.mailTo(m.email)).filter((mail) => mail.subject === SUBJECT);
  /** The code of the newest verification mail to `m`. */
  const newestCode = async (m: Pick<Member, 'email'>) => codeIn((await mails(m))[0]!.text);
  const isVerified = async (id: string) =>
    (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!.emailVerified;
  const session = async (c: Client) => (await c.get('/api/auth/session')).json().user;

  const unauthorized = { code: 'UNAUTHENTICATED', message: crmErrors.unauthorized };
  const incorrect = { code: 'CODE_INCORRECT', message: messages.incorrectCode };

  it('lets a member ask for a fresh code and verify with it; the hooks of a verification run', async () => {
    const m = await signUpMember(t.app, 'company');
    // A complete profile that reached the review step is published once the e-mail is verified.
    await fill(t.app, m);
    const signUpCode = await newestCode(m);

    const asked = await m.client.post(CODE, { isExpert: false });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ result: true, reachable: true });
    expect(await mails(m)).toHaveLength(2);
    const fresh = await newestCode(m);
    if (fresh !== signUpCode) {
      // The previous code is void.
      expect(
        refused(await m.client.post(VERIFY, { isExpert: false, input: signUpCode, email: m.email })),
      ).toEqual([400, incorrect]);
    }
    expect(await isVerified(m.id)).toBe(false);

    const verified = await m.client.post(VERIFY, {
      isExpert: false,
      input: fresh.toLowerCase(),
      email: m.email,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ result: true });
    expect(await session(m.client)).toMatchObject({ emailVerified: true, profile: { status: 'published' } });
    expect(
      await t.database.db
        .select()
        .from(emailVerificationCodes)
        .where(eq(emailVerificationCodes.userId, m.id)),
    ).toHaveLength(0);
    // Single use: were the address unverified again, the code would not verify it.
    await t.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, m.id));
    expect(refused(await m.client.post(VERIFY, { isExpert: false, input: fresh, email: m.email }))).toEqual([
      400,
      { code: 'CODE_EXPIRED', message: messages.verificationCodeVoid },
    ]);
  });

  it('accepts the member naming their own e-mail in another case', async () => {
    const m = await signUpMember(t.app, 'expert');
    const asked = await m.client.post(CODE, { isExpert: true, email: ` ${m.email.toUpperCase()} ` });
    expect(asked.json()).toEqual({ result: true, reachable: true });
    const code = await newestCode(m);
    const verified = await m.client.post(VERIFY, {
      isExpert: true,
      input: code,
      email: m.email.toUpperCase(),
    });
    expect(verified.json()).toEqual({ result: true });
    expect(await isVerified(m.id)).toBe(true);
  });

  it('answers a wrong, incomplete or worn-out code with the auth module’s errors', async () => {
    const m = await signUpMember(t.app, 'expert');
    const code = await newestCode(m);
    const verify = (input: string) => m.client.post(VERIFY, { isExpert: true, input, email: m.email });

    expect(refused(await verify(code.slice(0, 4)))).toEqual([
      400,
      { code: 'CODE_INCOMPLETE', message: messages.incompleteCode },
    ]);
    for (let i = 0; i < limits.verificationCodeMaxAttempts; i++) {
      expect(refused(await verify(wrongCode(code, i)))).toEqual([400, incorrect]);
    }
    // The fifth wrong try voided the code: the right one no longer works.
    expect(refused(await verify(code))).toEqual([
      400,
      { code: 'CODE_EXPIRED', message: messages.verificationCodeVoid },
    ]);
    expect(await isVerified(m.id)).toBe(false);

    // A fresh code through the proxy gives a fresh set of tries.
    expect((await m.client.post(CODE, { isExpert: true })).statusCode).toBe(200);
    const fresh = await newestCode(m);
    expect(refused(await verify(wrongCode(fresh)))).toEqual([400, incorrect]);
    expect((await verify(fresh)).json()).toEqual({ result: true });
    expect(await isVerified(m.id)).toBe(true);
  });

  it('refuses an isExpert that does not match the member, and a member no one has', async () => {
    const expert = await signUpMember(t.app, 'expert');
    const company = await signUpMember(t.app, 'company');
    const code = await newestCode(expert);
    const expertNotFound = { code: 'INVALID_STATE', message: crmErrors.expertNotFound };
    const ventureNotFound = { code: 'INVALID_STATE', message: crmErrors.ventureNotFound };

    expect(refused(await expert.client.post(CODE, { isExpert: false }))).toEqual([400, ventureNotFound]);
    expect(refused(await company.client.post(CODE, { isExpert: true }))).toEqual([400, expertNotFound]);
    expect(
      refused(await expert.client.post(VERIFY, { isExpert: false, input: code, email: expert.email })),
    ).toEqual([400, ventureNotFound]);
    expect(refused(await service(CODE, { isExpert: false, email: expert.email }))).toEqual([
      400,
      ventureNotFound,
    ]);
    expect(refused(await service(VERIFY, { isExpert: true, input: code, email: company.email }))).toEqual([
      400,
      expertNotFound,
    ]);
    expect(refused(await service(CODE, { isExpert: true, email: 'nobody@example.com' }))).toEqual([
      400,
      expertNotFound,
    ]);
    // A service or an admin must name the member.
    expect(refused(await service(CODE, { isExpert: true }))).toEqual([400, expertNotFound]);
    expect(refused(await admin.client.post(CODE, { isExpert: false }))).toEqual([400, ventureNotFound]);

    // Nothing was mailed, nothing verified: the sign-up code still works.
    expect(await mails(expert)).toHaveLength(1);
    expect(await mails(company)).toHaveLength(1);
    expect(await isVerified(expert.id)).toBe(false);
    expect(
      (await expert.client.post(VERIFY, { isExpert: true, input: code, email: expert.email })).json(),
    ).toEqual({ result: true });
  });

  it('refuses a member who names another member’s e-mail', async () => {
    const a = await signUpMember(t.app, 'expert');
    const b = await signUpMember(t.app, 'expert');
    const bCode = await newestCode(b);

    expect(refused(await a.client.post(CODE, { isExpert: true, email: b.email }))).toEqual([
      401,
      unauthorized,
    ]);
    expect(refused(await a.client.post(VERIFY, { isExpert: true, input: bCode, email: b.email }))).toEqual([
      401,
      unauthorized,
    ]);
    expect(refused(await a.client.post(CODE, { isExpert: true, email: 'nobody@example.com' }))).toEqual([
      401,
      unauthorized,
    ]);
    expect(await mails(b)).toHaveLength(1);
    expect(await isVerified(b.id)).toBe(false);
    expect(await isVerified(a.id)).toBe(false);
    // B's code was neither used nor tried.
    const [row] = await t.database.db
      .select()
      .from(emailVerificationCodes)
      .where(eq(emailVerificationCodes.userId, b.id));
    expect(row?.attempts).toBe(0);
  });

  it('refuses a caller with neither a session nor a valid bearer', async () => {
    const m = await signUpMember(t.app, 'expert');
    const code = await newestCode(m);
    for (const [path, body] of [
      [CODE, { isExpert: true, email: m.email }],
      [VERIFY, { isExpert: true, input: code, email: m.email }],
    ] as const) {
      expect(refused(await t.app.inject({ method: 'POST', url: path, payload: body }))).toEqual([
        401,
        unauthorized,
      ]);
      expect(refused(await service(path, body, 'x'.repeat(40)))).toEqual([401, unauthorized]);
      expect(refused(await service(path, body, 'short'))).toEqual([
        401,
        { code: 'UNAUTHENTICATED', message: crmErrors.invalidOverrideAuthCode },
      ]);
    }
    expect(await mails(m)).toHaveLength(1);
    expect(await isVerified(m.id)).toBe(false);
  });

  it('lets the service issue and verify a code for a member it names by e-mail', async () => {
    const m = await signUpMember(t.app, 'company');
    const asked = await service(CODE, { isExpert: false, email: m.email.toUpperCase() });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ result: true, reachable: true });
    expect(await mails(m)).toHaveLength(2);
    const code = await newestCode(m);

    expect(
      refused(await service(VERIFY, { isExpert: false, input: wrongCode(code), email: m.email })),
    ).toEqual([400, incorrect]);
    const verified = await service(VERIFY, { isExpert: false, input: code, email: m.email });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ result: true });
    expect(await session(m.client)).toMatchObject({ emailVerified: true });
  });

  it('lets an admin issue and verify a code for a member named by e-mail', async () => {
    const m = await signUpMember(t.app, 'expert');
    expect((await admin.client.post(CODE, { isExpert: true, email: m.email })).json()).toEqual({
      result: true,
      reachable: true,
    });
    const code = await newestCode(m);
    expect((await admin.client.post(VERIFY, { isExpert: true, input: code, email: m.email })).json()).toEqual(
      {
        result: true,
      },
    );
    expect(await isVerified(m.id)).toBe(true);
  });

  it('refuses to mail a code to a member who is already verified', async () => {
    const m = await publishedMember(t, 'expert');
    const before = (await mails(m)).length;
    const already = { code: 'ALREADY_VERIFIED', message: messages.emailAlreadyVerified };
    expect(refused(await m.client.post(CODE, { isExpert: true }))).toEqual([400, already]);
    expect(refused(await service(CODE, { isExpert: true, email: m.email }))).toEqual([400, already]);
    expect(await mails(m)).toHaveLength(before);
  });

  it('answers bad bodies with 400, never 500', async () => {
    const m = await signUpMember(t.app, 'expert');
    const bad: [string, unknown][] = [
      [CODE, {}],
      [CODE, { isExpert: 'true' }],
      [CODE, { isExpert: 1 }],
      [CODE, { isExpert: true, email: 42 }],
      [CODE, { isExpert: true, email: '' }],
      [CODE, { isExpert: true, email: `${'a'.repeat(400)}@example.com` }],
      [CODE, { isExpert: true, email: `x\u0000${m.email}` }],
      [CODE, []],
      [CODE, [{ isExpert: true }]],
      [VERIFY, {}],
      [VERIFY, { isExpert: true, input: 'ABCDE' }],
      [VERIFY, { isExpert: true, email: m.email }],
      [VERIFY, { isExpert: null, input: 'ABCDE', email: m.email }],
      [VERIFY, { isExpert: true, input: 12345, email: m.email }],
      [VERIFY, { isExpert: true, input: 'A'.repeat(10_000), email: m.email }],
      [VERIFY, { isExpert: true, input: 'AB\u0000CD', email: m.email }],
      [VERIFY, { isExpert: true, input: 'ABCDE', email: { $ne: '' } }],
    ];
    for (const [path, body] of bad) {
      for (const response of [await m.client.post(path, body), await service(path, body)]) {
        expect(response.statusCode, `${path} ${JSON.stringify(body)}: ${response.body}`).toBe(400);
        expect(typeof response.json().error.message).toBe('string');
      }
    }
    expect(await mails(m)).toHaveLength(1);
    expect(await isVerified(m.id)).toBe(false);
  });

  it('documents both calls in the OpenAPI document under the proxy’s tag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [CODE, VERIFY]) {
      const operation = doc.paths[path]?.post;
      expect(operation?.tags).toEqual(['crm proxy']);
      expect(operation?.requestBody).toBeDefined();
    }
    expect(
      Object.keys(doc.paths[CODE].post.requestBody.content['application/json'].schema.properties),
    ).toEqual(['isExpert', 'email']);
  });
});

describe.each(engines)('the CRM proxy’s e-mail verification limits on %s', (engine: Engine) => {
  const t = useTestApp(engine, { CRM_SERVICE_TOKEN: serviceToken, RATE_LIMIT_MULTIPLIER: '1' });

  it('limits the codes a member asks for, as the auth module’s own call does', async () => {
    const m = await signUpMember(t.app, 'expert');
    for (let i = 0; i < 3; i++) expect((await m.client.post(CODE, { isExpert: true })).statusCode).toBe(200);
    const over = await m.client.post(CODE, { isExpert: true });
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toEqual({ code: 'RATE_LIMITED', message: messages.tooManyRequests });
    // Another member is not held back by it.
    const other = await signUpMember(t.app, 'expert');
    expect((await other.client.post(CODE, { isExpert: true })).statusCode).toBe(200);
  });
});
