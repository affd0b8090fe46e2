import type { Advisor } from '@intergen/contracts';
import { networkTexts } from '@intergen/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acted as connectionActed, member, pair, sent, suggest } from './connections.support.ts';
import type { Member } from './factories.ts';
import { createTestApp, type Engine, engines, type TestApp } from './helpers.ts';
import { act, acted, connectTo, overviewOf, request, requested } from './network.support.ts';

describe.each(engines)('My Network views and profile access on %s', (engine: Engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // Community tab off: only a relationship lets one expert read another's profile.
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const expert = (name = `Expert ${crypto.randomUUID()}`, opts: { private?: boolean } = {}) =>
    member(t, 'expert', { name, ...opts });
  const profileOf = (viewer: Member, id: string) => viewer.client.get(`/api/profiles/${id}`);

  it('a requesting tie shows the profile without contact; connected shows contact; declined and cancelled nothing', async () => {
    const [a, b, c, d] = [await expert(), await expert(), await expert(), await expert()];
    expect((await profileOf(a, b.id)).statusCode).not.toBe(200);

    const r = await requested(a, b.id);
    for (const [viewer, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const response = await profileOf(viewer, other.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().profile.contact).toBeNull();
    }
    await acted(b, r.id, 'accept');
    expect((await profileOf(a, b.id)).json().profile.contact).toMatchObject({ email: b.email });
    expect((await profileOf(b, a.id)).json().profile.contact).toMatchObject({ email: a.email });

    const declined = await requested(c, d.id);
    await acted(d, declined.id, 'decline');
    expect((await profileOf(c, d.id)).statusCode).not.toBe(200);
    const cancelled = await requested(d, c.id);
    await acted(d, cancelled.id, 'cancel');
    expect((await profileOf(d, c.id)).statusCode).not.toBe(200);
  });

  it('counts: requests = network requests received + open connection requests received; ventures = connected companies', async () => {
    const p = await pair(t);
    const other = await member(t, 'company');
    const s2 = await suggest(t, p.expert, other);
    await sent(p.company, p.suggestionId);
    await sent(other, s2);
    await connectionActed(p.expert, s2, 'accept');
    const [x, y] = [await expert(), await expert()];
    await requested(x, p.expert.id);
    const ry = await requested(y, p.expert.id);
    await acted(p.expert, ry.id, 'accept');
    const o = await overviewOf(p.expert);
    expect(o.counts).toEqual({ requests: 2, advisors: 1, ventures: 1 });
    expect(o.received.map((r: { counterpart: { id: string } }) => r.counterpart.id)).toEqual([x.id]);
    // The company side: its received requests and its connected experts.
    expect((await overviewOf(other)).counts).toEqual({ requests: 0, advisors: 1, ventures: 0 });
    expect((await overviewOf(p.company)).counts).toEqual({ requests: 0, advisors: 0, ventures: 0 });
  });

  it('the search lists only published, public experts of the caller’s connected companies, not yet tied to them', async () => {
    const [co1, co2, co3] = [
      await member(t, 'company'),
      await member(t, 'company'),
      await member(t, 'company'),
    ];
    const me = await expert('Me Myself');
    await connectTo(t, me, [co1.id, co2.id]);
    const viaOne = await expert('Alice Shared');
    await connectTo(t, viaOne, [co3.id, co1.id]);
    const viaTwo = await expert('Bob Shared');
    await connectTo(t, viaTwo, [co2.id]);
    const stranger = await expert('Carol Stranger');
    await connectTo(t, stranger, [co3.id]);
    const hidden = await expert('Dan Private', { private: true });
    await connectTo(t, hidden, [co1.id]);
    const draft = await member(t, 'expert', { name: 'Eve Draft', status: 'draft' });
    await connectTo(t, draft, [co1.id]);
    const requestedAlready = await expert('Fay Requested');
    await connectTo(t, requestedAlready, [co2.id]);
    await requested(requestedAlready, me.id);

    const response = await me.client.get('/api/network/advisors');
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(page.advisors.map((a: Advisor) => [a.card.id, a.viaCompanyId])).toEqual([
      [viaOne.id, co1.id],
      [viaTwo.id, co2.id],
    ]);
    expect(page.nextCursor).toBeNull();
    const search = (await me.client.get('/api/network/advisors?searchText=BOB')).json();
    expect(search.advisors.map((a: Advisor) => a.card.id)).toEqual([viaTwo.id]);
    // Asked: out of the search.
    const r = await requested(me, viaTwo.id, co2.id);
    expect(r).toMatchObject({ viaCompanyId: co2.id, viaCompanyName: expect.any(String) });
    expect(r.viaCompanyName).not.toBe('');
    const after = (await me.client.get('/api/network/advisors')).json();
    expect(after.advisors.map((a: Advisor) => a.card.id)).toEqual([viaOne.id]);
    // An expert with no connected companies finds nobody.
    const lonely = await expert();
    expect((await lonely.client.get('/api/network/advisors')).json()).toEqual({
      advisors: [],
      nextCursor: null,
      everyoneAdded: false,
    });
  });

  it('pages the search by name with a cursor (no cap of 30 companies)', async () => {
    const companyIds = Array.from({ length: 40 }, () => crypto.randomUUID());
    const companies = [];
    for (let i = 0; i < 2; i++) companies.push(await member(t, 'company'));
    const me = await expert();
    await connectTo(t, me, [...companyIds, companies[1]!.id]);
    const names = ['Zed', 'Amy', 'Kim', 'Bea', 'Lou'];
    const ids: string[] = [];
    for (const name of names) {
      const e = await expert(`${name} Pager`);
      await connectTo(t, e, [companies[1]!.id]);
      ids.push(e.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/network/advisors?searchText=pager&pageSize=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await me.client.get(url)).json();
      expect(page.advisors.length).toBeLessThanOrEqual(2);
      seen.push(...page.advisors.map((a: Advisor) => a.card.name));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['Amy Pager', 'Bea Pager', 'Kim Pager', 'Lou Pager', 'Zed Pager']);

    // A cursor we did not hand out (here with a NUL byte the database cannot hold) starts over, never a 5xx.
    const forged = Buffer.from(JSON.stringify({ name: 'amy\u0000', id: 'x\u0000' })).toString('base64url');
    const restart = await me.client.get(`/api/network/advisors?searchText=pager&pageSize=2&cursor=${forged}`);
    expect(restart.statusCode, restart.body).toBe(200);
    expect(restart.json().advisors.map((a: Advisor) => a.card.name)).toEqual(['Amy Pager', 'Bea Pager']);
  });

  it('a duplicate request answers the spec’s message and the first request stays', async () => {
    const [a, b] = [await expert(), await expert()];
    const r = await requested(a, b.id);
    const again = await request(a, b.id);
    expect(again.json().error.message).toBe(networkTexts.duplicateRequest);
    expect((await act(b, r.id, 'accept')).statusCode).toBe(200);
  });
});
