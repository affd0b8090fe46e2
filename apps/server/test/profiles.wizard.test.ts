import { CompanyProfileDataSchema, ExpertProfileDataSchema } from '@intergen/contracts';
import { fieldMessages, messages, profileTexts, requiredFields, sectionFields } from '@intergen/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, contactInfo, experts } from '../src/db/schema.ts';
import {
  type Client,
  eventsOf,
  eventTypesOf,
  fill,
  publishedMember,
  saveSection,
  signInAdmin,
  signUpMember,
  validSections,
  verifyEmail,
} from './factories.ts';
import { client, type Engine, engines } from './helpers.ts';
import { useTestApp } from './suite.ts';

describe.each(engines)('the profile wizard on %s', (engine: Engine) => {
  const t = useTestApp(engine);

  const me = async (c: Client) => {
    const response = await c.get('/api/profiles/me');
    expect(response.statusCode).toBe(200);
    return response.json().profile;
  };

  it('has a section for every field of both roles, and every required field in one', () => {
    for (const [kind, schema] of [
      ['expert', ExpertProfileDataSchema],
      ['company', CompanyProfileDataSchema],
    ] as const) {
      const all = Object.values(sectionFields[kind]).flat();
      expect([...all].sort()).toEqual(Object.keys(schema.shape).sort());
      for (const [section, fields] of Object.entries(requiredFields[kind])) {
        for (const f of fields) expect(sectionFields[kind][section as 'basics']).toContain(f);
      }
    }
  });

  it('gives a new member an empty, incomplete profile at 0 % with the first step to fill', async () => {
    const member = await signUpMember(t.app, 'company', 'Grace Hopper');
    const profile = await me(member.client);
    expect(profile).toMatchObject({
      id: member.id,
      kind: 'company',
      name: 'Grace Hopper',
      email: member.email,
      emailVerified: false,
      status: 'incomplete',
      pendingChanges: null,
      completion: { sections: { basics: 0, profile: 0, extras: 0 }, overall: 0 },
      profileComplete: false,
      onboardingComplete: false,
      profilePublished: false,
      needsAnnualConfirmation: false,
    });
    expect(profile.data).toMatchObject({
      companyName: null,
      phone: null,
      jobTitle: null,
      currentStage: null,
    });
    const session = (await member.client.get('/api/auth/session')).json().user;
    expect(session.profile).toMatchObject({ status: 'incomplete', firstIncompleteStep: '/profile/about' });
  });

  it('autosaves a section of an unpublished profile straight away, contact fields into contact info', async () => {
    const member = await signUpMember(t.app, 'company');
    const response = await saveSection(t.app, member, 'basics', validSections.company.basics);
    expect(response.statusCode).toBe(200);
    const { profile } = response.json();
    expect(profile.completion.sections.basics).toBe(100);
    expect(profile.pendingChanges).toBeNull();
    expect(profile.data).toMatchObject({
      companyName: 'Acme Robotics',
      companySize: 12,
      phone: '5559876543',
      jobTitle: 'Chief Executive Officer',
    });

    const [row] = await t.database.db.select().from(companies).where(eq(companies.id, member.id));
    expect(row).toMatchObject({
      companyName: 'Acme Robotics',
      yearsInBusiness: 3,
      revenue: 'revenueLessThanFiveMoreThanOne',
    });
    const [contact] = await t.database.db.select().from(contactInfo).where(eq(contactInfo.userId, member.id));
    expect(contact).toMatchObject({
      phone: '5559876543',
      linkedin: 'https://www.linkedin.com/company/acme-robotics',
      jobTitle: 'Chief Executive Officer',
    });
    const session = (await member.client.get('/api/auth/session')).json().user;
    expect(session.profile.firstIncompleteStep).toBe('/profile/seeking');
  });

  it('keeps fields a save leaves out or sends as null, and writes a deliberate blank', async () => {
    const member = await signUpMember(t.app, 'expert');
    await saveSection(t.app, member, 'basics', validSections.expert.basics);
    const response = await saveSection(t.app, member, 'basics', { phone: null, about: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile.data).toMatchObject({
      phone: '5551234567',
      linkedin: validSections.expert.basics.linkedin,
      about: '',
    });
  });

  it('clears the referral and other texts when their boxes are unticked', async () => {
    const member = await signUpMember(t.app, 'expert');
    const response = await saveSection(t.app, member, 'basics', {
      interGenData: { event: true, referral: false, referralText: 'Bob', other: false, otherText: 'Radio' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile.data.interGenData).toEqual({ event: true, referral: false, other: false });
  });

  it.each([
    ['expert', 'basics', { phone: '12345' }, 'phone', fieldMessages.phoneInvalid],
    ['expert', 'basics', { linkedin: 'https://example.com/me' }, 'linkedin', fieldMessages.linkedinInvalid],
    ['company', 'basics', { website: 'acme.example.com' }, 'website', fieldMessages.websiteScheme],
    ['company', 'basics', { companySize: 0 }, 'companySize', fieldMessages.teamSizePositive],
    ['company', 'basics', { yearsInBusiness: -1 }, 'yearsInBusiness', fieldMessages.yearsNegative],
    [
      'company',
      'profile',
      {
        areasOfImprovement: {
          legal: true,
          growthCapital: true,
          marketExpansion: true,
          customerSuccess: true,
        },
      },
      'areasOfImprovement',
      fieldMessages.areasTooMany,
    ],
  ] as const)(
    'keeps a value that breaks a field rule (%s %s %o) as the draft, reports it, and the profile is not complete',
    async (kind, section, body, path, message) => {
      const member = await signUpMember(t.app, kind);
      await fill(t.app, member);
      expect((await me(member.client)).profileComplete).toBe(true);

      // A valid field of the same save is kept too.
      const companion = section === 'basics' ? { about: 'kept too' } : { businessType: 'B2B' };
      const response = await saveSection(t.app, member, section, { ...body, ...companion });
      expect(response.statusCode).toBe(200);
      // What a reload reads: the value as typed, its message, and a section under 100 %.
      const profile = await me(member.client);
      expect(profile.data[path]).toEqual(body[path as keyof typeof body]);
      expect(profile.data[Object.keys(companion)[0]!]).toEqual(Object.values(companion)[0]);
      expect(profile.fieldErrors).toEqual([{ path, message }]);
      expect(response.json().profile.fieldErrors).toEqual([{ path, message }]);
      expect(profile.completion.sections[section]).toBeLessThan(100);
      expect(profile).toMatchObject({ profileComplete: false, status: 'incomplete' });
      const session = (await member.client.get('/api/auth/session')).json().user;
      expect(session.profile).toMatchObject({
        profileComplete: false,
        firstIncompleteStep: section === 'basics' ? '/profile/about' : '/profile/seeking',
      });

      // Publishing is refused while the rule is broken (with the section and its message) …
      await verifyEmail(t, member);
      const submitted = await member.client.post('/api/profiles/me/submit');
      expect(submitted.statusCode).toBe(400);
      expect(submitted.json().error).toMatchObject({
        code: 'PROFILE_INCOMPLETE',
        details: [{ path: section, message }],
      });

      // … and the profile is complete again once the value is corrected.
      const corrected = await saveSection(t.app, member, section, {
        [path]: (validSections[kind][section] as Record<string, unknown>)[path],
      });
      expect(corrected.json().profile).toMatchObject({ fieldErrors: [], profileComplete: true });
    },
  );

  it('reports every wrong field of one save and keeps them all', async () => {
    const member = await signUpMember(t.app, 'expert');
    const response = await saveSection(t.app, member, 'basics', { phone: 'abc', linkedin: 'nope' });
    expect(response.statusCode).toBe(200);
    const { profile } = response.json();
    expect(profile.data).toMatchObject({ phone: 'abc', linkedin: 'nope' });
    expect(profile.fieldErrors).toEqual([
      { path: 'phone', message: fieldMessages.phoneInvalid },
      { path: 'linkedin', message: fieldMessages.linkedinInvalid },
    ]);
    expect(profile.completion.sections.basics).toBe(0);
  });

  it('holds a wrong value of a published profile as a pending change and refuses to apply it', async () => {
    const admin = await signInAdmin(t);
    const member = await publishedMember(t, 'company', admin);
    const response = await saveSection(t.app, member, 'basics', { companySize: 0 });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({
      data: { companySize: 12 },
      pendingChanges: { companySize: 0 },
      fieldErrors: [{ path: 'companySize', message: fieldMessages.teamSizePositive }],
      profilePublished: true,
    });
    const update = await member.client.post('/api/profiles/me/update');
    expect(update.statusCode).toBe(400);
    expect(update.json().error).toMatchObject({
      code: 'PROFILE_INCOMPLETE',
      details: [{ path: 'basics', message: fieldMessages.teamSizePositive }],
    });
    expect((await me(member.client)).data.companySize).toBe(12);
  });

  it('refuses fields of another section, of the other role, unknown fields and the picture', async () => {
    const member = await signUpMember(t.app, 'expert');
    for (const body of [
      { experience: { tech: true } },
      { companyName: 'Not an expert field' },
      { favouriteColour: 'blue' },
      { profileImage: { url: 'https://evil.example.com/x.png', name: 'x' } },
    ]) {
      const response = await saveSection(t.app, member, 'basics', body);
      expect(response.statusCode).toBe(400);
      const key = Object.keys(body)[0]!;
      expect(response.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: profileTexts.fieldNotInSection,
        details: [{ path: key, message: profileTexts.fieldNotInSection }],
      });
    }
    const wrongType = await saveSection(t.app, member, 'profile', { businessType: 'B2X' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.details[0].path).toBe('businessType');
    const unknownFlag = await saveSection(t.app, member, 'profile', { experience: { spaceTravel: true } });
    expect(unknownFlag.statusCode).toBe(400);
    const badSection = await saveSection(t.app, member, 'contact' as never, { phone: '5551234567' });
    expect(badSection.statusCode).toBe(400);
    expect((await me(member.client)).data.phone).toBeNull();
  });

  it('answers wrong types and unknown fields of one save together, each by its field, and saves nothing', async () => {
    const member = await signUpMember(t.app, 'company');
    const response = await saveSection(t.app, member, 'basics', {
      favouriteColour: 'blue',
      slogan: 7,
      companySize: 'twelve',
      companyName: 'Kept Out',
      experience: { tech: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Invalid input: expected number, received string',
      details: [
        { path: 'companySize', message: 'Invalid input: expected number, received string' },
        { path: 'slogan', message: 'Invalid input: expected string, received number' },
        { path: 'favouriteColour', message: profileTexts.fieldNotInSection },
        { path: 'experience', message: profileTexts.fieldNotInSection },
      ],
    });
    // A field is checked against the member's own role: a company's stage is one code, an expert's a set.
    const expert = await signUpMember(t.app, 'expert');
    const stage = await saveSection(t.app, expert, 'profile', { currentStage: 'startup' });
    expect(stage.statusCode).toBe(400);
    expect(stage.json().error.details.map((d: { path: string }) => d.path)).toEqual(['currentStage']);
    expect((await saveSection(t.app, member, 'profile', { currentStage: 'startup' })).statusCode).toBe(200);
    expect((await me(member.client)).data).toMatchObject({ companyName: null, companySize: null });
  });

  it('answers a body that is not an object with 400, before looking for a profile', async () => {
    const member = await signUpMember(t.app, 'expert');
    const admin = await signInAdmin(t);
    for (const c of [member.client, admin.client]) {
      const response = await saveSection(t.app, { client: c }, 'basics', [{ phone: '5551234567' }]);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Invalid input: expected record, received array',
        details: [{ path: '', message: 'Invalid input: expected record, received array' }],
      });
    }
    // An object from a member with no profile (an admin) finds no profile.
    const adminSave = await saveSection(t.app, admin, 'basics', { phone: '5551234567' });
    expect(adminSave.statusCode).toBe(404);
  });

  it('marks the profile complete only when every section is at 100 % with no errors', async () => {
    const member = await signUpMember(t.app, 'expert');
    await fill(t.app, member, { review: false });
    let profile = await me(member.client);
    expect(profile.completion).toEqual({ sections: { basics: 100, profile: 100, extras: 86 }, overall: 93 });
    expect(profile.profileComplete).toBe(false);
    expect((await member.client.get('/api/auth/session')).json().user.profile.firstIncompleteStep).toBe(
      '/profile/interests',
    );

    const reached = await member.client.post('/api/profiles/me/review-reached');
    expect(reached.statusCode).toBe(200);
    profile = reached.json().profile;
    expect(profile.data.profileImage.url).toMatch(/^\/avatars\/expert-[1-4]\.svg$/);
    expect(profile).toMatchObject({
      onboardingComplete: true,
      profileComplete: true,
      status: 'complete',
      completion: { sections: { basics: 100, profile: 100, extras: 100 }, overall: 100 },
    });
    const session = (await member.client.get('/api/auth/session')).json().user;
    expect(session.profile).toMatchObject({
      status: 'complete',
      profileComplete: true,
      onboardingComplete: true,
      firstIncompleteStep: null,
    });

    // Emptying a required field makes it incomplete again.
    const cleared = await saveSection(t.app, member, 'extras', { anythingElse: '' });
    expect(cleared.json().profile).toMatchObject({ profileComplete: false, status: 'incomplete' });
  });

  it('gives a company one of the four company avatars and keeps an existing picture on the review step', async () => {
    const member = await signUpMember(t.app, 'company');
    const first = (await member.client.post('/api/profiles/me/review-reached')).json().profile;
    expect(first.data.profileImage).toEqual({
      url: expect.stringMatching(/^\/avatars\/company-[1-4]\.svg$/),
      name: expect.stringMatching(/^company-[1-4]\.svg$/),
    });
    expect(first.onboardingComplete).toBe(true);
    const eventsBefore = await eventTypesOf(t, member.id);
    const again = (await member.client.post('/api/profiles/me/review-reached')).json().profile;
    expect(again.data.profileImage).toEqual(first.data.profileImage);
    expect(await eventTypesOf(t, member.id)).toEqual(eventsBefore);
  });

  it('writes a profile.updated event with the section and fields for every save', async () => {
    const member = await signUpMember(t.app, 'expert');
    await saveSection(t.app, member, 'profile', validSections.expert.profile);
    const events = await eventsOf(t, member.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'profile.updated',
      userId: member.id,
      payload: {
        profileId: member.id,
        kind: 'expert',
        section: 'profile',
        fields: Object.keys(validSections.expert.profile),
        pending: false,
      },
    });
    const [row] = await t.database.db.select().from(experts).where(eq(experts.id, member.id));
    expect(row?.updatedAt.getTime()).toBeGreaterThanOrEqual(events[0]!.createdAt.getTime() - 1000);
  });

  it('keeps both of two simultaneous saves of different sections', async () => {
    const member = await signUpMember(t.app, 'expert');
    const [a, b, c] = await Promise.all([
      saveSection(t.app, member, 'basics', validSections.expert.basics),
      saveSection(t.app, member, 'profile', validSections.expert.profile),
      saveSection(t.app, member, 'extras', validSections.expert.extras),
    ]);
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
    expect((await me(member.client)).completion.sections).toEqual({ basics: 100, profile: 100, extras: 86 });
  });

  it('answers 401 to a signed-out browser on every own-profile route', async () => {
    const anonymous = client(t.app);
    for (const response of [
      await anonymous.get('/api/profiles/me'),
      await saveSection(t.app, { client: anonymous }, 'basics', { phone: 'x' }),
      await anonymous.post('/api/profiles/me/update'),
      await anonymous.post('/api/profiles/me/review-reached'),
      await anonymous.post('/api/profiles/me/image'),
      await anonymous.post('/api/profiles/me/submit'),
      await anonymous.post('/api/profiles/me/pause', { reason: 'noTime' }),
      await anonymous.post('/api/profiles/me/unpause'),
      await anonymous.post('/api/profiles/me/disable', { reasons: ['noTime'] }),
      await anonymous.post('/api/profiles/me/privacy', { private: true }),
      await anonymous.post('/api/profiles/me/annual-confirmation', {
        companySize: 3,
        revenue: 'revenueMoreThanTen',
        capital: 'capitalMoreThanTen',
      }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: messages.notSignedIn } });
    }
  });

  it('answers an admin, who has no profile, with not-found on the own-profile routes', async () => {
    const admin = await signInAdmin(t);
    const response = await admin.client.get('/api/profiles/me');
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: profileTexts.profileNotFound });
  });
});
