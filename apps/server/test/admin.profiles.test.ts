import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages, profileTexts } from '@intergen/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/client.ts';
import { experts, users } from '../src/db/schema.ts';
import { relationshipBetween } from '../src/modules/connections/index.ts';
import { createEventPublisher } from '../src/modules/events/events.ts';
import { createImageStore } from '../src/modules/profiles/profiles.images.ts';
import { createProfilesService } from '../src/modules/profiles/profiles.service.ts';
import {
  type Client,
  eventsOf,
  eventTypesOf,
  fill,
  type Member,
  publishedMember,
  saveSection,
  signInAdmin,
  signUpMember,
  validSections,
  verifyEmail,
} from './factories.ts';
import { client, createTestApp, type Engine, engines, signIn, type TestApp, todayUtc } from './helpers.ts';

describe.each(engines)('admin profile actions on %s', (engine: Engine) => {
  let t: TestApp;
  let admin: { client: Client; id: string };
  beforeAll(async () => {
    // The community tab on: published members read each other through the community.
    t = await createTestApp(engine, { COMMUNITY_TAB: 'true' });
    admin = await signInAdmin(t);
  });
  afterAll(() => t.close());

  /** A complete, verified expert who has submitted for approval. */
  async function pendingExpert(name?: string): Promise<Member> {
    const member = await signUpMember(t.app, 'expert', name);
    await fill(t.app, member);
    await verifyEmail(t, member);
    expect((await member.client.post('/api/profiles/me/submit')).statusCode).toBe(200);
    return member;
  }
  const adminPost = (url: string, body?: unknown) => admin.client.post(`/api/admin/profiles/${url}`, body);

  it('refuses every admin profile route to signed-out browsers (401) and members (403)', async () => {
    const member = await signUpMember(t.app, 'expert');
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/admin/profiles/${member.id}`],
      ['POST', `/api/admin/profiles/${member.id}/approve`],
      ['POST', `/api/admin/profiles/${member.id}/publish`],
      ['POST', `/api/admin/profiles/${member.id}/verify`],
      ['POST', `/api/admin/profiles/${member.id}/unverify`],
      ['POST', `/api/admin/profiles/${member.id}/deactivate`, { reason: 'x' }],
      ['POST', `/api/admin/profiles/${member.id}/activate`],
      ['POST', `/api/admin/profiles/${member.id}/unpublish`, { reason: 'x' }],
    ];
    for (const [method, url, body] of routes) {
      const call = (c: Client) => (method === 'GET' ? c.get(url) : c.post(url, body));
      const anonymous = await call(client(t.app));
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error).toEqual({ code: 'UNAUTHENTICATED', message: messages.notSignedIn });
      const forbidden = await call(member.client);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().error).toEqual({ code: 'FORBIDDEN', message: messages.forbidden });
    }
    expect(await eventTypesOf(t, member.id)).toEqual([]);
    // The mailbox pages still answer admins.
    expect((await admin.client.get('/api/admin/mailbox')).statusCode).toBe(200);
  });

  it('shows any profile in full, and not-found for an unknown id', async () => {
    const member = await signUpMember(t.app, 'company');
    await saveSection(t.app, member, 'basics', validSections.company.basics);
    const response = await admin.client.get(`/api/admin/profiles/${member.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({
      id: member.id,
      kind: 'company',
      email: member.email,
      data: { phone: '5559876543', jobTitle: validSections.company.basics.jobTitle },
    });
    const unknown = await admin.client.get('/api/admin/profiles/nobody');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: 'NOT_FOUND', message: profileTexts.profileNotFound });
  });

  describe('approve', () => {
    it('publishes a pending expert at midnight UTC, dismisses the banner and mails the expert', async () => {
      const member = await pendingExpert();
      const response = await adminPost(`${member.id}/approve`);
      expect(response.statusCode).toBe(200);
      expect(response.json().profile).toMatchObject({
        status: 'published',
        profilePublished: true,
        profilePending: false,
        gettingStartedDismissed: true,
        publishDate: todayUtc(),
      });
      const events = await eventsOf(t, member.id);
      expect(events.at(-2)).toMatchObject({ type: 'profile.approved', payload: { by: admin.id } });
      expect(events.at(-1)).toMatchObject({
        type: 'matching.requested',
        payload: { profileId: member.id, kind: 'expert' },
      });
      // Exactly one approval e-mail: the one of the expert's profile_approved notification.
      expect(
        (await t.mailTo(member.email)).filter((m) => m.subject === 'Your InterGen profile is published'),
      ).toHaveLength(1);
      // Approving again changes nothing.
      expect((await adminPost(`${member.id}/approve`)).statusCode).toBe(200);
      expect(await eventsOf(t, member.id)).toHaveLength(events.length);
    });

    it('refuses an incomplete expert with the spec message', async () => {
      const member = await signUpMember(t.app, 'expert');
      await saveSection(t.app, member, 'basics', validSections.expert.basics);
      const response = await adminPost(`${member.id}/approve`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'PROFILE_INCOMPLETE',
        message: profileTexts.expertIncomplete,
      });
      expect(await eventTypesOf(t, member.id)).toEqual(['profile.updated']);
    });

    it('is for experts only', async () => {
      const member = await signUpMember(t.app, 'company');
      const response = await adminPost(`${member.id}/approve`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(profileTexts.onlyExperts);
    });

    it('runs the approval hooks in its transaction: a failing hook leaves the expert pending', async () => {
      const seen: string[] = [];
      const build = (hook: (tx: Executor, id: string) => Promise<void>) =>
        createProfilesService({
          database: t.database,
          appUrl: 'http://intergen.test',
          settings: { communityTab: async () => false, supportEmail: async () => 'support@intergen.test' },
          publishEvent: createEventPublisher({}),
          relationshipOf: relationshipBetween,
          images: createImageStore(t.database, path.join(tmpdir(), 'intergen-unused-uploads')),
          afterCommit: () => {},
          onExpertApproved: [hook],
        });
      const ok = await pendingExpert();
      const approved = await build(async (tx, id) => {
        const [row] = await tx
          .select({ published: experts.profilePublished })
          .from(experts)
          .where(eq(experts.id, id));
        seen.push(row?.published ? 'published-in-tx' : 'not-yet');
      }).approve(admin.id, ok.id);
      expect(approved.status).toBe('published');
      expect(seen).toEqual(['published-in-tx']);

      const failing = await pendingExpert();
      const before = await eventsOf(t, failing.id);
      await expect(
        build(async () => {
          throw new Error('connections could not be released');
        }).approve(admin.id, failing.id),
      ).rejects.toThrow('connections could not be released');
      const profile = (await admin.client.get(`/api/admin/profiles/${failing.id}`)).json().profile;
      expect(profile).toMatchObject({ status: 'pending', profilePublished: false });
      expect(await eventsOf(t, failing.id)).toEqual(before);
    });
  });

  describe('publish (company)', () => {
    it('publishes a complete company with today’s date and asks for matching', async () => {
      const member = await signUpMember(t.app, 'company');
      await fill(t.app, member);
      const response = await adminPost(`${member.id}/publish`);
      expect(response.statusCode).toBe(200);
      expect(response.json().profile).toMatchObject({ status: 'published', publishDate: todayUtc() });
      expect((await eventTypesOf(t, member.id)).slice(-2)).toEqual([
        'profile.published',
        'matching.requested',
      ]);
    });

    it('refuses an incomplete company, and experts', async () => {
      const draft = await signUpMember(t.app, 'company');
      const response = await adminPost(`${draft.id}/publish`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'PROFILE_INCOMPLETE',
        message: profileTexts.companyIncomplete,
      });
      const expert = await signUpMember(t.app, 'expert');
      expect((await adminPost(`${expert.id}/publish`)).json().error.message).toBe(profileTexts.onlyCompanies);
    });
  });

  it('verifies and unverifies an expert, with an event each time', async () => {
    const member = await publishedMember(t, 'expert', admin);
    const verified = await adminPost(`${member.id}/verify`);
    expect(verified.json().profile.isVerified).toBe(true);
    const company = await publishedMember(t, 'company', admin);
    expect((await company.client.get(`/api/profiles/${member.id}`)).json().profile.isVerified).toBe(true);
    expect((await adminPost(`${member.id}/verify`)).json().profile.isVerified).toBe(true);
    const unverified = await adminPost(`${member.id}/unverify`);
    expect(unverified.json().profile.isVerified).toBe(false);
    expect((await eventTypesOf(t, member.id)).slice(-2)).toEqual(['profile.verified', 'profile.unverified']);
    expect((await adminPost(`${company.id}/verify`)).json().error.message).toBe(profileTexts.onlyExperts);
  });

  it('deactivates a member, whose sessions end at once, and activates them again', async () => {
    const member = await publishedMember(t, 'company', admin);
    const missing = await adminPost(`${member.id}/deactivate`, { reason: '  ' });
    expect(missing.statusCode).toBe(400);

    const response = await adminPost(`${member.id}/deactivate`, { reason: 'Spam reports' });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({
      status: 'inactive',
      profilePublished: false,
      profilePending: false,
      deactivatedDate: todayUtc(),
    });
    expect((await member.client.get('/api/auth/session')).json()).toEqual({ user: null });
    const refused = await signIn(t.app, member.email, member.password);
    expect(refused.response.statusCode).toBe(403);
    expect(refused.response.json().error.message).toBe(messages.accountDeactivated);
    expect((await eventsOf(t, member.id)).at(-1)).toMatchObject({
      type: 'profile.deactivated',
      payload: { reason: 'Spam reports', by: admin.id },
    });

    const activated = await adminPost(`${member.id}/activate`);
    expect(activated.json().profile).toMatchObject({
      status: 'published',
      profilePublished: true,
      deactivatedDate: null,
    });
    expect((await signIn(t.app, member.email, member.password)).response.statusCode).toBe(200);
    expect((await eventTypesOf(t, member.id)).at(-1)).toBe('profile.activated');
    // Activating an active profile changes nothing.
    const count = (await eventsOf(t, member.id)).length;
    await adminPost(`${member.id}/activate`);
    expect(await eventsOf(t, member.id)).toHaveLength(count);
  });

  it('activates a complete, verified member as published (000 §4), and any other back to its derived status so they can finish', async () => {
    const deactivateThenActivate = async (id: string) => {
      expect((await adminPost(`${id}/deactivate`, { reason: 'Checking' })).statusCode).toBe(200);
      const response = await adminPost(`${id}/activate`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().profile;
    };
    const cleared = { deactivatedDate: null };

    // Pending approval when deactivated: complete and verified, so published, with what approval gives.
    const pending = await pendingExpert();
    expect(await deactivateThenActivate(pending.id)).toMatchObject({
      ...cleared,
      profilePublished: true,
      profilePending: false,
      publishDate: todayUtc(),
      status: 'published',
    });
    expect((await eventTypesOf(t, pending.id)).slice(-2)).toEqual([
      'profile.activated',
      'matching.requested',
    ]);

    // Unpublished by an admin, then deactivated: published again, the disable reason gone.
    const unpublished = await publishedMember(t, 'company', admin);
    expect((await adminPost(`${unpublished.id}/unpublish`, { reason: 'Off' })).statusCode).toBe(200);
    expect(await deactivateThenActivate(unpublished.id)).toMatchObject({
      ...cleared,
      disableReason: null,
      status: 'published',
    });

    // A member who paused themselves stays paused: resuming is theirs.
    const paused = await publishedMember(t, 'company', admin);
    expect((await paused.client.post('/api/profiles/me/pause', { reason: 'noTime' })).statusCode).toBe(200);
    expect(await deactivateThenActivate(paused.id)).toMatchObject({
      ...cleared,
      profilePublished: false,
      status: 'paused',
    });

    // Published when deactivated, but its e-mail is no longer verified: complete, and may sign in to verify.
    const unverified = await publishedMember(t, 'expert', admin);
    expect((await adminPost(`${unverified.id}/deactivate`, { reason: 'Checking' })).statusCode).toBe(200);
    await t.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, unverified.id));
    expect((await adminPost(`${unverified.id}/activate`)).json().profile).toMatchObject({
      ...cleared,
      profilePublished: false,
      status: 'complete',
    });
    expect((await signIn(t.app, unverified.email, unverified.password)).response.statusCode).toBe(200);

    // A required field went missing meanwhile: incomplete, never stranded: the member signs in to finish.
    const incomplete = await publishedMember(t, 'expert', admin);
    expect((await adminPost(`${incomplete.id}/deactivate`, { reason: 'Checking' })).statusCode).toBe(200);
    await t.database.db
      .update(experts)
      .set({ experience: null, areasOfImprovement: null })
      .where(eq(experts.id, incomplete.id));
    const activated = await adminPost(`${incomplete.id}/activate`);
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json().profile).toMatchObject({
      ...cleared,
      profilePublished: false,
      status: 'incomplete',
    });
    expect((await signIn(t.app, incomplete.email, incomplete.password)).response.statusCode).toBe(200);
  });

  it('unpublishes a profile with a reason kept as the disable reason', async () => {
    const member = await publishedMember(t, 'expert', admin);
    const viewer = await publishedMember(t, 'company', admin);
    const response = await adminPost(`${member.id}/unpublish`, { reason: 'Incomplete experience' });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({
      profilePublished: false,
      disableReason: 'Incomplete experience',
      status: 'disabled',
    });
    expect((await viewer.client.get(`/api/profiles/${member.id}`)).statusCode).toBe(404);
    // The member is signed out at once, and publishing again clears the reason.
    expect((await member.client.get('/api/auth/session')).json().user).toBeNull();
    await adminPost(`${member.id}/approve`);
    expect((await admin.client.get(`/api/admin/profiles/${member.id}`)).json().profile).toMatchObject({
      profilePublished: true,
      disableReason: null,
      status: 'published',
    });
    expect((await eventsOf(t, member.id)).find((e) => e.type === 'profile.unpublished')).toMatchObject({
      type: 'profile.unpublished',
      payload: { reason: 'Incomplete experience' },
    });
  });

  it('writes every admin action on a profile to the audit log: who, what, on whom, with the reason', async () => {
    const member = await publishedMember(t, 'expert', admin);
    await adminPost(`${member.id}/unverify`);
    await adminPost(`${member.id}/verify`);
    await adminPost(`${member.id}/deactivate`, { reason: 'Audited pause' });
    await adminPost(`${member.id}/activate`);
    const response = await admin.client.get('/api/admin/audit?limit=50');
    expect(response.statusCode, response.body).toBe(200);
    const mine = (
      response.json().entries as { action: string; target: string; details: unknown; actor: { id: string } }[]
    )
      .filter((e) => e.target === member.id)
      .map((e) => [e.action, e.details]);
    // Newest first, each naming the member as they were at the time.
    const named = { targetName: expect.any(String), targetEmail: member.email };
    expect(mine.slice(0, 4)).toEqual([
      ['profile.activate', named],
      ['profile.deactivate', { reason: 'Audited pause', ...named }],
      ['profile.verify', named],
      ['profile.unverify', named],
    ]);
    // A refused action leaves no entry.
    const company = await publishedMember(t, 'company', admin);
    expect((await adminPost(`${company.id}/verify`)).statusCode).toBe(400);
    const after = (await admin.client.get('/api/admin/audit?limit=50')).json().entries as {
      target: string;
    }[];
    expect(after.some((e) => e.target === company.id)).toBe(false);
  });
});
