import type { AccountExport } from '@intergen/contracts';
import { accountDeletionMessages, dealStages, messages } from '@intergen/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactInfo, users } from '../src/db/schema.ts';
import { exportOf, ownDelete, rowsNaming, tableCounts } from './accounts.support.ts';
import { acted, connectedPair, member, suggest } from './connections.support.ts';
import { type Member, saveSection, signInAdmin, signUpMember, verifyEmail } from './factories.ts';
import { client, type Engine, engines, signIn } from './helpers.ts';
import { useTestApp } from './suite.ts';

/**
 * A member's own data: the JSON download of everything the app holds about them, showing other
 * members only as far as they may already see them, and the deletion of their own account with their password,
 * in every state a signed-in member can be in.
 */
describe.each(engines)('a member’s own data and account on %s', (engine: Engine) => {
  const t = useTestApp(engine);

  /** A member in each state that can sign in, each with one suggestion of a published counterpart. */
  const states: Record<string, () => Promise<Member>> = {
    unverified: () => signUpMember(t.app, 'expert', 'Una Verified'),
    incomplete: async () => {
      const m = await signUpMember(t.app, 'company', 'Ina Complete');
      await verifyEmail(t, m);
      const saved = await saveSection(t.app, m, 'basics', { companyName: 'Halfway Ltd' });
      expect(saved.statusCode, saved.body).toBe(200);
      return m;
    },
    pending: () => member(t, 'expert', { status: 'pending', name: 'Penny Pending' }),
    paused: async () => {
      const m = await member(t, 'company', { name: 'Paula Paused' });
      const paused = await m.client.post('/api/profiles/me/pause', { reason: 'noTime' });
      expect(paused.statusCode, paused.body).toBe(200);
      return m;
    },
    published: () => member(t, 'expert', { name: 'Pablo Published' }),
  };

  it.each(Object.keys(states))(
    'a %s member downloads their data, then deletes their account',
    async (state) => {
      const m = await states[state]!();
      // Sign-up writes names in title case (spec 001 §5).
      const otherName = `Other ${state.charAt(0).toUpperCase()}${state.slice(1)}`;
      const other = await member(t, m.kind === 'expert' ? 'company' : 'expert', {
        name: otherName,
      });
      const suggestionId = m.kind === 'expert' ? await suggest(t, m, other) : await suggest(t, other, m);
      const { body, text } = await exportOf(m);
      const data = body as AccountExport;
      expect(data.user).toMatchObject({ id: m.id, email: m.email, kind: m.kind, isAdmin: false });
      expect(data.profile).toMatchObject({ id: m.id, kind: m.kind, email: m.email });
      expect(data.contactInfo).toMatchObject({ email: m.email });
      expect(data.suggestions.map((s) => s.id)).toEqual([suggestionId]);
      const [hash] = await t.database.db
        .select({ h: users.passwordHash })
        .from(users)
        .where(eq(users.id, m.id));
      expect(text).not.toContain('passwordHash');
      expect(text).not.toContain(hash!.h!);
      // Who may read no other member (unverified, a draft) sees the suggestion without its counterpart.
      const readsOthers = state === 'pending' || state === 'paused' || state === 'published';
      expect(data.suggestions[0]!.counterpart).toEqual(
        readsOthers ? { id: other.id, kind: other.kind, name: otherName, contact: null } : null,
      );
      if (!readsOthers) expect(text).not.toContain(other.id);

      const wrong = await ownDelete(m, 'not my password');
      expect(wrong.statusCode, wrong.body).toBe(400);
      expect(wrong.json().error).toMatchObject({
        code: 'CURRENT_PASSWORD_WRONG',
        message: accountDeletionMessages.passwordWrong,
        details: [{ path: 'password', message: accountDeletionMessages.passwordWrong }],
      });
      expect((await m.client.get('/api/auth/session')).json().user.id).toBe(m.id);

      const deleted = await ownDelete(m, m.password);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toEqual({ deleted: true, id: m.id });
      const cleared = deleted.cookies.find((c) => c.name === 'intergen_session');
      expect(cleared?.value).toBe('');
      expect(m.client.cookies.has('intergen_session')).toBe(false);
      expect((await m.client.get('/api/auth/session')).json()).toEqual({ user: null });
      expect((await signIn(t.app, m.email, m.password)).response.statusCode).toBe(401);
      await t.app.worker.drain();
      expect(await rowsNaming(t, [m.id, m.email])).toEqual({});
      // The counterpart lost the suggestion with them.
      expect(JSON.stringify((await other.client.get('/api/suggestions')).json())).not.toContain(m.id);
    },
  );

  it('the export shows a connection’s contact details, never those of a member not connected', async () => {
    const p = await connectedPair(t, 'company');
    const stranger = await member(t, 'company', { name: 'Stranger Company' });
    await t.database.db
      .update(contactInfo)
      .set({ phone: '5550001111', linkedin: 'https://www.linkedin.com/company/stranger-co' })
      .where(eq(contactInfo.userId, stranger.id));
    await suggest(t, p.expert, stranger);
    // The company reviews the expert; the expert has not reviewed.
    await acted(p.company, p.id, 'survey', { rating: 4, comment: 'Their private note' });
    expect(
      (await p.expert.client.post('/api/tracking', { type: 'EXPLORE_EXPERT_COMMUNITY' })).statusCode,
    ).toBe(204);
    const { body, text } = await exportOf(p.expert);
    const data = body as AccountExport;
    const [request] = data.connectionRequests;
    expect(request).toMatchObject({
      id: p.id,
      direction: 'received',
      accepted: true,
      rating: null,
      comment: null,
      surveyCompleted: false,
      counterpart: {
        id: p.company.id,
        kind: 'company',
        contact: { email: p.company.email, phone: '5559876543' },
      },
    });
    const toStranger = data.suggestions.find((s) => s.counterpart?.id === stranger.id);
    expect(toStranger?.counterpart).toEqual({
      id: stranger.id,
      kind: 'company',
      name: 'Stranger Company',
      contact: null,
    });
    for (const secret of [stranger.email, '5550001111', 'stranger-co', 'Their private note']) {
      expect(text).not.toContain(secret);
    }
    expect(data.notifications.some((n) => n.counterpart?.id === p.company.id)).toBe(true);
    expect(data.trackingEvents.map((e) => e.type)).toContain('EXPLORE_EXPERT_COMMUNITY');
    expect(data.contactInfo).toMatchObject({ email: p.expert.email, phone: '5551234567' });
  });

  it('the export holds the CRM’s contact of the member and their deals, each deal in the member’s own terms', async () => {
    const p = await connectedPair(t, 'expert');
    await acted(p.company, p.id, 'survey', { rating: 2 });
    await t.app.worker.drain();
    const expertData = (await exportOf(p.expert)).body as AccountExport;
    expect(expertData.crm.contact).toMatchObject({ kind: 'expert', email: p.expert.email });
    expect(expertData.crm.deals).toHaveLength(1);
    const [deal] = expertData.crm.deals;
    expect(deal).toMatchObject({
      pipeline: 'connection',
      counterpart: { id: p.company.id, kind: 'company' },
    });
    expect(deal!.history.map((h) => h.stage)).toContain(dealStages.complete);
    // The company's rating of the expert is the company's: not in the expert's export; it is in the company's.
    expect(Object.keys(deal!.properties)).not.toContain('expert_rating');
    expect(Object.keys(deal!.properties)).not.toContain('recipient_name');
    const companyData = (await exportOf(p.company)).body as AccountExport;
    expect(companyData.crm.contact).toMatchObject({ kind: 'company', email: p.company.email });
    expect(companyData.crm.deals[0]).toMatchObject({
      id: deal!.id,
      counterpart: { id: p.expert.id },
      properties: { expert_rating: 2 },
    });
  });

  it('a wrong password changes nothing; signed out is 401; an admin’s own account is not deleted here', async () => {
    const m = await member(t, 'expert');
    await t.app.worker.drain();
    const before = await tableCounts(t);
    expect((await ownDelete(m, '')).json().error.message).toBe(accountDeletionMessages.passwordRequired);
    expect((await ownDelete(m, 'wrong')).statusCode).toBe(400);
    const { rate_limits: _b, ...rest } = before;
    const { rate_limits: _a, ...after } = await tableCounts(t);
    expect(after).toEqual(rest);
    expect((await signIn(t.app, m.email, m.password)).response.statusCode).toBe(200);

    const anonymous = client(t.app);
    expect((await anonymous.get('/api/account/export')).statusCode).toBe(401);
    expect((await ownDelete({ client: anonymous }, 'x')).statusCode).toBe(401);

    const admin = await signInAdmin(t);
    const refused = await ownDelete(admin, 'whatever');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(accountDeletionMessages.adminNotDeletable);
    const adminExport = await exportOf(admin);
    expect(adminExport.body).toMatchObject({ user: { id: admin.id, isAdmin: true }, profile: null });
  });
});

describe('password tries on the account deletion are rate-limited', () => {
  const t = useTestApp('pglite', { RATE_LIMIT_MULTIPLIER: '1' });

  it('the sixth wrong password within a minute answers 429, and the account stays', async () => {
    const m = await signUpMember(t.app, 'expert');
    for (let i = 0; i < 5; i++) expect((await ownDelete(m, `wrong ${i}`)).statusCode).toBe(400);
    const limited = await ownDelete(m, m.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(messages.tooManyRequests);
    expect((await m.client.get('/api/auth/session')).json().user.id).toBe(m.id);
  });
});
