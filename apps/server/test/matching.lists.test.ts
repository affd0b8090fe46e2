import type { MatchingListResponse } from '@intergen/contracts';
import { accessTexts, matchingTexts, messages } from '@intergen/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchScores } from '../src/db/schema.ts';
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

describe.each(engines)('matching lists on %s', (engine: Engine) => {
  let t: TestApp;
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
      await seedExpert(`page${i}`, `Paged Expert ${i}`, { experience: { govServices: true } });
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
    });

    it('refuse unknown codes', async () => {
      const response = await expert.client.get('/api/matching/experts?industries=energy,moonMining');
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('pages', () => {
    it('run in id order by cursor, nine by default, with hasMore and the next cursor', async () => {
      const first = await list(expert.client, 'experts', 'industries=govServices');
      expect(first.items).toHaveLength(9);
      expect(first.hasMore).toBe(true);
      expect(first.nextCursor).toBe(first.items[8]!.id);
      const second = await list(
        expert.client,
        'experts',
        `industries=govServices&cursor=${first.nextCursor}`,
      );
      expect(second.items).toHaveLength(3);
      expect(second.hasMore).toBe(false);
      expect(second.nextCursor).toBeNull();
      const seen = [...first.items, ...second.items].map((i) => i.id);
      expect(new Set(seen).size).toBe(12);
      expect([...seen].sort()).toEqual(
        Object.keys(x)
          .filter((k) => k.startsWith('page'))
          .map((k) => x[k]!)
          .sort(),
      );

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

  it('carry the stored score between an expert and a company, and null between experts', async () => {
    await t.database.db.insert(matchScores).values([
      { expertId: x.alice!, companyId: company.id, score: 77 },
      { expertId: expert.id, companyId: co.solarOwner!, score: 64 },
    ]);
    const forCompany = await list(company.client, 'experts-for-company', 'industries=energy');
    expect(forCompany.items.map((i) => [i.id, i.score]).sort()).toEqual(
      [
        [x.alice, 77],
        [x.bob, null],
        [x.carol, null],
      ].sort(),
    );
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
    expect(companies.items.map((i) => [i.id, i.score]).sort()).toEqual(
      [
        [co.solarOwner, 64],
        [co.solarPerson, null],
      ].sort(),
    );
    const experts = await list(expert.client, 'experts', 'industries=energy');
    expect(experts.items.every((i) => i.score === null)).toBe(true);
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
      [paused, 'experts-for-company', accessTexts.membersLocked],
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
