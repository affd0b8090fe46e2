import { fieldMessages, profileTexts } from '@intergen/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, contactInfo } from '../src/db/schema.ts';
import {
  type Client,
  eventsOf,
  eventTypesOf,
  fill,
  pngOf,
  publishedMember,
  readyMember,
  saveSection,
  signUpMember,
  uploadImage,
  validSections,
  verifyEmail,
} from './factories.ts';
import { client, codeIn, type Engine, engines, todayUtc } from './helpers.ts';
import { useAdmin, useTestApp } from './suite.ts';

describe.each(engines)('submitting, publishing and updating profiles on %s', (engine: Engine) => {
  // The community tab on: published members read each other through the community.
  const t = useTestApp(engine, { COMMUNITY_TAB: 'true' });
  const admin = useAdmin(t);

  const me = async (c: Client) => (await c.get('/api/profiles/me')).json().profile;

  describe('submit', () => {
    it('is refused while the e-mail is unverified, even for a complete profile', async () => {
      const member = await signUpMember(t.app, 'company');
      await fill(t.app, member);
      const before = await eventTypesOf(t, member.id);
      const response = await member.client.post('/api/profiles/me/submit');
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'EMAIL_UNVERIFIED',
        message: profileTexts.emailNotVerified,
      });
      expect((await me(member.client)).profilePublished).toBe(false);
      expect(await eventTypesOf(t, member.id)).toEqual(before);
    });

    it.each([
      ['expert', profileTexts.expertIncomplete],
      ['company', profileTexts.companyIncomplete],
    ] as const)(
      'refuses an incomplete %s profile with "%s" and the sections to complete',
      async (kind, message) => {
        const member = await signUpMember(t.app, kind);
        await verifyEmail(t, member);
        await saveSection(t.app, member, 'basics', validSections[kind].basics);
        const response = await member.client.post('/api/profiles/me/submit');
        expect(response.statusCode).toBe(400);
        const error = response.json().error;
        expect(error).toMatchObject({ code: 'PROFILE_INCOMPLETE', message });
        expect(error.details.map((d: { path: string }) => d.path)).toEqual(['profile', 'extras']);
        expect(error.details[0].message).toBe(fieldMessages.industryRequired);
        const profile = await me(member.client);
        expect(profile).toMatchObject({ profilePending: false, profilePublished: false });
      },
    );

    it.each([
      ['company', 'published', ['profile.published', 'matching.requested']],
      ['expert', 'pending', ['profile.submitted', 'matching.requested']],
    ] as const)(
      'verifying the e-mail of a complete %s profile that reached the review step submits it at once',
      async (kind, status, events) => {
        const member = await signUpMember(t.app, kind);
        await fill(t.app, member);
        const mail = (await t.mailTo(member.email)).find((m) => m.subject.startsWith('Verify'));
        const verified = await member.client.post('/api/auth/email-verification/verify', {
          code: codeIn(mail!.text),
        });
        expect(verified.statusCode).toBe(200);
        // The answer already routes the member as submitted: nothing else has to be pressed.
        expect(verified.json().user).toMatchObject({ emailVerified: true, profile: { status } });
        expect(await me(member.client)).toMatchObject({ status, onboardingComplete: true });
        expect((await eventTypesOf(t, member.id)).slice(-2)).toEqual(events);

        // The review step's Finish, pressed afterwards (or twice), changes nothing more.
        const count = (await eventsOf(t, member.id)).length;
        const finish = await member.client.post('/api/profiles/me/submit');
        expect(finish.statusCode).toBe(200);
        expect(finish.json().profile.status).toBe(status);
        expect(await eventsOf(t, member.id)).toHaveLength(count);
      },
    );

    it('only verifies the e-mail of an incomplete profile, or of one that has not reached the review step', async () => {
      for (const review of [true, false]) {
        const member = await signUpMember(t.app, 'company');
        if (review) {
          await saveSection(t.app, member, 'basics', validSections.company.basics);
          await member.client.post('/api/profiles/me/review-reached');
        } else {
          // Complete (with an uploaded picture), but the review step was never reached.
          await fill(t.app, member, { review: false });
          expect((await uploadImage(t.app, member, await pngOf(64, 64))).statusCode).toBe(200);
          expect(await me(member.client)).toMatchObject({ profileComplete: true, onboardingComplete: false });
        }
        const before = await eventTypesOf(t, member.id);
        await verifyEmail(t, member);
        expect(await me(member.client)).toMatchObject({
          emailVerified: true,
          profilePublished: false,
          status: review ? 'incomplete' : 'complete',
        });
        expect(await eventTypesOf(t, member.id)).toEqual(before);
      }
    });

    it('puts a complete, verified expert profile in review, asks for matching, and repeats harmlessly', async () => {
      const member = await readyMember(t, 'expert');
      const response = await member.client.post('/api/profiles/me/submit');
      expect(response.statusCode).toBe(200);
      expect(response.json().profile).toMatchObject({
        status: 'pending',
        profilePending: true,
        profilePublished: false,
        gettingStartedDismissed: true,
        onboardingComplete: true,
        publishDate: null,
      });
      const events = await eventsOf(t, member.id);
      expect(events.slice(-2).map((e) => [e.type, e.payload])).toEqual([
        ['profile.submitted', { profileId: member.id, kind: 'expert' }],
        ['matching.requested', { profileId: member.id, kind: 'expert' }],
      ]);
      const again = await member.client.post('/api/profiles/me/submit');
      expect(again.statusCode).toBe(200);
      expect(again.json().profile.status).toBe('pending');
      expect(await eventsOf(t, member.id)).toHaveLength(events.length);
      const session = (await member.client.get('/api/auth/session')).json().user;
      expect(session.profile.status).toBe('pending');
    });

    it('publishes a complete, verified company at once with midnight UTC as the publish date', async () => {
      const member = await readyMember(t, 'company');
      const response = await member.client.post('/api/profiles/me/submit');
      expect(response.statusCode).toBe(200);
      expect(response.json().profile).toMatchObject({
        status: 'published',
        profilePublished: true,
        profilePending: false,
        onboardingComplete: true,
        publishDate: todayUtc(),
      });
      expect((await eventTypesOf(t, member.id)).slice(-2)).toEqual([
        'profile.published',
        'matching.requested',
      ]);
      const count = (await eventsOf(t, member.id)).length;
      expect((await member.client.post('/api/profiles/me/submit')).json().profile.publishDate).toBe(
        todayUtc(),
      );
      expect(await eventsOf(t, member.id)).toHaveLength(count);
    });

    it('takes an expert from submitted to pending to published when an admin approves', async () => {
      const member = await readyMember(t, 'expert');
      await member.client.post('/api/profiles/me/submit');
      const approved = await admin.client.post(`/api/admin/profiles/${member.id}/approve`);
      expect(approved.statusCode).toBe(200);
      const profile = await me(member.client);
      expect(profile).toMatchObject({
        status: 'published',
        profilePublished: true,
        profilePending: false,
        publishDate: todayUtc(),
      });
      expect(new Date(profile.publishDate).toISOString()).toMatch(/T00:00:00\.000Z$/);
      expect((await eventTypesOf(t, member.id)).slice(-2)).toEqual([
        'profile.approved',
        'matching.requested',
      ]);
      const mails = (await t.mailTo(member.email)).filter(
        (m) => m.subject === 'Your InterGen profile is published',
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain('http://intergen.test/dashboard');
    });
  });

  describe('edits of a published profile', () => {
    it('are held as pending changes that the community does not see until Update', async () => {
      const company = await publishedMember(t, 'company', admin);
      const viewer = await publishedMember(t, 'expert', admin, 'Viewer Person');

      const saved = await saveSection(t.app, company, 'basics', {
        companyName: 'Acme Robotics International',
        phone: '555 000 1111',
      });
      expect(saved.statusCode).toBe(200);
      const own = saved.json().profile;
      expect(own.data.companyName).toBe('Acme Robotics');
      expect(own.data.phone).toBe('5559876543');
      expect(own.pendingChanges).toEqual({ companyName: 'Acme Robotics International', phone: '5550001111' });
      expect(own.status).toBe('published');
      const [event] = (await eventsOf(t, company.id)).slice(-1);
      expect(event).toMatchObject({ type: 'profile.updated', payload: { pending: true, section: 'basics' } });

      const seen = (await viewer.client.get(`/api/profiles/${company.id}`)).json().profile;
      expect(seen.data.companyName).toBe('Acme Robotics');
      const ownView = (await company.client.get(`/api/profiles/${company.id}`)).json().profile;
      expect(ownView.data.companyName).toBe('Acme Robotics');
      expect(ownView.contact.phone).toBe('5559876543');
      const [contact] = await t.database.db
        .select()
        .from(contactInfo)
        .where(eq(contactInfo.userId, company.id));
      expect(contact?.phone).toBe('5559876543');

      const updated = await company.client.post('/api/profiles/me/update');
      expect(updated.statusCode).toBe(200);
      expect(updated.json().profile).toMatchObject({
        pendingChanges: null,
        status: 'published',
        data: { companyName: 'Acme Robotics International', phone: '5550001111' },
      });
      expect((await viewer.client.get(`/api/profiles/${company.id}`)).json().profile.data.companyName).toBe(
        'Acme Robotics International',
      );
      const [synced] = await t.database.db
        .select()
        .from(contactInfo)
        .where(eq(contactInfo.userId, company.id));
      expect(synced?.phone).toBe('5550001111');
      expect((await eventsOf(t, company.id)).at(-1)).toMatchObject({
        type: 'profile.updated',
        payload: { applied: true, fields: ['companyName', 'phone'] },
      });
    });

    it('drop a pending change that returns to the published value', async () => {
      const expert = await publishedMember(t, 'expert', admin);
      await saveSection(t.app, expert, 'profile', { businessType: 'B2C' });
      const back = await saveSection(t.app, expert, 'profile', { businessType: 'B2B' });
      expect(back.json().profile.pendingChanges).toBeNull();
    });

    it('cannot be applied below 100 %, and nothing changes', async () => {
      const company = await publishedMember(t, 'company', admin);
      const saved = await saveSection(t.app, company, 'extras', { anythingElse: '' });
      expect(saved.json().profile.completion.sections.extras).toBe(80);
      expect(saved.json().profile.profileComplete).toBe(true);
      const before = (await eventsOf(t, company.id)).length;

      const response = await company.client.post('/api/profiles/me/update');
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'PROFILE_INCOMPLETE',
        message: profileTexts.missingTitle,
        details: [{ path: 'extras', message: fieldMessages.anythingElseRequired }],
      });
      const profile = await me(company.client);
      expect(profile.data.anythingElse).toBe(validSections.company.extras.anythingElse);
      expect(profile.pendingChanges).toEqual({ anythingElse: '' });
      expect(await eventsOf(t, company.id)).toHaveLength(before);
    });

    it('with nothing pending, Save Changes answers the profile and writes nothing', async () => {
      const company = await publishedMember(t, 'company', admin);
      const before = await eventsOf(t, company.id);
      const response = await company.client.post('/api/profiles/me/update');
      expect(response.statusCode).toBe(200);
      expect(response.json().profile).toMatchObject({ pendingChanges: null, status: 'published' });
      expect(await eventsOf(t, company.id)).toEqual(before);
    });
  });

  describe('annual confirmation', () => {
    const body = {
      companySize: 40,
      revenue: 'revenueMoreThanTen',
      capital: 'capitalLessThanTenMoreThanFive',
    };

    it('is asked of a published company last updated over a year ago, and renews it', async () => {
      const company = await publishedMember(t, 'company', admin);
      expect((await me(company.client)).needsAnnualConfirmation).toBe(false);
      const longAgo = new Date(Date.now() - 370 * 24 * 60 * 60 * 1000);
      await t.database.db.update(companies).set({ updatedAt: longAgo }).where(eq(companies.id, company.id));
      expect((await me(company.client)).needsAnnualConfirmation).toBe(true);
      await saveSection(t.app, company, 'basics', { companySize: 99 });
      await t.database.db.update(companies).set({ updatedAt: longAgo }).where(eq(companies.id, company.id));

      const response = await company.client.post('/api/profiles/me/annual-confirmation', body);
      expect(response.statusCode).toBe(200);
      const profile = response.json().profile;
      expect(profile).toMatchObject({
        needsAnnualConfirmation: false,
        data: { companySize: 40, revenue: 'revenueMoreThanTen', capital: 'capitalLessThanTenMoreThanFive' },
        pendingChanges: null,
      });
      expect(profile.updatedAt).toBeGreaterThan(Date.now() - 60_000);
      expect((await eventsOf(t, company.id)).at(-1)).toMatchObject({
        type: 'profile.updated',
        payload: { annualConfirmation: true, fields: ['companySize', 'revenue', 'capital'] },
      });
    });

    it('Maybe later puts it off for this session only: the next sign-in asks again', async () => {
      const company = await publishedMember(t, 'company', admin);
      const longAgo = new Date(Date.now() - 370 * 24 * 60 * 60 * 1000);
      await t.database.db.update(companies).set({ updatedAt: longAgo }).where(eq(companies.id, company.id));
      const session = async (c: Client) => (await c.get('/api/auth/session')).json().user;
      expect(await session(company.client)).toMatchObject({ annualConfirmationPostponed: false });

      const later = await company.client.post('/api/auth/session/annual-confirmation-later');
      expect(later.statusCode).toBe(200);
      expect(later.json().user).toMatchObject({ id: company.id, annualConfirmationPostponed: true });
      // A reload of the page reads the same session.
      expect(await session(company.client)).toMatchObject({ annualConfirmationPostponed: true });
      expect((await me(company.client)).needsAnnualConfirmation).toBe(true);

      // Another browser, or the next sign-in, is a new session and is asked again.
      const next = client(t.app);
      const signedIn = await next.post('/api/auth/sign-in', {
        email: company.email,
        password: company.password,
      });
      expect(signedIn.json().user).toMatchObject({ annualConfirmationPostponed: false });
      expect(await session(next)).toMatchObject({ annualConfirmationPostponed: false });
      expect(await session(company.client)).toMatchObject({ annualConfirmationPostponed: true });
      expect((await client(t.app).post('/api/auth/session/annual-confirmation-later')).statusCode).toBe(401);
    });

    it('refuses a team size of 0 with the field message', async () => {
      const company = await publishedMember(t, 'company', admin);
      const response = await company.client.post('/api/profiles/me/annual-confirmation', {
        ...body,
        companySize: 0,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: fieldMessages.teamSizePositive,
        details: [{ path: 'companySize', message: fieldMessages.teamSizePositive }],
      });
      expect((await me(company.client)).data.companySize).toBe(12);
    });

    it('is for companies only', async () => {
      const expert = await signUpMember(t.app, 'expert');
      const response = await expert.client.post('/api/profiles/me/annual-confirmation', body);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({ code: 'FORBIDDEN', message: profileTexts.onlyCompanies });
    });
  });
});
