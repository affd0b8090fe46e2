import {
  ConnectionBucketsSchema,
  NotificationsResponseSchema,
  SuggestionsResponseSchema,
} from '@intergen/contracts';
import { type ProfileType, readScope } from '@intergen/domain';
import { and, count, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { companies, experts, matchSuggestions, notifications, users } from '../src/db/schema.ts';
import { toSessionUser } from '../src/modules/auth/auth.context.ts';
import { viewingMember, withCounterparts } from '../src/modules/connections/connections.context.ts';
import { toBuckets } from '../src/modules/connections/connections.model.ts';
import { listRequestsOf } from '../src/modules/connections/connections.repository.ts';
import { explanationOf, toProfileCard } from '../src/modules/matching/index.ts';
import * as members from '../src/modules/members/index.ts';
import { createNotification } from '../src/modules/notifications/notifications.repository.ts';
import { toOwnProfile } from '../src/modules/profiles/profiles.model.ts';
import { acted, member, sent, suggest } from './connections.support.ts';
import { type Member, signInAdmin } from './factories.ts';
import { countStatements, type Engine, engines } from './helpers.ts';
import { useTestApp } from './suite.ts';

/**
 * The dashboard's reads take the caller's state from the session lookup and their counterparts in the statement
 * that reads the list. Each answer must be what the reads of before give — the caller read again, the
 * list, then its counterparts and names statement by statement — for members on both sides, with counterparts
 * in every state a list leaves out (gone, unpublished, not interested), more notifications than a page, and a
 * member who may not read others (notifications without names).
 */
describe.each(engines)('the dashboard’s reads, as before, on %s', (engine: Engine) => {
  const viewers: Record<string, Member> = {};

  const t = useTestApp(engine);
  beforeAll(async () => {
    const admin = await signInAdmin(t);
    const expert = await member(t, 'expert', { name: 'Eve Expert' });
    const other = await member(t, 'expert', { name: 'Otto Other' });
    const draft = await member(t, 'expert', { name: 'Dora Draft', status: 'draft' });
    const c = [];
    for (let i = 1; i <= 7; i++) c.push(await member(t, 'company', { name: `Co ${i}` }));
    const [c1, c2, c3, c4, c5, c6, c7] = c as [Member, Member, Member, Member, Member, Member, Member];
    await suggest(t, expert, c1);
    await suggest(t, expert, c2);
    await suggest(t, other, c1);
    // c2 on the expert's not-interested list: its suggestion stays open but is not shown.
    await expert.client.post('/api/suggestions/dismiss', { counterpartId: c2.id });
    await sent(c3, await suggest(t, expert, c3), 'from c3');
    const s4 = await suggest(t, expert, c4);
    await sent(c4, s4, 'from c4');
    await acted(expert, s4, 'accept');
    const s5 = await suggest(t, expert, c5);
    await sent(expert, s5, 'to c5');
    await acted(c5, s5, 'accept');
    await sent(expert, await suggest(t, expert, c7), 'to c7');
    // c5 deactivated by the team: gone from the expert's lists and names. c6 unpublished: not suggested.
    await admin.client.post(`/api/admin/profiles/${c5.id}/deactivate`, { reason: 'gone' });
    await suggest(t, expert, c6);
    await t.database.db.update(companies).set({ profilePublished: false }).where(eq(companies.id, c6.id));
    // More notifications than a page, some seen, some dismissed, some naming a gone or no member.
    const kinds = [c1, c2, c3, c4, c5, c6, c7, null];
    for (let i = 0; i < 130; i++) {
      for (const who of [expert, draft]) {
        const id = await createNotification(t.database.db, {
          userId: who.id,
          kind: 'suggestion',
          counterpartId: kinds[i % kinds.length]?.id ?? null,
        });
        if (i % 3 === 0) {
          await t.database.db.update(notifications).set({ hasSeen: true }).where(eq(notifications.id, id));
        }
        if (i % 7 === 0) {
          await t.database.db
            .update(notifications)
            .set({ hasDismissed: true })
            .where(eq(notifications.id, id));
        }
      }
    }
    await t.app.worker.drain();
    Object.assign(viewers, { expert, other, draft, c1, c3, c4, c7 });
  }, 300_000);

  const callerOf = async (id: string) => {
    const [u] = await t.database.db.select().from(users).where(eq(users.id, id));
    return { id, kind: u!.kind ?? null, isAdmin: false, emailVerified: u!.emailVerified };
  };

  /** The suggestions as listSuggestions read them before: the caller again, the suggestions, the counterparts. */
  async function suggestionsBefore(id: string) {
    const db = t.database.db;
    const me = (await members.findMatchingMember(db, id))!;
    const side: ProfileType = me.kind;
    const other: ProfileType = side === 'expert' ? 'company' : 'expert';
    const s = matchSuggestions;
    const open = await db
      .select()
      .from(s)
      .where(
        side === 'expert'
          ? and(eq(s.expertId, id), eq(s.notInterested, false), eq(s.requestSent, false))
          : and(eq(s.companyId, id), eq(s.notInterestedByCompany, false), eq(s.requestSent, false)),
      )
      .orderBy(desc(s.createdAt), desc(s.id));
    const otherId = (r: (typeof open)[number]) => (side === 'expert' ? r.companyId : r.expertId);
    const counterparts = await members.counterpartsOf(db, other, open.map(otherId));
    return open.flatMap((r) => {
      const c = counterparts.get(otherId(r));
      if (!c?.published || me.notInterested.includes(otherId(r))) return [];
      const explanation =
        side === 'expert'
          ? explanationOf(me.facets as never, c.facets as never)
          : explanationOf(c.facets as never, me.facets as never);
      return [
        {
          id: r.id,
          expertId: r.expertId,
          companyId: r.companyId,
          createdAt: r.createdAt.getTime(),
          requestSent: r.requestSent,
          counterpart: toProfileCard(other, c.card),
          explanation,
        },
      ];
    });
  }

  /** The buckets as listBuckets read them before (the survey form is the settings', not compared here). */
  async function bucketsBefore(id: string) {
    const db = t.database.db;
    const me = await viewingMember(db, await callerOf(id));
    return toBuckets(await withCounterparts(db, me, await listRequestsOf(db, me.side, me.id)), me);
  }

  /** The notifications as listNotifications read them before: the page, the viewer, the names, the count. */
  async function notificationsBefore(id: string) {
    const db = t.database.db;
    const n = notifications;
    const rows = await db
      .select()
      .from(n)
      .where(and(eq(n.userId, id), eq(n.hasDismissed, false)))
      .orderBy(desc(n.createdAt), desc(n.id))
      .limit(100);
    const mayRead = readScope(await members.accessViewerOf(db, await callerOf(id))) !== 'none';
    const names = await members.memberNames(
      db,
      mayRead ? rows.flatMap((r) => (r.counterpartId ? [r.counterpartId] : [])) : [],
    );
    const [unseen] = await db
      .select({ n: count() })
      .from(n)
      .where(and(eq(n.userId, id), eq(n.hasSeen, false), eq(n.hasDismissed, false)));
    return {
      notifications: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        hasSeen: r.hasSeen,
        hasDismissed: r.hasDismissed,
        hasExplored: r.hasExplored,
        createdAt: r.createdAt.getTime(),
        counterpart: r.counterpartId ? (names.get(r.counterpartId) ?? null) : null,
        suggestionId: r.suggestionId,
        requestId: r.requestId,
      })),
      unseen: Number(unseen!.n),
    };
  }

  const json = (value: unknown) => JSON.parse(JSON.stringify(value));
  /** The bytes a route answers `value` with: its response schema's encoding, then JSON (the serializer's steps). */
  const bytes = (schema: z.ZodType, value: unknown) => JSON.stringify(z.encode(schema, value as never));

  it('the session and the own profile answer what reading the member again gives', async () => {
    for (const m of Object.values(viewers)) {
      const db = t.database.db;
      const [user] = await db.select().from(users).where(eq(users.id, m.id));
      const token = m.client.cookies.get('intergen_session')!;
      const session = await m.client.get('/api/auth/session');
      expect(session.statusCode).toBe(200);
      expect(session.json()).toEqual({ user: json(await toSessionUser(db, user!, token)) });
      const own = await m.client.get('/api/profiles/me');
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({ profile: json(toOwnProfile((await members.findProfile(db, m.id))!)) });
    }
  });

  it('suggestions, connections and notifications answer what the reads of before give, on both sides', async () => {
    for (const [key, m] of Object.entries(viewers)) {
      const suggestions = await m.client.get('/api/suggestions');
      const buckets = await m.client.get('/api/connections');
      const list = await m.client.get('/api/notifications');
      expect(list.statusCode, key).toBe(200);
      // Byte for byte: the same values, keys and order as the reads of before would have answered.
      expect(list.body, key).toBe(bytes(NotificationsResponseSchema, await notificationsBefore(m.id)));
      if (key === 'draft') {
        // A member who may not read others: the lists are refused, the notifications come without names.
        expect([suggestions.statusCode, buckets.statusCode]).toEqual([403, 403]);
        expect(list.json().notifications.every((n: { counterpart: unknown }) => n.counterpart === null)).toBe(
          true,
        );
        continue;
      }
      expect(suggestions.statusCode, key).toBe(200);
      expect(suggestions.body, key).toBe(
        bytes(SuggestionsResponseSchema, { suggestions: await suggestionsBefore(m.id) }),
      );
      expect(buckets.statusCode, key).toBe(200);
      expect(buckets.json().surveyFormUrl).toBeNull();
      expect(buckets.body, key).toBe(
        bytes(ConnectionBucketsSchema, { ...(await bucketsBefore(m.id)), surveyFormUrl: null }),
      );
    }
    // The world is what the comparisons are about: something of each kind is listed and something left out.
    const expert = viewers.expert!;
    expect((await expert.client.get('/api/suggestions')).json().suggestions).toHaveLength(1);
    const b = (await expert.client.get('/api/connections')).json();
    expect([b.received.length, b.sent.length, b.unrated.length]).toEqual([1, 1, 1]);
    const page = (await expert.client.get('/api/notifications')).json();
    // 111 not dismissed and 3 from the steps above: a full page, and the unseen count over all of them.
    expect(page.notifications).toHaveLength(100);
    expect(page.unseen).toBeGreaterThan(
      page.notifications.filter((n: { hasSeen: boolean }) => !n.hasSeen).length,
    );
    expect(page.notifications.some((n: { counterpart: unknown }) => n.counterpart === null)).toBe(true);
    expect(page.notifications.some((n: { counterpart: unknown }) => n.counterpart !== null)).toBe(true);
  });

  it('the notifications and the connection requests are each read in one statement', async () => {
    const statementsOf = (run: () => Promise<unknown>) => countStatements(t.database, run);
    const expert = viewers.expert!;
    // Asked once first: what is kept after a first read (the settings) is not counted.
    for (const path of ['/api/auth/session', '/api/notifications', '/api/connections'])
      await expert.client.get(path);
    const session = await statementsOf(() => expert.client.get('/api/auth/session'));
    const list = await statementsOf(() => expert.client.get('/api/notifications'));
    const buckets = await statementsOf(() => expert.client.get('/api/connections'));
    // The session lookup is one statement, and each list one more.
    expect({ session, list, buckets }).toEqual({ session: 1, list: 2, buckets: 2 });
  });

  it('a profile changed after the session was looked up is read as it now is on the next request', async () => {
    const expert = viewers.expert!;
    await t.database.db.update(experts).set({ name: 'Eve Renamed' }).where(eq(experts.id, expert.id));
    expect((await expert.client.get('/api/profiles/me')).json().profile.name).toBe('Eve Renamed');
    await t.database.db.update(experts).set({ profilePublished: false }).where(eq(experts.id, expert.id));
    expect((await expert.client.get('/api/suggestions')).statusCode).toBe(403);
    await t.database.db.update(experts).set({ profilePublished: true }).where(eq(experts.id, expert.id));
    expect((await expert.client.get('/api/suggestions')).statusCode).toBe(200);
  });
});
