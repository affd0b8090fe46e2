import { dealStages } from '@intergen/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { crmSentProperties, outbox } from '../src/db/schema.ts';
import { hubspotIds } from '../src/modules/crm/hubspot.gateway.ts';
import {
  createOutboxWorker,
  enqueue,
  type OutboxBatchHandler,
  type OutboxJob,
  RetryLaterError,
} from '../src/outbox/outbox.ts';
import { acted, member, pair, sent, suggest } from './connections.support.ts';
import { type CrmReader, crmReader, hubspotEnv, startCrmStub } from './crm.support.ts';
import { createTestApp, type Engine, engines, freshDatabase, type TestApp } from './helpers.ts';
import type { HubSpotStub } from './hubspot-stub.ts';

const silent = { info() {}, warn() {}, error() {} };

describe.each(engines)('the outbox’s batch handlers on %s', (engine: Engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(engine);
  });
  afterAll(() => database.close());
  afterEach(async () => {
    await database.query('DELETE FROM outbox');
  });

  const rows = async () =>
    (
      await database.query<{ idempotency_key: string; status: string; attempts: number }>(
        'SELECT idempotency_key, status, attempts FROM outbox ORDER BY id',
      )
    ).map((r) => [r.idempotency_key, r.status, r.attempts]);

  async function queue(topic: string, keys: string[]) {
    await enqueue(
      database.db,
      keys.map((k) => ({ topic, payload: { k }, idempotencyKey: k, orderingKey: k })),
    );
  }

  it('hands a topic’s claimed jobs over together, and settles each with its own outcome', async () => {
    await queue('b.topic', ['b-1', 'b-2']);
    await queue('single.topic', ['s-1']);
    await queue('b.topic', ['b-3']);
    const batches: string[][] = [];
    const batch: OutboxBatchHandler = async (jobs: OutboxJob[]) => {
      batches.push(jobs.map((j) => j.idempotencyKey));
      return new Map([[jobs[1]!.id, new Error('this one failed')]]);
    };
    const singles: string[] = [];
    const worker = createOutboxWorker({
      database,
      handlers: {
        'b.topic': async () => {},
        'single.topic': async (j) => void singles.push(j.idempotencyKey),
      },
      batchHandlers: { 'b.topic': batch },
      log: silent,
    });
    await worker.drain();
    expect(batches).toEqual([['b-1', 'b-2', 'b-3']]);
    expect(singles).toEqual(['s-1']);
    expect(await rows()).toEqual([
      ['b-1', 'done', 1],
      ['b-2', 'pending', 1],
      ['s-1', 'done', 1],
      ['b-3', 'done', 1],
    ]);
  });

  it('a batch told to wait gives every job its attempt back and pauses the topic', async () => {
    await queue('b.topic', ['b-1', 'b-2']);
    let runs = 0;
    const worker = createOutboxWorker({
      database,
      handlers: { 'b.topic': async () => {} },
      batchHandlers: {
        'b.topic': async () => {
          runs++;
          throw new RetryLaterError('HubSpot asked', 60_000);
        },
      },
      log: silent,
    });
    await worker.drain();
    expect(runs).toBe(1);
    expect(await rows()).toEqual([
      ['b-1', 'pending', 0],
      ['b-2', 'pending', 0],
    ]);
  });
});

describe.each(engines)('the HubSpot mirror in batches on %s', (engine: Engine) => {
  let t: TestApp;
  let stub: HubSpotStub;
  let crm: CrmReader;
  beforeAll(async () => {
    stub = await startCrmStub();
    const env = hubspotEnv(stub);
    t = await createTestApp(engine, env);
    crm = crmReader(t, stub, env);
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  const undone = async () =>
    t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(and(inArray(outbox.topic, ['crm.event', 'crm.contact']), sql`${outbox.status} <> 'done'`));

  async function deliverAll() {
    await t.database.db
      .update(outbox)
      .set({ runAt: sql`now()` })
      .where(and(inArray(outbox.topic, ['crm.event', 'crm.contact']), eq(outbox.status, 'pending')));
    await t.app.worker.drain();
  }

  it('delivers many deals’ steps in batch requests, within a limit of 100 per ten seconds', async () => {
    const pairs = [];
    for (let i = 0; i < 6; i++) pairs.push(await pair(t));
    await t.app.worker.drain();
    stub.reset();
    stub.limit({ tenSecondly: 100 });
    for (const p of pairs) await sent(p.company, p.suggestionId);
    await deliverAll();
    const afterCreate = stub.stats();
    for (const p of pairs) await acted(p.expert, p.suggestionId, 'accept');
    await deliverAll();
    await deliverAll();
    expect((await undone())[0]!.n).toBe(0);
    for (const p of pairs) {
      expect(await crm.deal(p.suggestionId)).toMatchObject({ stage: dealStages.complete });
      expect(await crm.dealCount(p.suggestionId)).toBe(1);
      expect(await crm.parties(p.suggestionId)).toEqual([p.expert.id, p.company.id].sort());
    }
    // Six deals made in one batch create, after one read of their keys and one of their twelve parties.
    expect(afterCreate.byRoute).toMatchObject({
      'POST /crm/v3/objects/deals/batch/read': 1,
      'POST /crm/v3/objects/deals/batch/create': 1,
    });
    expect(afterCreate.byRoute['POST /crm/v3/objects/deals']).toBeUndefined();
    expect(stub.stats().byRoute['POST /crm/v3/objects/deals/batch/update']).toBeGreaterThanOrEqual(1);
    // The twelve contacts were made in one batch create, and their full updates (crm.contact) sent in batches.
    expect(afterCreate.byRoute['POST /crm/v3/objects/contacts/batch/create']).toBe(1);
    expect(stub.stats().byRoute['POST /crm/v3/objects/contacts/batch/update']).toBeGreaterThanOrEqual(1);
    expect(stub.stats().byRoute['PATCH /crm/v3/objects/contacts/{id}']).toBeUndefined();
    expect(stub.stats().rateLimited.TEN_SECONDLY_ROLLING).toBe(0);
    stub.limit(null);
  });

  it('an input HubSpot refuses alone (207) fails only its job, through the single path', async () => {
    const known = await pair(t);
    await sent(known.company, known.suggestionId);
    await t.app.worker.drain();
    // The expert's contact was archived in HubSpot behind our back: the id we keep names no contact.
    const contact = stub.records('contacts').find((c) => c.properties[hubspotIds.member] === known.expert.id);
    const { Client } = await import('@hubspot/api-client');
    await new Client({ accessToken: stub.accessToken, basePath: stub.url }).crm.contacts.basicApi.archive(
      contact!.id,
    );
    const company = await member(t, 'company');
    const gone = { company, suggestionId: await suggest(t, known.expert, company) };
    const fine = await pair(t);
    await t.app.worker.drain();
    const before = stub.stats().byRoute['POST /crm/v3/objects/deals/batch/create'] ?? 0;
    await sent(gone.company, gone.suggestionId);
    await sent(fine.company, fine.suggestionId);
    await t.app.worker.drain();
    expect(stub.stats().byRoute['POST /crm/v3/objects/deals/batch/create']).toBe(before + 1);
    expect(await crm.deal(fine.suggestionId)).toMatchObject({ stage: dealStages.pending });
    // The single path's create is refused (an association to no contact), looks the expert's contact up again,
    // finds none, makes it again, and the deal lands with it: that job alone took the long way.
    expect(await crm.dealCount(gone.suggestionId)).toBe(1);
    expect(await crm.deal(gone.suggestionId)).toMatchObject({ stage: dealStages.pending });
    const [delivered] = await t.database.db
      .select({ status: outbox.status })
      .from(outbox)
      .where(
        and(
          eq(outbox.topic, 'crm.event'),
          sql`${outbox.payload}->'payload'->>'suggestionId' = ${gone.suggestionId}`,
        ),
      );
    expect(delivered).toMatchObject({ status: 'done' });
    const experts = stub
      .records('contacts')
      .filter((c) => c.properties[hubspotIds.member] === known.expert.id);
    expect(experts.map((c) => c.id)).not.toContain(contact!.id);
  });

  it('remembers what a batch create sent under the deal’s own id, once HubSpot answered it', async () => {
    const p = await pair(t);
    await t.app.worker.drain();
    await sent(p.company, p.suggestionId);
    await deliverAll();
    const dealId = (await crm.deal(p.suggestionId))!.id;
    const remembered = async () =>
      (await t.database.db.select({ record: crmSentProperties.record }).from(crmSentProperties)).map(
        (r) => r.record,
      );
    expect(await remembered()).toContain(`deal:${dealId}`);
    expect((await remembered()).filter((r) => r.startsWith('deal:batch:'))).toEqual([]);
  });

  it('a batch request HubSpot fails (503) fails its jobs alike; they land once HubSpot is back', async () => {
    const first = await pair(t);
    await t.app.worker.drain();
    stub.fail({ rate: 1, status: 503, only: /batch\/create$/ });
    await sent(first.company, first.suggestionId);
    await t.app.worker.drain();
    expect(await crm.dealCount(first.suggestionId)).toBe(0);
    stub.up();
    await deliverAll();
    expect(await crm.deal(first.suggestionId)).toMatchObject({ stage: dealStages.pending });
    expect(await crm.dealCount(first.suggestionId)).toBe(1);
  });
});
