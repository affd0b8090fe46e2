import type { AdminSettingsResponse, CrmBoardResponse, CrmDealResponse } from '@intergen/contracts';
import { crmErrors, crmTexts, dealStages, networkStages } from '@intergen/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, crmContacts, crmDealStages, crmDeals } from '../src/db/schema.ts';
import { createCrmService } from '../src/modules/crm/crm.factory.ts';
import { localGateway } from '../src/modules/crm/local.gateway.ts';
import { put, signUpMember } from './factories.ts';
import { client, type Engine, engines } from './helpers.ts';
import { useAdmin, useTestApp } from './suite.ts';

const dayMs = 86_400_000;
/** A moment `days` days before the test runs (the board counts time in stage from the server's clock). */
const daysAgo = (days: number) => new Date(Date.now() - days * dayMs);

/**
 * The admin's board moves a deal of the built-in CRM as the CRM proxy's deal update does (spec 000 §4: a stage
 * of the deal's pipeline, the lost stage with a lost reason of the spec's list), writes its stage history and
 * the audit log; every deal shows its time in stage, and an open deal that has not moved for the setting's days
 * is marked and can be filtered.
 */
describe.each(engines)('moving deals on the CRM board on %s', (engine: Engine) => {
  const t = useTestApp(engine);
  const admin = useAdmin(t);

  /** A deal between Ada and Quasar Robotics, with its stage history as `[stage, lostReason, days ago]` rows. */
  async function seedDeal(id: string, history: [string, string | null, number][], pipeline = 'connection') {
    const [stage, lostReason, days] = history.at(-1)!;
    await t.database.db.insert(crmDeals).values({
      id,
      pipeline: pipeline as 'connection',
      firstContactId: 'ada',
      secondContactId: pipeline === 'connection' ? 'ven' : 'bob',
      stage,
      lostReason,
      properties: {},
      createdAt: daysAgo(history[0]![2]),
      updatedAt: daysAgo(days),
    });
    await t.database.db.insert(crmDealStages).values(
      history.map(([s, r, d]) => ({
        dealId: id,
        stage: s,
        lostReason: r,
        properties: {},
        createdAt: daysAgo(d),
      })),
    );
  }

  beforeAll(async () => {
    const contact = (id: string, kind: 'expert' | 'company', name: string) => ({
      id,
      memberId: `member-${id}`,
      kind,
      email: `${id}@example.com`,
      name,
      properties: {},
    });
    await t.database.db
      .insert(crmContacts)
      .values([
        contact('ada', 'expert', 'Ada Mover'),
        contact('ven', 'company', 'Quasar Robotics'),
        contact('bob', 'expert', 'Bob Peer'),
      ]);
    await seedDeal('move-me', [[dealStages.pending, null, 3]]);
    await seedDeal('old-pending', [
      [dealStages.requested, null, 40],
      [dealStages.pending, null, 20],
    ]);
    await seedDeal('fresh-pending', [[dealStages.pending, null, 3]]);
    await seedDeal('old-closed', [[dealStages.closed, null, 30]]);
    // Abandoned 10 days ago, its reason changed 5 days ago: still 10 days in the stage.
    await seedDeal('reason-changed', [
      [dealStages.pending, null, 30],
      [dealStages.abandoned, 'expert_cancelled_request_to_venture', 10],
      [dealStages.abandoned, 'venture_cancelled_request_to_expert', 5],
    ]);
    await seedDeal('network-old', [[networkStages.requested, null, 20]], 'network');
  });

  const move = (id: string, body: unknown, c = admin.client) =>
    c.post(`/api/admin/crm/deals/${id}/stage`, body);
  const dealRow = async (id: string) =>
    (await t.database.db.select().from(crmDeals).where(eq(crmDeals.id, id)))[0]!;
  const historyOf = (id: string) =>
    t.database.db.select().from(crmDealStages).where(eq(crmDealStages.dealId, id)).orderBy(crmDealStages.id);
  const movesAudited = (id: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'crm.deal.move'), eq(auditLog.target, id)));
  const board = async (query: Record<string, string> = {}) => {
    const response = await admin.client.get(`/api/admin/crm/board?${new URLSearchParams(query)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CrmBoardResponse;
  };
  const cardsOf = (b: CrmBoardResponse) => new Map(b.columns.flatMap((c) => c.deals.map((d) => [d.id, d])));

  /** Expects a refused move to have left the deal, its history and the audit log as they were. */
  async function expectUnchanged(id: string, run: () => Promise<void>) {
    const [before, history, audited] = await Promise.all([dealRow(id), historyOf(id), movesAudited(id)]);
    await run();
    expect(await dealRow(id)).toEqual(before);
    expect(await historyOf(id)).toEqual(history);
    expect(await movesAudited(id)).toEqual(audited);
  }

  it('moves a deal to another stage: its history gets the row, the audit log who moved it from where to where', async () => {
    const response = await move('move-me', { stage: dealStages.complete });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as CrmDealResponse;
    expect(answer.deal).toMatchObject({ stage: dealStages.complete, lostReason: null, stalled: false });
    expect(Date.now() - answer.deal.enteredStageAt).toBeLessThan(60_000);
    expect(answer.history.map((h) => h.stage)).toEqual([dealStages.pending, dealStages.complete]);
    expect((await historyOf('move-me')).map((h) => h.stage)).toEqual([
      dealStages.pending,
      dealStages.complete,
    ]);
    const [entry] = await movesAudited('move-me');
    expect(entry).toMatchObject({
      actorId: admin.id,
      details: {
        pipeline: 'connection',
        before: { stage: dealStages.pending, lostReason: null },
        after: { stage: dealStages.complete, lostReason: null },
      },
    });
    const column = (await board()).columns.find((c) => c.stage === dealStages.complete)!;
    expect(column.deals.map((d) => d.id)).toContain('move-me');
  });

  it('takes the lost stage with a lost reason of the spec, and clears the reason when the deal leaves it', async () => {
    const lost = await move('move-me', {
      stage: dealStages.abandoned,
      lostReason: 'venture_declined_request_from_expert',
    });
    expect(lost.statusCode, lost.body).toBe(200);
    expect((await dealRow('move-me')).lostReason).toBe('venture_declined_request_from_expert');
    const back = await move('move-me', { stage: dealStages.pending });
    expect(back.statusCode, back.body).toBe(200);
    expect(await dealRow('move-me')).toMatchObject({ stage: dealStages.pending, lostReason: null });
    const last = (await historyOf('move-me')).at(-1)!;
    expect(last).toMatchObject({ stage: dealStages.pending, lostReason: null });
    const entries = await movesAudited('move-me');
    expect(entries.at(-1)!.details).toMatchObject({
      before: { stage: dealStages.abandoned, lostReason: 'venture_declined_request_from_expert' },
      after: { stage: dealStages.pending, lostReason: null },
    });
  });

  it('refuses a bad stage or reason with 400 and the catalogue’s words, changing nothing', async () => {
    const cases: [unknown, string][] = [
      [{ stage: networkStages.accepted }, crmErrors.stageDoesNotExist],
      [{ stage: 'Won' }, crmErrors.stageDoesNotExist],
      [{ stage: dealStages.abandoned }, crmErrors.lostReasonRequired],
      [
        { stage: dealStages.abandoned, lostReason: 'initiator_cancelled_request' },
        crmErrors.lostReasonRequired,
      ],
      [
        { stage: dealStages.complete, lostReason: 'expert_cancelled_request_to_venture' },
        crmErrors.invalidDealReason,
      ],
    ];
    for (const [body, message] of cases) {
      await expectUnchanged('fresh-pending', async () => {
        const response = await move('fresh-pending', body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().error.message).toBe(message);
      });
    }
    await expectUnchanged('fresh-pending', async () => {
      const response = await move('fresh-pending', { stage: 42 });
      expect(response.statusCode).toBe(400);
    });
  });

  it('answers an unknown deal 404 with the catalogue’s words', async () => {
    const response = await move('no-such-deal', { stage: dealStages.complete });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(crmErrors.invalidDealId);
  });

  it('is for admins only: 401 signed out, 403 for an expert and for a company, nothing changed', async () => {
    const expert = await signUpMember(t.app, 'expert', 'Eve Expert');
    const company = await signUpMember(t.app, 'company', 'Cora Company');
    await expectUnchanged('fresh-pending', async () => {
      expect((await move('fresh-pending', { stage: dealStages.complete }, client(t.app))).statusCode).toBe(
        401,
      );
      expect((await move('fresh-pending', { stage: dealStages.complete }, expert.client)).statusCode).toBe(
        403,
      );
      expect((await move('fresh-pending', { stage: dealStages.complete }, company.client)).statusCode).toBe(
        403,
      );
    });
  });

  it('refuses a move from another site (no Origin of ours), as every admin write', async () => {
    await expectUnchanged('fresh-pending', async () => {
      const response = await admin.client.post(
        '/api/admin/crm/deals/fresh-pending/stage',
        { stage: dealStages.complete },
        { origin: 'https://evil.example' },
      );
      expect(response.statusCode).toBe(403);
    });
  });

  it('shows each deal’s time in stage from its history, and marks open deals that have not moved for 14 days', async () => {
    const b = await board();
    expect(b.stalledAfterDays).toBe(14);
    const cards = cardsOf(b);
    const daysIn = (id: string) => Math.round((Date.now() - cards.get(id)!.enteredStageAt) / dayMs);
    expect(daysIn('old-pending')).toBe(20);
    expect(daysIn('fresh-pending')).toBe(3);
    expect(daysIn('reason-changed')).toBe(10);
    expect(cards.get('old-pending')!.stalled).toBe(true);
    expect(cards.get('fresh-pending')!.stalled).toBe(false);
    // Closed and lost stages are never stalled, however long ago.
    expect(cards.get('old-closed')!.stalled).toBe(false);
    expect(cards.get('reason-changed')!.stalled).toBe(false);
    const stalled = await board({ stalled: 'true' });
    expect([...cardsOf(stalled).keys()]).toEqual(['old-pending']);
    expect(stalled.columns.find((c) => c.stage === dealStages.pending)!.total).toBe(1);
    const network = await board({ pipeline: 'network', stalled: 'true' });
    expect([...cardsOf(network).keys()]).toEqual(['network-old']);
  });

  it('follows the admin setting of days without movement: validated, audited, in effect at the next read', async () => {
    const read = async () => (await admin.client.get('/api/admin/settings')).json() as AdminSettingsResponse;
    const before = await read();
    expect(before.settings.crm).toEqual({ stalledAfterDays: 14 });
    const bad = await put(t.app, admin.client, '/api/admin/settings', {
      revision: before.revision,
      settings: { ...before.settings, crm: { stalledAfterDays: 0 } },
    });
    expect(bad.statusCode).toBe(400);
    const saved = await put(t.app, admin.client, '/api/admin/settings', {
      revision: before.revision,
      settings: { ...before.settings, crm: { stalledAfterDays: 2 } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.update'), eq(auditLog.target, 'crm')));
    expect(entry).toMatchObject({
      actorId: admin.id,
      details: { before: { stalledAfterDays: 14 }, after: { stalledAfterDays: 2 } },
    });
    const b = await board();
    expect(b.stalledAfterDays).toBe(2);
    expect(cardsOf(b).get('fresh-pending')!.stalled).toBe(true);
    const detail = (await admin.client.get('/api/admin/crm/deals/fresh-pending')).json() as CrmDealResponse;
    expect(detail.deal.stalled).toBe(true);
    // A move starts the deal's time in stage again.
    const moved = await move('fresh-pending', { stage: dealStages.complete });
    expect((moved.json() as CrmDealResponse).deal.stalled).toBe(false);
  });

  it('offers no move with HubSpot configured: 409, the built-in deal left as it was', async () => {
    // The gateway's name is all the move looks at; HubSpot's deals are moved in HubSpot (decision record).
    const hubspot = { ...localGateway(t.database.db), name: 'hubspot' as const };
    const crm = createCrmService({ database: t.database, appUrl: 'http://localhost', gateway: hubspot });
    await expectUnchanged('old-pending', async () => {
      await expect(
        crm.moveDeal(admin.id, 'old-pending', { stage: dealStages.complete }),
      ).rejects.toMatchObject({
        status: 409,
        message: crmTexts.moveNotOffered,
      });
    });
  });
});
