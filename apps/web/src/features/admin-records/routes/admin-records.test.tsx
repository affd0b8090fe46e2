import type { AdminRequest, AdminScore, AdminSuggestion } from '@intergen/contracts';
import { adminRecordsTexts as t } from '@intergen/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { liveTopicQueryKeys } from '../../../lib/live-events';
import { adminProfilePath } from '../../../lib/paths';
import { buildUser, configAnswer, installFakeApi, renderApp } from '../../../test/render';
import { setViewportWidth } from '../../../test/viewport';

const admin = buildUser({ kind: null, isAdmin: true, profile: null, firstName: 'Admin' });
const at = Date.UTC(2026, 0, 15, 10, 30);

const request = (id: string, overrides: Partial<AdminRequest> = {}): AdminRequest => ({
  kind: 'connection',
  id,
  state: 'open',
  sender: { id: 'c1', name: 'Acme Robotics', role: 'company' },
  recipient: { id: 'e1', name: 'Ada Lovelace', role: 'expert' },
  message: 'We would love your help with our launch',
  sentAt: at,
  isPending: false,
  seen: false,
  accepted: false,
  connectedOn: null,
  notInterested: false,
  dismissed: false,
  closed: false,
  closedOn: null,
  respondedAt: null,
  expertRating: null,
  ventureRating: null,
  via: null,
  dealId: 'deal-1',
  ...overrides,
});

const score = (id: number, value: number): AdminScore => ({
  id,
  expert: { id: `e${id}`, name: `Expert ${id}`, role: 'expert' },
  company: { id: `c${id}`, name: `Company ${id}`, role: 'company' },
  score: value,
  updatedAt: at + id,
});

const suggestion = (id: string, overrides: Partial<AdminSuggestion> = {}): AdminSuggestion => ({
  id,
  expert: { id: 'e1', name: 'Ada Lovelace', role: 'expert' },
  company: { id: 'c1', name: 'Acme Robotics', role: 'company' },
  createdAt: at,
  source: 'matcher',
  createdBy: null,
  position: 1,
  state: 'open',
  requestSentAt: null,
  dealId: null,
  ...overrides,
});

/** The column header whose sort button is named `name`. */
const headerOf = (name: string) => screen.getByRole('button', { name }).closest('th')!;

const page = <Row,>(rows: Row[], total = rows.length, nextCursor: string | null = null) => ({
  body: { rows, total, nextCursor },
});

describe('the admin’s Requests page', () => {
  it('lists both kinds with states, dates and linked names; filters, sorts and pages through the address', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/requests': (_body, url) =>
        url.searchParams.get('cursor') === 'next'
          ? page([request('r3', { state: 'declined', notInterested: true, seen: true })], 3)
          : page(
              [
                request('r1', { state: 'connected', accepted: true, connectedOn: at, expertRating: 4 }),
                request('n1', {
                  kind: 'network',
                  state: 'open',
                  sender: { id: 'e2', name: 'Grace Hopper', role: 'expert' },
                  message: null,
                  seen: null,
                  via: 'Acme Robotics',
                }),
              ],
              3,
              'next',
            ),
    });
    const { router } = renderApp('/admin/requests', { user: admin });
    const table = await screen.findByRole('table', { name: t.requestsTitle });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText(t.requestStateLabels.connected)).toBeTruthy();
    expect(within(rows[0]!).getByText(t.expertRating(4))).toBeTruthy();
    expect(within(rows[1]!).getByText(t.kindLabels.network)).toBeTruthy();
    expect(within(rows[1]!).getByText(t.via('Acme Robotics'))).toBeTruthy();
    const link = within(rows[1]!).getByRole('link', { name: t.openMember('Grace Hopper') });
    expect(link.getAttribute('href')).toBe(adminProfilePath('e2'));
    expect(within(rows[0]!).getByRole('time').getAttribute('datetime')).toBe(new Date(at).toISOString());
    expect(screen.getByText(t.shownOf(2, t.requestsCount(3)))).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: t.loadMore }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(screen.queryByRole('button', { name: t.loadMore })).toBeNull();
    expect(screen.getByText(t.requestsCount(3))).toBeTruthy();

    // Newest first; the header turns it around.
    expect(headerOf(t.sortBy(t.sent)).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: t.sortBy(t.sent) }));
    await waitFor(() => expect(router.state.location.search).toContain('order=asc'));
    await waitFor(() => expect(headerOf(t.sortBy(t.sent)).getAttribute('aria-sort')).toBe('ascending'));

    fireEvent.change(screen.getByLabelText(t.kindFilter), { target: { value: 'network' } });
    fireEvent.change(screen.getByLabelText(t.stateFilter), { target: { value: 'declined' } });
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.path === '/api/admin/requests' &&
            c.query.get('kind') === 'network' &&
            c.query.get('state') === 'declined' &&
            c.query.get('order') === 'asc',
        ),
      ).toBe(true),
    );
    expect(router.state.location.search).toContain('kind=network');
  });

  it('searches after typing stops, and offers to clear the filters when nothing matches', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/requests': (_body, url) =>
        url.searchParams.get('search') ? page([]) : page([request('r1')]),
    });
    const { router } = renderApp('/admin/requests?state=open', { user: admin });
    await screen.findByRole('table', { name: t.requestsTitle });
    fireEvent.change(screen.getByLabelText(t.search), { target: { value: '  Zed ' } });
    expect(await screen.findByText(t.emptyFiltered)).toBeTruthy();
    expect(calls.some((c) => c.query.get('search') === 'Zed' && c.query.get('state') === 'open')).toBe(true);
    // One search request, not one per keystroke.
    expect(calls.filter((c) => c.query.has('search'))).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: t.clearFilters }));
    await screen.findByRole('table', { name: t.requestsTitle });
    expect(router.state.location.search).toBe('');
    expect((screen.getByLabelText(t.search) as HTMLInputElement).value).toBe('');
  });

  it('opens searched for what the address says (a member page’s link: their e-mail) and keeps it there', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/requests': () => page([request('r1')]),
    });
    const { router } = renderApp('/admin/requests?kind=network&q=ada%40example.com', { user: admin });
    await screen.findByRole('table', { name: t.requestsTitle });
    expect((screen.getByLabelText(t.search) as HTMLInputElement).value).toBe('ada@example.com');
    expect(
      calls.some(
        (c) =>
          c.path === '/api/admin/requests' &&
          c.query.get('search') === 'ada@example.com' &&
          c.query.get('kind') === 'network',
      ),
    ).toBe(true);
    // Typing changes the address's search; the other filters stay.
    fireEvent.change(screen.getByLabelText(t.search), { target: { value: 'grace@' } });
    await waitFor(() => expect(router.state.location.search).toContain('q=grace%40'));
    expect(router.state.location.search).toContain('kind=network');
  });

  it('searches on Scores after a search on Requests, reached through the navigation', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/requests': () => page([request('r1')]),
      'GET /api/admin/scores': (_body, url) => ({
        ...page(url.searchParams.get('search') ? [score(2, 70)] : [score(1, 90), score(2, 70)]),
      }),
    });
    const { router } = renderApp('/admin/requests', { user: admin });
    await screen.findByRole('table', { name: t.requestsTitle });
    fireEvent.change(screen.getByLabelText(t.search), { target: { value: 'Acme' } });
    await waitFor(() => expect(router.state.location.search).toContain('q=Acme'));
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    fireEvent.click(within(nav).getByRole('link', { name: t.scoresNavLabel }));
    await screen.findByRole('table', { name: t.scoresTitle });
    fireEvent.change(screen.getByLabelText(t.search), { target: { value: 'Expert 2' } });
    await waitFor(() => expect(router.state.location.search).toContain('q=Expert'));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/admin/scores' && c.query.get('search') === 'Expert 2')).toBe(
        true,
      ),
    );
  });

  it('reads the list again when the live stream says requests changed', async () => {
    let total = 1;
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/requests': () =>
        page(
          Array.from({ length: total }, (_, i) => request(`r${i}`)),
          total,
        ),
    });
    const { queryClient } = renderApp('/admin/requests', { user: admin });
    await screen.findByText(t.requestsCount(1));
    total = 2;
    for (const queryKey of liveTopicQueryKeys.adminRequests)
      await queryClient.invalidateQueries({ queryKey });
    expect(await screen.findByText(t.requestsCount(2))).toBeTruthy();
  });

  it('at 390 px shows one card per request, with the sort as buttons', async () => {
    setViewportWidth(390);
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/requests': () => page([request('r1')]),
    });
    renderApp('/admin/requests', { user: admin });
    const card = await screen.findByRole('article', { name: t.rowLabel('Acme Robotics', 'Ada Lovelace') });
    expect(within(card).getByText(t.requestStateLabels.open)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: t.sortBy(t.sent) }).getAttribute('aria-pressed')).toBe('true');
  });

  it('is linked from the admin navigation, after Suggestions and before Scores', async () => {
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/requests': () => page([]),
    });
    renderApp('/admin/requests', { user: admin });
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    const requests = links.indexOf(t.requestsNavLabel);
    expect(links[requests + 1]).toBe(t.scoresNavLabel);
    expect(within(nav).getByRole('link', { name: t.requestsNavLabel }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await screen.findByText(t.emptyRequests)).toBeTruthy();
  });
});

describe('the admin’s Scores page', () => {
  it('sorts by score or date and filters strong matches', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/scores': () => page([score(1, 92), score(2, 41)], 2),
    });
    const { router } = renderApp('/admin/scores', { user: admin });
    const table = await screen.findByRole('table', { name: t.scoresTitle });
    expect(within(table).getByText('92')).toBeTruthy();
    expect(headerOf(t.sortBy(t.score)).getAttribute('aria-sort')).toBe('descending');
    expect(headerOf(t.sortBy(t.updated)).getAttribute('aria-sort')).toBe('none');
    fireEvent.click(screen.getByRole('button', { name: t.sortBy(t.updated) }));
    await waitFor(() => expect(router.state.location.search).toContain('sort=updated'));
    fireEvent.change(screen.getByLabelText(t.minScoreFilter), { target: { value: '80' } });
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.path === '/api/admin/scores' &&
            c.query.get('minScore') === '80' &&
            c.query.get('sort') === 'updated',
        ),
      ).toBe(true),
    );
    expect(screen.getByRole('option', { name: t.strongOption(80) })).toBeTruthy();
  });
});

describe('the suggestions list on /admin/suggestions', () => {
  it('shows every suggestion below the panels, with its state and source, filtered by state', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/matching/runs/latest': () => ({ body: { run: null } }),
      'GET /api/admin/suggestions': () =>
        page([
          suggestion('s1', { state: 'requested', requestSentAt: at, dealId: 'deal-9' }),
          suggestion('s2', { source: 'admin', createdBy: { id: 'a1', name: 'Ada Admin' }, position: 0 }),
        ]),
    });
    renderApp('/admin/suggestions', { user: admin });
    const table = await screen.findByRole('table', { name: t.suggestionsTitle });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText(t.suggestionStateLabels.requested)).toBeTruthy();
    expect(within(rows[0]!).getByText('deal-9')).toBeTruthy();
    expect(within(rows[0]!).getByText(`${t.sourceLabels.matcher} · ${t.rank(1)}`)).toBeTruthy();
    expect(within(rows[1]!).getByText(t.byAdmin('Ada Admin'))).toBeTruthy();
    expect(screen.getByText(t.suggestionsCount(2))).toBeTruthy();
    fireEvent.change(screen.getByLabelText(t.stateFilter), { target: { value: 'dismissedByCompany' } });
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.path === '/api/admin/suggestions' && c.query.get('state') === 'dismissedByCompany',
        ),
      ).toBe(true),
    );
  });

  it('opens searched for the address’s `q` (a member page’s link: their e-mail)', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/matching/runs/latest': () => ({ body: { run: null } }),
      'GET /api/admin/suggestions': () => page([suggestion('s1')]),
    });
    renderApp('/admin/suggestions?q=ada%40example.com', { user: admin });
    await screen.findByRole('table', { name: t.suggestionsTitle });
    expect((screen.getByLabelText(t.search) as HTMLInputElement).value).toBe('ada@example.com');
    expect(
      calls.some((c) => c.path === '/api/admin/suggestions' && c.query.get('search') === 'ada@example.com'),
    ).toBe(true);
    expect(calls.some((c) => c.path === '/api/admin/suggestions' && !c.query.has('search'))).toBe(false);
  });

  it("shows one member's score with every counterpart, computed on demand, ranked and paged", async () => {
    const row = (rank: number, score: number) => ({
      counterpart: {
        id: `c${rank}`,
        kind: 'company' as const,
        name: `Founder ${rank}`,
        companyName: `Company ${rank}`,
      },
      score,
      rank,
    });
    const member = { id: 'e1', kind: 'expert' as const, name: 'Ada Lovelace', companyName: null };
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/matching/members/e1/scores': (_b, url) => ({
        body: url.searchParams.get('cursor')
          ? { member, rows: [row(3, 12)], total: 3, nextCursor: null }
          : { member, rows: [row(1, 91), row(2, 40)], total: 3, nextCursor: 'next' },
      }),
    });
    renderApp('/admin/scores?member=e1', { user: admin });
    const table = await screen.findByRole('table', { name: t.memberScoresTitle('Ada Lovelace') });
    // Weak pairs too: a 40, never stored, is shown; counterparts are named by company.
    expect(within(table).getByRole('link', { name: t.openMember('Company 2') })).toBeTruthy();
    expect(within(table).getByText('40')).toBeTruthy();
    expect(screen.getByText(t.shownOf(2, t.memberScoresCount(3)))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t.loadMore }));
    expect(await within(table).findByText('12')).toBeTruthy();
    expect(calls.find((c) => c.query.get('cursor') === 'next')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(t.minScoreFilter), { target: { value: '80' } });
    await waitFor(() => expect(calls.some((c) => c.query.get('minScore') === '80')).toBe(true));
    expect(screen.getByRole('link', { name: t.storedScores })).toBeTruthy();
  });
});
