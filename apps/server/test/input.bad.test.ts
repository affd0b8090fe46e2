import { messages } from '@intergen/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, users } from '../src/db/schema.ts';
import { member } from './connections.support.ts';
import { saveSection, signInAdmin, signUpMember } from './factories.ts';
import { type Engine, engines, ORIGIN, signUp, uniqueEmail } from './helpers.ts';
import { useTestApp } from './suite.ts';

const INT4_MAX = 2_147_483_647;

/** A 400 VALIDATION_FAILED naming the field. */
function expectRefused(response: { statusCode: number; json(): unknown; body: string }, path: string) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as { error: { code: string; details?: { path: string }[] } };
  expect(body.error.code).toBe('VALIDATION_FAILED');
  expect(body.error.details?.map((d) => d.path)).toContain(path);
}

describe.each(engines)('bad input on %s', (engine: Engine) => {
  const t = useTestApp(engine);

  const signUpRaw = (body: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: body,
      headers: { ...ORIGIN, 'content-type': 'application/json' },
    });

  it('refuses a NUL or a lone surrogate in any string with the field path, and creates nothing', async () => {
    for (const name of ['Ada\u0000Lovelace', 'Ada \ud800', 'Ada \udfff Lovelace']) {
      const email = uniqueEmail();
      const response = await signUpRaw(
        JSON.stringify({ name, email, password: 'correct-horse-7', profileType: 'expert' }),
      );
      expectRefused(response, 'name');
      expect(response.json().error.message).toBe(messages.unsupportedCharacters);
      expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    }
    // A well-formed pair (an emoji) is fine.
    const { client } = await signUp(t.app, { name: 'Ada 😀 Lovelace' });
    expect((await client.get('/api/auth/session')).json().user.name).toContain('😀');
  });

  it('refuses NUL in a key of a nested object', async () => {
    const m = await signUpMember(t.app, 'company');
    const response = await saveSection(t.app, m, 'basics', { interGenData: { 'refer\u0000ral': true } });
    expectRefused(response, 'interGenData.refer\u0000ral');
  });

  it('refuses %00 and lone surrogates in paths and query strings', async () => {
    const admin = await signInAdmin(t);
    expectRefused(await admin.client.get('/api/profiles/%00'), 'id');
    expectRefused(await admin.client.get('/api/admin/profiles/a%00b'), 'id');
    expectRefused(await admin.client.get('/api/admin/mailbox?before=%00'), 'before');
    expectRefused(
      await admin.client.get('/api/admin/matching/candidates?kind=company&search=a%00b'),
      'search',
    );
    expectRefused(await admin.client.get('/api/admin/mailbox?x%00=1'), 'x\u0000');
    const m = await signUpMember(t.app, 'expert');
    expectRefused(await m.client.post('/api/connections/%00/accept'), 'id');
    expectRefused(await m.client.post('/api/notifications/a%00b/dismiss'), 'id');
  });

  it('refuses JSON nested deeper than any endpoint takes, with a 400 rather than a crash', async () => {
    const m = await signUpMember(t.app, 'company');
    const deep = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/profiles/me/sections/basics',
      payload: deep,
      headers: {
        ...ORIGIN,
        'content-type': 'application/json',
        cookie: `intergen_session=${m.client.cookies.get('intergen_session')}`,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: messages.inputTooDeep,
    });
  });

  it('refuses a team size or years in business beyond an integer column, and saves nothing', async () => {
    const m = await signUpMember(t.app, 'company');
    for (const [field, value] of [
      ['companySize', INT4_MAX + 1],
      ['yearsInBusiness', 2 ** 53],
      ['companySize', -(2 ** 31) - 1],
    ] as const) {
      const response = await saveSection(t.app, m, 'basics', { [field]: value, companyName: 'Kept Out' });
      expectRefused(response, field);
      expect(response.json().error.details).toContainEqual({
        path: field,
        message: messages.numberOutOfRange,
      });
    }
    const [row] = await t.database.db.select().from(companies).where(eq(companies.id, m.id));
    expect(row).toMatchObject({ companySize: null, yearsInBusiness: null, companyName: null });
    expect((await saveSection(t.app, m, 'basics', { companySize: INT4_MAX })).statusCode).toBe(200);
  });

  it('refuses an annual confirmation with a team size beyond an integer column', async () => {
    const c = await member(t, 'company');
    const response = await c.client.post('/api/profiles/me/annual-confirmation', {
      companySize: INT4_MAX + 1,
      revenue: 'revenueMoreThanTen',
      capital: 'capitalMoreThanTen',
    });
    expectRefused(response, 'companySize');
  });

  it('keeps a published profile with a pending out-of-range edit updatable: the field is named, then fixed', async () => {
    const c = await member(t, 'company');
    // A pending edit stored before the schema knew the column's range.
    await t.database.db
      .update(companies)
      .set({ tempData: { companySize: 2 ** 40, slogan: 'New slogan' } })
      .where(eq(companies.id, c.id));
    const stuck = await c.client.post('/api/profiles/me/update');
    expectRefused(stuck, 'companySize');
    const [unchanged] = await t.database.db.select().from(companies).where(eq(companies.id, c.id));
    expect(unchanged?.slogan).not.toBe('New slogan');

    expect((await saveSection(t.app, c, 'basics', { companySize: 40 })).statusCode).toBe(200);
    const applied = await c.client.post('/api/profiles/me/update');
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().profile.data).toMatchObject({ companySize: 40, slogan: 'New slogan' });
  });

  it('answers paths outside the API with %00 or broken escapes without a server error', async () => {
    for (const url of [
      '/uploads/%00',
      '/uploads/a%00b.jpg',
      '/%00',
      '/api/%00',
      '/uploads/%E0%A4%A',
      '/%ED%A0%80',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });
});
