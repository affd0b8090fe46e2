import {
  type AdminMemberActivity,
  AdminMemberActivityResponseSchema,
  type AdminParty,
  type AdminRequest,
  AdminRequestsResponseSchema,
  AdminScoresResponseSchema,
  AdminSuggestionsResponseSchema,
  adminMessageExcerptMax,
} from '@intergen/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Executor } from '../src/db/client.ts';
import { exactTime, keysetOrder, type SortOrder } from '../src/db/keyset.ts';
import {
  companies,
  connectionRequests,
  experts,
  matchScores,
  matchSuggestions,
  networkRequests,
  users,
} from '../src/db/schema.ts';
import {
  connectionStateOf,
  networkStateOfStatus,
  suggestionStateOf,
} from '../src/modules/admin/record-states.ts';
import { lastSignInAt } from '../src/modules/auth/index.ts';
import { requestsOfMember } from '../src/modules/connections/index.ts';
import { crmRecordsOfMember } from '../src/modules/crm/index.ts';
import { suggestionsByIds, suggestionsOfMember } from '../src/modules/matching/index.ts';
import * as members from '../src/modules/members/index.ts';
import { networkRequestsOfMember } from '../src/modules/network/index.ts';
import { acted, member, sent, suggest } from './connections.support.ts';
import { type Client, type Member, signInAdmin } from './factories.ts';
import { countStatements, createTestApp, type Engine, engines, type TestApp } from './helpers.ts';
import { connectTo, acted as networkActed, requested } from './network.support.ts';

/**
 * The admin's records and a member's activity page are read models: each page with its people's names in one
 * statement and its total in one more, the activity page a statement for the member and one for each list. Each
 * answer must be what the reads of before give — each owner's rows read on their own, merged and named through
 * `memberLabels` below — byte for byte, cursors included, for every filter, order and page size.
 */
/** The reads of before: a user as the admin's lists named them (a company by its company name, anyone else by
 * their name), by id, in one query. */
async function memberLabels(ex: Executor, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, { id: string; name: string }>();
  const rows = await ex
    .select({
      id: users.id,
      name: sql<string>`coalesce(nullif(trim(${companies.companyName}), ''), ${companies.name}, ${experts.name}, ${users.name})`,
    })
    .from(users)
    .leftJoin(experts, sql`${experts.id} = ${users.id}`)
    .leftJoin(companies, sql`${companies.id} = ${users.id}`)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name }]));
}

describe.each(engines)('the admin’s records and member pages, as before, on %s', (engine: Engine) => {
  let t: TestApp;
  let admin: { client: Client; id: string };
  const people: Member[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signInAdmin(t);
    const db = t.database.db;
    const es: Member[] = [];
    const cs: Member[] = [];
    for (let i = 0; i < 4; i++) es.push(await member(t, 'expert', { name: `Rex ${i}` }));
    for (let i = 0; i < 3; i++) cs.push(await member(t, 'company', { name: `Rco ${i}` }));
    // A blank company name: named by the founder's name instead.
    await db.update(companies).set({ companyName: '  ' }).where(eq(companies.id, cs[0]!.id));
    const ids: string[] = [];
    for (const e of es) for (const c of cs) ids.push(await suggest(t, e, c));
    // One by the matcher, one by an account since gone.
    await db.update(matchSuggestions).set({ createdBy: 'matcher' }).where(eq(matchSuggestions.id, ids[1]!));
    await db.update(matchSuggestions).set({ createdBy: 'gone' }).where(eq(matchSuggestions.id, ids[2]!));
    for (const [i, id] of ids.entries()) {
      const e = es[Math.floor(i / cs.length)]!;
      const c = cs[i % cs.length]!;
      if (i % 4 === 0) continue;
      await sent(i % 2 ? c : e, id, `Hello ${i}\n ${'x'.repeat(i * 12)}`);
      if (i % 4 === 1) await acted(i % 2 ? e : c, id, 'accept');
      if (i % 4 === 2) await acted(i % 2 ? e : c, id, 'deny');
    }
    await connectTo(t, es[0]!, [cs[0]!.id]);
    await connectTo(t, es[1]!, [cs[0]!.id]);
    await requested(es[0]!, es[1]!.id, cs[0]!.id);
    const declined = await requested(es[2]!, es[0]!.id);
    await networkActed(es[0]!, declined.id, 'decline');
    const cancelled = await requested(es[2]!, es[3]!.id);
    await networkActed(es[2]!, cancelled.id, 'cancel');
    // Both kinds at one instant, and suggestions sharing a date to the microsecond: only kind and id order them.
    const at = new Date('2030-01-02T03:04:05.123Z');
    await db.update(connectionRequests).set({ requestSentAt: at }).where(inArray(connectionRequests.id, ids));
    await db.update(networkRequests).set({ requestedAt: at }).where(eq(networkRequests.id, declined.id));
    await db
      .update(matchSuggestions)
      .set({ createdAt: sql`'2029-01-01T00:00:00.123456Z'::timestamptz` })
      .where(inArray(matchSuggestions.id, ids.slice(0, 5)));
    await db
      .insert(matchScores)
      .values(
        es.flatMap((e, i) =>
          cs.map((c, j) => ({ expertId: e.id, companyId: c.id, score: (i * 37 + j * 11) % 101 })),
        ),
      );
    await t.app.worker.drain();
    people.push(...es, ...cs);
  }, 300_000);
  afterAll(() => t?.close());

  /** The bytes a route answers `value` with: its response schema's encoding, then JSON (the serializer's steps). */
  const bytes = (schema: z.ZodType, value: unknown) => JSON.stringify(z.encode(schema, value as never));
  const cursorOf = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const millis = (d: Date | null) => (d ? d.getTime() : null);

  /** The members a search names, and whether a pair is theirs (null: no search). */
  async function searchOf(search: string | undefined) {
    const ids = search ? await members.memberIdsNamed(t.database.db, search) : null;
    return (...pair: string[]) => !ids || pair.some((id) => ids.includes(id));
  }
  async function namerOf(ids: string[]) {
    const labels = await memberLabels(t.database.db, ids);
    const party = (id: string, role: AdminParty['role']) => ({ id, role, name: labels.get(id)?.name ?? '' });
    return { labels, party };
  }
  /** A page of `list` as the lists answer it: the first `limit`, the total, the cursor after the last. */
  const pageOf = <T>(list: T[], limit: number, cursor: (last: T) => object) => ({
    rows: list.slice(0, limit),
    total: list.length,
    nextCursor: list.length > limit ? cursorOf(cursor(list[limit - 1]!)) : null,
  });

  async function suggestionsBefore(q: { search?: string; state?: string; order: SortOrder; limit: number }) {
    const s = matchSuggestions;
    const theirs = await searchOf(q.search);
    const all = await t.database.db
      .select({ row: s, key: exactTime(s.createdAt) })
      .from(s)
      .orderBy(...keysetOrder(q.order, s.createdAt, s.id));
    const kept = all.filter(
      ({ row }) => theirs(row.expertId, row.companyId) && (!q.state || suggestionStateOf(row) === q.state),
    );
    const { labels, party } = await namerOf(
      kept.flatMap(({ row }) => [row.expertId, row.companyId, row.createdBy]),
    );
    const page = pageOf(kept, q.limit, (last) => ({
      l: 'suggestions',
      o: q.order,
      k: last.key,
      i: last.row.id,
    }));
    return {
      ...page,
      rows: page.rows.map(({ row }) => {
        const by = row.createdBy === 'matcher' ? undefined : labels.get(row.createdBy);
        return {
          id: row.id,
          expert: party(row.expertId, 'expert'),
          company: party(row.companyId, 'company'),
          createdAt: row.createdAt.getTime(),
          source: row.createdBy === 'matcher' ? 'matcher' : 'admin',
          createdBy: by ? { id: by.id, name: by.name } : null,
          position: row.position,
          state: suggestionStateOf(row),
          requestSentAt: millis(row.requestSentAt),
          dealId: row.dealId,
        };
      }),
    };
  }

  async function scoresBefore(q: {
    search?: string;
    minScore?: number;
    sort: string;
    order: SortOrder;
    limit: number;
  }) {
    const m = matchScores;
    const theirs = await searchOf(q.search);
    const byScore = q.sort === 'score';
    const all = await t.database.db
      .select({ row: m, key: byScore ? sql<string>`${m.score}::text` : exactTime(m.updatedAt) })
      .from(m)
      .orderBy(...keysetOrder(q.order, byScore ? m.score : m.updatedAt, m.id));
    const kept = all.filter(
      ({ row }) => theirs(row.expertId, row.companyId) && row.score >= (q.minScore ?? 0),
    );
    const { party } = await namerOf(kept.flatMap(({ row }) => [row.expertId, row.companyId]));
    const page = pageOf(kept, q.limit, (last) => ({
      l: 'scores',
      s: byScore ? 'score' : 'updated',
      o: q.order,
      k: last.key,
      i: String(last.row.id),
    }));
    return {
      ...page,
      rows: page.rows.map(({ row }) => ({
        id: row.id,
        expert: party(row.expertId, 'expert'),
        company: party(row.companyId, 'company'),
        score: row.score,
        updatedAt: row.updatedAt.getTime(),
      })),
    };
  }

  const excerpt = (message: string) => {
    const flat = message.replace(/\s+/g, ' ').trim();
    return flat.length > adminMessageExcerptMax ? `${flat.slice(0, adminMessageExcerptMax - 1)}…` : flat;
  };

  /** Both tables read on their own, each in the database's order, merged by date and then kind (stable). */
  async function requestsBefore(q: {
    search?: string;
    kind?: string;
    state?: string;
    order: SortOrder;
    limit: number;
  }) {
    const db = t.database.db;
    const theirs = await searchOf(q.search);
    const [c, n] = [connectionRequests, networkRequests];
    const conns = (
      await db
        .select({ row: c, key: exactTime(c.requestSentAt) })
        .from(c)
        .orderBy(...keysetOrder(q.order, c.requestSentAt, c.id))
    ).filter(
      ({ row }) => theirs(row.expertId, row.companyId) && (!q.state || connectionStateOf(row) === q.state),
    );
    const nets = (
      await db
        .select({ row: n, key: exactTime(n.requestedAt) })
        .from(n)
        .orderBy(...keysetOrder(q.order, n.requestedAt, n.id))
    ).filter(
      ({ row }) =>
        theirs(row.initiatorId, row.recipientId) &&
        (!q.state || networkStateOfStatus[row.status] === q.state),
    );
    const rank = { connection: 0, network: 1 };
    const sign = q.order === 'asc' ? 1 : -1;
    const merged = [
      ...(q.kind === 'network' ? [] : conns.map((r) => ({ ...r, kind: 'connection' as const }))),
      ...(q.kind === 'connection' ? [] : nets.map((r) => ({ ...r, kind: 'network' as const }))),
    ].sort((x, y) => sign * (x.key < y.key ? -1 : x.key > y.key ? 1 : rank[x.kind] - rank[y.kind]));
    const page = pageOf(merged, q.limit, (last) => ({
      l: 'requests',
      o: q.order,
      k: last.key,
      c: last.kind,
      i: last.row.id,
    }));
    const { party } = await namerOf(
      page.rows.flatMap((r) =>
        'expertId' in r.row ? [r.row.expertId, r.row.companyId] : [r.row.initiatorId, r.row.recipientId],
      ),
    );
    const deals = await suggestionsByIds(
      db,
      page.rows.filter((r) => r.kind === 'connection').map((r) => r.row.id),
    );
    const rows = page.rows.map((r): AdminRequest => {
      if ('expertId' in r.row) {
        const x = r.row;
        const [expert, company] = [party(x.expertId, 'expert'), party(x.companyId, 'company')];
        const fromExpert = x.requestedBy === 'expert';
        return {
          kind: 'connection',
          id: x.id,
          state: connectionStateOf(x),
          sender: fromExpert ? expert : company,
          recipient: fromExpert ? company : expert,
          message: excerpt(x.message),
          sentAt: x.requestSentAt.getTime(),
          isPending: x.isPending,
          seen: x.seen,
          accepted: x.accepted,
          connectedOn: millis(x.connectedOn),
          notInterested: x.notInterested,
          dismissed: x.dismissed,
          closed: x.closed,
          closedOn: millis(x.closedOn),
          respondedAt: null,
          expertRating: x.expertRating,
          ventureRating: x.ventureRating,
          via: null,
          dealId: deals.get(x.id)?.dealId ?? null,
        };
      }
      const x = r.row;
      return {
        kind: 'network',
        id: x.id,
        state: networkStateOfStatus[x.status],
        sender: party(x.initiatorId, 'expert'),
        recipient: party(x.recipientId, 'expert'),
        message: null,
        sentAt: x.requestedAt.getTime(),
        isPending: false,
        seen: null,
        accepted: x.status === 'connected',
        connectedOn: millis(x.connectedOn),
        notInterested: x.status === 'declined',
        dismissed: false,
        closed: false,
        closedOn: null,
        respondedAt: millis(x.respondedAt),
        expertRating: null,
        ventureRating: null,
        via: x.companyName,
        dealId: x.dealId,
      };
    });
    return { ...page, rows };
  }

  /** The member's page as it was read before: the export's reads of each owner, then every name at once. */
  async function activityBefore(memberId: string): Promise<AdminMemberActivity> {
    const db = t.database.db;
    const user = (await members.findUserById(db, memberId))!;
    const profile = (await members.findProfile(db, user))!;
    const suggestions = await suggestionsOfMember(db, memberId);
    const requests = await requestsOfMember(db, memberId);
    const network = profile.kind === 'expert' ? await networkRequestsOfMember(db, memberId) : null;
    const { deals } = await crmRecordsOfMember(db, memberId);
    const signedIn = await lastSignInAt(db, memberId);
    const otherOf = (r: { expertId: string; companyId: string }) =>
      r.expertId === memberId ? r.companyId : r.expertId;
    const labels = await memberLabels(db, [
      ...suggestions.map(otherOf),
      ...requests.map(otherOf),
      ...(network ?? []).flatMap((n) => [
        n.initiatorId === memberId ? n.recipientId : n.initiatorId,
        ...(n.viaCompanyId ? [n.viaCompanyId] : []),
      ]),
      ...deals.map((d) => d.otherMemberId),
    ]);
    const counterpart = (id: string) => ({ id, name: labels.get(id)?.name ?? null });
    const newest = <T>(rows: readonly T[], at: (row: T) => number) =>
      [...rows].sort((a, b) => at(b) - at(a)).slice(0, 20);
    return {
      dates: {
        signedUp: profile.createdAt.getTime(),
        emailVerified: profile.emailVerified,
        emailVerifiedAt: profile.emailVerified ? millis(user.emailVerifiedAt) : null,
        published: millis(profile.publishDate),
        lastSignIn: millis(signedIn),
        paused: millis(profile.pausedDate),
        deactivated: millis(profile.deactivatedDate),
        disabled: millis(profile.disabledDate),
      },
      suggestions: newest(suggestions, (s) => s.createdAt.getTime()).map((s) => ({
        id: s.id,
        counterpart: counterpart(otherOf(s)),
        createdAt: s.createdAt.getTime(),
        requestSent: s.requestSent,
        notInterested: s.notInterested,
      })),
      requests: newest(requests, (r) => r.requestSentAt.getTime()).map((r) => ({
        id: r.id,
        direction: (r.requestedBy === 'expert' ? r.expertId : r.companyId) === memberId ? 'sent' : 'received',
        state: connectionStateOf(r),
        counterpart: counterpart(otherOf(r)),
        sentAt: r.requestSentAt.getTime(),
      })),
      networkRequests:
        network &&
        newest(network, (n) => n.requestedAt.getTime()).map((n) => {
          const out = n.initiatorId === memberId;
          return {
            id: n.id,
            direction: out ? 'sent' : 'received',
            state: networkStateOfStatus[n.status],
            counterpart: counterpart(out ? n.recipientId : n.initiatorId),
            via: n.viaCompanyId
              ? { id: n.viaCompanyId, name: labels.get(n.viaCompanyId)?.name ?? n.companyName }
              : null,
            sentAt: n.requestedAt.getTime(),
          };
        }),
      deals: newest(deals, (d) => d.updatedAt.getTime()).map((d) => ({
        id: d.id,
        pipeline: d.pipeline,
        stage: d.stage,
        lostReason: d.lostReason,
        counterpart: counterpart(d.otherMemberId),
        updatedAt: d.updatedAt.getTime(),
      })),
    };
  }

  it('every records page answers what the reads of before give, cursors included', async () => {
    const lists = [];
    for (const order of ['desc', 'asc'] as const) {
      for (const search of [undefined, 'rex 1', 'rco', 'nobody-at-all', people[4]?.email]) {
        for (const limit of [2, 5, 100]) {
          for (const state of [undefined, 'open', 'requested', 'dismissedByExpert', 'dismissedByCompany'])
            lists.push({ path: 'suggestions', query: { order, search, limit, state } });
          for (const kind of [undefined, 'connection', 'network'])
            for (const state of [undefined, 'open', 'connected', 'declined', 'cancelled'])
              lists.push({ path: 'requests', query: { order, search, limit, kind, state } });
          for (const sort of ['score', 'updated'])
            for (const minScore of [undefined, 50])
              lists.push({ path: 'scores', query: { order, search, limit, sort, minScore } });
        }
      }
    }
    const before = {
      suggestions: [suggestionsBefore, AdminSuggestionsResponseSchema],
      requests: [requestsBefore, AdminRequestsResponseSchema],
      scores: [scoresBefore, AdminScoresResponseSchema],
    } as const;
    let compared = 0;
    for (const { path, query } of lists) {
      const [read, schema] = before[path as keyof typeof before];
      const defined = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
      let cursor: string | null = null;
      let offset = 0;
      do {
        const params = new URLSearchParams({
          ...(defined as Record<string, string>),
          ...(cursor ? { cursor } : {}),
        });
        const response = await admin.client.get(`/api/admin/${path}?${params}`);
        expect(response.statusCode, response.body).toBe(200);
        // The reads of before at this page: the same rows from where the last page stopped, the same cursor.
        const expected = await (read as (q: object) => Promise<{ rows: unknown[] }>)({
          ...defined,
          limit: offset + Number(query.limit),
        });
        const page = { ...expected, rows: expected.rows.slice(offset) };
        expect(response.body, `${path} ${params}`).toBe(bytes(schema, page));
        cursor = response.json().nextCursor;
        offset += Number(query.limit);
        compared++;
      } while (cursor);
    }
    // The world is what the comparisons are about: each list has rows, and pages that follow one another.
    expect(compared).toBeGreaterThan(lists.length);
    const all = (await admin.client.get('/api/admin/requests?limit=100')).json();
    expect(new Set(all.rows.map((r: AdminRequest) => r.state))).toEqual(
      new Set(['open', 'connected', 'declined', 'cancelled']),
    );
  }, 600_000);

  it('a member’s page answers what the reads of before give, for experts and companies', async () => {
    let deals = 0;
    for (const m of people) {
      const response = await admin.client.get(`/api/admin/members/${m.id}/activity`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body, m.id).toBe(
        bytes(AdminMemberActivityResponseSchema, { activity: await activityBefore(m.id) }),
      );
      deals += response.json().activity.deals.length;
    }
    expect(deals).toBeGreaterThan(0);
  });

  it('reads a records page in two statements (three with a name search), a member’s page in one a list', async () => {
    const statementsOf = (run: () => Promise<unknown>) => countStatements(t.database, run);
    const get = (path: string) => admin.client.get(path);
    // Asked once first: what is kept after a first read is not counted.
    await get('/api/admin/suggestions');
    const session = await statementsOf(() => get('/api/auth/session'));
    const counts = {
      suggestions: await statementsOf(() => get('/api/admin/suggestions')),
      suggestionsSearched: await statementsOf(() => get('/api/admin/suggestions?search=rex')),
      requests: await statementsOf(() => get('/api/admin/requests')),
      requestsSearched: await statementsOf(() => get('/api/admin/requests?search=rex')),
      scores: await statementsOf(() => get('/api/admin/scores')),
      expert: await statementsOf(() => get(`/api/admin/members/${people[0]!.id}/activity`)),
      company: await statementsOf(() => get(`/api/admin/members/${people[4]!.id}/activity`)),
    };
    const after = (n: number) => session + n;
    // The session lookup, then the page with its names and its total (both kinds of request in each); a search
    // finds its members first. A member's page: the member, their suggestions, requests, deals and (an
    // expert's) My Network requests.
    expect(counts).toEqual({
      suggestions: after(2),
      suggestionsSearched: after(3),
      requests: after(2),
      requestsSearched: after(3),
      scores: after(2),
      expert: after(5),
      company: after(4),
    });
  });
});
