import type { MatchingListResponse } from '@intergen/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberChangesChannel } from '../src/modules/events/index.ts';
import { type Client, type Member, publishedMember, seedProfile, signInAdmin } from './factories.ts';
import { createTestApp, databaseUpTo, type Engine, engines, type TestApp } from './helpers.ts';

// The exact total of an unfiltered community list comes from a count the database keeps per kind
// (`community_counts`, migration 0018): it must equal counting the listed rows after every change of who is
// listed, however the change is made (the lifecycle's routes, many rows in one statement, a deletion).

type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** The kept counts and the counted ones, per kind. */
async function countsOf(query: Query) {
  const [row] = await query(
    `SELECT (SELECT listed FROM community_counts WHERE kind = 'expert') AS kept_experts,
       (SELECT count(*) FROM experts WHERE profile_published AND NOT private)::int AS experts,
       (SELECT listed FROM community_counts WHERE kind = 'company') AS kept_companies,
       (SELECT count(*) FROM companies WHERE profile_published)::int AS companies`,
  );
  return {
    kept: { experts: Number(row!.kept_experts), companies: Number(row!.kept_companies) },
    counted: { experts: Number(row!.experts), companies: Number(row!.companies) },
  };
}

/** Inserts `n` listable experts (users and profiles, one statement each) whose ids start with `prefix`. */
async function insertExperts(query: Query, prefix: string, n: number, where = 'true') {
  await query(
    `INSERT INTO users (id, email, email_verified, name, first_name, last_name, kind)
     SELECT $1 || n, $1 || n || '@example.com', true, 'Counted Expert ' || n, 'Counted', 'Expert', 'expert'
     FROM generate_series(1, $2::int) AS n`,
    [prefix, n],
  );
  // Every third private, every fifth unpublished: only the rest are listed.
  await query(
    `INSERT INTO experts (id, name, profile_published, private, publish_date, profile_complete)
     SELECT $1 || n, 'Counted Expert ' || n, n % 5 <> 0, n % 3 = 0, now() - n * interval '1 minute', true
     FROM generate_series(1, $2::int) AS n WHERE ${where}`,
    [prefix, n],
  );
  // Written without events: announced as an event would (matching's packed counterparts read them).
  await query(`SELECT pg_notify($1, $2 || n) FROM generate_series(1, $3::int) AS n`, [
    memberChangesChannel,
    prefix,
    n,
  ]);
}

describe.each(engines)('the community lists’ kept count on %s', (engine: Engine) => {
  let t: TestApp;
  let admin: { client: Client };
  const query: Query = (text, params) => t.database.query(text, params);
  /** Checks the kept counts against counting, and returns them. */
  const exact = async () => {
    const { kept, counted } = await countsOf(query);
    expect(kept).toEqual(counted);
    return kept;
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { COMMUNITY_TAB: 'true' });
    admin = await signInAdmin(t);
  });
  afterAll(() => t.close());

  it('follows an expert through sign-up, approval, privacy, pause, unpublish, deactivation and disabling', async () => {
    const before = await exact();
    const expert = await publishedMember(t, 'expert', admin, 'Counted Expert');
    expect((await exact()).experts).toBe(before.experts + 1);
    const step = async (send: () => Promise<{ statusCode: number; body: string }>, listed: number) => {
      const response = await send();
      expect(response.statusCode, response.body).toBe(200);
      expect((await exact()).experts).toBe(before.experts + listed);
    };
    const c = expert.client;
    const profileOf = `/api/admin/profiles/${expert.id}`;
    await step(() => c.post('/api/profiles/me/privacy', { private: true }), 0);
    await step(() => c.post('/api/profiles/me/privacy', { private: true }), 0);
    await step(() => c.post('/api/profiles/me/privacy', { private: false }), 1);
    await step(() => c.post('/api/profiles/me/pause', { reason: 'noTime' }), 0);
    // Private while paused: not listed either way, nothing to count.
    await step(() => c.post('/api/profiles/me/privacy', { private: true }), 0);
    await step(() => c.post('/api/profiles/me/unpause'), 0);
    await step(() => c.post('/api/profiles/me/privacy', { private: false }), 1);
    await step(() => admin.client.post(`${profileOf}/unpublish`, { reason: 'Checking' }), 0);
    await step(() => admin.client.post(`${profileOf}/approve`), 1);
    await step(() => admin.client.post(`${profileOf}/deactivate`, { reason: 'Checking' }), 0);
    await step(() => admin.client.post(`${profileOf}/activate`), 1);
    // The deactivation ended the expert's sessions.
    await step(() => c.post('/api/auth/sign-in', { email: expert.email, password: expert.password }), 1);
    await step(() => c.post('/api/profiles/me/disable', { reasons: ['noTime'] }), 0);
  });

  it('follows a company through publishing, pausing and the deletion of its account', async () => {
    const before = await exact();
    const company = await publishedMember(t, 'company', admin, 'Counted Company');
    expect((await exact()).companies).toBe(before.companies + 1);
    await company.client.post('/api/profiles/me/pause', { reason: 'noTime' });
    expect((await exact()).companies).toBe(before.companies);
    await company.client.post('/api/profiles/me/unpause');
    expect((await exact()).companies).toBe(before.companies + 1);
    const deleted = await admin.client.post(`/api/admin/members/${company.id}/delete`, {
      confirmation: company.email,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await exact()).companies).toBe(before.companies);
  });

  it('counts statements of many rows once each, whatever they insert, change or delete', async () => {
    const before = await exact();
    await insertExperts(query, 'many-', 30);
    // 30 rows: 6 unpublished (n % 5 = 0), 10 private (n % 3 = 0), 2 both (15, 30): 16 listed.
    expect((await exact()).experts).toBe(before.experts + 16);
    await query(`UPDATE experts SET private = NOT private WHERE id LIKE 'many-%'`);
    // Now the 8 published ones that were private are listed.
    expect((await exact()).experts).toBe(before.experts + 8);
    await query(`UPDATE experts SET profile_published = true, private = false WHERE id LIKE 'many-%'`);
    expect((await exact()).experts).toBe(before.experts + 30);
    await query(`UPDATE experts SET name = name || ' Renamed' WHERE id LIKE 'many-%'`);
    expect((await exact()).experts).toBe(before.experts + 30);
    await query(`DELETE FROM experts WHERE id IN ('many-1', 'many-2', 'many-3')`);
    expect((await exact()).experts).toBe(before.experts + 27);
    // A user's deletion cascades to the profile.
    await query(`DELETE FROM users WHERE id LIKE 'many-%'`);
    expect((await exact()).experts).toBe(before.experts);
    const seeded = await seedProfile(t, 'company', { name: 'Seeded Company' });
    expect((await exact()).companies).toBe(before.companies + 1);
    await query(`DELETE FROM users WHERE id = $1`, [seeded.id]);
    expect((await exact()).companies).toBe(before.companies);
  });

  it('loses no count when transactions publish and unpublish at once', async () => {
    await insertExperts(query, 'race-', 20);
    const before = await exact();
    const ids = Array.from({ length: 20 }, (_, i) => `race-${i + 1}`);
    // Each in a transaction of its own, all sent at once (PostgreSQL runs them on the pool's connections).
    await Promise.all(
      ids.map((id, i) =>
        t.database.db.transaction(async (tx) => {
          await tx.execute(
            sql`UPDATE experts SET profile_published = ${i % 2 === 0}, private = false WHERE id = ${id}`,
          );
        }),
      ),
    );
    const after = await exact();
    // Afterwards exactly the ten even-numbered ones of the twenty are listed, whatever they were before.
    const listed = await query(
      `SELECT count(*)::int AS n FROM experts WHERE id LIKE 'race-%' AND profile_published AND NOT private`,
    );
    expect(listed[0]!.n).toBe(10);
    expect(after.experts - before.experts).toBe(
      10 - ids.filter((_, i) => (i + 1) % 5 !== 0 && (i + 1) % 3 !== 0).length,
    );
  });

  it('is zero for a kind whose table is emptied', async () => {
    await query('TRUNCATE experts, companies CASCADE');
    expect(await exact()).toEqual({ experts: 0, companies: 0 });
    await insertExperts(query, 'after-', 5);
    expect((await exact()).experts).toBe(3);
  });
});

describe.each(engines)('an unfiltered community list’s total on %s', (engine: Engine) => {
  let t: TestApp;
  let admin: { client: Client };
  let company: Member;
  let expert: Member;
  const MANY = 1_050;
  const query: Query = (text, params) => t.database.query(text, params);
  const totalOf = async (c: Client, path: string): Promise<number | null> => {
    const response = await c.get(`/api/matching/${path}?pageSize=9`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as MatchingListResponse).total;
  };
  const listedExperts = async () =>
    Number(
      (await query(`SELECT count(*)::int AS n FROM experts WHERE profile_published AND NOT private`))[0]!.n,
    );

  beforeAll(async () => {
    t = await createTestApp(engine, { COMMUNITY_TAB: 'true' });
    admin = await signInAdmin(t);
    company = await publishedMember(t, 'company', admin, 'Viewing Company');
    expert = await publishedMember(t, 'expert', admin, 'Viewing Expert');
    await t.app.worker.drain();
    // More than SELECTIVE_MAX listed: the dense path, whose first page reads the kept count.
    await insertExperts(query, 'listed-', Math.ceil((MANY * 15) / 8));
  });
  afterAll(() => t.close());

  it('is every listed expert for a company, and every other one for an expert', async () => {
    const listed = await listedExperts();
    expect(listed).toBeGreaterThan(1_000);
    expect(await totalOf(company.client, 'experts-for-company')).toBe(listed);
    expect(await totalOf(expert.client, 'experts')).toBe(listed - 1);
  });

  it('follows publishing and privacy at once, the viewer’s own included', async () => {
    const listed = await listedExperts();
    await query(`UPDATE experts SET private = true WHERE id IN ('listed-1', 'listed-2')`);
    expect(await totalOf(company.client, 'experts-for-company')).toBe(listed - 2);
    await query(`UPDATE experts SET profile_published = true WHERE id = 'listed-5'`);
    await query(`SELECT pg_notify($1, 'listed-5')`, [memberChangesChannel]);
    expect(await totalOf(company.client, 'experts-for-company')).toBe(listed - 1);
    // The viewer private: no longer listed, so no longer left out of its own count.
    const response = await expert.client.post('/api/profiles/me/privacy', { private: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(await totalOf(company.client, 'experts-for-company')).toBe(listed - 2);
    expect(await totalOf(expert.client, 'experts')).toBe(listed - 2);
  });

  it('walks to the same number of experts as it shows, strong matches first and each once', async () => {
    await query(
      `INSERT INTO match_scores (expert_id, company_id, score) VALUES ('listed-4', $1, 95), ('listed-8', $1, 85)`,
      [company.id],
    );
    const total = await totalOf(company.client, 'experts-for-company');
    const seen = new Set<string>();
    const first: string[] = [];
    let walked = 0;
    let cursor: string | null = null;
    do {
      const response = await company.client.get(
        `/api/matching/experts-for-company?pageSize=50${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const page: MatchingListResponse = response.json();
      for (const item of page.items) seen.add(item.id);
      walked += page.items.length;
      if (first.length === 0) first.push(...page.items.slice(0, 2).map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.size).toBe(total);
    expect(walked).toBe(total);
    expect(first).toEqual(['listed-4', 'listed-8']);
  });

  it('keeps counting a filtered list', async () => {
    const response = await company.client.get(
      `/api/matching/experts-for-company?pageSize=9&searchText=${encodeURIComponent('expert 1')}`,
    );
    const page: MatchingListResponse = response.json();
    const [row] = await query(
      `SELECT count(*)::int AS n FROM experts
       WHERE profile_published AND NOT private AND lower(name) LIKE '%expert 1%'`,
    );
    expect(page.total).toBe(row!.n);
  });
});

describe.each(engines)('migration 0018 on %s', (engine: Engine) => {
  it('counts the profiles already listed', async () => {
    const earlier = await databaseUpTo(engine, '0017_settings_changed');
    const query = earlier.query;
    try {
      await insertExperts(query, 'old-', 40);
      await query(
        `INSERT INTO users (id, email, name, first_name, last_name, kind)
         VALUES ('old-co-1', 'old-co-1@example.com', 'A', 'A', 'B', 'company'),
           ('old-co-2', 'old-co-2@example.com', 'C', 'C', 'D', 'company')`,
      );
      await query(
        `INSERT INTO companies (id, name, profile_published) VALUES ('old-co-1', 'A', true), ('old-co-2', 'C', false)`,
      );
      await earlier.migrateRest();
      const { kept, counted } = await countsOf(query);
      // 40 rows: 8 unpublished, 13 private, 2 both: 21 listed.
      expect(counted).toEqual({ experts: 21, companies: 1 });
      expect(kept).toEqual(counted);
      await query(`UPDATE experts SET private = false WHERE id = 'old-3'`);
      expect((await countsOf(query)).kept.experts).toBe(22);
    } finally {
      await earlier.close();
    }
  });
});
