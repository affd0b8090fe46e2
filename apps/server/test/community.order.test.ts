import type { MatchingListResponse } from '@intergen/contracts';
import { type CompanyMatchFacets, type ExpertMatchFacets, scoreMatch } from '@intergen/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchScores } from '../src/db/schema.ts';
import { memberChangesChannel } from '../src/modules/events/index.ts';
import { findMatchingMember } from '../src/modules/members/index.ts';
import { type Member, publishedMember, seedProfile, signInAdmin } from './factories.ts';
import { createTestApp, type Engine, engines, type TestApp } from './helpers.ts';

// DESIGN.md §4: below the viewer's strong matches, a community list runs by the viewer's score, then newest.

describe.each(engines)('the order of a community list below the strong matches on %s', (engine: Engine) => {
  let t: TestApp;
  let company: Member;
  let expert: Member;
  /** Each seeded expert's publish day (January 2026) and how much of the venture's profile it covers. */
  const seeded: { key: string; day: number; columns: Record<string, unknown> }[] = [
    // Newest first would be the reverse of the score order: the best covers least recently.
    { key: 'best', day: 1, columns: { areasOfImprovement: { legal: true, growthCapital: true } } },
    { key: 'goodOld', day: 2, columns: { areasOfImprovement: { legal: true } } },
    { key: 'goodNew', day: 5, columns: { areasOfImprovement: { legal: true } } },
    { key: 'goodSameDayA', day: 4, columns: { areasOfImprovement: { legal: true } } },
    { key: 'goodSameDayB', day: 4, columns: { areasOfImprovement: { legal: true } } },
    { key: 'weakest', day: 9, columns: { areasOfImprovement: {}, experience: {}, idealEngagement: {} } },
    { key: 'strong', day: 8, columns: { areasOfImprovement: {} } },
  ];
  const id: Record<string, string> = {};
  const day: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(engine, { COMMUNITY_TAB: 'true' });
    const admin = await signInAdmin(t);
    company = await publishedMember(t, 'company', admin, 'Ordering Company');
    expert = await publishedMember(t, 'expert', admin, 'Ordering Expert');
    await t.app.worker.drain();
    // Only the seeded experts are listed to the company: the one published through the API is made private.
    await t.database.query('UPDATE experts SET private = true WHERE id = $1', [expert.id]);
    await t.database.query(
      `UPDATE companies SET areas_of_improvement = '{"legal": true, "growthCapital": true}'::jsonb WHERE id = $1`,
      [company.id],
    );
    for (const s of seeded) {
      id[s.key] = (
        await seedProfile(t, 'expert', {
          name: `Ordered ${s.key}`,
          columns: { ...s.columns, publishDate: new Date(Date.UTC(2026, 0, s.day)) },
        })
      ).id;
      day[id[s.key]!] = s.day;
    }
    await t.database.db
      .insert(matchScores)
      .values({ expertId: id.strong!, companyId: company.id, score: 92 });
  });
  afterAll(() => t.close());

  const page = async (query: string): Promise<MatchingListResponse> => {
    const response = await company.client.get(`/api/matching/experts-for-company?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const scoreWith = async (expertId: string) => {
    const e = (await findMatchingMember(t.database.db, expertId))!.facets as ExpertMatchFacets;
    const c = (await findMatchingMember(t.database.db, company.id))!.facets as CompanyMatchFacets;
    return scoreMatch(e, c);
  };

  /** The unranked members as the list should run them: by score now, then newest, then id. */
  const expectedRest = async () => {
    const rest = await Promise.all(
      seeded
        .filter((s) => s.key !== 'strong')
        .map(async (s) => ({ id: id[s.key]!, score: await scoreWith(id[s.key]!) })),
    );
    return rest
      .sort((a, b) => b.score - a.score || day[b.id]! - day[a.id]! || (a.id < b.id ? 1 : -1))
      .map((r) => [r.id, r.score]);
  };

  it('runs the strong matches first, then the rest by score, then newest, then id', async () => {
    const all = await page('pageSize=50');
    const expected = await expectedRest();
    // The seeding gives distinct score tiers, so the score order is not the newest-first one.
    expect(new Set(expected.map(([, score]) => score)).size).toBe(3);
    expect(all.items.map((i) => [i.id, i.score])).toEqual([[id.strong, 92], ...expected]);
    expect(all.items[0]!.strong).toBe(true);
    expect(all.items.slice(1).every((i) => !i.strong)).toBe(true);
    expect(all.items[1]!.id).toBe(id.best);
    expect(all.items.at(-1)!.id).toBe(id.weakest);
    expect(all.total).toBe(seeded.length);
  });

  it('keeps that order across pages, each member once and none left out', async () => {
    const all = (await page('pageSize=50')).items.map((i) => i.id);
    for (const size of [1, 2, 3]) {
      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const next: MatchingListResponse = await page(`pageSize=${size}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(next.items.length).toBeLessThanOrEqual(size);
        walked.push(...next.items.map((i) => i.id));
        cursor = next.nextCursor;
      } while (cursor);
      expect(walked).toEqual(all);
    }
  });

  it('orders by the new scores once a listed member or the viewer changes their profile', async () => {
    const restOrder = async () => (await page('pageSize=50')).items.slice(1).map((i) => [i.id, i.score]);
    expect((await restOrder()).at(-1)![0]).toBe(id.weakest);
    // The weakest now covers all the venture's needs: it climbs.
    await t.database.query(
      `UPDATE experts SET areas_of_improvement = '{"legal": true, "growthCapital": true}'::jsonb WHERE id = $1`,
      [id.weakest],
    );
    await t.database.query('SELECT pg_notify($1, $2)', [memberChangesChannel, id.weakest]);
    const climbed = await restOrder();
    expect(climbed.at(-1)![0]).not.toBe(id.weakest);
    expect(climbed).toEqual(await expectedRest());
    // The venture now needs growth capital only: the list runs by its new scores.
    await t.database.query(
      `UPDATE companies SET areas_of_improvement = '{"growthCapital": true}'::jsonb WHERE id = $1`,
      [company.id],
    );
    const expected = await expectedRest();
    expect(expected).not.toEqual(climbed);
    expect(await restOrder()).toEqual(expected);
  });
});

describe.each(engines)('a dense community list below the strong matches on %s', (engine: Engine) => {
  let t: TestApp;
  let company: Member;
  const MANY = 1_030;
  const industries = ['tech', 'eComm', 'manufacturing', 'energy'];
  const needs = ['legal', 'growthCapital', 'salesBusinessDevelopment', 'marketExpansion'];

  beforeAll(async () => {
    t = await createTestApp(engine, { COMMUNITY_TAB: 'true' });
    const admin = await signInAdmin(t);
    company = await publishedMember(t, 'company', admin, 'Dense Ordering Company');
    await t.app.worker.drain();
    // More than SELECTIVE_MAX experts, of varied facets (so varied scores), each published a minute apart.
    await t.database.query(
      `INSERT INTO users (id, email, email_verified, name, first_name, last_name, kind)
       SELECT 'order-' || lpad(n::text, 5, '0'), 'order' || n || '@example.com', true, 'Order Expert ' || n, 'Order', 'Expert', 'expert'
       FROM generate_series(1, $1::int) AS n`,
      [MANY],
    );
    await t.database.query(
      `INSERT INTO experts (id, name, experience, areas_of_improvement, profile_published, profile_complete,
         onboarding_complete, has_been_welcomed, publish_date, private)
       SELECT 'order-' || lpad(n::text, 5, '0'), 'Order Expert ' || n,
         jsonb_build_object(($2::text[])[1 + n % 4], true, ($2::text[])[1 + n % 3], true),
         jsonb_build_object(($3::text[])[1 + n % 4], true, ($3::text[])[1 + (n / 4) % 4], true),
         true, true, true, true, timestamptz '2025-01-01 00:00:00+00' + n * interval '1 minute', false
       FROM generate_series(1, $1::int) AS n`,
      [MANY, industries, needs],
    );
    await t.database.query(
      `SELECT pg_notify($1, 'order-' || lpad(n::text, 5, '0')) FROM generate_series(1, $2::int) AS n`,
      [memberChangesChannel, MANY],
    );
  });
  afterAll(() => t.close());

  it('walks every expert once, by score, then newest, across pages', async () => {
    const c = (await findMatchingMember(t.database.db, company.id))!.facets as CompanyMatchFacets;
    const expected: { id: string; n: number; score: number }[] = [];
    for (let n = 1; n <= MANY; n++) {
      const id = `order-${String(n).padStart(5, '0')}`;
      const e = (await findMatchingMember(t.database.db, id))!.facets as ExpertMatchFacets;
      expected.push({ id, n, score: scoreMatch(e, c) });
    }
    expect(new Set(expected.map((r) => r.score)).size).toBeGreaterThan(3);
    expected.sort((a, b) => b.score - a.score || b.n - a.n);
    const walked: [string, number | null][] = [];
    let cursor: string | null = null;
    do {
      const response = await company.client.get(
        `/api/matching/experts-for-company?pageSize=50${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const page: MatchingListResponse = response.json();
      walked.push(...page.items.map((i): [string, number | null] => [i.id, i.score]));
      cursor = page.nextCursor;
    } while (cursor);
    expect(walked).toEqual(expected.map((r) => [r.id, r.score]));
  });
});
