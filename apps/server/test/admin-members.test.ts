import type { AdminMemberRow, AdminMembersResponse } from '@intergen/contracts';
import { matchingTexts, messages } from '@intergen/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, experts } from '../src/db/schema.ts';
import { acted, connectedPair } from './connections.support.ts';
import {
  type Client,
  fill,
  type Member,
  publishedMember,
  saveSection,
  signInAdmin,
  signUpMember,
  validSections,
  verifyEmail,
} from './factories.ts';
import { client, createTestApp, type Engine, engines, type TestApp, todayUtc } from './helpers.ts';

/** A word no other test's member carries, to search one test's members out of the shared database. */
let tags = 0;
function newTag(): string {
  tags += 1;
  return `Tg${`${Date.now().toString(36)}x${tags}`.toLowerCase()}`;
}

describe.each(engines)('the admin members console on %s', (engine: Engine) => {
  let t: TestApp;
  let admin: { client: Client; id: string; email: string };
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signInAdmin(t);
  });
  afterAll(() => t.close());

  const get = (query: Record<string, string | number> = {}) =>
    admin.client.get(
      `/api/admin/members?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
    );

  async function page(query: Record<string, string | number>): Promise<AdminMembersResponse> {
    const response = await get(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  /** Every page of a list, following the cursors; `between` runs after the first page. */
  async function allPages(query: Record<string, string | number>, between?: () => Promise<void>) {
    const rows: AdminMemberRow[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const p: AdminMembersResponse = await page(cursor ? { ...query, cursor } : query);
      rows.push(...p.members);
      if (pages === 0 && between) await between();
      cursor = p.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);
    return { rows, pages };
  }

  const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
  const member = (kind: 'expert' | 'company', name: string) => signUpMember(t.app, kind, name);

  it('answers only admins: 401 signed out, 403 for members', async () => {
    const m = await member('expert', 'Curious Member');
    const anonymous = await client(t.app).get('/api/admin/members');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toEqual({ code: 'UNAUTHENTICATED', message: messages.notSignedIn });
    const forbidden = await m.client.get('/api/admin/members?search=%00');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error).toEqual({ code: 'FORBIDDEN', message: messages.forbidden });
  });

  it('lists every member in the state the spec derives, unverified, half-way and admin-made states included', async () => {
    const tag = newTag();
    const named = (what: string) => `${what} ${tag}`;
    const empty = await member('expert', named('Empty'));
    const halfway = await member('company', named('Halfway'));
    await saveSection(t.app, halfway, 'basics', validSections.company.basics);
    // Complete but not verified: verifying would submit it (a company publishes).
    const complete = await member('company', named('Complete'));
    await fill(t.app, complete);
    const pending = await member('expert', named('Pending'));
    await fill(t.app, pending);
    await verifyEmail(t, pending);
    expect((await pending.client.post('/api/profiles/me/submit')).statusCode).toBe(200);
    const published = await publishedMember(t, 'expert', admin, named('Published'));
    const paused = await publishedMember(t, 'company', admin, named('Paused'));
    expect((await paused.client.post('/api/profiles/me/pause', { reason: 'noTime' })).statusCode).toBe(200);
    const deactivated = await publishedMember(t, 'expert', admin, named('Deactivated'));
    const off = await admin.client.post(`/api/admin/profiles/${deactivated.id}/deactivate`, {
      reason: 'Spam',
    });
    expect(off.statusCode, off.body).toBe(200);
    const disabled = await publishedMember(t, 'company', admin, named('Disabled'));
    const gone = await disabled.client.post('/api/profiles/me/disable', { reasons: ['noTime'] });
    expect(gone.statusCode, gone.body).toBe(200);

    const listed = await page({ search: tag, sort: 'name', order: 'asc', limit: 100 });
    expect(listed.total).toBe(8);
    const byId = new Map(listed.members.map((r) => [r.id, r]));
    const statusOf = (m: Member) => byId.get(m.id)?.status;
    expect({
      empty: statusOf(empty),
      halfway: statusOf(halfway),
      complete: statusOf(complete),
      pending: statusOf(pending),
      published: statusOf(published),
      paused: statusOf(paused),
      deactivated: statusOf(deactivated),
      disabled: statusOf(disabled),
    }).toEqual({
      empty: 'incomplete',
      halfway: 'incomplete',
      complete: 'complete',
      pending: 'pending',
      published: 'published',
      paused: 'paused',
      deactivated: 'inactive',
      disabled: 'disabled',
    });
    // The console's status is the one the member's own profile derives.
    for (const m of [empty, halfway, pending, paused, deactivated]) {
      const own = (await admin.client.get(`/api/admin/profiles/${m.id}`)).json().profile;
      expect(byId.get(m.id)?.status).toBe(own.status);
    }
    expect(byId.get(empty.id)).toEqual({
      id: empty.id,
      role: 'expert',
      name: named('Empty'),
      companyName: null,
      email: empty.email,
      emailVerified: false,
      status: 'incomplete',
      verified: false,
      private: false,
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
      publishDate: null,
      pausedDate: null,
      deactivatedDate: null,
      disabledDate: null,
      rating: { average: 0, count: 0 },
    });
    expect(byId.get(halfway.id)).toMatchObject({ role: 'company', companyName: 'Acme Robotics' });
    expect(byId.get(published.id)).toMatchObject({ publishDate: todayUtc(), emailVerified: true });
    expect(byId.get(paused.id)?.pausedDate).toBe(todayUtc());
    expect(byId.get(deactivated.id)?.deactivatedDate).toBe(todayUtc());
    expect(byId.get(disabled.id)?.disabledDate).toBe(todayUtc());
    for (const status of ['incomplete', 'pending', 'inactive', 'disabled'] as const) {
      const filtered = await page({ search: tag, status, limit: 100 });
      expect(filtered.members.every((r) => r.status === status)).toBe(true);
      expect(filtered.total).toBe(listed.members.filter((r) => r.status === status).length);
    }
    // Admin accounts without a profile are not members.
    expect((await page({ search: admin.email })).total).toBe(0);
  });

  it('filters by role, status, verified and private, and searches names, company names and e-mails', async () => {
    const tag = newTag();
    const verifiedExpert = await publishedMember(t, 'expert', admin, `Vera ${tag}`);
    expect((await admin.client.post(`/api/admin/profiles/${verifiedExpert.id}/verify`)).statusCode).toBe(200);
    const privateExpert = await publishedMember(t, 'expert', admin, `Priya ${tag}`);
    expect((await privateExpert.client.post('/api/profiles/me/privacy', { private: true })).statusCode).toBe(
      200,
    );
    const company = await member('company', `Carl ${tag}`);
    await t.database.db
      .update(companies)
      .set({ companyName: `Widgets ${tag.toUpperCase()} Inc` })
      .where(eq(companies.id, company.id));

    const of = async (query: Record<string, string>) =>
      ids((await page({ search: tag, limit: 100, ...query })).members).sort();
    const sorted = (...members: Member[]) => ids(members).sort();
    expect(await of({})).toEqual(sorted(verifiedExpert, privateExpert, company));
    expect(await of({ role: 'company' })).toEqual(sorted(company));
    expect(await of({ role: 'expert' })).toEqual(sorted(verifiedExpert, privateExpert));
    expect(await of({ status: 'published' })).toEqual(sorted(verifiedExpert, privateExpert));
    expect(await of({ verified: 'true' })).toEqual(sorted(verifiedExpert));
    expect(await of({ verified: 'false' })).toEqual(sorted(privateExpert, company));
    expect(await of({ private: 'true' })).toEqual(sorted(privateExpert));
    expect(await of({ private: 'false', role: 'expert' })).toEqual(sorted(verifiedExpert));

    // Search: any case, in the name, the company name (only in it) and the e-mail; wildcards taken literally.
    const search = async (text: string) => ids((await page({ search: text, limit: 100 })).members).sort();
    expect(await search(`  VERA ${tag.toUpperCase()} `)).toEqual(sorted(verifiedExpert));
    expect(await search(`widgets ${tag}`)).toEqual(sorted(company));
    expect(await search(privateExpert.email.toUpperCase())).toEqual(sorted(privateExpert));
    expect(await search(privateExpert.email.slice(0, -12))).toEqual(sorted(privateExpert));
    expect(await search(`%${tag}`)).toEqual([]);
    expect(await search(`${tag.slice(0, 3)}_${tag.slice(4)}`)).toEqual([]);
  });

  it('sorts by each column both ways, across pages', async () => {
    const tag = newTag();
    // Names in mixed case (sign-up capitalises them, so they are written here), distinct dates and ratings.
    const names = ['delta', 'Alpha', 'charlie', 'Bravo'];
    const made: Member[] = [];
    for (const _ of names) made.push(await member('expert', `Someone ${tag}`));
    const setRow = (i: number, row: Partial<typeof experts.$inferInsert>) =>
      t.database.db.update(experts).set(row).where(eq(experts.id, made[i]!.id));
    const day = (n: number) => new Date(Date.UTC(2024, 0, n, 12));
    const plan = [
      { createdAt: day(3), updatedAt: day(20), publishDate: day(10), averageRating: 4.5, numberOfRatings: 2 },
      { createdAt: day(1), updatedAt: day(22), publishDate: null, averageRating: 3, numberOfRatings: 1 },
      { createdAt: day(4), updatedAt: day(21), publishDate: day(8), averageRating: 4.5, numberOfRatings: 6 },
      { createdAt: day(2), updatedAt: day(23), publishDate: day(9), averageRating: 0, numberOfRatings: 0 },
    ];
    for (const [i, row] of plan.entries()) await setRow(i, { ...row, name: `${names[i]} ${tag}` });

    const expected: Record<string, string[]> = {
      name: ['Alpha', 'Bravo', 'charlie', 'delta'],
      createdAt: ['Alpha', 'Bravo', 'delta', 'charlie'],
      updatedAt: ['delta', 'charlie', 'Alpha', 'Bravo'],
      rating: ['Bravo', 'Alpha', 'delta', 'charlie'],
    };
    const nameOf = (r: AdminMemberRow) => r.name.split(' ')[0]!;
    for (const [sort, ascending] of Object.entries(expected)) {
      const asc = await allPages({ search: tag, sort, order: 'asc', limit: 2 });
      expect(asc.rows.map(nameOf), `${sort} asc`).toEqual(ascending);
      expect(asc.pages).toBe(2);
      const desc = await allPages({ search: tag, sort, order: 'desc', limit: 3 });
      expect(desc.rows.map(nameOf), `${sort} desc`).toEqual([...ascending].reverse());
    }
    // Never published counts as earliest: the latest published first, or the never published first.
    const publishAsc = await allPages({ search: tag, sort: 'publishDate', order: 'asc', limit: 1 });
    expect(publishAsc.rows.map(nameOf)).toEqual(['Alpha', 'charlie', 'Bravo', 'delta']);
    const publishDesc = await allPages({ search: tag, sort: 'publishDate', order: 'desc', limit: 3 });
    expect(publishDesc.rows.map(nameOf)).toEqual(['delta', 'Bravo', 'charlie', 'Alpha']);

    // E-mails: the sign-up addresses, in their own order.
    const byEmail = [...made].sort((a, b) => (a.email < b.email ? -1 : 1)).map((m) => m.id);
    expect(ids((await allPages({ search: tag, sort: 'email', order: 'asc', limit: 3 })).rows)).toEqual(
      byEmail,
    );
    expect(ids((await allPages({ search: tag, sort: 'email', order: 'desc', limit: 3 })).rows)).toEqual(
      [...byEmail].reverse(),
    );
  });

  it('pages of 12 by default return every member exactly once, even when members sign up between pages', async () => {
    const tag = newTag();
    const made: Member[] = [];
    for (let i = 0; i < 15; i++) made.push(await member(i % 3 ? 'expert' : 'company', `M${i} ${tag}`));
    const first = await page({ search: tag, sort: 'createdAt', order: 'desc' });
    expect(first.members).toHaveLength(12);
    expect(first.total).toBe(15);
    expect(first.nextCursor).toEqual(expect.any(String));

    let before: Member | undefined;
    let after: Member | undefined;
    const { rows, pages } = await allPages(
      { search: tag, sort: 'name', order: 'asc', limit: 4 },
      async () => {
        // One sorts before the page just read (it must not shift the next pages), one after (it comes once).
        before = await member('expert', `A0 ${tag}`);
        after = await member('company', `Z9 ${tag}`);
      },
    );
    expect(pages).toBe(4);
    const seen = ids(rows);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(ids(made)));
    expect(seen).not.toContain(before!.id);
    expect(seen.at(-1)).toBe(after!.id);
    expect(seen).toHaveLength(16);
    // The first page's cursor still leads to the 3 oldest: the 2 newer members sort before it. Later pages carry
    // no total; the last page no cursor.
    const second = await page({ search: tag, cursor: first.nextCursor! });
    expect(second.total).toBeNull();
    expect(second.nextCursor).toBeNull();
    expect(ids(second.members)).toEqual(ids(made.slice(0, 3)).reverse());
    expect(ids([...first.members, ...second.members]).sort()).toEqual(ids(made).sort());
  });

  it('shows the ratings each member received in reviews', async () => {
    const { expert, company, id } = await connectedPair(t);
    await acted(expert, id, 'survey', { rating: 4 });
    await acted(company, id, 'survey', { rating: 5 });
    const rows = (await page({ search: expert.email })).members;
    expect(rows.map((r) => r.rating)).toEqual([{ average: 5, count: 1 }]);
    const companyRows = (await page({ search: company.email })).members;
    expect(companyRows.map((r) => r.rating)).toEqual([{ average: 4, count: 1 }]);
    const top = (await page({ sort: 'rating', order: 'desc', limit: 1 })).members[0];
    expect(top?.rating.average).toBe(5);
  });

  it('answers bad queries with 400 and the field, never 500', async () => {
    const created = await page({ sort: 'name', order: 'asc', limit: 1 });
    const cursor = created.nextCursor!;
    const forged = (keys: unknown, sort = 'name') =>
      Buffer.from(JSON.stringify({ sort, order: sort === 'name' ? 'asc' : 'desc', keys })).toString(
        'base64url',
      );
    const bad: [Record<string, string>, string][] = [
      [{ status: 'sleeping' }, 'status'],
      [{ role: 'admin' }, 'role'],
      [{ verified: 'maybe' }, 'verified'],
      [{ private: '1' }, 'private'],
      [{ sort: 'password' }, 'sort'],
      [{ order: 'up' }, 'order'],
      [{ limit: '0' }, 'limit'],
      [{ limit: '101' }, 'limit'],
      [{ limit: 'many' }, 'limit'],
      [{ search: 'x'.repeat(101) }, 'search'],
      [{ search: 'a\u0000b' }, 'search'],
      [{ cursor: 'not a cursor' }, 'cursor'],
      [{ cursor, order: 'desc' }, 'cursor'],
      [{ cursor, sort: 'email', order: 'asc' }, 'cursor'],
      [{ cursor: forged(['a\u0000', 'b']), sort: 'name', order: 'asc' }, 'cursor'],
      [{ cursor: forged(['a']), sort: 'name', order: 'asc' }, 'cursor'],
      [{ cursor: forged([1, 2]), sort: 'name', order: 'asc' }, 'cursor'],
    ];
    for (const [query, field] of bad) {
      const response = await get(query);
      expect(response.statusCode, `${JSON.stringify(query)}: ${response.body}`).toBe(400);
      const error = response.json().error;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.details?.map((d: { path: string }) => d.path) ?? [], JSON.stringify(query)).toContain(
        field,
      );
    }
    // A cursor whose values do not read as the sort's types is the client's error too; a well-formed one works.
    for (const [sort, keys] of [
      ['createdAt', ['2024-01-01', 'id']],
      ['rating', ['4.5', '1e400', 'id']],
      ['rating', ['4.5', '99999999999', 'id']],
      ['publishDate', ['maybe', '0', 'id']],
    ] as const) {
      const response = await get({ cursor: forged(keys, sort), sort, order: 'desc' });
      expect(response.statusCode, `${sort} ${keys}`).toBe(400);
      expect(response.json().error.message).toBe(matchingTexts.badCursor);
    }
    expect((await get({ cursor: forged(['alpha', 'id']), sort: 'name', order: 'asc' })).statusCode).toBe(200);
    const micros = String(Date.UTC(2024, 0, 1) * 1000);
    expect((await get({ cursor: forged([micros, 'id'], 'createdAt'), sort: 'createdAt' })).statusCode).toBe(
      200,
    );
  });

  it('activates an incomplete profile back to incomplete so the member can finish, and a complete one as published', async () => {
    const draft = await member('company', 'Draft Deactivated');
    const off = await admin.client.post(`/api/admin/profiles/${draft.id}/deactivate`, { reason: 'Spam' });
    expect(off.statusCode).toBe(200);
    const back = await admin.client.post(`/api/admin/profiles/${draft.id}/activate`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().profile).toMatchObject({ status: 'incomplete', deactivatedDate: null });

    const complete = await publishedMember(t, 'company', admin, 'Complete Deactivated');
    await admin.client.post(`/api/admin/profiles/${complete.id}/deactivate`, { reason: 'Checking' });
    const activated = await admin.client.post(`/api/admin/profiles/${complete.id}/activate`);
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json().profile.status).toBe('published');
  });
});
