import type { CrmBoardResponse } from '@intergen/contracts';
import { crmErrors, crmTexts, dealStages } from '@intergen/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { crmContacts, crmDeals } from '../src/db/schema.ts';

import { type Engine, engines } from './helpers.ts';
import { useAdmin, useTestApp } from './suite.ts';

const day = (d: number, hour = 12) => new Date(Date.UTC(2024, 4, d, hour));

/**
 * The admin's CRM board reaches every deal (DESIGN.md §6): a search over both parties (name, e-mail, company),
 * filters by stage, lost reason and day, and each column paged on past its first page.
 */
describe.each(engines)('the CRM board on %s', (engine: Engine) => {
  const pendingIds: string[] = [];
  const t = useTestApp(engine);
  const admin = useAdmin(t);
  beforeAll(async () => {
    const contact = (id: string, kind: 'expert' | 'company', name: string, company?: string) => ({
      id,
      memberId: `member-${id}`,
      kind,
      email: `${id}@example.com`,
      name,
      properties: (company ? { company_name: company } : {}) as Record<string, string>,
    });
    await t.database.db
      .insert(crmContacts)
      .values([
        contact('ada', 'expert', 'Ada Boardwalk'),
        contact('ven', 'company', 'Victor Owner', 'Quasar Robotics'),
        contact('bob', 'expert', 'Bob Elsewhere'),
        contact('kim', 'company', 'Kim Founder', 'Nimbus Farms'),
      ]);
    // 120 pending deals between Ada and Quasar Robotics, a change a day apart (some on the same instant, so the
    // id breaks the tie), and three abandoned ones between Bob and Nimbus Farms.
    const deals = Array.from({ length: 120 }, (_, i) => ({
      id: `deal-${String(i).padStart(3, '0')}`,
      pipeline: 'connection' as const,
      firstContactId: 'ada',
      secondContactId: 'ven',
      stage: dealStages.pending,
      properties: {},
      updatedAt: day(1 + (i % 30)),
    }));
    pendingIds.push(...deals.map((d) => d.id));
    const reasons = [
      'expert_declined_request_from_venture',
      'venture_cancelled_request_to_expert',
      'expert_declined_request_from_venture',
    ];
    await t.database.db.insert(crmDeals).values([
      ...deals,
      ...reasons.map((lostReason, i) => ({
        id: `lost-${i}`,
        pipeline: 'connection' as const,
        firstContactId: 'bob',
        secondContactId: 'kim',
        stage: dealStages.abandoned,
        lostReason,
        properties: {},
        updatedAt: day(10 + i),
      })),
    ]);
  });

  const board = async (query: Record<string, string>) => {
    const response = await admin.client.get(`/api/admin/crm/board?${new URLSearchParams(query)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CrmBoardResponse;
  };
  const column = (b: CrmBoardResponse, stage: string) => b.columns.find((c) => c.stage === stage)!;

  it('pages a column on until every deal of the stage has been read once', async () => {
    const first = column(await board({}), dealStages.pending);
    expect(first.total).toBe(120);
    expect(first.deals).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
    const seen = [...first.deals];
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await board({ stage: dealStages.pending, cursor });
      expect(next.columns.map((c) => c.stage)).toEqual([dealStages.pending]);
      seen.push(...next.columns[0]!.deals);
      cursor = next.columns[0]!.nextCursor;
    }
    expect(seen).toHaveLength(120);
    expect(new Set(seen.map((d) => d.id))).toEqual(new Set(pendingIds));
    // Newest change first throughout, across the pages.
    const times = seen.map((d) => d.updatedAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('searches either party by name, e-mail and company name; names the venture by its company', async () => {
    const byCompany = await board({ q: 'nimbus' });
    expect(column(byCompany, dealStages.abandoned).total).toBe(3);
    expect(column(byCompany, dealStages.pending).total).toBe(0);
    expect(column(byCompany, dealStages.abandoned).deals[0]!.second).toMatchObject({
      name: 'Kim Founder',
      companyName: 'Nimbus Farms',
    });
    expect(column(await board({ q: 'boardwalk' }), dealStages.pending).total).toBe(120);
    expect(column(await board({ q: 'bob@example' }), dealStages.abandoned).total).toBe(3);
    expect((await board({ q: 'nobody-at-all' })).columns.every((c) => c.total === 0)).toBe(true);
    // Like-patterns are searched as text.
    expect((await board({ q: '%' })).columns.every((c) => c.total === 0)).toBe(true);
  });

  it('filters by stage, lost reason and the day of the last change', async () => {
    const abandoned = await board({ stage: dealStages.abandoned });
    expect(abandoned.columns.map((c) => c.stage)).toEqual([dealStages.abandoned]);
    const declined = await board({ lostReason: 'expert_declined_request_from_venture' });
    expect(
      column(declined, dealStages.abandoned)
        .deals.map((d) => d.id)
        .sort(),
    ).toEqual(['lost-0', 'lost-2']);
    expect(column(declined, dealStages.pending).total).toBe(0);
    // 1 May to 2 May, both days included: four deals a day (days 1 and 2 of the 30-day cycle).
    const range = await board({ from: '2024-05-01', to: '2024-05-02' });
    expect(column(range, dealStages.pending).total).toBe(8);
    expect(column(range, dealStages.abandoned).total).toBe(0);
    expect(column(await board({ from: '2024-05-11', to: '2024-05-11' }), dealStages.abandoned).deals).toEqual(
      [expect.objectContaining({ id: 'lost-1' })],
    );
  });

  it('refuses a stage, lost reason, cursor or day range that cannot be read, with a 400', async () => {
    const refused = async (query: Record<string, string>, message?: string) => {
      const response = await admin.client.get(`/api/admin/crm/board?${new URLSearchParams(query)}`);
      expect(response.statusCode, `${JSON.stringify(query)} ${response.body}`).toBe(400);
      if (message) expect(response.json().error.message).toBe(message);
    };
    await refused({ stage: 'Nowhere' }, crmErrors.stageDoesNotExist);
    await refused({ pipeline: 'network', stage: dealStages.pending }, crmErrors.stageDoesNotExist);
    await refused({ lostReason: 'bored' }, crmErrors.invalidDealReason);
    await refused({ pipeline: 'network', lostReason: 'expert_declined_request_from_venture' });
    await refused({ cursor: 'AAAA' }, crmTexts.cursorNeedsStage);
    await refused({ stage: dealStages.pending, cursor: 'AAAA' }, crmTexts.badCursor);
    await refused({ from: '2024-13-01' });
    await refused({ from: '2024-05-03', to: '2024-05-02' }, crmTexts.badDateRange);
    await refused({ q: 'x'.repeat(255) });
  });

  it('searches contacts by company name', async () => {
    const response = await admin.client.get('/api/admin/crm/contacts?q=quasar');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().contacts.map((c: { name: string }) => c.name)).toEqual(['Victor Owner']);
  });
});
