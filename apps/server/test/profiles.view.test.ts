import { displayedRating, messages, profileTexts } from '@intergen/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { experts } from '../src/db/schema.ts';
import {
  type Client,
  fill,
  type Member,
  publishedMember,
  signInAdmin,
  signUpMember,
  validSections,
  verifyEmail,
} from './factories.ts';
import { client, type Engine, engines } from './helpers.ts';
import { useAdmin, useTestApp } from './suite.ts';

describe.each(engines)('profile pages on %s', (engine: Engine) => {
  let expert: Member;
  let company: Member;
  let pendingExpert: Member;
  let draftCompany: Member;
  // The community tab on: a published member reads published counterparts through the community.
  const t = useTestApp(engine, { COMMUNITY_TAB: 'true' });
  const admin = useAdmin(t);
  beforeAll(async () => {
    expert = await publishedMember(t, 'expert', admin, 'Ada Lovelace');
    company = await publishedMember(t, 'company', admin, 'Grace Hopper');
    pendingExpert = await signUpMember(t.app, 'expert', 'Pending Person');
    await fill(t.app, pendingExpert);
    await verifyEmail(t, pendingExpert);
    await pendingExpert.client.post('/api/profiles/me/submit');
    draftCompany = await signUpMember(t.app, 'company', 'Draft Company');
  });

  const view = (c: Client, id: string) => c.get(`/api/profiles/${id}`);

  it('shows a published profile to another member without contact details or how they heard of us', async () => {
    const response = await view(expert.client, company.id);
    expect(response.statusCode).toBe(200);
    const profile = response.json().profile;
    expect(profile).toMatchObject({
      id: company.id,
      kind: 'company',
      name: 'Grace Hopper',
      isOwn: false,
      status: 'published',
      contact: null,
      rating: null,
      data: {
        companyName: validSections.company.basics.companyName,
        website: validSections.company.basics.website,
      },
    });
    for (const field of ['phone', 'jobTitle', 'linkedin', 'interGenData']) {
      expect(profile.data).not.toHaveProperty(field);
    }
    expect(response.body).not.toContain(validSections.company.basics.linkedin);
    expect(response.body).not.toContain(validSections.company.basics.interGenData.referralText);
    expect(response.body).not.toContain('5559876543');
    expect(response.body).not.toContain(company.email);
    expect(response.body).not.toContain(validSections.company.basics.jobTitle);

    const other = (await view(company.client, expert.id)).json().profile;
    expect(other).toMatchObject({ kind: 'expert', isOwn: false, contact: null });
    for (const field of ['phone', 'linkedin', 'interGenData']) expect(other.data).not.toHaveProperty(field);
  });

  it('shows the owner their own page with contact details', async () => {
    const profile = (await view(company.client, company.id)).json().profile;
    expect(profile).toMatchObject({
      isOwn: true,
      contact: {
        email: company.email,
        phone: '5559876543',
        linkedin: validSections.company.basics.linkedin,
        jobTitle: validSections.company.basics.jobTitle,
      },
    });
    expect(profile.data).not.toHaveProperty('phone');
    expect(profile.data).not.toHaveProperty('linkedin');
  });

  it('shows an admin any profile with contact details', async () => {
    for (const member of [expert, pendingExpert, draftCompany]) {
      const response = await view(admin.client, member.id);
      expect(response.statusCode).toBe(200);
      expect(response.json().profile).toMatchObject({ isOwn: false, contact: { email: member.email } });
    }
  });

  it('hides unpublished profiles from other members exactly like an unknown id', async () => {
    for (const id of [pendingExpert.id, draftCompany.id, 'no-such-profile']) {
      const response = await view(company.client, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'NOT_FOUND', message: profileTexts.profileNotFound },
      });
    }
    expect((await view(pendingExpert.client, pendingExpert.id)).json().profile).toMatchObject({
      isOwn: true,
      status: 'pending',
    });
    expect((await view(draftCompany.client, draftCompany.id)).json().profile.status).toBe('incomplete');
  });

  it('answers 404 for an admin account id, which has no profile', async () => {
    const another = await signInAdmin(t);
    expect((await view(company.client, another.id)).statusCode).toBe(404);
  });

  it('answers 401 to a signed-out browser', async () => {
    const response = await view(client(t.app), company.id);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({ code: 'UNAUTHENTICATED', message: messages.notSignedIn });
  });

  it('shows a rating only from 5 reviews, rounded to the nearest half star', async () => {
    await t.database.db
      .update(experts)
      .set({ averageRating: 4.3, numberOfRatings: 4 })
      .where(eq(experts.id, expert.id));
    expect((await view(company.client, expert.id)).json().profile.rating).toBeNull();
    await t.database.db
      .update(experts)
      .set({ averageRating: 4.3, numberOfRatings: 5 })
      .where(eq(experts.id, expert.id));
    const rating = (await view(company.client, expert.id)).json().profile.rating;
    expect(rating).toEqual(displayedRating(4.3, 5));
    expect(rating).toEqual({ stars: 4.5, count: 5 });
  });
});
