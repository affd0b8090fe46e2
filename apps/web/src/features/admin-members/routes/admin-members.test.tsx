import type { AdminMemberRow, AdminMembersResponse } from '@intergen/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { liveTopicQueryKeys } from '../../../lib/live-events';
import { buildUser, configAnswer, installFakeApi, renderApp } from '../../../test/render';

const admin = buildUser({ id: 'a1', kind: null, isAdmin: true, profile: null, firstName: 'Admin' });

function member(id: string, overrides: Partial<AdminMemberRow> = {}): AdminMemberRow {
  return {
    id,
    role: 'expert',
    name: `Member ${id}`,
    companyName: null,
    email: `${id}@example.com`,
    emailVerified: true,
    status: 'published',
    verified: false,
    private: false,
    createdAt: Date.UTC(2024, 0, 2),
    updatedAt: Date.UTC(2024, 0, 3),
    publishDate: Date.UTC(2024, 0, 4),
    pausedDate: null,
    deactivatedDate: null,
    disabledDate: null,
    rating: { average: 0, count: 0 },
    ...overrides,
  };
}

const answer = (body: AdminMembersResponse) => ({ body });
/** The query strings of the console's calls, without the parameters every call carries. */
const listCalls = (calls: { path: string; query: URLSearchParams }[]) =>
  calls.filter((c) => c.path === '/api/admin/members').map((c) => c.query.toString());

describe('the admin members console', () => {
  it('marks every status in a look of its own: Inactive and Incomplete never read alike', async () => {
    const statuses = [
      'published',
      'pending',
      'paused',
      'inactive',
      'disabled',
      'complete',
      'incomplete',
    ] as const;
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/members': () =>
        answer({
          members: statuses.map((status, i) => member(`m${i}`, { status })),
          nextCursor: null,
          total: statuses.length,
        }),
    });
    renderApp('/admin/members', { user: admin });
    const table = await screen.findByRole('table', { name: 'Members' });
    const badge = (label: string) => within(table).getByText(label).closest('.mantine-Badge-root')!;
    await within(table).findByText('Inactive');
    const inactive = badge('Inactive');
    const incomplete = badge('Incomplete');
    expect(inactive.getAttribute('data-variant')).not.toBe(incomplete.getAttribute('data-variant'));
    // Each chip carries an icon, and no two statuses share one.
    const icons = statuses.map((s) => table.querySelector(`[data-status="${s}"] svg`)?.getAttribute('class'));
    expect(icons.every(Boolean)).toBe(true);
    expect(new Set(icons).size).toBe(statuses.length);
  });

  it('shows every member with role, status, flags, dates and ratings, each linking to the member', async () => {
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/members': () =>
        answer({
          members: [
            member('e1', {
              name: 'Grace Hopper',
              status: 'pending',
              verified: true,
              emailVerified: false,
              rating: { average: 4.5, count: 2 },
            }),
            member('c1', {
              role: 'company',
              name: 'Ada Lovelace',
              companyName: 'Analytical Engines',
              status: 'inactive',
              publishDate: null,
              deactivatedDate: Date.UTC(2024, 1, 1),
            }),
          ],
          nextCursor: null,
          total: 2,
        }),
    });
    renderApp('/admin/members', { user: admin });
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(screen.getByRole('status').textContent).toBe('2 of 2 members');
    const grace = within(table).getByRole('row', { name: /Grace Hopper/ });
    expect(within(grace).getByRole('link', { name: 'Grace Hopper' }).getAttribute('href')).toBe(
      '/admin/members/e1',
    );
    for (const text of [
      'Under review',
      'Business Advisor',
      'e-mail not verified',
      '4.5 (2)',
      'Jan 4, 2024',
    ]) {
      expect(within(grace).getByText(text)).toBeTruthy();
    }
    const ada = within(table).getByRole('row', { name: /Ada Lovelace/ });
    for (const text of [
      'Analytical Engines',
      'Inactive',
      'Scaling Company',
      'No ratings',
      'Deactivated Feb 1, 2024',
    ]) {
      expect(within(ada).getByText(text)).toBeTruthy();
    }
    // The table is sorted by joining date, newest first, until a heading is chosen.
    expect(screen.getByRole('columnheader', { name: /Joined/ }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBeNull();
  });

  it('sends the filters the address holds, and keeps changed filters and sorts in the address', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/members': () => answer({ members: [member('e1')], nextCursor: null, total: 1 }),
    });
    const { router } = renderApp('/admin/members?role=expert&status=pending&verified=true&private=bogus', {
      user: admin,
    });
    await screen.findByRole('table', { name: 'Members' });
    // A value the contract refuses is left out.
    expect(listCalls(calls)[0]).toBe('sort=createdAt&order=desc&role=expert&status=pending&verified=true');
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('pending');

    fireEvent.change(screen.getByRole('combobox', { name: 'Private' }), { target: { value: 'false' } });
    await waitFor(() => expect(listCalls(calls).at(-1)).toContain('private=false'));
    expect(router.state.location.search).toContain('private=false');

    // Sorting: a heading's button sorts by it (names A→Z first), a second click turns the order round.
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toContain('sort=name&order=asc'));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending'),
    );
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toContain('sort=name&order=desc'));
    expect(router.state.location.search).toContain('order=desc');
    fireEvent.click(screen.getByRole('button', { name: /Rating/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toContain('sort=rating&order=desc'));
  });

  it('searches once typing pauses; / puts the cursor in the search box', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/members': (_body, url) =>
        answer({
          members: url.searchParams.get('search') === 'grace' ? [member('e1', { name: 'Grace Hopper' })] : [],
          nextCursor: null,
          total: 1,
        }),
    });
    const { router } = renderApp('/admin/members', { user: admin });
    const search = await screen.findByRole('searchbox', { name: 'Search' });
    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(search);
    fireEvent.change(search, { target: { value: '  grace ' } });
    expect(await screen.findByRole('link', { name: 'Grace Hopper' })).toBeTruthy();
    expect(listCalls(calls).filter((q) => q.includes('search='))).toEqual([
      'sort=createdAt&order=desc&search=grace',
    ]);
    expect(router.state.location.search).toBe('?search=grace');
  });

  it('loads more with the cursor, keeping the rows read and the count', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/members': (_body, url) =>
        url.searchParams.get('cursor') === 'page-2'
          ? answer({ members: [member('m13')], nextCursor: null, total: null })
          : answer({
              members: Array.from({ length: 12 }, (_, i) => member(`m${i + 1}`)),
              nextCursor: 'page-2',
              total: 13,
            }),
    });
    renderApp('/admin/members', { user: admin });
    await screen.findByRole('table', { name: 'Members' });
    expect(screen.getByRole('status').textContent).toBe('12 of 13 members');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const added = await screen.findByRole('link', { name: 'Member m13' });
    expect(screen.getByRole('status').textContent).toBe('13 of 13 members');
    expect(screen.getAllByRole('row')).toHaveLength(14);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // The focus goes to the first member loaded, since the button is gone.
    await waitFor(() => expect(document.activeElement).toBe(added));
    expect(listCalls(calls).at(-1)).toBe('sort=createdAt&order=desc&cursor=page-2');
  });

  it('says when no member matches, and clears the filters', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/members': (_body, url) =>
        url.searchParams.has('status')
          ? answer({ members: [], nextCursor: null, total: 0 })
          : answer({ members: [member('e1')], nextCursor: null, total: 1 }),
    });
    const { router } = renderApp('/admin/members?status=paused&search=nobody', { user: admin });
    expect(await screen.findByText('No member matches these filters.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('0 of 0 members');
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(await screen.findByRole('link', { name: 'Member e1' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
    expect(listCalls(calls).at(-1)).toBe('sort=createdAt&order=desc');

    // Awaiting approval: business advisors under review.
    fireEvent.click(screen.getByRole('button', { name: 'Awaiting approval' }));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toBe('sort=createdAt&order=desc&role=expert&status=pending'),
    );
  });

  it('on a platform nobody has joined yet, says so instead of blaming filters, and offers none to clear', async () => {
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/members': () => answer({ members: [], nextCursor: null, total: 0 }),
    });
    renderApp('/admin/members', { user: admin });
    expect(
      await screen.findByText('No one has signed up yet. Members appear here from the moment they sign up.'),
    ).toBeTruthy();
    expect(screen.queryByText('No member matches these filters.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('reads the list again when the live stream says members changed', async () => {
    let names = ['Grace Hopper'];
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/members': () =>
        answer({
          members: names.map((name, i) => member(`m${i}`, { name })),
          nextCursor: null,
          total: names.length,
        }),
    });
    const { queryClient } = renderApp('/admin/members', { user: admin });
    const table = await screen.findByRole('table', { name: 'Members' });
    await within(table).findByText('Grace Hopper');
    names = ['Grace Hopper', 'Ada Lovelace'];
    for (const queryKey of liveTopicQueryKeys.adminMembers) await queryClient.invalidateQueries({ queryKey });
    expect(await within(table).findByText('Ada Lovelace')).toBeTruthy();
  });

  it('is the admin section formerly called Profiles, and not for members', async () => {
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/members': () => answer({ members: [], nextCursor: null, total: 0 }),
    });
    const { router } = renderApp('/admin/profiles', { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/members');
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Members' }).getAttribute('href')).toBe('/admin/members');
  });

  it('is not for members', async () => {
    installFakeApi({ 'GET /api/config': () => configAnswer });
    const { router } = renderApp('/admin/members', { user: buildUser() });
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
