import type { MemberScoresResponse } from '@intergen/contracts';
import { matchingTexts } from '@intergen/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchScores } from '../src/db/schema.ts';
import { type Client, seedProfile, signInAdmin, signUpMember } from './factories.ts';
import { createTestApp, type Engine, engines, type TestApp } from './helpers.ts';

/**
 * The admin sees every score (spec 001 §6; DESIGN.md §4 "Admin's view of scores"): for any member, the score
 * with each published counterpart, computed on demand from the packed store, ranked and paged — weak pairs,
 * which are never stored, included.
 */
describe.each(engines)("the admin's scores of one member on %s", (engine: Engine) => {
  let t: TestApp;
  let admin: { client: Client; id: string };
  let expertId: string;
  const companyIds: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signInAdmin(t);
    expertId = (await seedProfile(t, 'expert', { name: 'Scored Expert' })).id;
    // Eleven companies from a near-perfect match to a poor one, and one unpublished (not a counterpart).
    const variants: Record<string, unknown>[] = [
      {
        experience: { tech: true, financial: true },
        areasOfImprovement: { growthCapital: true, productDevelopment: true },
        idealEngagement: { mentor: true },
        businessType: 'B2B',
        arrangement: 'volunteer',
        boardOpportunities: 'no',
      },
      { experience: { tech: true }, businessType: 'B2B' },
      { experience: { energy: true }, areasOfImprovement: { legal: true } },
      { areasOfImprovement: { legal: true }, idealEngagement: { talent: true }, currentStage: 'stuck' },
    ];
    for (let i = 0; i < 11; i++) {
      const c = await seedProfile(t, 'company', {
        name: `Scored Company ${String(i).padStart(2, '0')}`,
        columns: variants[i % variants.length],
      });
      companyIds.push(c.id);
    }
    await seedProfile(t, 'company', { name: 'Unpublished Company', published: false });
  });
  afterAll(() => t.close());

  const scoresOf = async (id: string, query: Record<string, string> = {}) => {
    const response = await admin.client.get(
      `/api/admin/matching/members/${id}/scores?${new URLSearchParams(query)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as MemberScoresResponse;
  };

  it("ranks the expert's score with every published company, weak pairs included, as the reference scores it", async () => {
    const all = await scoresOf(expertId, { limit: '100' });
    expect(all.member).toMatchObject({ id: expertId, kind: 'expert', name: 'Scored Expert' });
    expect(all.total).toBe(11);
    expect(all.rows.map((r) => r.counterpart.id).sort()).toEqual([...companyIds].sort());
    expect(all.rows.map((r) => r.rank)).toEqual(all.rows.map((_, i) => i + 1));
    const scores = all.rows.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const row of all.rows) {
      const preview = await admin.client.get(
        `/api/admin/matching/preview?expertId=${expertId}&companyId=${row.counterpart.id}`,
      );
      expect(preview.json().explanation.score, row.counterpart.name).toBe(row.score);
      expect(row.counterpart.companyName).toBe(`${row.counterpart.name} Inc`);
    }
    // Far more than the stored strong pairs: most of these scores are stored nowhere.
    const weak = all.rows.filter((r) => r.score < 80);
    expect(weak.length).toBeGreaterThan(0);
    const stored = await t.database.db.select().from(matchScores).where(eq(matchScores.expertId, expertId));
    expect(stored.length).toBeLessThan(all.total);
  });

  it('pages through every counterpart exactly once, and filters by a minimum score', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: MemberScoresResponse = await scoresOf(expertId, {
        limit: '3',
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...page.rows.map((r) => r.counterpart.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen).toEqual((await scoresOf(expertId, { limit: '100' })).rows.map((r) => r.counterpart.id));

    const top = (await scoresOf(expertId, { limit: '100' })).rows[0]!.score;
    const strong = await scoresOf(expertId, { minScore: String(top) });
    expect(strong.rows.every((r) => r.score >= top)).toBe(true);
    expect(strong.total).toBe(strong.rows.length);
  });

  it("gives a company's scores with every published expert, and those of a member not yet published", async () => {
    const company = await scoresOf(companyIds[0]!);
    expect(company.member.kind).toBe('company');
    expect(company.rows.map((r) => r.counterpart.id)).toEqual([expertId]);
    const draft = await signUpMember(t.app, 'company', 'Draft Founder');
    const scored = await scoresOf(draft.id);
    expect(scored.total).toBe(1);
    expect(scored.rows[0]!.counterpart).toMatchObject({ id: expertId, kind: 'expert' });
  });

  it('answers 404 for an unknown member, 400 for a bad cursor or limit, and only to admins', async () => {
    const unknown = await admin.client.get('/api/admin/matching/members/nobody/scores');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(matchingTexts.memberNotFound);
    const bad = await admin.client.get(`/api/admin/matching/members/${expertId}/scores?cursor=AAAA`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(matchingTexts.badCursor);
    for (const query of ['limit=0', 'limit=101', 'minScore=101', 'minScore=x']) {
      const response = await admin.client.get(`/api/admin/matching/members/${expertId}/scores?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    const member = await signUpMember(t.app, 'expert', 'Curious Member');
    expect((await member.client.get(`/api/admin/matching/members/${expertId}/scores`)).statusCode).toBe(403);
  });
});
