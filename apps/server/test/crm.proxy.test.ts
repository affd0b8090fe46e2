import { crmErrors, dealStages, messages, networkStages } from '@intergen/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from './connections.support.ts';
import { proxyCall } from './crm.support.ts';
import { signInAdmin } from './factories.ts';
import { createTestApp, type Engine, engines, type TestApp } from './helpers.ts';

const serviceToken = 'a-service-credential-of-32-chars!';

/**
 * The CRM proxy's calls at the spec's paths (spec 001 §7), for a service credential and for admins, with the
 * error catalogue of 001 §8 verbatim. Nothing a refused call names is stored.
 */
describe.each(engines)('the CRM proxy on %s', (engine: Engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  beforeAll(async () => {
    t = await createTestApp(engine, { CRM_SERVICE_TOKEN: serviceToken });
    admin = await signInAdmin(t);
  });
  afterAll(() => t.close());

  const service = (path: string, body: unknown, token = serviceToken) => proxyCall(t.app, token, path, body);
  const refused = (r: { statusCode: number; json: () => { error: { message: string } } }) => [
    r.statusCode,
    r.json().error.message,
  ];

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
    ).toEqual([404, crmErrors.initiatorNotFound('ghost')]);
    expect(
      refused(await create({ initiator: a.id, recipient: 'ghost', stage: networkStages.requested })),
    ).toEqual([404, crmErrors.recipientNotFound('ghost')]);
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
