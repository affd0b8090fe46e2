import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { domainEvents, outbox } from '../src/db/schema.ts';
import { createEventPublisher, domainEventTypes, eventTopic } from '../src/modules/events/events.ts';
import { createOutboxWorker } from '../src/outbox/outbox.ts';
import { eventsOf, saveSection, signUpMember, validSections } from './factories.ts';
import { type Engine, engines } from './helpers.ts';
import { useTestApp } from './suite.ts';

const crmTest = eventTopic('crm.test');
const matchingTest = eventTopic('matching.test');

describe.each(engines)('domain events on %s', (engine: Engine) => {
  const t = useTestApp(engine);

  it('appends the event and one outbox row per subscribed topic, in the caller’s transaction', async () => {
    // The event is dated by the publisher's clock (a demo replays weeks of history through it).
    const at = new Date('2026-09-07T10:00:00Z');
    const publishEvent = createEventPublisher(
      {
        'profile.published': [crmTest, matchingTest],
        'profile.paused': [crmTest],
      },
      () => at,
    );
    const published = {
      profileId: 'user-events-1',
      kind: 'company',
      publishDate: 1_700_000_000_000,
    } as const;
    const eventId = await t.database.db.transaction((tx) =>
      publishEvent(tx, { type: 'profile.published', userId: 'user-events-1', payload: published }),
    );
    const [event] = await t.database.db.select().from(domainEvents).where(eq(domainEvents.id, eventId));
    expect(event).toMatchObject({
      type: 'profile.published',
      userId: 'user-events-1',
      payload: published,
      createdAt: at,
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
      payload: published,
      occurredAt: at.getTime(),
    });

    // A type nobody subscribes to is recorded and delivered nowhere.
    const quiet = await t.database.db.transaction((tx) =>
      publishEvent(tx, {
        type: 'profile.verified',
        userId: 'user-events-1',
        payload: { profileId: 'user-events-1', kind: 'expert', by: 'admin-1' },
      }),
    );
    expect(
      await t.database.db
        .select()
        .from(outbox)
        .where(like(outbox.idempotencyKey, `%:event:${quiet}`)),
    ).toEqual([]);
  });

  it('leaves neither the event nor its deliveries when the transaction rolls back', async () => {
    const publishEvent = createEventPublisher({ 'profile.paused': [crmTest] });
    await expect(
      t.database.db.transaction(async (tx) => {
        await publishEvent(tx, {
          type: 'profile.paused',
          userId: 'user-events-2',
          payload: {
            profileId: 'user-events-2',
            kind: 'expert',
            reason: 'noTime',
            text: null,
            pausedBy: 'user-events-2',
          },
        });
        throw new Error('the change failed after the event');
      }),
    ).rejects.toThrow('the change failed after the event');
    expect(await eventsOf(t, 'user-events-2')).toEqual([]);
    const rows = await t.database.db.select().from(outbox).where(eq(outbox.topic, 'crm.test'));
    expect(rows.every((r) => (r.payload as { userId: string }).userId !== 'user-events-2')).toBe(true);
  });

  it('reaches a subscriber’s handler through the outbox worker', async () => {
    const publishEvent = createEventPublisher({ 'profile.unpaused': [eventTopic('subscriber.test')] });
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
      publishEvent(tx, {
        type: 'profile.unpaused',
        userId: 'user-events-3',
        payload: { profileId: 'user-events-3', kind: 'expert' },
      }),
    );
    await worker.drain();
    expect(received).toEqual([
      expect.objectContaining({
        type: 'profile.unpaused',
        userId: 'user-events-3',
        payload: { profileId: 'user-events-3', kind: 'expert' },
      }),
    ]);
  });

  it('refuses an event whose payload does not match its type, and writes neither the event nor a delivery', async () => {
    // Checked whether or not a topic subscribes to the type.
    const publishers = [createEventPublisher({}), createEventPublisher({ 'profile.paused': [crmTest] })];
    const userId = 'user-events-wrong';
    const paused = {
      profileId: userId,
      kind: 'expert',
      reason: 'noTime',
      text: null,
      pausedBy: userId,
    } as const;
    for (const payload of [
      { ...paused, reason: 'bored' }, // not a pause reason
      { ...paused, pausedBy: undefined }, // a field missing
      { ...paused, kind: 'admin' }, // not a kind
      { ...paused, unexpected: true }, // a field the type does not carry
      { profileId: userId, kind: 'expert', by: 'admin-1' }, // another type's payload
    ]) {
      for (const publishEvent of publishers) {
        await expect(
          t.database.db.transaction((tx) =>
            publishEvent(tx, { type: 'profile.paused', userId, payload } as never),
          ),
        ).rejects.toThrow(ZodError);
      }
    }
    expect(await eventsOf(t, userId)).toEqual([]);
    const rows = await t.database.db.select().from(outbox).where(eq(outbox.topic, 'crm.test'));
    expect(rows.some((r) => (r.payload as { userId: string }).userId === userId)).toBe(false);
    // The same event with its payload right is written.
    for (const publishEvent of publishers) {
      await t.database.db.transaction((tx) =>
        publishEvent(tx, { type: 'profile.paused', userId, payload: paused }),
      );
    }
    expect(await eventsOf(t, userId)).toHaveLength(2);
  });

  it('hands a subscriber’s handler the parsed event, and parks a malformed delivery as dead unhandled', async () => {
    const topic = eventTopic('subscriber.typed');
    const received: string[] = [];
    const worker = createOutboxWorker({
      database: t.database,
      handlers: {
        [topic.name]: topic.handler(async (message) => {
          // Typed by its type: a profile event's payload names the profile.
          if (message.type === 'profile.unpaused') received.push(message.payload.profileId);
        }),
        'mail.send': async () => {},
      },
      log: { info() {}, warn() {}, error() {} },
    });
    const publishEvent = createEventPublisher({ 'profile.unpaused': [topic] });
    await t.database.db.transaction((tx) =>
      publishEvent(tx, {
        type: 'profile.unpaused',
        userId: 'user-events-4',
        payload: { profileId: 'user-events-4', kind: 'company' },
      }),
    );
    await t.database.db.insert(outbox).values({
      topic: topic.name,
      payload: { eventId: 1, type: 'profile.unpaused', userId: 'user-events-5', payload: {} },
      idempotencyKey: 'subscriber.typed:malformed',
    });
    await worker.drain();
    expect(received).toEqual(['user-events-4']);
    const [malformed] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotencyKey, 'subscriber.typed:malformed'));
    expect(malformed).toMatchObject({ status: 'dead', attempts: 1 });
    expect(malformed!.lastError).toContain('→ at payload.profileId');
  });

  it('names every event type the profiles module publishes', async () => {
    const member = await signUpMember(t.app, 'expert');
    await saveSection(t.app, member, 'basics', validSections.expert.basics);
    for (const e of await eventsOf(t, member.id)) {
      expect(domainEventTypes).toContain(e.type);
    }
  });
});
