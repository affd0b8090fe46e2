import { messages } from '@intergen/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, contactInfo, experts, users } from '../src/db/schema.ts';
import { client, engines, signUp, uniqueEmail } from './helpers.ts';
import { useTestApp } from './suite.ts';

describe.each(engines)('sign-up on %s', (engine) => {
  const t = useTestApp(engine);

  it('creates the user record, an unwelcomed profile and contact info, and signs the member in', async () => {
    const email = uniqueEmail();
    const { client: c, user } = await signUp(t.app, {
      name: '  grace   brewster HOPPER ',
      email,
      profileType: 'company',
    });

    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      email,
      name: 'Grace Brewster Hopper',
      firstName: 'Grace',
      lastName: 'Hopper',
      kind: 'company',
      emailVerified: false,
      isAdmin: false,
    });
    const [profile] = await t.database.db.select().from(companies).where(eq(companies.id, user.id));
    expect(profile).toMatchObject({
      name: 'Grace Brewster Hopper',
      hasBeenWelcomed: false,
      profilePublished: false,
    });
    const [contact] = await t.database.db.select().from(contactInfo).where(eq(contactInfo.userId, user.id));
    expect(contact?.email).toBe(email);

    const session = await c.get('/api/auth/session');
    expect(session.json().user).toMatchObject({
      id: user.id,
      kind: 'company',
      profile: { status: 'incomplete' },
    });
  });

  it('mails a 5-character verification code and a link back to the profile edit page', async () => {
    const email = uniqueEmail();
    const { user } = await signUp(t.app, { email });
    const [mail] = await t.mailTo(email);
    expect(mail?.text).toMatch(/\n {4}[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{5}\n/);
    expect(mail?.text).toContain('http://intergen.test/profile/edit');
    const [profile] = await t.database.db.select().from(experts).where(eq(experts.id, user.id));
    expect(profile?.hasEmailVerificationCode).toBe(true);
  });

  it('refuses an e-mail that is already registered, whatever its case', async () => {
    const email = uniqueEmail();
    await signUp(t.app, { email });
    const again = await client(t.app).post('/api/auth/sign-up', {
      name: 'Other Person',
      email: email.toUpperCase(),
      password: 'another-pass-9',
      profileType: 'expert',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'EMAIL_TAKEN', message: messages.emailAlreadyRegistered });
  });

  it('lets exactly one of two simultaneous sign-ups with the same e-mail through', async () => {
    const email = uniqueEmail();
    const body = { name: 'Twin', email, password: 'twin-password-1', profileType: 'expert' };
    const results = await Promise.all([
      client(t.app).post('/api/auth/sign-up', body),
      client(t.app).post('/api/auth/sign-up', body),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it.each([
    [
      { name: '', email: 'a@example.com', password: 'abcdefg1', profileType: 'expert' },
      messages.allFieldsRequired,
    ],
    [{ name: 'A B', email: '   ', password: 'abcdefg1', profileType: 'expert' }, messages.allFieldsRequired],
    [
      { name: 'A B', email: 'a@example.com', password: '', profileType: 'expert' },
      messages.allFieldsRequired,
    ],
    [{ name: 'A B', email: 'a@example.com', password: 'abcdefg1' }, messages.profileTypeRequired],
    [
      { name: 'A B', email: 'a@example.com', password: 'abcdefg1', profileType: 'admin' },
      messages.profileTypeRequired,
    ],
    [
      { name: 'A B', email: 'not-an-email', password: 'abcdefg1', profileType: 'expert' },
      messages.invalidEmail,
    ],
    [
      { name: 'A B', email: 'a@example.com', password: 'abc12', profileType: 'expert' },
      messages.passwordTooShort,
    ],
    [
      { name: 'A B', email: 'a@example.com', password: 'password', profileType: 'expert' },
      messages.passwordTooCommon,
    ],
  ])('rejects %o with "%s" and creates nothing', async (body, message) => {
    const before = await t.database.db.select().from(users);
    const response = await client(t.app).post('/api/auth/sign-up', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
    expect(await t.database.db.select().from(users)).toHaveLength(before.length);
  });
});

describe.each(engines)('look-alike e-mail addresses on %s', (engine) => {
  const t = useTestApp(engine);

  /** A unique address whose local part ends in `é` (composed, U+00E9). */
  const accented = () => uniqueEmail('ren\u00e9');
  const decomposed = (email: string) => email.replace('\u00e9', 'e\u0301').toUpperCase();

  it('opens no second account for the same address typed decomposed or in capitals, and signs in with it', async () => {
    const email = accented();
    const { user } = await signUp(t.app, { email });
    expect(user.email).toBe(email);
    const again = await client(t.app).post('/api/auth/sign-up', {
      name: 'Ada Lovelace',
      email: decomposed(email),
      password: 'correct-horse-7',
      profileType: 'company',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('EMAIL_TAKEN');
    const signedIn = await client(t.app).post('/api/auth/sign-in', {
      email: decomposed(email),
      password: 'correct-horse-7',
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(user.id);
  });

  it.each([
    ['a zero-width space', '\u200b'],
    ['a right-to-left override', '\u202e'],
    ['a zero-width joiner', '\u200d'],
    ['a control character', '\u0007'],
  ])(
    'refuses an address holding %s with a clear message, wherever e-mails come in',
    async (_what, hidden) => {
      const { email } = await signUp(t.app);
      const lookAlike = email.replace('@', `${hidden}@`);
      const calls: [string, Record<string, unknown>][] = [
        [
          '/api/auth/sign-up',
          { name: 'Ada Lovelace', email: lookAlike, password: 'correct-horse-7', profileType: 'expert' },
        ],
        ['/api/auth/sign-in', { email: lookAlike, password: 'correct-horse-7' }],
        ['/api/auth/password/forgot', { email: lookAlike }],
        ['/api/auth/one-time-link', { email: lookAlike }],
        ['/api/auth/one-time-link/for-deal', { email: lookAlike, login: 'someone', deal: 'deal-1' }],
      ];
      for (const [url, body] of calls) {
        const response = await client(t.app).post(url, body);
        expect(response.statusCode, url).toBe(400);
        expect(response.json().error.message, url).toBe(messages.emailHiddenCharacters);
        expect(response.json().error.details, url).toEqual([
          expect.objectContaining({ path: 'email', message: messages.emailHiddenCharacters }),
        ]);
      }
      const rows = await t.database.db.select().from(users).where(eq(users.email, lookAlike.toLowerCase()));
      expect(rows).toHaveLength(0);
    },
  );
});
