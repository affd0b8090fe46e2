import type { MatchingListItem, MatchingListResponse } from '@intergen/contracts';
import { accessTexts, connectionRequestTexts } from '@intergen/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildCard, buildCompanyView, buildExpertView, buildSuggestion } from '../../test/fixtures';
import { buildUser, configAnswer, type FakeApi, installFakeApi, renderApp } from '../../test/render';

const expert = buildUser();
const company = buildUser({ id: 'c9', kind: 'company', name: 'Charles Babbage', firstName: 'Charles' });

function item(overrides: Partial<MatchingListItem> = {}): MatchingListItem {
  return { ...buildCard(), score: 62, strong: false, ...overrides };
}

function page(items: MatchingListItem[], more: Partial<MatchingListResponse> = {}): MatchingListResponse {
  return { items, hasMore: false, nextCursor: null, total: items.length, ...more };
}

/** The community's API; `lists` answers GET /api/matching/<list> from the query sent. */
function communityApi(
  lists: Record<string, (query: URLSearchParams) => MatchingListResponse>,
  extra: FakeApi = {},
) {
  const handlers: FakeApi = {
    'GET /api/config': () => configAnswer,
    'GET /api/suggestions': () => ({ body: { suggestions: [] } }),
    'GET /api/connections': () => ({
      body: { received: [], sent: [], unrated: [], rated: [], surveyFormUrl: null },
    }),
    'POST /api/tracking': () => ({ body: {} }),
    ...extra,
  };
  for (const [list, answer] of Object.entries(lists)) {
    handlers[`GET /api/matching/${list}`] = (_body, url) => ({ body: answer(url.searchParams) });
  }
  const api = installFakeApi(handlers);
  const listCalls = () => api.calls.filter((c) => c.path.startsWith('/api/matching/'));
  return { ...api, listCalls };
}

const ventures = [
  item({ id: 'c1', name: 'Ada Lovelace', companyName: 'Analytical Engines', score: 91, strong: true }),
  item({ id: 'c2', name: 'Mary Somerville', companyName: 'Tides Ltd', score: 40, industries: ['energy'] }),
];

describe('the venture community', () => {
  it('sends the filters set on the page and keeps them in the address', async () => {
    const { listCalls } = communityApi({ companies: () => page(ventures) });
    const { router } = renderApp('/venture-community', { user: expert });
    expect(await screen.findByRole('heading', { level: 1, name: 'Venture Community' })).toBeTruthy();
    expect(await screen.findByText('2 ventures')).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: 'Open to board positions' }));
    await waitFor(() => expect(router.state.location.search).toBe('?board=yes'));
    await waitFor(() => expect(listCalls().at(-1)?.query.get('boardPositions')).toBe('yes'));

    fireEvent.click(screen.getByRole('switch', { name: 'Strong matches' }));
    await waitFor(() => expect(listCalls().at(-1)?.query.get('strong')).toBe('yes'));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name or company' }), {
      target: { value: 'Ada' },
    });
    // Not at once: 500 ms after the last key.
    expect(new URLSearchParams(router.state.location.search).get('q')).toBeNull();
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Ada'));
    await waitFor(() => expect(listCalls().at(-1)?.query.get('searchText')).toBe('Ada'));
    const last = listCalls().at(-1)?.query;
    expect(last?.get('searchText')).toBe('Ada');
    expect(last?.get('boardPositions')).toBe('yes');
    expect(last?.get('strong')).toBe('yes');
    expect(last?.get('pageSize')).toBe('9');
    // Filters replace the address: no history entry per change.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('restores the filters from the address on a reload', async () => {
    const { listCalls } = communityApi({ companies: () => page(ventures) });
    renderApp('/venture-community?q=ada&industries=tech,energy,nonsense&expertise=legal&investments=yes', {
      user: expert,
    });
    await screen.findByText('2 ventures');
    const search = screen.getByRole('searchbox', { name: 'Search by name or company' }) as HTMLInputElement;
    expect(search.value).toBe('ada');
    // The placeholder says what the label says: a name or a company.
    expect(search.placeholder).toBe('Type a name or company…');
    expect((screen.getByRole('switch', { name: 'Open to investment' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(
      (screen.getByRole('switch', { name: 'Open to board positions' }) as HTMLInputElement).checked,
    ).toBe(false);
    const sent = listCalls()[0]?.query;
    expect(sent?.get('searchText')).toBe('ada');
    expect(sent?.get('industries')).toBe('tech,energy');
    expect(sent?.get('expertise')).toBe('legal');
    expect(sent?.get('investments')).toBe('yes');
    expect(sent?.has('boardPositions')).toBe(false);
  });

  it('says No results found, and Clear filters brings the whole list back', async () => {
    communityApi({
      companies: (query) => (query.get('searchText') ? page([]) : page(ventures)),
    });
    const { router } = renderApp('/venture-community?q=nobody&board=yes', { user: expert });
    expect(await screen.findByText('No results found')).toBeTruthy();
    expect(screen.getByText('Try a different search or clear filters.')).toBeTruthy();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    fireEvent.click(clear.at(-1) as HTMLElement);
    expect(await screen.findByText('2 ventures')).toBeTruthy();
    expect(router.state.location.search).toBe('');
    // The search box and the filter bar follow the address on their next render: waited for, not assumed.
    await waitFor(() =>
      expect(
        (screen.getByRole('searchbox', { name: 'Search by name or company' }) as HTMLInputElement).value,
      ).toBe(''),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull());
  });

  it('appends the next page on Load more and keeps the first page’s count', async () => {
    const second = [item({ id: 'c3', name: 'Emmy Noether', companyName: 'Rings Inc' })];
    const { listCalls } = communityApi({
      companies: (query) =>
        query.get('cursor') === 'next-1'
          ? page(second, { total: null })
          : page(ventures, { hasMore: true, nextCursor: 'next-1', total: 3 }),
    });
    renderApp('/venture-community', { user: expert });
    expect(await screen.findByText('3 ventures')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const list = screen.getByRole('list', { name: 'Ventures' });
    expect(await within(list).findByRole('heading', { name: 'Emmy Noether' })).toBeTruthy();
    expect(within(list).getAllByRole('article')).toHaveLength(3);
    expect(screen.getByText('3 ventures')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(listCalls().at(-1)?.query.get('cursor')).toBe('next-1');
  });

  it('marks strong matches with the badge and shows each score', async () => {
    communityApi({ companies: () => page(ventures) });
    renderApp('/venture-community', { user: expert });
    const strong = await screen.findByRole('article', { name: 'Ada Lovelace' });
    expect(within(strong).getByText('Strong match')).toBeTruthy();
    expect(within(strong).getByRole('img', { name: 'Match score: 91 out of 100' })).toBeTruthy();
    const other = screen.getByRole('article', { name: 'Mary Somerville' });
    expect(within(other).queryByText('Strong match')).toBeNull();
    expect(within(other).getByRole('img', { name: 'Match score: 40 out of 100' })).toBeTruthy();
  });

  it('shows names of up to 33 characters whole and longer ones as 30 and an ellipsis, badge or not', async () => {
    const whole = 'Bartholomew Alexander Worthington'; // 33 characters
    const cut = 'Bartholomew Alexander Worthingtons'; // 34 characters
    expect([whole.length, cut.length]).toEqual([33, 34]);
    communityApi({
      companies: () =>
        page([
          item({ id: 'n1', name: whole, score: 93, strong: true }),
          item({ id: 'n2', name: cut, score: 88, strong: true }),
          item({ id: 'n3', name: `${whole.slice(0, 32)}Z`, score: 40 }),
          item({ id: 'n4', name: `${cut.slice(0, 33)}Z`, score: 30 }),
        ]),
    });
    renderApp('/venture-community', { user: expert });
    const shown = async (name: string) => {
      const card = await screen.findByRole('article', { name });
      const heading = within(card).getByRole('heading', { level: 2, name });
      return {
        strong: within(card).queryByText('Strong match') !== null,
        text: heading.querySelector('[aria-hidden="true"]')?.textContent ?? heading.textContent,
        title: heading.getAttribute('title'),
      };
    };
    expect(await shown(whole)).toEqual({ strong: true, text: whole, title: null });
    expect(await shown(cut)).toEqual({ strong: true, text: `${cut.slice(0, 30)}...`, title: cut });
    expect(await shown(`${whole.slice(0, 32)}Z`)).toEqual({
      strong: false,
      text: `${whole.slice(0, 32)}Z`,
      title: null,
    });
    expect(await shown(`${cut.slice(0, 33)}Z`)).toEqual({
      strong: false,
      text: `${cut.slice(0, 30)}...`,
      title: `${cut.slice(0, 33)}Z`,
    });
  });

  it('says in a venture’s profile that a connection can be requested once suggested, with no Connect', async () => {
    communityApi(
      { companies: () => page(ventures) },
      {
        'GET /api/profiles/c2': () => ({
          body: { profile: buildCompanyView({ id: 'c2', name: 'Mary Somerville' }) },
        }),
      },
    );
    renderApp('/venture-community', { user: expert });
    const card = await screen.findByRole('article', { name: 'Mary Somerville' });
    fireEvent.click(within(card).getByRole('link', { name: 'View Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mary Somerville' });
    expect(await within(dialog).findByText(connectionRequestTexts.connectNeedsSuggestion)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Connect' })).toBeNull();
  });

  it('tells a company it is for business advisors and never asks for the list', async () => {
    const { listCalls } = communityApi({ companies: () => page(ventures) });
    renderApp('/venture-community', { user: company });
    expect(await screen.findByText('The Venture Community is for business advisors')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore the Expert Community' }).getAttribute('href')).toBe(
      '/expert-community',
    );
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(listCalls()).toHaveLength(0);
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('shows a pending member the server’s reason once, with a way to the dashboard', async () => {
    const { listCalls } = communityApi(
      {},
      {
        'GET /api/matching/companies': () => ({
          status: 403,
          body: { error: { code: 'MEMBERS_LOCKED', message: accessTexts.communityWhilePending } },
        }),
      },
    );
    renderApp('/venture-community', { user: expert });
    expect(await screen.findByText(accessTexts.communityWhilePending)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(listCalls()).toHaveLength(1);
  });
});

describe('the expert community', () => {
  it('lists advisors for an expert without scores or the strong filter, and tracks the visit once', async () => {
    const advisors = [
      item({ id: 'p2', kind: 'expert', name: 'Grace Hopper', companyName: null, score: null }),
    ];
    const { calls, listCalls } = communityApi(
      { experts: () => page(advisors) },
      { 'GET /api/profiles/p2': () => ({ body: { profile: buildExpertView() } }) },
    );
    const { router } = renderApp('/expert-community?industries=tech', { user: expert });
    const list = await screen.findByRole('list', { name: 'Business advisors' });
    expect(screen.getByText('1 advisor')).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Strong matches' })).toBeNull();
    expect(within(list).queryByRole('img', { name: /Match score/ })).toBeNull();
    expect(listCalls()[0]?.path).toBe('/api/matching/experts');

    // The profile opens over the list, which stays; closing it returns to the filtered list.
    fireEvent.click(within(list).getByRole('link', { name: 'View Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grace Hopper' });
    expect(router.state.location.pathname).toBe('/expert-community/p2');
    expect(router.state.location.search).toBe('?industries=tech');
    expect(screen.getByRole('list', { name: 'Business advisors' })).toBe(list);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/expert-community'));
    expect(router.state.location.search).toBe('?industries=tech');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(list).getByRole('link', { name: 'View Profile' })),
    );

    const tracked = calls.filter((c) => c.path === '/api/tracking').map((c) => c.body);
    expect(tracked).toContainEqual({ type: 'VIEW_PROFILE_FROM_CARD', targetId: 'p2' });
    expect(tracked.filter((b) => (b as { type: string }).type === 'EXPLORE_EXPERT_COMMUNITY')).toHaveLength(
      1,
    );
  });

  it('gives a company its advisors with scores and the connection actions in the profile', async () => {
    const advisors = [item({ id: 'p2', kind: 'expert', name: 'Grace Hopper', score: 84, strong: true })];
    const suggestion = buildSuggestion({
      id: 's7',
      expertId: 'p2',
      companyId: 'c9',
      counterpart: buildCard({ id: 'p2', kind: 'expert', name: 'Grace Hopper', companyName: null }),
    });
    const { listCalls } = communityApi(
      { 'experts-for-company': () => page(advisors) },
      {
        'GET /api/profiles/p2': () => ({ body: { profile: buildExpertView() } }),
        'GET /api/suggestions': () => ({ body: { suggestions: [suggestion] } }),
      },
    );
    renderApp('/expert-community', { user: company });
    const card = await screen.findByRole('article', { name: 'Grace Hopper' });
    expect(within(card).getByText('Strong match')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Strong matches' })).toBeTruthy();
    expect(listCalls()[0]?.path).toBe('/api/matching/experts-for-company');
    fireEvent.click(within(card).getByRole('link', { name: 'View Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grace Hopper' });
    expect(await within(dialog).findByRole('button', { name: 'Connect' })).toBeTruthy();
    expect(within(dialog).queryByText(connectionRequestTexts.connectNeedsSuggestion)).toBeNull();
  });

  it('focuses the search with / and leaves it with Escape', async () => {
    communityApi({ experts: () => page([]) });
    renderApp('/expert-community', { user: expert });
    const search = await screen.findByRole('searchbox', { name: 'Search by name' });
    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(search);
    fireEvent.keyDown(search, { key: 'Escape' });
    expect(document.activeElement).not.toBe(search);
  });
});
