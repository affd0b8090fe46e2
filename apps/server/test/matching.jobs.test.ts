import type { MatchingRun } from '@intergen/contracts';
import { type CompanyMatchFacets, type ExpertMatchFacets, scoreMatch } from '@intergen/domain';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  companies,
  domainEvents,
  matchScoreDigests,
  matchScores,
  matchSuggestions,
  notifications,
  outbox,
  settings,
} from '../src/db/schema.ts';
import {
  findMatchingMember,
  listPublishedCompanyFacets,
  listPublishedExpertFacets,
} from '../src/modules/members/index.ts';
import {
  fill,
  type Member,
  perfectExpert,
  put,
  readyMember,
  seedProfile,
  signUpMember,
  validCompanyFacets,
  verifyEmail,
} from './factories.ts';
import { type Engine, engines } from './helpers.ts';
import { useAdmin, useTestApp } from './suite.ts';

/** The facets of the company that `fill` makes (validSections.company); `perfectExpert` scores 100 with it. */
const companyFacets = validCompanyFacets;
const noBonus = { investmentOpportunities: 'no', boardOpportunities: 'no' } as const;
/** Experts scoring 100, 95, 90, 80, 75, 70, 60 and 45 with that company. */
const ladder: ExpertMatchFacets[] = [
  perfectExpert,
  { ...perfectExpert, ...noBonus, arrangement: 'volunteer' },
  { ...perfectExpert, ...noBonus, arrangement: 'volunteer', businessType: 'B2B' },
  { ...perfectExpert, ...noBonus, areasOfImprovement: { growthCapital: true } },
  { ...perfectExpert, ...noBonus, areasOfImprovement: { growthCapital: true }, arrangement: 'volunteer' },
  {
    ...perfectExpert,
    ...noBonus,
    areasOfImprovement: { growthCapital: true },
    arrangement: 'volunteer',
    businessType: 'B2B',
  },
  {
    ...perfectExpert,
    ...noBonus,
    areasOfImprovement: { growthCapital: true },
    arrangement: 'volunteer',
    businessType: 'B2B',
    currentStage: { startup: true },
  },
  {
    ...perfectExpert,
    ...noBonus,
    areasOfImprovement: { growthCapital: true },
    arrangement: 'volunteer',
    businessType: 'B2B',
    currentStage: { startup: true },
    idealEngagement: { mentor: true },
  },
];

/** The facets of the expert that `fill` makes (validSections.expert), and a company scoring 100 with them. */
const perfectCompanyForExpert: CompanyMatchFacets = {
  areasOfImprovement: { growthCapital: true },
  experience: { tech: true },
  idealEngagement: { mentor: true },
  currentStage: 'scaling',
  arrangement: 'volunteer',
  businessType: 'B2B',
  investmentOpportunities: 'yes',
  boardOpportunities: 'no',
};

describe.each(engines)('matching jobs on %s', (engine: Engine) => {
  const t = useTestApp(engine);
  const admin = useAdmin(t);

  const db = () => t.database.db;
  const drain = () => t.app.worker.drain();

  /** A company with a complete, verified profile, not yet published. */
  async function readyCompany(name: string): Promise<Member> {
    return readyMember(t, 'company', name);
  }

  async function scoresOfCompany(companyId: string) {
    return db()
      .select()
      .from(matchScores)
      .where(eq(matchScores.companyId, companyId))
      .orderBy(asc(matchScores.id));
  }

  async function suggestionsOfCompany(companyId: string) {
    return db()
      .select()
      .from(matchSuggestions)
      .where(eq(matchSuggestions.companyId, companyId))
      .orderBy(asc(matchSuggestions.position));
  }

  async function lastMatchingEvent(userId: string) {
    const [event] = await db()
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.userId, userId), eq(domainEvents.type, 'matching.requested')))
      .orderBy(desc(domainEvents.id))
      .limit(1);
    return event!;
  }

  describe('after a company publishes', () => {
    let company: Member;
    const ladderIds: string[] = [];
    const skipped: Record<string, string> = {};

    beforeAll(async () => {
      company = await readyCompany('Ladder Ventures');
      for (const [i, facets] of ladder.entries()) {
        ladderIds.push((await seedProfile(t, 'expert', { name: `Ladder ${i}`, columns: { ...facets } })).id);
      }
      // Perfect matches that must not be suggested: one already suggested, one who dismissed the company,
      // one the company dismissed, one awaiting approval and one unpublished.
      skipped.existing = (await seedProfile(t, 'expert', { columns: { ...perfectExpert } })).id;
      await db().insert(matchSuggestions).values({
        id: crypto.randomUUID(),
        expertId: skipped.existing,
        companyId: company.id,
        createdBy: admin.id,
      });
      skipped.dismissedTheCompany = (
        await seedProfile(t, 'expert', {
          columns: { ...perfectExpert, notInterestedCompanies: [company.id] },
        })
      ).id;
      skipped.dismissedByCompany = (await seedProfile(t, 'expert', { columns: { ...perfectExpert } })).id;
      // The company put this one on its not-interested list (as a dismissal without a suggestion does).
      await db()
        .update(companies)
        .set({ notInterestedExperts: [skipped.dismissedByCompany] })
        .where(eq(companies.id, company.id));
      skipped.pending = (
        await seedProfile(t, 'expert', { published: false, pending: true, columns: { ...perfectExpert } })
      ).id;
      skipped.unpublished = (
        await seedProfile(t, 'expert', { published: false, columns: { ...perfectExpert } })
      ).id;

      const published = await company.client.post('/api/profiles/me/submit');
      expect(published.statusCode).toBe(200);
      expect((await lastMatchingEvent(company.id)).payload).toMatchObject({ reason: 'published' });
      await drain();
    });

    it('scores it against every published expert and stores the strong pairs (80 and up)', async () => {
      const experts = await listPublishedExpertFacets(db());
      const all = experts.ids.map((id, i) => [id, scoreMatch(experts.facets[i]!, companyFacets)] as const);
      const expected = all.filter(([, score]) => score >= 80).sort();
      // Weaker pairs exist and are not stored.
      expect(all.some(([, score]) => score < 80)).toBe(true);
      const rows = await scoresOfCompany(company.id);
      expect(rows.map((r) => [r.expertId, r.score]).sort()).toEqual(expected);
      expect(rows.map((r) => r.expertId)).not.toContain(skipped.pending);
      expect(rows.map((r) => r.expertId)).not.toContain(skipped.unpublished);
      expect(ladder.map((f) => scoreMatch(f, companyFacets))).toEqual([100, 95, 90, 80, 75, 70, 60, 45]);
    });

    it('suggests the best five from 60 up, skipping existing and dismissed pairs, and notifies each expert', async () => {
      const made = (await suggestionsOfCompany(company.id)).filter((s) => s.createdBy === 'matcher');
      expect(made.map((s) => [s.expertId, s.position])).toEqual(
        ladderIds.slice(0, 5).map((id, i) => [id, i + 1]),
      );
      const event = await lastMatchingEvent(company.id);
      expect(made.every((s) => s.sourceEventId === event.id)).toBe(true);
      const all = (await suggestionsOfCompany(company.id)).map((s) => s.expertId);
      expect(all).not.toContain(skipped.dismissedTheCompany);
      expect(all).not.toContain(skipped.dismissedByCompany);
      expect(all.filter((id) => id === skipped.existing)).toHaveLength(1);
      for (const s of made) {
        const notes = await db().select().from(notifications).where(eq(notifications.suggestionId, s.id));
        expect(notes.map((n) => [n.userId, n.kind])).toEqual([[s.expertId, 'suggestion']]);
      }
      // The company sees them (and the admin's one), best matches included.
      const shown = (await company.client.get('/api/suggestions')).json().suggestions;
      expect(shown.map((s: { expertId: string }) => s.expertId).sort()).toEqual(
        [...ladderIds.slice(0, 5), skipped.existing].sort(),
      );
    });

    it('does nothing more when the same event is delivered again: no row written, no suggestion added', async () => {
      const before = await scoresOfCompany(company.id);
      const suggestionsBefore = await suggestionsOfCompany(company.id);
      const event = await lastMatchingEvent(company.id);
      const [row] = await db()
        .select()
        .from(outbox)
        .where(eq(outbox.idempotencyKey, `matching.profile:event:${event.id}`));
      expect(row!.status).toBe('done');
      await db()
        .update(outbox)
        .set({ status: 'pending', runAt: new Date(Date.now() - 1000), lockedUntil: null })
        .where(eq(outbox.id, row!.id));
      expect(await drain()).toBeGreaterThanOrEqual(1);
      const direct = await t.app.services.matching.matchProfile(company.id, {
        suggest: true,
        eventId: event.id,
      });
      expect(direct).toMatchObject({ written: 0, suggestionsCreated: 0 });
      expect(direct.scored).toBe((await listPublishedExpertFacets(db())).ids.length);
      expect(await scoresOfCompany(company.id)).toEqual(before);
      expect(await suggestionsOfCompany(company.id)).toEqual(suggestionsBefore);
    });

    it('uses the thresholds of the `matching` setting', async () => {
      await db()
        .insert(settings)
        .values({ key: 'matching', value: { topN: 1, minScore: 96 } });
      try {
        const second = await readyCompany('Second Ladder');
        await second.client.post('/api/profiles/me/submit');
        await drain();
        const made = await suggestionsOfCompany(second.id);
        expect(made.map((s) => [s.position, s.createdBy])).toEqual([[1, 'matcher']]);
        // One of the experts scoring 100 (those skipped for the first company are fair game here).
        const hundred = [
          ladderIds[0],
          skipped.existing,
          skipped.dismissedTheCompany,
          skipped.dismissedByCompany,
        ];
        expect(hundred).toContain(made[0]!.expertId);
      } finally {
        await db().delete(settings).where(eq(settings.key, 'matching'));
      }
    });

    it('rescores it when a matching field changes, without new suggestions; other fields do not', async () => {
      const suggestionsBefore = await suggestionsOfCompany(company.id);
      const mentorExpert = ladderIds[7]!;
      const stored = async (expertId: string) =>
        (await scoresOfCompany(company.id)).find((r) => r.expertId === expertId);
      // Stored: the strong pairs only (95 and 80); the mentor scores 45 and has no row.
      const before = (await stored(ladderIds[1]!))!;
      expect(before.score).toBe(95);
      expect(await stored(ladderIds[3]!)).toMatchObject({ score: 80 });
      expect(await stored(mentorExpert)).toBeUndefined();
      const rowsBefore = await scoresOfCompany(company.id);

      const eventsBefore = await lastMatchingEvent(company.id);
      const slogan = await put(t.app, company.client, '/api/profiles/me/sections/basics', {
        slogan: 'New slogan',
      });
      expect(slogan.statusCode).toBe(200);
      expect((await company.client.post('/api/profiles/me/update')).statusCode).toBe(200);
      expect((await lastMatchingEvent(company.id)).id).toBe(eventsBefore.id);

      const saved = await put(t.app, company.client, '/api/profiles/me/sections/profile', {
        idealEngagement: { mentor: true },
      });
      expect(saved.statusCode).toBe(200);
      // Pending edits are not scored: only the Update that applies them.
      expect((await lastMatchingEvent(company.id)).id).toBe(eventsBefore.id);
      expect((await company.client.post('/api/profiles/me/update')).statusCode).toBe(200);
      const event = await lastMatchingEvent(company.id);
      expect(event.payload).toEqual({
        profileId: company.id,
        kind: 'company',
        reason: 'facetsChanged',
        fields: ['idealEngagement'],
      });
      await drain();

      // Hands-on is gone from what the company seeks and mentoring came in.
      const changed = { ...companyFacets, idealEngagement: { mentor: true } };
      expect(scoreMatch(ladder[7]!, changed)).toBe(60);
      expect(await stored(mentorExpert)).toBeUndefined();
      const after = (await stored(ladderIds[1]!))!;
      expect(after.score).toBe(scoreMatch(ladder[1]!, changed));
      expect(after.score).toBe(80);
      expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
      expect(await stored(ladderIds[0]!)).toMatchObject({ score: 95 });
      // A pair no longer strong (80 → 65) loses its row.
      expect(scoreMatch(ladder[3]!, changed)).toBe(65);
      expect(await stored(ladderIds[3]!)).toBeUndefined();
      // A pair whose score did not change was not written.
      const rowsAfter = await scoresOfCompany(company.id);
      for (const row of rowsBefore) {
        const now = rowsAfter.find((r) => r.expertId === row.expertId);
        if (now?.score === row.score) expect(now.updatedAt).toEqual(row.updatedAt);
      }
      expect(rowsAfter.every((r) => r.score >= 80)).toBe(true);
      expect(await suggestionsOfCompany(company.id)).toEqual(suggestionsBefore);
    });
  });

  describe('an expert', () => {
    it('is scored on submit and gets suggestions once approved, once however the jobs interleave', async () => {
      const perfect: string[] = [];
      for (let i = 0; i < 7; i++) {
        perfect.push((await seedProfile(t, 'company', { columns: { ...perfectCompanyForExpert } })).id);
      }
      const expert = await signUpMember(t.app, 'expert', 'Approved Expert');
      await fill(t.app, expert);
      await verifyEmail(t, expert);
      expect((await expert.client.post('/api/profiles/me/submit')).statusCode).toBe(200);
      await drain();
      const scored = await db().select().from(matchScores).where(eq(matchScores.expertId, expert.id));
      const companies = await listPublishedCompanyFacets(db());
      const self = (await findMatchingMember(db(), expert.id))!;
      const strong = companies.ids
        .map((id, i) => [id, scoreMatch(self.facets as ExpertMatchFacets, companies.facets[i]!)] as const)
        .filter(([, score]) => score >= 80);
      expect(scored.map((s) => [s.companyId, s.score]).sort()).toEqual(strong.sort());
      expect(scored.filter((s) => perfect.includes(s.companyId)).map((s) => s.score)).toEqual(
        perfect.map(() => 100),
      );
      const bySubmit = await db()
        .select()
        .from(matchSuggestions)
        .where(eq(matchSuggestions.expertId, expert.id));
      expect(bySubmit).toEqual([]);

      expect((await admin.client.post(`/api/admin/profiles/${expert.id}/approve`)).statusCode).toBe(200);
      await drain();
      const made = await db().select().from(matchSuggestions).where(eq(matchSuggestions.expertId, expert.id));
      expect(made).toHaveLength(5);
      expect(made.every((s) => perfect.includes(s.companyId))).toBe(true);

      // Submitted and approved before the worker ran: the submit's job sees a published expert but only
      // scores, so the approval's job makes the only five suggestions.
      const quick = await signUpMember(t.app, 'expert', 'Quick Expert');
      await fill(t.app, quick);
      await verifyEmail(t, quick);
      await quick.client.post('/api/profiles/me/submit');
      await admin.client.post(`/api/admin/profiles/${quick.id}/approve`);
      await drain();
      expect(
        await db().select().from(matchSuggestions).where(eq(matchSuggestions.expertId, quick.id)),
      ).toHaveLength(5);
    });
  });

  describe('the full batch', () => {
    const latest = async (): Promise<MatchingRun | null> => {
      const response = await admin.client.get('/api/admin/matching/runs/latest');
      expect(response.statusCode).toBe(200);
      return response.json().run;
    };

    it('scores every pair on the queue, reports progress and finishes done; a second run writes only changes', async () => {
      const started = await admin.client.post('/api/admin/matching/runs', {});
      expect(started.statusCode).toBe(202);
      const run = started.json().run as MatchingRun;
      expect(run).toMatchObject({
        status: 'queued',
        pairs: 0,
        written: 0,
        startedAt: null,
        finishedAt: null,
      });
      // One at a time: while it is queued, starting again answers the same run.
      const again = await admin.client.post('/api/admin/matching/runs', {});
      expect(again.statusCode).toBe(200);
      expect(again.json().run.id).toBe(run.id);
      expect((await latest())?.id).toBe(run.id);

      await drain();
      const experts = await listPublishedExpertFacets(db());
      const companies = await listPublishedCompanyFacets(db());
      const pairs = experts.ids.length * companies.ids.length;
      const done = (await latest())!;
      expect(done).toMatchObject({ id: run.id, status: 'done', pairs, suggestionsCreated: 0, error: null });
      expect(done.written).toBeGreaterThan(0);
      expect(done.written).toBeLessThanOrEqual(pairs);
      expect(done.finishedAt).toBeGreaterThanOrEqual(done.startedAt!);

      // Every strong pair (80 and up) is stored with its score, and no weaker one.
      const rows = await db().select().from(matchScores);
      const stored = new Map(rows.map((r) => [`${r.expertId}/${r.companyId}`, r.score]));
      let weak: { expertId: string; companyId: string; score: number } | undefined;
      experts.ids.forEach((e, i) => {
        companies.ids.forEach((c, j) => {
          const score = scoreMatch(experts.facets[i]!, companies.facets[j]!);
          expect(stored.get(`${e}/${c}`)).toBe(score >= 80 ? score : undefined);
          if (score < 80) weak ??= { expertId: e, companyId: c, score };
        });
      });
      expect(weak).toBeDefined();

      // Change one stored score, remove another, store a weak pair and a strong pair with a company that is not
      // published: the next run writes exactly those four (two upserts, two deletes).
      await db().insert(matchScores).values(weak!);
      const unlisted = (await seedProfile(t, 'company', { published: false })).id;
      await db().insert(matchScores).values({ expertId: experts.ids[0]!, companyId: unlisted, score: 95 });
      const [first, second] = rows;
      await db()
        .update(matchScores)
        .set({ score: (first!.score + 1) % 100 })
        .where(eq(matchScores.id, first!.id));
      await db().delete(matchScores).where(eq(matchScores.id, second!.id));
      const next = (await admin.client.post('/api/admin/matching/runs', {})).json().run as MatchingRun;
      expect(next.id).not.toBe(run.id);
      await drain();
      expect(await latest()).toMatchObject({ id: next.id, status: 'done', pairs, written: 4 });
      const restored = await db().select().from(matchScores);
      expect(new Map(restored.map((r) => [`${r.expertId}/${r.companyId}`, r.score]))).toEqual(stored);
    });

    it('skips an expert whose strong pairs are what it reconciled last time; any other write makes it read again', async () => {
      const run = async () => {
        const next = (await admin.client.post('/api/admin/matching/runs', {})).json().run as MatchingRun;
        await drain();
        const done = (await latest())!;
        expect(done).toMatchObject({ id: next.id, status: 'done' });
        return done.written;
      };
      await run();
      const experts = await listPublishedExpertFacets(db());
      const digests = async () =>
        new Map((await db().select().from(matchScoreDigests)).map((d) => [d.expertId, d]));
      // Every published expert has a digest, with or without strong pairs.
      const before = await digests();
      expect([...before.keys()].sort()).toEqual([...experts.ids].sort());

      // Nothing changed: nothing is written, and no digest is even saved again (every expert was skipped).
      expect(await run()).toBe(0);
      const after = await digests();
      for (const [id, d] of before) expect(after.get(id)?.updatedAt).toEqual(d.updatedAt);

      // Each kind of statement on an expert's rows deletes that expert's digest, and only that one.
      // An expert with a stored pair and a company it has none with.
      const companies = await listPublishedCompanyFacets(db());
      const all = await db().select().from(matchScores);
      const row = all.find((r) => all.filter((o) => o.expertId === r.expertId).length < companies.ids.length);
      const owner = row!.expertId;
      const storedOfOwner = new Set(all.filter((r) => r.expertId === owner).map((r) => r.companyId));
      const unstored = companies.ids.find((id) => !storedOfOwner.has(id))!;
      const others = experts.ids.filter((id) => id !== owner);
      const pairOf = (companyId: string) =>
        and(eq(matchScores.expertId, owner), eq(matchScores.companyId, companyId));
      const writes = [
        () =>
          db()
            .update(matchScores)
            .set({ score: row!.score === 80 ? 81 : 80 })
            .where(eq(matchScores.id, row!.id)),
        () => db().delete(matchScores).where(eq(matchScores.id, row!.id)),
        () => db().insert(matchScores).values({ expertId: owner, companyId: unstored, score: 99 }),
      ];
      for (const write of writes) {
        expect((await digests()).has(owner)).toBe(true);
        await write();
        const left = await digests();
        expect(left.has(owner)).toBe(false);
        for (const id of others) expect(left.has(id)).toBe(true);
        // The batch reads that expert again and writes exactly that row back (or deletes the weak one).
        expect(await run()).toBe(1);
        const [back] = await db().select().from(matchScores).where(pairOf(row!.companyId));
        expect(back?.score).toBe(row!.score);
        expect(await db().select().from(matchScores).where(pairOf(unstored))).toEqual([]);
      }

      // What the triggers guard against: a change the digest is not told of is not seen (the expert is skipped).
      await db().execute(sql`ALTER TABLE match_scores DISABLE TRIGGER USER`);
      try {
        await db()
          .update(matchScores)
          .set({ score: row!.score === 80 ? 81 : 80 })
          .where(pairOf(row!.companyId));
      } finally {
        await db().execute(sql`ALTER TABLE match_scores ENABLE TRIGGER USER`);
      }
      expect(await run()).toBe(0);
      expect((await db().select().from(matchScores).where(pairOf(row!.companyId)))[0]?.score).not.toBe(
        row!.score,
      );
      await db().delete(matchScoreDigests).where(eq(matchScoreDigests.expertId, owner));
      expect(await run()).toBe(1);
      const restored = await db().select().from(matchScores).where(eq(matchScores.expertId, owner));
      expect(restored.find((r) => r.companyId === row!.companyId)?.score).toBe(row!.score);
    });

    it('a run that fails part-way keeps what it had not finished as it was and says why', async () => {
      const before = await db().select().from(matchScores);
      // Every digest refused: each chunk's transaction fails at its end, after writing its rows.
      await db().delete(matchScoreDigests);
      const [changed] = before;
      await db()
        .update(matchScores)
        .set({ score: changed!.score === 80 ? 81 : 80 })
        .where(eq(matchScores.id, changed!.id));
      await db().execute(
        sql`ALTER TABLE match_score_digests ADD CONSTRAINT refused CHECK (digest = 'refused') NOT VALID`,
      );
      try {
        const run = (await admin.client.post('/api/admin/matching/runs', {})).json().run as MatchingRun;
        await drain();
        const latestRun = (await latest())!;
        expect(latestRun.id).toBe(run.id);
        expect(latestRun.status).not.toBe('done');
        expect(latestRun.error).toMatch(/refused/);
        // The chunk's writes went back with it: the changed row is still changed.
        const [still] = await db().select().from(matchScores).where(eq(matchScores.id, changed!.id));
        expect(still?.score).not.toBe(changed!.score);
        expect(await db().select().from(matchScoreDigests)).toEqual([]);
      } finally {
        await db().execute(sql`ALTER TABLE match_score_digests DROP CONSTRAINT refused`);
      }
      await t.app.worker.drain();
    });
  });
});
