import type { MatchingListResponse } from '@intergen/contracts';
import {
  accessTexts,
  type CompanyMatchFacets,
  type ExpertMatchFacets,
  matchingTexts,
  messages,
  scoreMatch,
} from '@intergen/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchScores } from '../src/db/schema.ts';
import { memberChangesChannel } from '../src/modules/events/index.ts';
import { findMatchingMember } from '../src/modules/members/index.ts';
import {
  type Client,
  fill,
  type Member,
  publishedMember,
  seedProfile,
  signInAdmin,
  signUpMember,
  verifyEmail,
} from './factories.ts';
import { client, createTestApp, type Engine, engines, type TestApp } from './helpers.ts';

/** A pair's score from the two profiles as they are now (what a card shows for a pair that is not stored). */
async function scoreFromProfiles(t: TestApp, expertId: string, companyId: string): Promise<number> {
  const e = (await findMatchingMember(t.database.db, expertId))!.facets as ExpertMatchFacets;
  const c = (await findMatchingMember(t.database.db, companyId))!.facets as CompanyMatchFacets;
  return scoreMatch(e, c);
}

describe.each(engines)('matching lists on %s', (engine: Engine) => {
  let t: TestApp;
  const computed = (expertId: string, companyId: string) => scoreFromProfiles(t, expertId, companyId);
  let admin: { client: Client; id: string };
  let expert: Member;
  let company: Member;
  const x: Record<string, string> = {};
  const co: Record<string, string> = {};

  beforeAll(async () => {
    // The matching lists are the community lists: they exist only while the community tab is on.
    t = await createTestApp(engine, { COMMUNITY_TAB: 'true' });
    admin = await signInAdmin(t);
    expert = await publishedMember(t, 'expert', admin, 'Caller Expert');
    company = await publishedMember(t, 'company', admin, 'Caller Company');
    await t.app.worker.drain();
    const seedExpert = async (key: string, name: string, columns: Record<string, unknown>, more = {}) => {
      x[key] = (await seedProfile(t, 'expert', { name, columns, ...more })).id;
    };
    await seedExpert('alice', 'Alice Energy', {
      experience: { energy: true, edu: true },
      areasOfImprovement: { legal: true, growthCapital: true },
      investmentOpportunities: 'yes',
      boardOpportunities: 'yes',
    });
    await seedExpert('bob', 'Bob ENERGY', {
      experience: { energy: true, edu: false },
      areasOfImprovement: { legal: true },
      investmentOpportunities: 'no',
      boardOpportunities: 'yes',
    });
    await seedExpert('carol', 'Carol Energy', {
      experience: { energy: true, edu: true },
      areasOfImprovement: { legal: true },
      investmentOpportunities: 'yes',
      boardOpportunities: 'no',
    });
    await seedExpert('private', 'Dan Energy', { experience: { energy: true } }, { private: true });
    await seedExpert('unpublished', 'Eve Energy', { experience: { energy: true } }, { published: false });
    for (let i = 0; i < 12; i++) {
      // Days apart, in seeding order; two of them on the same day, so that the id breaks the tie.
      const day = i === 11 ? 10 : i;
      await seedExpert(`page${i}`, `Paged Expert ${i}`, {
        experience: { govServices: true },
        publishDate: new Date(Date.UTC(2026, 0, 1 + day)),
      });
    }
    const seedCompany = async (
      key: string,
      name: string,
      companyName: string,
      columns: Record<string, unknown>,
    ) => {
      co[key] = (await seedProfile(t, 'company', { name, companyName, columns })).id;
    };
    await seedCompany('solarOwner', 'Olga Owner', 'Solar Flare Ltd', {
      experience: { renewableEnergy: true, realEstate: true },
      areasOfImprovement: { legal: true },
      investmentOpportunities: 'yes',
      boardOpportunities: 'no',
    });
    await seedCompany('solarPerson', 'Sam Solar', 'Other Things', {
      experience: { renewableEnergy: true },
      areasOfImprovement: { legal: true, customerSuccess: true },
      investmentOpportunities: 'no',
      boardOpportunities: 'yes',
    });
  });
  afterAll(() => t.close());

  const list = async (c: Client, path: string, query = ''): Promise<MatchingListResponse> => {
    const response = await c.get(`/api/matching/${path}${query ? `?${query}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const ids = (page: MatchingListResponse) => page.items.map((i) => i.id).sort();
  const sorted = (...keys: string[]) => keys.map((k) => x[k] ?? co[k]!).sort();

  describe('filters', () => {
    it('keep the experts with every selected industry, as a list or as repeated keys', async () => {
      expect(ids(await list(expert.client, 'experts', 'industries=energy'))).toEqual(
        sorted('alice', 'bob', 'carol'),
      );
      expect(ids(await list(expert.client, 'experts', 'industries=energy,edu'))).toEqual(
        sorted('alice', 'carol'),
      );
      expect(
        ids(await list(company.client, 'experts-for-company', 'industries=energy&industries=edu')),
      ).toEqual(sorted('alice', 'carol'));
    });

    it('keep the experts with every selected area of expertise', async () => {
      expect(ids(await list(expert.client, 'experts', 'expertise=legal,growthCapital'))).toEqual(
        sorted('alice'),
      );
      expect(ids(await list(expert.client, 'experts', 'expertise=legal'))).toEqual(
        sorted('alice', 'bob', 'carol'),
      );
    });

    it('keep those open to investment or board opportunities', async () => {
      expect(ids(await list(expert.client, 'experts', 'industries=energy&investments=yes'))).toEqual(
        sorted('alice', 'carol'),
      );
      expect(ids(await list(expert.client, 'experts', 'industries=energy&boardPositions=yes'))).toEqual(
        sorted('alice', 'bob'),
      );
      expect(ids(await list(expert.client, 'companies', 'expertise=legal&investments=yes'))).toEqual(
        sorted('solarOwner'),
      );
      expect(ids(await list(expert.client, 'companies', 'expertise=legal&boardPositions=yes'))).toEqual(
        sorted('solarPerson'),
      );
    });

    it('combine', async () => {
      const all = 'industries=energy,edu&expertise=legal&investments=yes&boardPositions=yes';
      expect(ids(await list(expert.client, 'experts', all))).toEqual(sorted('alice'));
      expect(ids(await list(expert.client, 'experts', `${all}&searchText=carol`))).toEqual([]);
      expect(
        ids(await list(expert.client, 'companies', 'industries=renewableEnergy,realEstate&expertise=legal')),
      ).toEqual(sorted('solarOwner'));
    });

    it('search the lower-cased name, and for companies the company name too', async () => {
      expect(ids(await list(expert.client, 'experts', 'searchText=ENERGY'))).toEqual(
        sorted('alice', 'bob', 'carol'),
      );
      expect(ids(await list(company.client, 'experts-for-company', 'searchText=%20bob%20'))).toEqual(
        sorted('bob'),
      );
      expect(ids(await list(expert.client, 'companies', 'searchText=solar'))).toEqual(
        sorted('solarOwner', 'solarPerson'),
      );
      expect(ids(await list(expert.client, 'companies', 'searchText=flare'))).toEqual(sorted('solarOwner'));
      expect(ids(await list(expert.client, 'companies', 'searchText=50%25_'))).toEqual([]);
      // Short searches (one or two letters) match the same way, without the index.
      expect(ids(await list(expert.client, 'experts', 'searchText=ol&industries=energy'))).toEqual(
        sorted('carol'),
      );
      expect(ids(await list(expert.client, 'companies', 'searchText=f'))).toEqual(sorted('solarOwner'));
    });

    it('refuse unknown codes', async () => {
      const response = await expert.client.get('/api/matching/experts?industries=energy,moonMining');
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('pages', () => {
    /** The paged experts newest first: by publish day descending, then id descending within a day. */
    const newestFirst = () =>
      Array.from({ length: 12 }, (_, i) => ({ id: x[`page${i}`]!, day: i === 11 ? 10 : i }))
        .sort((a, b) => b.day - a.day || (a.id < b.id ? 1 : -1))
        .map((r) => r.id);

    it('run newest first by cursor, nine by default, with hasMore, the next cursor and the total', async () => {
      const first = await list(expert.client, 'experts', 'industries=govServices');
      expect(first.items).toHaveLength(9);
      expect(first.hasMore).toBe(true);
      expect(first.total).toBe(12);
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = await list(
        expert.client,
        'experts',
        `industries=govServices&cursor=${first.nextCursor}`,
      );
      expect(second.items).toHaveLength(3);
      expect(second.hasMore).toBe(false);
      expect(second.nextCursor).toBeNull();
      expect(second.total).toBeNull();
      const seen = [...first.items, ...second.items].map((i) => i.id);
      expect(seen).toEqual(newestFirst());

      // Smaller pages walk the same order.
      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const page: MatchingListResponse = await list(
          expert.client,
          'experts',
          `industries=govServices&pageSize=5${cursor ? `&cursor=${cursor}` : ''}`,
        );
        walked.push(...page.items.map((i) => i.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(walked).toEqual(seen);
    });

    it('refuse a cursor we did not hand out, with a 400 and nothing listed', async () => {
      for (const cursor of [
        'nonsense',
        ...[
          { rank: -1, id: 'x', dense: true },
          { rank: -1, micros: -1, id: 'x', dense: true },
          { rank: -1, micros: 1.5, id: 'x', dense: true },
          { rank: -1, micros: 2 ** 60, id: 'x', dense: true },
          { rank: 101, micros: 1, id: 'x', dense: false },
          { rank: -1, micros: 1, id: 'x'.repeat(101), dense: false },
          { rank: -1, micros: 1, id: 'x', dense: 'yes' },
          { rank: -1, micros: 1, id: 'nul\u0000', dense: true },
          { rank: -1, micros: 1, id: 'nul\u0000', dense: false },
        ].map((c) => Buffer.from(JSON.stringify(c)).toString('base64url')),
      ]) {
        const response = await expert.client.get(`/api/matching/experts?cursor=${cursor}`);
        expect(response.statusCode, cursor).toBe(400);
        expect(response.json().error).toEqual({
          code: 'VALIDATION_FAILED',
          message: matchingTexts.badCursor,
        });
      }
    });

    it('show published, public experts other than the caller, and published companies', async () => {
      const experts = (await list(expert.client, 'experts', 'pageSize=50')).items.map((i) => i.id);
      expect(experts).not.toContain(expert.id);
      expect(experts).not.toContain(x.private);
      expect(experts).not.toContain(x.unpublished);
      const forCompany = (await list(company.client, 'experts-for-company', 'pageSize=50')).items.map(
        (i) => i.id,
      );
      expect(forCompany).toContain(expert.id);
      expect(forCompany).not.toContain(x.private);
      const companies = (await list(expert.client, 'companies', 'pageSize=50')).items;
      expect(companies.map((i) => i.id)).toContain(company.id);
      expect(companies.every((i) => i.kind === 'company')).toBe(true);
    });
  });

  it('carry the score between an expert and a company (stored when strong, else from both profiles), and null between experts', async () => {
    // Only strong pairs are stored; a weaker stored row (none should exist) is not read.
    await t.database.db.insert(matchScores).values([
      { expertId: x.alice!, companyId: company.id, score: 85 },
      { expertId: x.bob!, companyId: company.id, score: 77 },
      { expertId: expert.id, companyId: co.solarOwner!, score: 84 },
    ]);
    const forCompany = await list(company.client, 'experts-for-company', 'industries=energy');
    expect(forCompany.items.map((i) => [i.id, i.score]).sort()).toEqual(
      [
        [x.alice, 85],
        [x.bob, await computed(x.bob!, company.id)],
        [x.carol, await computed(x.carol!, company.id)],
      ].sort(),
    );
    expect(forCompany.items[0]).toMatchObject({ id: x.alice, strong: true });
    const alice = forCompany.items.find((i) => i.id === x.alice)!;
    expect(alice).toMatchObject({
      kind: 'expert',
      name: 'Alice Energy',
      companyName: null,
      industries: ['energy', 'edu'],
      areas: ['growthCapital', 'legal'],
      rating: null,
    });
    expect(JSON.stringify(alice)).not.toMatch(/@example\.com|555/);
    const companies = await list(expert.client, 'companies', 'searchText=solar');
    expect(companies.items.map((i) => [i.id, i.score])).toEqual([
      [co.solarOwner, 84],
      [co.solarPerson, await computed(expert.id, co.solarPerson!)],
    ]);
    const experts = await list(expert.client, 'experts', 'industries=energy');
    expect(experts.items.every((i) => i.score === null)).toBe(true);
  });

  describe('strong matches (score ≥ 80 with the viewer)', () => {
    const score = async (expertId: string, companyId: string, value: number) =>
      t.database.db
        .insert(matchScores)
        .values({ expertId, companyId, score: value })
        .onConflictDoUpdate({ target: [matchScores.expertId, matchScores.companyId], set: { score: value } });

    beforeAll(async () => {
      await score(x.page0!, company.id, 95);
      await score(x.alice!, company.id, 91);
      await score(x.carol!, company.id, 88);
      await score(x.bob!, company.id, 80);
      await score(x.page5!, company.id, 79);
      await score(expert.id, co.solarPerson!, 80);
      await score(expert.id, co.solarOwner!, 79);
    });

    it('come first by score, badged, then everyone else newest first', async () => {
      const all = await list(company.client, 'experts-for-company', 'pageSize=50');
      const strongOnes = [x.page0, x.alice, x.carol, x.bob];
      expect(all.items.slice(0, 4).map((i) => [i.id, i.score, i.strong])).toEqual(
        strongOnes.map((id, n) => [id, [95, 91, 88, 80][n], true]),
      );
      expect(all.items.slice(4).every((i) => !i.strong)).toBe(true);
      expect(all.items.find((i) => i.id === x.page5)).toMatchObject({
        score: await computed(x.page5!, company.id),
        strong: false,
      });
      expect(all.total).toBe(all.items.length);
      expect(new Set(all.items.map((i) => i.id)).size).toBe(all.items.length);

      // Pages of two walk the same order across the strong and the other part, nothing twice.
      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const page: MatchingListResponse = await list(
          company.client,
          'experts-for-company',
          `pageSize=2${cursor ? `&cursor=${cursor}` : ''}`,
        );
        walked.push(...page.items.map((i) => i.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(walked).toEqual(all.items.map((i) => i.id));

      const ventures = await list(expert.client, 'companies', 'searchText=solar');
      expect(ventures.items.map((i) => [i.id, i.score, i.strong])).toEqual([
        [co.solarPerson, 80, true],
        [co.solarOwner, await computed(expert.id, co.solarOwner!), false],
      ]);
    });

    it('have a filter that keeps only them, with the other filters and its own count', async () => {
      const strong = await list(company.client, 'experts-for-company', 'strong=yes');
      expect(strong.items.map((i) => i.id)).toEqual([x.page0, x.alice, x.carol, x.bob]);
      expect(strong.total).toBe(4);
      const energy = await list(
        company.client,
        'experts-for-company',
        'strong=yes&industries=energy&pageSize=2',
      );
      expect(energy.items.map((i) => i.id)).toEqual([x.alice, x.carol]);
      expect(energy.total).toBe(3);
      const rest = await list(
        company.client,
        'experts-for-company',
        `strong=yes&industries=energy&pageSize=2&cursor=${energy.nextCursor}`,
      );
      expect(rest.items.map((i) => i.id)).toEqual([x.bob]);
      expect(rest.hasMore).toBe(false);
      expect((await list(expert.client, 'companies', 'strong=yes')).items.map((i) => i.id)).toEqual([
        co.solarPerson,
      ]);
      // Between experts there are no scores: the filter changes nothing.
      const experts = await list(expert.client, 'experts', 'strong=yes&industries=energy');
      expect(ids(experts)).toEqual(sorted('alice', 'bob', 'carol'));
    });

    it('count what the filters keep, however many there are (no cap of 30)', async () => {
      for (let i = 0; i < 31; i++) {
        await seedProfile(t, 'company', {
          name: `Counted Venture ${i}`,
          companyName: 'Counted',
          columns: {},
        });
      }
      const first = await list(expert.client, 'companies', 'searchText=counted');
      expect(first.total).toBe(31);
      expect(first.items).toHaveLength(9);
    });
  });

  it('need the role’s profile: 403 WRONG_ROLE with the spec’s message, 401 signed out', async () => {
    const wrong: [Client, string, string][] = [
      [company.client, 'experts', matchingTexts.mustBeExpert],
      [company.client, 'companies', matchingTexts.mustBeExpert],
      [expert.client, 'experts-for-company', matchingTexts.mustBeCompany],
      [admin.client, 'experts', matchingTexts.mustBeExpert],
      [admin.client, 'experts-for-company', matchingTexts.mustBeCompany],
    ];
    for (const [c, path, message] of wrong) {
      const response = await c.get(`/api/matching/${path}`);
      expect(response.statusCode, path).toBe(403);
      expect(response.json().error).toMatchObject({ code: 'WRONG_ROLE', message });
    }
    expect(matchingTexts.mustBeExpert).toBe('Must be an expert');
    expect(matchingTexts.mustBeCompany).toBe('Must be a company');
    for (const path of ['experts', 'experts-for-company', 'companies']) {
      const response = await client(t.app).get(`/api/matching/${path}?industries=nonsense`);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe(messages.notSignedIn);
    }
  });

  it('load only for a verified member whose profile is published: not unverified, pending or paused', async () => {
    const unverified = await signUpMember(t.app, 'expert', 'Unverified Una');
    await fill(t.app, unverified);
    const pending = await signUpMember(t.app, 'expert', 'Pending Pat');
    await fill(t.app, pending);
    await verifyEmail(t, pending);
    expect((await pending.client.post('/api/profiles/me/submit')).statusCode).toBe(200);
    const paused = await publishedMember(t, 'company', admin, 'Paused Paula');
    expect((await paused.client.post('/api/profiles/me/pause', { reason: 'noTime' })).statusCode).toBe(200);
    const refused: [Member, string, string][] = [
      [unverified, 'companies', accessTexts.membersLocked],
      [unverified, 'experts', accessTexts.membersLocked],
      [pending, 'companies', accessTexts.communityWhilePending],
      [pending, 'experts', accessTexts.communityWhilePending],
      // A paused member is told to resume, not to verify and publish.
      [paused, 'experts-for-company', accessTexts.communityWhilePaused],
    ];
    for (const [m, path, message] of refused) {
      const response = await m.client.get(`/api/matching/${path}`);
      expect(response.statusCode, `${m.email} ${path}`).toBe(403);
      expect(response.json().error).toEqual({ code: 'MEMBERS_LOCKED', message });
      expect(response.body).not.toContain('Energy');
    }
  });
});

describe.each(engines)('matching lists with the community tab off on %s', (engine: Engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { COMMUNITY_TAB: 'false' });
  });
  afterAll(() => t.close());

  it('do not exist: 404 for every member, whatever their role', async () => {
    const admin = await signInAdmin(t);
    const expert = await publishedMember(t, 'expert', admin, 'Flagless Expert');
    const company = await publishedMember(t, 'company', admin, 'Flagless Company');
    await seedProfile(t, 'company', { name: 'Hidden Venture' });
    for (const [c, path] of [
      [expert.client, 'experts'],
      [expert.client, 'companies'],
      [company.client, 'experts-for-company'],
    ] as const) {
      const response = await c.get(`/api/matching/${path}`);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: accessTexts.communityOff });
      expect(response.body).not.toContain('Hidden Venture');
    }
  });
});

describe.each(engines)('a dense community list (more than a thousand matches) on %s', (engine: Engine) => {
  let t: TestApp;
  const computed = (expertId: string, companyId: string) => scoreFromProfiles(t, expertId, companyId);
  let company: Member;
  const MANY = 1_030;
  let strongIds: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine, { COMMUNITY_TAB: 'true' });
    const admin = await signInAdmin(t);
    company = await publishedMember(t, 'company', admin, 'Dense Company');
    await t.app.worker.drain();
    // Many published experts in one statement each table: every tenth shares a day with the one before.
    await t.database.query(
      `INSERT INTO users (id, email, email_verified, name, first_name, last_name, kind)
       SELECT 'dense-' || lpad(n::text, 5, '0'), 'dense' || n || '@example.com', true, 'Dense Expert ' || n, 'Dense', 'Expert', 'expert'
       FROM generate_series(1, $1::int) AS n`,
      [MANY],
    );
    await t.database.query(
      `INSERT INTO experts (id, name, experience, profile_published, profile_complete, onboarding_complete, has_been_welcomed, publish_date, private)
       SELECT 'dense-' || lpad(n::text, 5, '0'), 'Dense Expert ' || n, '{"manufacturing": true}'::jsonb, true, true, true, true,
         timestamptz '2025-01-01 00:00:00+00' + ((n - n % 10 * (n % 10 = 1)::int) * interval '1 day'), false
       FROM generate_series(1, $1::int) AS n`,
      [MANY],
    );
    // Written without events: announced as an event would (matching's packed counterparts read them).
    await t.database.query(
      `SELECT pg_notify($1, 'dense-' || lpad(n::text, 5, '0')) FROM generate_series(1, $2::int) AS n`,
      [memberChangesChannel, MANY],
    );
    strongIds = ['dense-00005', 'dense-00500', 'dense-01000'];
    for (const [i, id] of strongIds.entries()) {
      await t.database.db.insert(matchScores).values({ expertId: id, companyId: company.id, score: 90 - i });
    }
    await t.database.db
      .insert(matchScores)
      .values({ expertId: 'dense-00007', companyId: company.id, score: 50 });
  });
  afterAll(() => t.close());

  it('walks every match once, strong ones first, then newest, with the exact total', async () => {
    const walked: MatchingListResponse['items'] = [];
    let cursor: string | null = null;
    let total: number | null = null;
    do {
      const response = await company.client.get(
        `/api/matching/experts-for-company?industries=manufacturing&pageSize=50${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const page: MatchingListResponse = response.json();
      if (!cursor) total = page.total;
      walked.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(total).toBe(MANY);
    expect(walked).toHaveLength(MANY);
    expect(new Set(walked.map((i) => i.id)).size).toBe(MANY);
    expect(walked.slice(0, 3).map((i) => [i.id, i.score, i.strong])).toEqual([
      ['dense-00005', 90, true],
      ['dense-00500', 89, true],
      ['dense-01000', 88, true],
    ]);
    // The rest newest first: by publish day, then id, both descending.
    const rest = walked.slice(3).map((i) => i.id);
    const expected = Array.from({ length: MANY }, (_, k) => k + 1)
      .map((n) => ({ id: `dense-${String(n).padStart(5, '0')}`, day: n - (n % 10 === 1 ? n % 10 : 0) }))
      .filter((r) => !strongIds.includes(r.id))
      .sort((a, b) => b.day - a.day || (a.id < b.id ? 1 : -1))
      .map((r) => r.id);
    expect(rest).toEqual(expected);
    expect(walked.find((i) => i.id === 'dense-00007')).toMatchObject({
      score: await computed('dense-00007', company.id),
      strong: false,
    });
  });

  it('counts and pages the strong ones alone', async () => {
    const response = await company.client.get('/api/matching/experts-for-company?strong=yes&pageSize=2');
    const page: MatchingListResponse = response.json();
    expect(page.total).toBe(3);
    expect(page.items.map((i) => i.id)).toEqual(['dense-00005', 'dense-00500']);
    const next: MatchingListResponse = (
      await company.client.get(
        `/api/matching/experts-for-company?strong=yes&pageSize=2&cursor=${page.nextCursor}`,
      )
    ).json();
    expect(next.items.map((i) => i.id)).toEqual(['dense-01000']);
    expect(next.hasMore).toBe(false);
  });
});
