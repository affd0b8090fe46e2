import { type CompanyMatchFacets, scoreCompanyVsExperts, scoreMatch } from '@intergen/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { matchScores, matchSuggestions, outbox } from '../src/db/schema.ts';
import { findMatchingMember, listPublishedExpertFacets } from '../src/modules/members/index.ts';
import { adminDelete } from './accounts.support.ts';
import {
  type Client,
  fill,
  type Member,
  publishedMember,
  put,
  seedProfile,
  signInAdmin,
  signUpMember,
  verifyEmail,
} from './factories.ts';
import { createTestApp, type Engine, engines, reopened, type TestApp, testConfig } from './helpers.ts';

/**
 * Matching's packed counterparts (modules/matching/counterparts.ts) on a second app instance over the same
 * database: every change made through the first instance — a publish, a facet edit, an unpublish, a pause, a
 * deletion — is in the second instance's store when its worker runs the next job, without loading all
 * profiles again; a job never scores against a member as they were before a change that had committed.
 */
const LISTENER_DELAY_MS = 100;

describe.each(engines)('packed counterparts across instances on %s', (engine: Engine) => {
  let t: TestApp;
  let other: { app: App; database: Database };
  let own: Database | null = null;
  let admin: { client: Client; id: string };

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signInAdmin(t);
    // PGlite belongs to one process: the second instance shares its engine. PostgreSQL: its own pool and listener.
    own = engine === 'pglite' ? null : await reopened(t.database);
    const database = slowListener(own ?? t.database);
    const app = await buildApp({ config: testConfig(), database, printMail: () => {}, logger: false });
    await app.ready();
    other = { app, database };
  });
  afterAll(async () => {
    await other.app.close();
    await own?.close();
    await t.close();
  });

  const db = () => t.database.db;
  const store = () => other.app.services.matching.counterparts;
  /** The second instance's worker runs everything due (the first instance's worker never runs here). */
  const drainOther = () => other.app.worker.drain();

  /**
   * The second instance hears every notification 100 ms late (a slow network, a busy listener): a job that did
   * not wait for the changes committed before it would score against the member as they were.
   */
  function slowListener(database: Database): Database {
    return {
      ...database,
      listen: (channel, onMessage, options) =>
        database.listen(
          channel,
          (payload) => setTimeout(() => onMessage(payload), LISTENER_DELAY_MS),
          options,
        ),
    };
  }

  /** A company published through the first instance; its job then runs on the second. */
  async function publishCompany(name: string): Promise<Member> {
    const company = await signUpMember(t.app, 'company', name);
    await fill(t.app, company);
    await verifyEmail(t, company);
    expect((await company.client.post('/api/profiles/me/submit')).statusCode).toBe(200);
    await drainOther();
    return company;
  }

  /**
   * The other instance's store, as its last job left it, scores the company exactly as every expert published
   * now does from the database; and the company's stored scores are exactly the strong ones (80 and up).
   */
  async function expectCurrentScores(companyId: string): Promise<Map<string, number>> {
    const company = (await findMatchingMember(db(), companyId))!.facets as CompanyMatchFacets;
    const experts = await listPublishedExpertFacets(db());
    const expected = experts.ids
      .map((id, i) => [id, scoreMatch(experts.facets[i]!, company)] as const)
      .sort();
    const held = store().experts;
    const fromStore = scoreCompanyVsExperts(company, held.packed());
    expect(held.ids.map((id, i) => [id, fromStore[i]!] as const).sort()).toEqual(expected);
    const rows = await db().select().from(matchScores).where(eq(matchScores.companyId, companyId));
    expect(rows.map((r) => [r.expertId, r.score] as const).sort()).toEqual(
      expected.filter(([, score]) => score >= 80),
    );
    return new Map(expected);
  }

  async function expectNoFailedJobs() {
    const failed = await db()
      .select()
      .from(outbox)
      .where(sql`${outbox.status} <> 'done' AND ${outbox.attempts} > 0`);
    expect(failed.map((r) => [r.topic, r.lastError])).toEqual([]);
  }

  it('loads once at the first job, then reads only the members that changed', async () => {
    for (let i = 0; i < 4; i++) await seedProfile(t, 'expert', { name: `Seeded ${i}` });
    const first = await publishCompany('First Ventures');
    await expectCurrentScores(first.id);
    expect(store().stats.fullLoads).toBe(1);
    expect(store().experts.length).toBe(4);
  });

  it('a publish on the other instance is scored by the next job', async () => {
    const expert = await publishedMember(t, 'expert', admin, 'Newly Published');
    const company = await publishCompany('After The Publish');
    const scores = await expectCurrentScores(company.id);
    expect(scores.has(expert.id)).toBe(true);
    // The expert's own approval job suggested companies; the company's job may suggest the expert.
    expect(store().stats.fullLoads).toBe(1);
    expect(store().experts.has(expert.id)).toBe(true);
  });

  it('a facet edit on the other instance is scored with the new facets, not the old', async () => {
    const expert = await publishedMember(t, 'expert', admin, 'Changing Facets');
    await drainOther();
    const before = await publishCompany('Before The Edit');
    const old = (await expectCurrentScores(before.id)).get(expert.id)!;
    const saved = await put(t.app, expert.client, '/api/profiles/me/sections/profile', {
      experience: { manufacturing: true, tech: true },
      areasOfImprovement: { growthCapital: true, marketExpansion: true },
      idealEngagement: { handsOn: true },
    });
    expect(saved.statusCode).toBe(200);
    expect((await expert.client.post('/api/profiles/me/update')).statusCode).toBe(200);
    const after = await publishCompany('After The Edit');
    const fresh = (await expectCurrentScores(after.id)).get(expert.id)!;
    expect(fresh).toBeGreaterThan(old);
    // The expert's own `facetsChanged` job rescored their pair with the first company too.
    await expectCurrentScores(before.id);
    expect(store().stats.fullLoads).toBe(1);
  });

  it('a job started right after a change committed on the other instance scores the member as changed', async () => {
    const expert = await publishedMember(t, 'expert', admin, 'Quick Changes');
    const company = await publishCompany('Quick Venture');
    const companyFacets = (await findMatchingMember(db(), company.id))!.facets as never;
    // A strong pair (stored) and a weak one (no row), in turn.
    const variants = [
      {
        experience: { manufacturing: true, tech: true },
        idealEngagement: { handsOn: true },
        areasOfImprovement: { growthCapital: true, marketExpansion: true },
      },
      {
        experience: { financial: true },
        idealEngagement: { mentor: true },
        areasOfImprovement: { growthCapital: true },
      },
    ];
    const seen = new Set<boolean>();
    for (let round = 0; round < 6; round++) {
      const facets = variants[round % 2]!;
      expect((await put(t.app, expert.client, '/api/profiles/me/sections/profile', facets)).statusCode).toBe(
        200,
      );
      expect((await expert.client.post('/api/profiles/me/update')).statusCode).toBe(200);
      // At once, on the other instance: no drain, no request in between.
      await other.app.services.matching.matchProfile(company.id, { suggest: false, eventId: 0 });
      const now = (await findMatchingMember(db(), expert.id))!.facets;
      const [row] = await db()
        .select()
        .from(matchScores)
        .where(and(eq(matchScores.companyId, company.id), eq(matchScores.expertId, expert.id)));
      const score = scoreMatch(now as never, companyFacets);
      seen.add(score >= 80);
      expect(row?.score).toBe(score >= 80 ? score : undefined);
    }
    expect(seen).toEqual(new Set([true, false]));
    expect(store().stats.fullLoads).toBe(1);
  });

  it('an unpublished or paused expert is no longer scored nor suggested', async () => {
    const unpublished = await publishedMember(t, 'expert', admin, 'Unpublished Later');
    const paused = await publishedMember(t, 'expert', admin, 'Paused Later');
    await drainOther();
    expect(store().experts.has(unpublished.id)).toBe(true);
    const response = await admin.client.post(`/api/admin/profiles/${unpublished.id}/unpublish`, {
      reason: 'Incomplete experience',
    });
    expect(response.statusCode).toBe(200);
    expect((await paused.client.post('/api/profiles/me/pause', { reason: 'noTime' })).statusCode).toBe(200);
    const company = await publishCompany('After The Unpublish');
    const scores = await expectCurrentScores(company.id);
    expect(scores.has(unpublished.id)).toBe(false);
    expect(scores.has(paused.id)).toBe(false);
    const suggested = await db()
      .select({ expertId: matchSuggestions.expertId })
      .from(matchSuggestions)
      .where(eq(matchSuggestions.companyId, company.id));
    expect(suggested.map((s) => s.expertId)).not.toContain(unpublished.id);
    expect(suggested.map((s) => s.expertId)).not.toContain(paused.id);
    expect(store().experts.has(unpublished.id)).toBe(false);
    expect(store().stats.fullLoads).toBe(1);
  });

  it('a deleted expert leaves the store: the next job neither scores them nor fails', async () => {
    const expert = await publishedMember(t, 'expert', admin, 'Deleted Later');
    await drainOther();
    expect(store().experts.has(expert.id)).toBe(true);
    expect((await adminDelete(admin, expert.id, expert.email)).statusCode).toBe(200);
    const company = await publishCompany('After The Deletion');
    expect((await expectCurrentScores(company.id)).has(expert.id)).toBe(false);
    expect(store().experts.has(expert.id)).toBe(false);
    await expectNoFailedJobs();
    expect(store().stats.fullLoads).toBe(1);
  });

  it('a full run on the other instance writes only what changed: nothing the second time', async () => {
    const start = () => admin.client.post('/api/admin/matching/runs');
    const latest = async () => (await admin.client.get('/api/admin/matching/runs/latest')).json().run;
    expect((await start()).statusCode).toBe(202);
    await drainOther();
    const first = await latest();
    expect(first).toMatchObject({ status: 'done' });
    const experts = await listPublishedExpertFacets(db());
    expect(first.pairs).toBe(experts.ids.length * store().companies.length);
    // Every strong pair is stored now; a second run finds every score as it is.
    expect((await start()).statusCode).toBe(202);
    await drainOther();
    expect(await latest()).toMatchObject({ status: 'done', pairs: first.pairs, written: 0 });
    expect(store().stats.fullLoads).toBe(1);
  });

  // PGlite has one connection and no other backend to terminate: this case exists on PostgreSQL only.
  if (engine !== 'postgres') return;
  it('a dropped listener (changes missed meanwhile) makes the next job load everything again', async () => {
    const loads = store().stats.fullLoads;
    await other.database.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND query ILIKE 'LISTEN%intergen_member_changes%'`,
    );
    const expert = await seedProfile(t, 'expert', { name: 'Seeded While Deaf' });
    const company = await publishCompany('After The Drop');
    expect((await expectCurrentScores(company.id)).has(expert.id)).toBe(true);
    expect(store().stats.fullLoads).toBe(loads + 1);
  });
});
