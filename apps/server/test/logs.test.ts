import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, mailbox } from '../src/db/schema.ts';
import { pair, sent } from './connections.support.ts';
import { createTestApp, type Engine, engines, ORIGIN, type TestApp, uniqueEmail } from './helpers.ts';

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
  };
}

describe.each(engines)('logs on %s', (engine: Engine) => {
  let t: TestApp;
  let out: ReturnType<typeof capture>;
  beforeAll(async () => {
    out = capture();
    t = await createTestApp(
      engine,
      { LOG_LEVEL: 'info' },
      { logger: { level: 'info', stream: out.stream }, printMail: out.print },
    );
  });
  afterAll(() => t.close());

  it('never hold the SQL parameters of a failed query (a password hash), yet say what failed', async () => {
    await t.database.query(`CREATE FUNCTION refuse_sign_up() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'sign-ups refused for this test'; END $$`);
    await t.database.query(
      'CREATE TRIGGER refuse_sign_up BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION refuse_sign_up()',
    );
    const email = uniqueEmail('logged');
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: { name: 'Ada Lovelace', email, password: 'correct-horse-7', profileType: 'expert' },
        headers: ORIGIN,
      });
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
});
