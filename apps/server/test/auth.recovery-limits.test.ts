import { describe, expect, it } from 'vitest';
import { APP_URL, client, type Engine, engines, postSignUp, uniqueEmail } from './helpers.ts';
import { useTestApp } from './suite.ts';

/** The two ways back into an account by e-mail, and the mail each sends. */
const recoveries = [
  { what: 'one-time link', url: '/api/auth/one-time-link', subject: 'Your InterGen sign-in link' },
  { what: 'password reset', url: '/api/auth/password/forgot', subject: 'Reset your InterGen password' },
] as const;

describe.each(engines)('recovery limits that strangers cannot exhaust on %s', (engine: Engine) => {
  const t = useTestApp(engine, { RATE_LIMIT_MULTIPLIER: '1' });

  it.each(recoveries)(
    "$what: keeps the owner's own budget when strangers have spent the e-mail's",
    async ({ url, subject }) => {
      const ask = (email: string, remoteAddress: string) =>
        t.app.inject({
          method: 'POST',
          url,
          payload: { email },
          headers: { origin: APP_URL },
          remoteAddress,
        });
      // Signed up from this client: it is the owner's.
      const owner = client(t.app);
      const email = uniqueEmail('owner');
      const signedUp = await postSignUp(owner, email);
      expect(signedUp.statusCode).toBe(201);
      // Ten requests from four strangers' addresses (at most 3 each) reach the e-mail's ceiling.
      for (const [address, times] of [
        ['10.8.0.1', 3],
        ['10.8.0.2', 3],
        ['10.8.0.3', 3],
        ['10.8.0.4', 1],
      ] as const) {
        for (let i = 1; i <= times; i++)
          expect((await ask(email, address)).statusCode, `${address} #${i}`).toBe(200);
      }
      expect((await ask(email, '10.8.0.1')).statusCode).toBe(429);
      expect((await ask(email, '10.8.0.5')).statusCode).toBe(429);
      const mails = async () => (await t.mailTo(email)).filter((m) => m.subject === subject).length;
      const before = await mails();
      const own = await ask(email, '127.0.0.1');
      expect(own.statusCode, own.body).toBe(200);
      expect(await mails()).toBe(before + 1);
    },
  );
});
