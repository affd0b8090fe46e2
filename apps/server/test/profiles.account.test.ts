import { disableReasonLabels, messages, pauseReasonLabels, profileTexts } from '@intergen/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { experts, users } from '../src/db/schema.ts';
import {
  type Client,
  eventsOf,
  eventTypesOf,
  fill,
  publishedMember,
  signUpMember,
  verifyEmail,
} from './factories.ts';
import { type Engine, engines, signIn, todayUtc } from './helpers.ts';
import { useAdmin, useTestApp } from './suite.ts';

describe.each(engines)('pause, resume, disable and privacy on %s', (engine: Engine) => {
  // The community tab on: published members read each other through the community.
  const t = useTestApp(engine, { COMMUNITY_TAB: 'true' });
  const admin = useAdmin(t);
  beforeAll(async () => {
    // A switch for tests that need a change to fail half-way: e-mails to, or events about, a listed member
    // make the database refuse the write, so the whole transaction must roll back.
    await t.database.query('CREATE TABLE test_failing (value text PRIMARY KEY)');
    await t.database.query(`CREATE FUNCTION test_fail_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM test_failing WHERE value = NEW.payload->>'to') THEN
          RAISE EXCEPTION 'refused by test';
        END IF;
        RETURN NEW;
      END $$`);
    await t.database.query(
      'CREATE TRIGGER test_fail_outbox BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION test_fail_outbox()',
    );
    await t.database.query(`CREATE FUNCTION test_fail_events() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM test_failing WHERE value = NEW.user_id) THEN
          RAISE EXCEPTION 'refused by test';
        END IF;
        RETURN NEW;
      END $$`);
    await t.database.query(
      'CREATE TRIGGER test_fail_events BEFORE INSERT ON domain_events FOR EACH ROW EXECUTE FUNCTION test_fail_events()',
    );
  });

  const failFor = (value: string) => t.database.query('INSERT INTO test_failing VALUES ($1)', [value]);
  const me = async (c: Client) => (await c.get('/api/profiles/me')).json().profile;

  describe('pause and resume', () => {
    it('needs a reason or some text', async () => {
      const member = await publishedMember(t, 'company', admin);
      for (const body of [{}, { text: '   ' }, { reason: null }]) {
        const response = await member.client.post('/api/profiles/me/pause', body);
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatchObject({
          code: 'VALIDATION_FAILED',
          message: profileTexts.reasonRequired,
        });
      }
      expect((await me(member.client)).status).toBe('published');
    });

    it('pauses a published profile with the reason, today’s date and a confirmation e-mail', async () => {
      const member = await publishedMember(t, 'expert', admin);
      const other = await publishedMember(t, 'company', admin);
      const response = await member.client.post('/api/profiles/me/pause', {
        reason: 'noTime',
        text: 'Back in spring',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().profile).toMatchObject({
        status: 'paused',
        profilePublished: false,
        pausedDate: todayUtc(),
        pauseReason: `${pauseReasonLabels.noTime}: Back in spring`,
      });
      const [row] = await t.database.db.select().from(experts).where(eq(experts.id, member.id));
      expect(row?.lastPausedBy).toBe(member.id);
      expect((await eventsOf(t, member.id)).at(-1)).toMatchObject({
        type: 'profile.paused',
        payload: { reason: 'noTime', text: 'Back in spring', pausedBy: member.id },
      });
      const mails = await t.mailTo(member.email);
      expect(mails.map((m) => m.subject)).toContain('Your InterGen account is paused');
      // Hidden from the community, and login still works.
      expect((await other.client.get(`/api/profiles/${member.id}`)).statusCode).toBe(404);
      expect((await signIn(t.app, member.email, member.password)).response.statusCode).toBe(200);
      const session = (await member.client.get('/api/auth/session')).json().user;
      expect(session.profile.status).toBe('paused');
    });

    it('refuses to pause a profile that is not published', async () => {
      const member = await signUpMember(t.app, 'company');
      const response = await member.client.post('/api/profiles/me/pause', { text: 'later' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({ code: 'INVALID_STATE', message: profileTexts.notPublished });
    });

    it('resumes a paused profile, clears the pause and mails a welcome back', async () => {
      const member = await publishedMember(t, 'company', admin);
      await member.client.post('/api/profiles/me/pause', { reason: 'other' });
      const response = await member.client.post('/api/profiles/me/unpause');
      expect(response.statusCode).toBe(200);
      expect(response.json().profile).toMatchObject({
        status: 'published',
        profilePublished: true,
        pausedDate: null,
        pauseReason: null,
      });
      expect((await eventTypesOf(t, member.id)).slice(-2)).toEqual(['profile.paused', 'profile.unpaused']);
      expect((await t.mailTo(member.email)).map((m) => m.subject)).toContain('Welcome back to InterGen');
    });

    it('refuses to resume a profile that is not paused', async () => {
      const member = await publishedMember(t, 'company', admin);
      const response = await member.client.post('/api/profiles/me/unpause');
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({ code: 'INVALID_STATE', message: profileTexts.notPaused });
    });

    it('answers "Failed to pause account" when the change cannot be written, and keeps no trace of it', async () => {
      const member = await publishedMember(t, 'company', admin);
      const before = await eventsOf(t, member.id);
      await failFor(member.email);
      const response = await member.client.post('/api/profiles/me/pause', { reason: 'noTime' });
      expect(response.statusCode).toBe(500);
      expect(response.json().error).toMatchObject({ code: 'INTERNAL', message: profileTexts.pauseFailed });
      expect(await me(member.client)).toMatchObject({ status: 'published', pausedDate: null });
      // The event was written before the mail failed: it went with the rolled-back transaction.
      expect(await eventsOf(t, member.id)).toEqual(before);
    });

    it('answers "Failed to unpause account" when resuming cannot be written', async () => {
      const member = await publishedMember(t, 'company', admin);
      await member.client.post('/api/profiles/me/pause', { reason: 'noTime' });
      await failFor(member.email);
      const response = await member.client.post('/api/profiles/me/unpause');
      expect(response.statusCode).toBe(500);
      expect(response.json().error).toMatchObject({ code: 'INTERNAL', message: profileTexts.unpauseFailed });
      expect((await me(member.client)).status).toBe('paused');
    });
  });

  describe('disable', () => {
    it('needs a reason or some text', async () => {
      const member = await signUpMember(t.app, 'expert');
      const response = await member.client.post('/api/profiles/me/disable', { reasons: [], text: ' ' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(profileTexts.reasonRequired);
      expect((await member.client.get('/api/auth/session')).json().user).not.toBeNull();
    });

    it('removes the login, ends every session, signs out and mails a confirmation', async () => {
      const member = await publishedMember(t, 'company', admin);
      const elsewhere = await signIn(t.app, member.email, member.password);
      const response = await member.client.post('/api/profiles/me/disable', {
        reasons: ['tooManyEmails', 'companyInactive'],
        text: 'Sold the company',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().profile).toMatchObject({
        status: 'disabled',
        profilePublished: false,
        profilePending: false,
        disableReason: `${disableReasonLabels.tooManyEmails}; ${disableReasonLabels.companyInactive}; Sold the company`,
      });
      expect(
        response.cookies.find(
          (c) => c.name === 'intergen_session' && (c.value === '' || (c.maxAge ?? 1) <= 0),
        ),
      ).toBeDefined();

      expect((await member.client.get('/api/auth/session')).json()).toEqual({ user: null });
      expect((await elsewhere.client.get('/api/auth/session')).json()).toEqual({ user: null });
      const again = await signIn(t.app, member.email, member.password);
      expect(again.response.statusCode).toBe(401);
      expect(again.response.json().error.message).toBe(messages.invalidCredentials);

      const [user] = await t.database.db.select().from(users).where(eq(users.id, member.id));
      expect(user?.passwordHash).toBeNull();
      expect(user?.loginRemovedAt).toBeInstanceOf(Date);
      expect((await eventsOf(t, member.id)).at(-1)).toMatchObject({
        type: 'profile.disabled',
        payload: { reasons: ['tooManyEmails', 'companyInactive'], text: 'Sold the company' },
      });
      expect((await t.mailTo(member.email)).map((m) => m.subject)).toContain(
        'Your InterGen account is disabled',
      );
      const adminView = (await admin.client.get(`/api/admin/profiles/${member.id}`)).json().profile;
      expect(adminView.status).toBe('disabled');
    });

    it('answers "Failed to delete account" when it cannot be written, and the login stays', async () => {
      const member = await signUpMember(t.app, 'expert');
      await failFor(member.email);
      const response = await member.client.post('/api/profiles/me/disable', { reasons: ['noTime'] });
      expect(response.statusCode).toBe(500);
      expect(response.json().error).toMatchObject({ code: 'INTERNAL', message: profileTexts.deleteFailed });
      expect((await member.client.get('/api/auth/session')).json().user).not.toBeNull();
      expect((await signIn(t.app, member.email, member.password)).response.statusCode).toBe(200);
      expect(await eventTypesOf(t, member.id)).toEqual([]);
    });
  });

  describe('privacy', () => {
    it('lets an expert go private (hidden from the community) and public again', async () => {
      const expert = await publishedMember(t, 'expert', admin);
      const company = await publishedMember(t, 'company', admin);
      expect((await company.client.get(`/api/profiles/${expert.id}`)).statusCode).toBe(200);

      const response = await expert.client.post('/api/profiles/me/privacy', { private: true });
      expect(response.statusCode).toBe(200);
      expect(response.json().profile.private).toBe(true);
      const hidden = await company.client.get(`/api/profiles/${expert.id}`);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().error).toEqual({ code: 'NOT_FOUND', message: profileTexts.profileNotFound });
      expect((await expert.client.get(`/api/profiles/${expert.id}`)).statusCode).toBe(200);
      expect((await admin.client.get(`/api/profiles/${expert.id}`)).statusCode).toBe(200);

      await expert.client.post('/api/profiles/me/privacy', { private: false });
      expect((await company.client.get(`/api/profiles/${expert.id}`)).statusCode).toBe(200);
      const changes = (await eventsOf(t, expert.id)).filter((e) => e.type === 'profile.privacy_changed');
      expect(changes.map((e) => e.payload.private)).toEqual([true, false]);
    });

    it('is for experts only', async () => {
      const company = await signUpMember(t.app, 'company');
      const response = await company.client.post('/api/profiles/me/privacy', { private: true });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({ code: 'FORBIDDEN', message: profileTexts.onlyExperts });
    });
  });

  describe('failures of other changes', () => {
    it('answers "Failed to set profile pending" when an expert’s submission cannot be written', async () => {
      const member = await signUpMember(t.app, 'expert');
      // Verified before the review step, so that the verification itself does not submit the profile.
      await fill(t.app, member, { review: false });
      await verifyEmail(t, member);
      expect((await member.client.post('/api/profiles/me/review-reached')).statusCode).toBe(200);
      await failFor(member.id);
      const response = await member.client.post('/api/profiles/me/submit');
      expect(response.statusCode).toBe(500);
      expect(response.json().error).toMatchObject({
        code: 'INTERNAL',
        message: profileTexts.setPendingFailed,
      });
      expect((await me(member.client)).profilePending).toBe(false);
    });

    it('answers "Failed to update profile" when an annual confirmation cannot be written', async () => {
      const member = await publishedMember(t, 'company', admin);
      await failFor(member.id);
      const response = await member.client.post('/api/profiles/me/annual-confirmation', {
        companySize: 5,
        revenue: 'revenueMoreThanTen',
        capital: 'capitalMoreThanTen',
      });
      expect(response.statusCode).toBe(500);
      expect(response.json().error).toMatchObject({ code: 'INTERNAL', message: profileTexts.updateFailed });
      expect((await me(member.client)).data.companySize).toBe(12);
    });
  });
});
