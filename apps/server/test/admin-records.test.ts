import type { AdminRequest, AdminScore, AdminSuggestion } from '@intergen/contracts';
import type { ProfileType } from '@intergen/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companies,
  connectionRequests,
  matchScores,
  matchSuggestions,
  networkRequests,
} from '../src/db/schema.ts';
import { acted, member, sent, suggest } from './connections.support.ts';
import { type Client, type Member, signInAdmin } from './factories.ts';
import { client, createTestApp, type Engine, engines, type TestApp } from './helpers.ts';
import { acted as networkActed, requested } from './network.support.ts';

type Page<Row> = { rows: Row[]; total: number; nextCursor: string | null };

describe.each(engines)(
  'the admin’s read views of suggestions, requests and scores on %s',
  (engine: Engine) => {
    let t: TestApp;
    let admin: { client: Client; id: string };

    beforeAll(async () => {
      t = await createTestApp(engine);
      admin = await signInAdmin(t);
    });
    afterAll(() => t.close());

    /** A member whose shown name (a company's: its company name) is unique to the test: `<tag> <role>`. */
    async function named(kind: ProfileType, tag: string, opts: { status?: 'published' | 'pending' } = {}) {
      const m = await member(t, kind, {
        name: `${tag} ${kind === 'expert' ? 'Expert' : 'Founder'}`,
        ...opts,
      });
      if (kind === 'company') {
        await t.database.db
          .update(companies)
          .set({ companyName: `${tag} Company` })
          .where(eq(companies.id, m.id));
      }
      return m;
    }
    const tagOf = () => `T${crypto.randomUUID().slice(0, 8)}`;

    async function get<Row>(path: string, query: Record<string, string | number> = {}): Promise<Page<Row>> {
      const response = await admin.client.get(
        `${path}?${new URLSearchParams(query as Record<string, string>)}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    }
    const suggestions = (q: Record<string, string | number>) =>
      get<AdminSuggestion>('/api/admin/suggestions', q);
    const requests = (q: Record<string, string | number>) => get<AdminRequest>('/api/admin/requests', q);
    const scores = (q: Record<string, string | number>) => get<AdminScore>('/api/admin/scores', q);

    /** Every row of a list, page by page along the cursors. */
    async function everyPage<Row>(path: string, query: Record<string, string | number>) {
      const rows: Row[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < 50; i++) {
        const page: Page<Row> = await get<Row>(path, { ...query, ...(cursor ? { cursor } : {}) });
        rows.push(...page.rows);
        cursor = page.nextCursor;
        if (!cursor) return rows;
      }
      throw new Error('too many pages');
    }

    it('answers only admins: 401 signed out, 403 for a member', async () => {
      const visitor = client(t.app);
      const m = await member(t, 'expert');
      for (const path of ['/api/admin/suggestions', '/api/admin/requests', '/api/admin/scores']) {
        expect((await visitor.get(path)).statusCode).toBe(401);
        expect((await m.client.get(path)).statusCode).toBe(403);
        // Even a bad query from a member is refused as a member, not read.
        expect((await m.client.get(`${path}?limit=0`)).statusCode).toBe(403);
      }
    });

    it('refuses a bad query or cursor with 400, never 500', async () => {
      const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const bad = [
        '/api/admin/suggestions?state=closed',
        '/api/admin/suggestions?order=sideways',
        '/api/admin/suggestions?limit=0',
        '/api/admin/suggestions?limit=101',
        '/api/admin/suggestions?search=a%00b',
        `/api/admin/suggestions?search=${'x'.repeat(255)}`,
        '/api/admin/suggestions?cursor=!!',
        `/api/admin/suggestions?cursor=${cursorOf({ l: 'requests', o: 'desc', k: '2024-01-01T00:00:00.000000Z', c: 'network', i: 'x' })}`,
        `/api/admin/suggestions?cursor=${cursorOf({ l: 'suggestions', o: 'desc', k: '2024-02-30T00:00:00.000000Z', i: 'x' })}`,
        `/api/admin/suggestions?cursor=${cursorOf({ l: 'suggestions', o: 'desc', k: '2024-01-01T00:00:00.000000Z', i: 'a\u0000' })}`,
        // A cursor of the other direction.
        `/api/admin/suggestions?order=asc&cursor=${cursorOf({ l: 'suggestions', o: 'desc', k: '2024-01-01T00:00:00.000000Z', i: 'x' })}`,
        `/api/admin/suggestions?cursor=${Buffer.from('not json').toString('base64url')}`,
        '/api/admin/requests?kind=email',
        '/api/admin/requests?state=requested',
        '/api/admin/scores?minScore=101',
        '/api/admin/scores?minScore=-1',
        '/api/admin/scores?minScore=strong',
        '/api/admin/scores?sort=name',
        `/api/admin/scores?sort=updated&cursor=${cursorOf({ l: 'scores', s: 'score', o: 'desc', k: '80', i: '1' })}`,
        `/api/admin/scores?cursor=${cursorOf({ l: 'scores', s: 'score', o: 'desc', k: '80', i: '99999999999999999999' })}`,
        `/api/admin/scores?cursor=${cursorOf({ l: 'scores', s: 'score', o: 'desc', k: '1000', i: '1' })}`,
      ];
      for (const url of bad) {
        const response = await admin.client.get(url);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
        expect(response.json().error.code).toBe('VALIDATION_FAILED');
      }
    });

    it('derives each suggestion’s state and source, filters by state and searches by either name', async () => {
      const tag = tagOf();
      const make = async (n: number) => {
        const expert = await named('expert', `${tag}${n}`);
        const company = await named('company', `${tag}${n}`);
        return { expert, company, id: await suggest(t, expert, company) };
      };
      const open = await make(1);
      const requested = await make(2);
      await sent(requested.company, requested.id, 'Hello');
      const byExpert = await make(3);
      expect(
        (await byExpert.expert.client.post('/api/suggestions/dismiss', { suggestionId: byExpert.id }))
          .statusCode,
      ).toBe(200);
      const byCompany = await make(4);
      expect(
        (await byCompany.company.client.post('/api/suggestions/dismiss', { suggestionId: byCompany.id }))
          .statusCode,
      ).toBe(200);
      // One by an admin through the API, one by the matcher.
      const manual = { expert: await named('expert', `${tag}5`), company: await named('company', `${tag}5`) };
      const made = await admin.client.post('/api/admin/suggestions', {
        expertId: manual.expert.id,
        companyId: manual.company.id,
      });
      expect(made.statusCode, made.body).toBe(201);
      const auto = { expert: await named('expert', `${tag}6`), company: await named('company', `${tag}6`) };
      await t.database.db.insert(matchSuggestions).values({
        id: crypto.randomUUID(),
        expertId: auto.expert.id,
        companyId: auto.company.id,
        createdBy: 'matcher',
        position: 2,
      });

      const all = await suggestions({ search: tag });
      expect(all.total).toBe(6);
      const byExpertName = new Map(all.rows.map((r) => [r.expert.name, r]));
      expect(byExpertName.get(`${tag}1 Expert`)).toMatchObject({
        id: open.id,
        state: 'open',
        company: { id: open.company.id, name: `${tag}1 Company`, role: 'company' },
        expert: { id: open.expert.id, role: 'expert' },
        dealId: null,
        requestSentAt: null,
      });
      const req = byExpertName.get(`${tag}2 Expert`)!;
      expect(req).toMatchObject({ state: 'requested' });
      expect(req.dealId).toEqual(expect.any(String));
      expect(req.requestSentAt).toEqual(expect.any(Number));
      expect(byExpertName.get(`${tag}3 Expert`)?.state).toBe('dismissedByExpert');
      expect(byExpertName.get(`${tag}4 Expert`)?.state).toBe('dismissedByCompany');
      expect(byExpertName.get(`${tag}5 Expert`)).toMatchObject({
        source: 'admin',
        createdBy: { id: admin.id },
        position: 0,
      });
      expect(byExpertName.get(`${tag}6 Expert`)).toMatchObject({
        source: 'matcher',
        createdBy: null,
        position: 2,
      });
      // Newest first by default, oldest first when asked.
      const created = all.rows.map((r) => r.createdAt);
      expect(created).toEqual([...created].sort((a, b) => b - a));
      const oldest = await suggestions({ search: tag, order: 'asc' });
      expect(oldest.rows.map((r) => r.id)).toEqual(all.rows.map((r) => r.id).reverse());

      for (const [state, expected] of [
        ['open', [open.id]],
        ['requested', [requested.id]],
        ['dismissedByExpert', [byExpert.id]],
        ['dismissedByCompany', [byCompany.id]],
      ] as const) {
        const page = await suggestions({ search: tag, state });
        if (state === 'open') {
          // The admin's and the matcher's are open too.
          expect(page.total).toBe(3);
          expect(page.rows.map((r) => r.id)).toContain(expected[0]);
        } else {
          expect(page.rows.map((r) => r.id)).toEqual(expected);
          expect(page.total).toBe(1);
        }
      }
      // A search by the company's name, case-insensitively, finds its suggestion only.
      const company = await suggestions({ search: `${tag}4 company`.toLowerCase() });
      expect(company.rows.map((r) => r.id)).toEqual([byCompany.id]);
      const nobody = await suggestions({ search: `${tag}-nobody` });
      expect(nobody).toEqual({ rows: [], total: 0, nextCursor: null });
    });

    it('pages suggestions by cursor: every row once, in order, while rows are added meanwhile', async () => {
      const tag = tagOf();
      const expert = await named('expert', tag);
      const others: Member[] = [];
      for (let i = 0; i < 5; i++) others.push(await named('company', `${tag}c${i}`));
      // 5 suggestions inserted in one statement share their created_at: the id breaks the ties.
      const ids: string[] = others.map(() => crypto.randomUUID());
      await t.database.db
        .insert(matchSuggestions)
        .values(
          others.map((c, i) => ({ id: ids[i]!, expertId: expert.id, companyId: c.id, createdBy: 'test' })),
        );
      for (const order of ['desc', 'asc'] as const) {
        const first = await suggestions({ search: tag, order, limit: 2 });
        expect(first.rows).toHaveLength(2);
        expect(first.total).toBe(order === 'desc' ? 5 : 6);
        // A suggestion added after the first page does not shift the pages that follow.
        const late = await named('company', `${tag}late${order}`);
        const lateId = await suggest(t, expert, late);
        const rest = await everyPage<AdminSuggestion>('/api/admin/suggestions', {
          search: tag,
          order,
          limit: 2,
          cursor: first.nextCursor!,
        });
        const seen = [...first.rows, ...rest].map((r) => r.id).filter((id) => ids.includes(id));
        expect(new Set(seen).size).toBe(5);
        expect(seen).toHaveLength(5);
        // Oldest first, the newcomer comes last; newest first, it sorts before the cursor and is not shown.
        expect(rest.map((r) => r.id).includes(lateId)).toBe(order === 'asc');
      }
    });

    it('derives each connection request’s state, with its dates, flags and ratings', async () => {
      const tag = tagOf();
      const pairOf = async (n: number, expertStatus: 'published' | 'pending' = 'published') => {
        const expert = await named('expert', `${tag}${n}`, { status: expertStatus });
        const company = await named('company', `${tag}${n}`);
        return { expert, company, id: await suggest(t, expert, company) };
      };
      const open = await pairOf(1);
      await sent(open.company, open.id, `  Hello\nthere ${'x'.repeat(200)}`);
      await acted(open.expert, open.id, 'seen');
      const held = await pairOf(2, 'pending');
      await sent(held.expert, held.id);
      const connected = await pairOf(3);
      await sent(connected.expert, connected.id);
      await acted(connected.company, connected.id, 'accept');
      await acted(connected.company, connected.id, 'survey', { rating: 4 });
      await acted(connected.expert, connected.id, 'survey', { rating: 5 });
      const closed = await pairOf(4);
      await sent(closed.company, closed.id);
      await acted(closed.expert, closed.id, 'accept');
      await acted(closed.company, closed.id, 'close');
      const declined = await pairOf(5);
      await sent(declined.company, declined.id);
      await acted(declined.expert, declined.id, 'deny');
      const dismissed = await pairOf(6);
      await sent(dismissed.expert, dismissed.id);
      await acted(dismissed.company, dismissed.id, 'dismiss');
      const cancelled = await pairOf(7);
      await sent(cancelled.expert, cancelled.id);
      await acted(cancelled.expert, cancelled.id, 'cancel');

      const all = await requests({ search: tag, kind: 'connection' });
      expect(all.total).toBe(6);
      const row = (id: string) => all.rows.find((r) => r.id === id)!;
      expect(row(open.id)).toMatchObject({
        kind: 'connection',
        state: 'open',
        sender: { id: open.company.id, name: `${tag}1 Company`, role: 'company' },
        recipient: { id: open.expert.id, name: `${tag}1 Expert`, role: 'expert' },
        seen: true,
        isPending: false,
        accepted: false,
        connectedOn: null,
      });
      expect(row(open.id).message!.startsWith('Hello there xxx')).toBe(true);
      expect(row(open.id).message!.length).toBeLessThanOrEqual(120);
      expect(row(open.id).message!.endsWith('…')).toBe(true);
      expect(row(open.id).dealId).toEqual(expect.any(String));
      expect(row(held.id)).toMatchObject({ state: 'held', isPending: true, sender: { id: held.expert.id } });
      expect(row(connected.id)).toMatchObject({
        state: 'connected',
        accepted: true,
        expertRating: 4,
        ventureRating: 5,
        closed: false,
      });
      expect(row(connected.id).connectedOn).toEqual(expect.any(Number));
      expect(row(closed.id)).toMatchObject({ state: 'closed', accepted: true, closed: true });
      expect(row(closed.id).closedOn).toEqual(expect.any(Number));
      expect(row(declined.id)).toMatchObject({ state: 'declined', notInterested: true, seen: true });
      expect(row(dismissed.id)).toMatchObject({ state: 'dismissed', dismissed: true });
      // A cancelled connection request is gone (the suggestion is open again).
      expect(all.rows.map((r) => r.id)).not.toContain(cancelled.id);

      for (const [state, id] of [
        ['open', open.id],
        ['held', held.id],
        ['connected', connected.id],
        ['closed', closed.id],
        ['declined', declined.id],
        ['dismissed', dismissed.id],
      ] as const) {
        const page = await requests({ search: tag, state });
        expect(
          page.rows.map((r) => r.id),
          state,
        ).toEqual([id]);
        expect(page.total).toBe(1);
      }
      expect((await requests({ search: tag, state: 'cancelled' })).total).toBe(0);
    });

    it('lists My Network requests as a second kind: open, connected, declined, cancelled', async () => {
      const tag = tagOf();
      const experts: Member[] = [];
      for (let i = 0; i < 6; i++) experts.push(await named('expert', `${tag}${i}`));
      const [a, b, c, d, e, f] = experts as [Member, Member, Member, Member, Member, Member];
      const open = await requested(a, b.id);
      const connected = await requested(c, d.id);
      await networkActed(d, connected.id, 'accept');
      const declined = await requested(e, f.id);
      await networkActed(f, declined.id, 'decline');
      const cancelled = await requested(a, f.id);
      await networkActed(a, cancelled.id, 'cancel');
      // And one connection request with one of them, for the kind filter.
      const company = await named('company', `${tag}co`);
      const suggestion = await suggest(t, a, company);
      await sent(company, suggestion);

      const network = await requests({ search: tag, kind: 'network' });
      expect(network.total).toBe(4);
      const row = (id: string) => network.rows.find((r) => r.id === id)!;
      expect(row(open.id)).toMatchObject({
        kind: 'network',
        state: 'open',
        sender: { id: a.id, role: 'expert', name: `${tag}0 Expert` },
        recipient: { id: b.id, role: 'expert' },
        message: null,
        seen: null,
      });
      expect(row(connected.id)).toMatchObject({ state: 'connected', accepted: true });
      expect(row(connected.id).connectedOn).toEqual(expect.any(Number));
      expect(row(declined.id)).toMatchObject({ state: 'declined', notInterested: true });
      expect(row(declined.id).respondedAt).toEqual(expect.any(Number));
      expect(row(cancelled.id)).toMatchObject({ state: 'cancelled' });
      expect(
        (await requests({ search: tag, kind: 'network', state: 'cancelled' })).rows.map((r) => r.id),
      ).toEqual([cancelled.id]);
      const both = await requests({ search: tag });
      expect(both.total).toBe(5);
      expect(both.rows.map((r) => r.kind).sort()).toEqual([
        'connection',
        'network',
        'network',
        'network',
        'network',
      ]);
      expect((await requests({ search: tag, kind: 'connection' })).rows.map((r) => r.id)).toEqual([
        suggestion,
      ]);
      // States of the other kind only: none of these.
      expect((await requests({ search: tag, kind: 'network', state: 'held' })).total).toBe(0);
    });

    it('pages the merged requests by sent date: every row once, ties between the kinds included', async () => {
      const tag = tagOf();
      const company = await named('company', `${tag}co`);
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) {
        const expert = await named('expert', `${tag}e${i}`);
        const id = await suggest(t, expert, company);
        await sent(company, id);
        ids.push(id);
      }
      const experts: Member[] = [];
      for (let i = 0; i < 4; i++) experts.push(await named('expert', `${tag}n${i}`));
      for (let i = 0; i < 4; i += 2) ids.push((await requested(experts[i]!, experts[i + 1]!.id)).id);
      ids.push((await requested(experts[0]!, experts[3]!.id)).id);
      // Everything at one instant: only the kind and the id order them.
      const at = new Date('2030-01-02T03:04:05.123456Z');
      await t.database.db
        .update(connectionRequests)
        .set({ requestSentAt: at })
        .where(inArray(connectionRequests.id, ids));
      await t.database.db
        .update(networkRequests)
        .set({ requestedAt: at })
        .where(inArray(networkRequests.id, ids));
      for (const order of ['desc', 'asc'] as const) {
        const all = await everyPage<AdminRequest>('/api/admin/requests', { search: tag, order, limit: 2 });
        expect(all.map((r) => r.id).sort()).toEqual([...ids].sort());
        expect(all).toHaveLength(7);
        const kinds = all.map((r) => r.kind);
        // Connection requests before My Network ones at one date, ascending; the other way descending.
        const firstKind = order === 'asc' ? 'connection' : 'network';
        expect(kinds.slice(0, order === 'asc' ? 4 : 3).every((k) => k === firstKind)).toBe(true);
        const whole = await requests({ search: tag, order, limit: 100 });
        expect(all.map((r) => r.id)).toEqual(whole.rows.map((r) => r.id));
      }
      // A mix of dates pages the same as one long page.
      const spread = new Date('2031-01-01T00:00:00.000001Z');
      await t.database.db
        .update(networkRequests)
        .set({ requestedAt: spread })
        .where(eq(networkRequests.id, ids[4]!));
      const whole = await requests({ search: tag, limit: 100 });
      const paged = await everyPage<AdminRequest>('/api/admin/requests', { search: tag, limit: 3 });
      expect(paged.map((r) => r.id)).toEqual(whole.rows.map((r) => r.id));
      expect(paged[0]!.id).toBe(ids[4]);
    });

    it('lists scores by score or date, with a minimum score and a name search, page by page', async () => {
      const tag = tagOf();
      const experts: Member[] = [];
      const firms: Member[] = [];
      for (let i = 0; i < 3; i++) experts.push(await named('expert', `${tag}e${i}`));
      for (let i = 0; i < 3; i++) firms.push(await named('company', `${tag}c${i}`));
      const values = [95, 80, 80, 79, 60, 80, 12, 100, 0];
      const rows = experts.flatMap((e, i) =>
        firms.map((c, j) => ({ expertId: e.id, companyId: c.id, score: values[i * 3 + j]! })),
      );
      await t.database.db.insert(matchScores).values(rows);
      const all = await scores({ search: tag, limit: 100 });
      expect(all.total).toBe(9);
      expect(all.rows.map((r) => r.score)).toEqual([...values].sort((a, b) => b - a));
      expect(all.rows[0]).toMatchObject({
        score: 100,
        expert: { id: experts[2]!.id, name: `${tag}e2 Expert`, role: 'expert' },
        company: { id: firms[1]!.id, name: `${tag}c1 Company`, role: 'company' },
      });
      const lowest = await scores({ search: tag, order: 'asc', limit: 100 });
      expect(lowest.rows.map((r) => r.score)).toEqual([...values].sort((a, b) => a - b));
      const strong = await scores({ search: tag, minScore: 80, limit: 100 });
      expect(strong.total).toBe(5);
      expect(strong.rows.every((r) => r.score >= 80)).toBe(true);
      // One expert's scores only.
      const one = await scores({ search: `${tag}e1 expert`, limit: 100 });
      expect(one.rows.map((r) => r.score)).toEqual([80, 79, 60]);
      // By date: the newest change first.
      await t.database.db
        .update(matchScores)
        .set({ score: 1, updatedAt: new Date(Date.now() + 60_000) })
        .where(eq(matchScores.expertId, experts[0]!.id));
      const byDate = await scores({ search: tag, sort: 'updated', limit: 100 });
      expect(byDate.rows.slice(0, 3).every((r) => r.expert.id === experts[0]!.id)).toBe(true);
      // Paged (ties at 80 broken by id): every row once, as in one page.
      for (const sort of ['score', 'updated'] as const) {
        for (const order of ['desc', 'asc'] as const) {
          const whole = await scores({ search: tag, sort, order, limit: 100 });
          const paged = await everyPage<AdminScore>('/api/admin/scores', {
            search: tag,
            sort,
            order,
            limit: 2,
          });
          expect(paged.map((r) => r.id)).toEqual(whole.rows.map((r) => r.id));
        }
      }
    });

    it('shows the first 12 by default with the total', async () => {
      const tag = tagOf();
      const company = await named('company', tag);
      for (let i = 0; i < 13; i++) await suggest(t, await named('expert', `${tag}${i}`), company);
      const page = await suggestions({ search: tag });
      expect(page.rows).toHaveLength(12);
      expect(page.total).toBe(13);
      expect(page.nextCursor).not.toBeNull();
      const rest = await suggestions({ search: tag, cursor: page.nextCursor! });
      expect(rest.rows).toHaveLength(1);
      expect(rest.nextCursor).toBeNull();
    });
  },
);
