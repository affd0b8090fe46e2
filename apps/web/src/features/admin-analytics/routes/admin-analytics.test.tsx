import type { AdminAnalyticsResponse } from '@intergen/contracts';
import {
  analyticsLostReasons,
  analyticsRoleLabels,
  emptyFunnel,
  type FunnelCounts,
  funnelStageLabels,
  lostReasonLabels,
  navigationTexts,
  adminAnalyticsTexts as t,
  trackingEventLabels,
} from '@intergen/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, configAnswer, errorAnswer, installFakeApi, renderApp } from '../../../test/render';

const admin = buildUser({ id: 'a1', kind: null, isAdmin: true, profile: null, firstName: 'Admin' });

const counts = (values: number[]): FunnelCounts => ({
  signedUp: values[0]!,
  complete: values[1]!,
  published: values[2]!,
  suggested: values[3]!,
  requested: values[4]!,
  accepted: values[5]!,
  reviewed: values[6]!,
});

const weeks = [
  { week: '2026-W02', start: '2026-01-05' },
  { week: '2026-W03', start: '2026-01-12' },
];

/** Two weeks of both roles: experts 4 → 1 reviewed over the range, companies 3 → 1. */
function answer(): AdminAnalyticsResponse {
  const expert = counts([4, 3, 2, 2, 1, 1, 1]);
  const company = counts([3, 3, 3, 2, 2, 1, 1]);
  return {
    range: { from: '2026-01-05', to: '2026-01-18', weeks },
    role: null,
    funnel: {
      weeks: [
        { ...weeks[0]!, role: 'expert', ...counts([3, 2, 1, 1, 0, 0, 0]) },
        { ...weeks[0]!, role: 'company', ...counts([1, 1, 1, 1, 1, 0, 0]) },
        { ...weeks[1]!, role: 'expert', ...counts([1, 1, 1, 1, 1, 1, 1]) },
        { ...weeks[1]!, role: 'company', ...counts([2, 2, 2, 1, 1, 1, 1]) },
      ],
      totals: [
        { role: 'expert', ...expert },
        { role: 'company', ...company },
      ],
      overall: counts([7, 6, 5, 4, 3, 2, 2]),
    },
    tracking: {
      weeks: [
        { ...weeks[0]!, counts: { VIEW_PROFILE_FROM_CARD: 5, DISMISS_CARD: 1, EXPLORE_EXPERT_COMMUNITY: 0 } },
        { ...weeks[1]!, counts: { VIEW_PROFILE_FROM_CARD: 7, DISMISS_CARD: 0, EXPLORE_EXPERT_COMMUNITY: 2 } },
      ],
      totals: [
        { type: 'VIEW_PROFILE_FROM_CARD', count: 12 },
        { type: 'DISMISS_CARD', count: 1 },
        { type: 'EXPLORE_EXPERT_COMMUNITY', count: 2 },
      ],
    },
    lostReasons: analyticsLostReasons.map(({ reason, pipeline }) => ({
      reason,
      pipeline,
      count:
        reason === 'recipient_declined_request'
          ? 3
          : reason === 'expert_cancelled_request_to_venture'
            ? 2
            : 0,
    })),
  };
}

/** A zero-filled answer: the same weeks, nobody and nothing in them. */
function emptyAnswer(): AdminAnalyticsResponse {
  const full = answer();
  return {
    ...full,
    funnel: {
      weeks: full.funnel.weeks.map((w) => ({ ...w, ...emptyFunnel() })),
      totals: full.funnel.totals.map((total) => ({ ...total, ...emptyFunnel() })),
      overall: emptyFunnel(),
    },
    tracking: {
      weeks: full.tracking.weeks.map((w) => ({
        ...w,
        counts: { VIEW_PROFILE_FROM_CARD: 0, DISMISS_CARD: 0, EXPLORE_EXPERT_COMMUNITY: 0 },
      })),
      totals: full.tracking.totals.map((total) => ({ ...total, count: 0 })),
    },
    lostReasons: full.lostReasons.map((row) => ({ ...row, count: 0 })),
  };
}

/** The cells of a table's row headed by `header`, as text. */
function rowOf(table: HTMLElement, header: string): string[] {
  const heading = within(table).getByRole('rowheader', { name: header });
  return [...heading.parentElement!.children].map((cell) => cell.textContent ?? '');
}

describe('the admin analytics page', () => {
  it('gives the conversion from each of the seven stages to the next, over the range and week by week', async () => {
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/analytics': () => ({ body: answer() }),
    });
    renderApp('/admin/analytics', { user: admin });
    const table = await screen.findByRole('table', { name: t.conversionTitle });
    const step = (from: keyof typeof funnelStageLabels, to: keyof typeof funnelStageLabels) =>
      t.conversionStep(funnelStageLabels[from], funnelStageLabels[to]);
    // Six steps between seven stages; the range is 7 → 6 → 5 → 4 → 3 → 2 → 2.
    expect(within(table).getAllByRole('row')).toHaveLength(7);
    expect(rowOf(table, step('signedUp', 'complete'))).toEqual([
      step('signedUp', 'complete'),
      '86%',
      '75%',
      '100%',
    ]);
    expect(rowOf(table, step('requested', 'accepted'))).toEqual([
      step('requested', 'accepted'),
      '67%',
      '0%',
      '100%',
    ]);
    // No one of week 2 was accepted: no rate rather than a division by zero.
    expect(rowOf(table, step('accepted', 'reviewed'))).toEqual([
      step('accepted', 'reviewed'),
      '100%',
      '—',
      '100%',
    ]);
    // The weekly numbers hold every stage.
    const weekly = screen.getByRole('table', { name: t.weeklyTitle });
    for (const label of Object.values(funnelStageLabels))
      expect(within(weekly).getByRole('columnheader', { name: label })).toBeTruthy();
  });

  it('shows the funnel, tracking events and lost reasons with their numbers as tables', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/analytics': () => ({ body: answer() }),
    });
    renderApp('/admin/analytics', { user: admin });

    const funnel = await screen.findByRole('table', { name: t.funnelTitle });
    expect(rowOf(funnel, funnelStageLabels.signedUp)).toEqual([funnelStageLabels.signedUp, '4', '3']);
    expect(rowOf(funnel, funnelStageLabels.reviewed)).toEqual([funnelStageLabels.reviewed, '1', '1']);
    expect(within(funnel).getByRole('columnheader', { name: analyticsRoleLabels.company })).toBeTruthy();

    const weekly = screen.getByRole('table', { name: t.weeklyTitle });
    expect(within(weekly).getAllByRole('row')).toHaveLength(5);
    expect(within(weekly).getAllByRole('rowheader', { name: '2026-W03' })).toHaveLength(2);

    const tracking = screen.getByRole('table', { name: t.trackingTitle });
    expect(rowOf(tracking, '2026-W02')).toEqual(['2026-W02', '2026-01-05', '5', '1', '0']);
    expect(rowOf(tracking, t.total)).toEqual([t.total, '', '12', '1', '2']);
    expect(
      within(tracking).getByRole('columnheader', { name: trackingEventLabels.DISMISS_CARD }),
    ).toBeTruthy();

    const lost = screen.getByRole('table', { name: t.lostReasonsTitle });
    expect(rowOf(lost, lostReasonLabels.recipient_declined_request)[2]).toBe('3');
    expect(rowOf(lost, lostReasonLabels.expert_cancelled_request_to_venture)[2]).toBe('2');
    expect(within(lost).getAllByRole('row')).toHaveLength(1 + analyticsLostReasons.length);

    expect(screen.getByText(t.rangeSummary('2026-01-05', '2026-01-18', 2))).toBeTruthy();
    expect(screen.getAllByText(t.showData)).toHaveLength(5);
    const nav = screen.getByRole('navigation', { name: navigationTexts.admin });
    expect(within(nav).getByRole('link', { name: t.navLabel }).getAttribute('aria-current')).toBe('page');
    expect(calls.find((c) => c.path === '/api/admin/analytics')?.query.get('weeks')).toBe('12');
  });

  it('says when the range holds no data, and asks again for the role and range chosen', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/analytics': () => ({ body: emptyAnswer() }),
    });
    const { router } = renderApp('/admin/analytics?weeks=26', { user: admin });

    await waitFor(() => expect(screen.getAllByText(t.noData)).toHaveLength(5));
    expect(screen.queryByRole('table')).toBeNull();
    expect(calls.at(-1)?.query.get('weeks')).toBe('26');

    fireEvent.change(screen.getByLabelText(t.roleLabel), { target: { value: 'company' } });
    await waitFor(() => expect(calls.at(-1)?.query.get('role')).toBe('company'));
    expect(router.state.location.search).toContain('role=company');

    fireEvent.change(screen.getByLabelText(t.rangeLabel), { target: { value: 'custom' } });
    await waitFor(() => expect(calls.at(-1)?.query.get('from')).toBe('2026-01-05'));
    expect(calls.at(-1)?.query.get('to')).toBe('2026-01-18');
    expect(calls.at(-1)?.query.get('weeks')).toBeNull();
    expect((screen.getByLabelText(t.fromLabel) as HTMLInputElement).value).toBe('2026-01-05');
  });

  it('shows the server’s refusal of a range', async () => {
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/analytics': () => errorAnswer(400, 'VALIDATION_FAILED', t.fromAfterTo),
    });
    renderApp('/admin/analytics?from=2026-02-01&to=2026-01-01', { user: admin });
    expect((await screen.findByRole('alert')).textContent).toContain(t.fromAfterTo);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
