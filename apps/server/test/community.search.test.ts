import type { MatchingListResponse } from '@intergen/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  type Member,
  publishedMember,
  type SeedProfileOptions,
  seedProfile,
  signInAdmin,
} from './factories.ts';
import { createTestApp, type Engine, engines, type TestApp } from './helpers.ts';

// The community search (spec 001 §5): the lower-cased name (companies: or the company name) contains the
// search, whatever its length and characters. A search of three characters is answered by the index's key
// alone, a longer one by its three-character keys and a recheck of the rows that have them all (migration
// 0016), a shorter one on the rows; all must give exactly what "contains" gives.

describe.each(engines)('community search on %s', (engine: Engine) => {
  let t: TestApp;
  let expert: Member;
  let company: Member;
  const x: Record<string, string> = {};
  const co: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(engine, { COMMUNITY_TAB: 'true' });
    const admin = await signInAdmin(t);
    expert = await publishedMember(t, 'expert', admin, 'Caller Expert');
    company = await publishedMember(t, 'company', admin, 'Caller Company');
    await t.app.worker.drain();
    const experts: [string, string, SeedProfileOptions?][] = [
      ['zoe', 'Zoë Ångström'],
      ['obrien', 'Seán O\'Brien "Q"'],
      ['percent', '100% Sure_Thing'],
      ['backslash', 'Back\\Slash Person'],
      ['split', 'Abcx Bcde'],
      ['abcde', 'Abcde Whole', { columns: { experience: { energy: true } } }],
      ['greek', 'ΣΟΦΊΑ Παπά'],
      ['emoji', 'Rocket 🚀 Rider'],
      ['private', 'Zoë Hidden', { private: true }],
      ['unpublished', 'Zoë Draft', { published: false }],
    ];
    for (const [key, name, options = {}] of experts) {
      x[key] = (await seedProfile(t, 'expert', { name, ...options })).id;
    }
    co.solar = (await seedProfile(t, 'company', { name: 'Olga Owner', companyName: 'Solar Flare' })).id;
    co.quote = (await seedProfile(t, 'company', { name: 'Pat Quote', companyName: 'Büro "Zwei" 50%' })).id;
  });
  afterAll(() => t.close());

  const list = async (c: Client, path: string, search: string, more = ''): Promise<MatchingListResponse> => {
    const response = await c.get(
      `/api/matching/${path}?pageSize=50&searchText=${encodeURIComponent(search)}${more}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  /** The experts a search finds (the ids of a page, as keys), with the count of the first page. */
  const experts = async (search: string, more = '') => {
    const page = await list(company.client, 'experts-for-company', search, more);
    const keyOf = new Map(Object.entries(x).map(([k, id]) => [id, k]));
    expect(page.total).toBe(page.items.length);
    return page.items.map((i) => keyOf.get(i.id) ?? (i.id === expert.id ? 'caller' : i.id)).sort();
  };
  const companies = async (search: string) => {
    const page = await list(expert.client, 'companies', search);
    const keyOf = new Map(Object.entries(co).map(([k, id]) => [id, k]));
    return page.items.map((i) => keyOf.get(i.id) ?? (i.id === company.id ? 'caller' : i.id)).sort();
  };

  it('find one and two characters, exactly', async () => {
    expect(await experts('ë')).toEqual(['zoe']);
    expect(await experts('Ë')).toEqual(['zoe']);
    expect(await experts('%')).toEqual(['percent']);
    expect(await experts('_')).toEqual(['percent']);
    expect(await experts('"')).toEqual(['obrien']);
    expect(await experts("'")).toEqual(['obrien']);
    expect(await experts('\\')).toEqual(['backslash']);
    expect(await experts('🚀')).toEqual(['emoji']);
    expect(await experts('gs')).toEqual(['zoe']);
    expect(await experts("o'")).toEqual(['obrien']);
    expect(await experts('% ')).toEqual(['percent']);
    expect(await experts('🚀 ')).toEqual(['emoji']);
    expect(await experts('zz')).toEqual([]);
  });

  it('find three characters, exactly, lower-cased (non-ASCII too)', async () => {
    expect(await experts('ZOË')).toEqual(['zoe']);
    expect(await experts('ång')).toEqual(['zoe']);
    expect(await experts('σοφ')).toEqual(['greek']);
    expect(await experts('ΠΑΠ')).toEqual(['greek']);
    expect(await experts('0% ')).toEqual(['percent']);
    expect(await experts('e_t')).toEqual(['percent']);
    expect(await experts('"q"')).toEqual(['obrien']);
    expect(await experts('k\\s')).toEqual(['backslash']);
    expect(await experts(' 🚀 ')).toEqual(['emoji']);
    expect(await experts('bcd')).toEqual(['abcde', 'split']);
    expect(await experts('zzq')).toEqual([]);
  });

  it('find longer searches only where the whole text is (not just each of its three-letter parts)', async () => {
    expect(await experts('ångström')).toEqual(['zoe']);
    expect(await experts('zoë ångström')).toEqual(['zoe']);
    // "abcx bcde" has abc, bcd and cde, but not "abcde".
    expect(await experts('abcde')).toEqual(['abcde']);
    expect(await experts('abcde', '&industries=energy')).toEqual(['abcde']);
    expect(await experts('abcx bcde')).toEqual(['split']);
    expect(await experts('100% sure_thing')).toEqual(['percent']);
    expect(await experts('100_')).toEqual([]);
    expect(await experts('1%0%')).toEqual([]);
    expect(await experts('o\'brien "q"')).toEqual(['obrien']);
    expect(await experts('back\\slash')).toEqual(['backslash']);
    expect(await experts('rocket 🚀 rider')).toEqual(['emoji']);
    expect(await experts('σοφία')).toEqual(['greek']);
    expect(await experts('Ångström Zoë')).toEqual([]);
  });

  it('never list private or unpublished experts, whatever the search', async () => {
    for (const search of ['z', 'zo', 'zoë', 'zoë h', 'draft', 'hidden']) {
      const found = await experts(search);
      expect(found, search).not.toContain('private');
      expect(found, search).not.toContain('unpublished');
    }
  });

  it('search a company by its name or its company name, never across both', async () => {
    expect(await companies('owner')).toEqual(['solar']);
    expect(await companies('flare')).toEqual(['solar']);
    expect(await companies('so')).toEqual(['solar']);
    expect(await companies('"zwei"')).toEqual(['quote']);
    expect(await companies('0%')).toEqual(['quote']);
    expect(await companies('ü')).toEqual(['quote']);
    expect(await companies('owner solar')).toEqual([]);
    expect(await companies('owner\nsolar')).toEqual([]);
    expect(await companies('r s')).toEqual([]);
  });

  it('refuse a NUL in the search, and treat a blank search as none', async () => {
    const response = await company.client.get('/api/matching/experts-for-company?searchText=a%00b');
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    const all = await list(company.client, 'experts-for-company', '   ');
    expect(all.total).toBe(all.items.length);
    expect(all.items.map((i) => i.id)).toEqual(expect.arrayContaining([x.zoe, x.greek, expert.id]));
  });
});
