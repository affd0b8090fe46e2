import type { LiveTopic, Notification, NotificationsResponse } from '@intergen/contracts';
import { limits, notificationTexts } from '@intergen/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectionRequests, notifications } from '../src/db/schema.ts';
import { createNotification } from '../src/modules/notifications/notifications.repository.ts';
import { type Client, type Member, publishedMember } from './factories.ts';
import { client, type Engine, engines } from './helpers.ts';
import { useAdmin, useTestApp } from './suite.ts';

describe.each(engines)('notifications on %s', (engine: Engine) => {
  let expert: Member;
  let company: Member;
  let suggestionId: string;

  const t = useTestApp(engine);
  const admin = useAdmin(t);
  beforeAll(async () => {
    expert = await publishedMember(t, 'expert', admin, 'Grace Hopper');
    company = await publishedMember(t, 'company', admin, 'Ada Lovelace');
    const created = await admin.client.post('/api/admin/suggestions', {
      expertId: expert.id,
      companyId: company.id,
    });
    expect(created.statusCode).toBe(201);
    suggestionId = created.json().suggestionId;
    await t.app.worker.drain();
  });

  const list = async (c: Client): Promise<NotificationsResponse> => {
    const response = await c.get('/api/notifications');
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  /** Collects the live topics sent to a member while `run` runs. */
  async function liveTopicsOf(userId: string, run: () => Promise<unknown>): Promise<LiveTopic[][]> {
    const got: LiveTopic[][] = [];
    const unsubscribe = await t.app.liveHub.subscribe(
      { userId, sessionId: `test-${userId}` },
      {
        deliver: (topics) => got.push(topics),
        close: () => {},
      },
    );
    // NOTIFY is delivered after the commit, asynchronously: a marker published last arrives last. One before
    // `run` lets what earlier steps published arrive first, one after it closes the window.
    const { publishLive } = await import('../src/modules/live/live.ts');
    const isMarker = (topics: LiveTopic[]) => topics.length === 1 && topics[0] === 'profile';
    const marker = async (count: number) => {
      await publishLive(t.database.db, [userId], ['profile']);
      const deadline = Date.now() + 5000;
      while (got.filter(isMarker).length < count) {
        if (Date.now() > deadline) throw new Error('the marker never arrived');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    try {
      await marker(1);
      const start = got.length;
      await run();
      await marker(2);
      return got.slice(start).filter((topics) => !isMarker(topics));
    } finally {
      unsubscribe();
    }
  }

  /** A fresh pair with a suggestion and a connection request between them, notified to `to`. */
  async function requestNotification(kind: 'request_received' | 'request_accepted', message = '') {
    const e = await publishedMember(t, 'expert', admin, 'Katherine Johnson');
    const c = await publishedMember(t, 'company', admin, 'Mary Jackson');
    const s = await admin.client.post('/api/admin/suggestions', { expertId: e.id, companyId: c.id });
    const requestId: string = s.json().suggestionId;
    await t.database.db
      .insert(connectionRequests)
      .values({ id: requestId, expertId: e.id, companyId: c.id, requestedBy: 'venture', message });
    // The company asked; the expert receives it (or, accepted, the company hears back).
    const to = kind === 'request_received' ? e : c;
    const counterpartId = to === e ? c.id : e.id;
    const id = await createNotification(t.database.db, {
      userId: to.id,
      kind,
      requestId,
      counterpartId,
      message,
    });
    return { expert: e, company: c, to, id, requestId };
  }

  it('needs a session', async () => {
    const anonymous = client(t.app);
    expect((await anonymous.get('/api/notifications')).statusCode).toBe(401);
    expect((await anonymous.post('/api/notifications/seen', {})).statusCode).toBe(401);
  });

  it('lists the member’s notifications newest first, each with the other member, and counts the unseen', async () => {
    const body = await list(expert.client);
    expect(body.notifications.map((n) => n.kind)).toEqual(['suggestion', 'profile_approved']);
    const [suggestion, approved] = body.notifications as [Notification, Notification];
    expect(suggestion).toMatchObject({
      kind: 'suggestion',
      suggestionId,
      requestId: null,
      hasSeen: false,
      hasDismissed: false,
      hasExplored: false,
      counterpart: { id: company.id, kind: 'company', name: 'Ada Lovelace', companyName: 'Acme Robotics' },
    });
    expect(suggestion.createdAt).toBeGreaterThanOrEqual(approved.createdAt);
    expect(approved.counterpart).toBeNull();
    expect(body.unseen).toBe(2);
    // Of a suggestion, only the expert is notified.
    expect((await list(company.client)).notifications).toEqual([]);
  });

  it('names the other party of a connection request', async () => {
    const received = await requestNotification('request_received', 'Hello!\nShall we talk?');
    const [n] = (await list(received.to.client)).notifications.filter((x) => x.kind === 'request_received');
    expect(n).toMatchObject({
      requestId: received.requestId,
      counterpart: { id: received.company.id, kind: 'company', name: 'Mary Jackson' },
    });
    const accepted = await requestNotification('request_accepted');
    const [a] = (await list(accepted.to.client)).notifications.filter((x) => x.kind === 'request_accepted');
    expect(a?.counterpart).toMatchObject({ id: accepted.expert.id, kind: 'expert', companyName: null });
  });

  it('marks the given notifications seen, or all of them, and tells the member’s other tabs', async () => {
    const member = await publishedMember(t, 'expert', admin, 'Dorothy Vaughan');
    const c1 = await publishedMember(t, 'company', admin, 'Annie Easley');
    await admin.client.post('/api/admin/suggestions', { expertId: member.id, companyId: c1.id });
    const before = await list(member.client);
    expect(before.unseen).toBe(2);
    const [newest, oldest] = before.notifications as [Notification, Notification];

    let answer: NotificationsResponse | null = null;
    const topics = await liveTopicsOf(member.id, async () => {
      const response = await member.client.post('/api/notifications/seen', { ids: [oldest.id] });
      expect(response.statusCode).toBe(200);
      answer = response.json();
    });
    expect(topics).toEqual([['notifications']]);
    expect(answer!.unseen).toBe(1);
    expect(answer!.notifications.find((n) => n.id === oldest.id)?.hasSeen).toBe(true);
    expect(answer!.notifications.find((n) => n.id === newest.id)?.hasSeen).toBe(false);

    // Someone else's ids change nothing for them.
    const foreign = await member.client.post('/api/notifications/seen', {
      ids: (await list(expert.client)).notifications.map((n) => n.id),
    });
    expect(foreign.statusCode).toBe(200);
    expect((await list(expert.client)).unseen).toBeGreaterThan(0);

    const all = await member.client.post('/api/notifications/seen', {});
    expect(all.json().unseen).toBe(0);
    expect(all.json().notifications.every((n: Notification) => n.hasSeen)).toBe(true);
    // Nothing left to change: nobody is told.
    expect(await liveTopicsOf(member.id, () => member.client.post('/api/notifications/seen', {}))).toEqual(
      [],
    );
  });

  it('dismisses a notification: it leaves the list, and only its owner may dismiss it', async () => {
    const other = await requestNotification('request_received');
    const byAnother = await expert.client.post(`/api/notifications/${other.id}/dismiss`);
    expect(byAnother.statusCode).toBe(404);
    expect(byAnother.json().error).toEqual({ code: 'NOT_FOUND', message: notificationTexts.notFound });
    expect((await other.to.client.post('/api/notifications/missing-id/dismiss')).statusCode).toBe(404);

    const unseenBefore = (await list(other.to.client)).unseen;
    const topics = await liveTopicsOf(other.to.id, async () => {
      const dismissed = await other.to.client.post(`/api/notifications/${other.id}/dismiss`);
      expect(dismissed.statusCode).toBe(200);
      expect(dismissed.json().notifications.some((n: Notification) => n.id === other.id)).toBe(false);
      expect(dismissed.json().unseen).toBe(unseenBefore - 1);
    });
    expect(topics).toEqual([['notifications']]);
    // Dismissing again is harmless.
    expect((await other.to.client.post(`/api/notifications/${other.id}/dismiss`)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(notifications).where(eq(notifications.id, other.id));
    expect(row).toMatchObject({ hasDismissed: true, hasSeen: true });
  });

  it('records that the member explored a notification (only their own)', async () => {
    const received = await requestNotification('request_received');
    expect((await company.client.post(`/api/notifications/${received.id}/explore`)).statusCode).toBe(404);
    const explored = await received.to.client.post(`/api/notifications/${received.id}/explore`);
    expect(explored.statusCode).toBe(200);
    expect(explored.json().notifications.find((n: Notification) => n.id === received.id)).toMatchObject({
      hasExplored: true,
      hasSeen: true,
      hasDismissed: false,
    });
  });

  it(`lists at most ${limits.notificationFetchLimit}, and counts every unseen one`, async () => {
    const member = await publishedMember(t, 'company', admin, 'Hedy Lamarr');
    const extra = limits.notificationFetchLimit + 3;
    await t.database.db.insert(notifications).values(
      Array.from({ length: extra }, (_, i) => ({
        id: `bulk-${engine}-${i}`,
        userId: member.id,
        kind: 'profile_approved' as const,
        createdAt: new Date(Date.now() - i * 1000),
      })),
    );
    const body = await list(member.client);
    expect(body.notifications).toHaveLength(limits.notificationFetchLimit);
    expect(body.notifications[0]?.id).toBe(`bulk-${engine}-0`);
    expect(body.unseen).toBe(extra);
  });

  it('leaves out dismissed notifications', async () => {
    const body = await list(expert.client);
    const [first] = body.notifications as [Notification];
    await expert.client.post(`/api/notifications/${first.id}/dismiss`);
    const after = await list(expert.client);
    expect(after.notifications.map((n) => n.id)).not.toContain(first.id);
    expect(after.notifications).toHaveLength(body.notifications.length - 1);
  });
});
