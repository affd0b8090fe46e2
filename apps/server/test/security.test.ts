import { messages } from '@intergen/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailbox, users } from '../src/db/schema.ts';
import {
  client,
  createTestApp,
  type Engine,
  engines,
  expectLimited,
  ORIGIN,
  signInFrom,
  signUp,
  type TestApp,
  tokenOf,
  uniqueEmail,
  wrongSignIn,
} from './helpers.ts';
import { useAppWithoutDatabase, useTestApp } from './suite.ts';

const PASSWORD = 'correct-horse-7';
const CONTROL_TOKEN = 'control-secret-for-tests-0123456789';

function signUpBody(email = uniqueEmail()) {
  return { name: 'Ada Lovelace', email, password: PASSWORD, profileType: 'expert' };
}

/** A client signed in as a new admin, through the link `createAdmin` makes. */
async function adminClient(t: TestApp) {
  const { url } = await t.app.services.auth.createAdmin(uniqueEmail('admin'));
  const c = client(t.app);
  const response = await c.post('/api/auth/one-time-link/consume', { token: tokenOf(url) });
  expect(response.statusCode).toBe(200);
  expect(response.json().user.isAdmin).toBe(true);
  return c;
}

/** Mailbox rows written directly, with the given creation times. */
async function insertMail(t: TestApp, rows: { id: string; createdAt: Date | ReturnType<typeof sql> }[]) {
  for (const r of rows) {
    await t.database.db.insert(mailbox).values({
      id: r.id,
      to: 'paging@example.com',
      subject: `subject ${r.id}`,
      text: `text of ${r.id}`,
      createdAt: r.createdAt as Date,
    });
  }
}

describe.each(engines)('security on %s', (engine: Engine) => {
  const t = useTestApp(engine, {}, { controlToken: CONTROL_TOKEN });

  describe('cross-site request defence', () => {
    it('refuses a POST without Origin and Sec-Fetch-Site and creates nothing', async () => {
      const body = signUpBody();
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: body });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: { code: 'CROSS_ORIGIN', message: messages.crossOriginRefused },
      });
      expect(await t.database.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
    });

    it('refuses a POST from a foreign Origin and creates nothing', async () => {
      const body = signUpBody();
      for (const origin of ['https://evil.example', 'http://intergen.test.evil.example', 'null']) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up',
          payload: body,
          headers: { origin },
        });
        expect(response.statusCode, origin).toBe(403);
        expect(response.json().error.code).toBe('CROSS_ORIGIN');
      }
      expect(await t.database.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
    });

    it('refuses a POST whose Origin matches its own Host but not APP_URL (DNS rebinding) and creates nothing', async () => {
      const email = uniqueEmail('rebound');
      for (const host of ['attacker.example', 'attacker.example:3000']) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up',
          payload: signUpBody(email),
          headers: { host, origin: `http://${host}` },
        });
        expect(response.statusCode, host).toBe(403);
        expect(response.json().error.code).toBe('CROSS_ORIGIN');
      }
      expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    });

    it('refuses a POST without Origin whose Sec-Fetch-Site is cross-site or same-site', async () => {
      for (const site of ['cross-site', 'same-site', 'none']) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up',
          payload: signUpBody(),
          headers: { 'sec-fetch-site': site },
        });
        expect(response.statusCode, site).toBe(403);
      }
    });

    it('signs out no one through a cross-site POST', async () => {
      const { client: c } = await signUp(t.app);
      const cookie = `intergen_session=${c.cookies.get('intergen_session')}`;
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        payload: {},
        headers: { origin: 'https://evil.example', cookie },
      });
      expect(forged.statusCode).toBe(403);
      expect((await c.get('/api/auth/session')).json().user).not.toBeNull();
    });

    it('checks the path the router decodes: /%61pi/ is /api/ to the origin check and to the session', async () => {
      const { client: c } = await signUp(t.app);
      const cookie = `intergen_session=${c.cookies.get('intergen_session')}`;
      for (const url of ['/%61pi/auth/sign-out', '/%61%70%69/auth/sign-out', '/api/auth/sign%2Dout']) {
        const forged = await t.app.inject({
          method: 'POST',
          url,
          payload: {},
          headers: { origin: 'https://evil.example', cookie },
        });
        expect(forged.statusCode, url).toBe(403);
        expect(forged.json().error.code, url).toBe('CROSS_ORIGIN');
      }
      expect((await c.get('/api/auth/session')).json().user).not.toBeNull();
      const body = signUpBody();
      const noOrigin = await t.app.inject({ method: 'POST', url: '/%61pi/auth/sign-up', payload: body });
      expect(noOrigin.statusCode).toBe(403);
      expect(await t.database.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
      // The session hook resolves the cookie for the decoded path too.
      const session = await t.app.inject({ method: 'GET', url: '/%61pi/auth/session', headers: { cookie } });
      expect(session.json().user).not.toBeNull();
    });

    it('allows a POST with Sec-Fetch-Site: same-origin and no Origin', async () => {
      const body = signUpBody();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: body,
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect(response.statusCode).toBe(201);
    });

    it('allows a POST with the site Origin', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: signUpBody(),
        headers: ORIGIN,
      });
      expect(response.statusCode).toBe(201);
    });

    it('needs neither header for GET requests', async () => {
      for (const url of ['/api/health', '/api/auth/session', '/api/config']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
      }
    });
  });

  describe('headers', () => {
    it('sends a CSP without inline script, nosniff, a referrer policy and no HSTS outside production', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("frame-src 'self' https:");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
      expect(scriptSrc).not.toContain('unsafe-inline');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });

    it('sends the same headers on error responses', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
      expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  describe('errors', () => {
    it('answers an unknown /api path with a NOT_FOUND error body and no stack', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: messages.notFound } });
    });

    it('answers a malformed JSON body with a 400 error body that leaks no stack', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: '{"email": ',
        headers: { ...ORIGIN, 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(Object.keys(body)).toEqual(['error']);
      expect(Object.keys(body.error).sort()).toEqual(['code', 'message']);
      expect(response.body).not.toMatch(/\bat .*\.(ts|js):\d+/);
      expect(response.body).not.toContain('node_modules');
    });

    it('refuses an unknown mailbox cursor as a bad request, not a server error', async () => {
      const admin = await adminClient(t);
      const response = await admin.get('/api/admin/mailbox?before=no-such-message');
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('admin routes', () => {
    it('answer 401 to an anonymous browser', async () => {
      const response = await client(t.app).get('/api/admin/mailbox');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: messages.notSignedIn } });
      expect((await client(t.app).get('/api/admin/mailbox/x')).statusCode).toBe(401);
    });

    it('answer 403 to a member who is not an admin', async () => {
      const { client: c } = await signUp(t.app);
      const response = await c.get('/api/admin/mailbox');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: { code: 'FORBIDDEN', message: messages.forbidden } });
      expect((await c.get('/api/admin/mailbox/x')).statusCode).toBe(403);
    });

    it('list the mailbox newest first to an admin, page by page, and show one message by id', async () => {
      const admin = await adminClient(t);
      // Earlier tests' mail still in the outbox goes out first: it would otherwise land in the same batch as the
      // first of these and take its place in the order.
      await t.deliverMail();
      const emails = [uniqueEmail('a'), uniqueEmail('b'), uniqueEmail('c')];
      for (const email of emails) {
        await signUp(t.app, { email });
        await t.deliverMail();
      }

      const first = await admin.get('/api/admin/mailbox?limit=2');
      expect(first.statusCode).toBe(200);
      const page1 = first.json();
      expect(page1.messages.map((m: { to: string }) => m.to)).toEqual([emails[2], emails[1]]);
      expect(page1.hasMore).toBe(true);

      const last = page1.messages[1];
      const second = await admin.get(`/api/admin/mailbox?limit=2&before=${encodeURIComponent(last.id)}`);
      const page2 = second.json();
      expect(page2.messages[0].to).toBe(emails[0]);
      const all = [...page1.messages, ...page2.messages];
      for (let i = 1; i < all.length; i++)
        expect(all[i - 1].createdAt).toBeGreaterThanOrEqual(all[i].createdAt);

      const one = await admin.get(`/api/admin/mailbox/${encodeURIComponent(page1.messages[0].id)}`);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toMatchObject({
        id: page1.messages[0].id,
        to: emails[2],
        subject: 'Verify your InterGen e-mail address',
        text: expect.stringContaining('verification code'),
      });

      const missing = await admin.get('/api/admin/mailbox/no-such-message');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.code).toBe('NOT_FOUND');
    });

    it('page through every message exactly once, even when several share a millisecond', async () => {
      const admin = await adminClient(t);
      const prefix = `tie-${engine}-`;
      // One millisecond, later than everything else in the mailbox, so these rows make up the first pages.
      const base = await t.database.query<{ at: string }>(
        `SELECT date_trunc('milliseconds', now() + interval '1 day')::text AS at`,
      );
      const at = base[0]!.at;
      await insertMail(t, [
        { id: `${prefix}1`, createdAt: sql`${at}::timestamptz + interval '900 microseconds'` },
        { id: `${prefix}2`, createdAt: sql`${at}::timestamptz + interval '600 microseconds'` },
        { id: `${prefix}3`, createdAt: sql`${at}::timestamptz + interval '300 microseconds'` },
        { id: `${prefix}4`, createdAt: sql`${at}::timestamptz` },
      ]);

      const seen: string[] = [];
      let before: string | undefined;
      for (let page = 0; page < 10; page++) {
        const response = await admin.get(
          `/api/admin/mailbox?limit=1${before ? `&before=${encodeURIComponent(before)}` : ''}`,
        );
        const body = response.json() as { messages: { id: string; createdAt: number }[]; hasMore: boolean };
        seen.push(...body.messages.map((m) => m.id));
        if (!body.hasMore || seen.filter((id) => id.startsWith(prefix)).length >= 4) break;
        before = body.messages.at(-1)!.id;
      }
      expect(seen.filter((id) => id.startsWith(prefix))).toEqual([
        `${prefix}1`,
        `${prefix}2`,
        `${prefix}3`,
        `${prefix}4`,
      ]);
    });
  });

  describe('the internal admin-link endpoint', () => {
    it('refuses a request without the control token, or with a wrong one', async () => {
      const attempts: Record<string, string>[] = [
        {},
        { 'x-intergen-control': 'wrong' },
        { 'x-intergen-control': `${CONTROL_TOKEN}x` },
      ];
      for (const headers of attempts) {
        const response = await client(t.app).post(
          '/api/internal/admin-link',
          { email: 'boss@example.com' },
          headers,
        );
        expect(response.statusCode).toBe(403);
        expect(response.json().error.code).toBe('FORBIDDEN');
      }
      expect(
        await t.database.db.select().from(users).where(eq(users.email, 'boss@example.com')),
      ).toHaveLength(0);
    });

    it('makes an admin link with the control token', async () => {
      const email = uniqueEmail('boss');
      const response = await client(t.app).post(
        '/api/internal/admin-link',
        { email },
        { 'x-intergen-control': CONTROL_TOKEN },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().url).toMatch(/^http:\/\/intergen\.test\/login-options\?token=/);
      const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
      expect(row).toMatchObject({ isAdmin: true, emailVerified: true, passwordHash: null });
    });
  });

  describe('documentation and health', () => {
    it('answers the health check', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    });

    it('serves an OpenAPI document that lists the sign-up route and hides the internal one', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(response.statusCode).toBe(200);
      const doc = response.json();
      expect(doc.openapi).toMatch(/^3\./);
      expect(doc.paths['/api/auth/sign-up']?.post).toBeDefined();
      expect(doc.paths['/api/internal/admin-link']).toBeUndefined();
    });
  });
});

describe.each(engines)('a server failure on %s', (engine: Engine) => {
  const t = useAppWithoutDatabase(engine);

  it('answers with a generic message and a request id, and leaks no stack or cause', async () => {
    // A session cookie makes the request read the database (the health check does not: it is liveness).
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: 'intergen_session=some-session' },
    });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error).toEqual({
      code: 'INTERNAL',
      message: messages.somethingWentWrong,
      requestId: expect.any(String),
    });
    expect(response.body).not.toMatch(/\bat .*\.(ts|js):\d+/);
    expect(response.body).not.toMatch(/pool|PGlite|closed/i);
  });

  it('answers "Failed to generate link" when a one-time link cannot be made', async () => {
    const requests = [
      client(t.app).post('/api/auth/one-time-link', { email: 'someone@example.com' }),
      client(t.app).post('/api/auth/one-time-link/for-deal', {
        email: 'someone@example.com',
        login: 'user-1',
        deal: 'deal-1',
      }),
    ];
    for (const response of await Promise.all(requests)) {
      expect(response.statusCode).toBe(500);
      expect(response.json().error).toMatchObject({ code: 'INTERNAL', message: messages.oneTimeLinkFailed });
    }
  });
});

describe.each(engines)('production, behind a load balancer, on %s', (engine: Engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      APP_ENV: 'production',
      APP_URL: 'https://intergen.test',
      RATE_LIMIT_MULTIPLIER: '1',
    });
  });
  afterAll(() => t.close());

  it('sends HSTS in production', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    expect(response.headers['strict-transport-security']).toContain('includeSubDomains');
  });

  it('checks the Origin against the https site', async () => {
    const ok = await client(t.app).post('/api/auth/sign-up', signUpBody(), {
      origin: 'https://intergen.test',
    });
    expect(ok.statusCode).toBe(201);
    const plain = await client(t.app).post('/api/auth/sign-up', signUpBody(), {
      origin: 'http://intergen.test',
    });
    expect(plain.statusCode).toBe(403);
  });

  it('limits sign-in attempts per client address even when the client writes its own X-Forwarded-For', async () => {
    // The load balancer (10.9.0.1) appends the address it saw (203.0.113.7) to whatever the client sent.
    const attempt = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: uniqueEmail('spray'), password: 'wrong-password-1' },
        headers: { origin: 'https://intergen.test', 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
        remoteAddress: '10.9.0.1',
      });
    for (let i = 1; i <= 30; i++) expect((await attempt(i)).statusCode, `attempt ${i}`).toBe(401);
    const limited = await attempt(31);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
  });
});

describe.each(engines)('rate limits on %s', (engine: Engine) => {
  const t = useTestApp(engine, { RATE_LIMIT_MULTIPLIER: '1' });

  const attempt = (email: string, remoteAddress = '127.0.0.1') => wrongSignIn(t.app, email, remoteAddress);

  it('refuses the 11th sign-in attempt for one e-mail within a minute from one address', async () => {
    const email = uniqueEmail('target');
    for (let i = 1; i <= 10; i++)
      expect((await attempt(email, '10.0.0.1')).statusCode, `attempt ${i}`).toBe(401);
    expectLimited(await attempt(email, '10.0.0.1'));
  });

  it('does not lock a member out when strangers elsewhere try ten wrong passwords for their e-mail', async () => {
    const { email, password } = await signUp(t.app);
    for (let i = 1; i <= 10; i++)
      expect((await attempt(email, `10.1.0.${i}`)).statusCode, `attempt ${i}`).toBe(401);
    // Each stranger's address spent a budget of its own for the e-mail, not the owner's.
    const own = await signInFrom(t.app, email, password, '10.1.1.1');
    expect(own.statusCode, own.body).toBe(200);
  });

  it("refuses unknown clients past the per-e-mail ceiling, while the owner's own client still signs in", async () => {
    const { email, password } = await signUp(t.app);
    const ownSignIn = (remoteAddress: string) => signInFrom(t.app, email, password, remoteAddress);
    // The owner signed in from their address before (counted once against the ceiling, while still unknown).
    expect((await ownSignIn('10.6.9.9')).statusCode).toBe(200);
    // 99 wrong passwords from ten addresses (at most 10 each) reach the e-mail's ceiling of 100.
    for (let a = 1; a <= 10; a++) {
      for (let i = 1; i <= (a === 10 ? 9 : 10); i++) {
        expect((await attempt(email, `10.6.0.${a}`)).statusCode, `address ${a}, attempt ${i}`).toBe(401);
      }
    }
    expectLimited(await attempt(email, '10.6.1.1'));
    expectLimited(await ownSignIn('10.6.1.2'));
    expect((await ownSignIn('10.6.9.9')).statusCode).toBe(200);
  });

  it("forgets a client's failures for an account once it signs in", async () => {
    const { email, password } = await signUp(t.app);
    for (let i = 1; i <= 9; i++) expect((await attempt(email, '10.7.0.1')).statusCode).toBe(401);
    const ok = await signInFrom(t.app, email, password, '10.7.0.1');
    expect(ok.statusCode).toBe(200);
    for (let i = 1; i <= 10; i++)
      expect((await attempt(email, '10.7.0.1')).statusCode, `attempt ${i}`).toBe(401);
    expectLimited(await attempt(email, '10.7.0.1'));
  });

  it('refuses the 31st sign-in attempt from one address whatever the e-mails', async () => {
    for (let i = 1; i <= 30; i++) {
      expect((await attempt(uniqueEmail('spray'), '10.2.0.1')).statusCode, `attempt ${i}`).toBe(401);
    }
    expectLimited(await attempt(uniqueEmail('spray'), '10.2.0.1'));
  });
});
