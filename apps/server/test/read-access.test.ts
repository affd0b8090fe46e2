import type { ProfileType } from '@intergen/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { companies, contactInfo, experts, mailbox, matchSuggestions, users } from '../src/db/schema.ts';
import { acted, sent, suggest } from './connections.support.ts';
import {
  type Client,
  fill,
  type Member,
  profileColumns,
  saveSection,
  signInAdmin,
  signUpMember,
  verifyEmail,
} from './factories.ts';
import { client, createTestApp, type Engine, engines, signIn, type TestApp, testConfig } from './helpers.ts';

/**
 * Who may read what, asserted over every GET route of the API and every member state (domain read-access.ts,
 * DESIGN.md §2). A world of members in each state with ties between some of them is built through the API;
 * then every member (and a signed-out browser) calls every GET route with every id, and each answer is searched
 * for every other member's marker texts. What a viewer may read of a member is restated here as a table, apart
 * from the code under test:
 *
 * | viewer's state                                    | scope     |
 * |---------------------------------------------------|-----------|
 * | new (unverified, empty), unverified, incomplete,  | none      |
 * | unpublished by an admin                           |           |
 * | pending (expert), paused                          | related   |
 * | published, private (published expert)            | community |
 *
 * | viewer → member                                                   | may read          |
 * |-------------------------------------------------------------------|-------------------|
 * | oneself, or an admin                                              | everything        |
 * | scope none                                                        | nothing           |
 * | the member disabled their account, was deactivated or unpublished | nothing           |
 * | connected (accepted request)                                      | profile + contact |
 * | a suggestion or request between them                              | profile           |
 * | community scope, flag on, member published and public, and not a  | profile           |
 * | company reading a company                                         |                   |
 * | otherwise                                                         | nothing           |
 *
 * Markers: the profile (id, name, about, company name), the contact details (e-mail, phone, LinkedIn, job title)
 * and what is the owner's and admins' only (how they heard of us, and the reasons of a pause or an unpublish).
 */

type State =
  | 'new'
  | 'unverified'
  | 'incomplete'
  | 'pending'
  | 'published'
  | 'private'
  | 'paused'
  | 'unpublished'
  | 'disabled'
  | 'deactivated';

type Scope = 'none' | 'related' | 'community';
type Level = 'none' | 'profile' | 'contact' | 'full';

const scopeOf: Record<State, Scope | null> = {
  new: 'none',
  unverified: 'none',
  incomplete: 'none',
  unpublished: 'none',
  pending: 'related',
  paused: 'related',
  published: 'community',
  private: 'community',
  // These cannot sign in.
  disabled: null,
  deactivated: null,
};
/** States whose profile nobody but its owner and admins may read, whatever ties them. */
const hiddenStates: readonly State[] = ['unpublished', 'disabled', 'deactivated'];

interface Actor {
  key: string;
  kind: ProfileType;
  state: State;
  member: Member;
  markers: { profile: string[]; contact: string[]; own: string[] };
}

const levelRank: Record<Level, number> = { none: 0, profile: 1, contact: 2, full: 3 };

describe.each(engines)('who may read what, over every GET route, on %s', (engine: Engine) => {
  let t: TestApp;
  /** The same database behind an app with the community tab off. */
  let flagOff: App;
  let admin: { client: Client; id: string; email: string };
  const actors = new Map<string, Actor>();
  /** Pairs that share a suggestion (and so maybe a request); `connected` once a request was accepted. */
  const ties: { a: string; b: string; connected: boolean }[] = [];
  let counter = 0;

  const actor = (key: string) => actors.get(key)!;

  /** A member signed up through the API, with marker texts of their own in every field. */
  async function signUpActor(key: string, kind: ProfileType, state: State): Promise<Actor> {
    counter += 1;
    const word = key.charAt(0).toUpperCase() + key.slice(1);
    const member = await signUpMember(t.app, kind, `Mx ${word}`);
    const phone = `5550${String(100000 + counter).slice(-6)}`;
    const a: Actor = {
      key,
      kind,
      state,
      member,
      markers: {
        profile: [member.id, `Mx ${word}`, `About${word}`, ...(kind === 'company' ? [`Co${word}`] : [])],
        contact: [
          member.email,
          phone,
          `linkedin.com/in/marker-${key.toLowerCase()}`,
          ...(kind === 'company' ? [`Title${word}`] : []),
        ],
        own: [`Referral${word}`],
      },
    };
    actors.set(key, a);
    return a;
  }

  /** Writes a complete profile with the actor's markers, verified, in the wanted publishing state. */
  async function completeProfile(
    a: Actor,
    opts: { published: boolean; pending?: boolean; private?: boolean },
  ) {
    const word = a.markers.profile[1]!.slice(3);
    const row = {
      hasBeenWelcomed: true,
      onboardingComplete: true,
      profileComplete: true,
      profilePublished: opts.published,
      profilePending: opts.pending ?? false,
      publishDate: opts.published ? new Date() : null,
      ...profileColumns(a.kind),
      about: `About${word}`,
      interGenData: { referral: true, referralText: `Referral${word}` },
      ...(a.kind === 'company' ? { companyName: `Co${word}` } : { private: opts.private ?? false }),
    };
    const table = a.kind === 'expert' ? experts : companies;
    await t.database.db
      .update(table)
      .set(row as never)
      .where(eq(table.id, a.member.id));
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, a.member.id));
    await t.database.db
      .update(contactInfo)
      .set({
        phone: a.markers.contact[1],
        linkedin: `https://www.linkedin.com/in/marker-${a.key.toLowerCase()}`,
        jobTitle: a.kind === 'company' ? `Title${word}` : null,
      })
      .where(eq(contactInfo.userId, a.member.id));
  }

  async function published(key: string, kind: ProfileType, state: State = 'published') {
    const a = await signUpActor(key, kind, state);
    await completeProfile(a, { published: true, private: state === 'private' });
    return a;
  }

  /** A suggestion between an expert and a company; with `request`, one side sends and maybe the other accepts. */
  async function tie(
    expertKey: string,
    companyKey: string,
    request?: { from: 'expert' | 'company'; accepted: boolean },
  ) {
    const expert = actor(expertKey);
    const company = actor(companyKey);
    const id = await suggest(t, expert.member, company.member);
    if (request) {
      const [sender, recipient] = request.from === 'expert' ? [expert, company] : [company, expert];
      await sent(sender.member, id, `A message from ${sender.key}`);
      if (request.accepted) await acted(recipient.member, id, 'accept');
    }
    ties.push({ a: expert.member.id, b: company.member.id, connected: request?.accepted ?? false });
  }

  const ok = (response: { statusCode: number; body: string }) => {
    expect(response.statusCode, response.body).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { COMMUNITY_TAB: 'true' });
    flagOff = await buildApp({
      config: testConfig({ COMMUNITY_TAB: 'false' }),
      database: t.database,
      printMail: () => {},
      logger: false,
    });
    await flagOff.ready();
    admin = await signInAdmin(t);

    // A company that signed up a minute ago: unverified, empty.
    await signUpActor('newcomer', 'company', 'new');
    // An expert who filled everything in but never entered the e-mail code.
    const unverified = await signUpActor('unverified', 'expert', 'unverified');
    await fill(t.app, unverified.member);
    // A verified company half-way through the wizard.
    const half = await signUpActor('halfway', 'company', 'incomplete');
    await verifyEmail(t, half.member);
    ok(await saveSection(t.app, half.member, 'basics', { about: 'AboutHalfway', companyName: 'CoHalfway' }));
    // An expert awaiting approval.
    const pending = await signUpActor('pending', 'expert', 'pending');
    await completeProfile(pending, { published: false, pending: true });

    await published('alpha', 'expert');
    await published('beta', 'expert');
    await published('hidden', 'expert', 'private');
    await published('pausedexpert', 'expert', 'paused');
    await published('quitter', 'expert', 'disabled');
    await published('gamma', 'company');
    await published('delta', 'company');
    await published('pausedcompany', 'company', 'paused');
    await published('banned', 'company', 'unpublished');
    await published('gone', 'company', 'deactivated');

    await tie('pending', 'gamma');
    await tie('alpha', 'delta', { from: 'company', accepted: false });
    await tie('beta', 'gamma', { from: 'expert', accepted: true });
    await tie('hidden', 'gamma');
    await tie('pausedexpert', 'delta', { from: 'expert', accepted: true });
    await tie('alpha', 'pausedcompany', { from: 'company', accepted: true });
    await tie('beta', 'banned', { from: 'company', accepted: true });
    await tie('quitter', 'gamma', { from: 'expert', accepted: true });
    await tie('alpha', 'gone');
    // The pending expert's request, held from the company until the approval.
    await tie('pending', 'delta', { from: 'expert', accepted: false });

    const pausedExpert = actor('pausedexpert');
    ok(
      await pausedExpert.member.client.post('/api/profiles/me/pause', {
        reason: 'other',
        text: 'PausePausedexpert',
      }),
    );
    pausedExpert.markers.own.push('PausePausedexpert');
    const pausedCompany = actor('pausedcompany');
    ok(
      await pausedCompany.member.client.post('/api/profiles/me/pause', {
        reason: 'other',
        text: 'PausePausedcompany',
      }),
    );
    pausedCompany.markers.own.push('PausePausedcompany');
    const banned = actor('banned');
    ok(
      await admin.client.post(`/api/admin/profiles/${banned.member.id}/unpublish`, {
        reason: 'UnpublishBanned',
      }),
    );
    banned.markers.own.push('UnpublishBanned');
    // Unpublishing signs the member out; they may sign in again.
    const again = await signIn(t.app, banned.member.email, banned.member.password);
    ok(again.response);
    banned.member.client = again.client;
    const quitter = actor('quitter');
    ok(await quitter.member.client.post('/api/profiles/me/disable', { reasons: [], text: 'DisableQuitter' }));
    quitter.markers.own.push('DisableQuitter');
    const gone = actor('gone');
    ok(
      await admin.client.post(`/api/admin/profiles/${gone.member.id}/deactivate`, {
        reason: 'DeactivateGone',
      }),
    );
    gone.markers.own.push('DeactivateGone');
    await t.app.worker.drain();
  }, 300_000);

  afterAll(async () => {
    await flagOff?.close();
    await t?.close();
  });

  /** What viewer `v` may read of member `x` (the table above). */
  function expectedLevel(v: Actor | 'admin' | 'anonymous', x: Actor, communityTab: boolean): Level {
    if (v === 'admin') return 'full';
    if (v === 'anonymous') return 'none';
    if (v === x) return 'full';
    const scope = scopeOf[v.state];
    if (scope === null || scope === 'none') return 'none';
    if (hiddenStates.includes(x.state)) return 'none';
    const tied = ties.find(
      (p) => (p.a === v.member.id && p.b === x.member.id) || (p.b === v.member.id && p.a === x.member.id),
    );
    if (tied?.connected) return 'contact';
    if (tied) return 'profile';
    const inCommunity =
      communityTab &&
      scope === 'community' &&
      x.state === 'published' &&
      !(v.kind === 'company' && x.kind === 'company');
    return inCommunity ? 'profile' : 'none';
  }

  /** Every GET route of the API (from its OpenAPI document) with every value of its parameters. */
  async function getRequests(): Promise<string[]> {
    const doc = t.app.swagger() as {
      paths: Record<
        string,
        Record<string, { parameters?: { in: string; name: string; required?: boolean }[] }>
      >;
    };
    const suggestionIds = (
      await t.database.db.select({ id: matchSuggestions.id }).from(matchSuggestions)
    ).map((r) => r.id);
    const mailIds = (await t.database.db.select({ id: mailbox.id }).from(mailbox).limit(2)).map((r) => r.id);
    const memberIds = [...actors.values()].map((a) => a.member.id);
    const ids = [...memberIds, ...suggestionIds, ...mailIds, admin.id, 'no-such-id'];
    const of = (kind: ProfileType) =>
      [...actors.values()].filter((a) => a.kind === kind).map((a) => a.member.id);
    const pairs = of('expert').flatMap((e) => of('company').map((c) => `expertId=${e}&companyId=${c}`));
    /** Required query strings of the routes that have them. */
    const queries: Record<string, string[]> = {
      '/api/admin/matching/preview': pairs,
      '/api/admin/matching/candidates': ['kind=expert', 'kind=company', 'kind=company&search=co'],
    };
    /** Optional ones worth trying: whole lists, not their first page. */
    const optional: Record<string, string[]> = {
      '/api/matching/experts': ['pageSize=50'],
      '/api/matching/experts-for-company': ['pageSize=50'],
      '/api/matching/companies': ['pageSize=50', 'pageSize=50&searchText=mx'],
      '/api/admin/mailbox': ['limit=100'],
    };
    // A stream of topic names, never data: it is not a request that ends.
    const skipped = new Set(['/api/events']);
    const urls: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      const get = operations.get;
      if (!get || skipped.has(path)) continue;
      const params = get.parameters ?? [];
      for (const p of params) {
        if (p.in === 'path' && p.name !== 'id') throw new Error(`${path}: no values known for :${p.name}`);
        if (p.in === 'query' && p.required && !queries[path])
          throw new Error(`${path}: no values for ?${p.name}`);
      }
      const paths = path.includes('{id}')
        ? ids.map((id) => path.replace('{id}', encodeURIComponent(id)))
        : [path];
      const qs = queries[path] ?? ['', ...(optional[path] ?? [])];
      for (const p of paths) for (const q of qs) urls.push(q ? `${p}?${q}` : p);
    }
    return urls;
  }

  const levelsAbove = (a: Actor, level: Level): string[] => {
    if (level === 'full') return [];
    if (level === 'contact') return a.markers.own;
    if (level === 'profile') return [...a.markers.contact, ...a.markers.own];
    return [...a.markers.profile, ...a.markers.contact, ...a.markers.own];
  };

  describe.each([true, false])('with the community tab %s', (communityTab) => {
    const viewers = () => [
      ...[...actors.values()].filter((a) => scopeOf[a.state] !== null),
      'admin' as const,
      'anonymous' as const,
    ];

    it('answers no member anything the table does not allow, in the UI or in the JSON', async () => {
      const app = communityTab ? t.app : flagOff;
      const urls = await getRequests();
      const leaks: string[] = [];
      for (const v of viewers()) {
        const c = v === 'admin' ? admin.client : v === 'anonymous' ? client(app) : v.member.client;
        const name = typeof v === 'string' ? v : v.key;
        for (const url of urls) {
          const response = await app.inject({
            method: 'GET',
            url,
            headers: c.cookies.size
              ? { cookie: [...c.cookies].map(([k, val]) => `${k}=${val}`).join('; ') }
              : {},
          });
          // Readiness answers 503 by design when the outbox waits (no worker runs here); its body is still read.
          if (url !== '/api/ready') expect(response.statusCode, `${name} GET ${url}`).toBeLessThan(500);
          for (const x of actors.values()) {
            if (typeof v !== 'string' && v === x) continue;
            for (const marker of levelsAbove(x, expectedLevel(v, x, communityTab))) {
              if (response.body.includes(marker)) leaks.push(`${name} GET ${url} → ${x.key}: ${marker}`);
            }
          }
        }
      }
      expect(leaks).toEqual([]);
    }, 600_000);

    it('lets every member read exactly the profiles the table allows, contact details included', async () => {
      const app = communityTab ? t.app : flagOff;
      const wrong: string[] = [];
      for (const v of viewers()) {
        const c = v === 'admin' ? admin.client : v === 'anonymous' ? client(app) : v.member.client;
        const name = typeof v === 'string' ? v : v.key;
        for (const x of actors.values()) {
          const response = await app.inject({
            method: 'GET',
            url: `/api/profiles/${x.member.id}`,
            headers: c.cookies.size
              ? { cookie: [...c.cookies].map(([k, val]) => `${k}=${val}`).join('; ') }
              : {},
          });
          const level = expectedLevel(v, x, communityTab);
          const got: Level =
            response.statusCode !== 200
              ? 'none'
              : response.json().profile.contact
                ? levelRank[level] === levelRank.full
                  ? 'full'
                  : 'contact'
                : 'profile';
          const expectedStatus =
            level !== 'none'
              ? 200
              : v === 'anonymous'
                ? 401
                : typeof v !== 'string' && scopeOf[v.state] === 'none'
                  ? 403
                  : 404;
          if (got !== level || response.statusCode !== expectedStatus) {
            wrong.push(
              `${name} → ${x.key}: expected ${level} (${expectedStatus}), got ${got} (${response.statusCode})`,
            );
          }
          if (level !== 'none' && response.statusCode === 200) {
            expect(response.json().profile.name).toBe(x.markers.profile[1]);
          }
        }
      }
      expect(wrong).toEqual([]);
    }, 300_000);
  });
});
