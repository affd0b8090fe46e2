import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, mailbox } from '../src/db/schema.ts';
import { enqueue } from '../src/outbox/outbox.ts';
import { pair, sent } from './connections.support.ts';
import { type Engine, engines, ORIGIN, uniqueEmail } from './helpers.ts';
import { useTestApp } from './suite.ts';

/** Everything the app logs and prints, line by line, as an operator's terminal would show it. */
function capture() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return {
    stream,
    print: (text: string) => chunks.push(text),
    text: () => chunks.join(''),
    lines: () => chunks.join('').split('\n'),
    /** The log entries (JSON lines) only. */
    entries: () =>
      chunks
        .join('')
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe.each(engines)('logs on %s', (engine: Engine) => {
  const out = capture();
  const t = useTestApp(
    engine,
    { LOG_LEVEL: 'info' },
    { logger: { level: 'info', stream: out.stream }, printMail: out.print },
  );
  const signUpAs = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { name: 'Ada Lovelace', email, password: 'correct-horse-7', profileType: 'expert' },
      headers: ORIGIN,
    });

  it('never hold the SQL parameters of a failed query (a password hash), yet say what failed', async () => {
    await t.database.query(`CREATE FUNCTION refuse_sign_up() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'sign-ups refused for this test'; END $$`);
    await t.database.query(
      'CREATE TRIGGER refuse_sign_up BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION refuse_sign_up()',
    );
    const email = uniqueEmail('logged');
    try {
      const response = await signUpAs(email);
      expect(response.statusCode).toBe(500);
    } finally {
      await t.database.query('DROP TRIGGER refuse_sign_up ON users');
      await t.database.query('DROP FUNCTION refuse_sign_up()');
    }
    const logged = out.text();
    expect(logged).toContain('sign-ups refused for this test');
    expect(logged).not.toContain('scrypt$');
    expect(logged).not.toContain(email);
    expect(logged).not.toMatch(/insert into/i);
    expect(logged).not.toContain('params:');
  });

  it('never hold a query string', async () => {
    await t.app.inject({ method: 'GET', url: '/api/auth/session?token=secret-token-in-a-link' });
    await t.app.inject({ method: 'GET', url: '/login-options?token=another-secret-token' });
    const logged = out.text();
    expect(logged).toContain('/api/auth/session');
    expect(logged).not.toContain('secret-token-in-a-link');
    expect(logged).not.toContain('another-secret-token');
  });

  it('cannot be forged by a name with line breaks, and neither can a mail header', async () => {
    const forged = 'Forged {"level":60,"msg":"admin signed in"}';
    const p = await pair(t);
    // A company name is free text: it reaches the expert's e-mail subject and the printed mailbox.
    await t.database.db
      .update(companies)
      .set({ companyName: `Acme\r\nBcc: victim@example.com\n${forged}` })
      .where(eq(companies.id, p.company.id));
    await sent(p.company, p.suggestionId, `Hello\n${forged}`);
    await t.deliverMail();
    const rows = await t.database.db.select({ subject: mailbox.subject }).from(mailbox);
    const subjects = rows.map((r) => r.subject);
    expect(subjects.some((s) => s.includes('sent you a connection request'))).toBe(true);
    for (const subject of subjects) expect(subject).not.toMatch(/[\r\n]/);
    // Every line of the output is a log entry (JSON) or part of a printed mail, which starts with a space.
    for (const line of out.lines()) {
      expect(line.startsWith('Forged'), line).toBe(false);
      expect(line.startsWith('Bcc'), line).toBe(false);
      if (line.startsWith('{')) expect(() => JSON.parse(line), line).not.toThrow();
    }
    expect(out.text()).toContain(forged);
  });

  it('follow the request id into the outbox jobs the request caused', async () => {
    const email = uniqueEmail('traced');
    const response = await signUpAs(email);
    expect(response.statusCode).toBe(201);
    await t.deliverMail();
    // The last sign-up logged is this one (tests above sign up too).
    const reqId = out
      .entries()
      .findLast(
        (e) => e.msg === 'incoming request' && (e.req as { url?: string }).url === '/api/auth/sign-up',
      )?.reqId;
    expect(typeof reqId).toBe('string');
    // The verification mail the sign-up queued keeps the request's id, and its job is logged with it.
    const rows = await t.database.query<{ request_id: string | null }>(
      `SELECT request_id FROM outbox WHERE topic = 'mail.send' AND payload ->> 'to' = $1`,
      [email],
    );
    expect(rows.map((r) => r.request_id)).toEqual([reqId]);
    const jobs = out.entries().filter((e) => e.msg === 'outbox job done' && e.reqId === reqId);
    expect(jobs.map((e) => e.topic)).toContain('mail.send');
    // A row written by no request (a command, a timer) carries none.
    await t.database.db.transaction((tx) =>
      enqueue(tx, { topic: 'mail.send', payload: { to: 'nobody@example.com', subject: 'Hi', text: 'Hi' } }),
    );
    await t.deliverMail();
    const [untraced] = await t.database.query<{ id: string; request_id: string | null }>(
      `SELECT id, request_id FROM outbox WHERE payload ->> 'to' = 'nobody@example.com'`,
    );
    expect(untraced?.request_id).toBeNull();
    const job = out
      .entries()
      .find((e) => e.msg === 'outbox job done' && String(e.jobId) === String(untraced?.id));
    expect(job).toBeDefined();
    expect(job).not.toHaveProperty('reqId');
  });
});
