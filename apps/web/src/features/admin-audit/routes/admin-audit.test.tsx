import type { AuditEntry } from '@intergen/contracts';
import { auditActionLabels, settingsTexts, auditTexts as t } from '@intergen/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, configAnswer, installFakeApi, renderApp } from '../../../test/render';
import { changesOf } from '../components/changes';

const admin = buildUser({ kind: null, isAdmin: true, profile: null, firstName: 'Admin' });

const entry = (id: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: Date.UTC(2026, 10, 24, 9, id),
  actor: { id: 'a1', name: 'Ada Admin', email: 'ada.admin@example.com' },
  action: 'settings.update',
  target: 'surveyForms',
  details: {
    before: { production: { expert: '', company: '' }, development: { expert: '', company: '' } },
    after: {
      production: { expert: '', company: '' },
      development: { expert: 'https://forms.example.com/advisors', company: '' },
    },
  },
  ...overrides,
});

describe('the admin audit log', () => {
  it('names the member acted on by their name and e-mail at the time, and shows the reason given', async () => {
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/audit': () => ({
        body: {
          entries: [
            entry(1, {
              action: 'profile.deactivate',
              target: 'm1',
              details: {
                reason: 'Spam reports',
                targetName: 'Grace Hopper',
                targetEmail: 'grace@example.com',
              },
            }),
          ],
          nextCursor: null,
        },
      }),
    });
    renderApp('/admin/audit', { user: admin });
    const table = await screen.findByRole('table', { name: t.tableLabel });
    expect(within(table).getByText('Grace Hopper')).toBeTruthy();
    expect(within(table).getByText('grace@example.com')).toBeTruthy();
    expect(within(table).queryByText('m1')).toBeNull();
    expect(within(table).getByText(t.reason)).toBeTruthy();
    expect(within(table).getByText('Spam reports')).toBeTruthy();
  });

  it('keeps its table in a box that scrolls sideways and takes the keyboard focus (axe scrollable-region-focusable)', async () => {
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/audit': () => ({ body: { entries: [entry(1)], nextCursor: null } }),
    });
    renderApp('/admin/audit', { user: admin });
    const table = await screen.findByRole('table', { name: t.tableLabel });
    const box = screen.getByRole('region', { name: t.scrollLabel });
    expect(box.contains(table)).toBe(true);
    expect(box.tabIndex).toBe(0);
    box.focus();
    expect(document.activeElement).toBe(box);
  });

  it('searches once typing pauses, keeps the search in the address and says when nothing matches', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/audit': (_body, url) => ({
        body: { entries: url.searchParams.get('search') ? [] : [entry(1)], nextCursor: null },
      }),
    });
    const { router } = renderApp('/admin/audit', { user: admin });
    await screen.findByRole('table');
    fireEvent.change(screen.getByRole('searchbox', { name: t.search }), {
      target: { value: ' gone@example.com ' },
    });
    expect(await screen.findByText(t.emptyForSearch)).toBeTruthy();
    expect(router.state.location.search).toBe('?q=gone%40example.com');
    expect(calls.filter((c) => c.query.get('search') === 'gone@example.com')).toHaveLength(1);
  });

  it('lists who changed what and when, newest first, with more pages on request and a filter by action', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/audit': (_body, url) =>
        url.searchParams.get('cursor') === '2'
          ? {
              body: {
                entries: [entry(1, { actor: null, action: 'member.delete', target: 'm1', details: {} })],
                nextCursor: null,
              },
            }
          : {
              body: {
                entries: [
                  entry(3, {
                    target: 'matching',
                    details: { before: { topN: 5, minScore: 60 }, after: { topN: 3, minScore: 60 } },
                  }),
                  entry(2, { actor: { id: 'gone', name: null, email: null } }),
                ],
                nextCursor: '2',
              },
            },
    });
    renderApp('/admin/audit', { user: admin });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Ada Admin')).toBeTruthy();
    expect(within(rows[0]!).getByText(auditActionLabels['settings.update']!)).toBeTruthy();
    expect(within(rows[0]!).getByText(settingsTexts.keyLabels.matching)).toBeTruthy();
    expect(within(rows[0]!).getByText('topN')).toBeTruthy();
    expect(within(rows[0]!).getByText('5')).toBeTruthy();
    expect(within(rows[0]!).getByText('3')).toBeTruthy();
    expect(within(rows[1]!).getByText(t.formerUser('gone'))).toBeTruthy();
    expect(within(rows[1]!).getByText('development.expert')).toBeTruthy();
    expect(within(rows[1]!).getByText('https://forms.example.com/advisors')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: t.loadMore }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(within(table).getByText(t.system)).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.loadMore })).toBeNull();

    fireEvent.change(screen.getByLabelText(t.actionFilter), { target: { value: 'settings.update' } });
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/api/admin/audit' && c.query.get('action') === 'settings.update'),
      ).toBe(true),
    );
  });

  it('says when nothing has been recorded', async () => {
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/audit': () => ({ body: { entries: [], nextCursor: null } }),
    });
    renderApp('/admin/audit', { user: admin });
    expect(await screen.findByText(t.empty)).toBeTruthy();
  });
});

describe('the changes of an entry', () => {
  it('are the values that differ, by their path, lists as a whole', () => {
    expect(
      changesOf(
        { a: { b: 1, c: 'x' }, items: ['one'], same: true },
        { a: { b: 2, c: 'x' }, items: ['one', 'two'], same: true },
      ),
    ).toEqual([
      { path: 'a.b', before: '1', after: '2' },
      { path: 'items', before: 'one', after: 'one · two' },
    ]);
    expect(changesOf('old@example.com', 'new@example.com')).toEqual([
      { path: '', before: 'old@example.com', after: 'new@example.com' },
    ]);
    expect(changesOf({ x: '' }, { x: 'set' })).toEqual([{ path: 'x', before: t.emptyValue, after: 'set' }]);
  });
});
