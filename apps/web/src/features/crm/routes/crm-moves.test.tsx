import type { CrmBoardResponse, CrmDeal } from '@intergen/contracts';
import { crmErrors, crmTexts, dealStages } from '@intergen/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildUser, configAnswer, errorAnswer, installFakeApi, renderApp } from '../../../test/render';

const admin = buildUser({ kind: null, isAdmin: true, profile: null, firstName: 'Admin' });
const dayMs = 86_400_000;
const now = Date.now();

const pendingDeal: CrmDeal = {
  id: 'd1',
  pipeline: 'connection',
  stage: dealStages.pending,
  lostReason: null,
  first: { memberId: 'e1', contactId: 'c1', name: 'Ada Expert', companyName: null },
  second: { memberId: 'v1', contactId: 'c2', name: 'Victor Owner', companyName: 'Venture Co' },
  properties: {},
  createdAt: now - 5 * dayMs,
  updatedAt: now - 3 * dayMs,
  enteredStageAt: now - 3 * dayMs - 60_000,
  stalled: false,
};

/** A board of the connection pipeline holding `deals`, each in its stage's column. */
function boardOf(deals: CrmDeal[], stalledAfterDays = 14): CrmBoardResponse {
  return {
    gateway: 'local',
    pipeline: 'connection',
    stalledAfterDays,
    columns: Object.values(dealStages).map((stage) => {
      const here = deals.filter((d) => d.stage === stage);
      return { stage, total: here.length, deals: here, nextCursor: null };
    }),
  };
}

const column = (stage: string) => screen.getByRole('region', { name: stage });
const cardIn = (stage: string) => within(column(stage)).queryByRole('button', { name: /^Ada Expert/ });

/** Holds every POST until `release()`: what the page shows while its move is on its way. */
function holdPosts() {
  const fake = globalThis.fetch;
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if ((init?.method ?? 'GET').toUpperCase() === 'POST') await gate;
    return fake(input, init);
  });
  return () => release();
}

const history = [
  { id: 1, stage: dealStages.requested, lostReason: null, properties: {}, at: now - 5 * dayMs },
  { id: 2, stage: dealStages.pending, lostReason: null, properties: {}, at: now - 3 * dayMs - 60_000 },
];

async function openMoveControl() {
  fireEvent.click(
    await within(await screen.findByRole('region', { name: dealStages.pending })).findByRole('button', {
      name: /^Ada Expert/,
    }),
  );
  return screen.findByRole('dialog', { name: crmTexts.dealTitle('Ada Expert', 'Venture Co') });
}

describe('moving deals on the admin CRM board', () => {
  it('moves a deal with the keyboard’s Move to stage: shown moved while saving, then as the server says', async () => {
    let deal = pendingDeal;
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/crm/board': () => ({ body: boardOf([deal]) }),
      'GET /api/admin/crm/deals/d1': () => ({ body: { deal, history } }),
      'POST /api/admin/crm/deals/d1/stage': (body) => {
        deal = { ...deal, stage: (body as { stage: string }).stage, enteredStageAt: Date.now() };
        return { body: { deal, history } };
      },
    });
    renderApp('/admin/crm', { user: admin });
    const dialog = await openMoveControl();
    const release = holdPosts();
    fireEvent.change(within(dialog).getByLabelText(crmTexts.moveToStage), {
      target: { value: dealStages.complete },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: crmTexts.moveSubmit }));
    // Moved at once, marked as being saved.
    await waitFor(() => expect(cardIn(dealStages.complete)).toBeTruthy());
    expect(cardIn(dealStages.pending)).toBeNull();
    expect(within(column(dealStages.complete)).getByText(crmTexts.moving)).toBeTruthy();
    release();
    expect(await screen.findByText(crmTexts.moved(dealStages.complete))).toBeTruthy();
    await waitFor(() => expect(within(column(dealStages.complete)).queryByText(crmTexts.moving)).toBeNull());
    expect(cardIn(dealStages.complete)).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ stage: dealStages.complete, lostReason: null });
  });

  it('puts the deal back and says why when the server refuses the move', async () => {
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/crm/board': () => ({ body: boardOf([pendingDeal]) }),
      'GET /api/admin/crm/deals/d1': () => ({ body: { deal: pendingDeal, history } }),
      'POST /api/admin/crm/deals/d1/stage': () =>
        errorAnswer(400, 'INVALID_STATE', crmErrors.stageDoesNotExist),
    });
    renderApp('/admin/crm', { user: admin });
    const dialog = await openMoveControl();
    const release = holdPosts();
    fireEvent.change(within(dialog).getByLabelText(crmTexts.moveToStage), {
      target: { value: dealStages.closed },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: crmTexts.moveSubmit }));
    await waitFor(() => expect(cardIn(dealStages.closed)).toBeTruthy());
    release();
    expect(await screen.findByText(crmTexts.moveFailed(crmErrors.stageDoesNotExist))).toBeTruthy();
    expect(cardIn(dealStages.pending)).toBeTruthy();
    expect(cardIn(dealStages.closed)).toBeNull();
  });

  it('asks for a lost reason before moving to the lost stage, and sends it', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/crm/board': () => ({ body: boardOf([pendingDeal]) }),
      'GET /api/admin/crm/deals/d1': () => ({ body: { deal: pendingDeal, history } }),
      'POST /api/admin/crm/deals/d1/stage': () => ({ body: { deal: pendingDeal, history } }),
    });
    renderApp('/admin/crm', { user: admin });
    const dialog = await openMoveControl();
    fireEvent.change(within(dialog).getByLabelText(crmTexts.moveToStage), {
      target: { value: dealStages.abandoned },
    });
    const submit = within(dialog).getByRole('button', { name: crmTexts.moveSubmit }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(new RegExp(crmTexts.moveLostReason)), {
      target: { value: 'venture_declined_request_from_expert' },
    });
    fireEvent.click(submit);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      stage: dealStages.abandoned,
      lostReason: 'venture_declined_request_from_expert',
    });
  });

  it('shows each card’s time in stage, and the deal’s history with how long it stayed in each stage', async () => {
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/crm/board': () => ({ body: boardOf([pendingDeal]) }),
      'GET /api/admin/crm/deals/d1': () => ({ body: { deal: pendingDeal, history } }),
    });
    renderApp('/admin/crm', { user: admin });
    const pending = await screen.findByRole('region', { name: dealStages.pending });
    expect(await within(pending).findByText(crmTexts.daysInStage(3))).toBeTruthy();
    const dialog = await openMoveControl();
    expect(within(dialog).getByText(new RegExp(`${crmTexts.stayed} ${crmTexts.duration(1)}$`))).toBeTruthy();
    expect(within(dialog).getByText(new RegExp(`${crmTexts.duration(3)} ${crmTexts.current}$`))).toBeTruthy();
  });

  it('marks deals without movement and filters on them with Stalled only', async () => {
    const stalled: CrmDeal = {
      ...pendingDeal,
      id: 'd2',
      first: { ...pendingDeal.first, name: 'Stuck Expert' },
      enteredStageAt: now - 20 * dayMs,
      stalled: true,
    };
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/crm/board': (_b, url) => ({
        body: boardOf(url.searchParams.get('stalled') === 'true' ? [stalled] : [pendingDeal, stalled], 10),
      }),
    });
    const { router } = renderApp('/admin/crm', { user: admin });
    const pending = await screen.findByRole('region', { name: dealStages.pending });
    expect(await within(pending).findAllByText(crmTexts.noMovement(10))).toHaveLength(1);
    expect(within(pending).getByText(crmTexts.daysInStage(20))).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: crmTexts.stalledOnly }));
    await waitFor(() => expect(router.state.location.search).toContain('stalled=true'));
    await waitFor(() => expect(within(column(dealStages.pending)).queryByText(/^Ada Expert/)).toBeNull());
    expect(calls.some((c) => c.path === '/api/admin/crm/board' && c.query.get('stalled') === 'true')).toBe(
      true,
    );
  });
});
