import type { AdminMemberActivity, OwnProfile } from '@intergen/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildOwnCompany, buildOwnExpert } from '../../../test/fixtures';
import { buildUser, configAnswer, installFakeApi, renderApp } from '../../../test/render';

const admin = buildUser({ id: 'a1', kind: null, isAdmin: true, profile: null, firstName: 'Admin' });
const own = (overrides: Partial<OwnProfile> = {}) => buildOwnExpert({ id: 'e1', ...overrides });

const day = (d: number) => Date.UTC(2025, 2, d);
const empty: AdminMemberActivity = {
  dates: {
    signedUp: day(1),
    emailVerified: false,
    emailVerifiedAt: null,
    published: null,
    lastSignIn: null,
    paused: null,
    deactivated: null,
    disabled: null,
  },
  suggestions: [],
  requests: [],
  networkRequests: [],
  deals: [],
};
const full: AdminMemberActivity = {
  dates: {
    ...empty.dates,
    emailVerified: true,
    emailVerifiedAt: day(2),
    published: day(3),
    lastSignIn: day(9),
    paused: day(5),
  },
  suggestions: [
    {
      id: 's1',
      counterpart: { id: 'c1', name: 'Acme Robotics' },
      createdAt: day(4),
      requestSent: true,
      notInterested: false,
    },
  ],
  requests: [
    {
      id: 's1',
      direction: 'received',
      state: 'connected',
      counterpart: { id: 'c1', name: 'Acme Robotics' },
      sentAt: day(6),
    },
    { id: 's2', direction: 'sent', state: 'open', counterpart: { id: 'c2', name: null }, sentAt: day(7) },
  ],
  networkRequests: [
    {
      id: 'n2',
      direction: 'received',
      state: 'declined',
      counterpart: { id: 'e3', name: 'Alan Turing' },
      via: null,
      sentAt: day(8),
    },
    {
      id: 'n1',
      direction: 'sent',
      state: 'open',
      counterpart: { id: 'e2', name: 'Ada Lovelace' },
      via: { id: 'c1', name: 'Acme Robotics' },
      sentAt: day(7),
    },
  ],
  deals: [
    {
      id: 'd1',
      pipeline: 'connection',
      stage: 'Abandoned',
      lostReason: 'expert_declined_request_from_venture',
      counterpart: { id: 'c1', name: 'Acme Robotics' },
      updatedAt: day(8),
    },
  ],
};

function render(activity: AdminMemberActivity, profile: OwnProfile = own()) {
  const fake = installFakeApi({
    'GET /api/config': () => configAnswer,
    'GET /api/admin/profiles/e1': () => ({ body: { profile } }),
    'GET /api/admin/members/e1/activity': () => ({ body: { activity } }),
    'GET /api/admin/requests': () => ({ body: { rows: [], total: 0, nextCursor: null } }),
  });
  return { ...fake, ...renderApp('/admin/members/e1', { user: admin }) };
}

/** The member's e-mail (`own()`'s), as the lists' address holds it. */
const searched = 'q=grace%40example.com';

const section = async (name: string) => screen.findByRole('region', { name });

describe('a member’s activity on their admin page', () => {
  it('shows their dates, suggestions, requests with direction and state, and CRM deals, linking to members and lists', async () => {
    render(full);
    const dates = await section('Dates');
    expect(within(dates).getByText('E-mail verified').nextElementSibling?.textContent).toBe('Mar 2, 2025');
    expect(within(dates).getByText('Last sign-in').nextElementSibling?.textContent).toBe('Mar 9, 2025');
    expect(within(dates).getByText('Paused').nextElementSibling?.textContent).toBe('Mar 5, 2025');
    expect(within(dates).queryByText('Disabled')).toBeNull();

    const suggestions = await section('Suggestions');
    const [suggestion] = within(suggestions).getAllByRole('listitem');
    expect(suggestion!.textContent).toBe('Acme Robotics · Suggested Mar 4, 2025 · Request sent');
    expect(within(suggestion!).getByRole('link', { name: 'Acme Robotics' }).getAttribute('href')).toBe(
      '/admin/members/c1',
    );
    // Each list's link opens the admin's list searched for this member's e-mail.
    expect(within(suggestions).getByRole('link', { name: 'All suggestions' }).getAttribute('href')).toBe(
      `/admin/suggestions?${searched}`,
    );

    const requestsRegion = await section('Requests');
    const requests = within(requestsRegion).getAllByRole('listitem');
    expect(requests.map((r) => r.textContent)).toEqual([
      'Received from Acme Robotics · Mar 6, 2025 · Connected',
      'Sent to A former member · Mar 7, 2025 · Awaiting an answer',
    ]);
    expect(within(requestsRegion).getByRole('link', { name: 'All requests' }).getAttribute('href')).toBe(
      `/admin/requests?kind=connection&${searched}`,
    );

    const network = await section('My Network requests');
    const networkItems = within(network).getAllByRole('listitem');
    expect(networkItems.map((r) => r.textContent)).toEqual([
      'Received from Alan Turing · Mar 8, 2025 · Declined',
      'Sent to Ada Lovelace through Acme Robotics · Mar 7, 2025 · Awaiting an answer',
    ]);
    expect(within(networkItems[1]!).getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(
      '/admin/members/e2',
    );
    expect(within(networkItems[1]!).getByRole('link', { name: 'Acme Robotics' }).getAttribute('href')).toBe(
      '/admin/members/c1',
    );
    expect(within(network).getByRole('link', { name: 'All My Network requests' }).getAttribute('href')).toBe(
      `/admin/requests?kind=network&${searched}`,
    );

    const deals = await section('CRM deals');
    expect(within(deals).getByRole('listitem').textContent).toBe(
      'Connection · Acme Robotics · Abandoned · Lost: Advisor declined a request from a venture',
    );
    expect(within(deals).getByRole('link', { name: 'CRM' }).getAttribute('href')).toBe(
      `/admin/crm?${searched}`,
    );
  });

  it('says "Yes" for an address verified on a day not known, and opens the CRM on the pipeline of the latest deal', async () => {
    render({
      ...empty,
      dates: { ...empty.dates, emailVerified: true, emailVerifiedAt: null },
      deals: [{ ...full.deals[0]!, pipeline: 'network', lostReason: null }],
    });
    const dates = await section('Dates');
    expect(within(dates).getByText('E-mail verified').nextElementSibling?.textContent).toBe('Yes');
    const deals = await section('CRM deals');
    expect(within(deals).getByRole('link', { name: 'CRM' }).getAttribute('href')).toBe(
      `/admin/crm?pipeline=network&${searched}`,
    );
  });

  it('a list’s link opens that list searched for the member', async () => {
    const { calls, router } = render(full);
    fireEvent.click(
      within(await section('My Network requests')).getByRole('link', { name: 'All My Network requests' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Requests' });
    expect((screen.getByLabelText('Search by name or e-mail') as HTMLInputElement).value).toBe(
      'grace@example.com',
    );
    expect((screen.getByLabelText('Kind') as HTMLSelectElement).value).toBe('network');
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.path === '/api/admin/requests' &&
            c.query.get('search') === 'grace@example.com' &&
            c.query.get('kind') === 'network',
        ),
      ).toBe(true),
    );
    expect(router.state.location.pathname).toBe('/admin/requests');
  });

  it('shows no My Network section for a company, which has none', async () => {
    render({ ...full, networkRequests: null }, buildOwnCompany({ id: 'e1' }));
    await section('Requests');
    expect(screen.queryByRole('region', { name: 'My Network requests' })).toBeNull();
    const suggestions = await section('Suggestions');
    expect(within(suggestions).getByRole('link', { name: 'All suggestions' }).getAttribute('href')).toMatch(
      /^\/admin\/suggestions\?q=/,
    );
  });

  it('says so when the member has no suggestion, request or deal yet', async () => {
    render(empty);
    const dates = await section('Dates');
    expect(within(dates).getByText('E-mail verified').nextElementSibling?.textContent).toBe('Not yet');
    expect(within(dates).getByText('Last sign-in').nextElementSibling?.textContent).toBe('—');
    for (const [name, text] of [
      ['Suggestions', 'No suggestions yet.'],
      ['Requests', 'No requests sent or received.'],
      ['My Network requests', 'No My Network requests sent or received.'],
      ['CRM deals', 'No CRM deals.'],
    ]) {
      const region = await section(name!);
      expect(within(region).getByText(text!)).toBeTruthy();
      expect(within(region).queryByRole('list')).toBeNull();
    }
  });
});
