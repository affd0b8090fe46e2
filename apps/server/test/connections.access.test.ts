import { profileTexts } from '@intergen/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, experts } from '../src/db/schema.ts';
import { acted, bucketsOf, contactOf, member, pair, sent } from './connections.support.ts';
import type { Client, Member } from './factories.ts';
import { client, type Engine, engines } from './helpers.ts';
import { useAdmin, useTestApp } from './suite.ts';

type State = 'suggested' | 'requested' | 'accepted' | 'cancelled';
type ViewerName = 'expert' | 'company' | 'third expert' | 'third company' | 'admin' | 'anonymous';
const states: State[] = ['suggested', 'requested', 'accepted', 'cancelled'];
const viewers: ViewerName[] = ['expert', 'company', 'third expert', 'third company', 'admin', 'anonymous'];

describe.each(engines)('read access and contact details on %s', (engine: Engine) => {
  let thirdExpert: Member;
  let thirdCompany: Member;
  /** One expert–company pair per state. */
  const pairs = {} as Record<State, { expert: Member; company: Member; id: string }>;

  // The community tab on: third members read published counterparts through the community lists' modals.
  const t = useTestApp(engine, { COMMUNITY_TAB: 'true' });
  const admin = useAdmin(t);
  beforeAll(async () => {
    thirdExpert = await member(t, 'expert', { name: 'Third Expert' });
    thirdCompany = await member(t, 'company', { name: 'Third Company' });
    for (const state of states) {
      const p = await pair(t);
      if (state !== 'suggested') await sent(p.company, p.suggestionId, 'Hello');
      if (state === 'accepted') await acted(p.expert, p.suggestionId, 'accept');
      if (state === 'cancelled') await acted(p.company, p.suggestionId, 'cancel');
      pairs[state] = { expert: p.expert, company: p.company, id: p.suggestionId };
    }
  });

  const clientOf = (name: ViewerName, state: State): Client => {
    switch (name) {
      case 'expert':
        return pairs[state].expert.client;
      case 'company':
        return pairs[state].company.client;
      case 'third expert':
        return thirdExpert.client;
      case 'third company':
        return thirdCompany.client;
      case 'admin':
        return admin.client;
      case 'anonymous':
        return client(t.app);
    }
  };

  /** The rule under test: owners and admins always, the other party only once connected. */
  const expectedContact = (viewer: ViewerName, target: 'expert' | 'company', state: State) =>
    viewer === 'admin' ||
    viewer === target ||
    (state === 'accepted' && (viewer === 'expert' || viewer === 'company'));

  describe.each(states)('when the pair is %s', (state) => {
    it.each(viewers)('the %s sees contact details exactly when allowed', async (viewer) => {
      for (const target of ['expert', 'company'] as const) {
        const owner = pairs[state][target];
        const response = await clientOf(viewer, state).get(`/api/profiles/${owner.id}`);
        if (viewer === 'anonymous') {
          expect(response.statusCode).toBe(401);
          continue;
        }
        if (viewer === 'third company' && target === 'company') {
          // Companies never read other companies' profiles.
          expect(response.statusCode, `${viewer} → ${target}`).toBe(404);
          continue;
        }
        expect(response.statusCode, `${viewer} → ${target}`).toBe(200);
        const { contact } = response.json().profile;
        if (expectedContact(viewer, target, state)) {
          expect(contact, `${viewer} → ${target}`).toEqual({
            email: owner.email,
            phone: contactOf[target].phone,
            linkedin: contactOf[target].linkedin,
            jobTitle: contactOf[target].jobTitle,
          });
        } else {
          expect(contact, `${viewer} → ${target}`).toBeNull();
          expect(response.body).not.toContain(owner.email);
          expect(response.body).not.toContain(contactOf[target].phone);
        }
      }
    });
  });

  it('shows contact details in the request view only once accepted', async () => {
    for (const state of ['requested', 'accepted'] as const) {
      const { expert, company, id } = pairs[state];
      const expertView = (await expert.client.get(`/api/connections/${id}`)).json().request;
      const companyView = (await company.client.get(`/api/connections/${id}`)).json().request;
      if (state === 'accepted') {
        expect(expertView.contact).toEqual({
          email: company.email,
          phone: contactOf.company.phone,
          linkedin: contactOf.company.linkedin,
          jobTitle: contactOf.company.jobTitle,
        });
        expect(companyView.contact).toMatchObject({ email: expert.email, phone: contactOf.expert.phone });
      } else {
        expect(expertView.contact).toBeNull();
        expect(companyView.contact).toBeNull();
      }
    }
    // A third member cannot see the request at all.
    const response = await thirdCompany.client.get(`/api/connections/${pairs.accepted.id}`);
    expect(response.statusCode).toBe(404);
    expect((await bucketsOf(thirdCompany)).unrated).toEqual([]);
  });

  it('cancelling takes the contact details away again (access is derived, nothing to revoke)', async () => {
    const p = await pair(t);
    await sent(p.expert, p.suggestionId);
    const before = await p.company.client.get(`/api/profiles/${p.expert.id}`);
    expect(before.json().profile.contact).toBeNull();
    await acted(p.expert, p.suggestionId, 'cancel');
    const after = await p.company.client.get(`/api/profiles/${p.expert.id}`);
    // The suggestion remains (it is back in both lists), so the profile stays readable; contact never was.
    expect(after.statusCode).toBe(200);
    expect(after.json().profile.contact).toBeNull();
  });

  it('lets the other party of a suggestion read a private or unpublished profile, and no one else', async () => {
    const p = await pair(t, { expert: { private: true } });
    await t.database.db
      .update(companies)
      .set({ profilePublished: false, pausedDate: new Date(), pauseReason: 'Busy' })
      .where(eq(companies.id, p.company.id));
    expect((await p.company.client.get(`/api/profiles/${p.expert.id}`)).statusCode).toBe(200);
    expect((await p.expert.client.get(`/api/profiles/${p.company.id}`)).statusCode).toBe(200);
    for (const [viewer, target] of [
      [thirdCompany, p.expert],
      [thirdExpert, p.company],
    ] as const) {
      const response = await viewer.client.get(`/api/profiles/${target.id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(profileTexts.profileNotFound);
    }
    // A pending expert is readable by the company of its suggestion too.
    const pending = await pair(t, { expert: { status: 'pending' } });
    expect((await pending.company.client.get(`/api/profiles/${pending.expert.id}`)).statusCode).toBe(200);
    expect((await thirdCompany.client.get(`/api/profiles/${pending.expert.id}`)).statusCode).toBe(404);
  });

  it('keeps contact details between connected parties after the connection is closed', async () => {
    const { expert, company, id } = pairs.accepted;
    await acted(company, id, 'close');
    const response = await company.client.get(`/api/profiles/${expert.id}`);
    expect(response.json().profile.contact).toMatchObject({ email: expert.email });
    await t.database.db.update(experts).set({ private: true }).where(eq(experts.id, expert.id));
    expect((await company.client.get(`/api/profiles/${expert.id}`)).json().profile.contact).toMatchObject({
      email: expert.email,
    });
  });
});
