import { messages } from '@intergen/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../src/db/client.ts';
import { mailbox, outbox } from '../src/db/schema.ts';
import type { MailTransport } from '../src/modules/mail/mail.transport.ts';
import {
  createOutboxWorker,
  enqueue,
  type OutboxHandler,
  type OutboxJob,
  RetryLaterError,
} from '../src/outbox/outbox.ts';
import { defineTopic } from '../src/outbox/topic.ts';
import {
  client,
  createTestApp,
  type Engine,
  engines,
  freshDatabase,
  postSignUp,
  signUp,
  type TestApp,
  uniqueEmail,
} from './helpers.ts';

const silent = { info() {}, warn() {}, error() {} };

describe.each(engines)('outbox on %s', (engine: Engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(engine);
  });
  afterAll(() => database.close());
  // Each test starts with an empty outbox, so no row of an earlier test is claimed by a later worker.
  afterEach(async () => {
    await database.query('DELETE FROM outbox');
  });

  const worker = (handlers: Record<string, OutboxHandler>, opts: { batchSize?: number } = {}) =>
    createOutboxWorker({ database, handlers, log: silent, ...opts });

  async function row(idempotencyKey: string) {
    const [found] = await database.db.select().from(outbox).where(eq(outbox.idempotencyKey, idempotencyKey));
    if (!found) throw new Error(`no outbox row ${idempotencyKey}`);
    return found;
  }

  /** How far in the future (per the database clock) the row is scheduled, in ms. */
  /** The database's clock, in milliseconds since the epoch. */
  async function dbNow(): Promise<number> {
    const [r] = await database.query<{ ms: string | number }>(
      'SELECT extract(epoch FROM now()) * 1000 AS ms',
    );
    return Number(r!.ms);
  }

  /**
   * The retry delay the worker gave a row, bounded by clock readings taken before and after the failing run: the
   * failure happened between them, so the delay lies within [run_at − after, run_at − before] whatever the load.
   */
  async function retryDelay(idempotencyKey: string, before: number, after: number) {
    const [r] = await database.query<{ ms: string | number }>(
      'SELECT extract(epoch FROM run_at) * 1000 AS ms FROM outbox WHERE idempotency_key = $1',
      [idempotencyKey],
    );
    const runAt = Number(r!.ms);
    return { atLeast: runAt - after, atMost: runAt - before };
  }

  /**
   * That the row waits to run again (pending, with `state`), due between `soonest` and `latest` ms after the
   * failed run, which happened between `before` and `after`.
   */
  async function expectRetry(
    idempotencyKey: string,
    state: { attempts: number; lastError: string },
    [before, after]: [number, number],
    [soonest, latest]: [number, number],
  ) {
    expect(await row(idempotencyKey)).toMatchObject({ status: 'pending', ...state });
    const delay = await retryDelay(idempotencyKey, before, after);
    expect(delay.atMost).toBeGreaterThanOrEqual(soonest);
    expect(delay.atLeast).toBeLessThanOrEqual(latest);
  }

  const makeDue = (idempotencyKey: string) =>
    database.query(`UPDATE outbox SET run_at = now() - interval '1 second' WHERE idempotency_key = $1`, [
      idempotencyKey,
    ]);

  it('never runs a row enqueued in a transaction that rolls back', async () => {
    const calls: OutboxJob[] = [];
    await expect(
      database.db.transaction(async (tx) => {
        await enqueue(tx, { topic: 'test.rollback', payload: { n: 1 }, idempotencyKey: 'rollback-1' });
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');

    expect(await worker({ 'test.rollback': async (job) => void calls.push(job) }).drain()).toBe(0);
    expect(calls).toEqual([]);
    expect(await database.db.select().from(outbox)).toHaveLength(0);
  });

  it('runs a committed row once, with its payload, and marks it done', async () => {
    const calls: OutboxJob[] = [];
    await database.db.transaction(async (tx) => {
      await enqueue(tx, { topic: 'test.once', payload: { to: 'a@example.com' }, idempotencyKey: 'once-1' });
    });
    const w = worker({ 'test.once': async (job) => void calls.push(job) });

    expect(await w.drain()).toBe(1);
    expect(await w.drain()).toBe(0);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      topic: 'test.once',
      payload: { to: 'a@example.com' },
      attempts: 1,
      idempotencyKey: 'once-1',
    });
    expect(await row('once-1')).toMatchObject({ status: 'done', attempts: 1, lastError: null });
    expect((await row('once-1')).processedAt).toBeInstanceOf(Date);
  });

  it('retries a failing handler with exponential backoff, keeping attempts and the last error', async () => {
    let calls = 0;
    await enqueue(database.db, {
      topic: 'test.flaky',
      payload: {},
      idempotencyKey: 'flaky-1',
      maxAttempts: 3,
    });
    const w = worker({
      'test.flaky': async () => {
        calls++;
        throw new Error(`upstream refused #${calls}`);
      },
    });

    let before = await dbNow();
    expect(await w.drain()).toBe(1);
    let after = await dbNow();
    // First retry 2 s later (± 25 % jitter): between 1.5 and 2.5 s.
    const first = { attempts: 1, lastError: 'upstream refused #1' };
    await expectRetry('flaky-1', first, [before, after], [1_500, 2_500]);
    // Not due yet (unless the machine stalled past it), so another drain does nothing.
    if ((await dbNow()) < before + 1_500) expect(await w.drain()).toBe(0);

    await makeDue('flaky-1');
    before = await dbNow();
    expect(await w.drain()).toBe(1);
    after = await dbNow();
    // Then 4 s (± 25 %): between 3 and 5 s.
    const second = { attempts: 2, lastError: 'upstream refused #2' };
    await expectRetry('flaky-1', second, [before, after], [3_000, 5_000]);
  });

  it('parks a row as dead after its maximum number of attempts and stops running it', async () => {
    let calls = 0;
    await enqueue(database.db, {
      topic: 'test.doomed',
      payload: {},
      idempotencyKey: 'doomed-1',
      maxAttempts: 3,
    });
    const w = worker({
      'test.doomed': async () => {
        calls++;
        throw new Error('always fails');
      },
    });
    for (let i = 0; i < 3; i++) {
      await makeDue('doomed-1');
      await w.drain();
    }
    expect(calls).toBe(3);
    expect(await row('doomed-1')).toMatchObject({ status: 'dead', attempts: 3, lastError: 'always fails' });

    await makeDue('doomed-1');
    expect(await w.drain()).toBe(0);
    expect(calls).toBe(3);
  });

  it('succeeds on a retry and clears the last error', async () => {
    let calls = 0;
    await enqueue(database.db, { topic: 'test.recovers', payload: {}, idempotencyKey: 'recovers-1' });
    const w = worker({
      'test.recovers': async () => {
        calls++;
        if (calls === 1) throw new Error('first try fails');
      },
    });
    await w.drain();
    await makeDue('recovers-1');
    await w.drain();
    expect(calls).toBe(2);
    expect(await row('recovers-1')).toMatchObject({ status: 'done', attempts: 2, lastError: null });
  });

  it("honours a RetryLaterError's delay instead of the backoff, without using up an attempt", async () => {
    await enqueue(database.db, {
      topic: 'test.later',
      payload: {},
      idempotencyKey: 'later-1',
      maxAttempts: 1,
    });
    const before = await dbNow();
    await worker({
      'test.later': async () => {
        throw new RetryLaterError('rate limited upstream', 90_000);
      },
    }).drain();
    const after = await dbNow();

    // Its one attempt is still there: being told to wait is no failure, so the row is not dead.
    const waiting = { attempts: 0, lastError: 'rate limited upstream' };
    await expectRetry('later-1', waiting, [before, after], [90_000, 90_000]);
  });

  it('claims no more rows of a topic whose upstream asked to wait, and goes on with other topics', async () => {
    const ran: string[] = [];
    await enqueue(database.db, [
      { topic: 'test.limited', payload: { name: 'l1' } },
      { topic: 'test.limited', payload: { name: 'l2' } },
      { topic: 'test.other', payload: { name: 'o1' } },
    ]);
    const w = worker({
      'test.limited': async (job) => {
        ran.push(String(job.payload.name));
        throw new RetryLaterError('429', 60_000);
      },
      'test.other': async (job) => {
        ran.push(String(job.payload.name));
      },
    });
    await w.drain();
    // l1 met the limit; l2 waits without being run; the other topic goes on.
    expect(ran).toEqual(['l1', 'o1']);
    await database.query(`UPDATE outbox SET run_at = now() WHERE topic = 'test.limited'`);
    await w.drain();
    expect(ran).toEqual(['l1', 'o1']);
    const rows = await database.query<{ attempts: number; status: string }>(
      `SELECT attempts, status FROM outbox WHERE topic = 'test.limited'`,
    );
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
  });

  it('runs rows of one ordering key in order: a later one waits while an earlier one retries, others go on', async () => {
    const ran: string[] = [];
    let failFirst = true;
    const handlers = {
      'test.ordered': async (job: OutboxJob) => {
        const name = String(job.payload.name);
        if (name === 'k1-first' && failFirst) throw new Error('not yet');
        ran.push(name);
      },
    };
    await enqueue(database.db, [
      { topic: 'test.ordered', payload: { name: 'k1-first' }, orderingKey: 'k1' },
      { topic: 'test.ordered', payload: { name: 'k1-second' }, orderingKey: 'k1' },
      { topic: 'test.ordered', payload: { name: 'k2-only' }, orderingKey: 'k2' },
      { topic: 'test.ordered', payload: { name: 'unkeyed' } },
    ]);
    await worker(handlers).drain();
    // k1's first step is waiting for its retry: its second step must not overtake it.
    expect(ran).toEqual(['k2-only', 'unkeyed']);

    failFirst = false;
    await database.query(`UPDATE outbox SET run_at = now() WHERE status = 'pending'`);
    await worker(handlers).drain();
    expect(ran).toEqual(['k2-only', 'unkeyed', 'k1-first', 'k1-second']);
  });

  it('lets a later row of a key run once the earlier one is parked as dead', async () => {
    const ran: string[] = [];
    await enqueue(database.db, [
      { topic: 'test.ordered', payload: { name: 'doomed' }, orderingKey: 'k3', maxAttempts: 1 },
      { topic: 'test.ordered', payload: { name: 'after' }, orderingKey: 'k3' },
    ]);
    await worker({
      'test.ordered': async (job) => {
        if (job.payload.name === 'doomed') throw new Error('down');
        ran.push(String(job.payload.name));
      },
    }).drain();
    expect(ran).toEqual(['after']);
  });

  it('records a row whose topic has no handler as a failure instead of losing it', async () => {
    await enqueue(database.db, { topic: 'test.unknown', payload: {}, idempotencyKey: 'unknown-1' });
    await worker({}).drain();
    expect(await row('unknown-1')).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'No handler for topic test.unknown',
    });
  });

  it('writes a typed message with its topic, payload and options, and hands its handler the parsed payload', async () => {
    const greeting = defineTopic(
      'test.greeting',
      z.strictObject({ to: z.string(), times: z.number().int() }),
    );
    const received: { to: string; times: number }[] = [];
    await enqueue(
      database.db,
      greeting.message({ to: 'a@example.com', times: 2 }, { idempotencyKey: 'greeting-1', maxAttempts: 4 }),
    );
    expect(await row('greeting-1')).toMatchObject({
      topic: 'test.greeting',
      payload: { to: 'a@example.com', times: 2 },
      maxAttempts: 4,
    });
    await worker({
      [greeting.name]: greeting.handler(async (payload) => void received.push(payload)),
    }).drain();
    expect(received).toEqual([{ to: 'a@example.com', times: 2 }]);
    expect(await row('greeting-1')).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('refuses to write a message whose payload does not match its topic', () => {
    const greeting = defineTopic('test.greeting', z.strictObject({ to: z.string() }));
    expect(() => greeting.message({ to: 42 } as never)).toThrow(z.ZodError);
    expect(() => greeting.message({ to: 'a@example.com', cc: 'b@example.com' } as never)).toThrow(z.ZodError);
  });

  it('parks a row whose payload does not match its topic as dead at once, with zod’s message, and never runs the handler', async () => {
    const greeting = defineTopic('test.malformed', z.strictObject({ to: z.string() }));
    let calls = 0;
    // A row written by hand (or by an older version of the code) with a payload the topic does not take.
    await enqueue(database.db, {
      topic: greeting.name,
      payload: { to: 42 },
      idempotencyKey: 'malformed-1',
      maxAttempts: 8,
    });
    const w = worker({ [greeting.name]: greeting.handler(async () => void calls++) });
    expect(await w.drain()).toBe(1);

    const parked = await row('malformed-1');
    expect(parked).toMatchObject({ status: 'dead', attempts: 1 });
    expect(parked.lastError).toBe(z.prettifyError(greeting.schema.safeParse({ to: 42 }).error!));
    expect(parked.lastError).toContain('expected string, received number');
    expect(parked.lastError).toContain('→ at to');
    expect(calls).toBe(0);
    await makeDue('malformed-1');
    expect(await w.drain()).toBe(0);
    expect(calls).toBe(0);
  });

  it('runs the same idempotency key once, however often it is enqueued', async () => {
    let calls = 0;
    const message = { topic: 'test.idem', payload: { v: 1 }, idempotencyKey: 'idem-1' };
    await enqueue(database.db, message);
    await database.db.transaction((tx) => enqueue(tx, { ...message, payload: { v: 2 } }));
    const w = worker({ 'test.idem': async () => void calls++ });
    await w.drain();
    await enqueue(database.db, message);
    await w.drain();

    expect(calls).toBe(1);
    expect(await database.db.select().from(outbox).where(eq(outbox.idempotencyKey, 'idem-1'))).toHaveLength(
      1,
    );
    expect((await row('idem-1')).payload).toEqual({ v: 1 });
  });

  it('leaves a row claimed by another worker alone until its lease ends', async () => {
    let calls = 0;
    await enqueue(database.db, { topic: 'test.lease', payload: {}, idempotencyKey: 'lease-1' });
    await database.query(
      `UPDATE outbox SET locked_until = now() + interval '1 minute', attempts = 1 WHERE idempotency_key = 'lease-1'`,
    );
    const w = worker({ 'test.lease': async () => void calls++ });
    expect(await w.drain()).toBe(0);

    await database.query(
      `UPDATE outbox SET locked_until = now() - interval '1 second' WHERE idempotency_key = 'lease-1'`,
    );
    expect(await w.drain()).toBe(1);
    expect(calls).toBe(1);
    expect(await row('lease-1')).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('never runs a row twice when two workers drain at the same time', async () => {
    const count = 50;
    await enqueue(
      database.db,
      Array.from({ length: count }, (_, i) => ({
        topic: 'test.race',
        payload: { i },
        idempotencyKey: `race-${i}`,
      })),
    );
    const runs = new Map<number, number>();
    const handler: OutboxHandler = async (job) => {
      const i = job.payload.i as number;
      runs.set(i, (runs.get(i) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
    };
    const a = worker({ 'test.race': handler }, { batchSize: 4 });
    const b = worker({ 'test.race': handler }, { batchSize: 4 });

    const [ranA, ranB] = await Promise.all([a.drain(), b.drain()]);
    expect(ranA + ranB).toBe(count);
    expect(runs.size).toBe(count);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    const done = await database.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM outbox WHERE topic = 'test.race' AND status = 'done' AND attempts = 1`,
    );
    expect(Number(done[0]!.n)).toBe(count);
  });
});

describe.each(engines)('mail through the outbox on %s', (engine: Engine) => {
  let failing: TestApp;
  let live: TestApp;
  const brokenTransport: MailTransport = {
    kind: 'smtp',
    async send() {
      throw new Error('mail server down');
    },
    close() {},
  };
  beforeAll(async () => {
    [failing, live] = await Promise.all([
      createTestApp(engine, {}, { mailTransport: brokenTransport }),
      createTestApp(engine),
    ]);
  });
  afterAll(() => Promise.all([failing.close(), live.close()]));

  async function mailRowsTo(t: TestApp, email: string) {
    const rows = await t.database.db.select().from(outbox).where(sql`${outbox.payload}->>'to' = ${email}`);
    return rows;
  }

  it('never fails a sign-up because the mail server fails, and records the error on the row', async () => {
    const email = uniqueEmail();
    const response = await postSignUp(client(failing.app), email);
    expect(response.statusCode).toBe(201);

    await expect(failing.deliverMail()).resolves.toBeUndefined();
    const [row] = await mailRowsTo(failing, email);
    expect(row).toMatchObject({
      topic: 'mail.send',
      status: 'pending',
      attempts: 1,
      lastError: 'mail server down',
    });
    expect(row!.runAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('never fails a password reset request because the mail server fails', async () => {
    const { email } = await signUp(failing.app);
    const response = await client(failing.app).post('/api/auth/password/forgot', { email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.resetSuccess });
    await failing.deliverMail();
    const rows = await mailRowsTo(failing, email);
    expect(rows.length).toBe(2);
    for (const r of rows) expect(r.lastError).toBe('mail server down');
  });

  it('parks a mail row without a recipient as dead at once, with zod’s message, and sends nothing', async () => {
    await enqueue(live.database.db, {
      topic: 'mail.send',
      payload: { subject: 'No recipient', text: 'Nobody reads this.' },
      idempotencyKey: 'mail-malformed-1',
    });
    await live.deliverMail();
    const [row] = await live.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotencyKey, 'mail-malformed-1'));
    expect(row).toMatchObject({ status: 'dead', attempts: 1 });
    expect(row!.lastError).toContain('expected string, received undefined');
    expect(row!.lastError).toContain('→ at to');
    expect(await live.database.db.select().from(mailbox).where(eq(mailbox.subject, 'No recipient'))).toEqual(
      [],
    );
  });

  it('stores a mail job that runs again (a lost lease, a crash) only once in the mailbox', async () => {
    const { email } = await signUp(live.app);
    await live.deliverMail();
    await live.database.query(
      `UPDATE outbox SET status = 'pending', run_at = now() - interval '1 second' WHERE payload->>'to' = $1`,
      [email],
    );
    await live.deliverMail();
    const [row] = await mailRowsTo(live, email);
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
    expect(await live.database.db.select().from(mailbox).where(eq(mailbox.to, email))).toHaveLength(1);
  });

  it('sends the mail of a request right after its commit when the worker runs, without waiting for a poll', async () => {
    live.app.worker.start();
    try {
      const email = uniqueEmail();
      await signUp(live.app, { email });
      const deadline = Date.now() + 5_000;
      let rows: unknown[] = [];
      while (Date.now() < deadline) {
        rows = await live.database.db.select().from(mailbox).where(eq(mailbox.to, email));
        if (rows.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(rows).toHaveLength(1);
    } finally {
      await live.app.worker.stop();
    }
  });
});
