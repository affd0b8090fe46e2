import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailbox, outbox } from '../src/db/schema.ts';
import {
  client,
  codeIn,
  createTestApp,
  type Engine,
  engines,
  postSignUp,
  type TestApp,
  uniqueEmail,
} from './helpers.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP server speaking the real protocol; it keeps what it receives and can refuse recipients. */
async function startSmtpStub() {
  const received: Received[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refuse) {
        const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
        error.responseCode = 450;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

/** The text part of a raw message, with quoted-printable soft line breaks undone. */
const bodyOf = (raw: string) => raw.slice(raw.indexOf('\r\n\r\n') + 4).replace(/=\r\n/g, '');

describe.each(engines)('mail over SMTP on %s', (engine: Engine) => {
  let stub: Awaited<ReturnType<typeof startSmtpStub>>;
  let t: TestApp;
  beforeAll(async () => {
    stub = await startSmtpStub();
    t = await createTestApp(engine, { SMTP_URL: `smtp://127.0.0.1:${stub.port}` });
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  const signUpFresh = async (email: string) => postSignUp(client(t.app), email);

  const rowsTo = (email: string) =>
    t.database.db.select().from(outbox).where(sql`${outbox.payload}->>'to' = ${email}`);

  it('sends the verification mail over SMTP with its subject and a code that verifies the address', async () => {
    const email = uniqueEmail();
    const c = client(t.app);
    const response = await postSignUp(c, email);
    expect(response.statusCode).toBe(201);
    await t.deliverMail();

    const message = stub.received.find((m) => m.to.includes(email));
    expect(message).toBeDefined();
    expect(message!.from).toBe('no-reply@intergen.local');
    expect(message!.raw).toMatch(/^Subject: Verify your InterGen e-mail address\r$/m);
    expect(message!.raw).toMatch(/^Message-ID: <mail\.send-[A-Za-z0-9-]+@intergen>\r$/m);
    const code = codeIn(bodyOf(message!.raw).replace(/\r\n/g, '\n'));

    const verified = await c.post('/api/auth/email-verification/verify', { code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.emailVerified).toBe(true);

    const [row] = await rowsTo(email);
    expect(row).toMatchObject({ status: 'done', attempts: 1, lastError: null });
    // With SMTP configured nothing goes to the embedded mailbox.
    expect(await t.database.db.select().from(mailbox)).toHaveLength(0);
  });

  it('answers the request even when the SMTP server refuses, and retries the row until it is accepted', async () => {
    const email = uniqueEmail();
    stub.state.refuse = true;
    try {
      const response = await signUpFresh(email);
      expect(response.statusCode).toBe(201);
      await t.deliverMail();
    } finally {
      stub.state.refuse = false;
    }
    expect(stub.received.some((m) => m.to.includes(email))).toBe(false);
    const [failed] = await rowsTo(email);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.lastError).toMatch(/450|Mailbox unavailable/);
    expect(failed!.runAt.getTime()).toBeGreaterThan(Date.now());

    await t.database.db
      .update(outbox)
      .set({ runAt: sql`now() - interval '1 second'` })
      .where(sql`${outbox.id} = ${failed!.id}`);
    await t.deliverMail();

    expect(stub.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    const [delivered] = await rowsTo(email);
    expect(delivered).toMatchObject({ status: 'done', attempts: 2, lastError: null });
  });
});
