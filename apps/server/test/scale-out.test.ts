import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LiveTopic } from '@intergen/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, migrationsFolder, openDatabase } from '../src/db/client.ts';
import { connectionRequests, crmDeals, domainEvents, outbox, users } from '../src/db/schema.ts';
import { setPasswordHashCost } from '../src/lib/crypto.ts';
import { mailTopic } from '../src/modules/mail/index.ts';
import { enqueue } from '../src/outbox/outbox.ts';
import { acted, bucketIds, member, sent, suggest } from './connections.support.ts';
import type { Member } from './factories.ts';
import { APP_URL, engines, freshDatabase, type TestApp, testConfig } from './helpers.ts';
import { asTestApp, openStream, type SseBlock, type Stream } from './live.support.ts';
import { freePort, shellEnv, startServer } from './processes.ts';
import {
  Deliveries,
  emptyDatabase,
  httpMember,
  type Instance,
  startInstance,
  startProcess,
  startSilentSmtp,
  stopInstance,
  until,
  urlOf,
} from './scale-out.support.ts';

/**
 * Scale-out proof: two app instances and two outbox workers on one PostgreSQL database. Members on
 * different instances connect and see each other's changes live; every outbox row is delivered once; an
 * instance killed mid-request (a real process, SIGKILL) loses nothing it acknowledged, and the rows its worker
 * had claimed are delivered by the other worker once their lease has run out.
 *
 * PostgreSQL only: an embedded database belongs to one process. CI always sets TEST_DATABASE_URL.
 */
const onPostgres = engines.includes('postgres');

const tokenOf = (m: Member) => m.client.cookies.get('intergen_session')!;
const changed = (topic: LiveTopic) => (b: SseBlock) =>
  b.event === 'change' && (JSON.parse(b.data ?? '{}').topics as LiveTopic[]).includes(topic);
const countOf = (stream: Stream, topic: LiveTopic) => stream.blocks.filter(changed(topic)).length;

/** The outbox rows, oldest first. */
const outboxRows = (database: Database) =>
  database.db
    .select({
      id: outbox.id,
      topic: outbox.topic,
      status: outbox.status,
      attempts: outbox.attempts,
      key: outbox.idempotencyKey,
      lockedUntil: outbox.lockedUntil,
      lastError: outbox.lastError,
    })
    .from(outbox)
    .orderBy(asc(outbox.id));

/** Outbox rows not done yet (the CRM's contact updates wait 10 s after a contact is made). */
const undone = async (database: Database) =>
  (await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE status <> 'done'`))[0]!.n;

describe.skipIf(!onPostgres)(
  'two app instances and two workers on one PostgreSQL',
  { timeout: 180_000 },
  () => {
    let owner: Database;
    let a: Instance;
    let b: Instance;
    let ta: TestApp;
    let tb: TestApp;
    const deliveries = new Deliveries();

    beforeAll(async () => {
      setPasswordHashCost('fast');
      owner = await freshDatabase('postgres');
      const url = await urlOf(owner);
      a = await startInstance('A', url, deliveries);
      b = await startInstance('B', url, deliveries);
      ta = asTestApp(a.app, a.database);
      tb = asTestApp(b.app, b.database);
    });
    afterAll(async () => {
      if (b) await stopInstance(b);
      if (a) await stopInstance(a);
      await owner?.close();
    });

    it('a company on A asks, the expert on B sees it live and accepts, and the company sees that live on A', async () => {
      const company = await member(ta, 'company');
      const expert = await member(tb, 'expert');
      const suggestionId = await suggest(ta, expert, company);
      const companyStream = await openStream(a.base, tokenOf(company));
      const expertStream = await openStream(b.base, tokenOf(expert));
      try {
        await companyStream.waitFor((x) => x.retry !== undefined);
        await expertStream.waitFor((x) => x.retry !== undefined);

        await sent(company, suggestionId, 'Hello from instance A');
        await expertStream.waitFor(changed('connections'), 30_000);
        await companyStream.waitFor(changed('connections'), 30_000);
        expect((await bucketIds(expert)).received).toEqual([suggestionId]);

        const before = countOf(companyStream, 'connections');
        await acted(expert, suggestionId, 'accept');
        await until(
          'the company’s stream on A hears the acceptance',
          () => countOf(companyStream, 'connections') > before,
        );
        expect(await bucketIds(company)).toMatchObject({ sent: [], unrated: [suggestionId] });
        expect((await bucketIds(expert)).unrated).toEqual([suggestionId]);
      } finally {
        companyStream.close();
        expertStream.close();
      }
    });

    it('delivers each outbox row exactly once while both workers drain a burst of work', async () => {
      // Work made through both instances: ten pairs, each asking through one instance and accepting through the other.
      const pairs = await Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const [home, away] = i % 2 ? [ta, tb] : [tb, ta];
          const company = await member(home, 'company');
          const expert = await member(away, 'expert');
          return { company, expert, suggestionId: await suggest(home, expert, company) };
        }),
      );
      await Promise.all(pairs.map((p) => sent(p.company, p.suggestionId, 'A burst')));
      await Promise.all(pairs.map((p) => acted(p.expert, p.suggestionId, 'accept')));

      // Then 300 e-mails committed at once, as many transactions' notifications would queue them. Each worker's
      // first send waits until the other has one in hand too, so both are seen taking rows from the same queue.
      const started = new Set<string>();
      deliveries.before = async (instance) => {
        started.add(instance);
        await until('both workers sending', () => started.size === 2);
      };
      try {
        await owner.db.transaction(async (tx) => {
          await enqueue(
            tx,
            Array.from({ length: 300 }, (_, i) =>
              mailTopic.message({
                to: `burst.${i}@example.com`,
                subject: `Burst ${i}`,
                text: 'Once, please.',
              }),
            ),
          );
        });
        a.app.worker.nudge();
        b.app.worker.nudge();
        await until('every outbox row done', async () => (await undone(owner)) === 0, 120_000);
      } finally {
        deliveries.before = null;
      }

      const rows = await outboxRows(owner);
      expect(rows.filter((r) => r.status !== 'done')).toEqual([]);
      // A claim adds one to attempts: every row was claimed once, by one worker, and succeeded.
      expect(rows.filter((r) => r.attempts !== 1)).toEqual([]);
      const mailKeys = rows.filter((r) => r.topic === mailTopic.name).map((r) => r.key);
      expect(mailKeys.length).toBeGreaterThanOrEqual(300 + 2 * pairs.length);
      expect(deliveries.doubled()).toEqual([]);
      expect([...deliveries.byKey.keys()].sort()).toEqual([...mailKeys].sort());
      expect(deliveries.sentBy('A')).toBeGreaterThan(0);
      expect(deliveries.sentBy('B')).toBeGreaterThan(0);
      // The CRM's deliveries: one deal per request, in its accepted stage.
      for (const p of pairs) {
        const deals = await owner.db.select().from(crmDeals).where(eq(crmDeals.dealKey, p.suggestionId));
        expect(deals).toHaveLength(1);
      }
    });
  },
);

describe.skipIf(!onPostgres)('an instance killed mid-request on PostgreSQL', { timeout: 300_000 }, () => {
  let owner: Database;
  let url: string;
  let b: Instance;
  let smtp: Awaited<ReturnType<typeof startSilentSmtp>>;
  let dataDir: string;
  let killed: Promise<NodeJS.Signals | null> = Promise.resolve(null);
  let kill = () => {};
  const deliveries = new Deliveries();

  beforeAll(async () => {
    setPasswordHashCost('fast');
    owner = await freshDatabase('postgres');
    url = await urlOf(owner);
    smtp = await startSilentSmtp();
    // Instance B's worker stays off until the other instance is dead: every claim before that is the other's.
    b = await startInstance('B', url, deliveries, { worker: false });
    dataDir = mkdtempSync(path.join(tmpdir(), 'intergen-scale-out-'));
  });
  afterAll(async () => {
    kill();
    await killed;
    if (b) await stopInstance(b);
    await smtp?.close();
    await owner?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no acknowledged change, and the other worker delivers what the dead one had claimed', async () => {
    const tb = asTestApp(b.app, b.database);
    // Forty pairs signed up through B, eight at a time (the password hashing queue answers 503 past 32 waiting);
    // their verification mails wait in the outbox.
    const pairs: { company: Member; expert: Member; suggestionId: string }[] = [];
    while (pairs.length < 40) {
      pairs.push(
        ...(await Promise.all(
          Array.from({ length: 8 }, async () => {
            const company = await member(tb, 'company');
            const expert = await member(tb, 'expert');
            return { company, expert, suggestionId: await suggest(tb, expert, company) };
          }),
        )),
      );
    }

    // Instance P: `npm start` in its own process on the same database, mailing through an SMTP server that never
    // answers, so its worker holds the rows it claims.
    const port = await freePort();
    const server = await startServer(
      shellEnv(dataDir, {
        DATABASE_URL: url,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        RATE_LIMIT_MULTIPLIER: '1000',
      }),
    );
    killed = new Promise((resolve) => server.child.once('exit', (_code, signal) => resolve(signal)));
    kill = () => {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    };
    const p = `http://127.0.0.1:${port}`;
    const claimedByP = async () =>
      (await outboxRows(owner)).filter((r) => r.status === 'pending' && r.attempts > 0);
    await until(
      'P’s worker claims rows and starts sending',
      async () => (await claimedByP()).length > 0 && smtp.connections() > 0,
    );

    // The burst through P: each company asks, then its expert accepts; eight at a time.
    const acknowledged: { id: string; step: 'requested' | 'accepted' }[] = [];
    const cutOff: { id: string; step: string; error: string }[] = [];
    const refused: { id: string; step: string; status: number; body: string }[] = [];
    let next = 0;
    let inFlight = 0;
    let inFlightAtKill = -1;
    async function lane() {
      while (next < pairs.length && inFlightAtKill < 0) {
        const pair = pairs[next++]!;
        for (const [step, who, url, body] of [
          [
            'requested',
            pair.company,
            '/api/connections',
            { suggestionId: pair.suggestionId, message: 'Via P' },
          ],
          ['accepted', pair.expert, `/api/connections/${pair.suggestionId}/accept`, {}],
        ] as const) {
          if (inFlightAtKill >= 0) return;
          inFlight++;
          try {
            const response = await httpMember(p, tokenOf(who)).post(url, body);
            if (response.status >= 300) {
              refused.push({ id: pair.suggestionId, step, status: response.status, body: response.body });
              return;
            }
            acknowledged.push({ id: pair.suggestionId, step });
          } catch (error) {
            cutOff.push({ id: pair.suggestionId, step, error: String(error) });
            return;
          } finally {
            inFlight--;
          }
          // The tenth acknowledgement kills P on the spot, while the other lanes wait for their answers.
          if (acknowledged.length === 10) {
            inFlightAtKill = inFlight;
            kill();
          }
        }
      }
    }
    await Promise.all(Array.from({ length: 8 }, lane));
    expect(await killed).toBe('SIGKILL');

    // P's worker died holding its claimed rows. While their lease lasts, B's worker leaves them alone.
    const held = await claimedByP();
    expect(held.length).toBeGreaterThan(0);
    await b.app.worker.drain();
    const stillHeld = (await outboxRows(owner)).filter((r) => held.some((h) => h.id === r.id));
    expect(stillHeld.every((r) => r.status === 'pending' && r.lockedUntil! > new Date())).toBe(true);
    for (const r of held) expect(deliveries.byKey.has(r.key)).toBe(false);

    expect(refused).toEqual([]);
    // Requests were in flight when P died (eight lanes, forty pairs: most of the work was still to come), and
    // their callers were cut off.
    expect(inFlightAtKill).toBeGreaterThan(0);
    expect(cutOff.length).toBeGreaterThan(0);

    // Every acknowledged change is there, as the other instance serves it.
    for (const { id, step } of acknowledged) {
      const pair = pairs.find((x) => x.suggestionId === id)!;
      const [company, expert] = [await bucketIds(pair.company), await bucketIds(pair.expert)];
      if (step === 'accepted') {
        expect(company.unrated, id).toContain(id);
        expect(expert.unrated, id).toContain(id);
      } else {
        expect([...company.sent, ...company.unrated], id).toContain(id);
        expect([...expert.received, ...expert.unrated], id).toContain(id);
      }
    }
    // And nothing half-made: each request that exists has its events, each accepted one its acceptance; a request
    // cut off before its commit left no trace.
    const requests = await owner.db.select().from(connectionRequests);
    const events = await owner.db
      .select({ type: domainEvents.type, payload: domainEvents.payload })
      .from(domainEvents)
      .where(sql`${domainEvents.type} like 'connection.%'`);
    const eventsOf = (id: string) => events.filter((e) => e.payload.requestId === id).map((e) => e.type);
    for (const r of requests) {
      expect(eventsOf(r.id), r.id).toEqual(
        r.accepted ? ['connection.requested', 'connection.accepted'] : ['connection.requested'],
      );
    }
    const ids = new Set(requests.map((r) => r.id));
    for (const e of events) expect(ids.has(e.payload.requestId as string)).toBe(true);

    // The lease (60 s) runs out; rather than wait a minute, the test moves its end to now. B then delivers them.
    await owner.db
      .update(outbox)
      .set({ lockedUntil: sql`now()` })
      .where(
        sql`${outbox.id} in (${sql.join(
          held.map((h) => sql`${h.id}`),
          sql`, `,
        )})`,
      );
    b.app.worker.start();
    await until('every outbox row done', async () => (await undone(owner)) === 0, 120_000);

    const rows = await outboxRows(owner);
    for (const r of held) expect(deliveries.byKey.get(r.key), r.key).toEqual(['B']);
    const mailKeys = rows.filter((r) => r.topic === mailTopic.name).map((r) => r.key);
    expect(deliveries.doubled()).toEqual([]);
    expect([...deliveries.byKey.keys()].sort()).toEqual([...mailKeys].sort());
    // P's rows were claimed twice (once by P, once by B); every other row once.
    expect(rows.filter((r) => r.attempts !== (held.some((h) => h.id === r.id) ? 2 : 1))).toEqual([]);
  });

  it('an instance stopped (SIGTERM) while its worker waits on a mail server that never answers still exits, and gives back the rows it had not started', async () => {
    await b.app.worker.stop();
    const keys = Array.from({ length: 5 }, (_, i) => `scale-out.stuck.${i}.${Date.now()}`);
    await owner.db.transaction(async (tx) => {
      await enqueue(
        tx,
        keys.map((key, i) =>
          mailTopic.message(
            { to: `stuck.${i}@example.com`, subject: 'Stuck', text: '…' },
            { idempotencyKey: key },
          ),
        ),
      );
    });
    const rowsOf = async () => (await outboxRows(owner)).filter((r) => keys.includes(r.key));
    const port = await freePort();
    const connectionsBefore = smtp.connections();
    const server = await startProcess(
      shellEnv(dataDir, {
        DATABASE_URL: url,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      }),
    );
    const exited = new Promise<number | string | null>((resolve) =>
      server.child.once('exit', (code, signal) => resolve(code ?? signal)),
    );
    killed = exited.then(() => null);
    kill = () => {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    };
    // Its worker claims the five in one batch and waits on the first.
    await until('the worker claims the batch and starts sending', async () => {
      const rows = await rowsOf();
      return smtp.connections() > connectionsBefore && rows.every((r) => r.attempts === 1);
    });

    // SIGTERM: the instance exits (after at most the worker's 10 s grace) instead of waiting for the mail server.
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const [inHand, ...rest] = await rowsOf();
    expect(inHand).toMatchObject({ status: 'pending', attempts: 1 });
    expect(inHand!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    // The four it had not started are due again at once, for any worker.
    for (const r of rest) expect(r).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });

    b.app.worker.start();
    await until('B delivers the four', () => keys.slice(1).every((k) => deliveries.byKey.has(k)));
    expect(deliveries.byKey.has(keys[0]!)).toBe(false);
    // The lease of the one in hand runs out (moved to now, as above); then B delivers it too, once.
    await owner.db.update(outbox).set({ lockedUntil: sql`now()` }).where(eq(outbox.id, inHand!.id));
    await until('B delivers the one in hand', () => deliveries.byKey.has(keys[0]!));
    for (const key of keys) expect(deliveries.byKey.get(key), key).toEqual(['B']);
  });
});

describe.skipIf(!onPostgres)('instances starting together on PostgreSQL', () => {
  it('each opens a fresh database at the same moment: the migrations run once, one instance after the other', async () => {
    const empty = await emptyDatabase();
    try {
      const opened = await Promise.allSettled(
        [1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: empty.url })),
      );
      for (const o of opened) if (o.status === 'fulfilled') await o.value.close();
      expect(opened.map((o) => (o.status === 'rejected' ? String(o.reason) : 'open'))).toEqual([
        'open',
        'open',
        'open',
      ]);
      const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
      const check = await openDatabase({ kind: 'postgres', url: empty.url });
      try {
        const [row] = await check.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
        );
        expect(row!.n).toBe(journal.entries.length);
      } finally {
        await check.close();
      }
    } finally {
      await empty.drop();
    }
  });

  it('each makes the first admin at the same moment, as `npm start` does: all succeed, one admin account', async () => {
    const database = await freshDatabase('postgres');
    const apps = await Promise.all(
      [1, 2, 3].map(() => buildApp({ config: testConfig(), database, printMail: () => {}, logger: false })),
    );
    try {
      const made = await Promise.allSettled(
        apps.map((app) => app.services.auth.createAdmin('admin@localhost')),
      );
      expect(made.map((m) => (m.status === 'rejected' ? String(m.reason) : 'made'))).toEqual([
        'made',
        'made',
        'made',
      ]);
      const admins = await database.db.select().from(users).where(eq(users.email, 'admin@localhost'));
      expect(admins).toHaveLength(1);
    } finally {
      for (const app of apps) await app.close();
      await database.close();
    }
  });
});
