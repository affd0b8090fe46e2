import type { AccountExport, AdminMemberActivity, AdminRequest, CrmBoardResponse } from '@intergen/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateUser } from '../src/modules/members/index.ts';
import { member, pair, sent } from './connections.support.ts';
import { type Client, signInAdmin } from './factories.ts';
import {
  client,
  codeIn,
  createTestApp,
  databaseUpTo,
  type Engine,
  engines,
  signUp,
  type TestApp,
} from './helpers.ts';
import { acted, connectTo, requested } from './network.support.ts';

/** A member's activity as an admin reads it. */
async function activityOf(admin: { client: Client }, id: string): Promise<AdminMemberActivity> {
  const response = await admin.client.get(`/api/admin/members/${id}/activity`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().activity as AdminMemberActivity;
}

describe.each(engines)('an admin’s view of one member’s activity on %s', (engine: Engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.app.worker.drain();
    await t.close();
  });

  it('gives the member’s dates, suggestion, sent and received request with state, and CRM deal', async () => {
    const admin = await signInAdmin(t);
    const p = await pair(t);
    const request = await sent(p.company, p.suggestionId, 'Hello');
    // The CRM deal is written by the worker from the request's event.
    await t.app.worker.drain();

    const read = async (id: string) => {
      const response = await admin.client.get(`/api/admin/members/${id}/activity`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().activity as AdminMemberActivity;
    };
    const company = await read(p.company.id);
    expect(company.dates.signedUp).toBeGreaterThan(0);
    expect(company.dates.emailVerified).toBe(true);
    // Verified outside the code's flow (as addresses verified before the date was kept): no date.
    expect(company.dates.emailVerifiedAt).toBeNull();
    expect(company.dates.published).not.toBeNull();
    expect(company.dates.lastSignIn).not.toBeNull();
    expect(company.dates.paused).toBeNull();
    expect(company.suggestions).toEqual([
      expect.objectContaining({
        id: p.suggestionId,
        counterpart: expect.objectContaining({ id: p.expert.id }),
      }),
    ]);
    expect(company.requests).toEqual([
      expect.objectContaining({
        id: request.id,
        direction: 'sent',
        state: 'open',
        counterpart: expect.objectContaining({ id: p.expert.id }),
      }),
    ]);
    expect(company.deals).toHaveLength(1);
    expect(company.deals[0]).toMatchObject({
      pipeline: 'connection',
      lostReason: null,
      counterpart: { id: p.expert.id },
    });
    expect(company.deals[0]!.stage).not.toBe('');
    expect(company.deals[0]!.counterpart.name).toBeTruthy();

    const expert = await read(p.expert.id);
    expect(expert.requests).toEqual([
      expect.objectContaining({ id: request.id, direction: 'received', state: 'open' }),
    ]);
    expect(expert.deals.map((d) => d.id)).toEqual(company.deals.map((d) => d.id));
    // A company has no My Network; an expert without requests has an empty one.
    expect(company.networkRequests).toBeNull();
    expect(expert.networkRequests).toEqual([]);
  });

  it('dates the e-mail verification: set when the code is typed, kept in the own export, cleared with the flag', async () => {
    const admin = await signInAdmin(t);
    const m = await signUp(t.app, { profileType: 'company', name: 'Vera Verified' });
    const unverified = await activityOf(admin, m.user.id);
    expect(unverified.dates).toMatchObject({ emailVerified: false, emailVerifiedAt: null });

    const [mail] = await t.mailTo(m.email);
    const before = Date.now();
    const verified = await m.client.post('/api/auth/email-verification/verify', { code: codeIn(mail!.text) });
    expect(verified.statusCode, verified.body).toBe(200);
    const after = Date.now();
    const { dates } = await activityOf(admin, m.user.id);
    expect(dates.emailVerified).toBe(true);
    // The database's clock, to the millisecond: allow for the rounding of either side.
    expect(dates.emailVerifiedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(dates.emailVerifiedAt).toBeLessThanOrEqual(after + 1000);

    const exported = await m.client.get('/api/account/export');
    expect(exported.statusCode, exported.body).toBe(200);
    expect((exported.json() as AccountExport).user).toMatchObject({
      emailVerified: true,
      emailVerifiedAt: dates.emailVerifiedAt,
    });

    // No route takes a verification back; the account's one writer clears the date with the flag.
    await updateUser(t.database.db, m.user.id, { emailVerified: false });
    expect((await activityOf(admin, m.user.id)).dates).toMatchObject({
      emailVerified: false,
      emailVerifiedAt: null,
    });
    await updateUser(t.database.db, m.user.id, { emailVerified: true });
    const again = (await activityOf(admin, m.user.id)).dates.emailVerifiedAt;
    expect(again).not.toBeNull();
    // Written again with the flag already set, the date stays the first one.
    await updateUser(t.database.db, m.user.id, { emailVerified: true, firstName: 'Vera' });
    expect((await activityOf(admin, m.user.id)).dates.emailVerifiedAt).toBe(again);

    // An admin account is made verified: as of its making.
    const adminExport = (await admin.client.get('/api/account/export')).json() as AccountExport;
    expect(adminExport.user.emailVerifiedAt).toEqual(expect.any(Number));
  });

  it('lists an expert’s sent and received My Network requests, newest first, with the company they came through', async () => {
    const admin = await signInAdmin(t);
    const company = await member(t, 'company', { name: 'Shared Ventures' });
    const me = await member(t, 'expert', { name: 'Nora Network' });
    const asked = await member(t, 'expert', { name: 'Otto Asked' });
    const asker = await member(t, 'expert', { name: 'Paula Asker' });
    await connectTo(t, me, [company.id]);
    await connectTo(t, asked, [company.id]);
    const out = await requested(me, asked.id, company.id);
    const incoming = await requested(asker, me.id);
    await acted(me, incoming.id, 'decline');

    const { networkRequests } = await activityOf(admin, me.id);
    expect(networkRequests).toEqual([
      {
        id: incoming.id,
        direction: 'received',
        state: 'declined',
        counterpart: { id: asker.id, name: 'Paula Asker' },
        via: null,
        sentAt: expect.any(Number),
      },
      {
        id: out.id,
        direction: 'sent',
        state: 'open',
        counterpart: { id: asked.id, name: 'Otto Asked' },
        via: { id: company.id, name: expect.any(String) },
        sentAt: expect.any(Number),
      },
    ]);
    expect(networkRequests![0]!.sentAt).toBeGreaterThanOrEqual(networkRequests![1]!.sentAt);
    expect((await activityOf(admin, asked.id)).networkRequests).toEqual([
      expect.objectContaining({ id: out.id, direction: 'received', state: 'open' }),
    ]);
    // The company they met through has no My Network of its own.
    expect((await activityOf(admin, company.id)).networkRequests).toBeNull();
  });

  it('the lists the page links to, searched by the member’s e-mail, hold that member’s rows', async () => {
    const admin = await signInAdmin(t);
    const p = await pair(t);
    const request = await sent(p.company, p.suggestionId, 'Hello');
    await t.app.worker.drain();
    const search = encodeURIComponent(p.expert.email);

    const suggestions = await admin.client.get(`/api/admin/suggestions?search=${search}`);
    expect(suggestions.statusCode, suggestions.body).toBe(200);
    expect(suggestions.json().rows.map((r: { id: string }) => r.id)).toEqual([p.suggestionId]);

    const requests = await admin.client.get(`/api/admin/requests?kind=connection&search=${search}`);
    expect(requests.statusCode, requests.body).toBe(200);
    expect((requests.json().rows as AdminRequest[]).map((r) => r.id)).toEqual([request.id]);

    const board = await admin.client.get(`/api/admin/crm/board?q=${search}`);
    expect(board.statusCode, board.body).toBe(200);
    const deals = (board.json() as CrmBoardResponse).columns.flatMap((c) => c.deals);
    expect(deals.map((d) => [d.first.memberId, d.second.memberId].sort())).toEqual([
      [p.company.id, p.expert.id].sort(),
    ]);
  });

  it('is for admins only: a member gets 403, no one signed in 401, an unknown id 404', async () => {
    const admin = await signInAdmin(t);
    const p = await pair(t);
    const refused = await p.company.client.get(`/api/admin/members/${p.expert.id}/activity`);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('suggestions');
    const expertRefused = await p.expert.client.get(`/api/admin/members/${p.expert.id}/activity`);
    expect(expertRefused.statusCode).toBe(403);
    expect(expertRefused.body).not.toContain('networkRequests');
    const anonymous = await client(t.app).get(`/api/admin/members/${p.expert.id}/activity`);
    expect(anonymous.statusCode).toBe(401);
    const unknown = await admin.client.get('/api/admin/members/nobody/activity');
    expect(unknown.statusCode).toBe(404);
  });
});

describe.each(engines)('the e-mail verification date backfill on %s', (engine: Engine) => {
  it('dates a verified address by its earliest verification in the audit log, and leaves the rest unknown', async () => {
    const db = await databaseUpTo(engine, '0027_analytics_retained');
    try {
      await db.query(
        `INSERT INTO users (id, email, name, first_name, last_name, kind, email_verified)
         SELECT id, id || '@example.com', id, id, id, 'expert', verified
         FROM (VALUES ('audited', true), ('untold', true), ('unverified', false)) AS u(id, verified)`,
      );
      await db.query(
        `INSERT INTO audit_log (actor_id, action, target, created_at) VALUES
           ('admin', 'crm.email.verify', 'audited', '2026-03-04T05:06:07.000Z'),
           ('admin', 'crm.email.verify', 'audited', '2026-05-01T00:00:00.000Z'),
           ('admin', 'crm.verification_code.send', 'untold', '2026-03-01T00:00:00.000Z'),
           ('admin', 'crm.email.verify', 'unverified', '2026-03-01T00:00:00.000Z')`,
      );

      await db.migrateRest();
      const rows = await db.query<{ id: string; at: string | null }>(
        `SELECT id, to_char(email_verified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS at
         FROM users ORDER BY id COLLATE "C"`,
      );
      expect(rows).toEqual([
        { id: 'audited', at: '2026-03-04 05:06:07' },
        { id: 'untold', at: null },
        { id: 'unverified', at: null },
      ]);
    } finally {
      await db.close();
    }
  });
});
