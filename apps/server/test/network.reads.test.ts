import {
  type AdvisorPage,
  AdvisorPageSchema,
  type AdvisorSearchQuery,
  AdvisorSearchQuerySchema,
  isStorableText,
  type NetworkOverview,
  NetworkOverviewSchema,
} from '@intergen/contracts';
import { openNetworkStatuses } from '@intergen/domain';
import { and, asc, desc, eq, gt, inArray, not, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { companies, contactInfo, experts, networkRequests, users } from '../src/db/schema.ts';
import { connectionCounts } from '../src/modules/connections/index.ts';
import { toProfileCard } from '../src/modules/matching/index.ts';
import * as members from '../src/modules/members/index.ts';
import { readAdvisorsPage } from '../src/modules/network/advisors.read-model.ts';
import { toNetworkView } from '../src/modules/network/network.model.ts';
import { readNetworkRows } from '../src/modules/network/overview.read-model.ts';
import { acted as connectionActed, member, sent, suggest } from './connections.support.ts';
import { type Member, signInAdmin } from './factories.ts';
import { countStatements, createTestApp, type Engine, engines, type TestApp } from './helpers.ts';
import { acted, connectTo, requested } from './network.support.ts';

/**
 * My Network's lists read the requests or the advisors with their counterparts in one statement. Each answer must
 * be what the reads of before give — the requests, then the other experts' cards and contact rows; the caller's
 * connected companies, their open requests, the advisors' page, then the shared companies' names — statement by
 * statement, for experts with requests in every state, counterparts gone from the platform, a counterpart
 * without a contact row, shared companies named, unnamed and gone, pages walked by cursor, searches, a forged
 * cursor and a search left with nobody because everyone was added.
 */
describe.each(engines)('My Network’s reads, as before, on %s', (engine: Engine) => {
  let t: TestApp;
  const viewers: Record<string, Member> = {};
  const companyOf: Record<string, Member> = {};

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    const admin = await signInAdmin(t);
    const expert = (name: string, opts: { private?: boolean; status?: 'draft' } = {}) =>
      member(t, 'expert', { name, ...opts });
    const co = [];
    for (let i = 1; i <= 4; i++) co.push(await member(t, 'company', { name: `Co ${i}` }));
    const [co1, co2, co3, co4] = co as [Member, Member, Member, Member];
    // co2 has a blank company name (its account's name is shown), co3 leaves the platform, co4 is a stranger's.
    await db.update(companies).set({ companyName: '  ' }).where(eq(companies.id, co2.id));
    Object.assign(companyOf, { co1, co2, co3, co4 });

    const me = await expert('Mia Me');
    const x = await expert('xavier Received');
    const y = await expert('Yara Sent');
    const z1 = await expert('Zoe Connected');
    const w = await expert('Walt Gone');
    const v = await expert('Vera Declined');
    const u = await expert('Uma Uncontacted');
    const advisors = [];
    for (const name of [
      'Amy Advisor',
      'Amy Advisor',
      'Bea Advisor',
      'Bob Advisor',
      'Cid Advisor',
      'Dee Advisor',
    ])
      advisors.push(await expert(name));
    const hidden = await expert('Amy Private', { private: true });
    const draft = await expert('Amy Draft', { status: 'draft' });
    const leaver = await expert('Amy Leaver');
    const stranger = await expert('Amy Stranger');
    const solo = await expert('Solo Searcher');
    const soloPeer = await expert('Solo Peer');

    await connectTo(t, me, [crypto.randomUUID(), co2.id, co1.id, co3.id]);
    const shares = [
      [co1.id],
      [co3.id, co2.id],
      [co2.id, co1.id],
      [co3.id],
      [crypto.randomUUID(), co1.id],
      [co2.id],
    ];
    for (const [i, a] of advisors.entries()) await connectTo(t, a, shares[i]!);
    for (const m of [hidden, draft, leaver, x, y, z1, w]) await connectTo(t, m, [co1.id]);
    await connectTo(t, stranger, [crypto.randomUUID()]);
    await connectTo(t, solo, [co4.id]);
    await connectTo(t, soloPeer, [co4.id]);

    // Requests in every state: received, sent, connected (one without a contact row), declined, one with an
    // expert who then leaves the platform, and a request through a shared company (its name kept on the row).
    await requested(x, me.id);
    await requested(me, y.id, co1.id);
    await acted(me, (await requested(z1, me.id)).id, 'accept');
    await acted(u, (await requested(me, u.id)).id, 'accept');
    await db.delete(contactInfo).where(eq(contactInfo.userId, u.id));
    await acted(v, (await requested(me, v.id)).id, 'decline');
    await acted(me, (await requested(w, me.id)).id, 'accept');
    await requested(me, advisors[5]!.id);
    await requested(solo, soloPeer.id);
    await requested(stranger, x.id);
    // A connection with a company: counted among the ventures.
    const s = await suggest(t, me, co1);
    await sent(co1, s);
    await connectionActed(me, s, 'accept');
    await admin.client.post(`/api/admin/profiles/${w.id}/deactivate`, { reason: 'gone' });
    await admin.client.post(`/api/admin/profiles/${leaver.id}/deactivate`, { reason: 'gone' });
    await admin.client.post(`/api/admin/profiles/${co3.id}/deactivate`, { reason: 'gone' });
    await t.app.worker.drain();
    Object.assign(viewers, { me, x, y, z1, u, solo, amy: advisors[0]!, stranger });
  }, 300_000);
  afterAll(() => t?.close());

  const callerOf = async (id: string) => {
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    return { id, kind: row!.kind ?? null, isAdmin: false, emailVerified: row!.emailVerified };
  };
  const open = inArray(networkRequests.status, [...openNetworkStatuses]);
  const openRequestsOf = (id: string) =>
    t.database.db
      .select()
      .from(networkRequests)
      .where(and(open, or(eq(networkRequests.initiatorId, id), eq(networkRequests.recipientId, id))))
      .orderBy(desc(networkRequests.requestedAt), desc(networkRequests.id));
  const otherOf = (r: { initiatorId: string; recipientId: string }, id: string) =>
    r.initiatorId === id ? r.recipientId : r.initiatorId;

  /** The overview as networkOverview read it before: the open requests, then the other experts as counterparts. */
  async function overviewBefore(id: string): Promise<NetworkOverview> {
    const db = t.database.db;
    const conn = await connectionCounts(db, await callerOf(id));
    const rows = await openRequestsOf(id);
    const others = await members.counterpartsOf(
      db,
      'expert',
      rows.map((r) => otherOf(r, id)),
    );
    const views = rows.flatMap((row) => {
      const c = others.get(otherOf(row, id));
      return c && !c.gone ? [toNetworkView({ row, counterpart: c }, id)] : [];
    });
    const received = views.filter((v) => v.status === 'requesting' && v.direction === 'received');
    const sentViews = views.filter((v) => v.status === 'requesting' && v.direction === 'sent');
    const connected = views
      .filter((v) => v.status === 'connected')
      .sort((a, b) => (b.connectedOn ?? 0) - (a.connectedOn ?? 0));
    return {
      received,
      sent: sentViews,
      connected,
      counts: {
        requests: received.length + conn.received,
        advisors: connected.length,
        ventures: conn.connections,
      },
    };
  }

  /** One page of the advisors as the members module's `listAdvisorsPage` read it before. */
  async function advisorsPageBefore(input: {
    companyIds: readonly string[];
    excludeIds: readonly string[];
    searchText?: string | undefined;
    after?: { name: string; id: string } | undefined;
    limit: number;
  }) {
    if (input.companyIds.length === 0) return [];
    const sortName = sql<string>`lower(${experts.name})`;
    const where: SQL[] = [
      eq(experts.profilePublished, true),
      eq(experts.private, false),
      not(sql`(${experts.deactivatedDate} IS NOT NULL OR ${experts.disableReason} IS NOT NULL)`),
      sql`${experts.connectedCompanyIds} && ${sql.param([...input.companyIds])}::text[]`,
    ];
    if (input.excludeIds.length > 0) where.push(notInArray(experts.id, [...input.excludeIds]));
    if (input.searchText) {
      const pattern = `%${input.searchText.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(sql`${sortName} LIKE ${pattern}`);
    }
    if (input.after) {
      const { name, id } = input.after;
      where.push(or(sql`${sortName} > ${name}`, and(sql`${sortName} = ${name}`, gt(experts.id, id)))!);
    }
    const rows = await t.database.db
      .select({ id: experts.id, connectedCompanyIds: experts.connectedCompanyIds, sortName })
      .from(experts)
      .where(and(...where))
      .orderBy(asc(sortName), asc(experts.id))
      .limit(input.limit);
    const cards = await members.counterpartsOf(
      t.database.db,
      'expert',
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({ ...r, card: cards.get(r.id)!.card }));
  }

  const CursorSchema = z.object({
    name: z.string().max(400).refine(isStorableText),
    id: z.string().max(200).refine(isStorableText),
  });
  const decodeCursor = (cursor: string | undefined) => {
    if (!cursor) return undefined;
    try {
      return CursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    } catch {
      return undefined;
    }
  };

  /** The advisors as searchAdvisors read them before, statement by statement. */
  async function advisorsBefore(id: string, query: AdvisorSearchQuery): Promise<AdvisorPage> {
    const db = t.database.db;
    const [mine] = await db
      .select({ ids: experts.connectedCompanyIds })
      .from(experts)
      .where(eq(experts.id, id));
    const companyIds = mine?.ids ?? [];
    const taken = (await openRequestsOf(id)).map((r) => otherOf(r, id));
    const searchText = query.searchText?.trim().toLowerCase() || undefined;
    const rows = await advisorsPageBefore({
      companyIds,
      excludeIds: [id, ...taken],
      searchText,
      after: decodeCursor(query.cursor),
      limit: query.pageSize + 1,
    });
    const page = rows.slice(0, query.pageSize);
    const everyoneAdded =
      rows.length === 0 && !searchText && !query.cursor && taken.length > 0
        ? (await advisorsPageBefore({ companyIds, excludeIds: [id], limit: 1 })).length > 0
        : false;
    const viaIds = page.map((r) => r.connectedCompanyIds.find((c) => companyIds.includes(c))!);
    const names = await members.memberNames(db, viaIds);
    const last = page.at(-1);
    return {
      advisors: page.map((r, i) => {
        const n = names.get(viaIds[i]!);
        return {
          card: toProfileCard('expert', r.card),
          viaCompanyId: viaIds[i]!,
          viaCompanyName: n?.companyName?.trim() || n?.name || '',
        };
      }),
      nextCursor:
        rows.length > query.pageSize && last
          ? Buffer.from(JSON.stringify({ name: last.sortName, id: last.id })).toString('base64url')
          : null,
      everyoneAdded,
    };
  }

  /** The bytes a route answers `value` with: its response schema's encoding, then JSON (the serializer's steps). */
  const bytes = (schema: z.ZodType, value: unknown) => JSON.stringify(z.encode(schema, value as never));
  const advisorsUrl = (q: Record<string, string | number>) =>
    `/api/network/advisors?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`;

  /** Walks every page of a search, comparing each answer with the reads of before; returns the names listed. */
  async function walk(m: Member, q: { searchText?: string; pageSize?: number }) {
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const raw = { ...q, ...(cursor ? { cursor } : {}) };
      const response = await m.client.get(advisorsUrl(raw));
      expect(response.statusCode, response.body).toBe(200);
      const before = await advisorsBefore(m.id, AdvisorSearchQuerySchema.parse(raw));
      expect(response.body, JSON.stringify(raw)).toBe(bytes(AdvisorPageSchema, before));
      const page = response.json() as AdvisorPage;
      names.push(...page.advisors.map((a) => `${a.card.name} via ${a.viaCompanyName}`));
      cursor = page.nextCursor;
    } while (cursor);
    return names;
  }

  it('the overview answers what the reads of before give, for each expert and a company', async () => {
    for (const [key, m] of Object.entries({ ...viewers, co1: companyOf.co1! })) {
      const response = await m.client.get('/api/network');
      expect(response.statusCode, key).toBe(200);
      if (key === 'co1') {
        expect(response.json()).toMatchObject({ received: [], sent: [], connected: [] });
        continue;
      }
      expect(response.body, key).toBe(bytes(NetworkOverviewSchema, await overviewBefore(m.id)));
    }
    // The world is what the comparison is about: each list has rows, and the gone and declined are left out.
    const o = (await viewers.me!.client.get('/api/network')).json() as NetworkOverview;
    expect([o.received.length, o.sent.length, o.connected.length]).toEqual([1, 2, 2]);
    expect(o.connected.map((r) => r.contact === null)).toEqual([true, false]);
    expect(o.sent.every((r) => r.contact === null)).toBe(true);
    expect(o.counts).toEqual({ requests: 1, advisors: 2, ventures: 1 });
  });

  it('the advisors answer what the reads of before give, page by page, searched, and with a forged cursor', async () => {
    const me = viewers.me!;
    // Shared companies named by their company name, by their account's name (a blank company name), and not at
    // all (gone); the two Amys, of the same sort name, in the order of their ids.
    const all = await walk(me, {});
    expect([...all].sort()).toEqual([
      'Amy Advisor via ',
      'Amy Advisor via Acme Robotics',
      'Bea Advisor via Co 2',
      'Bob Advisor via ',
      'Cid Advisor via Acme Robotics',
    ]);
    expect(await walk(me, { pageSize: 2 })).toEqual(all);
    expect(await walk(me, { pageSize: 1, searchText: ' AMY ' })).toEqual(all.slice(0, 2));
    expect(await walk(me, { searchText: 'zzz' })).toEqual([]);
    expect(await walk(me, { searchText: '%' })).toEqual([]);
    for (const m of Object.values(viewers)) await walk(m, {});
    await walk(viewers.x!, { pageSize: 3 });
    const forged = Buffer.from(JSON.stringify({ name: 'amy\u0000', id: 'x' })).toString('base64url');
    for (const cursor of [forged, 'not-a-cursor']) {
      const raw = { pageSize: 2, cursor };
      const response = await me.client.get(advisorsUrl(raw));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).toBe(
        bytes(AdvisorPageSchema, await advisorsBefore(me.id, AdvisorSearchQuerySchema.parse(raw))),
      );
    }
    // Everyone added: the searcher asked the one advisor the search offers; a stranger's search offers nobody
    // (though they asked someone).
    const solo = (await viewers.solo!.client.get('/api/network/advisors')).json();
    expect(solo).toEqual({ advisors: [], nextCursor: null, everyoneAdded: true });
    const stranger = (await viewers.stranger!.client.get('/api/network/advisors')).json();
    expect(stranger).toMatchObject({ advisors: [], everyoneAdded: false });
  });

  it('the lists tell every counterpart they read, shown or left out (what a kept list depends on)', async () => {
    const db = t.database.db;
    const me = viewers.me!;
    const reads = new Set<string>();
    const rows = await readNetworkRows(db, me.id, (id) => reads.add(id));
    const open = await openRequestsOf(me.id);
    expect([...reads].sort()).toEqual(open.map((r) => otherOf(r, me.id)).sort());
    // The expert who left is read, and left out.
    expect(rows.length).toBe(open.length - 1);
    reads.clear();
    const page = await readAdvisorsPage(db, me.id, { limit: 50, offered: false }, (id) => reads.add(id));
    expect([...reads].sort()).toEqual(
      [...new Set(page.rows.flatMap((r) => [r.card.id, r.viaCompanyId]))].sort(),
    );
    expect(reads.has(companyOf.co3!.id)).toBe(true);
  });

  it('the overview and the advisors each read their list in one statement', async () => {
    const statementsOf = (run: () => Promise<unknown>) => countStatements(t.database, run);
    const me = viewers.me!;
    const solo = viewers.solo!;
    for (const path of ['/api/network', '/api/network/advisors']) await me.client.get(path);
    const session = await statementsOf(() => me.client.get('/api/auth/session'));
    // The sidebar's counts of connection requests are the connections module's reads, counted by themselves.
    const counts = await statementsOf(async () => connectionCounts(t.database.db, await callerOf(me.id)));
    const caller = await statementsOf(() => callerOf(me.id));
    const overview = await statementsOf(() => me.client.get('/api/network'));
    const advisors = await statementsOf(() => me.client.get('/api/network/advisors?pageSize=2'));
    const everyoneAdded = await statementsOf(() => solo.client.get('/api/network/advisors'));
    // The session lookup, the caller's access, and one statement for the list (the overview: and the counts).
    expect({ session, overview, advisors, everyoneAdded }).toEqual({
      session: 1,
      overview: 1 + 1 + (counts - caller) + 1,
      advisors: 1 + 1 + 1,
      everyoneAdded: 1 + 1 + 1,
    });
  });
});
