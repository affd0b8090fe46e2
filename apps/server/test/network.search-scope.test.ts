import type { Advisor } from '@intergen/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acted, member, sent, suggest } from './connections.support.ts';
import type { Member } from './factories.ts';
import { createTestApp, databaseUpTo, type Engine, engines, type TestApp } from './helpers.ts';

/**
 * The My Network search covers experts connected to the expert's own connected companies (spec 001 §6): a
 * connection counts whichever side accepted it, and connections accepted before that rule are counted too.
 */

const searched = async (m: Member) => {
  const response = await m.client.get('/api/network/advisors');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().advisors as Advisor[]).map((a) => [a.card.id, a.viaCompanyId]);
};

describe.each(engines)('the My Network search scope on %s', (engine: Engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  /** Connects `expert` and `company`: `from` sends the request, the other side accepts it. */
  async function connect(expert: Member, company: Member, from: 'expert' | 'company') {
    const suggestionId = await suggest(t, expert, company);
    const [sender, recipient] = from === 'expert' ? [expert, company] : [company, expert];
    await sent(sender, suggestionId);
    await acted(recipient, suggestionId, 'accept');
  }

  it('finds the experts of a shared company whichever side accepted each connection', async () => {
    const company = await member(t, 'company');
    const me = await member(t, 'expert', { name: 'Scope Me' });
    const acceptedByCompany = await member(t, 'expert', { name: 'Scope Amy' });
    const acceptedByExpert = await member(t, 'expert', { name: 'Scope Bob' });
    await connect(acceptedByCompany, company, 'expert');
    await connect(acceptedByExpert, company, 'company');
    // The searcher's own connection was accepted by the searcher (the company asked).
    await connect(me, company, 'company');

    expect(await searched(me)).toEqual([
      [acceptedByCompany.id, company.id],
      [acceptedByExpert.id, company.id],
    ]);
    // And the other way: the expert who accepted finds the others too.
    expect(await searched(acceptedByExpert)).toEqual([
      [acceptedByCompany.id, company.id],
      [me.id, company.id],
    ]);
  });

  it('says everyone was added only when the caller has asked or added every advisor the search offers', async () => {
    const company = await member(t, 'company');
    const me = await member(t, 'expert', { name: 'Added Me' });
    const other = await member(t, 'expert', { name: 'Added Other' });
    await connect(me, company, 'expert');
    const alone = async () => (await me.client.get('/api/network/advisors')).json();
    // Nobody else works with the company yet: nothing to offer, so nobody was added.
    expect(await alone()).toEqual({ advisors: [], nextCursor: null, everyoneAdded: false });

    await connect(other, company, 'company');
    expect((await alone()).everyoneAdded).toBe(false);
    const asked = await me.client.post('/api/network/requests', {
      expertId: other.id,
      viaCompanyId: company.id,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(await alone()).toEqual({ advisors: [], nextCursor: null, everyoneAdded: true });
    // A search by name that finds nobody is not "everyone added".
    const named = (await me.client.get('/api/network/advisors?searchText=zzz')).json();
    expect(named.everyoneAdded).toBe(false);
  });
});

describe.each(engines)('the connected companies backfill on %s', (engine: Engine) => {
  it('adds the company of every accepted connection to its expert, once, and nothing else', async () => {
    const db = await databaseUpTo(engine, '0024_profile_images');
    try {
      await db.query(
        `INSERT INTO users (id, email, name, first_name, last_name, kind)
         SELECT id, id || '@example.com', id, id, id, kind
         FROM (VALUES ('ex1', 'expert'), ('ex2', 'expert'), ('co1', 'company'), ('co2', 'company'),
           ('co3', 'company')) AS u(id, kind)`,
      );
      await db.query(
        `INSERT INTO experts (id, name, connected_company_ids) VALUES ('ex1', 'One', ARRAY['co1']), ('ex2', 'Two', '{}')`,
      );
      await db.query(`INSERT INTO companies (id, name) VALUES ('co1', 'C1'), ('co2', 'C2'), ('co3', 'C3')`);
      const request = async (id: string, expertId: string, companyId: string, accepted: boolean) => {
        await db.query(
          `INSERT INTO match_suggestions (id, expert_id, company_id, created_by) VALUES ($1, $2, $3, 'admin')`,
          [id, expertId, companyId],
        );
        await db.query(
          `INSERT INTO connection_requests (id, expert_id, company_id, requested_by, accepted)
           VALUES ($1, $2, $3, 'venture', $4)`,
          [id, expertId, companyId, accepted],
        );
      };
      // ex1: co1 already recorded (a company's accept), co2 accepted by the expert; ex2: co3 not accepted.
      await request('r1', 'ex1', 'co1', true);
      await request('r2', 'ex1', 'co2', true);
      await request('r3', 'ex2', 'co3', false);

      await db.migrateRest();
      const rows = await db.query<{ id: string; ids: string[] }>(
        `SELECT id, connected_company_ids AS ids FROM experts ORDER BY id`,
      );
      expect(rows).toEqual([
        { id: 'ex1', ids: ['co1', 'co2'] },
        { id: 'ex2', ids: [] },
      ]);
    } finally {
      await db.close();
    }
  });
});
