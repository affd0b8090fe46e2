import type { Suggestion } from '@intergen/contracts';
import {
  accessTexts,
  type CompanyMatchFacets,
  type ExpertMatchFacets,
  matchingTexts,
  messages,
  profileTexts,
  scoreMatch,
} from '@intergen/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  companies,
  domainEvents,
  experts,
  matchScores,
  matchSuggestions,
  notifications,
} from '../src/db/schema.ts';
import {
  type Client,
  type Member,
  publishedMember,
  seedProfile,
  signUpMember,
  validSections,
} from './factories.ts';
import { client, type Engine, engines } from './helpers.ts';
import { useAdmin, useTestApp } from './suite.ts';

const expertFacets = {
  ...validSections.expert.profile,
  ...validSections.expert.extras,
} as unknown as ExpertMatchFacets;
const companyFacets = {
  ...validSections.company.profile,
  ...validSections.company.extras,
} as unknown as CompanyMatchFacets;

/** That `response` is a refusal with `status` and the error `message`. */
function expectRefused(
  response: { statusCode: number; json: () => { error: { message: string } } },
  status: number,
  message: string,
) {
  expect(response.statusCode).toBe(status);
  expect(response.json().error.message).toBe(message);
}

describe.each(engines)('match suggestions on %s', (engine: Engine) => {
  let expert: Member;
  let company: Member;

  const t = useTestApp(engine);
  const admin = useAdmin(t);
  beforeAll(async () => {
    expert = await publishedMember(t, 'expert', admin, 'Grace Hopper');
    company = await publishedMember(t, 'company', admin, 'Ada Lovelace');
    await t.app.worker.drain();
  });

  const create = (body: { expertId: string; companyId: string }) =>
    admin.client.post('/api/admin/suggestions', body);
  const suggestionsOf = async (c: Client): Promise<Suggestion[]> => {
    const response = await c.get('/api/suggestions');
    expect(response.statusCode).toBe(200);
    return response.json().suggestions;
  };
  const dismiss = (c: Client, body: Record<string, string>) => c.post('/api/suggestions/dismiss', body);

  describe('an admin creating one', () => {
    it('needs an existing expert', async () => {
      const missing = await create({ expertId: 'no-such-member', companyId: company.id });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Expert with id no-such-member must exist to create match suggestions',
      });
      // A company's id does not name an expert.
      const wrongKind = await create({ expertId: company.id, companyId: company.id });
      expectRefused(wrongKind, 404, matchingTexts.expertMissing(company.id));
    });

    it('needs the expert published or pending', async () => {
      const incomplete = await seedProfile(t, 'expert', { published: false });
      const refused = await create({ expertId: incomplete.id, companyId: company.id });
      expectRefused(refused, 400, 'Expert profile must be published or pending to create match suggestions');
      const pending = await seedProfile(t, 'expert', { published: false, pending: true });
      const accepted = await create({ expertId: pending.id, companyId: company.id });
      expect(accepted.statusCode).toBe(201);
      expect(accepted.json().created).toBe(true);
    });

    it('needs an existing company', async () => {
      const missing = await create({ expertId: expert.id, companyId: 'no-such-company' });
      expectRefused(missing, 404, 'Company with id no-such-company must exist to create match suggestions');
      const wrongKind = await create({ expertId: expert.id, companyId: expert.id });
      expectRefused(wrongKind, 404, matchingTexts.companyMissing(expert.id));
    });

    it('needs the company published', async () => {
      const draft = await seedProfile(t, 'company', { published: false });
      const refused = await create({ expertId: expert.id, companyId: draft.id });
      expectRefused(refused, 400, 'Company profile must be complete to create match suggestions');
      expect(
        await t.database.db.select().from(matchSuggestions).where(eq(matchSuggestions.companyId, draft.id)),
      ).toEqual([]);
    });

    it('suggests each side to the other, notifies the expert and publishes an event; a weak pair’s score is not stored', async () => {
      const response = await create({ expertId: expert.id, companyId: company.id });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      const score = scoreMatch(expertFacets, companyFacets);
      expect(body).toMatchObject({ created: true, explanation: { score } });
      expect(body.explanation.parts.map((p: { part: string }) => p.part)).toEqual([
        'needs',
        'industry',
        'engagement',
        'stage',
        'arrangement',
        'businessType',
        'investment',
        'board',
      ]);
      const id = body.suggestionId as string;
      const [audited] = await t.database.db.select().from(auditLog).where(eq(auditLog.target, id));
      expect(audited).toMatchObject({
        action: 'suggestion.create',
        details: { expertId: expert.id, companyId: company.id, score },
      });

      const [row] = await t.database.db.select().from(matchSuggestions).where(eq(matchSuggestions.id, id));
      expect(row).toMatchObject({
        expertId: expert.id,
        companyId: company.id,
        requestSent: false,
        notInterested: false,
        notInterestedByCompany: false,
        createdBy: admin.id,
        dealId: null,
      });
      const [e] = await t.database.db.select().from(experts).where(eq(experts.id, expert.id));
      expect(e!.suggestedCompanyIds).toEqual([company.id]);
      const [c] = await t.database.db.select().from(companies).where(eq(companies.id, company.id));
      // (The pending expert of an earlier case was suggested to this company too.)
      expect(c!.suggestedExpertIds.filter((id) => id === expert.id)).toEqual([expert.id]);
      const scores = await t.database.db
        .select()
        .from(matchScores)
        .where(and(eq(matchScores.expertId, expert.id), eq(matchScores.companyId, company.id)));
      // A weak pair (under 80): its score is not stored, only strong pairs' are.
      expect(score).toBeLessThan(80);
      expect(scores).toEqual([]);
      const notes = await t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.suggestionId, id));
      expect(notes).toEqual([
        expect.objectContaining({
          userId: expert.id,
          kind: 'suggestion',
          hasSeen: false,
          hasDismissed: false,
          hasExplored: false,
          emailSent: false,
          requestId: null,
          connectionId: null,
        }),
      ]);
      const events = await t.database.db
        .select()
        .from(domainEvents)
        .where(eq(domainEvents.type, 'suggestion.created'));
      expect(events.find((ev) => ev.payload.suggestionId === id)?.payload).toMatchObject({
        suggestionId: id,
        expertId: expert.id,
        companyId: company.id,
        score,
        createdBy: admin.id,
      });
    });

    it('silently ignores a duplicate pair: the same id, created false, nothing written again', async () => {
      const first = await create({ expertId: expert.id, companyId: company.id });
      const again = await create({ expertId: expert.id, companyId: company.id });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ suggestionId: first.json().suggestionId, created: false });
      expect(
        await t.database.db
          .select()
          .from(matchSuggestions)
          .where(and(eq(matchSuggestions.expertId, expert.id), eq(matchSuggestions.companyId, company.id))),
      ).toHaveLength(1);
      expect(
        await t.database.db
          .select()
          .from(notifications)
          .where(eq(notifications.suggestionId, first.json().suggestionId)),
      ).toHaveLength(1);
      const [e] = await t.database.db.select().from(experts).where(eq(experts.id, expert.id));
      expect(e!.suggestedCompanyIds).toEqual([company.id]);
    });
  });

  describe('the admin tools', () => {
    it('preview a pair’s score and why, and say when either side does not exist', async () => {
      const response = await admin.client.get(
        `/api/admin/matching/preview?expertId=${expert.id}&companyId=${company.id}`,
      );
      expect(response.statusCode).toBe(200);
      const { explanation } = response.json();
      expect(explanation.score).toBe(scoreMatch(expertFacets, companyFacets));
      const needs = explanation.parts.find((p: { part: string }) => p.part === 'needs');
      expect(needs).toMatchObject({ label: 'Needs covered', weight: 40, points: 20 });
      expect(needs.shared).toEqual([{ code: 'growthCapital', label: 'Growth Capital' }]);
      const missing = await admin.client.get(
        `/api/admin/matching/preview?expertId=${expert.id}&companyId=nobody`,
      );
      expectRefused(missing, 404, matchingTexts.companyMissing('nobody'));
    });

    it('offer published or pending experts and published companies, searched by (company) name', async () => {
      const pending = await seedProfile(t, 'expert', {
        name: 'Pending Picker',
        published: false,
        pending: true,
      });
      const hidden = await seedProfile(t, 'expert', { name: 'Hidden Picker', published: false });
      const experts = (
        await admin.client.get('/api/admin/matching/candidates?kind=expert&search=PICKER')
      ).json().candidates;
      expect(experts).toEqual([
        { id: pending.id, name: 'Pending Picker', companyName: null, status: 'pending' },
      ]);
      expect(experts.map((c: { id: string }) => c.id)).not.toContain(hidden.id);

      const byCompanyName = await seedProfile(t, 'company', {
        name: 'Zed Owner',
        companyName: 'Picker Works',
      });
      await seedProfile(t, 'company', { name: 'Draft Picker', published: false });
      const found = (
        await admin.client.get('/api/admin/matching/candidates?kind=company&search=picker')
      ).json().candidates;
      expect(found).toEqual([
        { id: byCompanyName.id, name: 'Zed Owner', companyName: 'Picker Works', status: 'published' },
      ]);
      const all = (await admin.client.get('/api/admin/matching/candidates?kind=company')).json().candidates;
      expect(all.length).toBeGreaterThan(1);
      expect(all.length).toBeLessThanOrEqual(20);
    });

    it('are for admins only: 401 signed out, 403 for members', async () => {
      const anonymous = client(t.app);
      const calls: [string, string, unknown?][] = [
        ['POST', '/api/admin/suggestions', { expertId: expert.id, companyId: company.id }],
        ['GET', `/api/admin/matching/preview?expertId=${expert.id}&companyId=${company.id}`],
        ['GET', '/api/admin/matching/candidates?kind=expert'],
        ['POST', '/api/admin/matching/runs', {}],
        ['GET', '/api/admin/matching/runs/latest'],
      ];
      for (const [method, url, body] of calls) {
        const as = (c: Client) => (method === 'GET' ? c.get(url) : c.post(url, body));
        const signedOut = await as(anonymous);
        expect(signedOut.statusCode, url).toBe(401);
        expect(signedOut.json().error.message).toBe(messages.notSignedIn);
        for (const member of [expert, company]) {
          const refused = await as(member.client);
          expect(refused.statusCode, url).toBe(403);
          expect(refused.json().error.code).toBe('FORBIDDEN');
        }
        expect((await as(admin.client)).statusCode, url).toBeLessThan(300);
      }
    });
  });

  describe('a member’s suggestions', () => {
    it('are listed newest first with the counterpart’s card (no contact details) and why they match', async () => {
      const member = await publishedMember(t, 'expert', admin, 'Listing Expert');
      const rated = await seedProfile(t, 'company', {
        name: 'Rated Owner',
        companyName: 'Rated Co',
        columns: { averageRating: 4.3, numberOfRatings: 5, slogan: 'Well rated' },
      });
      const few = await seedProfile(t, 'company', {
        columns: { averageRating: 5, numberOfRatings: 4 },
      });
      const third = await seedProfile(t, 'company');
      for (const c of [rated, few, third]) {
        expect((await create({ expertId: member.id, companyId: c.id })).statusCode).toBe(201);
      }
      const list = await suggestionsOf(member.client);
      expect(list.map((s) => s.counterpart.id)).toEqual([third.id, few.id, rated.id]);
      const card = list[2]!;
      expect(card).toMatchObject({
        expertId: member.id,
        companyId: rated.id,
        requestSent: false,
        counterpart: {
          id: rated.id,
          kind: 'company',
          name: 'Rated Owner',
          companyName: 'Rated Co',
          headline: 'Well rated',
          isVerified: false,
          industries: ['tech', 'manufacturing'],
          areas: ['growthCapital', 'marketExpansion'],
          rating: { stars: 4.5, count: 5 },
        },
        explanation: { score: scoreMatch(expertFacets, companyFacets) },
      });
      expect(list[1]!.counterpart.rating).toBeNull();
      expect(JSON.stringify(list)).not.toMatch(/@example\.com|5551234567|5559876543/);
    });

    it('hide requested ones, ones dismissed by that side (still shown to the other) and unpublished counterparts', async () => {
      const member = await publishedMember(t, 'company', admin, 'Hiding Company');
      const requested = await seedProfile(t, 'expert');
      const dismissedByCompany = await seedProfile(t, 'expert');
      const dismissedByExpert = await seedProfile(t, 'expert');
      const unpublished = await seedProfile(t, 'expert');
      const shown = await seedProfile(t, 'expert', {
        name: 'Shown Expert',
        columns: { about: 'First line\nSecond' },
      });
      const ids: Record<string, string> = {};
      for (const e of [requested, dismissedByCompany, dismissedByExpert, unpublished, shown]) {
        ids[e.id] = (await create({ expertId: e.id, companyId: member.id })).json().suggestionId;
      }
      await t.database.db
        .update(matchSuggestions)
        .set({ requestSent: true, requestSentAt: new Date() })
        .where(eq(matchSuggestions.id, ids[requested.id]!));
      await t.database.db
        .update(matchSuggestions)
        .set({ notInterested: true })
        .where(eq(matchSuggestions.id, ids[dismissedByExpert.id]!));
      expect((await dismiss(member.client, { suggestionId: ids[dismissedByCompany.id]! })).statusCode).toBe(
        200,
      );
      await t.database.db
        .update(experts)
        .set({ profilePublished: false })
        .where(eq(experts.id, unpublished.id));

      const list = await suggestionsOf(member.client);
      // Dismissed by the expert only: the company still sees it.
      expect(list.map((s) => s.counterpart.id)).toEqual([shown.id, dismissedByExpert.id]);
      expect(list[0]!.counterpart).toMatchObject({
        kind: 'expert',
        name: 'Shown Expert',
        headline: 'First line',
      });
    });
  });

  describe('dismissing', () => {
    it('with a suggestion id sets the flag of the caller’s side and publishes suggestion.dismissed', async () => {
      const e = await publishedMember(t, 'expert', admin, 'Dismissing Expert');
      const c = await publishedMember(t, 'company', admin, 'Dismissing Company');
      const id = (await create({ expertId: e.id, companyId: c.id })).json().suggestionId as string;

      const byExpert = await dismiss(e.client, { suggestionId: id });
      expect(byExpert.statusCode).toBe(200);
      expect(byExpert.json()).toEqual({ changed: true });
      expect((await suggestionsOf(e.client)).map((s) => s.id)).not.toContain(id);
      expect((await suggestionsOf(c.client)).map((s) => s.id)).toContain(id);
      expect((await dismiss(e.client, { suggestionId: id })).json()).toEqual({ changed: false });

      expect((await dismiss(c.client, { suggestionId: id })).json()).toEqual({ changed: true });
      expect((await suggestionsOf(c.client)).map((s) => s.id)).not.toContain(id);
      const [row] = await t.database.db.select().from(matchSuggestions).where(eq(matchSuggestions.id, id));
      expect(row).toMatchObject({ notInterested: true, notInterestedByCompany: true });

      const events = (
        await t.database.db.select().from(domainEvents).where(eq(domainEvents.type, 'suggestion.dismissed'))
      ).filter((ev) => ev.payload.suggestionId === id);
      expect(events.map((ev) => [ev.userId, ev.payload.dismissedBy])).toEqual([
        [e.id, 'expert'],
        [c.id, 'company'],
      ]);
    });

    it('of another member’s suggestion, or an unknown one, answers not found', async () => {
      const other = await seedProfile(t, 'company');
      const id = (await create({ expertId: expert.id, companyId: other.id })).json().suggestionId as string;
      for (const body of [{ suggestionId: id }, { suggestionId: 'no-such-suggestion' }]) {
        const response = await dismiss(company.client, body);
        expectRefused(response, 404, matchingTexts.suggestionNotFound);
      }
      const [row] = await t.database.db.select().from(matchSuggestions).where(eq(matchSuggestions.id, id));
      expect(row).toMatchObject({ notInterested: false, notInterestedByCompany: false });
    });

    it('with a member id puts them on the caller’s not-interested list once', async () => {
      const e = await publishedMember(t, 'expert', admin, 'Listing Dismisser');
      const c = await publishedMember(t, 'company', admin, 'Company Dismisser');
      const target = await seedProfile(t, 'company');
      expect((await dismiss(e.client, { counterpartId: target.id })).json()).toEqual({ changed: true });
      expect((await dismiss(e.client, { counterpartId: target.id })).json()).toEqual({ changed: false });
      const [er] = await t.database.db.select().from(experts).where(eq(experts.id, e.id));
      expect(er!.notInterestedCompanies).toEqual([target.id]);

      // A suggestion whose counterpart is on the list is no longer shown.
      const suggested = await seedProfile(t, 'company');
      await create({ expertId: e.id, companyId: suggested.id });
      expect((await dismiss(e.client, { counterpartId: suggested.id })).statusCode).toBe(200);
      expect((await suggestionsOf(e.client)).map((s) => s.counterpart.id)).not.toContain(suggested.id);

      const anExpert = await seedProfile(t, 'expert');
      expect((await dismiss(c.client, { counterpartId: anExpert.id })).json()).toEqual({ changed: true });
      const [cr] = await t.database.db.select().from(companies).where(eq(companies.id, c.id));
      expect(cr!.notInterestedExperts).toEqual([anExpert.id]);
      const [event] = (
        await t.database.db.select().from(domainEvents).where(eq(domainEvents.type, 'suggestion.dismissed'))
      ).filter((ev) => ev.userId === c.id);
      expect(event!.payload).toMatchObject({
        suggestionId: null,
        expertId: anExpert.id,
        companyId: c.id,
        counterpartId: anExpert.id,
        dismissedBy: 'company',
      });

      for (const body of [{ counterpartId: 'nobody' }, { counterpartId: target.id }]) {
        const response = await dismiss(c.client, body);
        expectRefused(response, 404, profileTexts.profileNotFound);
      }
    });

    it('and the suggestion list belong to members: 401 signed out, 403 for admins, 400 without a target', async () => {
      const anonymous = client(t.app);
      expect((await anonymous.get('/api/suggestions')).statusCode).toBe(401);
      expect((await anonymous.post('/api/suggestions/dismiss', { suggestionId: 'x' })).statusCode).toBe(401);
      expect((await admin.client.get('/api/suggestions')).statusCode).toBe(403);
      expect((await admin.client.post('/api/suggestions/dismiss', { suggestionId: 'x' })).statusCode).toBe(
        403,
      );
      const empty = await dismiss(expert.client, {});
      expectRefused(empty, 400, 'A suggestion or a member is required');
      // A member who has only just signed up may not see other members yet, suggestions included.
      const fresh = await signUpMember(t.app, 'company');
      const locked = await fresh.client.get('/api/suggestions');
      expect(locked.statusCode).toBe(403);
      expect(locked.json().error).toEqual({ code: 'MEMBERS_LOCKED', message: accessTexts.membersLocked });
    });
  });
});
