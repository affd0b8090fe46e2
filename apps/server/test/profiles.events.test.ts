import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, outbox } from '../src/db/schema.ts';
import { createEventPublisher, domainEventTypes } from '../src/modules/events/events.ts';
import { createOutboxWorker } from '../src/outbox/outbox.ts';
import { eventsOf, saveSection, signUpMember, validSections } from './factories.ts';
import { createTestApp, type Engine, engines, type TestApp } from './helpers.ts';

describe.each(engines)('domain events on %s', (engine: Engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('appends the event and one outbox row per subscribed topic, in the caller’s transaction', async () => {
    const publishEvent = createEventPublisher({
      'profile.published': ['crm.test', 'matching.test'],
      'profile.paused': ['crm.test'],
    });
    const eventId = await t.database.db.transaction((tx) =>
      publishEvent(tx, { type: 'profile.published', userId: 'user-events-1', payload: { kind: 'company' } }),
    );
    const [event] = await t.database.db.select().from(domainEvents).where(eq(domainEvents.id, eventId));
    expect(event).toMatchObject({
      type: 'profile.published',
      userId: 'user-events-1',
      payload: { kind: 'company' },
    });
    const rows = await t.database.db
      .select()
      .from(outbox)
      .where(like(outbox.idempotencyKey, `%:event:${eventId}`));
    expect(rows.map((r) => [r.topic, r.idempotencyKey]).sort()).toEqual([
      ['crm.test', `crm.test:event:${eventId}`],
      ['matching.test', `matching.test:event:${eventId}`],
    ]);
    expect(rows[0]!.payload).toEqual({
      eventId,
      type: 'profile.published',
      userId: 'user-events-1',
      payload: { kind: 'company' },
    });

    // A type nobody subscribes to is recorded and delivered nowhere.
    const quiet = await t.database.db.transaction((tx) =>
      publishEvent(tx, { type: 'profile.verified', userId: 'user-events-1', payload: {} }),
    );
    expect(
      await t.database.db
        .select()
        .from(outbox)
        .where(like(outbox.idempotencyKey, `%:event:${quiet}`)),
    ).toEqual([]);
  });

  it('leaves neither the event nor its deliveries when the transaction rolls back', async () => {
    const publishEvent = createEventPublisher({ 'profile.paused': ['crm.test'] });
    await expect(
      t.database.db.transaction(async (tx) => {
        await publishEvent(tx, { type: 'profile.paused', userId: 'user-events-2', payload: {} });
        throw new Error('the change failed after the event');
      }),
    ).rejects.toThrow('the change failed after the event');
    expect(await eventsOf(t, 'user-events-2')).toEqual([]);
    const rows = await t.database.db.select().from(outbox).where(eq(outbox.topic, 'crm.test'));
    expect(rows.every((r) => (r.payload as { userId: string }).userId !== 'user-events-2')).toBe(true);
  });

  it('reaches a subscriber’s handler through the outbox worker', async () => {
    const publishEvent = createEventPublisher({ 'profile.unpaused': ['subscriber.test'] });
    const received: unknown[] = [];
    const worker = createOutboxWorker({
      database: t.database,
      handlers: {
        'subscriber.test': async (job) => {
          received.push(job.payload);
        },
        'mail.send': async () => {},
      },
      log: { info() {}, warn() {}, error() {} },
    });
    await t.database.db.transaction((tx) =>
      publishEvent(tx, { type: 'profile.unpaused', userId: 'user-events-3', payload: { kind: 'expert' } }),
    );
    await worker.drain();
    expect(received).toEqual([
      expect.objectContaining({
        type: 'profile.unpaused',
        userId: 'user-events-3',
        payload: { kind: 'expert' },
      }),
    ]);
  });

  it('names every event type the profiles module publishes', async () => {
    const member = await signUpMember(t.app, 'expert');
    await saveSection(t.app, member, 'basics', validSections.expert.basics);
    for (const e of await eventsOf(t, member.id)) {
      expect(domainEventTypes).toContain(e.type);
    }
  });
});
