import type { AdminMemberActivity, OwnProfile } from '@intergen/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildOwnExpert } from '../../../test/fixtures';
import { buildUser, configAnswer, installFakeApi, renderApp } from '../../../test/render';

const admin = buildUser({ id: 'a1', kind: null, isAdmin: true, profile: null, firstName: 'Admin' });
const own = (overrides: Partial<OwnProfile> = {}) => buildOwnExpert({ id: 'e1', ...overrides });

const day = (d: number) => Date.UTC(2025, 2, d);
const empty: AdminMemberActivity = {
  dates: {
    signedUp: day(1),
    emailVerified: false,
    published: null,
    lastSignIn: null,
    paused: null,
    deactivated: null,
    disabled: null,
  },
  suggestions: [],
  requests: [],
  deals: [],
};
const full: AdminMemberActivity = {
  dates: { ...empty.dates, emailVerified: true, published: day(3), lastSignIn: day(9), paused: day(5) },
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

function render(activity: AdminMemberActivity) {
  installFakeApi({
    'GET /api/config': () => configAnswer,
    'GET /api/admin/profiles/e1': () => ({ body: { profile: own() } }),
    'GET /api/admin/members/e1/activity': () => ({ body: { activity } }),
  });
  renderApp('/admin/members/e1', { user: admin });
}

const section = async (name: string) => screen.findByRole('region', { name });

describe('a member’s activity on their admin page', () => {
  it('shows their dates, suggestions, requests with direction and state, and CRM deals, linking to members and lists', async () => {
    render(full);
    const dates = await section('Dates');
    expect(within(dates).getByText('Last sign-in').nextElementSibling?.textContent).toBe('Mar 9, 2025');
    expect(within(dates).getByText('Paused').nextElementSibling?.textContent).toBe('Mar 5, 2025');
    expect(within(dates).queryByText('Disabled')).toBeNull();

    const suggestions = await section('Suggestions');
    const [suggestion] = within(suggestions).getAllByRole('listitem');
    expect(suggestion!.textContent).toBe('Acme Robotics · Suggested Mar 4, 2025 · Request sent');
    expect(within(suggestion!).getByRole('link', { name: 'Acme Robotics' }).getAttribute('href')).toBe(
      '/admin/members/c1',
    );
    expect(within(suggestions).getByRole('link', { name: 'All suggestions' }).getAttribute('href')).toBe(
      '/admin/suggestions',
    );

    const requests = within(await section('Requests')).getAllByRole('listitem');
    expect(requests.map((r) => r.textContent)).toEqual([
      'Received from Acme Robotics · Mar 6, 2025 · Connected',
      'Sent to A former member · Mar 7, 2025 · Awaiting an answer',
    ]);

    const deals = await section('CRM deals');
    expect(within(deals).getByRole('listitem').textContent).toBe(
      'Connection · Acme Robotics · Abandoned · Lost: Advisor declined a request from a venture',
    );
    expect(within(deals).getByRole('link', { name: 'CRM' }).getAttribute('href')).toBe('/admin/crm');
  });

  it('says so when the member has no suggestion, request or deal yet', async () => {
    render(empty);
    const dates = await section('Dates');
    expect(within(dates).getByText('E-mail verified').nextElementSibling?.textContent).toBe('Not yet');
    expect(within(dates).getByText('Last sign-in').nextElementSibling?.textContent).toBe('—');
    for (const [name, text] of [
      ['Suggestions', 'No suggestions yet.'],
      ['Requests', 'No requests sent or received.'],
      ['CRM deals', 'No CRM deals.'],
    ]) {
      const region = await section(name!);
      expect(within(region).getByText(text!)).toBeTruthy();
      expect(within(region).queryByRole('list')).toBeNull();
    }
  });
});
