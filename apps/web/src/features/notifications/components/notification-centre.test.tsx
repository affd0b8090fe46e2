import type { Notification, NotificationsResponse } from '@intergen/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, installFakeApi, renderWithProviders } from '../../../test/render';
import { NotificationCentre } from './notification-centre';
import { relativeTime } from './relative-time';

const minute = 60_000;

function notification(overrides: Partial<Notification> & Pick<Notification, 'id' | 'kind'>): Notification {
  return {
    hasSeen: false,
    hasDismissed: false,
    hasExplored: false,
    createdAt: Date.now() - 5 * minute,
    counterpart: null,
    suggestionId: null,
    requestId: null,
    ...overrides,
  };
}

const company = { id: 'c1', kind: 'company' as const, name: 'Ada Lovelace', companyName: 'Acme Robotics' };
const expert = { id: 'e7', kind: 'expert' as const, name: 'Grace Hopper', companyName: null };

function sample(): Notification[] {
  return [
    notification({ id: 'n1', kind: 'suggestion', counterpart: company, suggestionId: 's1' }),
    notification({
      id: 'n2',
      kind: 'request_received',
      counterpart: expert,
      requestId: 'r1',
      createdAt: Date.now() - 3 * 60 * minute,
    }),
    notification({
      id: 'n3',
      kind: 'request_accepted',
      counterpart: expert,
      hasSeen: true,
      createdAt: Date.now() - 2 * 24 * 60 * minute,
    }),
    notification({
      id: 'n4',
      kind: 'profile_approved',
      hasSeen: true,
      createdAt: Date.now() - 8 * 24 * 60 * minute,
    }),
  ];
}

/** A fake notifications API over an in-memory list, answering as the server does. */
function fakeNotificationsApi(initial: Notification[]) {
  let list = [...initial];
  const answer = (): { body: NotificationsResponse } => ({
    body: {
      notifications: list.filter((n) => !n.hasDismissed),
      unseen: list.filter((n) => !n.hasSeen && !n.hasDismissed).length,
    },
  });
  const idOf = (url: URL) => url.pathname.split('/')[3] ?? '';
  const api = installFakeApi({
    'GET /api/notifications': answer,
    'POST /api/notifications/seen': (body) => {
      const ids = (body as { ids?: string[] }).ids;
      list = list.map((n) => (!ids || ids.includes(n.id) ? { ...n, hasSeen: true } : n));
      return answer();
    },
    ...Object.fromEntries(
      initial.flatMap((n) => [
        [
          `POST /api/notifications/${n.id}/dismiss`,
          (_body: unknown, url: URL) => {
            list = list.map((x) => (x.id === idOf(url) ? { ...x, hasDismissed: true, hasSeen: true } : x));
            return answer();
          },
        ],
        [
          `POST /api/notifications/${n.id}/explore`,
          (_body: unknown, url: URL) => {
            list = list.map((x) => (x.id === idOf(url) ? { ...x, hasExplored: true, hasSeen: true } : x));
            return answer();
          },
        ],
      ]),
    ),
  });
  return api;
}

async function renderCentre() {
  const view = renderWithProviders(<NotificationCentre />, { path: '/dashboard', user: buildUser() });
  return view;
}

describe('the notification centre', () => {
  it('shows the unseen count on the bell and in its name', async () => {
    fakeNotificationsApi(sample());
    await renderCentre();
    const bell = await screen.findByRole('button', { name: 'Notifications (2 unseen)' });
    expect(bell).toBeTruthy();
    expect(document.body.textContent).toContain('2');
  });

  it('is a plain bell when nothing is unseen', async () => {
    fakeNotificationsApi(sample().map((n) => ({ ...n, hasSeen: true })));
    await renderCentre();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy());
  });

  it('lists each kind in its words with its age, marks the new ones, and marks everything seen on opening', async () => {
    const api = fakeNotificationsApi(sample());
    await renderCentre();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications (2 unseen)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = within(dialog).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      `New: New match suggestion: Ada LovelaceAcme Robotics${relativeTime(Date.now() - 5 * minute)}`,
      `New: Grace Hopper sent you a connection request${relativeTime(Date.now() - 3 * 60 * minute)}`,
      `Grace Hopper accepted your connection request${relativeTime(Date.now() - 2 * 24 * 60 * minute)}`,
      `Your profile has been approved${relativeTime(Date.now() - 8 * 24 * 60 * minute)}`,
    ]);
    expect(within(dialog).getByText('5 minutes ago')).toBeTruthy();
    expect(within(dialog).getByText('3 hours ago')).toBeTruthy();

    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/notifications/seen')).toBe(true),
    );
    const seen = api.calls.find((c) => c.path === '/api/notifications/seen');
    expect(seen?.body).toEqual({});
    // The bell has nothing unseen left, while the ones that were new stay marked as long as it is open.
    await screen.findByRole('button', { name: 'Notifications' });
    expect(within(dialog).getAllByText('New:', { exact: false })).toHaveLength(2);
  });

  it('leads to the other member’s profile over the dashboard, and records that it was explored', async () => {
    const api = fakeNotificationsApi(sample());
    const { router } = await renderCentre();
    fireEvent.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const link = within(dialog).getByRole('link', { name: /Grace Hopper sent you a connection request/ });
    expect(link.getAttribute('href')).toBe('/dashboard/e7');
    expect(
      within(dialog)
        .getByRole('link', { name: /Your profile has been approved/ })
        .getAttribute('href'),
    ).toBe('/dashboard');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/e7'));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/notifications/n2/explore')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
  });

  it('leads a network request to My Network’s Requests and an accepted one to the profile over My Network', async () => {
    fakeNotificationsApi([
      notification({ id: 'n5', kind: 'network_request', counterpart: expert }),
      notification({ id: 'n6', kind: 'network_accepted', counterpart: expert }),
    ]);
    await renderCentre();
    fireEvent.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const asked = within(dialog).getByRole('link', {
      name: /Grace Hopper wants to add you to their network/,
    });
    expect(asked.getAttribute('href')).toBe('/my-network?section=Requests');
    const accepted = within(dialog).getByRole('link', { name: /Grace Hopper accepted your network request/ });
    expect(accepted.getAttribute('href')).toBe('/my-network/e7');
  });

  it('dismisses one notification with its × button', async () => {
    const api = fakeNotificationsApi(sample());
    await renderCentre();
    fireEvent.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Dismiss: Grace Hopper accepted your connection request' }),
    );
    await waitFor(() =>
      expect(within(dialog).queryByRole('link', { name: /accepted your connection request/ })).toBeNull(),
    );
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
    expect(api.calls.some((c) => c.path === '/api/notifications/n3/dismiss')).toBe(true);
  });

  it('says so when there are none', async () => {
    fakeNotificationsApi([]);
    await renderCentre();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(dialog).getByText('No notifications yet')).toBeTruthy();
  });

  it('closes with Escape, giving the focus back to the bell', async () => {
    fakeNotificationsApi(sample());
    await renderCentre();
    const bell = await screen.findByRole('button', { name: /^Notifications/ });
    bell.focus();
    fireEvent.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Notifications/ })),
    );
  });
});

describe('relative times', () => {
  it('reads as a person would say it', () => {
    const now = Date.UTC(2025, 0, 10, 12);
    expect(relativeTime(now - 20_000, now)).toBe('just now');
    expect(relativeTime(now - 5 * minute, now)).toBe('5 minutes ago');
    expect(relativeTime(now - 24 * 60 * minute, now)).toBe('yesterday');
    expect(relativeTime(now - 14 * 24 * 60 * minute, now)).toBe('2 weeks ago');
  });
});
