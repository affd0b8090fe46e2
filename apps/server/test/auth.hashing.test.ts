import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@intergen/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD_HASHING, passwordHasher, setPasswordHashCost } from '../src/lib/crypto.ts';
import {
  client,
  createTestApp,
  type Engine,
  engines,
  linkIn,
  ORIGIN,
  postSignUp,
  signInFrom,
  signUp,
  type TestApp,
  tokenOf,
  uniqueEmail,
  wrongSignIn,
} from './helpers.ts';

/** Waits for a condition of the app (never for the clock): polls between turns of the event loop. */
async function until(condition: () => boolean, what: string) {
  for (let i = 0; i < 200_000; i++) {
    if (condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`never happened: ${what}`);
}

describe.each(engines)('password hashing on %s', (engine: Engine) => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'intergen-hashing-'));
    t = await createTestApp(engine, { DATA_DIR: dataDir });
    // A 64 KB profile picture, served from the database like every upload.
    const owner = await signUp(t.app);
    await t.database.query(
      `INSERT INTO profile_images (name, owner_id, content_type, bytes) VALUES ('picture.jpg', $1, 'image/jpeg', $2)`,
      [owner.user.id, Buffer.alloc(64 * 1024, 7)],
    );
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    setPasswordHashCost('fast');
    passwordHasher.configure(PASSWORD_HASHING);
  });

  const signInUnknown = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: uniqueEmail('nobody'), password: 'wrong-password-1' },
      headers: ORIGIN,
    });

  it('serves a static file and the health check while many sign-ins hash at full cost', async () => {
    setPasswordHashCost('owasp');
    // The unknown-e-mail path compares against a dummy hash, made once per cost: make it now.
    expect((await signInUnknown()).statusCode).toBe(401);

    const order: string[] = [];
    const signIns = Array.from({ length: 12 }, () =>
      signInUnknown().then((response) => {
        order.push('sign-in');
        return response;
      }),
    );
    await until(() => passwordHasher.load.waiting > 0, 'sign-ins waiting for a hashing slot');
    const file = t.app.inject({ method: 'GET', url: '/uploads/picture.jpg' }).then((response) => {
      order.push('file');
      return response;
    });
    const health = t.app.inject({ method: 'GET', url: '/api/health' }).then((response) => {
      order.push('health');
      return response;
    });

    expect((await file).statusCode).toBe(200);
    expect((await health).statusCode).toBe(200);
    for (const response of await Promise.all(signIns)) expect(response.statusCode).toBe(401);
    // Hashing holds at most half of libuv's threads: the file's reads do not queue behind a dozen hashes.
    expect(order.indexOf('file'), order.join(' ')).toBeLessThan(6);
    expect(order.indexOf('health'), order.join(' ')).toBeLessThan(6);
  });

  it('answers 503 with Retry-After, never 500, when too many hashes wait', async () => {
    setPasswordHashCost('owasp');
    passwordHasher.configure({ concurrency: 1, maxQueue: 0 });
    const responses = await Promise.all(Array.from({ length: 8 }, signInUnknown));
    const busy = responses.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const response of busy) {
      expect(response.json()).toEqual({ error: { code: 'SERVER_BUSY', message: messages.serverBusy } });
      expect(response.headers['retry-after']).toBe('1');
    }
    for (const response of responses) expect([401, 503]).toContain(response.statusCode);
  });

  it("never lets one client's flood refuse another client's correct sign-in", async () => {
    const { email, password } = await signUp(t.app);
    setPasswordHashCost('owasp');
    const fromA = () => wrongSignIn(t.app, uniqueEmail('flood'), '10.20.0.1');
    // The unknown-e-mail path compares against a dummy hash, made once per cost: make it now.
    expect((await fromA()).statusCode).toBe(401);
    // No hash runs until A's flood has filled the queue and B waits in it too.
    passwordHasher.configure({ concurrency: 0, maxQueue: 4 });
    const verify = vi.spyOn(passwordHasher, 'verify');
    const flood = Array.from({ length: 40 }, fromA);
    await until(() => verify.mock.calls.length === 40, "all of A's sign-ins reaching the hashing queue");
    expect(passwordHasher.load.waiting).toBe(4);
    const fromB = signInFrom(t.app, email, password, '10.20.0.2');
    await until(() => verify.mock.calls.length === 41, "B's sign-in reaching the hashing queue");
    passwordHasher.configure({ concurrency: 1 });
    const b = await fromB;
    expect(b.statusCode, b.body).toBe(200);
    const statuses = (await Promise.all(flood)).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 503)).toHaveLength(37);
  });

  it('spends a hash on an unknown e-mail too, so timing does not tell who is registered', async () => {
    const verify = vi.spyOn(passwordHasher, 'verify');
    expect((await signInUnknown()).statusCode).toBe(401);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('checks the e-mail and the password of a sign-up before hashing', async () => {
    const { email } = await signUp(t.app);
    const hash = vi.spyOn(passwordHasher, 'hash');
    const taken = await postSignUp(client(t.app), email);
    expect(taken.statusCode).toBe(409);
    const common = await postSignUp(client(t.app), uniqueEmail(), 'password');
    expect(common.statusCode).toBe(400);
    expect(hash).not.toHaveBeenCalled();
  });

  it('checks a reset link before hashing the new password', async () => {
    const { email } = await signUp(t.app);
    const hash = vi.spyOn(passwordHasher, 'hash');
    const dead = await client(t.app).post('/api/auth/password/reset', {
      token: 'no-such-token',
      password: 'a-new-password-9',
    });
    expect(dead.statusCode).toBe(400);
    expect(dead.json().error.code).toBe('TOKEN_INVALID');
    expect(hash).not.toHaveBeenCalled();

    await client(t.app).post('/api/auth/password/forgot', { email });
    const mail = (await t.mailTo(email)).find((m) => m.subject === 'Reset your InterGen password')!;
    const token = tokenOf(linkIn(mail.text, '/reset-password?token='));
    const done = await client(t.app).post('/api/auth/password/reset', {
      token,
      password: 'a-new-password-9',
    });
    expect(done.statusCode).toBe(200);
    expect(hash).toHaveBeenCalledTimes(1);
  });
});
