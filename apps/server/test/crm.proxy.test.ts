import { crmErrors, dealStages, messages, networkStages } from '@intergen/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { crmDeals } from '../src/db/schema.ts';
import { connectedPair, member } from './connections.support.ts';
import { proxyCall } from './crm.support.ts';

import { type Engine, engines } from './helpers.ts';
import { useAdmin, useTestApp } from './suite.ts';

const serviceToken = 'a-service-credential-of-32-chars!';

/**
 * The CRM proxy's calls at the spec's paths (spec 001 §7), for a service credential and for admins, with the
 * error catalogue of 001 §8 verbatim. Nothing a refused call names is stored.
 */
describe.each(engines)('the CRM proxy on %s', (engine: Engine) => {
  const t = useTestApp(engine, { CRM_SERVICE_TOKEN: serviceToken });
  const admin = useAdmin(t);

  const service = (path: string, body: unknown, token = serviceToken) => proxyCall(t.app, token, path, body);
  const refused = (r: { statusCode: number; json: () => { error: { message: string } } }) => [
    r.statusCode,
    r.json().error.message,
  ];

  /** Every call of spec 001 §7, with the field a failure sets and its failure value. */
  const paths: [string, Record<string, unknown>][] = [
    ['/hubspot/deal/create/', { result: -1 }],
    ['/hubspot/deal/update/', { result: false }],
    ['/hubspot/deal/my-network/create/', { result: -1 }],
    ['/hubspot/deal/my-network/update/', { result: false }],
    ...['company', 'expert'].flatMap((kind) =>
      ['exists', 'create', 'update'].map((a): [string, Record<string, unknown>] => [
        `/hubspot/${kind}/${a}/`,
        { result: false },
      ]),
    ),
    ['/hubspot/contact/emailVerificationCode', { result: false, reachable: true }],
    ['/hubspot/contact/verifyEmail', { result: false }],
    ['/hubspot/contact/profiletype', { hasContactProfileType: false }],
    ['/hubspot/loginOneTime', { success: false }],
  ];

  it('checks the caller before the body on every path, and answers the spec’s failure shape', async () => {
    const failure = (field: Record<string, unknown>, code: string, message: string) => ({
      ...field,
      message,
      error: { code, message },
    });
    for (const [path, field] of paths) {
      for (const p of [path, path.replace(/\/$/, '')]) {
        const short = await service(p, {}, 'short');
        expect([p, short.statusCode, short.json()]).toEqual([
          p,
          401,
          failure(field, 'UNAUTHENTICATED', crmErrors.invalidOverrideAuthCode),
        ]);
        const wrong = await service(p, {}, 'x'.repeat(40));
        expect([p, wrong.statusCode, wrong.json()]).toEqual([
          p,
          401,
          failure(field, 'UNAUTHENTICATED', crmErrors.unauthorized),
        ]);
        const none = await t.app.inject({ method: 'POST', url: p, payload: {} });
        expect([p, none.statusCode, none.json()]).toEqual([
          p,
          401,
          failure(field, 'UNAUTHENTICATED', crmErrors.unauthorized),
        ]);
        // Past the credential, the body is checked: a field list, still in the call's failure shape.
        const bad = await service(p, { email: 7, id: 7, dealId: 7, expert: 7, initiator: 7, isExpert: 'x' });
        expect([p, bad.statusCode, bad.json()]).toMatchObject([
          p,
          400,
          { ...field, error: { code: 'VALIDATION_FAILED' } },
        ]);
        expect(bad.json().message).toBe(bad.json().error.message);
      }
    }
    // A path the proxy does not have: the caller first, then a 400.
    expect((await service('/hubspot/nothing/', {}, 'short')).statusCode).toBe(401);
    const unknown = await service('/hubspot/nothing/', {});
    expect([unknown.statusCode, unknown.json().result]).toEqual([400, false]);
  });

  it('refuses a short override code, a wrong one, no credential and a member; admits the service and admins', async () => {
    const m = await member(t, 'company');
    expect(refused(await service('/hubspot/company/exists/', { id: m.id }, 'short'))).toEqual([
      401,
      crmErrors.invalidOverrideAuthCode,
    ]);
    expect(refused(await service('/hubspot/company/exists/', { id: m.id }, 'x'.repeat(28)))).toEqual([
      401,
      crmErrors.unauthorized,
    ]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/hubspot/company/exists/',
      payload: { id: m.id },
    });
    expect(refused(anonymous)).toEqual([401, crmErrors.unauthorized]);
    expect(refused(await m.client.post('/hubspot/company/exists/', { id: m.id }))).toEqual([
      401,
      crmErrors.unauthorized,
    ]);
    expect((await service('/hubspot/company/exists/', { id: m.id })).json()).toEqual({ result: false });
    expect((await admin.client.post('/hubspot/company/exists', { id: m.id })).json()).toEqual({
      result: false,
    });
  });

  it('records an admin’s writes through the proxy in the audit log, naming the members as they were', async () => {
    const expert = await member(t, 'expert', { name: 'Audited Expert' });
    const company = await member(t, 'company', { name: 'Audited Company' });
    const peer = await member(t, 'expert', { name: 'Audited Peer' });
    const call = async (path: string, body: object) => {
      const r = await admin.client.post(path, body);
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    await call('/hubspot/expert/create/', { id: expert.id });
    const connection = { expert: expert.id, venture: company.id, stage: dealStages.pending };
    const dealId = (await call('/hubspot/deal/create/', connection)).result;
    await call('/hubspot/deal/update/', { dealId, stage: dealStages.complete });
    const network = { initiator: expert.id, recipient: peer.id, stage: networkStages.requested };
    const networkDeal = (await call('/hubspot/deal/my-network/create/', network)).result;
    await call('/hubspot/loginOneTime', {
      email: expert.email,
      idToLogin: expert.id,
      dealId,
      redirect: '/dashboard',
    });
    // Reads are not recorded; nor is a refused write.
    await call('/hubspot/expert/exists/', { id: expert.id });
    expect(
      (await admin.client.post('/hubspot/deal/update/', { dealId: 'none', stage: 'x' })).statusCode,
    ).toBe(400);
    // The record keeps the names and e-mails of the time.
    await t.database.query(`UPDATE users SET name = 'Renamed Later' WHERE id = $1`, [expert.id]);

    const entries = (await admin.client.get('/api/admin/audit')).json().entries as {
      action: string;
      target: string;
      actor: { id: string } | null;
      details: { path: string; members: { id: string; name: string; email: string }[]; dealId?: string };
    }[];
    const crmEntries = entries.filter((e) => e.action.startsWith('crm.')).reverse();
    const named = (m: { id: string; email: string }, name: string) => ({ id: m.id, name, email: m.email });
    const x = named(expert, 'Audited Expert');
    // A member as the target is named as well, as the audit log names every member target.
    const asTarget = { targetName: 'Audited Expert', targetEmail: expert.email };
    expect(crmEntries.map((e) => [e.action, e.target, e.details])).toEqual([
      ['crm.contact.create', expert.id, { path: '/hubspot/expert/create/', members: [x], ...asTarget }],
      [
        'crm.deal.create',
        dealId,
        { path: '/hubspot/deal/create/', members: [x, named(company, 'Audited Company')], dealId },
      ],
      ['crm.deal.update', dealId, { path: '/hubspot/deal/update/', members: [], dealId }],
      [
        'crm.network_deal.create',
        networkDeal,
        {
          path: '/hubspot/deal/my-network/create/',
          members: [x, named(peer, 'Audited Peer')],
          dealId: networkDeal,
        },
      ],
      ['crm.one_time_link.send', expert.id, { path: '/hubspot/loginOneTime', members: [x], ...asTarget }],
    ]);
    // The service's own calls are the app's, not an admin's: not in the admins' record.
    const before = crmEntries.length;
    await service('/hubspot/expert/update/', { id: expert.id });
    const after = (await admin.client.get('/api/admin/audit'))
      .json()
      .entries.filter((e: { action: string }) => e.action.startsWith('crm.'));
    expect(after.length).toBe(before);
  });

  it('an admin’s move of a deal the app made names its two parties', async () => {
    const p = await connectedPair(t, 'expert');
    await t.app.worker.drain();
    const [row] = await t.database.db.select().from(crmDeals).where(eq(crmDeals.dealKey, p.id));
    const moved = await admin.client.post('/hubspot/deal/update/', {
      dealId: row!.id,
      stage: dealStages.closed,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [entry] = (await admin.client.get('/api/admin/audit?action=crm.deal.update')).json().entries;
    expect(entry).toMatchObject({ target: row!.id });
    expect(entry.details.members.map((m: { id: string; email: string }) => [m.id, m.email])).toEqual([
      [p.expert.id, p.expert.email],
      [p.company.id, p.company.email],
    ]);
  });

  it('creates and updates contacts; exists answers per kind', async () => {
    const expert = await member(t, 'expert', { name: 'Proxy Expert' });
    expect((await service('/hubspot/expert/update/', { id: expert.id })).json().error.message).toBe(
      crmErrors.contactsMissing,
    );
    expect((await service('/hubspot/expert/create/', { id: expert.id })).json()).toEqual({ result: true });
    expect((await service('/hubspot/expert/exists/', { id: expert.id })).json()).toEqual({ result: true });
    expect((await service('/hubspot/company/exists/', { id: expert.id })).json()).toEqual({ result: false });
    expect((await service('/hubspot/expert/update/', { id: expert.id })).json()).toEqual({ result: true });
    expect(refused(await service('/hubspot/company/create/', { id: expert.id }))).toEqual([
      400,
      crmErrors.ventureNotFound,
    ]);
  });

  it('creates a connection deal and moves it, with the catalogue’s refusals', async () => {
    const expert = await member(t, 'expert');
    const company = await member(t, 'company');
    const create = (body: object) => service('/hubspot/deal/create/', body);
    expect(
      refused(await create({ expert: expert.id, venture: expert.id, stage: dealStages.pending })),
    ).toEqual([400, crmErrors.sameParties]);
    expect(refused(await create({ expert: expert.id, venture: company.id, stage: 'Nowhere' }))).toEqual([
      400,
      crmErrors.stageDoesNotExist,
    ]);
    expect(
      refused(await create({ expert: expert.id, venture: company.id, stage: dealStages.abandoned })),
    ).toEqual([400, crmErrors.lostReasonRequired]);
    expect(
      refused(
        await create({
          expert: expert.id,
          venture: company.id,
          stage: dealStages.pending,
          reason: 'expert_cancelled_request_to_venture',
        }),
      ),
    ).toEqual([400, crmErrors.invalidDealReason]);
    expect(
      refused(await create({ expert: company.id, venture: expert.id, stage: dealStages.pending })),
    ).toEqual([400, crmErrors.expertNotFound]);
    expect(
      refused(await create({ expert: expert.id, venture: 'nobody', stage: dealStages.pending })),
    ).toEqual([400, crmErrors.ventureNotFound]);

    const made = await create({
      expert: expert.id,
      venture: company.id,
      stage: dealStages.pending,
      properties: { request_message: 'By hand' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const dealId = made.json().result as string;
    expect(typeof dealId).toBe('string');

    const update = (body: object) => service('/hubspot/deal/update/', body);
    expect(refused(await update({ dealId: 'no-such-deal', stage: dealStages.complete }))).toEqual([
      400,
      crmErrors.invalidDealId,
    ]);
    expect(refused(await update({ dealId, stage: dealStages.abandoned, reason: 'bored' }))).toEqual([
      400,
      crmErrors.lostReasonRequired,
    ]);
    expect((await update({ dealId, stage: dealStages.complete })).json()).toEqual({ result: true });
    const detail = (await admin.client.get(`/api/admin/crm/deals/${dealId}`)).json();
    expect(detail.deal).toMatchObject({
      stage: dealStages.complete,
      properties: { request_message: 'By hand' },
    });
    expect(detail.history.map((h: { stage: string }) => h.stage)).toEqual([
      dealStages.pending,
      dealStages.complete,
    ]);
    // A connection deal is not a My Network one.
    expect(
      refused(await service('/hubspot/deal/my-network/update/', { dealId, stage: networkStages.accepted })),
    ).toEqual([400, crmErrors.invalidDealId]);
  });

  it('creates and moves My Network deals between two experts only', async () => {
    const a = await member(t, 'expert');
    const b = await member(t, 'expert');
    const company = await member(t, 'company');
    const create = (body: object) => service('/hubspot/deal/my-network/create/', body);
    expect(
      refused(await create({ initiator: a.id, recipient: a.id, stage: networkStages.requested })),
    ).toEqual([400, crmErrors.sameExperts]);
    expect(
      refused(await create({ initiator: a.id, recipient: company.id, stage: networkStages.requested })),
    ).toEqual([400, crmErrors.mustBeExperts]);
    expect(
      refused(await create({ initiator: 'ghost', recipient: b.id, stage: networkStages.requested })),
    ).toEqual([400, crmErrors.initiatorNotFound('ghost')]);
    expect(
      refused(await create({ initiator: a.id, recipient: 'ghost', stage: networkStages.requested })),
    ).toEqual([400, crmErrors.recipientNotFound('ghost')]);
    const made = await create({ initiator: a.id, recipient: b.id, stage: networkStages.requested });
    expect(made.statusCode, made.body).toBe(200);
    const dealId = made.json().result;
    const update = (body: object) => service('/hubspot/deal/my-network/update/', body);
    expect(refused(await update({ dealId, stage: networkStages.rejected }))).toEqual([
      400,
      crmErrors.lostReasonRequired,
    ]);
    expect(refused(await update({ dealId, stage: dealStages.pending }))).toEqual([
      400,
      crmErrors.stageDoesNotExist,
    ]);
    expect(
      (await update({ dealId, stage: networkStages.rejected, reason: 'recipient_declined_request' })).json(),
    ).toEqual({ result: true });
  });

  it('answers profiletype and loginOneTime as the spec shapes them; bad input is a 400 that stores nothing', async () => {
    const m = await member(t, 'expert');
    expect((await service('/hubspot/contact/profiletype', { email: 'nobody@example.com' })).json()).toEqual({
      hasContactProfileType: false,
    });
    const missing = await service('/hubspot/loginOneTime', { email: 'x@example.com' });
    expect(refused(missing)).toEqual([400, messages.oneTimeLinkMissingData]);
    const ok = await service('/hubspot/loginOneTime', {
      email: 'someone@example.com',
      idToLogin: m.id,
      dealId: 'deal-1',
      redirect: '/dashboard',
    });
    expect(ok.json()).toEqual({ success: true, message: messages.oneTimeLinkSent });
    expect(
      (await service('/hubspot/deal/create/', { expert: 'a\u0000b', venture: 'c', stage: 'x' })).statusCode,
    ).toBe(400);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/hubspot/deal/create/',
      headers: { authorization: `Bearer ${serviceToken}`, 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(broken.statusCode).toBe(400);
  });
});
