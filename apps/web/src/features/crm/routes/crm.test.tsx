import type { CrmDeal } from '@intergen/contracts';
import { crmTexts, dealStages, networkStages } from '@intergen/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, configAnswer, installFakeApi, renderApp } from '../../../test/render';

const admin = buildUser({ kind: null, isAdmin: true, profile: null, firstName: 'Admin' });

const deal: CrmDeal = {
  id: 'd1',
  pipeline: 'connection',
  stage: dealStages.pending,
  lostReason: null,
  first: { memberId: 'e1', contactId: 'c1', name: 'Ada Expert', companyName: null },
  second: { memberId: 'v1', contactId: 'c2', name: 'Victor Owner', companyName: 'Venture Co' },
  properties: { connection_requested_by: 'venture', request_message: 'Shall we talk?', match_score: 91 },
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_000,
  enteredStageAt: 1_700_000_000_000,
  stalled: false,
};

function board(pipeline: 'connection' | 'network', gateway: 'local' | 'hubspot' = 'local') {
  const stages = pipeline === 'connection' ? Object.values(dealStages) : Object.values(networkStages);
  return {
    body: {
      gateway,
      pipeline,
      stalledAfterDays: 14,
      columns: stages.map((stage) => ({
        stage,
        total: stage === dealStages.pending ? 1 : 0,
        deals: stage === dealStages.pending ? [deal] : [],
        nextCursor: null,
      })),
    },
  };
}

describe('the admin CRM page', () => {
  it('shows a column per stage with its deals, opens a deal with its history, and switches pipeline', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/crm/board': (_b, url) => board(url.searchParams.get('pipeline') as 'connection'),
      'GET /api/admin/crm/deals/d1': () => ({
        body: {
          deal,
          history: [
            { id: 1, stage: dealStages.pending, lostReason: null, properties: {}, at: 1_700_000_000_000 },
          ],
        },
      }),
    });
    renderApp('/admin/crm', { user: admin });
    const pending = await screen.findByRole('region', { name: dealStages.pending });
    expect(within(pending).getByText('Shall we talk?')).toBeTruthy();
    for (const stage of Object.values(dealStages))
      expect(screen.getByRole('region', { name: stage })).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: dealStages.abandoned })).getByText(crmTexts.noDeals),
    ).toBeTruthy();
    expect(screen.getByText(crmTexts.gatewayLocal)).toBeTruthy();

    // The card's button is named by what it shows: the venture by its company.
    fireEvent.click(within(pending).getByRole('button', { name: /^Ada Expert.*Venture Co · Victor Owner/ }));
    const dialog = await screen.findByRole('dialog', {
      name: crmTexts.dealTitle('Ada Expert', 'Venture Co'),
    });
    expect(within(dialog).getByText(crmTexts.history)).toBeTruthy();
    expect(within(dialog).getByText('request_message')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });

    fireEvent.click(screen.getByRole('radio', { name: crmTexts.pipelineLabels.network }));
    expect(await screen.findByRole('region', { name: networkStages.requested })).toBeTruthy();
    expect(
      calls.some((c) => c.path === '/api/admin/crm/board' && c.query.get('pipeline') === 'network'),
    ).toBe(true);
  });

  it('with HubSpot, sends the admin to HubSpot for deals and contacts and keeps the deliveries here', async () => {
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/crm/board': () => board('connection', 'hubspot'),
      'GET /api/admin/crm/deliveries': () => ({ body: { deliveries: [] } }),
    });
    renderApp('/admin/crm', { user: admin });
    expect(await screen.findByText(crmTexts.hubspotNotice)).toBeTruthy();
    expect(screen.queryByRole('region', { name: dealStages.pending })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: crmTexts.tabs.contacts }));
    expect(await screen.findByText(crmTexts.hubspotNotice)).toBeTruthy();
    expect(screen.queryByLabelText(crmTexts.searchContacts)).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: crmTexts.tabs.deliveries }));
    expect(await screen.findByText(crmTexts.noDeliveries)).toBeTruthy();
  });

  it('lists failed deliveries with their error, and Retry queues one again', async () => {
    let dead = [
      {
        id: 7,
        topic: 'crm.event',
        what: 'connection.accepted',
        attempts: 8,
        lastError: 'down',
        createdAt: 1,
      },
    ];
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/crm/board': () => board('connection'),
      'GET /api/admin/crm/deliveries': () => ({ body: { deliveries: dead } }),
      'POST /api/admin/crm/deliveries/7/retry': () => {
        dead = [];
        return { status: 204, body: undefined };
      },
    });
    renderApp('/admin/crm?tab=deliveries', { user: admin });
    expect(await screen.findByText('connection.accepted')).toBeTruthy();
    expect(screen.getByText('down')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: crmTexts.retry }));
    expect(await screen.findByText(crmTexts.noDeliveries)).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
  });

  it('searches contacts and shows their properties', async () => {
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/crm/board': () => board('connection'),
      'GET /api/admin/crm/contacts': (_b, url) => ({
        body: {
          contacts: url.searchParams.get('q')
            ? []
            : [
                {
                  id: 'c1',
                  memberId: 'e1',
                  kind: 'expert',
                  name: 'Ada Expert',
                  email: 'ada@example.com',
                  properties: { profile_type: 'Expert', profile_status: 'published' },
                  updatedAt: 1,
                },
              ],
          nextCursor: null,
        },
      }),
    });
    renderApp('/admin/crm?tab=contacts', { user: admin });
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(screen.getAllByText('published').length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText(crmTexts.searchContacts), { target: { value: 'zzz' } });
    expect(await screen.findByText(crmTexts.noContacts)).toBeTruthy();
  });

  it('opens the board searched for the address’s `q` (a member page’s link: their e-mail) on its pipeline', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/crm/board': (_b, url) =>
        board(url.searchParams.get('pipeline') as 'connection' | 'network'),
    });
    renderApp('/admin/crm?pipeline=network&q=ada%40example.com', { user: admin });
    await screen.findByRole('region', { name: networkStages.requested });
    expect((screen.getByLabelText(crmTexts.searchDeals) as HTMLInputElement).value).toBe('ada@example.com');
    expect(
      calls.some(
        (c) =>
          c.path === '/api/admin/crm/board' &&
          c.query.get('q') === 'ada@example.com' &&
          c.query.get('pipeline') === 'network',
      ),
    ).toBe(true);
  });

  it('searches and filters the board through the address, and pages a column on', async () => {
    const older = (i: number): CrmDeal => ({
      ...deal,
      id: `old-${i}`,
      first: { ...deal.first, name: `Old Expert ${i}` },
      updatedAt: 1_600_000_000_000 - i,
    });
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/crm/board': (_b, url) => {
        if (url.searchParams.get('cursor') === 'next')
          return {
            body: {
              gateway: 'local',
              pipeline: 'connection',
              columns: [
                { stage: dealStages.pending, total: 3, deals: [older(1), older(2)], nextCursor: null },
              ],
            },
          };
        const answer = board('connection');
        const lost: CrmDeal = {
          ...deal,
          id: 'd2',
          stage: dealStages.abandoned,
          lostReason: 'expert_declined_request_from_venture',
        };
        for (const column of answer.body.columns) {
          if (column.stage === dealStages.pending) Object.assign(column, { total: 3, nextCursor: 'next' });
          if (column.stage === dealStages.abandoned) Object.assign(column, { total: 1, deals: [lost] });
        }
        return answer;
      },
    });
    const { router } = renderApp('/admin/crm', { user: admin });
    const pending = await screen.findByRole('region', { name: dealStages.pending });
    // The lost reason reads as words on its chip.
    const abandoned = screen.getByRole('region', { name: dealStages.abandoned });
    expect(within(abandoned).getByText('Expert declined request from venture')).toBeTruthy();
    expect(within(pending).getByText(crmTexts.shownOf(1, 3))).toBeTruthy();
    fireEvent.click(within(pending).getByRole('button', { name: crmTexts.loadMoreIn(dealStages.pending) }));
    expect(await within(pending).findByText('Old Expert 2')).toBeTruthy();
    expect(
      within(pending).queryByRole('button', { name: crmTexts.loadMoreIn(dealStages.pending) }),
    ).toBeNull();
    const paged = calls.find((c) => c.query.get('cursor') === 'next')!;
    expect(paged.query.get('stage')).toBe(dealStages.pending);

    fireEvent.change(screen.getByLabelText(crmTexts.searchDeals), { target: { value: 'venture co' } });
    await waitFor(() => expect(router.state.location.search).toContain('q=venture+co'));
    fireEvent.change(screen.getByLabelText(crmTexts.lostReasonFilter), {
      target: { value: 'expert_declined_request_from_venture' },
    });
    fireEvent.change(screen.getByLabelText(crmTexts.updatedFrom), { target: { value: '2024-05-01' } });
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.path === '/api/admin/crm/board' &&
            c.query.get('q') === 'venture co' &&
            c.query.get('lostReason') === 'expert_declined_request_from_venture' &&
            c.query.get('from') === '2024-05-01',
        ),
      ).toBe(true),
    );
    // A new search starts the columns over at their first page.
    expect(
      await within(screen.getByRole('region', { name: dealStages.pending })).findByText(
        crmTexts.shownOf(1, 3),
      ),
    ).toBeTruthy();
  });
});
