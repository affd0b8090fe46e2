import { Writable } from 'node:stream';
import type { OutboxRow } from '@intergen/contracts';
import { messages, outboxTexts } from '@intergen/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, mailbox, outbox } from '../src/db/schema.ts';
import { enqueue } from '../src/outbox/outbox.ts';
import { type Client, signInAdmin, signUpMember } from './factories.ts';
import { client, createTestApp, type Engine, engines, type TestApp, uniqueEmail } from './helpers.ts';

/** Every line the app logs, as JSON objects. */
function capture() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const entries = () =>
    chunks
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { stream, entries };
}

/** An outbox row as a test needs it: written through `enqueue`, then set to the state under test. */
interface Seed {
  key: string;
  topic?: string;
  payload?: Record<string, unknown>;
  status?: 'pending' | 'done' | 'dead';
  attempts?: number;
  lastError?: string | null;
  /** Seconds from now (negative: in the past). */
  runIn?: number;
  lockedFor?: number;
  processedAgo?: number;
}

describe.each(engines)('the admin outbox on %s', (engine: Engine) => {
  let t: TestApp;
  let admin: { client: Client; id: string };
  let member: Client;
  let log: ReturnType<typeof capture>;
  beforeAll(async () => {
    log = capture();
    t = await createTestApp(engine, { LOG_LEVEL: 'info' }, { logger: { level: 'info', stream: log.stream } });
    admin = await signInAdmin(t);
    member = (await signUpMember(t.app, 'expert')).client;
  });
  afterAll(() => t.close());
  // Each test reads an outbox of its own rows only (sign-ups and sign-ins queue mail).
  beforeEach(async () => {
    await t.database.query('DELETE FROM outbox');
  });

  async function seed(s: Seed): Promise<number> {
    const topic = s.topic ?? 'mail.send';
    await enqueue(t.database.db, {
      topic,
      payload: s.payload ?? { to: `${s.key}@example.com`, subject: `About ${s.key}`, text: 'Hello' },
      idempotencyKey: s.key,
    });
    const seconds = (n: number | undefined) => sql`now() + make_interval(secs => ${n ?? 0})`;
    const [row] = await t.database.db
      .update(outbox)
      .set({
        status: s.status ?? 'pending',
        attempts: s.attempts ?? 0,
        lastError: s.lastError ?? null,
        runAt: seconds(s.runIn),
        lockedUntil: s.lockedFor === undefined ? null : seconds(s.lockedFor),
        processedAt: s.processedAgo === undefined ? null : seconds(-s.processedAgo),
      })
      .where(eq(outbox.idempotencyKey, s.key))
      .returning({ id: outbox.id });
    return row!.id;
  }
  /** The audit log's entries about one outbox row. */
  const audited = async (id: number) =>
    (
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, String(id)))
    ).map((e) => ({
      actorId: e.actorId,
      action: e.action,
      details: e.details,
    }));
  const statusOf = async (id: number) =>
    (await t.database.db.select().from(outbox).where(eq(outbox.id, id)))[0];
  const rows = async (query = ''): Promise<{ rows: OutboxRow[]; nextCursor: string | null }> => {
    const response = await admin.client.get(`/api/admin/outbox/rows${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('is for admins only: 401 for signed-out browsers, 403 for members', async () => {
    const id = await seed({ key: 'guarded', status: 'dead' });
    const routes: ['GET' | 'POST', string][] = [
      ['GET', '/api/admin/outbox/summary'],
      ['GET', '/api/admin/outbox/rows'],
      ['POST', `/api/admin/outbox/rows/${id}/retry`],
      ['POST', `/api/admin/outbox/rows/${id}/discard`],
    ];
    const outsider = client(t.app);
    for (const [method, url] of routes) {
      const signedOut = method === 'GET' ? await outsider.get(url) : await outsider.post(url, {});
      expect(signedOut.statusCode, `${method} ${url}`).toBe(401);
      expect(signedOut.json().error.message).toBe(messages.notSignedIn);
      const asMember = method === 'GET' ? await member.get(url) : await member.post(url, {});
      expect(asMember.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await statusOf(id))?.status).toBe('dead');
  });

  it('counts each topic’s due, running, retrying, dead and recently done rows, and the oldest due row’s age', async () => {
    await seed({ key: 'due-old', runIn: -90 });
    await seed({ key: 'due-new' });
    await seed({ key: 'failed-once', attempts: 1, lastError: 'timeout', runIn: 30 });
    await seed({ key: 'later', runIn: 600 });
    await seed({ key: 'claimed', attempts: 1, lockedFor: 60 });
    await seed({ key: 'parked', status: 'dead', attempts: 8, lastError: 'refused' });
    await seed({ key: 'sent', status: 'done', processedAgo: 3600 });
    await seed({ key: 'sent-long-ago', status: 'done', processedAgo: 2 * 86_400 });
    await seed({ key: 'crm-parked', topic: 'crm.event', payload: { type: 'x' }, status: 'dead' });

    const response = await admin.client.get('/api/admin/outbox/summary');
    expect(response.statusCode, response.body).toBe(200);
    const topics: { topic: string; oldestDueAgeMs: number | null }[] = response.json().topics;
    const mail = topics.find((s) => s.topic === 'mail.send')!;
    expect(mail).toMatchObject({ due: 2, running: 1, retrying: 2, dead: 1, doneLastDay: 1 });
    expect(mail.oldestDueAgeMs).toBeGreaterThanOrEqual(89_000);
    expect(mail.oldestDueAgeMs).toBeLessThan(200_000);
    expect(topics.find((s) => s.topic === 'crm.event')).toMatchObject({ dead: 1, oldestDueAgeMs: null });
    // Every topic the worker handles has its card, rows or not, by name.
    const names = topics.map((s) => s.topic);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).toEqual(expect.arrayContaining(['matching.run', 'notifications.email', 'crm.contact']));
    expect(topics.find((s) => s.topic === 'matching.run')).toMatchObject({
      due: 0,
      running: 0,
      retrying: 0,
      dead: 0,
      doneLastDay: 0,
      oldestDueAgeMs: null,
    });
  });

  it("lists open rows by topic and status with what they carry (an e-mail's recipient and subject), attempts and last error, never the body", async () => {
    const due = await seed({
      key: 'list-due',
      payload: { to: 'a@example.com', subject: 's', text: 'secret-link' },
    });
    const running = await seed({ key: 'list-running', attempts: 1, lockedFor: 60 });
    const retrying = await seed({ key: 'list-retrying', attempts: 2, lastError: 'timeout', runIn: 30 });
    const dead = await seed({ key: 'list-dead', status: 'dead', attempts: 8, lastError: 'SMTP refused' });
    const event = await seed({
      key: 'list-event',
      topic: 'crm.event',
      payload: { type: 'connection.accepted', id: 1 },
      status: 'dead',
      attempts: 16,
    });
    await seed({ key: 'list-done', status: 'done', processedAgo: 10 });

    const all = await rows();
    expect(all.rows.map((r) => r.id)).toEqual([event, dead, retrying, running, due]);
    expect(all.nextCursor).toBeNull();
    expect(JSON.stringify(all)).not.toContain('secret-link');
    expect(all.rows.find((r) => r.id === dead)).toMatchObject({
      topic: 'mail.send',
      description: 'mail.send',
      state: 'dead',
      attempts: 8,
      maxAttempts: 8,
      lastError: 'SMTP refused',
      // An e-mail shows whom it is for and its subject (never its body).
      mail: { to: 'list-dead@example.com', subject: 'About list-dead' },
    });
    expect(all.rows.find((r) => r.id === due)?.mail).toEqual({ to: 'a@example.com', subject: 's' });
    expect(all.rows.find((r) => r.id === event)).toMatchObject({
      description: 'connection.accepted',
      attempts: 16,
      mail: null,
    });
    expect(all.rows.find((r) => r.id === running)?.state).toBe('running');
    expect(all.rows.find((r) => r.id === retrying)?.state).toBe('retrying');
    expect(all.rows.find((r) => r.id === due)?.state).toBe('pending');

    expect((await rows('?status=pending')).rows.map((r) => r.id)).toEqual([running, due]);
    expect((await rows('?status=retrying')).rows.map((r) => r.id)).toEqual([retrying]);
    expect((await rows('?status=dead')).rows.map((r) => r.id)).toEqual([event, dead]);
    expect((await rows('?status=dead&topic=crm.event')).rows.map((r) => r.id)).toEqual([event]);
    expect((await rows('?topic=crm.event&status=pending')).rows).toEqual([]);
    expect((await rows('?topic=no.such.topic')).rows).toEqual([]);
    expect((await rows('?order=oldest')).rows.map((r) => r.id)).toEqual([
      due,
      running,
      retrying,
      dead,
      event,
    ]);
  });

  it('pages 25 rows at a time with a cursor, newest or oldest first', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push(await seed({ key: `page-${i}`, status: 'dead' }));
    const first = await rows('?status=dead');
    expect(first.rows).toHaveLength(25);
    expect(first.rows[0]!.id).toBe(ids[29]);
    expect(first.nextCursor).toBe(String(ids[5]));
    const second = await rows(`?status=dead&cursor=${first.nextCursor}`);
    expect(second.rows.map((r) => r.id)).toEqual(ids.slice(0, 5).reverse());
    expect(second.nextCursor).toBeNull();

    const oldest = await rows('?status=dead&order=oldest');
    expect(oldest.rows[0]!.id).toBe(ids[0]);
    const rest = await rows(`?status=dead&order=oldest&cursor=${oldest.nextCursor}`);
    expect(rest.rows.map((r) => r.id)).toEqual(ids.slice(25));
  });

  it('retries a dead row: due now with fresh attempts, the worker delivers it, and the action is audited', async () => {
    const to = uniqueEmail('retried');
    const id = await seed({
      key: 'retry-dead',
      payload: { to, subject: 'Back from the dead', text: 'Hello again' },
      status: 'dead',
      attempts: 8,
      lastError: 'SMTP refused',
      runIn: 3600,
    });
    const response = await admin.client.post(`/api/admin/outbox/rows/${id}/retry`);
    expect(response.statusCode, response.body).toBe(204);
    expect(await statusOf(id)).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
    expect((await rows('?status=pending')).rows.map((r) => r.id)).toEqual([id]);

    await t.app.worker.drain();
    expect(await statusOf(id)).toMatchObject({ status: 'done', attempts: 1, lastError: null });
    const sent = await t.database.db.select().from(mailbox).where(eq(mailbox.to, to));
    expect(sent.map((m) => m.subject)).toEqual(['Back from the dead']);
    expect((await rows()).rows).toEqual([]);
    expect(log.entries()).toContainEqual(
      expect.objectContaining({
        audit: 'outbox.retry',
        adminId: admin.id,
        outboxId: id,
        topic: 'mail.send',
        msg: 'admin retried an outbox row',
      }),
    );

    expect(await audited(id)).toEqual([
      { actorId: admin.id, action: 'outbox.retry', details: { topic: 'mail.send' } },
    ]);

    // Delivered: nothing left to retry, and a refused action records nothing.
    const again = await admin.client.post(`/api/admin/outbox/rows/${id}/retry`);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: 'INVALID_STATE', message: outboxTexts.notRetryable });
    expect(await audited(id)).toHaveLength(1);
  });

  it('retries a row waiting for its next try at once, but refuses one a worker is running', async () => {
    const waiting = await seed({ key: 'retry-waiting', attempts: 3, lastError: 'timeout', runIn: 3600 });
    expect((await admin.client.post(`/api/admin/outbox/rows/${waiting}/retry`)).statusCode).toBe(204);
    const row = await statusOf(waiting);
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expect(row!.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 5_000);

    const running = await seed({ key: 'retry-running', attempts: 1, lockedFor: 60 });
    const refused = await admin.client.post(`/api/admin/outbox/rows/${running}/retry`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(outboxTexts.notRetryable);
    expect(await statusOf(running)).toMatchObject({ status: 'pending', attempts: 1 });
  });

  it('discards a dead row for good: kept as discarded, never listed or run again, and the action is audited', async () => {
    const id = await seed({ key: 'discard-dead', status: 'dead', attempts: 8, lastError: 'refused' });
    const response = await admin.client.post(`/api/admin/outbox/rows/${id}/discard`);
    expect(response.statusCode, response.body).toBe(204);
    const row = await statusOf(id);
    expect(row).toMatchObject({ status: 'discarded', attempts: 8, lastError: 'refused' });
    expect(row!.processedAt).not.toBeNull();
    expect((await rows()).rows).toEqual([]);
    const summary = (await admin.client.get('/api/admin/outbox/summary')).json();
    expect(summary.topics.find((s: { topic: string }) => s.topic === 'mail.send')).toMatchObject({ dead: 0 });
    expect(log.entries()).toContainEqual(
      expect.objectContaining({
        audit: 'outbox.discard',
        adminId: admin.id,
        outboxId: id,
        topic: 'mail.send',
      }),
    );
    expect(await audited(id)).toEqual([
      { actorId: admin.id, action: 'outbox.discard', details: { topic: 'mail.send' } },
    ]);

    // Not run, not retried, not discarded twice.
    await t.app.worker.drain();
    expect((await statusOf(id))?.status).toBe('discarded');
    const retry = await admin.client.post(`/api/admin/outbox/rows/${id}/retry`);
    expect(retry.statusCode).toBe(400);
    const twice = await admin.client.post(`/api/admin/outbox/rows/${id}/discard`);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toMatchObject({ code: 'INVALID_STATE', message: outboxTexts.notDiscardable });
  });

  it('refuses to discard a row that is not dead', async () => {
    const pending = await seed({ key: 'discard-pending', runIn: 3600 });
    const response = await admin.client.post(`/api/admin/outbox/rows/${pending}/discard`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(outboxTexts.notDiscardable);
    expect((await statusOf(pending))?.status).toBe('pending');
  });

  it('answers bad ids, cursors and filters with 400, and a row that does not exist with 404, never 500', async () => {
    for (const action of ['retry', 'discard']) {
      for (const id of ['abc', '0', '-3', '1.5', '99999999999999999999', '%00']) {
        const response = await admin.client.post(`/api/admin/outbox/rows/${id}/${action}`);
        expect(response.statusCode, `${action} ${id}`).toBe(400);
      }
      const missing = await admin.client.post(`/api/admin/outbox/rows/987654321/${action}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toMatchObject({ code: 'NOT_FOUND', message: outboxTexts.rowNotFound });
    }
    for (const query of [
      'cursor=abc',
      'cursor=0',
      'cursor=1e400',
      'status=done',
      'status=',
      'order=sideways',
    ]) {
      const response = await admin.client.get(`/api/admin/outbox/rows?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    const long = await admin.client.get(`/api/admin/outbox/rows?topic=${'t'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    // A cursor past every row is simply an empty page.
    expect((await rows('?cursor=1')).rows).toEqual([]);
  });
});
